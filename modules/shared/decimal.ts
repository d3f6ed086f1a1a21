import type { Locale } from "#config/browser.ts";
import { groupDigits, SEPARATORS } from "./numerals.ts";

/* Decimals written without Intl (ADR 0038), for the pages that show them: a file's size, a price. */

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
  const int = digits.slice(0, digits.length - max) || "0";
  let frac = digits.slice(digits.length - max);
  while (frac.length > min && frac.endsWith("0")) frac = frac.slice(0, -1);
  return `${negative ? "-" : ""}${groupDigits(locale, int)}${frac ? SEPARATORS[locale].decimal + frac : ""}`;
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
