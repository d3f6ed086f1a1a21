import { createHash, createHmac, randomBytes } from "node:crypto";
import { AUTH, DESK_MEMBERS } from "#config/constants.ts";
import type { Scope } from "#modules/scope.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import type { Result } from "#modules/shared/result.ts";
import { describeUserAgent, networkOf, storedUserAgent } from "./device.ts";
import {
  accountIsBlocked,
  claimRotation,
  deleteDeadSessions,
  deleteEmailTokensExpiredBefore,
  familyOfSession,
  insertSessionDevice,
  liveSessions,
  purgeOrphanDevices,
  revokeAccountFamily,
  revokeAllSessions,
  revokeFamilySessions,
  revokeOtherFamilies,
  sessionByTokenHash,
  sessionFamilyBy,
  touchLastSeen,
  upsertSession,
} from "./sessions-repo.ts";

/**
 * Sessions are tokens: a short access token (signed, 15 minutes) and a long refresh token (random,
 * 30 days, only its hash stored) that is rotated on every use. Sessions from one log-in form a family;
 * using a rotated token again after the grace period revokes the whole family (token theft).
 */
export type SessionContext = Pick<Scope, "db" | "clock" | "secret">;
export type Tokens = { accessToken: string; refreshToken: string; accessExpiresAt: Date; refreshExpiresAt: Date };
export type AccessClaims = { accountId: number; sessionId: string; exp: number };

const b64 = () => randomBytes(24).toString("base64url");
const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

export function signAccessToken(secret: string, claims: AccessClaims): string {
  return sign(secret, "access", `${claims.accountId}.${claims.sessionId}.${claims.exp}`);
}

/** The claims of an access token that is intact and not expired. */
export function verifyAccessToken(secret: string, token: string | null | undefined, now: Date): AccessClaims | null {
  const value = unsign(secret, "access", token);
  if (!value) return null;
  const [id, sessionId, exp] = value.split(".");
  const claims = { accountId: Number(id), sessionId, exp: Number(exp) };
  if (!Number.isInteger(claims.accountId) || !sessionId || !Number.isFinite(claims.exp)) return null;
  return claims.exp * 1000 > now.getTime() ? claims : null;
}

/**
 * The one session that replaces a refresh token when it is rotated: its id and refresh token derived from
 * the old token with the secret, so rotating the same token again (two tabs, two processes, within the
 * grace period) names the same row and hands out the same token, and neither is stored in clear.
 */
function successorOf(secret: string, refreshToken: string): { id: string; refreshToken: string } {
  const mac = createHmac("sha512", secret).update(`refresh-successor\n${refreshToken}`).digest();
  const id = mac.subarray(0, 24).toString("base64url");
  return { id, refreshToken: `${id}.${mac.subarray(24, 48).toString("base64url")}` };
}

async function issue(
  ctx: SessionContext,
  accountId: number,
  family: string,
  familyStartedAt?: Date,
  successor?: { id: string; refreshToken: string },
): Promise<Tokens | null> {
  const now = ctx.clock.now();
  const id = successor?.id ?? b64();
  const refreshToken = successor?.refreshToken ?? `${id}.${b64()}`;
  // A successor made already (by another request for the same rotation) is answered as it is.
  const row = await upsertSession(ctx.db, {
    id,
    accountId,
    family,
    familyStartedAt: familyStartedAt ?? now,
    tokenHash: digest(refreshToken),
    expiresAt: new Date(now.getTime() + AUTH.refreshTokenSeconds * 1000),
    createdAt: now,
  });
  if (!row || row.revoked_at) return null;
  // A log-in or a refresh is the account being seen (the operator's desk shows it); written sparingly.
  await touchLastSeen(ctx.db, accountId, now, new Date(now.getTime() - DESK_MEMBERS.lastSeenEveryMinutes * 60_000));
  const refreshExpiresAt = new Date(row.expires_at);
  const exp = Math.floor(now.getTime() / 1000) + AUTH.accessTokenSeconds;
  return {
    accessToken: signAccessToken(ctx.secret, { accountId, sessionId: id, exp }),
    refreshToken,
    accessExpiresAt: new Date(exp * 1000),
    refreshExpiresAt,
  };
}

/**
 * A new session after a successful log-in. With `device` (the request's User-Agent and client key), the
 * browser and the network (never the full address) are kept for the member's list of sessions.
 */
export async function createSession(ctx: SessionContext, accountId: number, device?: SessionDevice): Promise<Tokens> {
  const family = b64();
  const tokens = await issue(ctx, accountId, family);
  if (!tokens) throw new Error("session not created");
  if (device) await recordSessionDevice(ctx, accountId, family, device);
  return tokens;
}

/**
 * Exchanges a refresh token for new tokens. The old one stops working, except for a few seconds (two
 * tabs refreshing at once), in which it is answered with the same successor again (never a new
 * session); later reuse revokes the family. Blocked accounts get nothing.
 */
export async function refreshSession(
  ctx: SessionContext,
  refreshToken: string | null | undefined,
): Promise<Tokens | null> {
  if (!refreshToken || refreshToken.length > 200) return null;
  const now = ctx.clock.now();
  const row = await sessionByTokenHash(ctx.db, digest(refreshToken));
  if (!row || row.revokedAt || row.blockedAt || new Date(row.expiresAt) <= now) return null;
  // An absolute lifetime: 90 days after the log-in, however often the session was refreshed, log in again.
  const started = new Date(row.familyStartedAt);
  if (now.getTime() - started.getTime() > AUTH.absoluteSessionDays * 86_400_000) return null;
  if (!(await claimRotation(ctx.db, row.id, now))) {
    const rotatedAt = new Date(row.rotatedAt ?? now).getTime();
    if (now.getTime() - rotatedAt > AUTH.rotationGraceSeconds * 1000) {
      await revokeFamily(ctx, row.family, now);
      return null;
    }
  }
  return issue(ctx, row.accountId, row.family, started, successorOf(ctx.secret, refreshToken));
}

async function revokeFamily(ctx: SessionContext, family: string, now: Date) {
  await revokeFamilySessions(ctx.db, family, now);
}

/** Log-out: ends the session (its whole family) that an access or refresh token belongs to. */
export async function endSession(
  ctx: SessionContext,
  input: { sessionId?: string | null; refreshToken?: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const family = input.sessionId
    ? await sessionFamilyBy(ctx.db, { id: input.sessionId })
    : input.refreshToken
      ? await sessionFamilyBy(ctx.db, { tokenHash: digest(input.refreshToken) })
      : undefined;
  if (family !== undefined) await revokeFamily(ctx, family, now);
}

/**
 * Whether the session tokens a request still carries (its access token's account, or its refresh token's)
 * belong to a blocked account: asked only when they no longer open a session, so the request can meet
 * SPEC's blocked message instead of a silent log-out.
 */
export async function heldByBlockedAccount(
  ctx: Pick<SessionContext, "db">,
  input: { accountId?: number | null; refreshToken?: string | null },
): Promise<boolean> {
  if (input.accountId) return accountIsBlocked(ctx.db, input.accountId);
  if (!input.refreshToken || input.refreshToken.length > 200) return false;
  const row = await sessionByTokenHash(ctx.db, digest(input.refreshToken));
  return Boolean(row?.blockedAt);
}

/** Signs an account out of every device (password change or reset, blocking, deletion). */
export async function endAllSessions(ctx: Pick<SessionContext, "db" | "clock">, accountId: number): Promise<void> {
  await revokeAllSessions(ctx.db, accountId, ctx.clock.now());
}

/**
 * Deletes what can no longer be used: sessions past their expiry or revoked more than a day ago, and
 * e-mail links a day past their expiry. Run with the background statistics.
 */
export async function purgeExpiredSessions(ctx: Pick<SessionContext, "db" | "clock">): Promise<void> {
  const dayAgo = new Date(ctx.clock.now().getTime() - 86_400_000);
  await deleteDeadSessions(ctx.db, ctx.clock.now(), dayAgo);
  await deleteEmailTokensExpiredBefore(ctx.db, dayAgo);
  await purgeOrphanDevices(ctx.db);
}

// --- The member's list of sessions (account settings): one entry per log-in (a family and its rotations).

/** What a log-in request says about its device: its User-Agent and client key (an address or a /64). */
export type SessionDevice = { userAgent?: string | null; clientKey?: string | null };

async function recordSessionDevice(ctx: SessionContext, accountId: number, family: string, device: SessionDevice) {
  await insertSessionDevice(ctx.db, {
    family,
    accountId,
    userAgent: storedUserAgent(device.userAgent),
    network: networkOf(device.clientKey),
    createdAt: ctx.clock.now(),
  });
}

/** One signed-in device as the settings list it; `id` names it in the sign-out forms. */
export type SessionListItem = {
  id: string;
  browser: string | null;
  os: string | null;
  /** "192.168.1.x" or an IPv6 /64; null when unknown (sessions from before the list existed). */
  network: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
  /** The session of the request that asks. */
  current: boolean;
};

export const SESSION_ERRORS = {
  notFound: "account.sessions.errors.notFound",
  current: "account.sessions.errors.current",
} as const;
export type SessionErrorCode = (typeof SESSION_ERRORS)[keyof typeof SESSION_ERRORS];
export type SessionResult<V> = Result<V, SessionErrorCode>;

type ListContext = Pick<SessionContext, "db" | "clock">;

/** The account's live sessions, the current one first, then by last activity. */
export async function listSessions(
  ctx: ListContext,
  input: { accountId: number; sessionId: string },
): Promise<SessionListItem[]> {
  const now = ctx.clock.now();
  const startedAfter = new Date(now.getTime() - AUTH.absoluteSessionDays * 86_400_000);
  const [rows, current] = await Promise.all([
    liveSessions(ctx.db, input.accountId, now, startedAfter),
    familyOfSession(ctx.db, input.accountId, input.sessionId),
  ]);
  const items = rows.map((r) => ({
    id: r.family,
    ...describeUserAgent(r.userAgent),
    network: r.network,
    signedInAt: new Date(r.signedInAt ?? now),
    lastActiveAt: new Date(r.lastActiveAt ?? now),
    current: r.family === current,
  }));
  return [...items.filter((i) => i.current), ...items.filter((i) => !i.current)];
}

/**
 * Signs one of the account's other sessions out. Another account's session, an unknown or ended one is
 * "not found" (the same answer, so ids of others cannot be probed); the current one is signed out with
 * the log-out instead.
 */
export async function revokeSession(
  ctx: ListContext,
  input: { accountId: number; sessionId: string; target: string },
): Promise<SessionResult<null>> {
  const current = await familyOfSession(ctx.db, input.accountId, input.sessionId);
  if (current !== null && input.target === current) return { ok: false, code: SESSION_ERRORS.current };
  const ended = await revokeAccountFamily(ctx.db, input.accountId, input.target, ctx.clock.now());
  return ended ? { ok: true, value: null } : { ok: false, code: SESSION_ERRORS.notFound };
}

/** Signs every other session of the account out; this one stays. Answers how many were ended. */
export async function revokeOtherSessions(
  ctx: ListContext,
  input: { accountId: number; sessionId: string },
): Promise<SessionResult<{ ended: number }>> {
  const current = await familyOfSession(ctx.db, input.accountId, input.sessionId);
  if (current === null) return { ok: false, code: SESSION_ERRORS.notFound };
  return { ok: true, value: { ended: await revokeOtherFamilies(ctx.db, input.accountId, current, ctx.clock.now()) } };
}
