import { and, desc, eq, gt, isNull, max, min, ne, notExists } from "drizzle-orm";
import type { Db } from "#db/client.server.ts";
import { authSession, authSessionDevice } from "#db/schema/index.ts";

/** The queries of the member's list of sessions (a session is a family: one log-in and its rotations). */

export type DeviceRow = { family: string; accountId: number; userAgent: string | null; network: string | null };

/** Keeps where a log-in happened; a family is described once. */
export async function insertSessionDevice(db: Db, row: DeviceRow & { createdAt: Date }): Promise<void> {
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
export function liveSessions(db: Db, accountId: number, now: Date, startedAfter: Date): Promise<LiveSessionRow[]> {
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
export async function familyOfSession(db: Db, accountId: number, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ family: authSession.family })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.accountId, accountId)))
    .limit(1);
  return row?.family ?? null;
}

/** Revokes one family of the account's (never another account's); answers how many sessions it ended. */
export async function revokeAccountFamily(db: Db, accountId: number, family: string, now: Date): Promise<number> {
  const rows = await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.accountId, accountId), eq(authSession.family, family), isNull(authSession.revokedAt)))
    .returning({ family: authSession.family });
  return rows.length;
}

/** Revokes every family of the account but one; answers how many families (log-ins) it ended. */
export async function revokeOtherFamilies(db: Db, accountId: number, keep: string, now: Date): Promise<number> {
  const rows = await db
    .update(authSession)
    .set({ revokedAt: now })
    .where(and(eq(authSession.accountId, accountId), ne(authSession.family, keep), isNull(authSession.revokedAt)))
    .returning({ family: authSession.family });
  return new Set(rows.map((r) => r.family)).size;
}

/** Deletes device rows whose family has no session left (purged or deleted); answers how many went. */
export async function purgeOrphanDevices(db: Db): Promise<number> {
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
