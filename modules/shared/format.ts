import { CURRENCY, LOCALE_TAGS, type Locale } from "#config/browser.ts";
import { formatDecimal } from "./decimal.ts";

// Dates have a module of their own: a page's scripts format them (a member's download on the template page) and need
// nothing else here. A blog card's day comes written by the server.
export { formatDay } from "./day.ts";

/**
 * Integer cents as the page's locale writes money: $7.99, 7,99 US$. `whole` drops ",00" from a round
 * amount ($100, as the legal texts write a cap), leaving other amounts as they are.
 */
export function formatMoney(locale: Locale, cents: number, opts: { currency?: string; whole?: boolean } = {}): string {
  const currency = opts.currency ?? CURRENCY;
  const whole = Boolean(opts.whole && cents % 100 === 0);
  if (currency === "USD") {
    const written = formatDollars(locale, cents / 100, whole);
    if (written !== undefined) return written;
  }
  const key = `${locale}|${currency}|${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: "currency",
      currency,
      ...(whole ? { minimumFractionDigits: 0 } : {}),
    });
    // A currency code comes from the code or a provider's answer: a handful of keys at most.
    if (moneyFormats.size < 32) moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}
const moneyFormats = new Map<string, Intl.NumberFormat>();

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the page's language (one formatter per locale: building one is slow). */
export function countryName(locale: Locale, code: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Dollars as the locale writes them ($1,234.50; 1234,50 US$), or undefined where Intl must answer. */
export function formatDollars(locale: Locale, amount: number, wholeOnly: boolean): string | undefined {
  const number = formatDecimal(locale, Math.abs(amount), wholeOnly ? 0 : 2, 2);
  if (number === undefined) return undefined;
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return locale === "en" ? `${sign}$${number}` : `${sign}${number}\u00a0US$`;
}
