import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale, PlanCode } from "#config/constants.ts";
import { getAllowance } from "#modules/downloads/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { paymentFields, withFailingCharges } from "#tests/payments.ts";
import { getOwnInvoice } from "./invoices.ts";
import { periodBoundary, unusedCredit } from "./periods.ts";
import { planChange } from "./plans.ts";
import { type PaymentProvider, sandboxProvider } from "./provider.ts";
import { type PaymentInput, paymentSchema, zipFits } from "./schemas.ts";
import {
  advanceDueSubscriptions,
  type BillingContext,
  cancelSubscription,
  cardSourceOf,
  changePlan,
  fromPaymentForm,
  getBillingOverview,
  getOwnPayment,
  keepCurrentPlan,
  listInvoices,
  listPayments,
  quotePlan,
  renewSubscription,
  schedulePlanChange,
  subscribe,
  updatePaymentMethod,
  upgrade,
} from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let clockNow = new Date("2026-11-01T00:00:00Z");
const clock: Clock = { now: () => clockNow };
/** The sandbox, with renewals that can be made to fail (a card that stopped working). */
let declineCharges = false;
let charges = 0;
const sandbox = sandboxProvider();
const counting: PaymentProvider = {
  ...sandbox,
  startSubscription: async (i) => {
    const r = await sandbox.startSubscription(i);
    if (r.ok) charges++;
    return r;
  },
};
const payments = withFailingCharges(counting, () => declineCharges);
const ctx = (locale: Locale = "en"): BillingContext => ({ db: database.db, locale, clock, log: silent, payments });

let seq = 0;
async function newAccount(): Promise<number> {
  seq++;
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into account (email, username, name, password_hash, verified_at)
        values (${`buyer${seq}@example.com`}, ${`buyer${seq}`}, ${`Buyer ${seq}`}, 'x', now()) returning id`,
  );
  return row.id;
}

function form(over: Partial<Record<keyof PaymentInput, string>> = {}): PaymentInput {
  const parsed = paymentSchema.safeParse(paymentFields(over));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const planOf = async (id: number) =>
  (await queryRows<{ plan: PlanCode }>(database.db, sql`select plan from account where id = ${id}`))[0].plan;
const at = (iso: string) => {
  clockNow = new Date(iso);
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe("periods and prices", () => {
  it("keeps the anchor day across short months and leap years", () => {
    const jan31 = new Date("2027-01-31T09:30:00Z");
    expect(periodBoundary(jan31, "month", 1).toISOString()).toBe("2027-02-28T09:30:00.000Z");
    expect(periodBoundary(jan31, "month", 2).toISOString()).toBe("2027-03-31T09:30:00.000Z");
    expect(periodBoundary(jan31, "month", 11).toISOString()).toBe("2027-12-31T09:30:00.000Z");
    expect(periodBoundary(jan31, "month", 12).toISOString()).toBe("2028-01-31T09:30:00.000Z");
    expect(periodBoundary(new Date("2028-01-31T00:00:00Z"), "month", 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(periodBoundary(new Date("2028-02-29T00:00:00Z"), "year", 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(periodBoundary(new Date("2028-02-29T00:00:00Z"), "year", 4).toISOString()).toBe("2032-02-29T00:00:00.000Z");
    expect(periodBoundary(new Date("2026-12-15T00:00:00Z"), "month", 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("credits the unused part of a period by remaining seconds", () => {
    const start = new Date("2026-11-01T00:00:00Z");
    const end = new Date("2026-12-01T00:00:00Z");
    expect(unusedCredit(799, start, end, start)).toBe(799);
    expect(unusedCredit(799, start, end, new Date("2026-11-16T00:00:00Z"))).toBe(399);
    expect(unusedCredit(799, start, end, end)).toBe(0);
    expect(unusedCredit(799, start, end, new Date("2027-01-01T00:00:00Z"))).toBe(0);
  });

  it("names each move between plans as the pricing buttons do", () => {
    expect(planChange("FREE", "PERSONAL_MONTHLY")).toBe("subscribe");
    expect(planChange("PERSONAL_MONTHLY", "PERSONAL_MONTHLY")).toBe("current");
    expect(planChange("PERSONAL_MONTHLY", "COMMERCIAL_YEARLY")).toBe("upgrade");
    expect(planChange("COMMERCIAL_MONTHLY", "PERSONAL_MONTHLY")).toBe("downgrade");
    expect(planChange("PERSONAL_MONTHLY", "PERSONAL_YEARLY")).toBe("switch");
    expect(planChange("PERSONAL_YEARLY", "FREE")).toBe("free");
  });

  it("checks postal codes per country", () => {
    expect(zipFits("ES", "28013")).toBe(true);
    expect(zipFits("ES", "99999")).toBe(false);
    expect(zipFits("US", "94105-1234")).toBe(true);
    expect(zipFits("GB", "SW1A 1AA")).toBe(true);
    expect(zipFits("GB", "12345")).toBe(false);
    expect(zipFits("BO", "")).toBe(true);
    expect(zipFits("XX", "12345")).toBe(false);
    const bad = paymentSchema.safeParse({ ...form(), zip: "ABC", cardNumber: "4242 4242 4242 4241" });
    expect(bad.success).toBe(false);
    const messages = bad.success ? [] : bad.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages).toContain("zip:billing.errors.zip");
    expect(messages).toContain("cardNumber:billing.errors.cardNumber");
  });
});

describe("subscribing", () => {
  it("charges the first period, opens the subscription, issues a paid invoice and lifts the allowance at once", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    expect((await getAllowance(ctx(), { kind: "account", accountId: id, plan: await planOf(id), ip: "" })).limit).toBe(
      10,
    );
    const r = await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    expect(r).toMatchObject({ ok: true, value: { amountCents: 799, plan: "PERSONAL_MONTHLY" } });
    expect(await planOf(id)).toBe("PERSONAL_MONTHLY");
    expect((await getAllowance(ctx(), { kind: "account", accountId: id, plan: await planOf(id), ip: "" })).limit).toBe(
      200,
    );
    const overview = await getBillingOverview(ctx(), id);
    // The form's card expires in December five years on (tests/cards.ts).
    const expYear = 2000 + Number(paymentFields().cardExpiry.slice(3));
    expect(overview.card).toEqual({
      brand: "Visa",
      last4: "4242",
      expMonth: 12,
      expYear,
      providerRef: expect.stringMatching(/^pm_sandbox_/),
    });
    expect(overview.subscription).toMatchObject({
      plan: "PERSONAL_MONTHLY",
      status: "active",
      cancelAtPeriodEnd: false,
      nextBill: { amountCents: 799, plan: "PERSONAL_MONTHLY" },
    });
    expect(overview.subscription?.currentPeriodEnd.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    const invoices = await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 });
    expect(invoices.items).toHaveLength(1);
    expect(invoices.items[0]).toMatchObject({ status: "paid", totalCents: 799 });
    expect(invoices.items[0].number).toMatch(/^SN-2026-\d{6}$/);
    // No card number is kept anywhere: only brand and last 4.
    const dump = JSON.stringify(
      await queryRows(database.db, sql`select * from payment_method where account_id = ${id}`),
    );
    expect(dump).not.toContain("4242424242424242");
  });

  it("declines every card but the sandbox's success card, keeps the account FREE and gives no invoice number away", async () => {
    at("2026-11-02T00:00:00Z");
    const id = await newAccount();
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from invoice`);
    for (const card of ["4000 0000 0000 0002", "5555 5555 5555 4444"]) {
      const r = await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form({ cardNumber: card })) });
      expect(r).toEqual({ ok: false, code: "billing.errors.declined" });
    }
    const expired = await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form({ cardExpiry: "10/26" })) });
    expect(expired).toEqual({ ok: false, code: "billing.errors.cardExpired", field: "cardExpiry" });
    expect(await planOf(id)).toBe("FREE");
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from invoice`);
    expect(after[0].n).toBe(before[0].n);
    const list = await listPayments(ctx(), { accountId: id, sort: "newest", page: 1 });
    expect(list.items.map((p) => p.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("charges once for a double click, a reload or a retry with the same attempt", async () => {
    at("2026-11-03T00:00:00Z");
    const id = await newAccount();
    const f = form();
    const before = charges;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(ctx(), { accountId: id, ...fromPaymentForm(f) })),
    );
    expect(charges - before).toBe(1);
    const ids = new Set(results.map((r) => (r.ok ? r.value.transactionId : r.code)));
    expect(ids.size).toBe(1);
    expect(results.every((r) => r.ok)).toBe(true);
    // Another attempt (a second tab) while subscribed is refused, not charged.
    const other = await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    expect(other).toEqual({ ok: false, code: "billing.errors.alreadySubscribed" });
    expect(charges - before).toBe(1);
  });

  it("two tabs paying at once leave one subscription and one charge", async () => {
    at("2026-11-03T00:00:00Z");
    const id = await newAccount();
    const before = charges;
    const results = await Promise.all([
      subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) }),
      subscribe(ctx(), { accountId: id, ...fromPaymentForm(form({ type: "commercial" })) }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(charges - before).toBe(1);
    const live = await queryRows(
      database.db,
      sql`select id from subscription where account_id = ${id} and status in ('active','past_due')`,
    );
    expect(live).toHaveLength(1);
  });
});

describe("changing plans", () => {
  it("upgrades at once, crediting the unused part of the period on that invoice", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    at("2026-11-16T00:00:00Z");
    const quote = await quotePlan(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY" });
    expect(quote).toMatchObject({ change: "upgrade", priceCents: 1499, creditCents: 399, dueCents: 1100 });
    const r = await upgrade(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY", attempt: "upgrade-attempt-1" });
    expect(r).toMatchObject({ ok: true, value: { amountCents: 1100, plan: "COMMERCIAL_MONTHLY" } });
    expect(await planOf(id)).toBe("COMMERCIAL_MONTHLY");
    const overview = await getBillingOverview(ctx(), id);
    expect(overview.subscription?.currentPeriodEnd.toISOString()).toBe("2026-12-16T00:00:00.000Z");
    const [latest] = (await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 })).items;
    const doc = await getOwnInvoice(ctx(), { accountId: id, number: latest.number });
    expect(doc).toMatchObject({ subtotalCents: 1499, creditCents: 399, totalCents: 1100 });
    expect(doc?.lines.map((l) => [l.kind, l.plan, l.amountCents])).toEqual([
      ["plan", "COMMERCIAL_MONTHLY", 1499],
      ["credit", "PERSONAL_MONTHLY", -399],
    ]);
    // The same attempt again is the same payment.
    const again = await upgrade(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY", attempt: "upgrade-attempt-1" });
    expect(again).toEqual(r);
    // Upgrading to what one has is not an upgrade.
    expect(await upgrade(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY", attempt: "upgrade-attempt-2" })).toEqual(
      {
        ok: false,
        code: "billing.errors.notUpgrade",
      },
    );
  });

  it("an upgrade to the other period length upgrades now and switches the length at renewal", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    const r = await upgrade(ctx(), { accountId: id, target: "COMMERCIAL_YEARLY", attempt: "upgrade-yearly-1" });
    expect(r).toMatchObject({ ok: true, value: { plan: "COMMERCIAL_MONTHLY", amountCents: 1499 - 799 } });
    expect((await getBillingOverview(ctx(), id)).subscription).toMatchObject({
      plan: "COMMERCIAL_MONTHLY",
      pendingPlan: "COMMERCIAL_YEARLY",
      nextBill: { amountCents: 14990, plan: "COMMERCIAL_YEARLY" },
    });
    at("2026-12-01T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    const sub = (await getBillingOverview(ctx(), id)).subscription;
    expect(sub).toMatchObject({ plan: "COMMERCIAL_YEARLY", pendingPlan: null });
    expect(sub?.currentPeriodEnd.toISOString()).toBe("2027-12-01T00:00:00.000Z");
  });

  it("downgrades and period switches wait for the renewal, and can be taken back", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form({ type: "commercial" })) });
    const down = await schedulePlanChange(ctx(), { accountId: id, target: "PERSONAL_MONTHLY" });
    expect(down).toMatchObject({ ok: true, value: { plan: "PERSONAL_MONTHLY" } });
    expect(await planOf(id)).toBe("COMMERCIAL_MONTHLY");
    expect(await schedulePlanChange(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY" })).toMatchObject({
      ok: true,
    });
    expect((await getBillingOverview(ctx(), id)).subscription?.pendingPlan).toBeNull();
    expect(await schedulePlanChange(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY" })).toEqual({
      ok: false,
      code: "billing.errors.samePlan",
    });
    await schedulePlanChange(ctx(), { accountId: id, target: "PERSONAL_MONTHLY" });
    at("2026-11-30T23:59:59Z");
    await advanceDueSubscriptions(ctx());
    expect(await planOf(id)).toBe("COMMERCIAL_MONTHLY");
    at("2026-12-01T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    expect(await planOf(id)).toBe("PERSONAL_MONTHLY");
    const [renewal] = (await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 })).items;
    expect(renewal).toMatchObject({ status: "paid", totalCents: 799, plan: "PERSONAL_MONTHLY" });
    // Monthly to yearly: at the renewal, a year from then.
    await schedulePlanChange(ctx(), { accountId: id, target: "PERSONAL_YEARLY" });
    at("2027-01-01T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    const sub = (await getBillingOverview(ctx(), id)).subscription;
    expect(sub?.plan).toBe("PERSONAL_YEARLY");
    expect(sub?.currentPeriodEnd.toISOString()).toBe("2028-01-01T00:00:00.000Z");
  });
  it("a plan chosen by code: upgrades now with an attempt key, schedules the rest, refuses without a subscription", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    expect(await changePlan(ctx(), { accountId: id, plan: "FREE" })).toEqual({
      ok: false,
      code: "billing.errors.plan",
      field: "plan",
    });
    expect(await changePlan(ctx(), { accountId: id, plan: "PERSONAL_MONTHLY" })).toEqual({
      ok: false,
      code: "billing.errors.noSubscription",
    });
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    for (const attempt of [undefined, null, "short", "no spaces allowed"])
      expect(await changePlan(ctx(), { accountId: id, plan: "COMMERCIAL_MONTHLY", attempt })).toEqual({
        ok: false,
        code: "billing.errors.attempt",
        field: "attempt",
      });
    expect(await planOf(id)).toBe("PERSONAL_MONTHLY");
    const up = await changePlan(ctx(), { accountId: id, plan: "COMMERCIAL_MONTHLY", attempt: "change-plan-1" });
    expect(up).toMatchObject({
      ok: true,
      value: { plan: "COMMERCIAL_MONTHLY", payment: { amountCents: 1499 - 799, plan: "COMMERCIAL_MONTHLY" } },
    });
    expect(await planOf(id)).toBe("COMMERCIAL_MONTHLY");
    expect(await changePlan(ctx(), { accountId: id, plan: "PERSONAL_MONTHLY" })).toEqual({
      ok: true,
      value: { plan: "PERSONAL_MONTHLY", payment: null },
    });
    expect((await getBillingOverview(ctx(), id)).subscription?.pendingPlan).toBe("PERSONAL_MONTHLY");
    expect(await changePlan(ctx(), { accountId: id, plan: "COMMERCIAL_MONTHLY" })).toMatchObject({ ok: true });
    expect(await changePlan(ctx(), { accountId: id, plan: "COMMERCIAL_MONTHLY" })).toEqual({
      ok: false,
      code: "billing.errors.samePlan",
    });
  });
});

describe("canceling, renewing and failed renewals", () => {
  it("a canceled plan lasts until the period end, then the account is FREE; renew undoes it", async () => {
    at("2026-11-10T12:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    const c = await cancelSubscription(ctx(), { accountId: id, reason: "tooExpensive" });
    expect(c).toMatchObject({ ok: true });
    expect(c.ok && c.value.endsAt.toISOString()).toBe("2026-12-10T12:00:00.000Z");
    expect((await getBillingOverview(ctx(), id)).subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      nextBill: null,
    });
    expect(await renewSubscription(ctx(), { accountId: id })).toMatchObject({ ok: true });
    expect(await renewSubscription(ctx(), { accountId: id })).toEqual({
      ok: false,
      code: "billing.errors.notCancelled",
    });
    // "Keep my plan" beside a pending change drops the change; with none pending there is nothing to keep.
    expect(await schedulePlanChange(ctx(), { accountId: id, target: "PERSONAL_YEARLY" })).toMatchObject({ ok: true });
    expect(await keepCurrentPlan(ctx(), { accountId: id })).toMatchObject({
      ok: true,
      value: { plan: "PERSONAL_MONTHLY" },
    });
    expect((await getBillingOverview(ctx(), id)).subscription).toMatchObject({ pendingPlan: null });
    expect(await keepCurrentPlan(ctx(), { accountId: id })).toEqual({ ok: false, code: "billing.errors.samePlan" });
    await cancelSubscription(ctx(), { accountId: id, reason: "other" });
    at("2026-12-10T12:00:00Z");
    await advanceDueSubscriptions(ctx());
    expect(await planOf(id)).toBe("FREE");
    expect((await getBillingOverview(ctx(), id)).subscription).toBeNull();
    expect(await renewSubscription(ctx(), { accountId: id })).toEqual({
      ok: false,
      code: "billing.errors.noSubscription",
    });
    expect(await keepCurrentPlan(ctx(), { accountId: id })).toEqual({
      ok: false,
      code: "billing.errors.noSubscription",
    });
    // The member can buy again later.
    expect(await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) })).toMatchObject({ ok: true });
  });

  it("a failed renewal is past due, retried on days 1, 3 and 7, then FREE with the invoice void", async () => {
    at("2026-11-05T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    declineCharges = true;
    try {
      at("2026-12-05T00:00:00Z");
      await advanceDueSubscriptions(ctx());
      let sub = (await getBillingOverview(ctx(), id)).subscription;
      expect(sub).toMatchObject({ status: "past_due" });
      expect(sub?.nextRetryAt?.toISOString()).toBe("2026-12-06T00:00:00.000Z");
      expect(await planOf(id)).toBe("PERSONAL_MONTHLY");
      at("2026-12-06T00:00:00Z");
      await advanceDueSubscriptions(ctx());
      sub = (await getBillingOverview(ctx(), id)).subscription;
      expect(sub?.nextRetryAt?.toISOString()).toBe("2026-12-08T00:00:00.000Z");
      at("2026-12-08T00:00:00Z");
      await advanceDueSubscriptions(ctx());
      expect((await getBillingOverview(ctx(), id)).subscription?.nextRetryAt?.toISOString()).toBe(
        "2026-12-12T00:00:00.000Z",
      );
      at("2026-12-12T00:00:00Z");
      await advanceDueSubscriptions(ctx());
    } finally {
      declineCharges = false;
    }
    expect(await planOf(id)).toBe("FREE");
    const invoices = (await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 })).items;
    expect(invoices.map((i) => i.status)).toEqual(["void", "paid"]);
    const attempts = (await listPayments(ctx(), { accountId: id, sort: "oldest", page: 1 })).items;
    expect(attempts.map((p) => `${p.kind}:${p.status}`)).toEqual([
      "subscribe:succeeded",
      "renewal:failed",
      "retry:failed",
      "retry:failed",
      "retry:failed",
    ]);
  });

  it("a new card while past due pays the open invoice at once", async () => {
    at("2026-11-05T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    declineCharges = true;
    at("2026-12-05T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    declineCharges = false;
    at("2026-12-07T09:00:00Z");
    const card = { cardNumber: "4242424242424242", cardExpiry: "01/31", cardCvc: "321" };
    expect(await updatePaymentMethod(ctx(), { accountId: id, source: cardSourceOf(card) })).toEqual({
      ok: true,
      value: { brand: "Visa", last4: "4242" },
    });
    const sub = (await getBillingOverview(ctx(), id)).subscription;
    expect(sub).toMatchObject({ status: "active", plan: "PERSONAL_MONTHLY" });
    expect(sub?.currentPeriodEnd.toISOString()).toBe("2027-01-05T00:00:00.000Z");
    expect((await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 })).items[0].status).toBe("paid");
    expect(
      await updatePaymentMethod(ctx(), {
        accountId: id,
        source: cardSourceOf({ ...card, cardNumber: "4000000000000002" }),
      }),
    ).toEqual({ ok: false, code: "billing.errors.declined" });
  });

  it("a new card that fails too while past due uses none of the retry days", async () => {
    at("2026-11-05T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    declineCharges = true;
    try {
      at("2026-12-05T00:00:00Z");
      await advanceDueSubscriptions(ctx());
      at("2026-12-05T10:00:00Z");
      const card = { cardNumber: "4242424242424242", cardExpiry: "01/31", cardCvc: "321" };
      for (let i = 0; i < 4; i++)
        expect(await updatePaymentMethod(ctx(), { accountId: id, source: cardSourceOf(card) })).toMatchObject({
          ok: true,
        });
    } finally {
      declineCharges = false;
    }
    const sub = (await getBillingOverview(ctx(), id)).subscription;
    expect(sub).toMatchObject({ status: "past_due" });
    expect(sub?.nextRetryAt?.toISOString()).toBe("2026-12-06T00:00:00.000Z");
    expect(await planOf(id)).toBe("PERSONAL_MONTHLY");
  });

  it("renews monthly on the anchor day across month and year ends, with gap-free numbers per year", async () => {
    at("2026-12-31T08:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    at("2027-04-01T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    const invoices = (await listInvoices(ctx(), { accountId: id, sort: "oldest", page: 1 })).items;
    expect(invoices.map((i) => i.issuedAt.toISOString())).toEqual([
      "2026-12-31T08:00:00.000Z",
      "2027-01-31T08:00:00.000Z",
      "2027-02-28T08:00:00.000Z",
      "2027-03-31T08:00:00.000Z",
    ]);
    expect(invoices.map((i) => i.number.slice(0, 8))).toEqual(["SN-2026-", "SN-2027-", "SN-2027-", "SN-2027-"]);
    // Every subscription of this file renewed in the same sweep: each year's numbers still run 1..n.
    for (const year of [2026, 2027]) {
      const numbers = await queryRows<{ number: string }>(
        database.db,
        sql`select number from invoice where number like ${`SN-${year}-%`} order by number`,
      );
      expect(numbers.length).toBeGreaterThan(3);
      expect(numbers.map((n) => Number(n.number.slice(-6)))).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});

describe("what a careful attacker or accountant would try", () => {
  it("takes no inherited name for a plan or a country", async () => {
    at("2026-11-20T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    for (const target of ["constructor", "__proto__", "toString"])
      expect(await schedulePlanChange(ctx(), { accountId: id, target: target as never })).toMatchObject({ ok: false });
    expect(paymentSchema.safeParse({ ...form(), country: "constructor" }).success).toBe(false);
    expect(paymentSchema.safeParse({ ...form(), country: "__proto__" }).success).toBe(false);
    const nul = paymentSchema.safeParse({ ...form(), billingName: "Ana\u0000", city: "Ma\ndrid" });
    expect(nul.success ? [] : nul.error.issues.map((i) => i.message)).toEqual([
      "billing.errors.control",
      "billing.errors.control",
    ]);
  });

  it("refuses a charge above the amount the page showed", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    const shown = await subscribe(ctx(), {
      accountId: id,
      ...fromPaymentForm(form({ type: "commercial" })),
      expectedCents: 799,
    });
    expect(shown).toEqual({ ok: false, code: "billing.errors.amountChanged" });
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()), expectedCents: 799 });
    at("2026-11-16T00:00:00Z");
    expect(
      await upgrade(ctx(), {
        accountId: id,
        target: "COMMERCIAL_MONTHLY",
        attempt: "shown-1-xxxx",
        expectedCents: 1000,
      }),
    ).toEqual({ ok: false, code: "billing.errors.amountChanged" });
    expect(
      await upgrade(ctx(), {
        accountId: id,
        target: "COMMERCIAL_MONTHLY",
        attempt: "shown-2-xxxx",
        expectedCents: 1100,
      }),
    ).toMatchObject({ ok: true, value: { amountCents: 1100 } });
  });

  it("an attempt key of one operation is not another's", async () => {
    at("2026-11-01T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form({ attempt: "shared-key-123" })) });
    const up = await upgrade(ctx(), { accountId: id, target: "COMMERCIAL_MONTHLY", attempt: "shared-key-123" });
    expect(up).toMatchObject({ ok: true, value: { plan: "COMMERCIAL_MONTHLY" } });
  });

  it("canceling while past due ends the plan at once, without charging the unpaid period", async () => {
    at("2026-11-05T00:00:00Z");
    const id = await newAccount();
    await subscribe(ctx(), { accountId: id, ...fromPaymentForm(form()) });
    declineCharges = true;
    at("2026-12-05T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    declineCharges = false;
    expect(await schedulePlanChange(ctx(), { accountId: id, target: "PERSONAL_YEARLY" })).toEqual({
      ok: false,
      code: "billing.errors.pastDue",
    });
    const c = await cancelSubscription(ctx(), { accountId: id, reason: "tooExpensive" });
    expect(c.ok && c.value.endsAt.toISOString()).toBe("2026-12-05T00:00:00.000Z");
    expect(await planOf(id)).toBe("FREE");
    at("2026-12-12T00:00:00Z");
    await advanceDueSubscriptions(ctx());
    const invoices = (await listInvoices(ctx(), { accountId: id, sort: "newest", page: 1 })).items;
    expect(invoices.map((i) => i.status)).toEqual(["void", "paid"]);
    const paid = (await listPayments(ctx(), { accountId: id, sort: "newest", page: 1 })).items.filter(
      (p) => p.status === "succeeded",
    );
    expect(paid).toHaveLength(1);
  });

  it("the sweep goes on past a subscription that fails", async () => {
    at("2026-11-07T00:00:00Z");
    const a = await newAccount();
    const b = await newAccount();
    await subscribe(ctx(), { accountId: a, ...fromPaymentForm(form()) });
    await subscribe(ctx(), { accountId: b, ...fromPaymentForm(form()) });
    const broken: BillingContext = {
      ...ctx(),
      payments: {
        ...payments,
        renew: async (i) => {
          if (i.customerId.endsWith(`_${a}`)) throw new Error("provider exploded");
          return payments.renew(i);
        },
      },
    };
    at("2026-12-07T00:00:00Z");
    await advanceDueSubscriptions(broken);
    expect((await getBillingOverview(ctx(), b)).subscription?.currentPeriodEnd.toISOString()).toBe(
      "2027-01-07T00:00:00.000Z",
    );
    expect((await getBillingOverview(ctx(), a)).subscription?.currentPeriodEnd.toISOString()).toBe(
      "2026-12-07T00:00:00.000Z",
    );
  });
});

describe("another account's billing", () => {
  it("is never read through a guessed invoice number or transaction id", async () => {
    at("2026-11-20T00:00:00Z");
    const owner = await newAccount();
    const stranger = await newAccount();
    const paid = await subscribe(ctx(), { accountId: owner, ...fromPaymentForm(form()) });
    if (!paid.ok) throw new Error("not paid");
    const [inv] = (await listInvoices(ctx(), { accountId: owner, sort: "newest", page: 1 })).items;
    expect(await getOwnInvoice(ctx(), { accountId: owner, number: inv.number })).not.toBeNull();
    expect(await getOwnInvoice(ctx(), { accountId: stranger, number: inv.number })).toBeNull();
    expect(await getOwnPayment(ctx(), { accountId: owner, transactionId: paid.value.transactionId })).not.toBeNull();
    expect(await getOwnPayment(ctx(), { accountId: stranger, transactionId: paid.value.transactionId })).toBeNull();
    expect((await listInvoices(ctx(), { accountId: stranger, sort: "newest", page: 1 })).total).toBe(0);
    expect(await cancelSubscription(ctx(), { accountId: stranger, reason: "other" })).toEqual({
      ok: false,
      code: "billing.errors.noSubscription",
    });
  });
});
