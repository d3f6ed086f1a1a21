/**
 * What the member's billing pages read: the overview, payments and invoices.
 */
import type { PaidPlanCode, PlanCode } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { asDate, type BillingContext, reshapeSubscription } from "./common.ts";
import { type BillingSort, isPaidPlan, planInfo } from "./plans.ts";
import {
  countOfAccount,
  selectInvoicesPage,
  selectOverview,
  selectOwnPayment,
  selectPaymentsPage,
} from "./reads-repo.ts";

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
  /** The subscription's card: what the member sees, and the provider's id of it (`pm_…` with Stripe). */
  card: { brand: string; last4: string; expMonth: number; expYear: number; providerRef: string } | null;
  customerId: string | null;
  profile: { name: string; email: string; address: string; country: string; city: string; zip: string } | null;
};

/** The billing page and Me: plan, subscription, card on file and billing details of the caller's account. */
export async function getBillingOverview(ctx: BillingContext, accountId: number): Promise<BillingOverview> {
  // One round trip: the account's plan, its live subscription, that subscription's card and the profile.
  const row = await selectOverview(ctx.db, accountId);
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
    card: card
      ? {
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          providerRef: card.provider_ref,
        }
      : null,
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

/** The caller's payments, newest or oldest first. */
export async function listPayments(
  ctx: ServiceContext,
  input: { accountId: number; sort: BillingSort; page: number; pageSize?: number },
): Promise<{ items: PaymentView[]; total: number; page: number; pageCount: number }> {
  const size = input.pageSize ?? 24;
  const rows = await selectPaymentsPage(ctx.db, {
    accountId: input.accountId,
    oldestFirst: input.sort === "oldest",
    limit: size,
    offset: (input.page - 1) * size,
  });
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

function countOf(ctx: ServiceContext, table: "payment" | "invoice", accountId: number): Promise<number> {
  return countOfAccount(ctx.db, table, accountId);
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
  const rows = await selectInvoicesPage(ctx.db, {
    accountId: input.accountId,
    oldestFirst: input.sort === "oldest",
    limit: size,
    offset: (input.page - 1) * size,
  });
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
  const row = await selectOwnPayment(ctx.db, input.accountId, input.transactionId);
  if (!row || !isPaidPlan(row.plan)) return null;
  return { id: row.id, amountCents: row.amountCents, plan: row.plan, invoiceNumber: row.number };
}
