import { and, desc, eq, gt, inArray, isNull, like, ne, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { authSession, emailToken, loginBackoff } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The accounts module's queries on what surrounds an account: the links mailed to it (email_token), the
 * back-off of wrong passwords (login_backoff) and the ending of its sessions (auth_session).
 */

export type EmailTokenRow = typeof emailToken.$inferSelect;

/** Whether a link of this purpose was mailed to the account since a moment. */
export async function hasEmailTokenSince(
  db: Executor,
  accountId: number,
  purpose: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ n: sql<number>`1` })
    .from(emailToken)
    .where(and(eq(emailToken.accountId, accountId), eq(emailToken.purpose, purpose), gt(emailToken.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}

/** Keeps a new link's hash (and, for an e-mail change, the address it was sent to). */
export async function insertEmailToken(
  db: Executor,
  row: Pick<EmailTokenRow, "tokenHash" | "accountId" | "purpose" | "expiresAt" | "createdAt"> & {
    newEmail?: string;
  },
): Promise<void> {
  await db.insert(emailToken).values(row);
}

export type EmailTokenState = Pick<EmailTokenRow, "accountId" | "newEmail" | "expiresAt" | "usedAt">;

/** A link of a purpose by its hash; `lock` takes its row for the rest of the transaction (for update). */
export async function emailTokenByHash(
  db: Executor,
  tokenHash: string,
  purpose: string,
  lock = false,
): Promise<EmailTokenState | undefined> {
  const query = db
    .select({
      accountId: emailToken.accountId,
      newEmail: emailToken.newEmail,
      expiresAt: emailToken.expiresAt,
      usedAt: emailToken.usedAt,
    })
    .from(emailToken)
    .where(and(eq(emailToken.tokenHash, tokenHash), eq(emailToken.purpose, purpose)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** Marks one link used. */
export async function markEmailTokenUsed(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(emailToken).set({ usedAt: now }).where(eq(emailToken.tokenHash, tokenHash));
}

/** Uses a link up unless it already was; whether this call did (two submissions at once: one wins). */
export async function spendEmailToken(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(emailToken)
    .set({ usedAt: now })
    .where(and(eq(emailToken.tokenHash, tokenHash), isNull(emailToken.usedAt)))
    .returning({ tokenHash: emailToken.tokenHash });
  return spent.length > 0;
}

/** Uses up an account's unused links of these purposes (all purposes when none are named). */
export async function spendAccountTokens(
  db: Executor,
  accountId: number,
  now: Date,
  purposes?: readonly string[],
): Promise<void> {
  await db
    .update(emailToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailToken.accountId, accountId),
        isNull(emailToken.usedAt),
        purposes ? inArray(emailToken.purpose, [...purposes]) : undefined,
      ),
    );
}

/** Forgets a link (its mail could not be sent). */
export async function deleteEmailToken(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(emailToken).where(eq(emailToken.tokenHash, tokenHash));
}

/** The newest unused, unexpired link of a purpose of an account. */
export async function latestLiveEmailToken(
  db: Executor,
  accountId: number,
  purpose: string,
  now: Date,
): Promise<Pick<EmailTokenRow, "newEmail" | "expiresAt"> | undefined> {
  const [row] = await db
    .select({ newEmail: emailToken.newEmail, expiresAt: emailToken.expiresAt })
    .from(emailToken)
    .where(
      and(
        eq(emailToken.accountId, accountId),
        eq(emailToken.purpose, purpose),
        isNull(emailToken.usedAt),
        gt(emailToken.expiresAt, now),
      ),
    )
    .orderBy(desc(emailToken.createdAt))
    .limit(1);
  return row;
}

/** When a back-off key may try again, if it has failed. */
export async function loginBackoffNextAt(db: Executor, key: string): Promise<Date | undefined> {
  const [row] = await db.select({ nextAt: loginBackoff.nextAt }).from(loginBackoff).where(eq(loginBackoff.key, key));
  return row?.nextAt;
}

type FailuresRow = { failures: number };

/** Counts one more failure of a key (the first one creates it); answers the count. */
export async function countLoginFailure(db: Executor, key: string, now: Date): Promise<number> {
  const [row] = await queryRows<FailuresRow>(
    db,
    sql`insert into login_backoff (key, failures, next_at, updated_at) values (${key}, 1, ${now}, ${now})
        on conflict (key) do update set failures = login_backoff.failures + 1, updated_at = ${now}
        returning failures`,
  );
  return Number(row.failures);
}

/**
 * Counts one more failure of a key within a window that starts at its first failure (`next_at` holds
 * when that was): a key whose window began before `windowStart` starts again at one. Answers the count.
 */
export async function countWindowedFailure(db: Executor, key: string, now: Date, windowStart: Date): Promise<number> {
  const [row] = await queryRows<FailuresRow>(
    db,
    sql`insert into login_backoff (key, failures, next_at, updated_at) values (${key}, 1, ${now}, ${now})
        on conflict (key) do update set
          failures = case when login_backoff.next_at < ${windowStart} then 1 else login_backoff.failures + 1 end,
          next_at = case when login_backoff.next_at < ${windowStart} then ${now} else login_backoff.next_at end,
          updated_at = ${now}
        returning failures`,
  );
  return Number(row.failures);
}

/** Makes a key wait until a moment. */
export async function setLoginBackoffNextAt(db: Executor, key: string, nextAt: Date): Promise<void> {
  await db.update(loginBackoff).set({ nextAt }).where(eq(loginBackoff.key, key));
}

/** Forgets the failures of these keys. */
export async function clearLoginBackoff(db: Executor, ...keys: string[]): Promise<void> {
  await db
    .delete(loginBackoff)
    .where(keys.length === 1 ? eq(loginBackoff.key, keys[0]) : inArray(loginBackoff.key, keys));
}

/** Forgets every back-off of an account (its keys start with its id and a bar). */
export async function clearAccountLoginBackoff(db: Executor, accountId: number): Promise<void> {
  await db.delete(loginBackoff).where(like(loginBackoff.key, `${accountId}|%`));
}

/** The log-in (family) a session belongs to. */
export async function sessionFamily(db: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select({ family: authSession.family }).from(authSession).where(eq(authSession.id, sessionId));
  return row?.family;
}

/** Ends an account's live sessions: all, all but one, or those of one log-in (family). */
export async function revokeAccountSessions(
  db: Executor,
  accountId: number,
  now: Date,
  only?: { exceptId?: string; family?: string },
): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSession.accountId, accountId),
        isNull(authSession.revokedAt),
        only?.exceptId !== undefined ? ne(authSession.id, only.exceptId) : undefined,
        only?.family !== undefined ? eq(authSession.family, only.family) : undefined,
      ),
    );
}
