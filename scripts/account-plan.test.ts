import { describe, expect, it } from "vitest";
import { setPlan } from "#modules/accounts/operator.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import { fromPaymentForm, subscribe } from "#modules/billing/service.ts";
import { systemClock } from "#modules/shared/context.ts";
import { createTestDatabase } from "#tests/db.ts";
import { paymentFields } from "#tests/payments.ts";

/**
 * `npm run account -- plan` on the test database (PGlite and PostgreSQL): the command's refusal when a
 * subscription pays for the plan. The command itself, spawned on an embedded data folder, is tested in
 * account.test.ts, which runs once (a unit file: it is the same whichever database the others test).
 */
const silent = { info() {}, warn() {}, error() {} };

describe("npm run account", () => {
  it("leaves the plan of a paying member to their subscription", async () => {
    const database = await createTestDatabase();
    try {
      const ctx = {
        db: database.db,
        locale: "en" as const,
        clock: systemClock,
        log: silent,
        payments: sandboxProvider(),
      };
      const id = await createVerifiedAccount(ctx, {
        email: "payer@example.com",
        username: "payer",
        name: "Payer",
        password: "Sl1des!rock",
      });
      expect(
        (await subscribe(ctx, { accountId: id, ...fromPaymentForm(paymentSchema.parse(paymentFields())) })).ok,
      ).toBe(true);
      expect(await setPlan(ctx, "payer", "FREE", { actor: { kind: "command", label: "test" } })).toMatchObject({
        ok: false,
        code: "deskMembers.errors.livePlan",
        detail: expect.stringContaining("live subscription"),
      });
    } finally {
      await database.cleanup();
    }
  });
});
