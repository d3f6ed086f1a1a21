import type { Context } from "hono";
import type { Db } from "#db/client.server.ts";
import { getSessionAccount } from "#modules/accounts/service.ts";
import {
  createSession,
  heldByBlockedAccount,
  refreshSession,
  type Tokens,
  verifyAccessToken,
} from "#modules/auth/sessions.ts";
import { issueSecondStep, needsSecondFactor, readSecondStep } from "#modules/auth/totp.ts";
import { newGuestId } from "#modules/downloads/signing.ts";
import type { Clock } from "#modules/shared/context.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import type { RateLimiter } from "#modules/shared/rate-limit.ts";
import { type RequestContext, requestOf, type SessionViewer } from "./context.ts";
import { clearedCookieHeader, cookieHeader, cookieValue } from "./cookies.ts";

/** The two session cookies' Set-Cookie values: the access token (apollo-token, 7 days) and the refresh token. */
export function sessionCookieHeaders(tokens: Tokens, secure: boolean): string[] {
  return [cookieHeader("token", tokens.accessToken, secure), cookieHeader("refresh", tokens.refreshToken, secure)];
}

/** Set-Cookie values that remove both session cookies (log-out, an ended session, account deletion). */
export function clearedSessionHeaders(secure: boolean): string[] {
  return [clearedCookieHeader("token", secure), clearedCookieHeader("refresh", secure)];
}

/** Adds Set-Cookie values to a Hono answer. */
export function appendCookies(c: Context, cookies: readonly string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

/** The account of the second step a Cookie header carries (intact and unexpired), or null. */
export function secondStepOf(secret: string, cookieHeader: string | null | undefined, now: Date): number | null {
  const token = cookieValue("secondStep", cookieHeader);
  return token ? readSecondStep(secret, token, now) : null;
}

/**
 * What a right password leads to: a session, or, when the account has its second factor on, the second
 * step (a signed token; no session until a code is given). Every log-in (form, REST, Google, Facebook) goes
 * through here.
 */
export async function afterPassword(
  deps: { secret: string; clock: Clock; db: Db },
  accountId: number,
  device: Parameters<typeof createSession>[2],
): Promise<{ kind: "session"; tokens: Tokens } | { kind: "secondFactor"; token: string; expiresAt: Date }> {
  if (await needsSecondFactor({ db: deps.db }, accountId))
    return { kind: "secondFactor", ...issueSecondStep(deps.secret, accountId, deps.clock.now()) };
  return { kind: "session", tokens: await createSession(deps, accountId, device) };
}

export type AuthLimiters = { perIp: RateLimiter; perLogin: RateLimiter };

/**
 * Takes one attempt from the client address's budget (every log-in, sign-up and reset form, whatever
 * account it names: spraying many accounts from one place); seconds to wait or null.
 */
export async function takeAuthAttempt(limiters: AuthLimiters, ip: string): Promise<number | null> {
  const byIp = await limiters.perIp.take(ip);
  return byIp.ok ? null : byIp.retryAfter;
}

/**
 * The account's budget of guesses from every client (`authenticate` takes from it only for a password
 * checked against an existing account): seconds to wait when it is spent, or null.
 */
export function accountGuesses(limiters: AuthLimiters) {
  return async (accountId: number): Promise<number | null> => {
    const taken = await limiters.perLogin.take(`account:${accountId}`);
    return taken.ok ? null : taken.retryAfter;
  };
}

/**
 * Resolves the viewer of every request: a valid access token (cookie or bearer header) whose session
 * is live; else the refresh cookie, rotated, with new cookies on the response. A blocked account or an
 * ended session is signed out; `blocked` says the tokens were a blocked account's (the middleware shows
 * that account SPEC's blocked message).
 */
export function resolveViewer(deps: { secret: string; clock: Clock; db: Db }) {
  /** The viewer, and the Set-Cookie values the response must carry (rotated or cleared tokens). */
  return async (c: Context): Promise<{ viewer: SessionViewer; cookies: string[]; blocked?: boolean }> => {
    const request: RequestContext = requestOf(c);
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const cookies = c.req.header("cookie");
    const access = bearer ?? cookieValue("token", cookies);
    const refresh = bearer ? undefined : cookieValue("refresh", cookies);
    if (!access && !refresh) return { viewer: null, cookies: [] };
    const now = deps.clock.now();
    const claims = verifyAccessToken(deps.secret, access, now);
    if (claims) {
      const found = await getSessionAccount({ db: deps.db, clock: deps.clock }, claims);
      if (found) return { viewer: { ...found, sessionId: claims.sessionId }, cookies: [] };
    }
    if (refresh) {
      const tokens = await refreshSession(deps, refresh);
      const fresh = tokens && verifyAccessToken(deps.secret, tokens.accessToken, now);
      const found = fresh ? await getSessionAccount({ db: deps.db, clock: deps.clock }, fresh) : null;
      if (tokens && fresh && found)
        return {
          viewer: { ...found, sessionId: fresh.sessionId },
          cookies: sessionCookieHeaders(tokens, request.https),
        };
    }
    const blocked = await heldByBlockedAccount(
      { db: deps.db },
      { accountId: claims?.accountId, refreshToken: refresh },
    );
    return { viewer: null, cookies: bearer ? [] : clearedSessionHeaders(request.https), blocked };
  };
}

/** The signed guest id a request's Cookie header carries (the sn_guest cookie), if any. */
export function guestIdOf(secret: string, cookies: string | null | undefined): string | null {
  return unsign(secret, "guest", cookieValue("guest", cookies)) ?? null;
}

/**
 * The guest who downloads without an account: the signed id of the request's `sn_guest` cookie, or a new
 * one with the Set-Cookie value that keeps it (server/cookies.ts).
 */
export function downloadGuest(
  secret: string,
  cookies: string | null,
  https: boolean,
): { guestId: string; setCookie: string | null } {
  const known = guestIdOf(secret, cookies);
  if (known) return { guestId: known, setCookie: null };
  const guestId = newGuestId();
  return { guestId, setCookie: cookieHeader("guest", sign(secret, "guest", guestId), https) };
}
