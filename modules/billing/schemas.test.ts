import { describe, expect, it } from "vitest";
import { cardSchema, parseExpiry } from "./schemas.ts";

/** Card fields as people type them (issue 22: `1228` was refused instead of read as 12/28). */
const card = (cardExpiry: string) =>
  cardSchema.safeParse({ cardNumber: "4242 4242 4242 4242", cardExpiry, cardCvc: "123" });

describe("a card's expiry", () => {
  it.each([
    ["12/28", "12/28"],
    ["1228", "12/28"],
    ["12 28", "12/28"],
    [" 12 / 28 ", "12/28"],
    ["12-28", "12/28"],
    ["12.2028", "12/2028"],
    ["122028", "12/2028"],
    ["01/31", "01/31"],
  ])("reads %j as %j", (typed, kept) => {
    const r = card(typed);
    expect(r.success && r.data.cardExpiry).toBe(kept);
    expect(parseExpiry(kept)).toEqual({
      month: Number(kept.slice(0, 2)),
      year: Number(kept.length === 5 ? `20${kept.slice(3)}` : kept.slice(3)),
    });
  });

  it.each(["", "13/28", "00/28", "1/28", "128", "12/2", "12/202", "12//28", "ab/cd", "12/28/30"])(
    "refuses %j with the field's message",
    (typed) => {
      const r = card(typed);
      expect(r.success).toBe(false);
      expect(r.error?.issues.find((i) => i.path[0] === "cardExpiry")?.message).toMatch(
        /^(billing\.errors\.cardExpiry|auth\.errors\.required)$/,
      );
    },
  );
});
