import { LOCALE_TAGS, type Locale } from "#config/browser.ts";
import { formatDecimal, formatLongDay } from "./numerals.ts";

/* A page's scripts format these too (cards, the template page): this module imports nothing else but
 * numerals.ts, which writes them without Intl where it can (ADR 0038). */

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A date as the page's locale writes it, in UTC: 1 December 2026. One formatter per locale: building
 * one (what `toLocaleDateString` with options does each time) cost a list page's cards 2.6% of its render.
 */
export function formatDay(locale: Locale, d: Date | string): string {
  const date = new Date(d);
  const written = formatLongDay(locale, date);
  if (written !== undefined) return written;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

const oneDecimal = new Map<Locale, Intl.NumberFormat>();

/** A number with one decimal as the page's language writes it (2.5 in English, 2,5 in Spanish): a file's MB. */
export function formatOneDecimal(locale: Locale, n: number): string {
  const written = formatDecimal(locale, n, 1, 1);
  if (written !== undefined) return written;
  let format = oneDecimal.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    oneDecimal.set(locale, format);
  }
  return format.format(n);
}
