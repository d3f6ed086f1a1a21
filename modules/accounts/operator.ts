import { sql } from "drizzle-orm";
import { PLAN_CODES, type PlanCode } from "#config/constants.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
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

export const ROLES = ["member", "operator"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Makes an account an operator or a member again, and writes it to the audit log (who ran the command,
 * the role before and after). An operator must still turn the second factor on before reaching
 * /operator; a member made operator keeps their sessions, but the operator area asks for enrolment first.
 */
export async function setRole(
  ctx: Pick<ServiceContext, "db" | "clock">,
  login: string,
  role: string,
  actor: AuditActor,
): Promise<OperatorResult> {
  if (!(ROLES as readonly string[]).includes(role))
    return { ok: false, message: `unknown role ${role}: one of ${ROLES.join(", ")}` };
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, message: `no account with the e-mail or username ${login}` };
  const [row] = await queryRows<{ role: string }>(ctx.db, sql`select role from account where id = ${account.id}`);
  if (row.role === role) return { ok: true, id: account.id, message: `${account.email} is already ${article(role)}` };
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update account set role = ${role}, updated_at = ${ctx.clock.now()} where id = ${account.id}`);
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        actor,
        action: "account.role",
        target: { kind: "account", id: account.id, label: account.email },
        before: { role: row.role },
        after: { role },
      },
    );
  });
  const next =
    role === "operator"
      ? "; they turn on the second factor (TOTP) at their first visit to /operator"
      : "; /operator no longer exists for them";
  return { ok: true, id: account.id, message: `${account.email}: role ${row.role} -> ${role}${next}` };
}

const article = (role: string) => (role === "operator" ? "an operator" : "a member");

/**
 * Turns an account's second factor off from the command line (an owner who lost both the app and the
 * recovery codes, after the operator checked who they are); written to the audit log.
 */
export async function turnOffSecondFactor(
  ctx: Pick<ServiceContext, "db" | "clock">,
  login: string,
  actor: AuditActor,
): Promise<OperatorResult> {
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, message: `no account with the e-mail or username ${login}` };
  const done = await ctx.db.transaction(async (tx) => {
    const gone = await queryRows<{ n: number }>(
      tx,
      sql`delete from account_second_factor where account_id = ${account.id} returning 1 as n`,
    );
    await tx.execute(sql`delete from account_recovery_code where account_id = ${account.id}`);
    if (gone.length)
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor,
          action: "secondFactor.reset",
          target: { kind: "account", id: account.id, label: account.email },
          before: { secondFactor: true },
          after: { secondFactor: false },
        },
      );
    return gone.length > 0;
  });
  return {
    ok: true,
    id: account.id,
    message: done
      ? `${account.email}: second factor turned off (the recovery codes too); they can turn it on again in their settings`
      : `${account.email} has no second factor (nothing to do)`,
  };
}
