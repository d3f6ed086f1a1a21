/** The settings page's notices for the picture, by what happened (`?avatar=`). */
export const AVATAR_OUTCOMES = {
  updated: "account.settings.avatarUpdated",
  removed: "account.settings.avatarRemoved",
  invalidFileType: "account.settings.errors.invalidFileType",
  fileTooLarge: "account.settings.errors.fileTooLarge",
  uploadFailed: "account.settings.errors.uploadFailed",
  noFile: "account.settings.errors.noFile",
  removeFailed: "account.settings.errors.removeFailed",
  avatarFailed: "account.settings.errors.avatarFailed",
  rateLimited: "auth.errors.rateLimited",
} as const;
export type AvatarOutcome = keyof typeof AVATAR_OUTCOMES;

/** The outcome a `?avatar=` names, or null. */
export function avatarOutcome(value: string | null): { key: string; ok: boolean } | null {
  if (!value || !Object.hasOwn(AVATAR_OUTCOMES, value)) return null;
  return { key: AVATAR_OUTCOMES[value as AvatarOutcome], ok: value === "updated" || value === "removed" };
}
