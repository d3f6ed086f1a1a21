import { LOCALE_TAGS, type Locale } from "#config/browser.ts";

/* A page's scripts format these too (cards, the template page): this module imports nothing else. Long
 * dates in English and Spanish are written without Intl (ADR 0038). */

/**
 * A date as the page's locale writes it, in UTC: December 1, 2026; 1 de diciembre de 2026. Intl writes
 * the years this module does not (before 1000, after 9999) and refuses an invalid date, as it did.
 */
export function formatDay(locale: Locale, d: Date | string): string {
  const date = new Date(d);
  return (
    formatLongDay(locale, date) ??
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(date)
  );
}

const MONTHS: Record<Locale, readonly string[]> = {
  en: "January February March April May June July August September October November December".split(" "),
  es: "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(" "),
};

/** A day in UTC as the locale writes it in full (December 1, 2026; 1 de diciembre de 2026), or undefined. */
export function formatLongDay(locale: Locale, date: Date): string | undefined {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return undefined;
  const month = MONTHS[locale][date.getUTCMonth()];
  const day = date.getUTCDate();
  return locale === "en" ? `${month} ${day}, ${year}` : `${day} de ${month} de ${year}`;
}
