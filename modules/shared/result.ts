/**
 * An expected outcome of a service: its value, or a refusal whose `code` is the translation key of its
 * message (with the form field it concerns, and for a rate limit the seconds to wait). Services answer
 * these; only the unexpected throws. A module whose refusals carry data of its own types (a download's
 * allowance, a payment's confirmation step) names it as `X`, optional fields of its refusals.
 */
export type Result<V, C extends string = string, X extends object = Record<never, never>> =
  | { ok: true; value: V }
  | ({
      ok: false;
      code: C;
      /** The form field the refusal concerns. */
      field?: string;
      /** Every field's refusals (translation keys), when a form was refused as a whole. */
      fieldErrors?: Record<string, string[]>;
      /** With a rate-limit refusal: seconds to wait. */
      seconds?: number;
      /** What exactly was refused, for the log or the operator (a file's name, a converter's output); never translated. */
      detail?: string;
      /** The HTTP status an edge answers the refusal with, when the service knows it better than the code says. */
      status?: number;
    } & X);
