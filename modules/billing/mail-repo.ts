/**
 * The billing mails' queries: who a mail goes to, and the receipts still owed (paid invoices whose
 * receipt has not gone out).
 */
import { and, asc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account, invoice } from "#db/schema/index.ts";

/** A live account's address, name and language; undefined for a deleted one. */
export async function selectMailRecipient(
  db: Executor,
  accountId: number,
): Promise<{ email: string; name: string; locale: string } | undefined> {
  const [row] = await db
    .select({ email: account.email, name: account.name, locale: account.locale })
    .from(account)
    .where(and(eq(account.id, accountId), isNull(account.deletedAt)));
  return row;
}

/** A paid invoice whose receipt is still owed, with its account and number; undefined otherwise. */
export async function selectOwedReceipt(
  db: Executor,
  invoiceId: number,
): Promise<{ accountId: number; number: string } | undefined> {
  const [row] = await db
    .select({ accountId: invoice.accountId, number: invoice.number })
    .from(invoice)
    .where(and(eq(invoice.id, invoiceId), eq(invoice.status, "paid"), isNull(invoice.receiptSentAt)));
  return row;
}

/** Paid invoices of live accounts, paid within [since, until], whose receipt is still owed (oldest first). */
export async function selectOwedReceiptIds(db: Executor, since: Date, until: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: invoice.id })
    .from(invoice)
    .innerJoin(account, eq(account.id, invoice.accountId))
    .where(
      and(
        isNull(invoice.receiptSentAt),
        isNotNull(invoice.paidAt),
        eq(invoice.status, "paid"),
        gte(invoice.paidAt, since),
        lte(invoice.paidAt, until),
        isNull(account.deletedAt),
      ),
    )
    .orderBy(asc(invoice.paidAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Records that an invoice's receipt went out (once: a second sender finds it set). */
export async function markReceiptSent(db: Executor, invoiceId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(invoice)
    .set({ receiptSentAt: at })
    .where(and(eq(invoice.id, invoiceId), isNull(invoice.receiptSentAt)))
    .returning({ id: invoice.id });
  return rows.length > 0;
}
