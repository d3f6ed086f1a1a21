import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#modules/auth/sessions.ts";
import type { BillingContext } from "#modules/billing/service.ts";
import { retryProviderCustomerDeletion } from "#modules/billing/service.ts";
import { stripeProvider } from "#modules/billing/stripe.ts";
import { type JobQueue, startJobQueue } from "#modules/jobs/queue.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { type StripeDouble, startStripeDouble } from "#tests/stripe-double.ts";
import { deleteAccount } from "./profile.ts";
import { createVerifiedAccount } from "./service.ts";

/**
 * Deleting an account deletes its customer at Stripe (issue 19, item 10), through the payments port,
 * against the loopback double of the Stripe API; an outage there neither blocks the deletion nor loses it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let double: StripeDouble;
const queues: JobQueue[] = [];
const silent = { info() {}, warn() {}, error() {} };
const clock: Clock = { now: () => new Date("2026-11-25T10:00:00Z") };
const PASSWORD = "Sl1des!rock";
const provider = () =>
  stripeProvider({
    secretKey: "sk_test_double",
    apiUrl: `http://127.0.0.1:${double.port}`,
    prices: {
      PERSONAL_MONTHLY: "price_personal_monthly",
      PERSONAL_YEARLY: "price_personal_yearly",
      COMMERCIAL_MONTHLY: "price_commercial_monthly",
      COMMERCIAL_YEARLY: "price_commercial_yearly",
    },
  });
const ctx = (jobs?: JobQueue): BillingContext => ({
  db: database.db,
  locale: "en",
  clock,
  log: silent,
  payments: provider(),
  jobs,
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

let seq = 0;
/** A verified account that bought before: its customer at Stripe and its billing profile here. */
async function payingMember() {
  seq++;
  const email = `stripe-gone${seq}@example.com`;
  const id = await createVerifiedAccount(ctx(), {
    email,
    username: `stripegone${seq}`,
    name: "Ana",
    password: PASSWORD,
  });
  const customerId = await provider().ensureCustomer({
    accountId: id,
    email,
    name: "Ana Pérez",
    address: { line1: "1 Main St", city: "Springfield", zip: "12345", country: "US" },
    idempotencyKey: `customer-${id}`,
  });
  await database.db.execute(sql`insert into billing_profile (account_id, provider, customer_id, name, email, address, country, city, zip)
      values (${id}, 'stripe', ${customerId}, 'Ana Pérez', ${email}, '1 Main St', 'US', 'Springfield', '12345')`);
  return { id, customerId };
}

const deleted = async (id: number) =>
  (
    await queryRows<{ deleted: boolean }>(
      database.db,
      sql`select deleted_at is not null as deleted from account where id = ${id}`,
    )
  )[0].deleted;

beforeAll(async () => {
  database = await createTestDatabase();
  double = await startStripeDouble({ webhookSecret: "whsec_test" });
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await double?.stop();
  await database?.cleanup();
});

describe("account deletion at Stripe", () => {
  it("deletes the customer (name, e-mail, address) at Stripe with the account", async () => {
    const m = await payingMember();
    expect(double.customers.has(m.customerId)).toBe(true);
    await createSession({ db: database.db, clock, secret: "s".repeat(32) }, m.id, {
      userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36",
      clientKey: "203.0.113.5",
    });
    expect(await deleteAccount(ctx(), { accountId: m.id, password: PASSWORD })).toEqual({ ok: true, value: null });
    expect(await deleted(m.id)).toBe(true);
    expect(double.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toContain(
      `/v1/customers/${m.customerId}`,
    );
    expect(double.customers.has(m.customerId)).toBe(false);
    // Its signed-in devices went with its sessions.
    const [devices] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from auth_session_device where account_id = ${m.id}`,
    );
    expect(devices.n).toBe(0);
    // Deleting again (a retried job whose first answer was lost) is not an error.
    await expect(provider().deleteCustomer({ customerId: m.customerId })).resolves.toBeUndefined();
  });

  it("deletes the account when Stripe is down, and a queued job deletes the customer once it answers", async () => {
    const m = await payingMember();
    // A process whose queue has no handler for it: the job waits in the queue (pg-boss) for one that has.
    const first = await startJobQueue({
      database,
      log: silent,
      pollingIntervalSeconds: 0.5,
      handlers: { advanceSubscription: async () => {}, sweepSubscriptions: async () => {} },
    });
    queues.push(first);
    double.outage(true);
    try {
      expect(await deleteAccount(ctx(first), { accountId: m.id, password: PASSWORD })).toEqual({
        ok: true,
        value: null,
      });
    } finally {
      double.outage(false);
    }
    expect(await deleted(m.id)).toBe(true);
    expect(double.customers.has(m.customerId)).toBe(true);
    const jobs = await queryRows<{ data: { customerId: string } }>(
      database.db,
      sql`select data from pgboss.job where name = 'billing-customer-deletion'`,
    );
    expect(jobs.map((j) => j.data.customerId)).toEqual([m.customerId]);
    await first.stop();
    queues.splice(queues.indexOf(first), 1);

    const worker = await startJobQueue({
      database,
      log: silent,
      pollingIntervalSeconds: 0.5,
      handlers: {
        advanceSubscription: async () => {},
        sweepSubscriptions: async () => {},
        deleteCustomer: (customerId) => retryProviderCustomerDeletion(ctx(), customerId),
      },
    });
    queues.push(worker);
    await until(() => !double.customers.has(m.customerId));
  });
});
