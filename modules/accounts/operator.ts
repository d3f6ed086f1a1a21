import { DESK_MEMBERS, type Locale, PLAN_CODES, type PlanCode } from "#config/constants.ts";
import { endAllSessions } from "#modules/auth/sessions.ts";
import type { BillingContext } from "#modules/billing/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./operator-repo.ts";
import { eraseAccount } from "./profile.ts";
import { type AccountContext, EMAIL_PURPOSE, recentlyMailed, sendVerification } from "./service.ts";
import { revokeAccountSessions } from "./tokens-repo.ts";

/**
 * What an operator does to an account (DECISIONS: Accounts, Operations), from the command line
 * (scripts/account.ts, LOGIN: an e-mail or username) and from the desk (/operator/members, an account
 * id): one rule each, and each change written to the audit log in the change's own transaction, with the
 * operator's account or the command line's shell user as the actor.
 *
 * A refusal's code is the translation key the desk shows; its `detail` is the English sentence the command
 * line prints. A success carries the command line's sentence and whether anything changed.
 */
export const OPERATOR_ERRORS = {
  unknownAccount: "deskMembers.errors.unknownAccount",
  deleted: "deskMembers.errors.deleted",
  unknownPlan: "deskMembers.errors.unknownPlan",
  livePlan: "deskMembers.errors.livePlan",
  unknownRole: "deskMembers.errors.unknownRole",
  self: "deskMembers.errors.self",
  reasonTooLong: "deskMembers.errors.reasonTooLong",
  alreadyVerified: "deskMembers.errors.alreadyVerified",
  blocked: "deskMembers.errors.blockedNoMail",
  recentlyMailed: "deskMembers.errors.recentlyMailed",
  sendFailed: "deskMembers.errors.sendFailed",
  operatorAccount: "deskMembers.errors.operatorAccount",
  confirmMismatch: "deskMembers.errors.confirmMismatch",
} as const;
export type OperatorErrorCode = (typeof OPERATOR_ERRORS)[keyof typeof OPERATOR_ERRORS];

export type OperatorResult<V extends object = Record<never, never>> = Result<
  { id: number; message: string; changed: boolean } & V,
  OperatorErrorCode | (string & {}),
  { detail: string }
>;

type Ctx = Pick<ServiceContext, "db" | "clock">;
type Who = string | number;
type Row = repo.OperatorAccountRow;

const refuse = (code: OperatorErrorCode, detail: string) => ({ ok: false as const, code, detail });
const nobody = (who: Who) =>
  refuse(
    OPERATOR_ERRORS.unknownAccount,
    typeof who === "number" ? `no account ${who}` : `no account with the e-mail or username ${who}`,
  );

/**
 * The account an operator names, live: by LOGIN or id. A deleted one (only an id reaches it) is refused
 * by name: nothing is left to change on it.
 */
async function targetOf(ctx: Pick<ServiceContext, "db">, who: Who, lock = false) {
  const account = await repo.operatorAccount(ctx.db, who, lock);
  if (!account) return nobody(who);
  if (account.deleted) return refuse(OPERATOR_ERRORS.deleted, `account ${account.id} was deleted`);
  return { ok: true as const, value: account };
}

/** Whether an operator is acting on their own account (the desk refuses a few things there). */
const isSelf = (actor: AuditActor, account: Row) => actor.kind === "account" && actor.id === account.id;
const notSelf = () => refuse(OPERATOR_ERRORS.self, "an operator cannot do this to their own account");

/**
 * An operator's reason: without control characters but line breaks and tabs (PostgreSQL cannot keep a
 * NUL), trimmed, at most DESK_MEMBERS.reasonMax characters; none is null.
 */
function reasonOf(reason: string | null | undefined): Result<string | null, OperatorErrorCode, { detail: string }> {
  const text = (reason ?? "").replace(/[^\P{Cc}\n\t]/gu, "").trim();
  if ([...text].length > DESK_MEMBERS.reasonMax)
    return refuse(OPERATOR_ERRORS.reasonTooLong, `the reason is longer than ${DESK_MEMBERS.reasonMax} characters`);
  return { ok: true, value: text || null };
}

const targetOfAudit = (account: Row) => ({ kind: "account", id: account.id, label: account.email });

/**
 * Blocks an account (it can no longer log in; every session ends at once, in the same transaction) or
 * unblocks it, with the operator's reason (the desk asks for one; the command line may give none). The
 * reason is kept on the account while it is blocked and in the audit entry either way. Blocking a blocked
 * account again only replaces its reason (it stays blocked since the first time).
 */
export async function setBlocked(
  ctx: Ctx,
  who: Who,
  blocked: boolean,
  opts: { actor: AuditActor; reason?: string | null },
): Promise<OperatorResult> {
  const reason = reasonOf(opts.reason);
  if (!reason.ok) return reason;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await targetOf({ db: tx }, who, true);
    if (!found.ok) return found;
    const account = found.value;
    if (blocked && isSelf(opts.actor, account)) return notSelf();
    const changed = account.blocked !== blocked || (blocked && reason.value !== account.blockedReason);
    if (changed) {
      await repo.setAccountBlocked(
        tx,
        account.id,
        blocked ? { blockedAt: account.blockedAt ?? now, reason: reason.value } : { blockedAt: null, reason: null },
        now,
      );
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor: opts.actor,
          action: blocked ? "account.blocked" : "account.unblocked",
          target: targetOfAudit(account),
          before: { blocked: account.blocked, reason: account.blockedReason },
          after: { blocked, reason: reason.value },
        },
      );
    }
    // Sessions end even when it was blocked already (one started before the block cannot outlive it).
    if (blocked) await revokeAccountSessions(tx, account.id, now);
    return {
      ok: true as const,
      value: {
        id: account.id,
        changed,
        message: `${account.email} ${blocked ? "blocked; its sessions ended" : "unblocked"}${account.blocked === blocked ? " (it already was)" : ""}`,
      },
    };
  });
}

/**
 * Sets an account's plan by hand (a grant, a correction). An account paying through a live
 * subscription is refused: its plan follows the subscription, so change that instead.
 */
export async function setPlan(
  ctx: Ctx,
  who: Who,
  plan: string,
  opts: { actor: AuditActor },
): Promise<OperatorResult<{ plan: PlanCode }>> {
  if (!(PLAN_CODES as readonly string[]).includes(plan))
    return refuse(OPERATOR_ERRORS.unknownPlan, `unknown plan ${plan}: one of ${PLAN_CODES.join(", ")}`);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await targetOf({ db: tx }, who, true);
    if (!found.ok) return found;
    const account = found.value;
    const livePlan = () =>
      refuse(
        OPERATOR_ERRORS.livePlan,
        `${account.email} pays through a live subscription (${account.plan}); cancel or change that instead`,
      );
    if (account.live) return livePlan();
    const value = { id: account.id, plan: plan as PlanCode };
    if (account.plan === plan)
      return {
        ok: true as const,
        value: { ...value, changed: false, message: `${account.email} is on ${plan} already` },
      };
    // The subscription's check again, in the statement that writes: one that started meanwhile wins.
    if (!(await repo.setAccountPlanUnlessPaid(tx, account.id, plan, now))) return livePlan();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        actor: opts.actor,
        action: "account.plan",
        target: targetOfAudit(account),
        before: { plan: account.plan },
        after: { plan },
      },
    );
    return {
      ok: true as const,
      value: { ...value, changed: true, message: `${account.email}: plan ${account.plan} -> ${plan}` },
    };
  });
}

export const ROLES = ["member", "operator"] as const;
export type Role = (typeof ROLES)[number];

/**
 * Makes an account an operator or a member again, and writes it to the audit log (who ran the command,
 * the role before and after). An operator must still turn the second factor on before reaching
 * /operator; a member made operator keeps their sessions, but the operator area asks for enrolment first.
 * The command line only: the desk does not change roles.
 */
export async function setRole(ctx: Ctx, login: string, role: string, actor: AuditActor): Promise<OperatorResult> {
  if (!(ROLES as readonly string[]).includes(role))
    return refuse(OPERATOR_ERRORS.unknownRole, `unknown role ${role}: one of ${ROLES.join(", ")}`);
  const found = await targetOf(ctx, login);
  if (!found.ok) return found;
  const account = found.value;
  const row = { role: (await repo.accountRole(ctx.db, account.id)) as string };
  if (row.role === role)
    return {
      ok: true,
      value: { id: account.id, changed: false, message: `${account.email} is already ${article(role)}` },
    };
  await ctx.db.transaction(async (tx) => {
    await repo.setAccountRole(tx, account.id, role, ctx.clock.now());
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        actor,
        action: "account.role",
        target: targetOfAudit(account),
        before: { role: row.role },
        after: { role },
      },
    );
  });
  const next =
    role === "operator"
      ? "; they turn on the second factor (TOTP) at their first visit to /operator"
      : "; /operator no longer exists for them";
  return {
    ok: true,
    value: { id: account.id, changed: true, message: `${account.email}: role ${row.role} -> ${role}${next}` },
  };
}

const article = (role: string) => (role === "operator" ? "an operator" : "a member");

/**
 * Turns an account's second factor off (an owner who lost both the app and the recovery codes, after the
 * operator checked who they are: the desk asks for that check in the reason); written to the audit log.
 * Sessions stay: an operator whose factor is reset is sent to enrol again at their next visit.
 */
export async function turnOffSecondFactor(
  ctx: Ctx,
  who: Who,
  opts: { actor: AuditActor; reason?: string | null },
): Promise<OperatorResult> {
  const reason = reasonOf(opts.reason);
  if (!reason.ok) return reason;
  return ctx.db.transaction(async (tx) => {
    const found = await targetOf({ db: tx }, who, true);
    if (!found.ok) return found;
    const account = found.value;
    if (isSelf(opts.actor, account)) return notSelf();
    const gone = await repo.deleteSecondFactor(tx, account.id);
    if (gone)
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor: opts.actor,
          action: "secondFactor.reset",
          target: targetOfAudit(account),
          before: { secondFactor: true },
          after: reason.value ? { secondFactor: false, reason: reason.value } : { secondFactor: false },
        },
      );
    return {
      ok: true as const,
      value: {
        id: account.id,
        changed: gone,
        message: gone
          ? `${account.email}: second factor turned off (the recovery codes too); they can turn it on again in their settings`
          : `${account.email} has no second factor (nothing to do)`,
      },
    };
  });
}

/**
 * Signs an account out of every device at once (modules/auth/sessions.ts endAllSessions): a stolen
 * session, a shared computer. Written to the audit log with how many log-ins were live.
 */
export async function signOutEverywhere(
  ctx: Ctx,
  who: Who,
  opts: { actor: AuditActor },
): Promise<OperatorResult<{ ended: number }>> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const found = await targetOf({ db: tx }, who, true);
    if (!found.ok) return found;
    const account = found.value;
    if (isSelf(opts.actor, account)) return notSelf();
    const ended = await repo.liveSessionCount(tx, account.id, now);
    await endAllSessions({ db: tx, clock: ctx.clock }, account.id);
    if (ended > 0)
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor: opts.actor,
          action: "account.signedOut",
          target: targetOfAudit(account),
          before: { liveSessions: ended },
          after: { liveSessions: 0 },
        },
      );
    return {
      ok: true as const,
      value: { id: account.id, changed: ended > 0, ended, message: `${account.email}: ${ended} session(s) ended` },
    };
  });
}

/**
 * Sends an unverified account a fresh verification link (the sign-up's own mail, service.ts
 * sendVerification), in the account's language; at most one a minute, as the resend form. Refused for a
 * verified, blocked or deleted account, and when the mail server refuses it (then nothing is recorded).
 * The mail is sent outside any transaction (a mail server's time must not hold the database); the audit
 * entry follows a send that went out or is still under way.
 */
export async function resendVerificationFor(
  ctx: AccountContext,
  who: Who,
  opts: { actor: AuditActor },
): Promise<OperatorResult<{ delivery: "sent" | "late" }>> {
  const found = await targetOf(ctx, who);
  if (!found.ok) return found;
  const account = found.value;
  if (account.verified) return refuse(OPERATOR_ERRORS.alreadyVerified, `${account.email} is verified already`);
  if (account.blocked) return refuse(OPERATOR_ERRORS.blocked, `${account.email} is blocked`);
  if (await recentlyMailed(ctx, account.id, EMAIL_PURPOSE.verify))
    return refuse(OPERATOR_ERRORS.recentlyMailed, `a link went to ${account.email} less than a minute ago`);
  const locale: Locale = account.locale === "es" ? "es" : "en";
  const delivery = await sendVerification(ctx, account, locale);
  if (delivery === "failed") return refuse(OPERATOR_ERRORS.sendFailed, `the mail server refused ${account.email}`);
  await recordAudit(ctx, {
    actor: opts.actor,
    action: "account.verificationSent",
    target: targetOfAudit(account),
    before: null,
    after: { verificationMail: delivery },
  });
  return {
    ok: true,
    value: { id: account.id, changed: true, delivery, message: `verification link sent to ${account.email}` },
  };
}

/**
 * Deletes an account at its member's request (they asked the operator; the operator notes how in the
 * reason): the same deletion as the member's own (profile.ts eraseAccount: any subscription ends now,
 * invoices kept without personal data, everything else of the person gone), with the audit entry in the
 * deletion's transaction. The entry names the account by its id only: its address is part of what goes.
 * An operator's account is not deleted from the desk (make it a member first with the command), nor one's own.
 * `confirm` is what the operator typed to confirm: the account's e-mail address (any case), or nothing happens.
 */
export async function deleteAtMembersRequest(
  ctx: BillingContext & { storage?: Storage },
  who: Who,
  opts: { actor: AuditActor; reason?: string | null; confirm: string },
): Promise<OperatorResult> {
  const reason = reasonOf(opts.reason);
  if (!reason.ok) return reason;
  const found = await targetOf(ctx, who);
  if (!found.ok) return found;
  const account = found.value;
  if (opts.confirm.trim().toLowerCase() !== account.email.toLowerCase())
    return refuse(OPERATOR_ERRORS.confirmMismatch, `the confirmation is not ${account.email}`);
  if (isSelf(opts.actor, account)) return notSelf();
  if (account.role === "operator")
    return refuse(OPERATOR_ERRORS.operatorAccount, `${account.email} is an operator: make it a member first`);
  const r = await eraseAccount(ctx, {
    accountId: account.id,
    alongside: (tx) =>
      recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor: opts.actor,
          action: "account.deleted",
          target: { kind: "account", id: account.id, label: `#${account.id}` },
          before: { deleted: false },
          after: reason.value ? { deleted: true, reason: reason.value } : { deleted: true },
        },
      ).then(() => undefined),
  });
  if (!r.ok) return { ok: false, code: r.code, detail: `account ${account.id} not deleted: ${r.code}` };
  return { ok: true, value: { id: account.id, changed: true, message: `account ${account.id} deleted` } };
}
