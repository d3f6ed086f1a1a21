import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import {
  advanceSubscription,
  type BillingContext,
  fromPaymentForm,
  getBillingOverview,
  subscribe,
} from "#modules/billing/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase, testDatabaseKind } from "#tests/db.ts";
import { type JobQueue, startJobQueue } from "./queue.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let clockNow = new Date("2026-01-10T00:00:00Z");
const clock: Clock = { now: () => clockNow };
const queues: JobQueue[] = [];

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await database?.cleanup();
});

describe("the job queue", () => {
  it("runs a subscription's renewal when it is due, through the queue", async () => {
    let ctx: BillingContext | null = null;
    const queue = await startJobQueue({
      database,
      log: silent,
      pollingIntervalSeconds: 0.5,
      handlers: {
        advanceSubscription: (id) => advanceSubscription(ctx as BillingContext, id),
        sweepSubscriptions: async () => {},
      },
    });
    queues.push(queue);
    ctx = { db: database.db, locale: "en", clock, log: silent, payments: sandboxProvider(), jobs: queue };
    const [account] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into account (email, username, name, password_hash, verified_at)
          values ('jobs@example.com', 'jobs', 'Jobs', 'x', now()) returning id`,
    );
    const form = paymentSchema.parse({
      billingName: "Jobs",
      billingEmail: "jobs@example.com",
      address: "1 Main St",
      country: "US",
      city: "Springfield",
      zip: "12345",
      cardNumber: "4242424242424242",
      cardExpiry: "12/40",
      cardCvc: "123",
      type: "personal",
      period: "monthly",
      attempt: "jobs-attempt-1",
    });
    // Bought in the past: the period-end job the purchase asked for is due at once.
    clockNow = new Date("2020-01-10T00:00:00Z");
    const paid = await subscribe(ctx, { accountId: account.id, ...fromPaymentForm(form) });
    expect(paid.ok).toBe(true);
    clockNow = new Date("2020-02-10T00:00:00Z");
    await until(async () => {
      const sub = (await getBillingOverview(ctx as BillingContext, account.id)).subscription;
      return sub?.currentPeriodEnd.toISOString() === "2020-03-10T00:00:00.000Z";
    });
    const invoices = await queryRows<{ status: string }>(
      database.db,
      sql`select status from invoice where account_id = ${account.id} order by id`,
    );
    expect(invoices.map((i) => i.status)).toEqual(["paid", "paid"]);
    await queue.stop();
    queues.splice(queues.indexOf(queue), 1);
  });

  it.skipIf(testDatabaseKind() !== "postgres")("with two processes on one PostgreSQL, runs each job once", async () => {
    const seen: number[] = [];
    const handlers = {
      advanceSubscription: async (id: number) => {
        seen.push(id);
      },
      sweepSubscriptions: async () => {},
    };
    const [a, b] = await Promise.all([
      startJobQueue({ database, log: silent, pollingIntervalSeconds: 0.5, handlers }),
      startJobQueue({ database, log: silent, pollingIntervalSeconds: 0.5, handlers }),
    ]);
    queues.push(a, b);
    const ids = Array.from({ length: 40 }, (_, i) => 100_000 + i);
    await Promise.all(ids.map((id, i) => (i % 2 ? a : b).scheduleSubscription(id, new Date(0))));
    await until(() => ids.every((id) => seen.includes(id)));
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen.filter((id) => id >= 100_000).sort()).toEqual(ids);
  });
});
