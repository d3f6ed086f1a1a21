/**
 * Changing a live subscription: a later plan change, keeping the current plan, cancelling, renewing,
 * and the card on file.
 */
import type { CancelReason, PaidPlanCode } from "#config/constants.ts";
import {
  BILLING_ERRORS,
  type BillingContext,
  type BillingResult,
  liveSubscription,
  lockAccount,
  type PaymentOutcome,
  profileOf,
  reach,
  refused,
  type SubscriptionRow,
  saveCard,
  type Tx,
} from "./common.ts";
import { voidOpenInvoices } from "./invoices-repo.ts";
import { mailCancelled, mailReceipts, mailRenewed } from "./mails.ts";
import { detachCard } from "./payments-repo.ts";
import { isPaidPlan, planChange } from "./plans.ts";
import type { CardSource, Refusal } from "./provider.ts";
import { quotePlan, upgrade } from "./purchase.ts";
import { endSubscription, payOpenInvoice } from "./renewals.ts";
import {
  setSubscriptionCancelled,
  setSubscriptionCancelReason,
  setSubscriptionCard,
  setSubscriptionPendingPlan,
  setSubscriptionRenewed,
} from "./repo.ts";
import { cancelNoteOf } from "./schemas.ts";

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
    await setSubscriptionPendingPlan(tx, sub.id, pending, now);
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

/**
 * Cancels at the period end: the plan stays until then, then the account is FREE. No refunds. The member
 * is mailed what stays until when (not again for a subscription cancelled already).
 */
export async function cancelSubscription(
  ctx: BillingContext,
  input: { accountId: number; reason: CancelReason; note?: string | null },
): Promise<BillingResult<{ endsAt: Date }>> {
  const note = cancelNoteOf(input.reason, input.note);
  let notice: Parameters<typeof mailCancelled>[1] | null = null;
  const result = await withLiveSubscription<{ endsAt: Date }>(ctx, input.accountId, async (tx, sub, now) => {
    if (sub.status === "past_due") {
      // The last period was never paid: cancelling ends it now, and the open invoice is void.
      const ended = await reach(ctx, async () => ctx.payments?.endNow({ subscriptionRef: sub.provider_ref }));
      if (refused(ended)) return ended;
      await voidOpenInvoices(tx, sub.id, now);
      await setSubscriptionCancelReason(tx, sub.id, input.reason, note);
      await endSubscription(tx, sub, now);
      notice = { accountId: input.accountId, plan: sub.plan, endsAt: now, endedNow: true };
      return { ok: true, value: { endsAt: now } };
    }
    if (sub.cancel_at_period_end) return { ok: true, value: { endsAt: sub.current_period_end } };
    const told = await tellProvider(ctx, sub, true);
    if (told) return told;
    await setSubscriptionCancelled(tx, sub.id, input.reason, now, note);
    notice = { accountId: input.accountId, plan: sub.plan, endsAt: sub.current_period_end, endedNow: false };
    return { ok: true, value: { endsAt: sub.current_period_end } };
  });
  if (result.ok && notice) await mailCancelled(ctx, notice);
  return result;
}

/** Renew: undoes a cancellation before the period ends; the member is mailed the next charge. */
export async function renewSubscription(
  ctx: BillingContext,
  input: { accountId: number },
): Promise<BillingResult<{ nextBillAt: Date }>> {
  let notice: Parameters<typeof mailRenewed>[1] | null = null;
  const result = await withLiveSubscription<{ nextBillAt: Date }>(ctx, input.accountId, async (tx, sub, now) => {
    if (!sub.cancel_at_period_end) return { ok: false, code: BILLING_ERRORS.notCancelled };
    const told = await tellProvider(ctx, sub, false);
    if (told) return told;
    await setSubscriptionRenewed(tx, sub.id, now);
    notice = {
      accountId: input.accountId,
      plan: sub.plan,
      nextPlan: sub.pending_plan ?? sub.plan,
      nextBillAt: sub.current_period_end,
    };
    return { ok: true, value: { nextBillAt: sub.current_period_end } };
  });
  if (result.ok && notice) await mailRenewed(ctx, notice);
  return result;
}

/** A new card for the subscription. A past-due renewal is tried again with it at once. */
export async function updatePaymentMethod(
  ctx: BillingContext,
  input: { accountId: number; source: CardSource },
): Promise<BillingResult<{ brand: string; last4: string }>> {
  const provider = ctx.payments;
  if (!provider) return { ok: false, code: BILLING_ERRORS.unavailable };
  let paid: number | null = null;
  const result = await withLiveSubscription<{ brand: string; last4: string }>(
    ctx,
    input.accountId,
    async (tx, sub, now) => {
      const profile = await profileOf(tx, input.accountId);
      if (!profile) return { ok: false, code: BILLING_ERRORS.noCard };
      const saved = await saveCard(ctx, tx, input.accountId, profile.customer_id, input.source);
      if (!saved.ok) return saved;
      const set = await reach(ctx, () =>
        provider.setDefaultCard({
          customerId: profile.customer_id,
          subscriptionRef: sub.provider_ref,
          cardRef: saved.value.provider_ref,
        }),
      );
      if (refused(set)) return set;
      if (sub.payment_method_id !== null) await detachCard(tx, sub.payment_method_id, now);
      await setSubscriptionCard(tx, sub.id, saved.value.id, now);
      // Past due: the open invoice is asked for at once with the new card. This is the member's own
      // try, not one of the retry days: a card that fails too leaves the schedule as it was.
      if (sub.status === "past_due") {
        const outcome = await payOpenInvoice(ctx, tx, sub, {
          at: now,
          card: saved.value,
          key: (id) => `card:${id}:${saved.value.id}`,
        });
        if (outcome.kind === "paid") paid = outcome.invoiceId;
      }
      return { ok: true, value: { brand: saved.value.brand, last4: saved.value.last4 } };
    },
  );
  if (result.ok && paid !== null) await mailReceipts(ctx, [paid]);
  return result;
}
