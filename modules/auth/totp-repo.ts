import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { account, accountRecoveryCode, accountSecondFactor, loginBackoff } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The queries of the TOTP second factor (totp.ts): the factor, its recovery codes, its back-off. */

export type FactorRow = Pick<
  typeof accountSecondFactor.$inferSelect,
  "secret" | "enabledAt" | "lastStep" | "createdAt"
>;

/** An account's factor (on, or an enrolment waiting for its first code). */
export async function factorOf(db: Executor, accountId: number): Promise<FactorRow | undefined> {
  const [row] = await db
    .select({
      secret: accountSecondFactor.secret,
      enabledAt: accountSecondFactor.enabledAt,
      lastStep: accountSecondFactor.lastStep,
      createdAt: accountSecondFactor.createdAt,
    })
    .from(accountSecondFactor)
    .where(eq(accountSecondFactor.accountId, accountId));
  return row;
}

export type EnabledFactorRow = { enabled_at: Date | string; left: number };

/** An account's factor when it is on: since when, and how many of its recovery codes are unused. */
export async function enabledFactor(db: Executor, accountId: number): Promise<EnabledFactorRow | undefined> {
  const [row] = await queryRows<EnabledFactorRow>(
    db,
    sql`select f.enabled_at,
          (select count(*)::int from account_recovery_code r where r.account_id = f.account_id and r.used_at is null) as left
        from account_second_factor f where f.account_id = ${accountId} and f.enabled_at is not null`,
  );
  return row;
}

/** Replaces an account's recovery codes with these (their hashes). */
export async function replaceRecoveryCodes(
  db: Executor,
  accountId: number,
  codeHashes: readonly string[],
  now: Date,
): Promise<void> {
  await db.delete(accountRecoveryCode).where(eq(accountRecoveryCode.accountId, accountId));
  await db.insert(accountRecoveryCode).values(codeHashes.map((codeHash) => ({ accountId, codeHash, createdAt: now })));
}

/** Uses up an unused recovery code (by its hash); whether there was one. */
export async function spendRecoveryCode(
  db: Executor,
  accountId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(accountRecoveryCode)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountRecoveryCode.accountId, accountId),
        eq(accountRecoveryCode.codeHash, codeHash),
        isNull(accountRecoveryCode.usedAt),
      ),
    )
    .returning({ accountId: accountRecoveryCode.accountId });
  return used.length > 0;
}

/** Starts (or starts over) an enrolment with a sealed secret; a factor that is on is left as it is. */
export async function upsertEnrolment(db: Executor, accountId: number, sealed: string, now: Date): Promise<void> {
  await db.execute(sql`insert into account_second_factor (account_id, secret, enabled_at, last_step, created_at, updated_at)
      values (${accountId}, ${sealed}, null, null, ${now}, ${now})
      on conflict (account_id) do update set secret = excluded.secret, last_step = null, created_at = excluded.created_at,
        updated_at = excluded.updated_at
      where account_second_factor.enabled_at is null`);
}

type OneRow = { n: number };

/**
 * Takes a time step for the factor (on, or not yet, as `enabled` says) when it is later than the last one
 * taken, in one statement (two requests with the same code: one wins). Whether this call took it.
 */
export async function takeStep(
  db: Executor,
  accountId: number,
  input: { step: number; enabled: boolean; now: Date },
): Promise<boolean> {
  const taken = await queryRows<OneRow>(
    db,
    sql`update account_second_factor set last_step = ${input.step}, updated_at = ${input.now}
        where account_id = ${accountId} and (last_step is null or last_step < ${input.step})
          and (enabled_at is not null) = ${input.enabled}
        returning 1 as n`,
  );
  return taken.length > 0;
}

/** Turns an enrolled factor on. */
export async function enableFactor(db: Executor, accountId: number, now: Date): Promise<void> {
  await db
    .update(accountSecondFactor)
    .set({ enabledAt: now, updatedAt: now })
    .where(eq(accountSecondFactor.accountId, accountId));
}

/** Removes an account's factor and its recovery codes. */
export async function deleteFactor(db: Executor, accountId: number): Promise<void> {
  await db.delete(accountRecoveryCode).where(eq(accountRecoveryCode.accountId, accountId));
  await db.delete(accountSecondFactor).where(eq(accountSecondFactor.accountId, accountId));
}

/** Forgets the failures of a back-off key. */
export async function clearBackoff(db: Executor, key: string): Promise<void> {
  await db.delete(loginBackoff).where(eq(loginBackoff.key, key));
}

/** An account's password hash, e-mail and role. */
export async function accountOf(
  db: Executor,
  accountId: number,
): Promise<Pick<typeof account.$inferSelect, "passwordHash" | "email" | "role"> | undefined> {
  const [row] = await db
    .select({ passwordHash: account.passwordHash, email: account.email, role: account.role })
    .from(account)
    .where(eq(account.id, accountId));
  return row;
}

/** Whether an account exists and is neither blocked nor deleted. */
export async function isLiveAccount(db: Executor, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.id, accountId), isNull(account.blockedAt), isNull(account.deletedAt)));
  return rows.length > 0;
}
