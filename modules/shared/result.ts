/**
 * An expected outcome of a service: its value, or a refusal whose `code` is the translation key of its
 * message (with the form field it concerns, and for a rate limit the seconds to wait). Services answer
 * these; only the unexpected throws.
 */
export type Result<V, C extends string = string> =
  | { ok: true; value: V }
  | { ok: false; code: C; field?: string /** With a rate-limit refusal: seconds to wait. */; seconds?: number };
