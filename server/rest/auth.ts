import type { Context } from "hono";
import type { Db } from "#db/client.server.ts";
import { credentialsSchema } from "#modules/accounts/schemas.ts";
import { authenticate } from "#modules/accounts/service.ts";
import { refreshRequestSchema, secondFactorRequestSchema } from "#modules/auth/session-schemas.ts";
import { createSession, endSession, refreshSession, type Tokens, verifyAccessToken } from "#modules/auth/sessions.ts";
import { readSecondStep, verifySecondFactor } from "#modules/auth/totp.ts";
import type { Clock } from "#modules/shared/context.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { type RequestContext, requestLocale, requestOf, type ServerApp, scopeOf, sessionDevice } from "../context.ts";
import { clearedCookieHeader, cookieHeader, cookieValue } from "../cookies.ts";
import {
  type AuthLimiters,
  accountGuesses,
  afterPassword,
  appendCookies,
  clearedSessionHeaders,
  sessionCookieHeaders,
  takeAuthAttempt,
} from "../session.ts";
import { readBody, refusal } from "./http.ts";

type T = ReturnType<typeof serverT>;
const EXPIRED_STEP = "auth.secondFactor.errors.expired";

/**
 * The answer of a REST log-in whose password was right for an account with the second factor on: 401
 * `{ ok: false, code: "auth.errors.secondFactorRequired", secondFactorToken, expiresAt }`, and the same token in
 * the sn_2fa cookie; the client sends the code to POST /auth/secondFactor.
 */
export function secondFactorRequired(c: Context, t: T, step: { token: string; expiresAt: Date }) {
  appendCookies(c, [cookieHeader("secondStep", step.token, requestOf(c).https)]);
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
 * The check every REST log-in makes first (after the server's one CSRF rule): the client has attempts
 * left (else 429 with Retry-After). The refusal to send, or null to go on. (The account's own budget is
 * taken only for a real guess, by `authenticate`.)
 */
export async function guardAuthRequest(c: Context, deps: { limiters: AuthLimiters }, t: T): Promise<Response | null> {
  const wait = await takeAuthAttempt(deps.limiters, requestOf(c).clientKey);
  if (wait === null) return null;
  return refusal(c, 429, "auth.errors.rateLimited", t("auth.errors.rateLimited", { seconds: wait }), wait);
}

/** The body of a successful REST log-in or refresh (SPEC §7: accessToken and refreshToken), with its cookies set. */
export function tokensAnswer(c: Context, tokens: Tokens, extra: Record<string, unknown> = {}) {
  appendCookies(c, sessionCookieHeaders(tokens, requestOf(c).https));
  return c.json({
    ok: true,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: tokens.accessExpiresAt.toISOString(),
    refreshTokenExpiresAt: tokens.refreshExpiresAt.toISOString(),
    ...extra,
  });
}

/** REST token endpoints of SPEC §7 (/auth/authenticate, /auth/secondFactor, /auth/refresh) and the log-out form. */
export function mountAuth(
  app: ServerApp,
  deps: {
    secret: string;
    clock: Clock;
    db: Db;
    limiters: AuthLimiters;
    demoLogins: (request: RequestContext) => boolean;
  },
) {
  const sessionCtx = { db: deps.db, clock: deps.clock, secret: deps.secret };
  // Token answers (and their refusals) are nobody's to keep: no browser or proxy cache stores them.
  app.use("/auth/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });

  app.post("/auth/authenticate", async (c) => {
    const t = serverT(requestLocale(c));
    // The log-in form's schema: the fields are read as the form reads them, never cut to fit.
    const input = credentialsSchema.safeParse((await readBody(c)) ?? {});
    const refused = await guardAuthRequest(c, deps, t);
    if (refused) return refused;
    if (!input.success) {
      // A missing field is the form's refusal (400); a login or password no account can have (too long,
      // control characters) is answered like a wrong one (401), as the service answers it.
      const missing = input.error.issues.some((i) => i.message === "auth.errors.fillAll");
      const code = missing ? "auth.errors.fillAll" : "auth.errors.invalidLogin";
      return refusal(c, missing ? 400 : 401, code, t(code));
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
      if (result.seconds)
        return refusal(c, 429, result.code, t(result.code, { seconds: result.seconds }), result.seconds);
      const status =
        result.code === "auth.errors.fillAll" ? 400 : result.code === "auth.errors.invalidLogin" ? 401 : 403;
      return refusal(c, status, result.code, t(result.code));
    }
    const next = await afterPassword(sessionCtx, result.value.id, sessionDevice(request));
    if (next.kind === "secondFactor") return secondFactorRequired(c, t, next);
    return tokensAnswer(c, next.tokens);
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
    const request = requestOf(c);
    const t = serverT(requestLocale(c));
    const refused = await guardAuthRequest(c, deps, t);
    if (refused) return refused;
    const input = secondFactorRequestSchema.parse((await readBody(c)) ?? {});
    const token = input.secondFactorToken ?? cookieValue("secondStep", c.req.header("cookie"));
    const accountId = readSecondStep(deps.secret, token, deps.clock.now());
    if (accountId === null) {
      appendCookies(c, [clearedCookieHeader("secondStep", request.https)]);
      return refusal(c, 401, EXPIRED_STEP, t(EXPIRED_STEP));
    }
    const result = await verifySecondFactor(scopeOf(c), { accountId, code: input.code });
    if (!result.ok) {
      if (result.seconds)
        return refusal(c, 429, result.code, t(result.code, { seconds: result.seconds }), result.seconds);
      const status =
        result.code === "auth.secondFactor.errors.fillCode" ? 400 : result.code === "auth.errors.blocked" ? 403 : 401;
      return refusal(c, status, result.code, t(result.code));
    }
    appendCookies(c, [clearedCookieHeader("secondStep", request.https)]);
    const tokens = await createSession(sessionCtx, accountId, sessionDevice(request));
    return tokensAnswer(c, tokens, { recoveryCodesLeft: result.value.recoveryCodesLeft });
  });

  app.post("/auth/refresh", async (c) => {
    const t = serverT(requestLocale(c));
    const refused = await guardAuthRequest(c, deps, t);
    if (refused) return refused;
    // A body without a usable token (none, or not a string) rotates the cookie's.
    const input = refreshRequestSchema.safeParse((await readBody(c)) ?? {});
    const token =
      (input.success ? input.data.refreshToken : undefined) ?? cookieValue("refresh", c.req.header("cookie"));
    const tokens = await refreshSession(sessionCtx, token);
    if (!tokens) {
      appendCookies(c, clearedSessionHeaders(requestOf(c).https));
      return refusal(c, 401, "auth.errors.sessionExpired", t("auth.errors.sessionExpired"));
    }
    return tokensAnswer(c, tokens);
  });

  /** Log-out ends the session on this device and goes to the log-in page (SPEC §2), in the form's language (?lang=). */
  app.post("/logout", async (c) => {
    const cookies = c.req.header("cookie");
    const claims = verifyAccessToken(deps.secret, cookieValue("token", cookies), new Date(0));
    await endSession(sessionCtx, { sessionId: claims?.sessionId, refreshToken: cookieValue("refresh", cookies) });
    appendCookies(c, clearedSessionHeaders(requestOf(c).https));
    c.header("Cache-Control", "no-store");
    return c.redirect(localePath(requestLocale(c), "/login"), 303);
  });
}
