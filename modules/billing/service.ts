import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  BILLING,
  type CancelReason,
  CURRENCY,
  type Locale,
  type PaidPlanCode,
  type PlanCode,
} from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { ServiceContext } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type InvoiceLine, issueInvoice } from "./invoices.ts";
import { addDays, nextPeriodEnd, periodBoundary, unusedCredit } from "./periods.ts";
import {
  BILLING_SORTS,
  type BillingSort,
  isPaidPlan,
  type PlanChange,
  planChange,
  planCode,
  planInfo,
} from "./plans.ts";
import {
  type CardSource,
  type Charged,
  PAYMENT_ERRORS,
  type PaymentProvider,
  type Refusal,
  type Renewal,
} from "./provider.ts";
import { type CardFormInput, type PaymentInput, parseExpiry } from "./schemas.ts";

/** Jobs the billing service asks for: run `advanceSubscription` for a subscription at a moment. */
export type BillingJobs = {
  scheduleSubscription(subscriptionId: number, at: Date): Promise<void>;
  /** Asks the provider again, with back-off, to delete a deleted account's customer record. */
  scheduleCustomerDeletion?(customerId: string): Promise<void>;
};

export type BillingContext = ServiceContext & {
  /** The payment provider; null where none is configured (no sandbox outside demo mode, no Stripe key). */
  payments: PaymentProvider | null;
  jobs?: BillingJobs;
};

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

type Tx = Db;

type SubscriptionRow = {
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

type ProfileRow = {
  customer_id: string;
  name: string;
  email: string;
  address: string;
  country: string;
  city: string;
  zip: string;
};

type CardRow = { id: number; provider_ref: string; brand: string; last4: string; exp_month: number; exp_year: number };

const newTransactionId = () => `txn_${randomBytes(12).toString("base64url")}`;
const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

function reshapeSubscription(r: SubscriptionRow): SubscriptionRow {
  return {
    ...r,
    anchor_at: asDate(r.anchor_at) as Date,
    current_period_start: asDate(r.current_period_start) as Date,
    current_period_end: asDate(r.current_period_end) as Date,
    next_retry_at: asDate(r.next_retry_at),
    ended_at: asDate(r.ended_at),
  };
}

async function liveSubscription(db: Tx, accountId: number, lock = false): Promise<SubscriptionRow | null> {
  const rows = await queryRows<SubscriptionRow>(
    db,
    lock
      ? sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due') for update`
      : sql`select * from subscription where account_id = ${accountId} and status in ('active', 'past_due')`,
  );
  return rows[0] ? reshapeSubscription(rows[0]) : null;
}

/** Serialises billing changes of one account: a second request waits here until the first is done. */
async function lockAccount(tx: Tx, accountId: number): Promise<{ plan: PlanCode; locale: Locale } | null> {
  const [row] = await queryRows<{ plan: PlanCode; locale: Locale }>(
    tx,
    sql`select plan, locale from account where id = ${accountId} for update`,
  );
  return row ?? null;
}

async function setAccountPlan(tx: Tx, accountId: number, plan: PlanCode, now: Date) {
  await tx.execute(sql`update account set plan = ${plan}, updated_at = ${now} where id = ${accountId}`);
}

async function profileOf(db: Tx, accountId: number): Promise<ProfileRow | null> {
  const [row] = await queryRows<ProfileRow>(db, sql`select * from billing_profile where account_id = ${accountId}`);
  return row ?? null;
}

async function cardOf(db: Tx, id: number | null): Promise<CardRow | null> {
  if (id === null) return null;
  const [row] = await queryRows<CardRow>(db, sql`select * from payment_method where id = ${id}`);
  return row ?? null;
}

/** A payment attempt made earlier with the same idempotency key, if any. */
async function previousAttempt(db: Tx, accountId: number, key: string) {
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

async function recordPayment(tx: Tx, p: PaymentRecord) {
  await tx.execute(sql`
    insert into payment (id, account_id, subscription_id, invoice_id, idempotency_key, kind, plan, status, amount_cents,
                         currency, provider_ref, failure_code, brand, last4, created_at, settled_at)
    values (${p.id}, ${p.accountId}, ${p.subscriptionId}, ${p.invoiceId}, ${p.key}, ${p.kind}, ${p.plan},
            ${p.pending ? "pending" : p.ok ? "succeeded" : "failed"}, ${p.amountCents}, ${CURRENCY}, ${p.providerRef},
            ${p.failureCode}, ${p.card?.brand ?? null}, ${p.card?.last4 ?? null}, ${p.now}, ${p.pending ? null : p.now})`);
}

/** Billing details as the payment form and GraphQL take them. */
export type BillingDetails = Pick<
  PaymentInput,
  "billingName" | "billingEmail" | "address" | "country" | "city" | "zip"
>;

/** The service's input from a parsed payment form (or GraphQL input). */
export function fromPaymentForm(
  form: Omit<PaymentInput, "cardNumber" | "cardExpiry" | "cardCvc"> & Partial<CardFormInput> & { cardToken?: string },
) {
  return {
    details: {
      billingName: form.billingName,
      billingEmail: form.billingEmail,
      address: form.address,
      country: form.country,
      city: form.city,
      zip: form.zip,
    },
    type: form.type,
    period: form.period,
    attempt: form.attempt,
    source: cardSourceOf(form),
    expectedCents: form.expected === undefined ? undefined : Number(form.expected),
  };
}

/** The card of a form: typed (sandbox) or a provider token. */
export function cardSourceOf(form: Partial<CardFormInput> & { cardToken?: string }): CardSource {
  if (form.cardToken) return { token: form.cardToken };
  const { month, year } = parseExpiry(form.cardExpiry ?? "");
  return { card: { number: form.cardNumber ?? "", expMonth: month, expYear: year, cvc: form.cardCvc ?? "" } };
}

async function saveCard(
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
/** A purchase's result inside its transaction, with the job to schedule once it committed. */
type Purchase = BillingResult<PaymentOutcome> & { schedule?: { id: number; at: Date } };

/**
 * Runs a call to the provider; an outage (a network error, a 5xx) becomes the coded refusal "the
 * payment service did not answer" instead of an exception, so no page answers 500 for it.
 */
async function reach<T>(ctx: BillingContext, call: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await call();
  } catch (error) {
    ctx.log.error("payment provider unavailable", { error: (error as Error).name });
    return { ok: false, code: PAYMENT_ERRORS.unavailable };
  }
}
const refused = (v: unknown): v is Refusal =>
  typeof v === "object" && v !== null && (v as Refusal).ok === false && typeof (v as Refusal).code === "string";

/** The answer to a repeated submission: the first attempt's outcome, never a second charge. */
function replay(prev: NonNullable<Awaited<ReturnType<typeof previousAttempt>>>): BillingResult<PaymentOutcome> {
  if (prev.status === "pending") return { ok: false, code: BILLING_ERRORS.authenticate };
  if (prev.status === "succeeded")
    return {
      ok: true,
      value: { transactionId: prev.id, amountCents: prev.amount_cents, plan: prev.plan as PaidPlanCode },
    };
  return { ok: false, code: prev.failure_code ?? BILLING_ERRORS.declined };
}

/** The invoice lines of a charge: the plan for its period, and the credit for the unused period before. */
function linesOf(plan: PaidPlanCode, charged: Charged, credit?: { plan: PaidPlanCode; until: Date }): InvoiceLine[] {
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

/**
 * Buys a plan from FREE: keeps the billing details and the card, charges the first period, opens the
 * subscription and issues a paid invoice, all while the account is locked, so a double click, a reload
 * or a retry with the same attempt key answers the first outcome instead of charging again.
 */
export async function subscribe(
  ctx: BillingContext,
  input: {
    accountId: number;
    details: BillingDetails;
    type: PaymentInput["type"];
    period: PaymentInput["period"];
    attempt: string;
    source: CardSource;
    /** What the page showed; a higher price is refused (the page shows the new one). */
    expectedCents?: number;
  },
): Promise<BillingResult<PaymentOutcome>> {
  const provider = ctx.payments;
  if (!provider) return { ok: false, code: BILLING_ERRORS.unavailable };
  const { accountId, details, attempt } = input;
  const plan = planCode(input.type, input.period === "monthly" ? "month" : "year");
  if (input.expectedCents !== undefined && planInfo(plan).priceCents > input.expectedCents)
    return { ok: false, code: BILLING_ERRORS.amountChanged };
  const result = await ctx.db.transaction(async (tx): Promise<Purchase> => {
    const account = await lockAccount(tx, accountId);
    if (!account) return { ok: false as const, code: BILLING_ERRORS.noSubscription };
    // Attempt keys are per operation: a key used to subscribe is not an upgrade's.
    const key = `subscribe:${attempt}`;
    const prev = await previousAttempt(tx, accountId, key);
    if (prev) return replay(prev);
    if (await liveSubscription(tx, accountId)) return { ok: false as const, code: BILLING_ERRORS.alreadySubscribed };
    const now = ctx.clock.now();
    const existing = await profileOf(tx, accountId);
    const customerId = await reach(ctx, () =>
      provider.ensureCustomer({
        accountId,
        email: details.billingEmail,
        name: details.billingName,
        address: { line1: details.address, city: details.city, zip: details.zip ?? "", country: details.country },
        existing: existing?.customer_id,
        idempotencyKey: `customer:${accountId}:${attempt}`,
      }),
    );
    if (refused(customerId)) return customerId;
    await tx.execute(sql`
      insert into billing_profile (account_id, provider, customer_id, name, email, address, country, city, zip, updated_at)
      values (${accountId}, ${provider.kind}, ${customerId}, ${details.billingName}, ${details.billingEmail},
              ${details.address}, ${details.country}, ${details.city}, ${details.zip ?? ""}, ${now})
      on conflict (account_id) do update set provider = excluded.provider, customer_id = excluded.customer_id,
        name = excluded.name, email = excluded.email, address = excluded.address, country = excluded.country,
        city = excluded.city, zip = excluded.zip, updated_at = excluded.updated_at`);
    const payment = {
      id: newTransactionId(),
      accountId,
      subscriptionId: null,
      invoiceId: null,
      key,
      kind: "subscribe" as const,
      plan,
      amountCents: planInfo(plan).priceCents,
      now,
    };
    const saved = await saveCard(ctx, tx, accountId, customerId, input.source);
    if (!saved.ok) {
      await recordPayment(tx, { ...payment, ok: false, providerRef: null, failureCode: saved.code, card: null });
      return saved;
    }
    const card = saved.card;
    const charged = await provider.startSubscription({
      customerId,
      cardRef: card.provider_ref,
      plan,
      now,
      accountId,
      // The same card for the same plan on the same day is one subscription at the provider, whatever our
      // attempt key: a retry after a time-out (or a crash after the provider answered) finds the first.
      idempotencyKey: `subscribe:${accountId}:${plan}:${card.fingerprint}:${now.toISOString().slice(0, 10)}`,
    });
    if (charged.ok === "action") {
      await recordPayment(tx, {
        ...payment,
        ok: false,
        pending: true,
        providerRef: charged.subscriptionRef,
        failureCode: null,
        card,
      });
      return {
        ok: false as const,
        code: BILLING_ERRORS.authenticate,
        action: { clientSecret: charged.clientSecret },
      };
    }
    if (!charged.ok) {
      await recordPayment(tx, { ...payment, ok: false, providerRef: null, failureCode: charged.code, card });
      return { ok: false as const, code: charged.code };
    }
    return finishPurchase(ctx, tx, { paymentId: payment.id, key, pending: false, accountId, plan, card, charged, now });
  });
  if ("schedule" in result && result.schedule)
    await ctx.jobs?.scheduleSubscription(result.schedule.id, result.schedule.at);
  return result.ok ? { ok: true, value: result.value } : result;
}

/**
 * A paid first period: the subscription, its paid invoice and the payment (recorded now, or the pending
 * one settled), and the plan on the account.
 */
async function finishPurchase(
  ctx: BillingContext,
  tx: Tx,
  p: {
    paymentId: string;
    key: string;
    pending: boolean;
    accountId: number;
    plan: PaidPlanCode;
    card: CardRow;
    charged: Charged;
    now: Date;
  },
) {
  const { accountId, plan, card, charged, now } = p;
  const [sub] = await queryRows<{ id: number }>(
    tx,
    sql`insert into subscription (account_id, plan, status, provider, provider_ref, payment_method_id, anchor_at,
                                  current_period_start, current_period_end, created_at, updated_at)
        values (${accountId}, ${plan}, 'active', ${(ctx.payments as PaymentProvider).kind}, ${charged.subscriptionRef},
                ${card.id}, ${charged.periodStart}, ${charged.periodStart}, ${charged.periodEnd}, ${now}, ${now})
        returning id`,
  );
  const invoiceId = await issueInvoice(tx, {
    accountId,
    subscriptionId: sub.id,
    status: "paid",
    locale: ctx.locale,
    plan,
    periodStart: charged.periodStart,
    periodEnd: charged.periodEnd,
    lines: linesOf(plan, charged),
    now,
  });
  if (p.pending)
    await tx.execute(sql`
      update payment set status = 'succeeded', subscription_id = ${sub.id}, invoice_id = ${invoiceId},
        amount_cents = ${charged.amountCents}, provider_ref = ${charged.chargeRef}, settled_at = ${now}
      where id = ${p.paymentId}`);
  else
    await recordPayment(tx, {
      id: p.paymentId,
      accountId,
      subscriptionId: sub.id,
      invoiceId,
      key: p.key,
      kind: "subscribe",
      plan,
      ok: true,
      amountCents: charged.amountCents,
      providerRef: charged.chargeRef,
      failureCode: null,
      card,
      now,
    });
  await setAccountPlan(tx, accountId, plan, now);
  return {
    ok: true as const,
    value: { transactionId: p.paymentId, amountCents: charged.amountCents, plan },
    schedule: { id: sub.id, at: charged.periodEnd },
  };
}

/**
 * After the cardholder confirmed a first payment with the bank (3-D Secure), on the page, with the same
 * attempt key: asks the provider how it ended and finishes the purchase, or answers why not.
 */
export async function completeSubscribe(
  ctx: BillingContext,
  input: { accountId: number; attempt: string },
): Promise<BillingResult<PaymentOutcome>> {
  const provider = ctx.payments;
  if (!provider) return { ok: false, code: BILLING_ERRORS.unavailable };
  const result = await ctx.db.transaction(async (tx): Promise<Purchase> => {
    if (!(await lockAccount(tx, input.accountId))) return { ok: false as const, code: BILLING_ERRORS.noSubscription };
    const key = `subscribe:${input.attempt}`;
    const prev = await previousAttempt(tx, input.accountId, key);
    if (!prev) return { ok: false as const, code: BILLING_ERRORS.attempt };
    if (prev.status !== "pending") return replay(prev);
    const [pending] = await queryRows<{ provider_ref: string | null }>(
      tx,
      sql`select provider_ref from payment where id = ${prev.id}`,
    );
    // The card kept in that attempt: the account's newest.
    const [card] = await queryRows<CardRow>(
      tx,
      sql`select * from payment_method where account_id = ${input.accountId} order by id desc limit 1`,
    );
    if (!pending?.provider_ref || !card) return { ok: false as const, code: BILLING_ERRORS.noCard };
    const outcome = await reach(ctx, () =>
      provider.completeSubscription({ subscriptionRef: pending.provider_ref as string }),
    );
    const now = ctx.clock.now();
    if (outcome.ok === "action")
      return { ok: false as const, code: BILLING_ERRORS.authenticate, action: { clientSecret: outcome.clientSecret } };
    if (!outcome.ok) {
      if (outcome.code === PAYMENT_ERRORS.unavailable) return outcome;
      await tx.execute(
        sql`update payment set status = 'failed', failure_code = ${outcome.code}, settled_at = ${now} where id = ${prev.id}`,
      );
      return outcome;
    }
    const plan = prev.plan as PaidPlanCode;
    return finishPurchase(ctx, tx, {
      paymentId: prev.id,
      key,
      pending: true,
      accountId: input.accountId,
      plan,
      card,
      charged: outcome,
      now,
    });
  });
  if (result.schedule) await ctx.jobs?.scheduleSubscription(result.schedule.id, result.schedule.at);
  return result.ok ? { ok: true, value: result.value } : result;
}

/** What a plan change costs now: the upgrade price, the credit for the unused period, and the amount due. */
export type Quote = {
  change: PlanChange;
  /** The plan that is charged now (an upgrade keeps the current period length). */
  chargedPlan: PaidPlanCode;
  priceCents: number;
  creditCents: number;
  dueCents: number;
  /** When a downgrade or period switch takes effect (the renewal), or now. */
  effectiveAt: Date;
};

/** What choosing `target` means for an account today. */
export async function quotePlan(
  ctx: BillingContext,
  input: { accountId: number; target: PaidPlanCode },
): Promise<Quote> {
  const now = ctx.clock.now();
  const sub = await liveSubscription(ctx.db, input.accountId);
  const target = planInfo(input.target);
  if (!sub)
    return {
      change: "subscribe",
      chargedPlan: input.target,
      priceCents: target.priceCents,
      creditCents: 0,
      dueCents: target.priceCents,
      effectiveAt: now,
    };
  const change = planChange(sub.plan, input.target);
  if (change !== "upgrade")
    return {
      change,
      chargedPlan: input.target,
      priceCents: 0,
      creditCents: 0,
      dueCents: 0,
      effectiveAt: change === "current" ? now : sub.current_period_end,
    };
  const current = planInfo(sub.plan);
  const charged = planCode(target.tier, current.interval);
  const price = planInfo(charged).priceCents;
  const credit = Math.min(
    price,
    unusedCredit(current.priceCents, sub.current_period_start, sub.current_period_end, now),
  );
  return {
    change,
    chargedPlan: charged,
    priceCents: price,
    creditCents: credit,
    dueCents: price - credit,
    effectiveAt: now,
  };
}

/**
 * Upgrades at once with the card on file: the new tier starts a new period now, at the current period
 * length, and the unused part of the current period is credited on the invoice. A different period
 * length chosen with it takes effect at the renewal.
 */
export async function upgrade(
  ctx: BillingContext,
  input: { accountId: number; target: PaidPlanCode; attempt: string; expectedCents?: number },
): Promise<BillingResult<PaymentOutcome>> {
  const provider = ctx.payments;
  if (!provider) return { ok: false, code: BILLING_ERRORS.unavailable };
  const { accountId, target, attempt } = input;
  if (!isPaidPlan(target)) return { ok: false, code: BILLING_ERRORS.plan };
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, accountId))) return { ok: false as const, code: BILLING_ERRORS.noSubscription };
    const key = `upgrade:${attempt}`;
    const prev = await previousAttempt(tx, accountId, key);
    if (prev) return replay(prev);
    const sub = await liveSubscription(tx, accountId, true);
    if (!sub) return { ok: false as const, code: BILLING_ERRORS.noSubscription };
    if (sub.status === "past_due") return { ok: false as const, code: BILLING_ERRORS.pastDue };
    if (planChange(sub.plan, target) !== "upgrade") return { ok: false as const, code: BILLING_ERRORS.notUpgrade };
    const quote = await quotePlan({ ...ctx, db: tx }, { accountId, target });
    if (input.expectedCents !== undefined && quote.dueCents > input.expectedCents)
      return { ok: false as const, code: BILLING_ERRORS.amountChanged };
    const card = await cardOf(tx, sub.payment_method_id);
    const profile = await profileOf(tx, accountId);
    if (!card || !profile) return { ok: false as const, code: BILLING_ERRORS.noCard };
    const now = ctx.clock.now();
    const payment = {
      id: newTransactionId(),
      accountId,
      subscriptionId: sub.id,
      invoiceId: null,
      key,
      kind: "upgrade" as const,
      plan: quote.chargedPlan,
      amountCents: quote.dueCents,
      now,
      card,
    };
    const charged = await provider.upgradeSubscription({
      subscriptionRef: sub.provider_ref,
      customerId: profile.customer_id,
      cardRef: card.provider_ref,
      to: quote.chargedPlan,
      creditCents: quote.creditCents,
      now,
      idempotencyKey: `upgrade:${accountId}:${attempt}`,
    });
    if (!charged.ok) {
      await recordPayment(tx, { ...payment, ok: false, providerRef: null, failureCode: charged.code });
      return { ok: false as const, code: charged.code };
    }
    const pending = target === quote.chargedPlan ? null : target;
    // Charged already: an outage here only leaves the provider renewing the old length until told again.
    // Asked before the invoice is issued, so the year's invoice counter is not held meanwhile.
    await reach(ctx, () =>
      provider.setCancelAtPeriodEnd({
        subscriptionRef: charged.subscriptionRef ?? sub.provider_ref,
        on: pending !== null,
      }),
    );
    const invoiceId = await issueInvoice(tx, {
      accountId,
      subscriptionId: sub.id,
      status: "paid",
      locale: ctx.locale,
      plan: quote.chargedPlan,
      periodStart: charged.periodStart,
      periodEnd: charged.periodEnd,
      lines: linesOf(quote.chargedPlan, charged, { plan: sub.plan, until: sub.current_period_end }),
      now,
    });
    await recordPayment(tx, {
      ...payment,
      amountCents: charged.amountCents,
      invoiceId,
      ok: true,
      providerRef: charged.chargeRef,
      failureCode: null,
    });
    await tx.execute(sql`
      update subscription set plan = ${quote.chargedPlan}, anchor_at = ${charged.periodStart},
        current_period_start = ${charged.periodStart}, current_period_end = ${charged.periodEnd},
        pending_plan = ${pending}, cancel_at_period_end = false, cancel_reason = null, updated_at = ${now}
      where id = ${sub.id}`);
    await setAccountPlan(tx, accountId, quote.chargedPlan, now);
    return {
      ok: true as const,
      value: { transactionId: payment.id, amountCents: charged.amountCents, plan: quote.chargedPlan },
      schedule: { id: sub.id, at: charged.periodEnd },
    };
  });
  if ("schedule" in result && result.schedule)
    await ctx.jobs?.scheduleSubscription(result.schedule.id, result.schedule.at);
  return result.ok ? { ok: true, value: result.value } : result;
}

/** Runs a change on the account's live subscription, locked. */
async function withLiveSubscription<V>(
  ctx: BillingContext,
  accountId: number,
  change: (tx: Tx, sub: SubscriptionRow, now: Date) => Promise<BillingResult<V>>,
): Promise<BillingResult<V>> {
  return ctx.db.transaction(async (tx) => {
    if (!(await lockAccount(tx, accountId))) return { ok: false, code: BILLING_ERRORS.noSubscription };
    const sub = await liveSubscription(tx, accountId, true);
    if (!sub) return { ok: false, code: BILLING_ERRORS.noSubscription };
    return change(tx, sub, ctx.clock.now());
  });
}

/** Tells the provider to stop (or not) at the period end; answers a refusal when it could not be told. */
async function tellProvider(ctx: BillingContext, sub: SubscriptionRow, stop: boolean): Promise<Refusal | null> {
  const provider = ctx.payments;
  if (!provider) return null;
  const r = await reach(ctx, () => provider.setCancelAtPeriodEnd({ subscriptionRef: sub.provider_ref, on: stop }));
  return refused(r) ? r : null;
}

/**
 * A downgrade or a period switch: kept as the pending plan and applied at the renewal. Choosing the
 * current plan again drops a pending change. Either undoes a cancellation: the member stays. (A
 * provider that renews by itself is told to stop at the period end; the renewal then starts the new plan.)
 */
export async function schedulePlanChange(
  ctx: BillingContext,
  input: { accountId: number; target: PaidPlanCode },
): Promise<BillingResult<{ plan: PaidPlanCode; effectiveAt: Date }>> {
  if (!isPaidPlan(input.target)) return { ok: false, code: BILLING_ERRORS.plan };
  return withLiveSubscription(ctx, input.accountId, async (tx, sub, now) => {
    if (sub.status === "past_due") return { ok: false, code: BILLING_ERRORS.pastDue };
    const change = planChange(sub.plan, input.target);
    if (change === "upgrade") return { ok: false, code: BILLING_ERRORS.notUpgrade };
    if (change === "current" && !sub.pending_plan) return { ok: false, code: BILLING_ERRORS.samePlan };
    const pending = change === "current" ? null : input.target;
    const told = await tellProvider(ctx, sub, pending !== null);
    if (told) return told;
    await tx.execute(
      sql`update subscription set pending_plan = ${pending}, cancel_at_period_end = false, cancel_reason = null, updated_at = ${now} where id = ${sub.id}`,
    );
    return { ok: true, value: { plan: input.target, effectiveAt: sub.current_period_end } };
  });
}

/** "Keep my plan" beside a pending change: the change is dropped and the current plan renews as it is. */
export async function keepCurrentPlan(
  ctx: BillingContext,
  input: { accountId: number },
): Promise<BillingResult<{ plan: PaidPlanCode; effectiveAt: Date }>> {
  const sub = await liveSubscription(ctx.db, input.accountId);
  if (!sub) return { ok: false, code: BILLING_ERRORS.noSubscription };
  return schedulePlanChange(ctx, { accountId: input.accountId, target: sub.plan });
}

/**
 * A plan chosen by its code (the API's changePlan): an upgrade is charged at once with the card on file
 * (the caller's attempt key makes a retry the same payment); a downgrade or a period switch waits for the
 * renewal; an account without a subscription subscribes through the payment form instead.
 */
export async function changePlan(
  ctx: BillingContext,
  input: { accountId: number; plan: string; attempt?: string | null },
): Promise<BillingResult<{ plan: PaidPlanCode; payment: PaymentOutcome | null }>> {
  const { accountId, plan: target, attempt } = input;
  if (!isPaidPlan(target)) return { ok: false, code: BILLING_ERRORS.plan, field: "plan" };
  const quote = await quotePlan(ctx, { accountId, target });
  if (quote.change === "subscribe") return { ok: false, code: BILLING_ERRORS.noSubscription };
  if (quote.change === "upgrade") {
    if (!attempt || !/^[\w-]{8,64}$/.test(attempt))
      return { ok: false, code: BILLING_ERRORS.attempt, field: "attempt" };
    const r = await upgrade(ctx, { accountId, target, attempt });
    return r.ok ? { ok: true, value: { plan: r.value.plan, payment: r.value } } : r;
  }
  const r = await schedulePlanChange(ctx, { accountId, target });
  return r.ok ? { ok: true, value: { plan: r.value.plan, payment: null } } : { ok: false, code: r.code };
}

/** Cancels at the period end: the plan stays until then, then the account is FREE. No refunds. */
export async function cancelSubscription(
  ctx: BillingContext,
  input: { accountId: number; reason: CancelReason },
): Promise<BillingResult<{ endsAt: Date }>> {
  return withLiveSubscription(ctx, input.accountId, async (tx, sub, now) => {
    if (sub.status === "past_due") {
      // The last period was never paid: cancelling ends it now, and the open invoice is void.
      const ended = await reach(ctx, async () => ctx.payments?.endNow({ subscriptionRef: sub.provider_ref }));
      if (refused(ended)) return ended;
      await tx.execute(
        sql`update invoice set status = 'void', voided_at = ${now} where subscription_id = ${sub.id} and status = 'open'`,
      );
      await tx.execute(sql`update subscription set cancel_reason = ${input.reason} where id = ${sub.id}`);
      await endSubscription(tx, sub, now);
      return { ok: true, value: { endsAt: now } };
    }
    if (sub.cancel_at_period_end) return { ok: true, value: { endsAt: sub.current_period_end } };
    const told = await tellProvider(ctx, sub, true);
    if (told) return told;
    await tx.execute(sql`
      update subscription set cancel_at_period_end = true, cancel_reason = ${input.reason}, pending_plan = null,
        updated_at = ${now} where id = ${sub.id}`);
    return { ok: true, value: { endsAt: sub.current_period_end } };
  });
}

/**
 * Account deletion (DECISIONS: Accounts), inside the deletion's transaction with the account locked: a
 * live subscription ends now (the provider is told; if it cannot be reached nothing is deleted), open
 * invoices are void, kept cards are forgotten, the billing details go, and the invoices kept for
 * accounting keep no personal data but the buyer's country.
 */
export async function closeBillingForDeletion(ctx: BillingContext, tx: Db, accountId: number): Promise<Refusal | null> {
  const now = ctx.clock.now();
  const sub = await liveSubscription(tx, accountId, true);
  if (sub) {
    const ended = await reach(ctx, async () => ctx.payments?.endNow({ subscriptionRef: sub.provider_ref }));
    if (refused(ended)) return ended;
    await tx.execute(
      sql`update invoice set status = 'void', voided_at = ${now} where subscription_id = ${sub.id} and status = 'open'`,
    );
    await endSubscription(tx, sub, now);
  }
  await tx.execute(
    sql`update payment_method set detached_at = coalesce(detached_at, ${now}) where account_id = ${accountId}`,
  );
  await tx.execute(sql`delete from billing_profile where account_id = ${accountId}`);
  await tx.execute(
    sql`update invoice set buyer = jsonb_build_object('name', '', 'country', buyer->'country') where account_id = ${accountId}`,
  );
  return null;
}

/** The provider's customer of an account (read before a deletion removes its billing profile), or null. */
export async function billingCustomerOf(
  db: Tx,
  accountId: number,
): Promise<{ provider: string; customerId: string } | null> {
  const [row] = await queryRows<{ provider: string; customer_id: string }>(
    db,
    sql`select provider, customer_id from billing_profile where account_id = ${accountId}`,
  );
  return row ? { provider: row.provider, customerId: row.customer_id } : null;
}

/**
 * After an account's deletion is committed, its customer record at the payment provider (name, e-mail,
 * address, cards) is deleted too. The provider being away never blocks or undoes the deletion: the
 * deletion is queued as a job that asks again with back-off, so it is not lost. The sandbox keeps no
 * records. Answers what became of it.
 */
export async function deleteProviderCustomer(
  ctx: BillingContext,
  customer: { provider: string; customerId: string },
): Promise<"deleted" | "queued" | "none"> {
  if (customer.provider === "sandbox") return "none";
  const provider = ctx.payments;
  if (provider?.kind === customer.provider) {
    try {
      await provider.deleteCustomer({ customerId: customer.customerId });
      return "deleted";
    } catch (error) {
      ctx.log.warn("payment provider customer not deleted yet: queued", { error });
    }
  }
  if (ctx.jobs?.scheduleCustomerDeletion) {
    try {
      await ctx.jobs.scheduleCustomerDeletion(customer.customerId);
      return "queued";
    } catch (error) {
      ctx.log.error("customer deletion job not queued", { error });
    }
  }
  // No queue in this process (a script), or it failed: the reference is logged (it names no person) to be
  // deleted by hand.
  ctx.log.error("payment provider customer of a deleted account left to delete", {
    provider: customer.provider,
    customerId: customer.customerId,
  });
  return "none";
}

/** The job that asks the provider again to delete a customer; rejects while it fails, so the queue retries. */
export async function retryProviderCustomerDeletion(ctx: BillingContext, customerId: string): Promise<void> {
  if (!ctx.payments || ctx.payments.kind === "sandbox")
    throw new Error("no payment provider to delete the customer at");
  await ctx.payments.deleteCustomer({ customerId });
}

/** Renew: undoes a cancellation before the period ends. */
export async function renewSubscription(
  ctx: BillingContext,
  input: { accountId: number },
): Promise<BillingResult<{ nextBillAt: Date }>> {
  return withLiveSubscription(ctx, input.accountId, async (tx, sub, now) => {
    if (!sub.cancel_at_period_end) return { ok: false, code: BILLING_ERRORS.notCancelled };
    const told = await tellProvider(ctx, sub, false);
    if (told) return told;
    await tx.execute(
      sql`update subscription set cancel_at_period_end = false, cancel_reason = null, updated_at = ${now} where id = ${sub.id}`,
    );
    return { ok: true, value: { nextBillAt: sub.current_period_end } };
  });
}

/** A new card for the subscription. A past-due renewal is tried again with it at once. */
export async function updatePaymentMethod(
  ctx: BillingContext,
  input: { accountId: number; source: CardSource },
): Promise<BillingResult<{ brand: string; last4: string }>> {
  const provider = ctx.payments;
  if (!provider) return { ok: false, code: BILLING_ERRORS.unavailable };
  return withLiveSubscription<{ brand: string; last4: string }>(ctx, input.accountId, async (tx, sub, now) => {
    const profile = await profileOf(tx, input.accountId);
    if (!profile) return { ok: false, code: BILLING_ERRORS.noCard };
    const saved = await saveCard(ctx, tx, input.accountId, profile.customer_id, input.source);
    if (!saved.ok) return saved;
    const set = await reach(ctx, () =>
      provider.setDefaultCard({
        customerId: profile.customer_id,
        subscriptionRef: sub.provider_ref,
        cardRef: saved.card.provider_ref,
      }),
    );
    if (refused(set)) return set;
    if (sub.payment_method_id !== null)
      await tx.execute(sql`update payment_method set detached_at = ${now} where id = ${sub.payment_method_id}`);
    await tx.execute(
      sql`update subscription set payment_method_id = ${saved.card.id}, updated_at = ${now} where id = ${sub.id}`,
    );
    // Past due: the open invoice is asked for at once with the new card. This is the member's own
    // try, not one of the retry days: a card that fails too leaves the schedule as it was.
    if (sub.status === "past_due")
      await payOpenInvoice(ctx, tx, sub, { at: now, card: saved.card, key: (id) => `card:${id}:${saved.card.id}` });
    return { ok: true, value: { brand: saved.card.brand, last4: saved.card.last4 } };
  });
}

/**
 * Applies whatever is due on a subscription at the clock's time, and repeats until nothing is (the
 * clock may have jumped several periods): the period end of a cancelled subscription (then FREE), a
 * renewal (with the pending plan), or a retry of a past-due renewal on days 1, 3 and 7 (then FREE, the
 * open invoice void). Safe to run from several processes at once: the row is locked, and a locked one
 * is left to whoever holds it. A provider that renews by itself is asked how its renewal went.
 */
export async function advanceSubscription(ctx: BillingContext, subscriptionId: number): Promise<void> {
  for (let step = 0; step < 1000; step++) {
    const next = await ctx.db.transaction(async (tx) => advanceOnce(ctx, tx, subscriptionId));
    if (next === "done") return;
    if (next instanceof Date) {
      await ctx.jobs?.scheduleSubscription(subscriptionId, next);
      return;
    }
  }
}

type Step = "done" | "again" | Date;

async function advanceOnce(ctx: BillingContext, tx: Tx, subscriptionId: number): Promise<Step> {
  // The account first, then the subscription: the same order as the member's own changes, so a job and
  // a request wait for each other instead of deadlocking.
  const [owner] = await queryRows<{ account_id: number }>(
    tx,
    sql`select account_id from subscription where id = ${subscriptionId}`,
  );
  if (!owner || !(await lockAccount(tx, owner.account_id))) return "done";
  const [raw] = await queryRows<SubscriptionRow>(
    tx,
    sql`select * from subscription where id = ${subscriptionId} for update`,
  );
  if (!raw || raw.status === "ended") return "done";
  const sub = reshapeSubscription(raw);
  const now = ctx.clock.now();
  const end = sub.current_period_end;
  // A subscription of another provider (a demo database moved to Stripe) is not charged by this one:
  // it ends at its period end.
  const provider = ctx.payments && ctx.payments.kind === sub.provider ? ctx.payments : null;
  if (!provider && sub.status === "active" && now >= end) {
    ctx.log.warn("subscription of another payment provider ended", { subscriptionId: sub.id });
    await endSubscription(tx, sub, end);
    return "done";
  }
  if (sub.status === "active") {
    if (now < end) return end;
    if (sub.cancel_at_period_end) {
      await provider?.endNow({ subscriptionRef: sub.provider_ref });
      await endSubscription(tx, sub, end);
      return "done";
    }
    const plan = sub.pending_plan ?? sub.plan;
    const info = planInfo(plan);
    // A new period length starts its own calendar at the renewal; otherwise the anchor day is kept.
    const newLength = info.interval !== planInfo(sub.plan).interval;
    const nextEnd = newLength
      ? periodBoundary(end, info.interval, 1)
      : nextPeriodEnd(sub.anchor_at, info.interval, end);
    const card = await cardOf(tx, sub.payment_method_id);
    const profile = await profileOf(tx, sub.account_id);
    const key = `renewal:${sub.id}:${end.toISOString()}`;
    const renewal: Renewal =
      provider && card && profile
        ? await provider.renew({
            subscriptionRef: sub.provider_ref,
            customerId: profile.customer_id,
            cardRef: card.provider_ref,
            plan,
            planChanges: sub.pending_plan !== null,
            periodEnd: end,
            nextEnd,
            now,
            idempotencyKey: key,
          })
        : { ok: false, code: PAYMENT_ERRORS.unavailable };
    if (renewal.ok === "pending") return renewal.checkAt;
    const [account] = await queryRows<{ locale: Locale }>(
      tx,
      sql`select locale from account where id = ${sub.account_id}`,
    );
    const periodStart = renewal.ok ? renewal.periodStart : end;
    const periodEnd = renewal.ok ? renewal.periodEnd : nextEnd;
    const invoiceId = await issueInvoice(tx, {
      accountId: sub.account_id,
      subscriptionId: sub.id,
      status: renewal.ok ? "paid" : "open",
      locale: account?.locale === "es" ? "es" : "en",
      plan,
      periodStart,
      periodEnd,
      lines: [
        {
          kind: "plan",
          plan,
          from: periodStart.toISOString(),
          to: periodEnd.toISOString(),
          amountCents: renewal.ok ? renewal.amountCents : info.priceCents,
        },
      ],
      now: end,
    });
    await recordPayment(tx, {
      id: newTransactionId(),
      accountId: sub.account_id,
      subscriptionId: sub.id,
      invoiceId,
      key,
      kind: "renewal",
      plan,
      ok: renewal.ok,
      amountCents: renewal.ok ? renewal.amountCents : info.priceCents,
      providerRef: renewal.ok ? renewal.chargeRef : null,
      failureCode: renewal.ok ? null : renewal.code,
      card,
      now: end,
    });
    if (renewal.ok) {
      await applyPaidPeriod(tx, sub, { plan, start: periodStart, end: periodEnd, ref: renewal.subscriptionRef }, end);
      if (newLength) await tx.execute(sql`update subscription set anchor_at = ${periodStart} where id = ${sub.id}`);
      return "again";
    }
    await tx.execute(sql`
      update subscription set status = 'past_due', failed_attempts = 1,
        next_retry_at = ${addDays(end, BILLING.retryDays[0])}, updated_at = ${now} where id = ${sub.id}`);
    return "again";
  }
  // Past due: try again on the retry days, then give up.
  if (sub.next_retry_at && now < sub.next_retry_at) return sub.next_retry_at;
  const at = sub.next_retry_at ?? now;
  const outcome = await payOpenInvoice(ctx, tx, sub, {
    at,
    card: await cardOf(tx, sub.payment_method_id),
    key: (invoiceId) => `retry:${invoiceId}:${sub.failed_attempts}:${sub.payment_method_id}`,
  });
  if (outcome.kind === "none") {
    await provider?.endNow({ subscriptionRef: sub.provider_ref });
    await endSubscription(tx, sub, now);
    return "done";
  }
  if (outcome.kind === "paid") return "again";
  const open = { id: outcome.invoiceId };
  // Attempts failed so far, this one included: the renewal itself, then one per retry day.
  const failed = sub.failed_attempts + 1;
  if (failed > BILLING.retryDays.length) {
    await tx.execute(sql`update invoice set status = 'void', voided_at = ${at} where id = ${open.id}`);
    await provider?.endNow({ subscriptionRef: sub.provider_ref });
    await endSubscription(tx, sub, at);
    return "done";
  }
  await tx.execute(sql`
    update subscription set failed_attempts = ${failed}, next_retry_at = ${addDays(end, BILLING.retryDays[failed - 1])},
      updated_at = ${now} where id = ${sub.id}`);
  return "again";
}

/**
 * Asks again for the open invoice of a past-due subscription with a card: on success the invoice is paid
 * and the subscription moves to its period; either way the attempt is recorded. "none" when there is no
 * open invoice.
 */
async function payOpenInvoice(
  ctx: BillingContext,
  tx: Tx,
  sub: SubscriptionRow,
  opts: { at: Date; card: CardRow | null; key: (invoiceId: number) => string },
): Promise<{ kind: "none" } | { kind: "paid" } | { kind: "failed"; invoiceId: number }> {
  const [open] = await queryRows<{
    id: number;
    total_cents: number;
    plan: PaidPlanCode;
    period_start: Date | string;
    period_end: Date | string;
  }>(
    tx,
    sql`select id, total_cents, plan, period_start, period_end from invoice
        where subscription_id = ${sub.id} and status = 'open' order by id desc limit 1`,
  );
  if (!open) return { kind: "none" };
  const provider = ctx.payments && ctx.payments.kind === sub.provider ? ctx.payments : null;
  const { at, card } = opts;
  const profile = await profileOf(tx, sub.account_id);
  const key = opts.key(open.id);
  const paid: Charged | Refusal =
    provider && card && profile
      ? await provider.retry({
          subscriptionRef: sub.provider_ref,
          customerId: profile.customer_id,
          cardRef: card.provider_ref,
          plan: open.plan,
          amountCents: open.total_cents,
          periodStart: new Date(open.period_start),
          periodEnd: new Date(open.period_end),
          idempotencyKey: key,
        })
      : { ok: false, code: PAYMENT_ERRORS.unavailable };
  await recordPayment(tx, {
    id: newTransactionId(),
    accountId: sub.account_id,
    subscriptionId: sub.id,
    invoiceId: open.id,
    key,
    kind: "retry",
    plan: open.plan,
    ok: paid.ok,
    amountCents: open.total_cents,
    providerRef: paid.ok ? paid.chargeRef : null,
    failureCode: paid.ok ? null : paid.code,
    card,
    now: at,
  });
  if (!paid.ok) return { kind: "failed", invoiceId: open.id };
  await tx.execute(sql`update invoice set status = 'paid', paid_at = ${at} where id = ${open.id}`);
  // The period the provider says was paid (a new Stripe subscription starts when it is created).
  await applyPaidPeriod(
    tx,
    sub,
    { plan: open.plan, start: paid.periodStart, end: paid.periodEnd, ref: paid.subscriptionRef },
    at,
  );
  return { kind: "paid" };
}

/** A paid period: the subscription moves to it (and its plan), and the account follows the plan. */
async function applyPaidPeriod(
  tx: Tx,
  sub: SubscriptionRow,
  period: { plan: PaidPlanCode; start: Date; end: Date; ref: string | null },
  at: Date,
) {
  await tx.execute(sql`
    update subscription set status = 'active', plan = ${period.plan}, pending_plan = null, failed_attempts = 0,
      next_retry_at = null, current_period_start = ${period.start}, current_period_end = ${period.end},
      provider_ref = coalesce(${period.ref}, provider_ref), updated_at = ${at}
    where id = ${sub.id}`);
  await setAccountPlan(tx, sub.account_id, period.plan, at);
}

async function endSubscription(tx: Tx, sub: SubscriptionRow, at: Date) {
  await tx.execute(
    sql`update subscription set status = 'ended', ended_at = ${at}, next_retry_at = null, updated_at = ${at} where id = ${sub.id}`,
  );
  await setAccountPlan(tx, sub.account_id, "FREE", at);
}

/** Advances every subscription with something due now (the sweep job; tests call it with their clock). */
export async function advanceDueSubscriptions(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id from subscription
        where (status = 'active' and current_period_end <= ${now}) or (status = 'past_due' and coalesce(next_retry_at, ${now}) <= ${now})
        order by coalesce(next_retry_at, current_period_end), id limit 500`,
  );
  // One that fails (a provider outage) is logged and left for the next sweep; the others go on.
  for (const { id } of due) {
    try {
      await advanceSubscription(ctx, id);
    } catch (error) {
      ctx.log.error("subscription not advanced", { subscriptionId: id, error: (error as Error).name });
    }
  }
  return due.length;
}

export type BillingOverview = {
  plan: PlanCode;
  subscription: {
    id: number;
    plan: PaidPlanCode;
    status: "active" | "past_due";
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
    pendingPlan: PaidPlanCode | null;
    nextBill: { at: Date; amountCents: number; plan: PaidPlanCode } | null;
    nextRetryAt: Date | null;
  } | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  customerId: string | null;
  profile: { name: string; email: string; address: string; country: string; city: string; zip: string } | null;
};

/** The billing page and Me: plan, subscription, card on file and billing details of the caller's account. */
export async function getBillingOverview(ctx: BillingContext, accountId: number): Promise<BillingOverview> {
  // One round trip: the account's plan, its live subscription, that subscription's card and the profile.
  const [row] = await queryRows<{
    account_plan: PlanCode;
    sub: SubscriptionRow | null;
    card: CardRow | null;
    profile: ProfileRow | null;
  }>(
    ctx.db,
    sql`select a.plan as account_plan, to_jsonb(s) as sub, to_jsonb(pm) as card, to_jsonb(bp) as profile
        from account a
        left join subscription s on s.account_id = a.id and s.status in ('active', 'past_due')
        left join payment_method pm on pm.id = s.payment_method_id
        left join billing_profile bp on bp.account_id = a.id
        where a.id = ${accountId}`,
  );
  const json = <V>(v: V | string | null | undefined): V | null =>
    v === null || v === undefined ? null : typeof v === "string" ? (JSON.parse(v) as V) : v;
  const account = row ? { plan: row.account_plan } : undefined;
  const rawSub = json(row?.sub);
  const sub = rawSub ? reshapeSubscription(rawSub) : null;
  const card = json(row?.card);
  const profile = json(row?.profile);
  const nextPlan = sub ? (sub.pending_plan ?? sub.plan) : null;
  return {
    plan: account?.plan ?? "FREE",
    subscription: sub
      ? {
          id: sub.id,
          plan: sub.plan,
          status: sub.status as "active" | "past_due",
          currentPeriodStart: sub.current_period_start,
          currentPeriodEnd: sub.current_period_end,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          pendingPlan: sub.pending_plan,
          nextBill:
            sub.cancel_at_period_end || !nextPlan
              ? null
              : {
                  at: sub.status === "past_due" && sub.next_retry_at ? sub.next_retry_at : sub.current_period_end,
                  amountCents: planInfo(nextPlan).priceCents,
                  plan: nextPlan,
                },
          nextRetryAt: sub.next_retry_at,
        }
      : null,
    card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
    customerId: profile?.customer_id ?? null,
    profile: profile
      ? {
          name: profile.name,
          email: profile.email,
          address: profile.address,
          country: profile.country,
          city: profile.city,
          zip: profile.zip,
        }
      : null,
  };
}

export type PaymentView = {
  id: string;
  status: "succeeded" | "failed" | "pending";
  kind: string;
  plan: PaidPlanCode;
  amountCents: number;
  currency: string;
  createdAt: Date;
  invoiceNumber: string | null;
  card: { brand: string; last4: string } | null;
  failureCode: string | null;
};

export { BILLING_SORTS, type BillingSort };

/** The caller's payments, newest or oldest first. */
export async function listPayments(
  ctx: ServiceContext,
  input: { accountId: number; sort: BillingSort; page: number; pageSize?: number },
): Promise<{ items: PaymentView[]; total: number; page: number; pageCount: number }> {
  const size = input.pageSize ?? 24;
  const order = input.sort === "oldest" ? sql`p.created_at asc, p.id asc` : sql`p.created_at desc, p.id desc`;
  const rows = await queryRows<{
    id: string;
    status: PaymentView["status"];
    kind: string;
    plan: PaidPlanCode;
    amount_cents: number;
    currency: string;
    created_at: Date;
    number: string | null;
    brand: string | null;
    last4: string | null;
    failure_code: string | null;
    total: number;
  }>(
    ctx.db,
    sql`select p.*, i.number, count(*) over () as total from payment p left join invoice i on i.id = p.invoice_id
        where p.account_id = ${input.accountId} order by ${order} limit ${size} offset ${(input.page - 1) * size}`,
  );
  const total = Number(rows[0]?.total ?? (input.page > 1 ? await countOf(ctx, "payment", input.accountId) : 0));
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status,
      kind: r.kind,
      plan: r.plan,
      amountCents: r.amount_cents,
      currency: r.currency,
      createdAt: asDate(r.created_at) as Date,
      invoiceNumber: r.number,
      card: r.brand && r.last4 ? { brand: r.brand, last4: r.last4 } : null,
      failureCode: r.failure_code,
    })),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}

async function countOf(ctx: ServiceContext, table: "payment" | "invoice", accountId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    table === "payment"
      ? sql`select count(*)::int as n from payment where account_id = ${accountId}`
      : sql`select count(*)::int as n from invoice where account_id = ${accountId}`,
  );
  return Number(row?.n ?? 0);
}

export type InvoiceView = {
  number: string;
  status: "paid" | "open" | "void";
  plan: PaidPlanCode;
  totalCents: number;
  currency: string;
  issuedAt: Date;
  paidAt: Date | null;
};

/** The caller's invoices, newest or oldest first. */
export async function listInvoices(
  ctx: ServiceContext,
  input: { accountId: number; sort: BillingSort; page: number; pageSize?: number },
): Promise<{ items: InvoiceView[]; total: number; page: number; pageCount: number }> {
  const size = input.pageSize ?? 24;
  const order = input.sort === "oldest" ? sql`issued_at asc, id asc` : sql`issued_at desc, id desc`;
  const rows = await queryRows<{
    number: string;
    status: InvoiceView["status"];
    plan: PaidPlanCode;
    total_cents: number;
    currency: string;
    issued_at: Date;
    paid_at: Date | null;
    total: number;
  }>(
    ctx.db,
    sql`select number, status, plan, total_cents, currency, issued_at, paid_at, count(*) over () as total
        from invoice where account_id = ${input.accountId} order by ${order} limit ${size} offset ${(input.page - 1) * size}`,
  );
  const total = Number(rows[0]?.total ?? (input.page > 1 ? await countOf(ctx, "invoice", input.accountId) : 0));
  return {
    items: rows.map((r) => ({
      number: r.number,
      status: r.status,
      plan: r.plan,
      totalCents: r.total_cents,
      currency: r.currency,
      issuedAt: asDate(r.issued_at) as Date,
      paidAt: asDate(r.paid_at),
    })),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / size)),
  };
}

/** A successful payment of the caller's own (the thank-you page); anyone else's is not found. */
export async function getOwnPayment(
  ctx: ServiceContext,
  input: { accountId: number; transactionId: string },
): Promise<{ id: string; amountCents: number; plan: PaidPlanCode; invoiceNumber: string | null } | null> {
  if (!/^txn_[\w-]{8,40}$/.test(input.transactionId)) return null;
  const [row] = await queryRows<{ id: string; amount_cents: number; plan: string; number: string | null }>(
    ctx.db,
    sql`select p.id, p.amount_cents, p.plan, i.number from payment p left join invoice i on i.id = p.invoice_id
        where p.id = ${input.transactionId} and p.account_id = ${input.accountId} and p.status = 'succeeded'`,
  );
  if (!row || !isPaidPlan(row.plan)) return null;
  return { id: row.id, amountCents: row.amount_cents, plan: row.plan, invoiceNumber: row.number };
}

export { renderInvoicePdf } from "./invoice-pdf.ts";
export { getOwnInvoice } from "./invoices.ts";

/**
 * A provider's webhook event: applied at most once per event id, and only as a nudge. The subscription
 * it names is brought up to date from the provider itself (`advanceSubscription` asks the provider how
 * its renewal went), so events delivered twice or out of order end in the same state. The event is
 * recorded after it was applied: one that failed half-way is applied again when the provider resends it.
 */
export async function applyProviderEvent(
  ctx: BillingContext,
  event: { provider: "stripe"; id: string; type: string; subscriptionRef: string | null },
): Promise<"applied" | "duplicate" | "ignored"> {
  const seen = await queryRows(
    ctx.db,
    sql`select 1 from billing_event where provider = ${event.provider} and event_id = ${event.id}`,
  );
  if (seen.length) return "duplicate";
  let outcome: "applied" | "ignored" = "ignored";
  if (event.subscriptionRef) {
    const [sub] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from subscription where provider = ${event.provider} and provider_ref = ${event.subscriptionRef}
          order by id desc limit 1`,
    );
    if (sub) {
      await advanceSubscription(ctx, sub.id);
      outcome = "applied";
    } else if (event.type.startsWith("invoice.paid") || event.type === "customer.subscription.updated") {
      // Not ours: a subscription the provider made while we thought the payment failed (a time-out).
      // Its row may also still be uncommitted (the webhook beat the purchase), so it is only reported.
      ctx.log.error("provider subscription unknown here", { provider: event.provider, type: event.type });
    }
  }
  await ctx.db.execute(
    sql`insert into billing_event (provider, event_id, type, received_at) values (${event.provider}, ${event.id},
        ${event.type.slice(0, 100)}, ${ctx.clock.now()}) on conflict do nothing`,
  );
  return outcome;
}
