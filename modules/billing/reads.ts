/**
 * What the member's billing pages read: the overview, payments and invoices.
 */
import { sql } from "drizzle-orm";
import type { PaidPlanCode, PlanCode } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import {
  asDate,
  type BillingContext,
  type CardRow,
  type ProfileRow,
  reshapeSubscription,
  type SubscriptionRow,
} from "./common.ts";
import { type BillingSort, isPaidPlan, planInfo } from "./plans.ts";

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
