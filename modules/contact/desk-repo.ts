import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";

export type { Executor };

import { account } from "#db/schema/accounts.ts";
import { contactMessage, contactReply } from "#db/schema/contact.ts";
import type { DeskState } from "./desk-schemas.ts";

/**
 * The operator desk's queries on contact messages and their replies (issue 23), typed from the schema.
 * A reply being sent is a draft (or a failed one) whose `sent_at` holds when the send started: the claim
 * is one conditional update, so two sends of one reply never both go.
 */

export type InboxRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  snippet: string;
  locale: string;
  paidPlan: string | null;
  createdAt: Date;
  accountId: number | null;
  replies: number;
};

/** How many messages stand in each state. */
export async function inboxCounts(db: Executor): Promise<Record<DeskState, number>> {
  const rows = await db
    .select({ state: contactMessage.deskState, n: count() })
    .from(contactMessage)
    .groupBy(contactMessage.deskState);
  const out: Record<DeskState, number> = { open: 0, answered: 0, closed: 0 };
  for (const r of rows) if (r.state in out) out[r.state as DeskState] = Number(r.n);
  return out;
}

/** One page of a state's messages: paying members' first, newest first within (the desk index's order). */
export async function inboxPage(
  db: Executor,
  input: { state: DeskState; limit: number; offset: number; snippetChars: number },
): Promise<InboxRow[]> {
  const rows = await db
    .select({
      id: contactMessage.id,
      firstName: contactMessage.firstName,
      lastName: contactMessage.lastName,
      email: contactMessage.email,
      snippet: sql<string>`left(${contactMessage.message}, ${input.snippetChars})`,
      locale: contactMessage.locale,
      paidPlan: contactMessage.paidPlan,
      createdAt: contactMessage.createdAt,
      accountId: contactMessage.accountId,
      // Qualified by hand: inside the subquery a bare "id" would be the reply's own.
      replies: sql<number>`(select count(*)::int from contact_reply r where r.message_id = contact_message.id and r.status = 'sent')`,
    })
    .from(contactMessage)
    .where(eq(contactMessage.deskState, input.state))
    .orderBy(
      sql`(${contactMessage.paidPlan} is not null) desc`,
      desc(contactMessage.createdAt),
      desc(contactMessage.id),
    )
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt), replies: Number(r.replies) }));
}

export type MessageRow = Pick<
  typeof contactMessage.$inferSelect,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "message"
  | "locale"
  | "accountId"
  | "paidPlan"
  | "deskState"
  | "answeredAt"
  | "closedAt"
  | "createdAt"
> & {
  account: { username: string; email: string; plan: string; deleted: boolean } | null;
};

/** A message with its sender's account as it is now (null when they wrote as a guest). */
export async function messageById(db: Executor, id: number): Promise<MessageRow | null> {
  const [row] = await db
    .select({
      id: contactMessage.id,
      firstName: contactMessage.firstName,
      lastName: contactMessage.lastName,
      email: contactMessage.email,
      message: contactMessage.message,
      locale: contactMessage.locale,
      accountId: contactMessage.accountId,
      paidPlan: contactMessage.paidPlan,
      deskState: contactMessage.deskState,
      answeredAt: contactMessage.answeredAt,
      closedAt: contactMessage.closedAt,
      createdAt: contactMessage.createdAt,
      username: account.username,
      accountEmail: account.email,
      plan: account.plan,
      deletedAt: account.deletedAt,
    })
    .from(contactMessage)
    .leftJoin(account, eq(account.id, contactMessage.accountId))
    .where(eq(contactMessage.id, id))
    .limit(1);
  if (!row) return null;
  const { username, accountEmail, plan, deletedAt, ...message } = row;
  return {
    ...message,
    account:
      message.accountId !== null && username !== null && accountEmail !== null && plan !== null
        ? { username, email: accountEmail, plan, deleted: deletedAt !== null }
        : null,
  };
}

/** Locks a message's row until the transaction ends (its replies and state change one at a time); answers its state. */
export async function lockMessage(db: Executor, id: number): Promise<{ deskState: string } | undefined> {
  const [row] = await db
    .select({ deskState: contactMessage.deskState })
    .from(contactMessage)
    .where(eq(contactMessage.id, id))
    .for("update");
  return row;
}

export type ReplyRow = typeof contactReply.$inferSelect;

/** A message's replies, oldest first: its thread. */
export async function repliesOf(db: Executor, messageId: number): Promise<ReplyRow[]> {
  return db
    .select()
    .from(contactReply)
    .where(eq(contactReply.messageId, messageId))
    .orderBy(asc(contactReply.createdAt), asc(contactReply.id));
}

/** One reply of one message (another message's reply is not found). */
export async function replyOf(db: Executor, messageId: number, replyId: number): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(contactReply)
    .where(and(eq(contactReply.id, replyId), eq(contactReply.messageId, messageId)));
  return row;
}

export async function replyById(db: Executor, replyId: number): Promise<ReplyRow | undefined> {
  const [row] = await db.select().from(contactReply).where(eq(contactReply.id, replyId));
  return row;
}

/** The message's reply not sent yet (a draft, or one whose send failed), the latest if several. */
export async function unsentReply(db: Executor, messageId: number): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(contactReply)
    .where(and(eq(contactReply.messageId, messageId), inArray(contactReply.status, ["draft", "failed"])))
    .orderBy(desc(contactReply.id))
    .limit(1);
  return row;
}

/** A reply of the message with exactly these words, sent or being sent since `since` (a double submit's first). */
export async function sameRecentReply(
  db: Executor,
  messageId: number,
  body: string,
  since: Date,
): Promise<ReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(contactReply)
    .where(
      and(
        eq(contactReply.messageId, messageId),
        eq(contactReply.body, body),
        gt(contactReply.sentAt, since),
        inArray(contactReply.status, ["draft", "sent"]),
      ),
    )
    .orderBy(desc(contactReply.id))
    .limit(1);
  return row;
}

export type Author = { id: number | null; label: string };

export async function insertReply(
  db: Executor,
  row: { messageId: number; author: Author; body: string; locale: string; at: Date },
): Promise<number> {
  const [created] = await db
    .insert(contactReply)
    .values({
      messageId: row.messageId,
      authorId: row.author.id,
      authorLabel: row.author.label,
      body: row.body,
      locale: row.locale,
      status: "draft",
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning({ id: contactReply.id });
  return created.id;
}

/**
 * New words for a reply not sent and not being sent (or whose send started before `abandonedBefore`, its
 * process gone: that claim ends); its author becomes who wrote them. Answers whether it changed.
 */
export async function updateUnsentReply(
  db: Executor,
  id: number,
  row: { author: Author; body: string; at: Date; abandonedBefore: Date },
): Promise<boolean> {
  const changed = await db
    .update(contactReply)
    .set({ body: row.body, authorId: row.author.id, authorLabel: row.author.label, updatedAt: row.at, sentAt: null })
    .where(
      and(
        eq(contactReply.id, id),
        inArray(contactReply.status, ["draft", "failed"]),
        or(isNull(contactReply.sentAt), lt(contactReply.sentAt, row.abandonedBefore)),
      ),
    )
    .returning({ id: contactReply.id });
  return changed.length > 0;
}

/**
 * Takes a reply to send it: only one not sent, and not being sent (or whose send started before
 * `abandonedBefore`, its process gone). Answers whether this caller has it.
 */
export async function claimReply(db: Executor, id: number, at: Date, abandonedBefore: Date): Promise<boolean> {
  const taken = await db
    .update(contactReply)
    .set({ sentAt: at, updatedAt: at })
    .where(
      and(
        eq(contactReply.id, id),
        inArray(contactReply.status, ["draft", "failed"]),
        or(isNull(contactReply.sentAt), lt(contactReply.sentAt, abandonedBefore)),
      ),
    )
    .returning({ id: contactReply.id });
  return taken.length > 0;
}

export async function markReplySent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(contactReply)
    .set({ status: "sent", sentAt: at, error: null, updatedAt: at })
    .where(eq(contactReply.id, id));
}

/** The send failed: the words stay as they are, unsent, with why. */
export async function markReplyFailed(db: Executor, id: number, error: string, at: Date): Promise<void> {
  await db
    .update(contactReply)
    .set({ status: "failed", sentAt: null, error, updatedAt: at })
    .where(eq(contactReply.id, id));
}

/** The message was answered: answered (and no longer closed) from `at`. */
export async function setAnswered(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(contactMessage)
    .set({ deskState: "answered", answeredAt: at, closedAt: null })
    .where(eq(contactMessage.id, id));
}

export async function setClosed(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(contactMessage).set({ deskState: "closed", closedAt: at }).where(eq(contactMessage.id, id));
}

/** Open again (it needs the desk's attention): no longer closed; when it was answered stays known. */
export async function setReopened(db: Executor, id: number): Promise<void> {
  await db.update(contactMessage).set({ deskState: "open", closedAt: null }).where(eq(contactMessage.id, id));
}
