import {
  ACCOUNT_LIMITS,
  ANNUAL_SAVING_PERCENT,
  AUTH,
  AVATAR,
  BRAND,
  DOWNLOAD_ALLOWANCE,
  FOLDERS,
  LIABILITY_CAP_CENTS,
  LOCALE_TAGS,
  type Locale,
  PRICES_CENTS,
  RETENTION,
} from "#config/constants.ts";
import { formatMoney } from "#modules/shared/format.ts";
import { localePath } from "#modules/shared/i18n.ts";

/** Every number, name and date the legal texts quote, formatted for one locale. */
export type LegalFacts = {
  locale: Locale;
  brand: string;
  supportEmail: string;
  copyrightEmail: string;
  /** "November 2021" / "noviembre de 2021" */
  updated: string;
  /** legal update date as a Date (first day of the month, UTC) */
  updatedDate: Date;
  minimumAge: number;
  downloads: { guest: string; free: string; personal: string };
  price: { personalMonthly: string; personalYearly: string; commercialMonthly: string; commercialYearly: string };
  /** "16%" / "16 %" */
  annualSaving: string;
  /** months you get free with yearly billing */
  monthsFree: number;
  /** "$100" / "100 US$" */
  liabilityCap: string;
  tokenCookie: string;
  tokenCookieDays: number;
  refreshTokenDays: number;
  retention: typeof RETENTION;
  verificationLink: string;
  resetLink: string;
  /** largest profile picture: "5 MB" */
  avatarMaxSize: string;
  /** longest collection name, in characters */
  folderNameMax: number;
  /** most collections one account keeps */
  maxFolders: number;
  /** a site path in this locale: "/license" or "/es/license" */
  path: (p: string) => string;
};

function credits(code: keyof typeof DOWNLOAD_ALLOWANCE): number {
  const n = DOWNLOAD_ALLOWANCE[code];
  if (n === null) throw new Error(`${code} has no numeric allowance`);
  return n;
}

/** "2021-11" (or "2026-11-25") -> Date at 00:00 UTC on the 1st of that month. */
export function legalUpdatedDate(yearMonth: string = BRAND.legalUpdated): Date {
  const [year, month] = yearMonth.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, 1));
}

/** The month of a legal text's date as the texts show it: "November 2021" / "noviembre de 2021". */
export function legalMonth(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

const cache = new Map<Locale, LegalFacts>();

export function legalFacts(locale: Locale): LegalFacts {
  const hit = cache.get(locale);
  if (hit) return hit;
  const tag = LOCALE_TAGS[locale];
  const number = new Intl.NumberFormat(tag);
  const updatedDate = legalUpdatedDate();
  const hours = (n: number) =>
    new Intl.NumberFormat(tag, { style: "unit", unit: "hour", unitDisplay: "long" }).format(n);
  const facts: LegalFacts = {
    locale,
    brand: BRAND.name,
    supportEmail: BRAND.supportEmail,
    copyrightEmail: BRAND.copyrightEmail,
    updated: legalMonth(updatedDate, locale),
    updatedDate,
    minimumAge: AUTH.minimumAge,
    downloads: {
      guest: number.format(credits("GUEST")),
      free: number.format(credits("FREE")),
      personal: number.format(credits("PERSONAL_MONTHLY")),
    },
    price: {
      personalMonthly: formatMoney(locale, PRICES_CENTS.PERSONAL_MONTHLY, { whole: true }),
      personalYearly: formatMoney(locale, PRICES_CENTS.PERSONAL_YEARLY, { whole: true }),
      commercialMonthly: formatMoney(locale, PRICES_CENTS.COMMERCIAL_MONTHLY, { whole: true }),
      commercialYearly: formatMoney(locale, PRICES_CENTS.COMMERCIAL_YEARLY, { whole: true }),
    },
    annualSaving: new Intl.NumberFormat(tag, { style: "percent" }).format(ANNUAL_SAVING_PERCENT / 100),
    monthsFree: 12 - PRICES_CENTS.PERSONAL_YEARLY / PRICES_CENTS.PERSONAL_MONTHLY,
    liabilityCap: formatMoney(locale, LIABILITY_CAP_CENTS, { whole: true }),
    tokenCookie: AUTH.tokenCookieName,
    tokenCookieDays: AUTH.tokenCookieDays,
    refreshTokenDays: AUTH.refreshTokenSeconds / 86_400,
    retention: RETENTION,
    verificationLink: hours(AUTH.verificationLinkHours),
    resetLink: hours(AUTH.resetLinkHours),
    avatarMaxSize: `${number.format(AVATAR.maxBytes / 1024 / 1024)} MB`,
    folderNameMax: ACCOUNT_LIMITS.folderNameMax,
    maxFolders: FOLDERS.maxPerAccount,
    path: (p) => localePath(locale, p),
  };
  cache.set(locale, facts);
  return facts;
}
