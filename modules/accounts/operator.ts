import { PLAN_CODES, type PlanCode } from "#config/constants.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./operator-repo.ts";
import { revokeAccountSessions } from "./tokens-repo.ts";

/**
 * What an operator does to an account from the command line (DECISIONS: Accounts, blocking): the account and
 * the sentence the command prints, or a refusal. The command line speaks English only: a refusal's code
 * names it and its detail is the sentence printed.
 */
export type OperatorResult = Result<
  { id: number; message: string },
  "unknownAccount" | "unknownPlan" | "livePlan" | "unknownRole",
  { detail: string }
>;

const findAccount = (ctx: Pick<ServiceContext, "db">, login: string) => repo.operatorAccount(ctx.db, login);

/** Blocks an account (it can no longer log in; every session ends at once) or unblocks it. */
export async function setBlocked(
  ctx: Pick<ServiceContext, "db" | "clock">,
  login: string,
  blocked: boolean,
): Promise<OperatorResult> {
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, code: "unknownAccount", detail: `no account with the e-mail or username ${login}` };
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.setAccountBlockedAt(tx, account.id, blocked ? now : null, now);
    if (blocked) await revokeAccountSessions(tx, account.id, now);
  });
  return {
    ok: true,
    value: {
      id: account.id,
      message: `${account.email} ${blocked ? "blocked; its sessions ended" : "unblocked"}${account.blocked === blocked ? " (it already was)" : ""}`,
    },
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
    return { ok: false, code: "unknownPlan", detail: `unknown plan ${plan}: one of ${PLAN_CODES.join(", ")}` };
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, code: "unknownAccount", detail: `no account with the e-mail or username ${login}` };
  if (account.live)
    return {
      ok: false,
      code: "livePlan",
      detail: `${account.email} pays through a live subscription (${account.plan}); cancel or change that instead`,
    };
  await repo.setAccountPlan(ctx.db, account.id, plan as PlanCode, ctx.clock.now());
  return { ok: true, value: { id: account.id, message: `${account.email}: plan ${account.plan} -> ${plan}` } };
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
    return { ok: false, code: "unknownRole", detail: `unknown role ${role}: one of ${ROLES.join(", ")}` };
  const account = await findAccount(ctx, login);
  if (!account) return { ok: false, code: "unknownAccount", detail: `no account with the e-mail or username ${login}` };
  const row = { role: (await repo.accountRole(ctx.db, account.id)) as string };
  if (row.role === role)
    return { ok: true, value: { id: account.id, message: `${account.email} is already ${article(role)}` } };
  await ctx.db.transaction(async (tx) => {
    await repo.setAccountRole(tx, account.id, role, ctx.clock.now());
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
  return { ok: true, value: { id: account.id, message: `${account.email}: role ${row.role} -> ${role}${next}` } };
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
  if (!account) return { ok: false, code: "unknownAccount", detail: `no account with the e-mail or username ${login}` };
  const done = await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteSecondFactor(tx, account.id);
    if (gone)
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
    return gone;
  });
  return {
    ok: true,
    value: {
      id: account.id,
      message: done
        ? `${account.email}: second factor turned off (the recovery codes too); they can turn it on again in their settings`
        : `${account.email} has no second factor (nothing to do)`,
    },
  };
}
