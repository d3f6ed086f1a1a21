import { and, desc, eq, gt, isNull, lt, max, min, ne, notExists, or, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account, authSession, authSessionDevice, emailToken } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The queries of the member's list of sessions (a session is a family: one log-in and its rotations). */

export type DeviceRow = { family: string; accountId: number; userAgent: string | null; network: string | null };

/** Keeps where a log-in happened; a family is described once. */
export async function insertSessionDevice(db: Executor, row: DeviceRow & { createdAt: Date }): Promise<void> {
  await db.insert(authSessionDevice).values(row).onConflictDoNothing();
}

export type LiveSessionRow = {
  family: string;
  signedInAt: Date | null;
  lastActiveAt: Date | null;
  userAgent: string | null;
  network: string | null;
};

/**
 * An account's live sessions, most recently active first: families with a session that is neither
 * revoked nor expired, and younger than the absolute lifetime. Last active is the latest rotation.
 */
export function liveSessions(
  db: Executor,
  accountId: number,
  now: Date,
  startedAfter: Date,
): Promise<LiveSessionRow[]> {
  const lastActive = max(authSession.createdAt);
  return db
    .select({
      family: authSession.family,
      signedInAt: min(authSession.familyStartedAt),
      lastActiveAt: lastActive,
      userAgent: authSessionDevice.userAgent,
      network: authSessionDevice.network,
    })
    .from(authSession)
    .leftJoin(authSessionDevice, eq(authSessionDevice.family, authSession.family))
    .where(
      and(
        eq(authSession.accountId, accountId),
        isNull(authSession.revokedAt),
        gt(authSession.expiresAt, now),
        gt(authSession.familyStartedAt, startedAfter),
      ),
    )
    .groupBy(authSession.family, authSessionDevice.userAgent, authSessionDevice.network)
    .orderBy(desc(lastActive), authSession.family)
    .limit(200);
}

/** The family of one of the account's sessions, or null (another account's, or none). */
export async function familyOfSession(db: Executor, accountId: number, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ family: authSession.family })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.accountId, accountId)))
    .limit(1);
  return row?.family ?? null;
}

/** Revokes one family of the account's (never another account's); answers how many sessions it ended. */
export async function revokeAccountFamily(db: Executor, accountId: number, family: string, now: Date): Promise<number> {
  const rows = await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.accountId, accountId), eq(authSession.family, family), isNull(authSession.revokedAt)))
    .returning({ family: authSession.family });
  return rows.length;
}

/** Revokes every family of the account but one; answers how many families (log-ins) it ended. */
export async function revokeOtherFamilies(db: Executor, accountId: number, keep: string, now: Date): Promise<number> {
  const rows = await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.accountId, accountId), ne(authSession.family, keep), isNull(authSession.revokedAt)))
    .returning({ family: authSession.family });
  return new Set(rows.map((r) => r.family)).size;
}

/** Deletes device rows whose family has no session left (purged or deleted); answers how many went. */
export async function purgeOrphanDevices(db: Executor): Promise<number> {
  const rows = await db
    .delete(authSessionDevice)
    .where(
      notExists(
        db.select({ one: authSession.id }).from(authSession).where(eq(authSession.family, authSessionDevice.family)),
      ),
    )
    .returning({ family: authSessionDevice.family });
  return rows.length;
}

// The sessions themselves (sessions.ts): issuing, rotating, ending and purging them.

export type IssuedSessionRow = { expires_at: Date | string; revoked_at: Date | string | null };

/**
 * Creates a session; a session of that id made already (by another request for the same rotation) is
 * left as it is. Answers its expiry and whether it was revoked.
 */
export async function upsertSession(
  db: Executor,
  row: {
    id: string;
    accountId: number;
    family: string;
    familyStartedAt: Date;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<IssuedSessionRow | undefined> {
  const [issued] = await queryRows<IssuedSessionRow>(
    db,
    sql`insert into auth_session (id, account_id, family, family_started_at, token_hash, expires_at, created_at)
    values (${row.id}, ${row.accountId}, ${row.family}, ${row.familyStartedAt}, ${row.tokenHash},
            ${row.expiresAt}, ${row.createdAt})
    on conflict (id) do update set expires_at = auth_session.expires_at
    returning expires_at, revoked_at`,
  );
  return issued;
}

export type RefreshRow = Pick<
  typeof authSession.$inferSelect,
  "id" | "accountId" | "family" | "familyStartedAt" | "expiresAt" | "rotatedAt" | "revokedAt"
> & { blockedAt: Date | null };

/** The session a refresh token (by its hash) belongs to, with whether its account is blocked. */
export async function sessionByTokenHash(db: Executor, tokenHash: string): Promise<RefreshRow | undefined> {
  const [row] = await db
    .select({
      id: authSession.id,
      accountId: authSession.accountId,
      family: authSession.family,
      familyStartedAt: authSession.familyStartedAt,
      expiresAt: authSession.expiresAt,
      rotatedAt: authSession.rotatedAt,
      revokedAt: authSession.revokedAt,
      blockedAt: account.blockedAt,
    })
    .from(authSession)
    .innerJoin(account, eq(account.id, authSession.accountId))
    .where(eq(authSession.tokenHash, tokenHash));
  return row;
}

/** Marks a session rotated unless it already was; whether this call did. */
export async function claimRotation(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(authSession)
    .set({ rotatedAt: now })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.rotatedAt)))
    .returning({ id: authSession.id });
  return claimed.length > 0;
}

/** Ends every live session of a family. */
export async function revokeFamilySessions(db: Executor, family: string, now: Date): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.family, family), isNull(authSession.revokedAt)));
}

/** The family of a session, by its id or by its refresh token's hash. */
export async function sessionFamilyBy(
  db: Executor,
  by: { id: string } | { tokenHash: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ family: authSession.family })
    .from(authSession)
    .where("id" in by ? eq(authSession.id, by.id) : eq(authSession.tokenHash, by.tokenHash));
  return row?.family;
}

/** Whether an account is blocked. */
export async function accountIsBlocked(db: Executor, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ blocked: sql<boolean>`${account.blockedAt} is not null` })
    .from(account)
    .where(eq(account.id, accountId));
  return Boolean(row?.blocked);
}

/**
 * Writes when an account was last seen (a log-in or a token refresh), unless it was written after
 * `staleBefore`: at most one write per account every few minutes, however often its tokens turn over.
 */
export async function touchLastSeen(db: Executor, accountId: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(account)
    .set({ lastSeenAt: now })
    .where(and(eq(account.id, accountId), or(isNull(account.lastSeenAt), lt(account.lastSeenAt, staleBefore))));
}

/** Ends every live session of an account. */
export async function revokeAllSessions(db: Executor, accountId: number, now: Date): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.accountId, accountId), isNull(authSession.revokedAt)));
}

/** Deletes sessions past their expiry or revoked before `revokedBefore`. */
export async function deleteDeadSessions(db: Executor, now: Date, revokedBefore: Date): Promise<void> {
  await db.delete(authSession).where(or(lt(authSession.expiresAt, now), lt(authSession.revokedAt, revokedBefore)));
}

/** Deletes e-mail links that expired before a moment. */
export async function deleteEmailTokensExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(emailToken).where(lt(emailToken.expiresAt, before));
}
