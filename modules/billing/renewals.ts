/**
 * Renewals as jobs: each subscription advanced to its next step (pay the open invoice, apply the paid
 * period, end it).
 */
import { BILLING, type PaidPlanCode } from "#config/constants.ts";
import {
  type BillingContext,
  type CardRow,
  cardOf,
  lockAccount,
  newTransactionId,
  profileOf,
  recordPayment,
  reshapeSubscription,
  type SubscriptionRow,
  setAccountPlan,
  type Tx,
} from "./common.ts";
import { issueInvoice } from "./invoices.ts";
import { markInvoicePaid, selectOpenInvoice, voidInvoice } from "./invoices-repo.ts";
import { mailReceipts } from "./mails.ts";
import { addDays, nextPeriodEnd, periodBoundary } from "./periods.ts";
import { planInfo } from "./plans.ts";
import { type Charged, PAYMENT_ERRORS, type Refusal, type Renewal } from "./provider.ts";
import {
  accountLocale,
  applySubscriptionPeriod,
  dueSubscriptionIds,
  lockSubscription,
  setSubscriptionAnchor,
  setSubscriptionEnded,
  setSubscriptionPastDue,
  setSubscriptionRetry,
  subscriptionAccountId,
} from "./repo.ts";

/**
 * Applies whatever is due on a subscription at the clock's time, and repeats until nothing is (the
 * clock may have jumped several periods): the period end of a cancelled subscription (then FREE), a
 * renewal (with the pending plan), or a retry of a past-due renewal on days 1, 3 and 7 (then FREE, the
 * open invoice void). Safe to run from several processes at once: the row is locked, and a locked one
 * is left to whoever holds it. A provider that renews by itself is asked how its renewal went.
 */
export async function advanceSubscription(ctx: BillingContext, subscriptionId: number): Promise<void> {
  for (let step = 0; step < 1000; step++) {
    // The invoices this step paid: their receipts go out once it committed.
    const paid: number[] = [];
    const next = await ctx.db.transaction(async (tx) => advanceOnce(ctx, tx, subscriptionId, paid));
    await mailReceipts(ctx, paid);
    if (next === "done") return;
    if (next instanceof Date) {
      await ctx.jobs?.scheduleSubscription?.(subscriptionId, next);
      return;
    }
  }
}

type Step = "done" | "again" | Date;

async function advanceOnce(ctx: BillingContext, tx: Tx, subscriptionId: number, paid: number[]): Promise<Step> {
  // The account first, then the subscription: the same order as the member's own changes, so a job and
  // a request wait for each other instead of deadlocking.
  const ownerId = await subscriptionAccountId(tx, subscriptionId);
  if (ownerId === undefined || !(await lockAccount(tx, ownerId))) return "done";
  const raw = await lockSubscription(tx, subscriptionId);
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
    const locale = await accountLocale(tx, sub.account_id);
    const periodStart = renewal.ok ? renewal.periodStart : end;
    const periodEnd = renewal.ok ? renewal.periodEnd : nextEnd;
    const invoiceId = await issueInvoice(tx, {
      accountId: sub.account_id,
      subscriptionId: sub.id,
      status: renewal.ok ? "paid" : "open",
      locale: locale === "es" ? "es" : "en",
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
      paid.push(invoiceId);
      await applyPaidPeriod(tx, sub, { plan, start: periodStart, end: periodEnd, ref: renewal.subscriptionRef }, end);
      if (newLength) await setSubscriptionAnchor(tx, sub.id, periodStart);
      return "again";
    }
    await setSubscriptionPastDue(
      tx,
      sub.id,
      { failedAttempts: 1, nextRetryAt: addDays(end, BILLING.retryDays[0]) },
      now,
    );
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
  if (outcome.kind === "paid") {
    paid.push(outcome.invoiceId);
    return "again";
  }
  const open = { id: outcome.invoiceId };
  // Attempts failed so far, this one included: the renewal itself, then one per retry day.
  const failed = sub.failed_attempts + 1;
  if (failed > BILLING.retryDays.length) {
    await voidInvoice(tx, open.id, at);
    await provider?.endNow({ subscriptionRef: sub.provider_ref });
    await endSubscription(tx, sub, at);
    return "done";
  }
  await setSubscriptionRetry(
    tx,
    sub.id,
    { failedAttempts: failed, nextRetryAt: addDays(end, BILLING.retryDays[failed - 1]) },
    now,
  );
  return "again";
}

/**
 * Asks again for the open invoice of a past-due subscription with a card: on success the invoice is paid
 * and the subscription moves to its period; either way the attempt is recorded. "none" when there is no
 * open invoice.
 */
export async function payOpenInvoice(
  ctx: BillingContext,
  tx: Tx,
  sub: SubscriptionRow,
  opts: { at: Date; card: CardRow | null; key: (invoiceId: number) => string },
): Promise<{ kind: "none" } | { kind: "paid"; invoiceId: number } | { kind: "failed"; invoiceId: number }> {
  const open = await selectOpenInvoice(tx, sub.id);
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
          amountCents: open.totalCents,
          periodStart: new Date(open.periodStart),
          periodEnd: new Date(open.periodEnd),
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
    amountCents: open.totalCents,
    providerRef: paid.ok ? paid.chargeRef : null,
    failureCode: paid.ok ? null : paid.code,
    card,
    now: at,
  });
  if (!paid.ok) return { kind: "failed", invoiceId: open.id };
  await markInvoicePaid(tx, open.id, at);
  // The period the provider says was paid (a new Stripe subscription starts when it is created).
  await applyPaidPeriod(
    tx,
    sub,
    { plan: open.plan, start: paid.periodStart, end: paid.periodEnd, ref: paid.subscriptionRef },
    at,
  );
  return { kind: "paid", invoiceId: open.id };
}

/** A paid period: the subscription moves to it (and its plan), and the account follows the plan. */
async function applyPaidPeriod(
  tx: Tx,
  sub: SubscriptionRow,
  period: { plan: PaidPlanCode; start: Date; end: Date; ref: string | null },
  at: Date,
) {
  await applySubscriptionPeriod(tx, sub.id, period, at);
  await setAccountPlan(tx, sub.account_id, period.plan, at);
}

export async function endSubscription(tx: Tx, sub: SubscriptionRow, at: Date) {
  await setSubscriptionEnded(tx, sub.id, at);
  await setAccountPlan(tx, sub.account_id, "FREE", at);
}

/** Advances every subscription with something due now (the sweep job; tests call it with their clock). */
export async function advanceDueSubscriptions(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await dueSubscriptionIds(ctx.db, now);
  // One that fails (a provider outage) is logged and left for the next sweep; the others go on.
  for (const id of due) {
    try {
      await advanceSubscription(ctx, id);
    } catch (error) {
      ctx.log.error("subscription not advanced", { subscriptionId: id, error: (error as Error).name });
    }
  }
  return due.length;
}
