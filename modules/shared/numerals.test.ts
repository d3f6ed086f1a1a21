import { describe, expect, it } from "vitest";
import { LOCALE_TAGS, LOCALES } from "#config/browser.ts";
import { formatDay, formatLongDay } from "./day.ts";
import { formatDecimal, formatOneDecimal } from "./decimal.ts";
import { formatDollars, formatMoney } from "./format.ts";
import { createT } from "./i18n.ts";
import { formatInteger, pluralCategory } from "./numerals.ts";

/**
 * numerals.ts writes what Intl writes for en-US and es-ES without calling it (ADR 0038). Each case is
 * compared with Intl itself over wide ranges, including the edges: rounding up across a group, half away
 * from zero on the shortest decimal form, negative zero, Spanish's minimum grouping, millions.
 */

/** A spread of numbers: small and large, whole and not, halves, values just under a carry, negatives. */
function numbers(): number[] {
  const out: number[] = [0, -0, 0.5, 0.05, 0.15, 0.25, 0.35, 1.005, 2.675, 999.9995, 9999.9995, 99_999.95, 1e-6];
  for (let i = 0; i < 3000; i++) out.push(i, i + 0.5, i / 7, i * 1.01, i * 1000 + 0.45, -i / 3);
  for (let e = 3; e <= 20; e++) out.push(10 ** e, 10 ** e - 1, 10 ** e + 0.55, -(10 ** e) * 1.2345, 2 * 10 ** e);
  let seed = 7;
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 48271) % 2147483647;
    out.push((seed / 2147483647) * 10 ** (seed % 12), -(seed % 100_000) / 100);
  }
  return out;
}

describe("numerals without Intl", () => {
  for (const locale of LOCALES) {
    const tag = LOCALE_TAGS[locale];

    it(`plural categories equal Intl.PluralRules (${locale})`, () => {
      const rules = new Intl.PluralRules(tag);
      const cases = [...numbers(), 1e6, 2e6, 3e7, 1_000_001, -1e6, 1.5e6, 1e6 + 0.5, 999e12, -0];
      for (const n of cases.filter((c) => Math.abs(c) < 1e15))
        expect(pluralCategory(locale, n), String(n)).toBe(rules.select(n));
    });

    it(`numbers equal Intl.NumberFormat's, default and one decimal (${locale})`, () => {
      const plain = new Intl.NumberFormat(tag);
      const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
      for (const n of numbers()) {
        expect(formatDecimal(locale, n, 0, 3), String(n)).toBe(plain.format(n));
        if (Number.isInteger(n)) expect(formatInteger(locale, n), String(n)).toBe(plain.format(n));
        expect(formatDecimal(locale, n, 1, 1), String(n)).toBe(one.format(n));
        expect(formatOneDecimal(locale, n), String(n)).toBe(one.format(n));
      }
    });

    it(`numbers in exponent form, or not finite, are left to Intl (${locale})`, () => {
      for (const n of [1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY])
        expect(formatDecimal(locale, n, 0, 3)).toBeUndefined();
      for (const n of [1e21, 1.5, Number.NaN]) expect(formatInteger(locale, n)).toBeUndefined();
      expect(formatOneDecimal(locale, 1e-7)).toBe(
        new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(1e-7),
      );
    });

    it(`dollars equal Intl's currency format, whole amounts too (${locale})`, () => {
      const money = new Intl.NumberFormat(tag, { style: "currency", currency: "USD" });
      const whole = new Intl.NumberFormat(tag, { style: "currency", currency: "USD", minimumFractionDigits: 0 });
      for (const cents of [0, 1, 5, 99, 100, 799, 1999, 123_450, 999_999, 1_234_567, 100_000_000, -500, -123_456]) {
        expect(formatDollars(locale, cents / 100, false), String(cents)).toBe(money.format(cents / 100));
        expect(formatMoney(locale, cents), String(cents)).toBe(money.format(cents / 100));
        if (cents % 100 === 0) expect(formatMoney(locale, cents, { whole: true })).toBe(whole.format(cents / 100));
      }
      // Another currency is Intl's to write.
      expect(formatMoney(locale, 1999, { currency: "EUR" })).toBe(
        new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" }).format(19.99),
      );
    });

    it(`long dates equal Intl.DateTimeFormat's, in UTC, every day of two years (${locale})`, () => {
      const long = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000 - 1) {
        const d = new Date(t);
        expect(formatLongDay(locale, d), d.toISOString()).toBe(long.format(d));
      }
      for (const iso of ["1000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2026-03-01T23:30:00-05:00"])
        expect(formatDay(locale, iso)).toBe(long.format(new Date(iso)));
      // Outside the years written here, Intl answers; an invalid date still throws as Intl does.
      expect(formatLongDay(locale, new Date("0099-06-01T00:00:00Z"))).toBeUndefined();
      expect(formatDay(locale, "0099-06-01T00:00:00Z")).toBe(long.format(new Date("0099-06-01T00:00:00Z")));
      expect(() => formatDay(locale, "not a date")).toThrow(RangeError);
    });
  }

  it("the translator picks plurals and writes numbers as before", () => {
    const t = createT("es", {
      n_one: "{count} plantilla",
      n_many: "{count} de plantillas",
      n_other: "{count} plantillas",
      size: "{mb} MB",
    });
    expect(t("n", { count: 1 })).toBe("1 plantilla");
    expect(t("n", { count: 1234 })).toBe("1234 plantillas");
    expect(t("n", { count: 12345 })).toBe("12.345 plantillas");
    expect(t("n", { count: 2_000_000 })).toBe("2.000.000 de plantillas");
    // A fraction in a message is Intl's to write, as it was.
    expect(t("size", { mb: 1234.5 })).toBe("1234,5 MB");
    const en = createT("en", { n_one: "{count} template", n_other: "{count} templates" });
    expect(en("n", { count: 0 })).toBe("0 templates");
    expect(en("n", { count: 1_000_000 })).toBe("1,000,000 templates");
  });
});
