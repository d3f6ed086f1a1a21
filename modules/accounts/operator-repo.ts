import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account, accountRecoveryCode, accountSecondFactor, authSession } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The queries of what an operator changes on an account, from the command line or the desk (operator.ts). */

export type OperatorAccountRow = {
  id: number;
  email: string;
  plan: string;
  role: string;
  locale: string;
  blocked: boolean;
  blockedAt: Date | null;
  blockedReason: string | null;
  verified: boolean;
  deleted: boolean;
  /** A live subscription (active or past due) pays for the plan. */
  live: boolean;
};

/**
 * An account by e-mail or username (any case; live accounts only: the command line's LOGIN) or by id
 * (the desk: a deleted account too, which the services refuse by name): its state, and whether it pays
 * through a live subscription. `lock` takes the row for the rest of the transaction.
 */
export async function operatorAccount(
  db: Executor,
  who: string | number,
  lock = false,
): Promise<OperatorAccountRow | undefined> {
  const where =
    typeof who === "number"
      ? sql`a.id = ${who}`
      : sql`(lower(a.email) = lower(${who}) or lower(a.username) = lower(${who})) and a.deleted_at is null`;
  const [row] = await queryRows<Omit<OperatorAccountRow, "blockedAt"> & { blockedAt: Date | string | null }>(
    db,
    sql`select a.id, a.email, a.plan, a.role, a.locale, a.blocked_at is not null as blocked,
          a.blocked_at as "blockedAt", a.blocked_reason as "blockedReason",
          a.verified_at is not null as verified, a.deleted_at is not null as deleted,
          exists (select 1 from subscription s where s.account_id = a.id and s.status in ('active', 'past_due')) as live
        from account a
        where ${where}
        ${lock ? sql`for update of a` : sql``}`,
  );
  return row ? { ...row, blockedAt: row.blockedAt === null ? null : new Date(row.blockedAt) } : undefined;
}

/** Blocks an account (since `blockedAt`, for `reason`) or unblocks it (null, null). */
export async function setAccountBlocked(
  db: Executor,
  accountId: number,
  state: { blockedAt: Date | null; reason: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ blockedAt: state.blockedAt, blockedReason: state.reason, updatedAt: now })
    .where(eq(account.id, accountId));
}

/**
 * Sets an account's plan unless a live subscription pays for one (checked in the same statement, so a
 * subscription that starts meanwhile wins); whether it was set.
 */
export async function setAccountPlanUnlessPaid(
  db: Executor,
  accountId: number,
  plan: string,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update account set plan = ${plan}, updated_at = ${now}
        where id = ${accountId} and deleted_at is null
          and not exists (select 1 from subscription s where s.account_id = ${accountId} and s.status in ('active', 'past_due'))
        returning id`,
  );
  return rows.length > 0;
}

/** An account's role. */
export async function accountRole(db: Executor, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ role: account.role }).from(account).where(eq(account.id, accountId));
  return row?.role;
}

/** Sets an account's role. */
export async function setAccountRole(db: Executor, accountId: number, role: string, now: Date): Promise<void> {
  await db.update(account).set({ role, updatedAt: now }).where(eq(account.id, accountId));
}

/** Removes an account's second factor and its recovery codes; whether it had one. */
export async function deleteSecondFactor(db: Executor, accountId: number): Promise<boolean> {
  const gone = await db
    .delete(accountSecondFactor)
    .where(eq(accountSecondFactor.accountId, accountId))
    .returning({ accountId: accountSecondFactor.accountId });
  await db.delete(accountRecoveryCode).where(eq(accountRecoveryCode.accountId, accountId));
  return gone.length > 0;
}

/** How many of an account's log-ins (session families) are still live (not ended, not expired). */
export async function liveSessionCount(db: Executor, accountId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${authSession.family})::int` })
    .from(authSession)
    .where(
      and(eq(authSession.accountId, accountId), isNull(authSession.revokedAt), sql`${authSession.expiresAt} > ${now}`),
    );
  return Number(row?.n ?? 0);
}
