/**
 * What the billing parts share: the context, the refusal codes, the rows and the queries every part
 * reads and writes, and the calls to the payment provider.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { CURRENCY, type Locale, type PaidPlanCode, type PlanCode } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { InvoiceLine } from "./invoices.ts";
import { type CardSource, type Charged, PAYMENT_ERRORS, type PaymentProvider, type Refusal } from "./provider.ts";

/** Jobs the billing service asks for: run `advanceSubscription` for a subscription at a moment. */
export type BillingContext = ServiceContext & Pick<Scope, "payments" | "jobs">;

/** Expected failures; each code is the translation key of its message. */
export const BILLING_ERRORS = {
  unavailable: "billing.errors.unavailable",
  declined: "billing.errors.declined",
  alreadySubscribed: "billing.errors.alreadySubscribed",
  noSubscription: "billing.errors.noSubscription",
  samePlan: "billing.errors.samePlan",
  notCancelled: "billing.errors.notCancelled",
  cancelled: "billing.errors.cancelled",
  notUpgrade: "billing.errors.notUpgrade",
  pastDue: "billing.errors.pastDue",
  noCard: "billing.errors.noCard",
  cardExpired: "billing.errors.cardExpired",
  attempt: "billing.errors.attempt",
  amountChanged: "billing.errors.amountChanged",
  plan: "billing.errors.plan",
  authenticate: "billing.errors.authenticate",
} as const;

export type BillingResult<V> =
  | { ok: true; value: V }
  | {
      ok: false;
      code: string;
      field?: string;
      /** The bank asks the cardholder to confirm (3-D Secure): the provider's script takes this secret. */
      action?: { clientSecret: string };
    };

export type Tx = Db;

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

export type ProfileRow = {
  customer_id: string;
  name: string;
  email: string;
  address: string;
  country: string;
  city: string;
  zip: string;
};

export type CardRow = {
  id: number;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
};

export const newTransactionId = () => `txn_${randomBytes(12).toString("base64url")}`;
export const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

export function reshapeSubscription(r: SubscriptionRow): SubscriptionRow {
  return {
    ...r,
    anchor_at: asDate(r.anchor_at) as Date,
    current_period_start: asDate(r.current_period_start) as Date,
    current_period_end: asDate(r.current_period_end) as Date,
    next_retry_at: asDate(r.next_retry_at),
    ended_at: asDate(r.ended_at),
  };
}

export async function liveSubscription(db: Tx, accountId: number, lock = false): Promise<SubscriptionRow | null> {
  const rows = await queryRows<SubscriptionRow>(
    db,
    lock
      ? sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due') for update`
      : sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due')`,
  );
  return rows[0] ? reshapeSubscription(rows[0]) : null;
}

/** Serialises billing changes of one account: a second request waits here until the first is done. */
export async function lockAccount(tx: Tx, accountId: number): Promise<{ plan: PlanCode; locale: Locale } | null> {
  const [row] = await queryRows<{ plan: PlanCode; locale: Locale }>(
    tx,
    sql`select plan, locale from account where id = ${accountId} for update`,
  );
  return row ?? null;
}

export async function setAccountPlan(tx: Tx, accountId: number, plan: PlanCode, now: Date) {
  await tx.execute(sql`update account set plan = ${plan}, updated_at = ${now} where id = ${accountId}`);
}

export async function profileOf(db: Tx, accountId: number): Promise<ProfileRow | null> {
  const [row] = await queryRows<ProfileRow>(db, sql`select * from billing_profile where account_id = ${accountId}`);
  return row ?? null;
}

export async function cardOf(db: Tx, id: number | null): Promise<CardRow | null> {
  if (id === null) return null;
  const [row] = await queryRows<CardRow>(db, sql`select * from payment_method where id = ${id}`);
  return row ?? null;
}

/** A payment attempt made earlier with the same idempotency key, if any. */
export async function previousAttempt(db: Tx, accountId: number, key: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    amount_cents: number;
    plan: string;
    failure_code: string | null;
  }>(
    db,
    sql`select id, status, amount_cents, plan, failure_code from payment where account_id = ${accountId} and idempotency_key = ${key}`,
  );
  return row ?? null;
}

type PaymentRecord = {
  id: string;
  accountId: number;
  subscriptionId: number | null;
  invoiceId: number | null;
  key: string;
  kind: "subscribe" | "upgrade" | "renewal" | "retry";
  plan: PaidPlanCode;
  ok: boolean;
  /** Waiting for the cardholder to confirm (3-D Secure); settled by `completeSubscribe`. */
  pending?: boolean;
  amountCents: number;
  providerRef: string | null;
  failureCode: string | null;
  card: { brand: string; last4: string } | null;
  now: Date;
};

export async function recordPayment(tx: Tx, p: PaymentRecord) {
  await tx.execute(sql`
    insert into payment (id, account_id, subscription_id, invoice_id, idempotency_key, kind, plan, status, amount_cents,
                         currency, provider_ref, failure_code, brand, last4, created_at, settled_at)
    values (${p.id}, ${p.accountId}, ${p.subscriptionId}, ${p.invoiceId}, ${p.key}, ${p.kind}, ${p.plan},
            ${p.pending ? "pending" : p.ok ? "succeeded" : "failed"}, ${p.amountCents}, ${CURRENCY}, ${p.providerRef},
            ${p.failureCode}, ${p.card?.brand ?? null}, ${p.card?.last4 ?? null}, ${p.now}, ${p.pending ? null : p.now})`);
}

export async function saveCard(
  ctx: BillingContext,
  tx: Tx,
  accountId: number,
  customerId: string,
  source: CardSource,
): Promise<{ ok: true; card: CardRow & { fingerprint: string } } | { ok: false; code: string; field?: string }> {
  const provider = ctx.payments as PaymentProvider;
  const saved = await reach(ctx, () => provider.saveCard({ customerId, source, now: ctx.clock.now() }));
  if (!saved.ok)
    // The expiry is a field of the sandbox's form; a provider's element shows its own.
    return saved.code === PAYMENT_ERRORS.expired && "card" in source
      ? { ok: false, code: saved.code, field: "cardExpiry" }
      : saved;
  const [row] = await queryRows<CardRow>(
    tx,
    sql`insert into payment_method (account_id, provider, provider_ref, brand, last4, exp_month, exp_year, created_at)
        values (${accountId}, ${provider.kind}, ${saved.card.ref}, ${saved.card.brand}, ${saved.card.last4},
                ${saved.card.expMonth}, ${saved.card.expYear}, ${ctx.clock.now()})
        returning *`,
  );
  return { ok: true, card: { ...row, fingerprint: saved.card.fingerprint } };
}

export type PaymentOutcome = { transactionId: string; amountCents: number; plan: PaidPlanCode };
/**
 * Runs a call to the provider; an outage (a network error, a 5xx) becomes the coded refusal "the
 * payment service did not answer" instead of an exception, so no page answers 500 for it.
 */
export async function reach<T>(ctx: BillingContext, call: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error("payment provider unavailable", { error: (error as Error).name });
    return { ok: false, code: PAYMENT_ERRORS.unavailable };
  }
}
export const refused = (v: unknown): v is Refusal =>
  typeof v === "object" && v !== null && (v as Refusal).ok === false && typeof (v as Refusal).code === "string";

/** The invoice lines of a charge: the plan for its period, and the credit for the unused period before. */
export function linesOf(
  plan: PaidPlanCode,
  charged: Charged,
  credit?: { plan: PaidPlanCode; until: Date },
): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    {
      kind: "plan",
      plan,
      from: charged.periodStart.toISOString(),
      to: charged.periodEnd.toISOString(),
      amountCents: charged.amountCents + charged.creditCents,
    },
  ];
  if (credit && charged.creditCents > 0)
    lines.push({
      kind: "credit",
      plan: credit.plan,
      from: charged.periodStart.toISOString(),
      to: credit.until.toISOString(),
      amountCents: -charged.creditCents,
    });
  return lines;
}
