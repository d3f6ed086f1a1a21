import { z } from "zod";
import { LOCALES } from "#config/constants.ts";

/** A row id from JSON (a number) or a form or query (digits): 1 to 2^31 - 1, nothing else (no arrays, no 1.5). */
export const idInput = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*\d{1,10}\s*$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(2_147_483_647));

/** The language a plain form names (its hidden field); anything else is no language, and the request's applies. */
export const formLocale = z.enum(LOCALES).optional().catch(undefined);

/** A refused form's messages by field (the first segment of each issue's path), in the order they came. */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
