/**
 * The billing queries written by hand (repo.ts, reads-repo.ts), each run once against the migrated
 * schema: a renamed or dropped column fails here even where no service test takes that path.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { anonymiseInvoiceBuyers, insertInvoice, nextInvoiceSequence, selectBuyer } from "./invoices-repo.ts";
import {
  insertCard,
  insertPayment,
  selectCard,
  selectNewestCard,
  selectProfile,
  upsertProfile,
} from "./payments-repo.ts";
import { selectInvoicesPage, selectOverview, selectPaymentsPage } from "./reads-repo.ts";
import {
  applySubscriptionPeriod,
  dueSubscriptionIds,
  insertSubscription,
  lockAccountRow,
  lockSubscription,
  selectLiveSubscription,
} from "./repo.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-01T00:00:00Z");
const later = new Date("2026-12-01T00:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe("billing queries written by hand", () => {
  it("read and write the columns they name", async () => {
    const db = database.db;
    const [{ id: accountId }] = await queryRows<{ id: number }>(
      db,
      sql`insert into account (email, username, name, password_hash, verified_at)
          values ('repo@example.com', 'repo', 'Repo Buyer', 'x', now()) returning id`,
    );
    await upsertProfile(db, {
      accountId,
      provider: "sandbox",
      customerId: "cus_1",
      name: "Ana",
      email: "ana@example.com",
      address: "1 Street",
      country: "ES",
      city: "Madrid",
      zip: "28013",
      now,
    });
    await upsertProfile(db, {
      accountId,
      provider: "sandbox",
      customerId: "cus_2",
      name: "Ana",
      email: "ana@example.com",
      address: "2 Street",
      country: "ES",
      city: "Madrid",
      zip: "28013",
      now,
    });
    expect(await selectProfile(db, accountId)).toMatchObject({ customer_id: "cus_2", address: "2 Street" });

    const first = await insertCard(db, {
      accountId,
      provider: "sandbox",
      providerRef: "pm_1",
      brand: "visa",
      last4: "4242",
      expMonth: 12,
      expYear: 2030,
      now,
    });
    const second = await insertCard(db, {
      ...{ accountId, provider: "sandbox", now },
      providerRef: "pm_2",
      brand: "mastercard",
      last4: "4444",
      expMonth: 1,
      expYear: 2031,
    });
    expect(await selectCard(db, first.id)).toMatchObject({ provider_ref: "pm_1", exp_month: 12, exp_year: 2030 });
    expect((await selectNewestCard(db, accountId))?.id).toBe(second.id);

    const subscriptionId = await insertSubscription(db, {
      accountId,
      plan: "PERSONAL_MONTHLY",
      provider: "sandbox",
      providerRef: "sub_1",
      paymentMethodId: first.id,
      periodStart: now,
      periodEnd: later,
      now,
    });
    await db.transaction(async (tx) => {
      expect(await lockAccountRow(tx, accountId)).toEqual({ plan: "FREE", locale: "en" });
      expect((await selectLiveSubscription(tx, accountId, true))?.id).toBe(subscriptionId);
      expect((await lockSubscription(tx, subscriptionId))?.account_id).toBe(accountId);
    });
    expect((await selectLiveSubscription(db, accountId, false))?.payment_method_id).toBe(first.id);
    expect(await dueSubscriptionIds(db, now)).not.toContain(subscriptionId);
    expect(await dueSubscriptionIds(db, later)).toContain(subscriptionId);

    await applySubscriptionPeriod(
      db,
      subscriptionId,
      { plan: "COMMERCIAL_MONTHLY", start: later, end: new Date("2027-01-01T00:00:00Z"), ref: null },
      later,
    );
    expect(await selectLiveSubscription(db, accountId, false)).toMatchObject({
      plan: "COMMERCIAL_MONTHLY",
      provider_ref: "sub_1",
      failed_attempts: 0,
    });

    const a = await nextInvoiceSequence(db, 2099);
    expect(await nextInvoiceSequence(db, 2099)).toBe(a + 1);
    const buyer = await selectBuyer(db, accountId);
    expect(buyer).toEqual({
      name: "Ana",
      email: "ana@example.com",
      address: "2 Street",
      city: "Madrid",
      zip: "28013",
      country: "ES",
    });
    const invoiceId = await insertInvoice(db, {
      accountId,
      subscriptionId,
      number: "SN-2099-000001",
      status: "paid",
      locale: "en",
      subtotalCents: 799,
      creditCents: 0,
      totalCents: 799,
      plan: "PERSONAL_MONTHLY",
      periodStart: now,
      periodEnd: later,
      buyer,
      lines: [{ kind: "plan" }],
      issuedAt: now,
      paidAt: now,
    });
    await insertPayment(db, {
      id: "txn_repo_test_1",
      accountId,
      subscriptionId,
      invoiceId,
      key: "repo:1",
      kind: "subscribe",
      plan: "PERSONAL_MONTHLY",
      status: "succeeded",
      amountCents: 799,
      providerRef: null,
      failureCode: null,
      brand: "visa",
      last4: "4242",
      createdAt: now,
      settledAt: now,
    });

    const overview = await selectOverview(db, accountId);
    expect(overview?.account_plan).toBe("FREE");
    expect(overview?.sub).not.toBeNull();
    expect(overview?.card).not.toBeNull();
    expect(overview?.profile).not.toBeNull();
    const payments = await selectPaymentsPage(db, { accountId, oldestFirst: true, limit: 10, offset: 0 });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: "txn_repo_test_1", number: "SN-2099-000001", amount_cents: 799 });
    expect(Number(payments[0].total)).toBe(1);
    const invoices = await selectInvoicesPage(db, { accountId, oldestFirst: false, limit: 10, offset: 0 });
    expect(invoices[0]).toMatchObject({ number: "SN-2099-000001", total_cents: 799 });

    await anonymiseInvoiceBuyers(db, accountId);
    const [kept] = await queryRows<{ buyer: unknown }>(db, sql`select buyer from invoice where id = ${invoiceId}`);
    const keptBuyer = typeof kept.buyer === "string" ? JSON.parse(kept.buyer) : kept.buyer;
    expect(keptBuyer).toEqual({ name: "", country: "ES" });
  });
});
