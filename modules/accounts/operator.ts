import { sql } from "drizzle-orm";
import { PLAN_CODES, type PlanCode } from "#config/constants.ts";
import type { ServiceContext } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** What an operator does to an account from the command line (DECISIONS: Accounts, blocking). */
export type OperatorResult = { ok: true; id: number; message: string } | { ok: false; message: string };

const findAccount = async (ctx: Pick<ServiceContext, "db">, login: string) =>
  (
    await queryRows<{ id: number; email: string; plan: string; blocked: boolean; live: boolean }>(
      ctx.db,
      sql`select a.id, a.email, a.plan, a.blocked_at is not null as blocked,
            exists (select 1 from subscription s where s.account_id = a.id and s.status in ('active', 'past_due')) as live
          from account a
          where (lower(a.email) = lower(${login}) or lower(a.username) = lower(${login})) and a.deleted_at is null`,
    )
  )[0];

/** Blocks an account (it can no longer log in; every session ends at once) or unblocks it. */
export async function setBlocked(
  ctx: Pick<ServiceContext, "db" | "clock">,
  login: string,
  blocked: boolean,
): Promise<OperatorResult> {
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, message: `no account with the e-mail or username ${login}` };
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`update account set blocked_at = ${blocked ? now : null}, updated_at = ${now} where id = ${account.id}`,
    );
    if (blocked)
      await tx.execute(
        sql`update auth_session set revoked_at = ${now} where account_id = ${account.id} and revoked_at is null`,
      );
  });
  return {
    ok: true,
    id: account.id,
    message: `${account.email} ${blocked ? "blocked; its sessions ended" : "unblocked"}${account.blocked === blocked ? " (it already was)" : ""}`,
  };
}

/**
 * Sets an account's plan by hand (a grant, a correction). An account paying through a live
 * subscription is refused: its plan follows the subscription, so change that instead.
 */
export async function setPlan(
  ctx: Pick<ServiceContext, "db" | "clock">,
  login: string,
  plan: string,
): Promise<OperatorResult> {
  if (!(PLAN_CODES as readonly string[]).includes(plan))
    return { ok: false, message: `unknown plan ${plan}: one of ${PLAN_CODES.join(", ")}` };
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, message: `no account with the e-mail or username ${login}` };
  if (account.live)
    return {
      ok: false,
      message: `${account.email} pays through a live subscription (${account.plan}); cancel or change that instead`,
    };
  await ctx.db.execute(
    sql`update account set plan = ${plan as PlanCode}, updated_at = ${ctx.clock.now()} where id = ${account.id}`,
  );
  return { ok: true, id: account.id, message: `${account.email}: plan ${account.plan} -> ${plan}` };
}
