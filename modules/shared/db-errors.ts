/** What a failed query says about why it failed, on either driver (PGlite or node-postgres), wrapped or not. */

/** The unique index a failed insert or update ran into, if that is why it failed ("" when unnamed). */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === "23505") return e.constraint ?? "";
  }
  return null;
}
