import { z } from "zod";
import { LICENCES } from "#config/constants.ts";

/**
 * The project label form of a licence (the download panel, the download history, the Licences tab): the
 * licence's code as shown and the label. The licences service trims it and enforces the length
 * (LICENCES.projectMax); this only bounds what is read and refuses the shapes a form never sends.
 */
export const licenceProjectInput = z.object({
  code: z
    .string()
    .min(1)
    .max(LICENCES.codeLength * 3),
  project: z
    .string()
    .max(LICENCES.projectMax * 4, { error: "licences.errors.projectTooLong" })
    .default(""),
});

export type LicenceProjectInput = z.infer<typeof licenceProjectInput>;

/** How a plain form's save comes back to its page (`?licence=`): done, or why not. */
export const LICENCE_NOTICES = ["saved", "cleared", "projectTooLong", "unknown", "badRequest"] as const;
export type LicenceNotice = (typeof LICENCE_NOTICES)[number];

/** The notice a page was sent back with, if it is one. */
export function licenceNoticeParam(params: URLSearchParams): LicenceNotice | null {
  const raw = params.get("licence");
  return LICENCE_NOTICES.find((n) => n === raw) ?? null;
}

/** The message key of a notice (the service's refusals keep their own keys). */
export function licenceNoticeKey(notice: LicenceNotice): string {
  if (notice === "saved" || notice === "cleared") return `account.licences.${notice}`;
  if (notice === "badRequest") return "account.licences.errors.badRequest";
  return `licences.errors.${notice}`;
}
