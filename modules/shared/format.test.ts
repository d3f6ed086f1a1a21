import { describe, expect, it } from "vitest";
import { formatOneDecimal } from "./decimal.ts";
import { formatDay, formatMoney } from "./format.ts";

describe("formatDay", () => {
  it("writes a day as each language does, in UTC, the same with a kept formatter", () => {
    expect(formatDay("en", "2026-12-01T23:30:00Z")).toBe("December 1, 2026");
    expect(formatDay("es", new Date("2026-12-01T00:10:00Z"))).toBe("1 de diciembre de 2026");
    expect(formatDay("en", "2027-01-31T00:00:00Z")).toBe("January 31, 2027");
  });
});

describe("formatMoney", () => {
  it("writes cents as each language does, dropping ,00 only when asked for whole amounts", () => {
    expect(formatMoney("en", 799)).toBe("$7.99");
    expect(formatMoney("es", 799)).toMatch(/^7,99\s?US\$$/);
    expect(formatMoney("en", 10_000, { whole: true })).toBe("$100");
    expect(formatMoney("en", 10_000)).toBe("$100.00");
    expect(formatMoney("en", 10_050, { whole: true })).toBe("$100.50");
    expect(formatMoney("en", 1_000, { currency: "EUR" })).toBe("€10.00");
  });
});

describe("formatOneDecimal", () => {
  it("writes one decimal as each language does", () => {
    expect(formatOneDecimal("en", 2.54)).toBe("2.5");
    expect(formatOneDecimal("es", 2.54)).toBe("2,5");
    expect(formatOneDecimal("en", 3)).toBe("3.0");
  });
});
