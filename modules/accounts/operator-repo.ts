import { eq, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account, accountRecoveryCode, accountSecondFactor } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The queries of what an operator changes on an account from the command line (operator.ts). */

export type OperatorAccountRow = { id: number; email: string; plan: string; blocked: boolean; live: boolean };

/** A live account by e-mail or username (any case): whether it is blocked and pays through a live subscription. */
export async function operatorAccount(db: Executor, login: string): Promise<OperatorAccountRow | undefined> {
  const [row] = await queryRows<OperatorAccountRow>(
    db,
    sql`select a.id, a.email, a.plan, a.blocked_at is not null as blocked,
          exists (select 1 from subscription s where s.account_id = a.id and s.status in ('active', 'past_due')) as live
        from account a
        where (lower(a.email) = lower(${login}) or lower(a.username) = lower(${login})) and a.deleted_at is null`,
  );
  return row;
}

/** Blocks an account (at `blockedAt`) or unblocks it (null). */
export async function setAccountBlockedAt(
  db: Executor,
  accountId: number,
  blockedAt: Date | null,
  now: Date,
): Promise<void> {
  await db.update(account).set({ blockedAt, updatedAt: now }).where(eq(account.id, accountId));
}

/** Sets an account's plan. */
export async function setAccountPlan(db: Executor, accountId: number, plan: string, now: Date): Promise<void> {
  await db.update(account).set({ plan, updatedAt: now }).where(eq(account.id, accountId));
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
