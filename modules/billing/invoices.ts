import { BILLING, type Locale, type PaidPlanCode } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { insertInvoice, nextInvoiceSequence, selectBuyer } from "./invoices-repo.ts";
import { selectOwnInvoice } from "./reads-repo.ts";

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
  const sequence = await nextInvoiceSequence(tx, year);
  const buyer = await selectBuyer(tx, input.accountId);
  const subtotal = input.lines.filter((l) => l.kind === "plan").reduce((s, l) => s + l.amountCents, 0);
  const credit = -input.lines.filter((l) => l.kind === "credit").reduce((s, l) => s + l.amountCents, 0);
  return insertInvoice(tx, {
    accountId: input.accountId,
    subscriptionId: input.subscriptionId,
    number: formatInvoiceNumber(year, sequence),
    status: input.status,
    locale: input.locale,
    subtotalCents: subtotal,
    creditCents: credit,
    totalCents: subtotal - credit,
    plan: input.plan,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    buyer,
    lines: input.lines,
    issuedAt: input.now,
    paidAt: input.status === "paid" ? input.now : null,
  });
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
  const r = await selectOwnInvoice(ctx.db, input.accountId, input.number);
  if (!r) return null;
  const json = <V>(v: unknown): V => (typeof v === "string" ? (JSON.parse(v) as V) : (v as V));
  return {
    number: r.number,
    status: r.status as InvoiceDocument["status"],
    locale: r.locale === "es" ? "es" : "en",
    currency: r.currency,
    subtotalCents: r.subtotalCents,
    creditCents: r.creditCents,
    totalCents: r.totalCents,
    plan: r.plan as PaidPlanCode,
    periodStart: new Date(r.periodStart),
    periodEnd: new Date(r.periodEnd),
    buyer: json<Buyer>(r.buyer),
    lines: json<InvoiceLine[]>(r.lines),
    issuedAt: new Date(r.issuedAt),
    paidAt: r.paidAt === null ? null : new Date(r.paidAt),
  };
}
