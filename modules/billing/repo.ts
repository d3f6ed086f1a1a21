/**
 * The billing module's queries on subscriptions and the account's plan, and the rows the billing parts
 * share (payments-repo.ts has the billing details, cards, payments and the provider's events;
 * invoices-repo.ts the invoices; reads-repo.ts the member's pages). Plain single-table reads and writes
 * use Drizzle's query builder. Hand-written SQL stays for the locks (`for update`: the account, the live
 * subscription), the paid period (the provider's reference kept unless a new one comes), the due sweep,
 * and the whole-row reads (`select *`) whose snake_case shape the billing parts share with the
 * overview's `to_jsonb` read.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Locale, PaidPlanCode, PlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { account, subscription } from "#db/schema/index.ts";
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
  cancel_note: string | null;
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
export type IdRow = { id: number };

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
      cancelNote: null,
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
    .set({ pendingPlan, cancelAtPeriodEnd: false, cancelReason: null, cancelNote: null, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

export async function setSubscriptionCancelReason(
  tx: Executor,
  subscriptionId: number,
  reason: string,
  note: string | null = null,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ cancelReason: reason, cancelNote: note })
    .where(eq(subscription.id, subscriptionId));
}

/** Cancelled at the period end, for a reason (and the member's words on it, if any); a pending change is dropped. */
export async function setSubscriptionCancelled(
  tx: Executor,
  subscriptionId: number,
  reason: string,
  now: Date,
  note: string | null = null,
): Promise<void> {
  await tx
    .update(subscription)
    .set({ cancelAtPeriodEnd: true, cancelReason: reason, cancelNote: note, pendingPlan: null, updatedAt: now })
    .where(eq(subscription.id, subscriptionId));
}

/** A cancellation undone. */
export async function setSubscriptionRenewed(tx: Executor, subscriptionId: number, now: Date): Promise<void> {
  await tx
    .update(subscription)
    .set({ cancelAtPeriodEnd: false, cancelReason: null, cancelNote: null, updatedAt: now })
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
