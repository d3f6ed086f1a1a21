import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account } from "#db/schema/accounts.ts";
import { contactMessage } from "#db/schema/contact.ts";

/**
 * The contact form's queries. Reads and plain writes are Drizzle's query builder; the advisory lock on
 * a message's digest and the retake of an abandoned or failed message stay hand-written SQL, exercised
 * by service.test.ts.
 */

/** Holds the lock of a message's digest until the transaction ends: identical posts at once take turns. */
export async function lockDigest(db: Executor, digest: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${digest}`}))`);
}

export type RecentMessageRow = Pick<typeof contactMessage.$inferSelect, "id" | "status" | "createdAt">;

/** The latest message with this digest stored after `since`, if any. */
export async function findRecentByDigest(
  db: Executor,
  digest: string,
  since: Date,
): Promise<RecentMessageRow | undefined> {
  const [row] = await db
    .select({ id: contactMessage.id, status: contactMessage.status, createdAt: contactMessage.createdAt })
    .from(contactMessage)
    .where(and(eq(contactMessage.digest, digest), gt(contactMessage.createdAt, since)))
    .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
    .limit(1);
  return row;
}

/** Who sent a message, as the latest post says: names, address, language, account. */
export type Sender = Pick<typeof contactMessage.$inferInsert, "firstName" | "lastName" | "email" | "locale"> & {
  accountId: number | null;
  /** The account's paid plan when it wrote (PERSONAL, COMMERCIAL), or null. */
  paidPlan: string | null;
};

/** The plan of a live (not deleted) account, or null. */
export async function accountPlan(db: Executor, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ plan: account.plan })
    .from(account)
    .where(and(eq(account.id, accountId), isNull(account.deletedAt)));
  return row?.plan ?? null;
}

/**
 * Takes a message again to send it: 'received', one attempt more, the latest sender's details (the account,
 * and its paid plan, kept when none).
 */
export async function retakeMessage(db: Executor, id: number, s: Sender): Promise<void> {
  await db.execute(sql`update contact_message
          set status = 'received', attempts = attempts + 1, first_name = ${s.firstName}, last_name = ${s.lastName},
              email = ${s.email}, locale = ${s.locale}, account_id = coalesce(${s.accountId}::int, account_id),
              paid_plan = case when ${s.accountId}::int is null then paid_plan else ${s.paidPlan}::text end
          where id = ${id}`);
}

/** Stores a new message, 'received', at its first attempt; answers its id. */
export async function insertMessage(
  db: Executor,
  row: Sender & { message: string; digest: string; createdAt: Date },
): Promise<number> {
  const [created] = await db
    .insert(contactMessage)
    .values({
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      message: row.message,
      locale: row.locale,
      accountId: row.accountId,
      paidPlan: row.paidPlan,
      status: "received",
      attempts: 1,
      digest: row.digest,
      createdAt: row.createdAt,
    })
    .returning({ id: contactMessage.id });
  return created.id;
}

export async function markFailed(db: Executor, id: number): Promise<void> {
  await db.update(contactMessage).set({ status: "failed" }).where(eq(contactMessage.id, id));
}

export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(contactMessage).set({ status: "sent", sentAt: at }).where(eq(contactMessage.id, id));
}
