/**
 * What the billing parts share: the context, the refusal codes, the rows (their queries are in repo.ts)
 * every part reads and writes, and the calls to the payment provider.
 */
import { randomBytes } from "node:crypto";
import type { Locale, PaidPlanCode, PlanCode } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import type { InvoiceLine } from "./invoices.ts";
import { insertCard, insertPayment, selectAttempt, selectCard, selectProfile } from "./payments-repo.ts";
import { type CardSource, type Charged, PAYMENT_ERRORS, type PaymentProvider, type Refusal } from "./provider.ts";
import {
  type CardRow,
  lockAccountRow,
  type ProfileRow,
  type SubscriptionRow,
  selectLiveSubscription,
  updateAccountPlan,
} from "./repo.ts";

export type { CardRow, ProfileRow, SubscriptionRow };

/**
 * Jobs the billing service asks for: run `advanceSubscription` for a subscription at a moment, send a
 * receipt. The mail ports are there in a request's scope and a job's context; without them (a bare
 * test context) no billing mail is sent at once, and receipts stay owed for the maintenance job.
 */
export type BillingContext = ServiceContext &
  Pick<Scope, "payments" | "jobs"> &
  Partial<Pick<Scope, "mailer" | "origin" | "translate" | "runLater">>;

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

export type BillingResult<V> = Result<
  V,
  string,
  {
    /** The bank asks the cardholder to confirm (3-D Secure): the provider's script takes this secret. */
    action?: { clientSecret: string };
  }
>;

export type Tx = Db;

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
  const row = await selectLiveSubscription(db, accountId, lock);
  return row ? reshapeSubscription(row) : null;
}

/** Serialises billing changes of one account: a second request waits here until the first is done. */
export async function lockAccount(tx: Tx, accountId: number): Promise<{ plan: PlanCode; locale: Locale } | null> {
  return (await lockAccountRow(tx, accountId)) ?? null;
}

export async function setAccountPlan(tx: Tx, accountId: number, plan: PlanCode, now: Date) {
  await updateAccountPlan(tx, accountId, plan, now);
}

export async function profileOf(db: Tx, accountId: number): Promise<ProfileRow | null> {
  return (await selectProfile(db, accountId)) ?? null;
}

export async function cardOf(db: Tx, id: number | null): Promise<CardRow | null> {
  if (id === null) return null;
  return (await selectCard(db, id)) ?? null;
}

/** A payment attempt made earlier with the same idempotency key, if any. */
export async function previousAttempt(db: Tx, accountId: number, key: string) {
  return (await selectAttempt(db, accountId, key)) ?? null;
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
  await insertPayment(tx, {
    id: p.id,
    accountId: p.accountId,
    subscriptionId: p.subscriptionId,
    invoiceId: p.invoiceId,
    key: p.key,
    kind: p.kind,
    plan: p.plan,
    status: p.pending ? "pending" : p.ok ? "succeeded" : "failed",
    amountCents: p.amountCents,
    providerRef: p.providerRef,
    failureCode: p.failureCode,
    brand: p.card?.brand ?? null,
    last4: p.card?.last4 ?? null,
    createdAt: p.now,
    settledAt: p.pending ? null : p.now,
  });
}

export async function saveCard(
  ctx: BillingContext,
  tx: Tx,
  accountId: number,
  customerId: string,
  source: CardSource,
): Promise<Result<CardRow & { fingerprint: string }>> {
  const provider = ctx.payments as PaymentProvider;
  const saved = await reach(ctx, () => provider.saveCard({ customerId, source, now: ctx.clock.now() }));
  if (!saved.ok)
    // The expiry is a field of the sandbox's form; a provider's element shows its own.
    return saved.code === PAYMENT_ERRORS.expired && "card" in source
      ? { ok: false, code: saved.code, field: "cardExpiry" }
      : saved;
  const row = await insertCard(tx, {
    accountId,
    provider: provider.kind,
    providerRef: saved.value.ref,
    brand: saved.value.brand,
    last4: saved.value.last4,
    expMonth: saved.value.expMonth,
    expYear: saved.value.expYear,
    now: ctx.clock.now(),
  });
  return { ok: true, value: { ...row, fingerprint: saved.value.fingerprint } };
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
