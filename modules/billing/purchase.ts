/**
 * Buying a plan: the payment form as billing details, the first payment (with 3-D Secure completion),
 * quotes, and upgrades paid at once.
 */
import type { PaidPlanCode } from "#config/constants.ts";
import {
  BILLING_ERRORS,
  type BillingContext,
  type BillingResult,
  type CardRow,
  cardOf,
  linesOf,
  liveSubscription,
  lockAccount,
  newTransactionId,
  type PaymentOutcome,
  previousAttempt,
  profileOf,
  reach,
  recordPayment,
  refused,
  saveCard,
  setAccountPlan,
  type Tx,
} from "./common.ts";
import { issueInvoice } from "./invoices.ts";
import { mailReceipts } from "./mails.ts";
import {
  failPendingPayment,
  selectNewestCard,
  selectPaymentProviderRef,
  settlePendingPayment,
  upsertProfile,
} from "./payments-repo.ts";
import { unusedCredit } from "./periods.ts";
import { isPaidPlan, type PlanChange, planChange, planCode, planInfo } from "./plans.ts";
import { type CardSource, type Charged, PAYMENT_ERRORS, type PaymentProvider } from "./provider.ts";
import { applySubscriptionUpgrade, insertSubscription } from "./repo.ts";
import { type CardFormInput, type PaymentInput, parseExpiry } from "./schemas.ts";

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

/** A purchase's result inside its transaction, with the job to schedule and the receipt to send once it committed. */
type Purchase = BillingResult<PaymentOutcome> & { schedule?: { id: number; at: Date }; receipt?: number };

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
    await upsertProfile(tx, {
      accountId,
      provider: provider.kind,
      customerId,
      name: details.billingName,
      email: details.billingEmail,
      address: details.address,
      country: details.country,
      city: details.city,
      zip: details.zip ?? "",
      now,
    });
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
    const card = saved.value;
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
    await ctx.jobs?.scheduleSubscription?.(result.schedule.id, result.schedule.at);
  if ("receipt" in result && result.receipt) await mailReceipts(ctx, [result.receipt]);
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
  const sub = {
    id: await insertSubscription(tx, {
      accountId,
      plan,
      provider: (ctx.payments as PaymentProvider).kind,
      providerRef: charged.subscriptionRef,
      paymentMethodId: card.id,
      periodStart: charged.periodStart,
      periodEnd: charged.periodEnd,
      now,
    }),
  };
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
    await settlePendingPayment(tx, p.paymentId, {
      subscriptionId: sub.id,
      invoiceId,
      amountCents: charged.amountCents,
      providerRef: charged.chargeRef,
      now,
    });
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
    receipt: invoiceId,
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
    const pendingRef = await selectPaymentProviderRef(tx, prev.id);
    // The card kept in that attempt: the account's newest.
    const card = await selectNewestCard(tx, input.accountId);
    if (!pendingRef || !card) return { ok: false as const, code: BILLING_ERRORS.noCard };
    const outcome = await reach(ctx, () => provider.completeSubscription({ subscriptionRef: pendingRef }));
    const now = ctx.clock.now();
    if (outcome.ok === "action")
      return { ok: false as const, code: BILLING_ERRORS.authenticate, action: { clientSecret: outcome.clientSecret } };
    if (!outcome.ok) {
      if (outcome.code === PAYMENT_ERRORS.unavailable) return outcome;
      await failPendingPayment(tx, prev.id, outcome.code, now);
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
  if (result.schedule) await ctx.jobs?.scheduleSubscription?.(result.schedule.id, result.schedule.at);
  if (result.receipt) await mailReceipts(ctx, [result.receipt]);
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
    await applySubscriptionUpgrade(
      tx,
      sub.id,
      { plan: quote.chargedPlan, start: charged.periodStart, end: charged.periodEnd, pendingPlan: pending },
      now,
    );
    await setAccountPlan(tx, accountId, quote.chargedPlan, now);
    return {
      ok: true as const,
      value: { transactionId: payment.id, amountCents: charged.amountCents, plan: quote.chargedPlan },
      schedule: { id: sub.id, at: charged.periodEnd },
      receipt: invoiceId,
    };
  });
  if ("schedule" in result && result.schedule)
    await ctx.jobs?.scheduleSubscription?.(result.schedule.id, result.schedule.at);
  if ("receipt" in result && result.receipt) await mailReceipts(ctx, [result.receipt]);
  return result.ok ? { ok: true, value: result.value } : result;
}
