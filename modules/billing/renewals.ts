/**
 * Renewals as jobs: each subscription advanced to its next step (pay the open invoice, apply the paid
 * period, end it).
 */
import { sql } from "drizzle-orm";
import { BILLING, type Locale, type PaidPlanCode } from "#config/constants.ts";
import { queryRows } from "#modules/shared/sql.ts";
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
import { addDays, nextPeriodEnd, periodBoundary } from "./periods.ts";
import { planInfo } from "./plans.ts";
import { type Charged, PAYMENT_ERRORS, type Refusal, type Renewal } from "./provider.ts";

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
      await ctx.jobs?.scheduleSubscription?.(subscriptionId, next);
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
export async function payOpenInvoice(
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

export async function endSubscription(tx: Tx, sub: SubscriptionRow, at: Date) {
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
