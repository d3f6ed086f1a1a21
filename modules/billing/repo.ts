/**
 * The billing module's writes and the reads its changes make: subscriptions, the account's plan, cards,
 * billing details, payments, invoices and the provider's events. Plain single-table reads and writes use
 * Drizzle's query builder. Hand-written SQL stays for the locks (`for update`: the account, the live
 * subscription), the upserts whose conflict does the work (the billing details, the year's invoice
 * counter, which numbers invoices without gaps), the buyer read with its fallbacks, the invoice insert
 * (buyer and lines kept as jsonb, as issued) and the buyers' anonymisation, the paid period (the
 * provider's reference kept unless a new one comes), the due sweep, and the whole-row reads (`select *`)
 * whose snake_case shape the billing parts share with the overview's `to_jsonb` read (reads-repo.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { CURRENCY, type Locale, type PaidPlanCode, type PlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import {
  account,
  billingEvent,
  billingProfile,
  invoice,
  type invoiceCounter,
  payment,
  paymentMethod,
  subscription,
} from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** A subscription row as the database has it (`select *`). */
export type SubscriptionRow = {
  id: number;
  account_id: number;
  plan: PaidPlanCode;
  status: "active" | "past_due" | "ended";
  provider: string;
  provider_ref: string | null;
  payment_method_id: number | null;
  anchor_at: Date;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  cancel_reason: string | null;
  pending_plan: PaidPlanCode | null;
  failed_attempts: number;
  next_retry_at: Date | null;
  ended_at: Date | null;
};

/** The billing details kept for an account (what the parts read of `select * from billing_profile`). */
export type ProfileRow = {
  customer_id: string;
  name: string;
  email: string;
  address: string;
  country: string;
  city: string;
  zip: string;
};

/** A kept card (what the parts read of `select * from payment_method`). */
export type CardRow = {
  id: number;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

/** A row's id (what an insert returns, what the due sweep lists). */
type IdRow = { id: number };

/* ---- The account ---- */

/** What a billing change reads of the account it locks. */
export type LockedAccountRow = { plan: PlanCode; locale: Locale };

/** Locks the account row for the transaction (serialises one account's billing changes). */
export async function lockAccountRow(tx: Executor, accountId: number): Promise<LockedAccountRow | undefined> {
  const [row] = await queryRows<LockedAccountRow>(
    tx,
    sql`select plan, locale from account where id = ${accountId} for update`,
  );
  return row;
}

export async function updateAccountPlan(tx: Executor, accountId: number, plan: PlanCode, now: Date): Promise<void> {
  await tx.update(account).set({ plan, updatedAt: now }).where(eq(account.id, accountId));
}

export async function accountLocale(db: Executor, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ locale: account.locale }).from(account).where(eq(account.id, accountId));
  return row?.locale;
}

/* ---- Subscriptions ---- */

/** The account's live subscription (active or past due), locked for the transaction when asked. */
export async function selectLiveSubscription(
  db: Executor,
  accountId: number,
  lock: boolean,
): Promise<SubscriptionRow | undefined> {
  const [row] = await queryRows<SubscriptionRow>(
    db,
    lock
      ? sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due') for update`
      : sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due')`,
  );
  return row;
}

/** A subscription by id, locked for the transaction. */
export async function lockSubscription(tx: Executor, subscriptionId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await queryRows<SubscriptionRow>(
    tx,
    sql`select * from subscription where id = ${subscriptionId} for update`,
  );
  return row;
}

/** The account a subscription belongs to, or undefined. */
export async function subscriptionAccountId(db: Executor, subscriptionId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: subscription.accountId })
    .from(subscription)
    .where(eq(subscription.id, subscriptionId));
  return row?.accountId;
}

/** Our newest subscription with a provider's reference, or undefined. */
export async function subscriptionIdByProviderRef(
  db: Executor,
  provider: string,
  providerRef: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: subscription.id })
    .from(subscription)
    .where(and(eq(subscription.provider, provider), eq(subscription.providerRef, providerRef)))
    .orderBy(desc(subscription.id))
    .limit(1);
  return row?.id;
}

/** Subscriptions with something due at `now` (a period end, a retry), the most overdue first, 500 at most. */
export async function dueSubscriptionIds(db: Executor, now: Date): Promise<number[]> {
  const rows = await queryRows<IdRow>(
    db,
    sql`select id from subscription
        where (status = 'active' and current_period_end <= ${now}) or (status = 'past_due' and coalesce(next_retry_at, ${now}) <= ${now})
        order by coalesce(next_retry_at, current_period_end), id limit 500`,
  );
  return rows.map((r) => r.id);
}

export async function insertSubscription(
  tx: Executor,
  row: {
    accountId: number;
    plan: PaidPlanCode;
    provider: string;
    providerRef: string | null;
    paymentMethodId: number;
    periodStart: Date;
    periodEnd: Date;
    now: Date;
  },
): Promise<number> {
  const [created] = await tx
    .insert(subscription)
    .values({
      accountId: row.accountId,
      plan: row.plan,
      status: "active",
      provider: row.provider,
      providerRef: row.providerRef,
      paymentMethodId: row.paymentMethodId,
      anchorAt: row.periodStart,
      currentPeriodStart: row.periodStart,
      currentPeriodEnd: row.periodEnd,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: subscription.id });
  return created.id;
}

/** A paid period: active on its plan, nothing pending or failed, the provider's reference when it names one. */
export async function applySubscriptionPeriod(
  tx: Executor,
  subscriptionId: number,
  period: { plan: PaidPlanCode; start: Date; end: Date; ref: string | null },
  at: Date,
): Promise<void> {
  await tx.execute(sql`
    update subscription set status = 'active', plan = ${period.plan}, pending_plan = null, failed_attempts = 0,
      next_retry_at = null, current_period_start = ${period.start}, current_period_end = ${period.end},
      provider_ref = coalesce(${period.ref}, provider_ref), updated_at = ${at}
    where id = ${subscriptionId}`);
}

/** An upgrade paid at once: the new plan starts a new period now (and its anchor); nothing is cancelled. */
export async function applySubscriptionUpgrade(
  tx: Executor,
  subscriptionId: number,
  change: { plan: PaidPlanCode; start: Date; end: Date; pendingPlan: PaidPlanCode | null },
  now: Date,
): Promise<void> {
  await tx
    .update(subscription)
    .set({
      plan: change.plan,
      anchorAt: change.start,
      currentPeriodStart: change.start,
      currentPeriodEnd: change.end,
      pendingPlan: change.pendingPlan,
      cancelAtPeriodEnd: false,
      cancelReason: null,
      updatedAt: now,
    })
    .where(eq(subscription.id, subscriptionId));
}

export async function setSubscriptionAnchor(tx: Executor, subscriptionId: number, anchorAt: Date): Promise<void> {
  await tx.update(subscription).set({ anchorAt }).where(eq(subscription.id, subscriptionId));
}

/** A failed renewal or retry: past due, with the attempts failed so far and when to try again. */
export async function setSubscriptionPastDue(
  tx: Executor,
  subscriptionId: number,
  retry: { failedAttempts: number; nextRetryAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ status: "past_due", failedAttempts: retry.failedAttempts, nextRetryAt: retry.nextRetryAt, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

/** Another failed retry of a past-due subscription (its status stays). */
export async function setSubscriptionRetry(
  tx: Executor,
  subscriptionId: number,
  retry: { failedAttempts: number; nextRetryAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ failedAttempts: retry.failedAttempts, nextRetryAt: retry.nextRetryAt, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

export async function setSubscriptionEnded(tx: Executor, subscriptionId: number, at: Date): Promise<void> {
  await tx
    .update(subscription)
    .set({ status: "ended", endedAt: at, nextRetryAt: null, updatedAt: at })
    .where(eq(subscription.id, subscriptionId));
}

/** A pending plan change (or none); either undoes a cancellation. */
export async function setSubscriptionPendingPlan(
  tx: Executor,
  subscriptionId: number,
  pendingPlan: PaidPlanCode | null,
  now: Date,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ pendingPlan, cancelAtPeriodEnd: false, cancelReason: null, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

export async function setSubscriptionCancelReason(tx: Executor, subscriptionId: number, reason: string): Promise<void> {
  await tx.update(subscription).set({ cancelReason: reason }).where(eq(subscription.id, subscriptionId));
}

/** Cancelled at the period end, for a reason; a pending change is dropped. */
export async function setSubscriptionCancelled(
  tx: Executor,
  subscriptionId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ cancelAtPeriodEnd: true, cancelReason: reason, pendingPlan: null, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

/** A cancellation undone. */
export async function setSubscriptionRenewed(tx: Executor, subscriptionId: number, now: Date): Promise<void> {
  await tx
    .update(subscription)
    .set({ cancelAtPeriodEnd: false, cancelReason: null, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

export async function setSubscriptionCard(
  tx: Executor,
  subscriptionId: number,
  paymentMethodId: number,
  now: Date,
): Promise<void> {
  await tx.update(subscription).set({ paymentMethodId, updatedAt: now }).where(eq(subscription.id, subscriptionId));
}

/* ---- Billing details ---- */

export async function selectProfile(db: Executor, accountId: number): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(db, sql`select * from billing_profile where account_id = ${accountId}`);
  return row;
}

/** Keeps an account's billing details and its customer at the provider (one row per account). */
export async function upsertProfile(
  tx: Executor,
  row: {
    accountId: number;
    provider: string;
    customerId: string;
    name: string;
    email: string;
    address: string;
    country: string;
    city: string;
    zip: string;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into billing_profile (account_id, provider, customer_id, name, email, address, country, city, zip, updated_at)
    values (${row.accountId}, ${row.provider}, ${row.customerId}, ${row.name}, ${row.email},
            ${row.address}, ${row.country}, ${row.city}, ${row.zip}, ${row.now})
    on conflict (account_id) do update set provider = excluded.provider, customer_id = excluded.customer_id,
      name = excluded.name, email = excluded.email, address = excluded.address, country = excluded.country,
      city = excluded.city, zip = excluded.zip, updated_at = excluded.updated_at`);
}

/** The provider and customer of an account's billing details, or undefined. */
export async function selectProfileCustomer(
  db: Executor,
  accountId: number,
): Promise<{ provider: string; customerId: string } | undefined> {
  const [row] = await db
    .select({ provider: billingProfile.provider, customerId: billingProfile.customerId })
    .from(billingProfile)
    .where(eq(billingProfile.accountId, accountId));
  return row;
}

export async function deleteProfile(tx: Executor, accountId: number): Promise<void> {
  await tx.delete(billingProfile).where(eq(billingProfile.accountId, accountId));
}

/* ---- Cards ---- */

export async function selectCard(db: Executor, id: number): Promise<CardRow | undefined> {
  const [row] = await queryRows<CardRow>(db, sql`select * from payment_method where id = ${id}`);
  return row;
}

/** The account's newest card. */
export async function selectNewestCard(db: Executor, accountId: number): Promise<CardRow | undefined> {
  const [row] = await queryRows<CardRow>(
    db,
    sql`select * from payment_method where account_id = ${accountId} order by id desc limit 1`,
  );
  return row;
}

export async function insertCard(
  tx: Executor,
  row: {
    accountId: number;
    provider: string;
    providerRef: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    now: Date;
  },
): Promise<CardRow> {
  const [card] = await queryRows<CardRow>(
    tx,
    sql`insert into payment_method (account_id, provider, provider_ref, brand, last4, exp_month, exp_year, created_at)
        values (${row.accountId}, ${row.provider}, ${row.providerRef}, ${row.brand}, ${row.last4},
                ${row.expMonth}, ${row.expYear}, ${row.now})
        returning *`,
  );
  return card;
}

/** A card no longer used (replaced by another). */
export async function detachCard(tx: Executor, id: number, now: Date): Promise<void> {
  await tx.update(paymentMethod).set({ detachedAt: now }).where(eq(paymentMethod.id, id));
}

/** Every card of an account forgotten (those detached before keep their date). */
export async function detachAccountCards(tx: Executor, accountId: number, now: Date): Promise<void> {
  await tx
    .update(paymentMethod)
    .set({ detachedAt: sql`coalesce(${paymentMethod.detachedAt}, ${now})` })
    .where(eq(paymentMethod.accountId, accountId));
}

/* ---- Payments ---- */

/** A payment attempt with an idempotency key of an account's. */
export type AttemptRow = {
  id: string;
  status: string;
  amount_cents: number;
  plan: string;
  failure_code: string | null;
};

export async function selectAttempt(db: Executor, accountId: number, key: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select({
      id: payment.id,
      status: payment.status,
      amount_cents: payment.amountCents,
      plan: payment.plan,
      failure_code: payment.failureCode,
    })
    .from(payment)
    .where(and(eq(payment.accountId, accountId), eq(payment.idempotencyKey, key)));
  return row;
}

export async function insertPayment(
  tx: Executor,
  p: {
    id: string;
    accountId: number;
    subscriptionId: number | null;
    invoiceId: number | null;
    key: string;
    kind: string;
    plan: PaidPlanCode;
    status: "pending" | "succeeded" | "failed";
    amountCents: number;
    providerRef: string | null;
    failureCode: string | null;
    brand: string | null;
    last4: string | null;
    createdAt: Date;
    settledAt: Date | null;
  },
): Promise<void> {
  await tx.insert(payment).values({
    id: p.id,
    accountId: p.accountId,
    subscriptionId: p.subscriptionId,
    invoiceId: p.invoiceId,
    idempotencyKey: p.key,
    kind: p.kind,
    plan: p.plan,
    status: p.status,
    amountCents: p.amountCents,
    currency: CURRENCY,
    providerRef: p.providerRef,
    failureCode: p.failureCode,
    brand: p.brand,
    last4: p.last4,
    createdAt: p.createdAt,
    settledAt: p.settledAt,
  });
}

/** The provider's reference of a payment (a pending first payment's subscription). */
export async function selectPaymentProviderRef(db: Executor, id: string): Promise<string | null | undefined> {
  const [row] = await db.select({ providerRef: payment.providerRef }).from(payment).where(eq(payment.id, id));
  return row ? row.providerRef : undefined;
}

/** A pending first payment confirmed: succeeded, with its subscription, invoice and amount. */
export async function settlePendingPayment(
  tx: Executor,
  id: string,
  s: { subscriptionId: number; invoiceId: number; amountCents: number; providerRef: string | null; now: Date },
): Promise<void> {
  await tx
    .update(payment)
    .set({
      status: "succeeded",
      subscriptionId: s.subscriptionId,
      invoiceId: s.invoiceId,
      amountCents: s.amountCents,
      providerRef: s.providerRef,
      settledAt: s.now,
    })
    .where(eq(payment.id, id));
}

/** A pending first payment refused. */
export async function failPendingPayment(tx: Executor, id: string, failureCode: string, now: Date): Promise<void> {
  await tx.update(payment).set({ status: "failed", failureCode, settledAt: now }).where(eq(payment.id, id));
}

/* ---- Invoices ---- */

/**
 * The year's next invoice number: the counter row is bumped with an upsert, whose lock holds until the
 * transaction ends, so numbers come out in order and a rolled-back transaction gives its number back.
 */
export async function nextInvoiceSequence(tx: Executor, year: number): Promise<number> {
  const [counter] = await queryRows<Pick<typeof invoiceCounter.$inferSelect, "last">>(
    tx,
    sql`insert into invoice_counter (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counter.last + 1 returning last`,
  );
  return Number(counter.last);
}

/** Who an invoice is made out to: the billing details, else the account's name and e-mail. */
export type BuyerRow = {
  name: string;
  email: string;
  address: string;
  city: string;
  zip: string;
  country: string;
};

export async function selectBuyer(db: Executor, accountId: number): Promise<BuyerRow | undefined> {
  const [row] = await queryRows<BuyerRow>(
    db,
    sql`select coalesce(p.name, a.name) as name, coalesce(p.email, a.email) as email, coalesce(p.address, '') as address,
               coalesce(p.city, '') as city, coalesce(p.zip, '') as zip, coalesce(p.country, '') as country
        from account a left join billing_profile p on p.account_id = a.id where a.id = ${accountId}`,
  );
  return row;
}

export async function insertInvoice(
  tx: Executor,
  row: {
    accountId: number;
    subscriptionId: number;
    number: string;
    status: "paid" | "open";
    locale: Locale;
    subtotalCents: number;
    creditCents: number;
    totalCents: number;
    plan: PaidPlanCode;
    periodStart: Date;
    periodEnd: Date;
    buyer: BuyerRow | undefined;
    lines: unknown[];
    issuedAt: Date;
    paidAt: Date | null;
  },
): Promise<number> {
  const [created] = await queryRows<IdRow>(
    tx,
    sql`insert into invoice (account_id, subscription_id, number, status, locale, currency, subtotal_cents, credit_cents,
                             total_cents, plan, period_start, period_end, buyer, lines, issued_at, paid_at)
        values (${row.accountId}, ${row.subscriptionId}, ${row.number}, ${row.status}, ${row.locale}, ${CURRENCY},
                ${row.subtotalCents}, ${row.creditCents}, ${row.totalCents}, ${row.plan}, ${row.periodStart},
                ${row.periodEnd}, ${JSON.stringify(row.buyer)}::jsonb, ${JSON.stringify(row.lines)}::jsonb,
                ${row.issuedAt}, ${row.paidAt})
        returning id`,
  );
  return created.id;
}

/** The newest open invoice of a subscription, or undefined. */
export async function selectOpenInvoice(
  db: Executor,
  subscriptionId: number,
): Promise<{ id: number; totalCents: number; plan: PaidPlanCode; periodStart: Date; periodEnd: Date } | undefined> {
  const [row] = await db
    .select({
      id: invoice.id,
      totalCents: invoice.totalCents,
      plan: invoice.plan,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
    })
    .from(invoice)
    .where(and(eq(invoice.subscriptionId, subscriptionId), eq(invoice.status, "open")))
    .orderBy(desc(invoice.id))
    .limit(1);
  return row ? { ...row, plan: row.plan as PaidPlanCode } : undefined;
}

export async function markInvoicePaid(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(invoice).set({ status: "paid", paidAt: at }).where(eq(invoice.id, id));
}

export async function voidInvoice(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(invoice).set({ status: "void", voidedAt: at }).where(eq(invoice.id, id));
}

/** A subscription's open invoices void. */
export async function voidOpenInvoices(tx: Executor, subscriptionId: number, at: Date): Promise<void> {
  await tx
    .update(invoice)
    .set({ status: "void", voidedAt: at })
    .where(and(eq(invoice.subscriptionId, subscriptionId), eq(invoice.status, "open")));
}

/** The invoices kept for accounting keep no personal data of the buyer but the country. */
export async function anonymiseInvoiceBuyers(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(
    sql`update invoice set buyer = jsonb_build_object('name', '', 'country', buyer->'country') where account_id = ${accountId}`,
  );
}

/* ---- Provider events ---- */

export async function billingEventSeen(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: billingEvent.eventId })
    .from(billingEvent)
    .where(and(eq(billingEvent.provider, provider), eq(billingEvent.eventId, eventId)));
  return rows.length > 0;
}

/** An event applied; one already recorded is left as it is. */
export async function insertBillingEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; receivedAt: Date },
): Promise<void> {
  await db.insert(billingEvent).values(event).onConflictDoNothing();
}
