import { createHash, createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { AUTH } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { sign, unsign } from "#modules/downloads/signing.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * Sessions are tokens: a short access token (signed, 15 minutes) and a long refresh token (random,
 * 30 days, only its hash stored) that is rotated on every use. Sessions from one log-in form a family;
 * using a rotated token again after the grace period revokes the whole family (token theft).
 */
export type SessionContext = { db: Db; clock: Clock; secret: string };
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
  const [row] = await queryRows<{ expires_at: Date | string; revoked_at: Date | null }>(
    ctx.db,
    sql`insert into auth_session (id, account_id, family, family_started_at, token_hash, expires_at, created_at)
    values (${id}, ${accountId}, ${family}, ${familyStartedAt ?? now}, ${digest(refreshToken)},
            ${new Date(now.getTime() + AUTH.refreshTokenSeconds * 1000)}, ${now})
    on conflict (id) do update set expires_at = auth_session.expires_at
    returning expires_at, revoked_at`,
  );
  if (!row || row.revoked_at) return null;
  const refreshExpiresAt = new Date(row.expires_at);
  const exp = Math.floor(now.getTime() / 1000) + AUTH.accessTokenSeconds;
  return {
    accessToken: signAccessToken(ctx.secret, { accountId, sessionId: id, exp }),
    refreshToken,
    accessExpiresAt: new Date(exp * 1000),
    refreshExpiresAt,
  };
}

/** A new session after a successful log-in. */
export async function createSession(ctx: SessionContext, accountId: number): Promise<Tokens> {
  const tokens = await issue(ctx, accountId, b64());
  if (!tokens) throw new Error("session not created");
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
  const [row] = await queryRows<{
    id: string;
    account_id: number;
    family: string;
    family_started_at: Date | string;
    expires_at: Date;
    rotated_at: Date | null;
    revoked_at: Date | null;
    blocked_at: Date | null;
  }>(
    ctx.db,
    sql`select s.id, s.account_id, s.family, s.family_started_at, s.expires_at, s.rotated_at, s.revoked_at, a.blocked_at
        from auth_session s join account a on a.id = s.account_id where s.token_hash = ${digest(refreshToken)}`,
  );
  if (!row || row.revoked_at || row.blocked_at || new Date(row.expires_at) <= now) return null;
  // An absolute lifetime: 90 days after the log-in, however often the session was refreshed, log in again.
  const started = new Date(row.family_started_at);
  if (now.getTime() - started.getTime() > AUTH.absoluteSessionDays * 86_400_000) return null;
  const claimed = await queryRows<{ id: string }>(
    ctx.db,
    sql`update auth_session set rotated_at = ${now} where id = ${row.id} and rotated_at is null returning id`,
  );
  if (!claimed.length) {
    const rotatedAt = new Date((row.rotated_at ?? now) as Date).getTime();
    if (now.getTime() - rotatedAt > AUTH.rotationGraceSeconds * 1000) {
      await revokeFamily(ctx, row.family, now);
      return null;
    }
  }
  return issue(ctx, row.account_id, row.family, started, successorOf(ctx.secret, refreshToken));
}

async function revokeFamily(ctx: SessionContext, family: string, now: Date) {
  await ctx.db.execute(
    sql`update auth_session set revoked_at = ${now} where family = ${family} and revoked_at is null`,
  );
}

/** Log-out: ends the session (its whole family) that an access or refresh token belongs to. */
export async function endSession(
  ctx: SessionContext,
  input: { sessionId?: string | null; refreshToken?: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const rows = input.sessionId
    ? await queryRows<{ family: string }>(ctx.db, sql`select family from auth_session where id = ${input.sessionId}`)
    : input.refreshToken
      ? await queryRows<{ family: string }>(
          ctx.db,
          sql`select family from auth_session where token_hash = ${digest(input.refreshToken)}`,
        )
      : [];
  if (rows[0]) await revokeFamily(ctx, rows[0].family, now);
}

/** Signs an account out of every device (password change or reset, blocking, deletion). */
export async function endAllSessions(ctx: Pick<SessionContext, "db" | "clock">, accountId: number): Promise<void> {
  await ctx.db.execute(
    sql`update auth_session set revoked_at = ${ctx.clock.now()} where account_id = ${accountId} and revoked_at is null`,
  );
}

/**
 * Deletes what can no longer be used: sessions past their expiry or revoked more than a day ago, and
 * e-mail links a day past their expiry. Run with the background statistics.
 */
export async function purgeExpiredSessions(ctx: Pick<SessionContext, "db" | "clock">): Promise<void> {
  const dayAgo = new Date(ctx.clock.now().getTime() - 86_400_000);
  await ctx.db.execute(sql`delete from auth_session where expires_at < ${ctx.clock.now()} or revoked_at < ${dayAgo}`);
  await ctx.db.execute(sql`delete from email_token where expires_at < ${dayAgo}`);
}
