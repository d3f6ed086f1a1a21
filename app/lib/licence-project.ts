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
