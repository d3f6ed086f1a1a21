import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { AUTH, type Locale, SECOND_FACTOR } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { credentialsSchema } from "#modules/accounts/schemas.ts";
import { authenticate, getSessionAccount } from "#modules/accounts/service.ts";
import { refreshRequestSchema } from "#modules/auth/session-schemas.ts";
import { createSession, endSession, refreshSession, type Tokens, verifyAccessToken } from "#modules/auth/sessions.ts";
import {
  issueSecondStep,
  needsSecondFactor,
  readSecondStep,
  type TotpContext,
  verifySecondFactor,
} from "#modules/auth/totp.ts";
import type { Clock } from "#modules/shared/context.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import {
  type RequestContext,
  requestLocale,
  requestOf,
  type SessionViewer,
  scopeOf,
  sessionDevice,
} from "./context.ts";
import type { RateLimiter } from "./rate-limit.ts";

export const TOKEN_COOKIE = "apollo-token";
export const REFRESH_COOKIE = "sn_refresh";
/** The second step of a log-in (ADR 0020): a signed, 5-minute token naming the account whose password was right. */
export const SECOND_STEP_COOKIE = "sn_2fa";

/** The Set-Cookie value that carries a second-step token (httpOnly, SameSite=Lax, as long as the token lasts). */
export function secondStepCookie(token: string, secure: boolean): string {
  return serialize(SECOND_STEP_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: SECOND_FACTOR.stepSeconds,
  });
}

/** The Set-Cookie value that ends the second step. */
export function clearedSecondStepCookie(secure: boolean): string {
  return serialize(SECOND_STEP_COOKIE, "", { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: 0 });
}

/** The account of the second step a Cookie header carries (intact and unexpired), or null. */
export function secondStepOf(secret: string, cookieHeader: string | null | undefined, now: Date): number | null {
  const raw = /(?:^|;\s*)sn_2fa=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return readSecondStep(secret, token, now);
}

/**
 * What a right password leads to: a session, or, when the account has its second factor on, the second
 * step (a signed token; no session until a code is given). Every log-in (form, REST, Google, Facebook) goes
 * through here.
 */
export async function afterPassword(
  deps: { secret: string; clock: Clock; db: TotpContext["db"] },
  accountId: number,
  device: Parameters<typeof createSession>[2],
): Promise<{ kind: "session"; tokens: Tokens } | { kind: "secondFactor"; token: string; expiresAt: Date }> {
  if (await needsSecondFactor({ db: deps.db }, accountId))
    return { kind: "secondFactor", ...issueSecondStep(deps.secret, accountId, deps.clock.now()) };
  return { kind: "session", tokens: await createSession(deps, accountId, device) };
}

/** Who is asking: a signed-in account and its session, or nobody. */

type Deps = {
  secret: string;
  clock: Clock;
  db: Db;
  origin: string;
};

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

/** Sets both cookies: the access token (apollo-token, 7 days) and the refresh token (30 days). */
export function setSessionCookies(c: Context, tokens: Tokens) {
  const secure = requestOf(c).https;
  setCookie(c, TOKEN_COOKIE, tokens.accessToken, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: AUTH.tokenCookieDays * 86_400,
  });
  setCookie(c, REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: AUTH.refreshTokenSeconds,
  });
}

/** The same two cookies as Set-Cookie header values, for responses built outside Hono (page actions). */
export function sessionCookieHeaders(tokens: Tokens, secure: boolean): string[] {
  return [
    serialize(TOKEN_COOKIE, tokens.accessToken, {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      path: "/",
      maxAge: AUTH.tokenCookieDays * 86_400,
    }),
    serialize(REFRESH_COOKIE, tokens.refreshToken, {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      path: "/",
      maxAge: AUTH.refreshTokenSeconds,
    }),
  ];
}

/** Set-Cookie values that remove both cookies, for page actions that end the session (account deletion). */
export function clearedSessionHeaders(secure: boolean): string[] {
  return [TOKEN_COOKIE, REFRESH_COOKIE].map((name) =>
    serialize(name, "", { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: 0 }),
  );
}

export function clearSessionCookies(c: Context) {
  deleteCookie(c, TOKEN_COOKIE, { path: "/" });
  deleteCookie(c, REFRESH_COOKIE, { path: "/" });
}

/** Same check as for downloads: a state change must come from one of our pages (or a non-browser client). */
export function crossSite(c: Context, origin: string): boolean {
  const o = c.req.header("origin");
  if (o) return !(o === origin || o === new URL(c.req.url).origin);
  const site = c.req.header("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/**
 * Resolves the viewer of every request: a valid access token (cookie or bearer header) whose session
 * is live; else the refresh cookie, rotated, with new cookies on the response. A blocked account or an
 * ended session is signed out.
 */
export function resolveViewer(deps: Deps) {
  const db = () => deps.db;
  /** The viewer, and the Set-Cookie values the response must carry (rotated or cleared tokens). */
  return resolve;
  async function resolve(c: Context): Promise<{ viewer: SessionViewer; cookies: string[] }> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const access = bearer ?? getCookie(c, TOKEN_COOKIE);
    const refresh = bearer ? undefined : getCookie(c, REFRESH_COOKIE);
    if (!access && !refresh) return { viewer: null, cookies: [] };
    const now = deps.clock.now();
    const claims = verifyAccessToken(deps.secret, access, now);
    if (claims) {
      const account = await getSessionAccount({ db: db() }, claims);
      if (account) return { viewer: { account, sessionId: claims.sessionId }, cookies: [] };
    }
    if (refresh) {
      const tokens = await refreshSession({ db: db(), clock: deps.clock, secret: deps.secret }, refresh);
      const fresh = tokens && verifyAccessToken(deps.secret, tokens.accessToken, now);
      const account = fresh ? await getSessionAccount({ db: db() }, fresh) : null;
      if (tokens && fresh && account)
        return {
          viewer: { account, sessionId: fresh.sessionId },
          cookies: sessionCookieHeaders(tokens, requestOf(c).https),
        };
    }
    return { viewer: null, cookies: bearer ? [] : clearedCookieHeaders() };
  }
}

/** Set-Cookie values that delete both session cookies. */
export function clearedCookieHeaders(): string[] {
  return [TOKEN_COOKIE, REFRESH_COOKIE].map((name) => serialize(name, "", { path: "/", maxAge: 0 }));
}

const EXPIRED_STEP = "auth.secondFactor.errors.expired";

/**
 * The answer of a REST log-in whose password was right for an account with the second factor on: 401
 * `{ ok: false, code: "auth.errors.secondFactorRequired", secondFactorToken, expiresAt }`, and the same token in
 * the sn_2fa cookie; the client sends the code to POST /auth/secondFactor.
 */
export function secondFactorRequired(
  c: Context,
  t: ReturnType<typeof serverT>,
  step: { token: string; expiresAt: Date },
) {
  c.header("Set-Cookie", secondStepCookie(step.token, requestOf(c).https), { append: true });
  return c.json(
    {
      ok: false,
      code: "auth.errors.secondFactorRequired",
      message: t("auth.errors.secondFactorRequired"),
      secondFactorToken: step.token,
      expiresAt: step.expiresAt.toISOString(),
      next: "/auth/secondFactor",
    },
    401,
  );
}

/**
 * The checks every REST log-in makes first: the request comes from one of our pages or a non-browser
 * client (else 403), and the client has attempts left (else 429 with Retry-After). The refusal to send,
 * or null to go on. (The account's own budget is taken only for a real guess, by `authenticate`.)
 */
export async function guardAuthRequest(
  c: Context,
  deps: { origin: string; limiters: AuthLimiters },
  t: ReturnType<typeof serverT>,
): Promise<Response | null> {
  if (crossSite(c, deps.origin))
    return c.json({ ok: false, code: "auth.errors.forbidden", message: t("auth.errors.forbidden") }, 403);
  const wait = await takeAuthAttempt(deps.limiters, requestOf(c).clientKey);
  if (wait !== null) {
    c.header("Retry-After", String(wait));
    return c.json(
      { ok: false, code: "auth.errors.rateLimited", message: t("auth.errors.rateLimited", { seconds: wait }) },
      429,
    );
  }
  return null;
}

/** The body of a successful REST log-in or refresh (SPEC §7: accessToken and refreshToken). */
export function tokensJson(tokens: Tokens) {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessExpiresAt.toISOString(),
    refreshTokenExpiresAt: tokens.refreshExpiresAt.toISOString(),
  };
}

/** REST token endpoints of SPEC §7 (/auth/authenticate, /auth/refresh) and the log-out form. */
export function mountAuth(
  app: Hono,
  deps: Deps & { limiters: AuthLimiters; demoLogins: (request: RequestContext) => boolean },
) {
  const sessionCtx = () => ({ db: deps.db, clock: deps.clock, secret: deps.secret });
  // Token answers (and their refusals) are nobody's to keep: no browser or proxy cache stores them.
  app.use("/auth/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });

  const guard = (c: Context, t: ReturnType<typeof serverT>) => guardAuthRequest(c, deps, t);

  const body = async (c: Context): Promise<Record<string, unknown>> => {
    try {
      const v = await c.req.json();
      return v && typeof v === "object" && !Array.isArray(v) ? v : {};
    } catch {
      return {};
    }
  };

  app.post("/auth/authenticate", async (c) => {
    const locale = requestLocale(c);
    const t = serverT(locale);
    // The log-in form's schema: the fields are read as the form reads them, never cut to fit.
    const input = credentialsSchema.safeParse(await body(c));
    const refused = await guard(c, t);
    if (refused) return refused;
    if (!input.success) {
      // A missing field is the form's refusal (400); a login or password no account can have (too long,
      // control characters) is answered like a wrong one (401), as the service answers it.
      const missing = input.error.issues.some((i) => i.message === "auth.errors.fillAll");
      const code = missing ? "auth.errors.fillAll" : "auth.errors.invalidLogin";
      return c.json({ ok: false, code, message: t(code) }, missing ? 400 : 401);
    }
    const request = requestOf(c);
    const result = await authenticate(scopeOf(c), {
      login: input.data.login,
      password: input.data.password,
      client: request.clientKey,
      demoLogins: deps.demoLogins(request),
      guesses: accountGuesses(deps.limiters),
    });
    if (!result.ok) {
      if (result.seconds) {
        c.header("Retry-After", String(result.seconds));
        return c.json({ ok: false, code: result.code, message: t(result.code, { seconds: result.seconds }) }, 429);
      }
      const status =
        result.code === "auth.errors.fillAll" ? 400 : result.code === "auth.errors.invalidLogin" ? 401 : 403;
      return c.json({ ok: false, code: result.code, message: t(result.code) }, status);
    }
    const next = await afterPassword(sessionCtx(), result.value.id, sessionDevice(requestOf(c)));
    if (next.kind === "secondFactor") return secondFactorRequired(c, t, next);
    setSessionCookies(c, next.tokens);
    return c.json({ ok: true, ...tokensJson(next.tokens) });
  });

  /**
   * The second step of a REST log-in (ADR 0020): `{ "secondFactorToken": "…", "code": "123456" }` (the token
   * from /auth/authenticate's answer, or the sn_2fa cookie it set); `code` is the app's six digits or a
   * recovery code. Answers like /auth/authenticate: tokens and cookies, or `{ ok: false, code, message }`:
   * 400 no code, 401 a wrong, replayed or used code (badCode) or a missing or expired token
   * (auth.secondFactor.errors.expired: log in again), 403 the account was blocked meanwhile, 429 too many wrong codes for
   * the account (Retry-After).
   */
  app.post("/auth/secondFactor", async (c) => {
    const locale = requestLocale(c);
    const t = serverT(locale);
    const refused = await guard(c, t);
    if (refused) return refused;
    const input = await body(c);
    const token =
      typeof input.secondFactorToken === "string" ? input.secondFactorToken : getCookie(c, SECOND_STEP_COOKIE);
    const code = typeof input.code === "string" ? input.code : "";
    const accountId = readSecondStep(deps.secret, token, deps.clock.now());
    if (accountId === null) {
      deleteCookie(c, SECOND_STEP_COOKIE, { path: "/" });
      return c.json({ ok: false, code: EXPIRED_STEP, message: t(EXPIRED_STEP) }, 401);
    }
    const result = await verifySecondFactor(scopeOf(c), { accountId, code });
    if (!result.ok) {
      if (result.seconds) {
        c.header("Retry-After", String(result.seconds));
        return c.json({ ok: false, code: result.code, message: t(result.code, { seconds: result.seconds }) }, 429);
      }
      const status =
        result.code === "auth.secondFactor.errors.fillCode" ? 400 : result.code === "auth.errors.blocked" ? 403 : 401;
      return c.json({ ok: false, code: result.code, message: t(result.code) }, status);
    }
    deleteCookie(c, SECOND_STEP_COOKIE, { path: "/" });
    const tokens = await createSession(sessionCtx(), accountId, sessionDevice(requestOf(c)));
    setSessionCookies(c, tokens);
    return c.json({ ok: true, ...tokensJson(tokens), recoveryCodesLeft: result.value.recoveryCodesLeft });
  });

  app.post("/auth/refresh", async (c) => {
    const locale = requestLocale(c);
    const t = serverT(locale);
    const refused = await guard(c, t);
    if (refused) return refused;
    // A body without a usable token (none, or not a string) rotates the cookie's.
    const input = refreshRequestSchema.safeParse(await body(c));
    const token = (input.success ? input.data.refreshToken : undefined) ?? getCookie(c, REFRESH_COOKIE);
    const tokens = await refreshSession(sessionCtx(), token);
    if (!tokens) {
      clearSessionCookies(c);
      return c.json({ ok: false, code: "auth.errors.sessionExpired", message: t("auth.errors.sessionExpired") }, 401);
    }
    setSessionCookies(c, tokens);
    return c.json({ ok: true, ...tokensJson(tokens) });
  });

  /** Log-out ends the session on this device and goes to the log-in page (SPEC §2). */
  app.post("/logout", async (c) => {
    const locale: Locale = c.req.query("lang") === "es" ? "es" : "en";
    if (crossSite(c, deps.origin)) return c.text(serverT(locale)("auth.errors.forbidden"), 403);
    const claims = verifyAccessToken(deps.secret, getCookie(c, TOKEN_COOKIE), new Date(0));
    await endSession(sessionCtx(), { sessionId: claims?.sessionId, refreshToken: getCookie(c, REFRESH_COOKIE) });
    clearSessionCookies(c);
    c.header("Cache-Control", "no-store");
    return c.redirect(localePath(locale, "/login"), 303);
  });
}
