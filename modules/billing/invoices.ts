import { sql } from "drizzle-orm";
import { BILLING, CURRENCY, type Locale, type PaidPlanCode } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** A line of an invoice: the plan for a period, or the credit for the unused part of the plan before. */
export type InvoiceLine = {
  kind: "plan" | "credit";
  plan: PaidPlanCode;
  from: string;
  to: string;
  amountCents: number;
};

export type Buyer = {
  name: string;
  email: string;
  address: string;
  city: string;
  zip: string;
  country: string;
};

/** SN-2026-000042 */
export function formatInvoiceNumber(year: number, seq: number): string {
  return `${BILLING.invoicePrefix}-${year}-${String(seq).padStart(BILLING.invoiceDigits, "0")}`;
}

/**
 * Issues an invoice inside the caller's transaction. The year's counter row is bumped with an upsert,
 * which holds its lock until the transaction ends: numbers come out in order, and a transaction that
 * rolls back gives its number back, so a year's numbers have no gap.
 */
export async function issueInvoice(
  tx: Db,
  input: {
    accountId: number;
    subscriptionId: number;
    status: "paid" | "open";
    locale: Locale;
    plan: PaidPlanCode;
    periodStart: Date;
    periodEnd: Date;
    lines: InvoiceLine[];
    now: Date;
  },
): Promise<number> {
  const year = input.now.getUTCFullYear();
  const [counter] = await queryRows<{ last: number }>(
    tx,
    sql`insert into invoice_counter (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counter.last + 1 returning last`,
  );
  const [b] = await queryRows<Buyer>(
    tx,
    sql`select coalesce(p.name, a.name) as name, coalesce(p.email, a.email) as email, coalesce(p.address, '') as address,
               coalesce(p.city, '') as city, coalesce(p.zip, '') as zip, coalesce(p.country, '') as country
        from account a left join billing_profile p on p.account_id = a.id where a.id = ${input.accountId}`,
  );
  const subtotal = input.lines.filter((l) => l.kind === "plan").reduce((s, l) => s + l.amountCents, 0);
  const credit = -input.lines.filter((l) => l.kind === "credit").reduce((s, l) => s + l.amountCents, 0);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into invoice (account_id, subscription_id, number, status, locale, currency, subtotal_cents, credit_cents,
                             total_cents, plan, period_start, period_end, buyer, lines, issued_at, paid_at)
        values (${input.accountId}, ${input.subscriptionId}, ${formatInvoiceNumber(year, Number(counter.last))},
                ${input.status}, ${input.locale}, ${CURRENCY}, ${subtotal}, ${credit}, ${subtotal - credit}, ${input.plan},
                ${input.periodStart}, ${input.periodEnd}, ${JSON.stringify(b)}::jsonb, ${JSON.stringify(input.lines)}::jsonb,
                ${input.now}, ${input.status === "paid" ? input.now : null})
        returning id`,
  );
  return row.id;
}

export type InvoiceDocument = {
  number: string;
  status: "paid" | "open" | "void";
  locale: Locale;
  currency: string;
  subtotalCents: number;
  creditCents: number;
  totalCents: number;
  plan: PaidPlanCode;
  periodStart: Date;
  periodEnd: Date;
  buyer: Buyer;
  lines: InvoiceLine[];
  issuedAt: Date;
  paidAt: Date | null;
};

/** One invoice of the caller's own account, by number; anyone else's is not found. */
export async function getOwnInvoice(
  ctx: ServiceContext,
  input: { accountId: number; number: string },
): Promise<InvoiceDocument | null> {
  if (!/^[A-Z]{1,4}-\d{4}-\d{6}$/.test(input.number)) return null;
  const [r] = await queryRows<{
    number: string;
    status: InvoiceDocument["status"];
    locale: string;
    currency: string;
    subtotal_cents: number;
    credit_cents: number;
    total_cents: number;
    plan: PaidPlanCode;
    period_start: Date | string;
    period_end: Date | string;
    buyer: Buyer | string;
    lines: InvoiceLine[] | string;
    issued_at: Date | string;
    paid_at: Date | string | null;
  }>(ctx.db, sql`select * from invoice where number = ${input.number} and account_id = ${input.accountId}`);
  if (!r) return null;
  const json = <V>(v: V | string): V => (typeof v === "string" ? (JSON.parse(v) as V) : v);
  return {
    number: r.number,
    status: r.status,
    locale: r.locale === "es" ? "es" : "en",
    currency: r.currency,
    subtotalCents: r.subtotal_cents,
    creditCents: r.credit_cents,
    totalCents: r.total_cents,
    plan: r.plan,
    periodStart: new Date(r.period_start),
    periodEnd: new Date(r.period_end),
    buyer: json(r.buyer),
    lines: json(r.lines),
    issuedAt: new Date(r.issued_at),
    paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  };
}
