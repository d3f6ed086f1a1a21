import { describe, expect, it } from "vitest";
import { PAYMENT_ERRORS, sandboxProvider } from "#modules/billing/provider.ts";
import { parseExpiry } from "#modules/billing/schemas.ts";
import { cardExpiry } from "./cards.ts";
import { paymentFields } from "./payments.ts";

const save = (expiry: string, now: Date) => {
  const { month, year } = parseExpiry(expiry);
  return sandboxProvider().saveCard({
    customerId: "cus_sandbox_1",
    source: { card: { number: "4242424242424242", expMonth: month, expYear: year, cvc: "123" } },
    now,
  });
};

describe("the sandbox card of the tests", () => {
  it("has not expired by the clock it is made for, whatever the year", async () => {
    for (const at of ["2026-11-20T10:00:00Z", "2030-12-31T23:59:00Z", "2031-01-01T00:00:00Z", "2044-06-15T12:00:00Z"]) {
      const now = new Date(at);
      expect((await save(cardExpiry(now), now)).ok, at).toBe(true);
    }
    // A fixed date does expire: what "12/30" did from January 2031.
    expect(await save("12/30", new Date("2031-01-01T00:00:00Z"))).toEqual({ ok: false, code: PAYMENT_ERRORS.expired });
  });

  it("is what the payment form of the tests is filled in with, as of today", async () => {
    expect(paymentFields().cardExpiry).toBe(cardExpiry(new Date()));
    expect((await save(paymentFields().cardExpiry, new Date())).ok).toBe(true);
  });
});
