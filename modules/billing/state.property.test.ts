import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PaidPlanCode } from "#config/constants.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { withFailingCharges } from "#tests/payments.ts";
import { addDays } from "./periods.ts";
import { sandboxProvider } from "./provider.ts";
import { paymentSchema } from "./schemas.ts";
import {
  advanceSubscription,
  type BillingContext,
  cancelSubscription,
  cardSourceOf,
  fromPaymentForm,
  renewSubscription,
  schedulePlanChange,
  subscribe,
  updatePaymentMethod,
  upgrade,
} from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let clockNow = new Date("2026-01-01T00:00:00Z");
const clock: Clock = { now: () => clockNow };
let failing = false;
const sandbox = sandboxProvider();
const payments = withFailingCharges(sandbox, () => failing);
const ctx = (): BillingContext => ({ db: database.db, locale: "en", clock, log: silent, payments });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

const PLANS: PaidPlanCode[] = ["PERSONAL_MONTHLY", "PERSONAL_YEARLY", "COMMERCIAL_MONTHLY", "COMMERCIAL_YEARLY"];
const who = fc.integer({ min: 0, max: 1 });
const event = fc.oneof(
  fc.record({
    kind: fc.constant("subscribe" as const),
    who,
    plan: fc.constantFrom(...PLANS),
    declined: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("upgrade" as const), who, plan: fc.constantFrom(...PLANS) }),
  fc.record({ kind: fc.constant("change" as const), who, plan: fc.constantFrom(...PLANS) }),
  fc.record({ kind: fc.constant("cancel" as const), who }),
  fc.record({ kind: fc.constant("renew" as const), who }),
  fc.record({ kind: fc.constant("card" as const), who }),
  fc.record({ kind: fc.constant("replay" as const), who }),
  fc.record({ kind: fc.constant("advance" as const), days: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant("failing" as const), on: fc.boolean() }),
);

let seq = 0;
async function account(): Promise<number> {
  seq++;
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into account (email, username, name, password_hash, verified_at)
        values (${`prop${seq}@example.com`}, ${`prop${seq}`}, 'Prop', 'x', now()) returning id`,
  );
  return row.id;
}

async function checkInvariants(ids: number[]) {
  for (const id of ids) {
    const live = await queryRows<{ plan: string }>(
      database.db,
      sql`select plan from subscription where account_id = ${id} and status in ('active', 'past_due')`,
    );
    expect(live.length).toBeLessThanOrEqual(1);
    const [{ plan }] = await queryRows<{ plan: string }>(database.db, sql`select plan from account where id = ${id}`);
    expect(plan).toBe(live[0]?.plan ?? "FREE");
    const [money] = await queryRows<{ invoiced: number; charged: number }>(
      database.db,
      sql`select (select coalesce(sum(total_cents), 0)::int from invoice where account_id = ${id} and status = 'paid') as invoiced,
                 (select coalesce(sum(amount_cents), 0)::int from payment where account_id = ${id} and status = 'succeeded') as charged`,
    );
    expect(money.invoiced).toBe(money.charged);
    const orphans = await queryRows(
      database.db,
      sql`select 1 from payment where account_id = ${id} and status = 'succeeded' and invoice_id is null`,
    );
    expect(orphans).toHaveLength(0);
  }
  const numbers = await queryRows<{ number: string }>(database.db, sql`select number from invoice order by number`);
  const byYear = new Map<string, number[]>();
  for (const { number } of numbers) {
    const [, year, n] = number.split("-");
    byYear.set(year, [...(byYear.get(year) ?? []), Number(n)]);
  }
  for (const list of byYear.values()) expect(list).toEqual(list.map((_, i) => i + 1));
}

it("random sequences of purchases, changes, cancellations, failed renewals and time keep the invariants", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 18 }), async (events) => {
      clockNow = new Date("2026-01-01T00:00:00Z");
      failing = false;
      const ids = [await account(), await account()];
      const lastAttempt: (string | null)[] = [null, null];
      for (const e of events) {
        if (e.kind === "advance") {
          clockNow = addDays(clockNow, e.days);
          const subs = await queryRows<{ id: number }>(
            database.db,
            sql`select id from subscription where account_id in (${ids[0]}, ${ids[1]})`,
          );
          for (const s of subs) await advanceSubscription(ctx(), s.id);
        } else if (e.kind === "failing") {
          failing = e.on;
        } else {
          const accountId = ids[e.who];
          if (e.kind === "subscribe" || e.kind === "replay") {
            const attempt =
              e.kind === "replay" ? lastAttempt[e.who] : `prop-${seq}-${Math.random().toString(36).slice(2)}`;
            if (!attempt) continue;
            lastAttempt[e.who] = attempt;
            const plan: PaidPlanCode = e.kind === "subscribe" ? e.plan : "PERSONAL_MONTHLY";
            const form = paymentSchema.parse({
              billingName: "Prop",
              billingEmail: "prop@example.com",
              address: "1 Main St",
              country: "US",
              city: "Springfield",
              zip: "12345",
              cardNumber: e.kind === "subscribe" && e.declined ? "4000000000000002" : "4242424242424242",
              cardExpiry: "12/40",
              cardCvc: "123",
              type: plan.startsWith("PERSONAL") ? "personal" : "commercial",
              period: plan.endsWith("MONTHLY") ? "monthly" : "yearly",
              attempt,
            });
            await subscribe(ctx(), { accountId, ...fromPaymentForm(form) });
          } else if (e.kind === "upgrade") {
            await upgrade(ctx(), {
              accountId,
              target: e.plan,
              attempt: `up-${seq}-${Math.random().toString(36).slice(2)}`,
            });
          } else if (e.kind === "change") {
            await schedulePlanChange(ctx(), { accountId, target: e.plan });
          } else if (e.kind === "cancel") {
            await cancelSubscription(ctx(), { accountId, reason: "other" });
          } else if (e.kind === "renew") {
            await renewSubscription(ctx(), { accountId });
          } else if (e.kind === "card") {
            await updatePaymentMethod(ctx(), {
              accountId,
              source: cardSourceOf({ cardNumber: "4242424242424242", cardExpiry: "12/40", cardCvc: "123" }),
            });
          }
        }
        await checkInvariants(ids);
      }
    }),
    { numRuns: 40 },
  );
});
