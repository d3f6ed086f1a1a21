/**
 * The queries of the member's billing pages: the overview, the payments and invoices lists, one payment
 * and one invoice. The overview (one round trip over four tables, rows as `to_jsonb`) and the pages of
 * the lists (with their total by a window count) stay hand-written SQL; the counts, the payment and the
 * invoice use Drizzle's query builder.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { PaidPlanCode, PlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { invoice, payment } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { CardRow, ProfileRow, SubscriptionRow } from "./repo.ts";

/**
 * The account's plan with its live subscription, that subscription's card and the billing details, as
 * JSON rows (a driver may hand them over as text).
 */
export type OverviewRow = {
  account_plan: PlanCode;
  sub: SubscriptionRow | null;
  card: CardRow | null;
  profile: ProfileRow | null;
};

export async function selectOverview(db: Executor, accountId: number): Promise<OverviewRow | undefined> {
  const [row] = await queryRows<OverviewRow>(
    db,
    sql`select a.plan as account_plan, to_jsonb(s) as sub, to_jsonb(pm) as card, to_jsonb(bp) as profile
        from account a
        left join subscription s on s.account_id = a.id and s.status in ('active', 'past_due')
        left join payment_method pm on pm.id = s.payment_method_id
        left join billing_profile bp on bp.account_id = a.id
        where a.id = ${accountId}`,
  );
  return row;
}

/** A payment in the member's list, with its invoice's number and the list's total. */
export type PaymentListRow = {
  id: string;
  status: "succeeded" | "failed" | "pending";
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
};

/** A page of an account's payments, newest or oldest first. */
export async function selectPaymentsPage(
  db: Executor,
  input: { accountId: number; oldestFirst: boolean; limit: number; offset: number },
): Promise<PaymentListRow[]> {
  const order = input.oldestFirst ? sql`p.created_at asc, p.id asc` : sql`p.created_at desc, p.id desc`;
  return queryRows<PaymentListRow>(
    db,
    sql`select p.*, i.number, count(*) over () as total from payment p left join invoice i on i.id = p.invoice_id
        where p.account_id = ${input.accountId} order by ${order} limit ${input.limit} offset ${input.offset}`,
  );
}

/** An invoice in the member's list, with the list's total. */
export type InvoiceListRow = {
  number: string;
  status: "paid" | "open" | "void";
  plan: PaidPlanCode;
  total_cents: number;
  currency: string;
  issued_at: Date;
  paid_at: Date | null;
  total: number;
};

/** A page of an account's invoices, newest or oldest first. */
export async function selectInvoicesPage(
  db: Executor,
  input: { accountId: number; oldestFirst: boolean; limit: number; offset: number },
): Promise<InvoiceListRow[]> {
  const order = input.oldestFirst ? sql`issued_at asc, id asc` : sql`issued_at desc, id desc`;
  return queryRows<InvoiceListRow>(
    db,
    sql`select number, status, plan, total_cents, currency, issued_at, paid_at, count(*) over () as total
        from invoice where account_id = ${input.accountId} order by ${order} limit ${input.limit} offset ${input.offset}`,
  );
}

/** How many payments or invoices an account has. */
export async function countOfAccount(db: Executor, table: "payment" | "invoice", accountId: number): Promise<number> {
  const [row] =
    table === "payment"
      ? await db.select({ n: count() }).from(payment).where(eq(payment.accountId, accountId))
      : await db.select({ n: count() }).from(invoice).where(eq(invoice.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** A succeeded payment of an account's, with its invoice's number. */
export type OwnPaymentRow = { id: string; amountCents: number; plan: string; number: string | null };

export async function selectOwnPayment(
  db: Executor,
  accountId: number,
  transactionId: string,
): Promise<OwnPaymentRow | undefined> {
  const [row] = await db
    .select({ id: payment.id, amountCents: payment.amountCents, plan: payment.plan, number: invoice.number })
    .from(payment)
    .leftJoin(invoice, eq(invoice.id, payment.invoiceId))
    .where(and(eq(payment.id, transactionId), eq(payment.accountId, accountId), eq(payment.status, "succeeded")));
  return row;
}

export type InvoiceRecord = typeof invoice.$inferSelect;

/** An invoice of an account's, by number. */
export async function selectOwnInvoice(
  db: Executor,
  accountId: number,
  number: string,
): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.number, number), eq(invoice.accountId, accountId)));
  return row;
}
