/**
 * The billing module's queries on invoices. Hand-written SQL stays for the year's counter (an upsert
 * whose lock numbers invoices without gaps), the buyer read with its fallbacks, the insert (buyer and
 * lines kept as jsonb, as issued) and the buyers' anonymisation; the status changes and the open
 * invoice use Drizzle's query builder.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { CURRENCY, type Locale, type PaidPlanCode } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { invoice, type invoiceCounter } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { IdRow } from "./repo.ts";

/* ---- Invoices ---- */

/**
 * The year's next invoice number: the counter row is bumped with an upsert, whose lock holds until the
 * transaction ends, so numbers come out in order and a rolled-back transaction gives its number back.
 */
export async function nextInvoiceSequence(tx: Executor, year: number): Promise<number> {
  const [counter] = await queryRows<Pick<typeof invoiceCounter.$inferSelect, "last">>(
    tx,
    sql`insert into invoice_counter (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counter.last + 1 returning last`,
  );
  return Number(counter.last);
}

/** Who an invoice is made out to: the billing details, else the account's name and e-mail. */
export type BuyerRow = {
  name: string;
  email: string;
  address: string;
  city: string;
  zip: string;
  country: string;
};

export async function selectBuyer(db: Executor, accountId: number): Promise<BuyerRow | undefined> {
  const [row] = await queryRows<BuyerRow>(
    db,
    sql`select coalesce(p.name, a.name) as name, coalesce(p.email, a.email) as email, coalesce(p.address, '') as address,
               coalesce(p.city, '') as city, coalesce(p.zip, '') as zip, coalesce(p.country, '') as country
        from account a left join billing_profile p on p.account_id = a.id where a.id = ${accountId}`,
  );
  return row;
}

export async function insertInvoice(
  tx: Executor,
  row: {
    accountId: number;
    subscriptionId: number;
    number: string;
    status: "paid" | "open";
    locale: Locale;
    subtotalCents: number;
    creditCents: number;
    totalCents: number;
    plan: PaidPlanCode;
    periodStart: Date;
    periodEnd: Date;
    buyer: BuyerRow | undefined;
    lines: unknown[];
    issuedAt: Date;
    paidAt: Date | null;
  },
): Promise<number> {
  const [created] = await queryRows<IdRow>(
    tx,
    sql`insert into invoice (account_id, subscription_id, number, status, locale, currency, subtotal_cents, credit_cents,
                             total_cents, plan, period_start, period_end, buyer, lines, issued_at, paid_at)
        values (${row.accountId}, ${row.subscriptionId}, ${row.number}, ${row.status}, ${row.locale}, ${CURRENCY},
                ${row.subtotalCents}, ${row.creditCents}, ${row.totalCents}, ${row.plan}, ${row.periodStart},
                ${row.periodEnd}, ${JSON.stringify(row.buyer)}::jsonb, ${JSON.stringify(row.lines)}::jsonb,
                ${row.issuedAt}, ${row.paidAt})
        returning id`,
  );
  return created.id;
}

/** The newest open invoice of a subscription, or undefined. */
export async function selectOpenInvoice(
  db: Executor,
  subscriptionId: number,
): Promise<{ id: number; totalCents: number; plan: PaidPlanCode; periodStart: Date; periodEnd: Date } | undefined> {
  const [row] = await db
    .select({
      id: invoice.id,
      totalCents: invoice.totalCents,
      plan: invoice.plan,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
    })
    .from(invoice)
    .where(and(eq(invoice.subscriptionId, subscriptionId), eq(invoice.status, "open")))
    .orderBy(desc(invoice.id))
    .limit(1);
  return row ? { ...row, plan: row.plan as PaidPlanCode } : undefined;
}

export async function markInvoicePaid(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(invoice).set({ status: "paid", paidAt: at }).where(eq(invoice.id, id));
}

export async function voidInvoice(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.update(invoice).set({ status: "void", voidedAt: at }).where(eq(invoice.id, id));
}

/** A subscription's open invoices void. */
export async function voidOpenInvoices(tx: Executor, subscriptionId: number, at: Date): Promise<void> {
  await tx
    .update(invoice)
    .set({ status: "void", voidedAt: at })
    .where(and(eq(invoice.subscriptionId, subscriptionId), eq(invoice.status, "open")));
}

/** The invoices kept for accounting keep no personal data of the buyer but the country. */
export async function anonymiseInvoiceBuyers(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(
    sql`update invoice set buyer = jsonb_build_object('name', '', 'country', buyer->'country') where account_id = ${accountId}`,
  );
}
