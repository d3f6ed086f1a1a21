import { CURRENCY, LOCALE_TAGS, type Locale } from "#config/constants.ts";

/**
 * Integer cents as the page's locale writes money: $7.99, 7,99 US$. `whole` drops ",00" from a round
 * amount ($100, as the legal texts write a cap), leaving other amounts as they are.
 */
export function formatMoney(locale: Locale, cents: number, opts: { currency?: string; whole?: boolean } = {}): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "currency",
    currency: opts.currency ?? CURRENCY,
    ...(opts.whole && cents % 100 === 0 ? { minimumFractionDigits: 0 } : {}),
  }).format(cents / 100);
}

/** A date as the page's locale writes it, in UTC: 1 December 2026. */
export function formatDay(locale: Locale, d: Date | string): string {
  return new Date(d).toLocaleDateString(LOCALE_TAGS[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

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
