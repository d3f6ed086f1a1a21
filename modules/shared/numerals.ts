import { LOCALE_TAGS, type Locale } from "#config/browser.ts";

/*
 * Plurals, numbers, money in dollars and long dates in English (en-US) and Spanish (es-ES), written
 * without Intl (ADR 0038). A browser builds its ICU data the first time a page calls Intl: one task of
 * 20-60 ms on this machine (four times that on Lighthouse's phone), and that first call came during every
 * page's hydration (the translator's plural rules, a card's rating, a price). The answers equal Intl's for
 * these two locales (numerals.test.ts compares them over wide ranges); what falls outside the cases below
 * (exponents, years outside 1000-9999, other currencies) is left to Intl by the callers.
 *
 * A page's scripts use this module: it imports nothing but the locales' tags.
 */

/** The cardinal plural category of a number (CLDR 48: en one / other; es one / many / other). */
export function pluralCategory(locale: Locale, n: number): string {
  const abs = Math.abs(n);
  // Past 1e15 (no count here comes near) ICU's operands lose digits in ways not worth copying.
  if (!(abs < 1e15)) return pluralRules(locale).select(n);
  if (abs === 1) return "one";
  // Spanish "many": a whole, non-zero count of millions (1 millón de plantillas).
  if (locale === "es" && Number.isInteger(abs) && abs !== 0 && abs % 1_000_000 === 0) return "many";
  return "other";
}

const rules = new Map<Locale, Intl.PluralRules>();
function pluralRules(locale: Locale): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) {
    r = new Intl.PluralRules(LOCALE_TAGS[locale]);
    rules.set(locale, r);
  }
  return r;
}

const SEPARATORS: Record<Locale, { group: string; decimal: string; minGroupDigits: number }> = {
  // en-US groups from 1,000; es-ES from 10.000 (CLDR's minimum grouping digits 2: 1234, 12.345).
  en: { group: ",", decimal: ".", minGroupDigits: 1 },
  es: { group: ".", decimal: ",", minGroupDigits: 2 },
};

/**
 * A number rounded half away from zero on its shortest decimal form (as ICU does: 0.15 -> 0.2), with
 * between `min` and `max` fraction digits, grouped as the locale groups. Undefined for what is written in
 * exponent form (under 1e-6 or from 1e21) or is not finite: the caller asks Intl.
 */
export function formatDecimal(locale: Locale, n: number, min: number, max: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const text = String(Math.abs(n));
  if (text.includes("e")) return undefined;
  const negative = n < 0 || Object.is(n, -0);
  const [whole = "0", fraction = ""] = text.split(".");
  let digits = whole + fraction.slice(0, max).padEnd(max, "0");
  // Half away from zero: the first dropped digit decides.
  if ((fraction.charCodeAt(max) || 48) >= 53) digits = addOne(digits);
  let int = digits.slice(0, digits.length - max) || "0";
  let frac = digits.slice(digits.length - max);
  while (frac.length > min && frac.endsWith("0")) frac = frac.slice(0, -1);
  const sep = SEPARATORS[locale];
  if (int.length >= 4 + sep.minGroupDigits - 1) int = int.replace(/\B(?=(\d{3})+$)/g, sep.group);
  return `${negative ? "-" : ""}${int}${frac ? sep.decimal + frac : ""}`;
}

/** A string of decimal digits plus one (999 -> 1000). */
function addOne(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/** Dollars as the locale writes them ($1,234.50; 1234,50 US$), or undefined where Intl must answer. */
export function formatDollars(locale: Locale, amount: number, wholeOnly: boolean): string | undefined {
  const number = formatDecimal(locale, Math.abs(amount), wholeOnly ? 0 : 2, 2);
  if (number === undefined) return undefined;
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return locale === "en" ? `${sign}$${number}` : `${sign}${number}\u00a0US$`;
}

const MONTHS: Record<Locale, readonly string[]> = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  es: [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
};

/** A day in UTC as the locale writes it in full (December 1, 2026; 1 de diciembre de 2026), or undefined. */
export function formatLongDay(locale: Locale, date: Date): string | undefined {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return undefined;
  const month = MONTHS[locale][date.getUTCMonth()];
  const day = date.getUTCDate();
  return locale === "en" ? `${month} ${day}, ${year}` : `${day} de ${month} de ${year}`;
}
