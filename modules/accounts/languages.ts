import { LANGUAGES } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { type AccountView, setAccountLocale } from "./service.ts";

/** A language the site speaks (SPEC §4, language switch). */
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_ERRORS = {
  /** No such language id. */
  unknown: "languages.errors.unknown",
  /** Languages are ordered by id, name or locale only. */
  orderBy: "languages.errors.orderBy",
} as const;

/** The language an account reads the site in (the first, English, for a locale not spoken). */
export function languageOf(locale: string): Language {
  return LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[0];
}

/** The languages, filtered by locale or id, ordered and cut to a page, with how many matched. */
export function listLanguages(input: {
  where?: { locale?: string | null; id?: number | null } | null;
  orderBy?: { field: string; direction?: "asc" | "desc" | null } | null;
  skip: number;
  limit: number;
}): Result<{ list: Language[]; totalCount: number }, (typeof LANGUAGE_ERRORS)["orderBy"]> {
  const { where, orderBy, skip, limit } = input;
  let list: Language[] = LANGUAGES.filter(
    (l) => (where?.locale == null || l.locale === where.locale) && (where?.id == null || l.id === where.id),
  );
  if (orderBy) {
    const f = orderBy.field;
    if (f !== "id" && f !== "name" && f !== "locale") return { ok: false, code: LANGUAGE_ERRORS.orderBy };
    const dir = orderBy.direction === "desc" ? -1 : 1;
    list = [...list].sort((a, b) => (a[f] < b[f] ? -dir : a[f] > b[f] ? dir : 0));
  }
  return { ok: true, value: { list: list.slice(skip, skip + limit), totalCount: list.length } };
}

/**
 * Changes a signed-in account's language by the language's id (the API's updateMe); no id changes
 * nothing. Answers the account as it now is.
 */
export async function updateAccountLanguage(
  ctx: ServiceContext,
  input: { account: AccountView; languageId?: number | null },
): Promise<Result<AccountView, (typeof LANGUAGE_ERRORS)["unknown"]>> {
  const { account, languageId } = input;
  if (languageId == null) return { ok: true, value: account };
  const language = LANGUAGES.find((l) => l.id === languageId);
  if (!language) return { ok: false, code: LANGUAGE_ERRORS.unknown };
  await setAccountLocale(ctx, account.id, language.locale);
  return { ok: true, value: { ...account, locale: language.locale } };
}
