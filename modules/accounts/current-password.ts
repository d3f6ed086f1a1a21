import { AUTH } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { verifyPassword } from "./passwords.ts";
import { type AccountResult, loginBackoff, loginBackoffKey, recordLoginFailure } from "./service.ts";
import * as tokens from "./tokens-repo.ts";

/**
 * The current password a signed-in member types to change the password or the e-mail address, or to
 * delete the account. A session is already signed in, so a wrong one is a guess made with it (a stolen
 * cookie, a shared computer): it is checked like a log-in, through the back-off of the account and the
 * client (waiting there refuses it unchecked; each wrong one counts), and a session that gives
 * AUTH.currentPasswordFailures wrong ones within AUTH.currentPasswordWindowMinutes is signed out.
 */

/** The refusal that ended the session: the page signs the member out and says why. */
export const SIGNED_OUT_AFTER_FAILURES = "auth.errors.passwordAttempts";

/**
 * Who is typing the password: the account, the session it came with and the client's address key (pages
 * always give both; without a session, as in scripts, there is none to end).
 */
export type CurrentPasswordCheck = {
  accountId: number;
  sessionId?: string;
  client?: string;
  /** The account's stored password hash, and what was typed. */
  stored: string;
  password: string;
  /** The refusal of a wrong password (its translation key and the form's field). */
  wrong: { code: string; field: string };
};

/** Null when the password is right; otherwise the refusal to answer (rate limit, wrong, or signed out). */
export async function checkCurrentPassword(
  ctx: ServiceContext,
  input: CurrentPasswordCheck,
): Promise<Extract<AccountResult<null>, { ok: false }> | null> {
  const now = ctx.clock.now();
  const backoffKey = loginBackoffKey(input.accountId, input.client ?? "");
  const { wait } = await loginBackoff(ctx, backoffKey, now);
  if (wait > 0) return { ok: false, code: "auth.errors.rateLimited", seconds: wait };
  // Counted per log-in (the session's family): a refresh gives the session a new id, not a new count.
  const family = input.sessionId ? await tokens.sessionFamily(ctx.db, input.sessionId) : undefined;
  const sessionKey = `${input.accountId}|session:${family ?? ""}`;
  if (await verifyPassword(input.stored, input.password)) {
    await tokens.clearLoginBackoff(ctx.db, backoffKey, sessionKey);
    return null;
  }
  await recordLoginFailure(ctx, backoffKey, now);
  if (family === undefined) return { ok: false, ...input.wrong };
  // The session's failures within the window (counted from its first failure; `next_at` holds when that was).
  const windowStart = new Date(now.getTime() - AUTH.currentPasswordWindowMinutes * 60_000);
  const failures = await tokens.countWindowedFailure(ctx.db, sessionKey, now, windowStart);
  if (failures < AUTH.currentPasswordFailures) return { ok: false, ...input.wrong };
  // Too many: this session (its whole family of rotated tokens) ends; the member's other devices stay.
  await tokens.revokeAccountSessions(ctx.db, input.accountId, now, { family });
  await tokens.clearLoginBackoff(ctx.db, sessionKey);
  ctx.log.warn("session signed out after wrong current passwords", { accountId: input.accountId });
  return { ok: false, code: SIGNED_OUT_AFTER_FAILURES };
}
