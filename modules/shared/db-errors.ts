/** What a failed query says about why it failed, on either driver (PGlite or node-postgres), wrapped or not. */

/** The unique index a failed insert or update ran into, if that is why it failed ("" when unnamed). */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 10; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    e = cause;
  }
  return null;
}
