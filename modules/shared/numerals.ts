import type { Locale } from "#config/browser.ts";

/*
 * Plurals and whole numbers in English (en-US) and Spanish (es-ES), written without Intl (ADR 0038);
 * decimals (decimal.ts), dollars (format.ts) and long dates (day.ts) live beside the formatters of the
 * pages that write them. A browser builds its ICU data the first time a page calls Intl: one task of
 * 20-60 ms on this machine (four times that on Lighthouse's phone), and that first call came during every
 * page's hydration (the translator's plural rules, a card's rating, a price). The answers equal Intl's for
 * these two locales (numerals.test.ts compares them over wide ranges); what falls outside the cases below
 * (exponents, fractions in a message, years outside 1000-9999, other currencies) is left to Intl.
 *
 * Every page's scripts carry this module (the translator uses it): it imports nothing, and what only some
 * pages write (dates, prices) lives elsewhere.
 */

/**
 * The cardinal plural category of a number (CLDR 48: en one / other; es one / many / other). Equal to
 * Intl.PluralRules below 1e15; past it (no count here comes near) ICU's operands lose digits.
 */
export function pluralCategory(locale: Locale, n: number): string {
  const abs = Math.abs(n);
  if (abs === 1) return "one";
  // Spanish "many": a whole, non-zero count of millions (1 millón de plantillas).
  return locale === "es" && abs && abs % 1e6 === 0 ? "many" : "other";
}

export const SEPARATORS: Record<Locale, { group: string; decimal: string; minGroupDigits: number }> = {
  // en-US groups from 1,000; es-ES from 10.000 (CLDR's minimum grouping digits 2: 1234, 12.345).
  en: { group: ",", decimal: ".", minGroupDigits: 1 },
  es: { group: ".", decimal: ",", minGroupDigits: 2 },
};

/** A string of digits grouped as the locale groups them (1,234 / 1234; 12,345 / 12.345). */
export function groupDigits(locale: Locale, digits: string): string {
  const sep = SEPARATORS[locale];
  return digits.length >= 3 + sep.minGroupDigits ? digits.replace(/\B(?=(\d{3})+$)/g, sep.group) : digits;
}

/** A whole number as Intl writes it by default, or undefined for what String writes in exponent form. */
export function formatInteger(locale: Locale, n: number): string | undefined {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return undefined;
  return `${n < 0 || Object.is(n, -0) ? "-" : ""}${groupDigits(locale, String(Math.abs(n)))}`;
}
