import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { Locale } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { type ExternalIdentity, signInWithIdentity } from "#modules/accounts/service.ts";
import { FacebookError, facebookClient } from "#modules/auth/facebook.ts";
import { issueLoginNonce, spendIdToken } from "#modules/auth/id-token-replay.ts";
import { discoverOidc, type IdTokenProblem, type OidcClient, OidcError } from "#modules/auth/oidc.ts";
import { hasControl } from "#modules/shared/checks.ts";
import type { Clock, Logger } from "#modules/shared/context.ts";
import { sameSecret, sign, unsign } from "#modules/shared/crypto.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";
import { requestLocale, requestOf, type ServerApp, scopeOf, sessionDevice } from "../context.ts";
import { COOKIES, type CookieName, clearedCookieHeader, cookieHeader, cookieValue } from "../cookies.ts";
import { type AuthLimiters, afterPassword, appendCookies, sessionCookieHeaders, takeAuthAttempt } from "../session.ts";
import { guardAuthRequest, secondFactorRequired, tokensAnswer } from "./auth.ts";
import { readBody } from "./http.ts";

/** How long a visitor has at the provider before the flow cookie ends. */
const FLOW_SECONDS = COOKIES.googleFlow.maxAge;
/** The longest token a client may send: Google's ID tokens are about 1 kB, Facebook's tokens a few hundred bytes. */
const MAX_TOKEN = 8192;

type Provider = "google" | "facebook";
type Deps = {
  secret: string;
  clock: Clock;
  log: Logger;
  origin: string;
  db: Db;
  limiters: AuthLimiters;
};

/** What the flow cookie keeps while the visitor is at the provider. */
type Flow = { state: string; redirect: string; locale: Locale; exp: number };
type GoogleFlow = Flow & { nonce: string; codeVerifier: string };

/** Each provider's flow cookie (server/cookies.ts) and signing purpose. */
const FLOW_COOKIES = {
  google: { cookie: "googleFlow", purpose: "oidc" },
  facebook: { cookie: "facebookFlow", purpose: "facebook" },
} as const satisfies Record<Provider, { cookie: CookieName; purpose: string }>;

function keepFlow(c: Context, deps: Deps, provider: Provider, flow: Flow) {
  const { cookie, purpose } = FLOW_COOKIES[provider];
  const value = sign(deps.secret, purpose, Buffer.from(JSON.stringify(flow)).toString("base64url"));
  appendCookies(c, [cookieHeader(cookie, value, requestOf(c).https)]);
}

function takeFlow<T extends Flow>(c: Context, deps: Deps, provider: Provider): T | null {
  const { cookie, purpose } = FLOW_COOKIES[provider];
  const raw = unsign(deps.secret, purpose, cookieValue(cookie, c.req.header("cookie")));
  appendCookies(c, [clearedCookieHeader(cookie, requestOf(c).https)]);
  if (!raw) return null;
  try {
    const flow = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as T;
    if (typeof flow?.state !== "string" || typeof flow.exp !== "number") return null;
    return { ...flow, locale: flow.locale === "es" ? "es" : "en" };
  } catch {
    return null;
  }
}

/** The locale and destination a sign-in start asks for (`?lang=es&redirect=/templates`). */
const startQuery = (c: Context) => ({
  locale: (c.req.query("lang") === "es" ? "es" : "en") as Locale,
  redirect: safeRedirect(c.req.query("redirect"), ""),
});

/** Back to the log-in page with the failure's message (a key of auth.errors, shown by the page). */
function failed(c: Context, provider: Provider, locale: Locale, code = `${provider}Failed`, wait?: number) {
  c.header("Cache-Control", "no-store");
  return c.redirect(`${localePath(locale, "/login")}?error=${code}${wait ? `&wait=${wait}` : ""}`, 303);
}

/** Links or creates the account (ADR 0007) and starts its session: the tokens, or the refusal's code. */
async function signIn(c: Context, locale: Locale, identity: ExternalIdentity) {
  const result = await signInWithIdentity({ ...scopeOf(c), locale }, identity);
  if (!result.ok) return { ok: false as const, code: result.code };
  // An account with its second factor on gets the second step, not a session (ADR 0020).
  const next = await afterPassword(scopeOf(c), result.value.id, sessionDevice(requestOf(c)));
  return { ok: true as const, next };
}

/** The redirect flows' last step: a session and the page the visitor came from, or the log-in page. */
async function finishRedirect(c: Context, _deps: Deps, flow: Flow, identity: ExternalIdentity) {
  const outcome = await signIn(c, flow.locale, identity);
  if (!outcome.ok) return failed(c, identity.provider, flow.locale, outcome.code.split(".").pop());
  if (outcome.next.kind === "secondFactor") {
    appendCookies(c, [cookieHeader("secondStep", outcome.next.token, requestOf(c).https)]);
    const back = flow.redirect ? `?redirect=${encodeURIComponent(flow.redirect)}` : "";
    return c.redirect(`${localePath(flow.locale, "/login/verify")}${back}`, 303);
  }
  appendCookies(c, sessionCookieHeaders(outcome.next.tokens, requestOf(c).https));
  return c.redirect(flow.redirect || localePath(flow.locale, "/"), 303);
}

/** Why a token log-in was refused, for clients: `code` is the translation key, `reason` the detail. */
export type TokenLoginReason = IdTokenProblem | "invalid_request" | "app" | "email" | "blocked" | "account_exists";

/**
 * The REST log-ins with a provider's token (SPEC §7: POST /auth/googleLogin, /auth/facebookLogin),
 * answered like /auth/authenticate: the same CSRF check and attempt budget first, then
 * `{ ok: true, accessToken, refreshToken, … }` with the session cookies, or
 * `{ ok: false, code, message, reason }`:
 * 400 the body is not the expected JSON object (reason invalid_request); 401 the token is not accepted
 * (malformed, signature, expired, issuer, audience, nonce, replayed, app, invalid); 403 the account is blocked
 * (blocked) or the identity has no verified e-mail (email); 409 a verified account with the address
 * exists and must log in with its password (account_exists); 429 too many attempts; 503 the provider
 * could not be reached (unavailable).
 */
function mountTokenLogin(
  app: ServerApp,
  deps: Deps,
  provider: Provider,
  path: string,
  read: (body: Record<string, unknown>) => { ok: true; verify: () => Promise<ExternalIdentity> } | { ok: false },
) {
  app.post(path, async (c) => {
    const locale = requestLocale(c);
    const t = serverT(locale);
    const refuse = (
      status: 400 | 401 | 403 | 409 | 503,
      reason: TokenLoginReason,
      code = `auth.errors.${provider}Failed`,
    ) => c.json({ ok: false, code, message: t(code), reason }, status);
    const refused = await guardAuthRequest(c, deps, t);
    if (refused) return refused;
    const body = await readBody(c);
    const input = body ? read(body) : ({ ok: false } as const);
    if (!input.ok) return refuse(400, "invalid_request");
    let identity: ExternalIdentity;
    try {
      identity = await input.verify();
    } catch (error) {
      // Only the providers' own refusals are answers; anything else is a bug and goes to the error handler.
      if (!(error instanceof OidcError || error instanceof FacebookError)) throw error;
      const problem = error.problem;
      if (problem && problem !== "unavailable") return refuse(401, problem === "exchange" ? "invalid" : problem);
      deps.log.warn(`${provider} token log-in: provider unavailable`, { reason: (error as Error).message });
      return refuse(503, "unavailable");
    }
    const outcome = await signIn(c, locale, identity);
    if (!outcome.ok) {
      if (outcome.code === "auth.errors.blocked") return refuse(403, "blocked", outcome.code);
      if (outcome.code.endsWith("LinkRefused")) return refuse(409, "account_exists", outcome.code);
      return refuse(403, "email", outcome.code);
    }
    if (outcome.next.kind === "secondFactor") return secondFactorRequired(c, t, outcome.next);
    return tokensAnswer(c, outcome.next.tokens);
  });
}

/** A string of printable ASCII without spaces, at most `max` long (tokens, codes). */
const isTokenText = (v: unknown, max = MAX_TOKEN): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= max && /^[\x21-\x7e]+$/.test(v);
/** A compact JWS: three base64url parts (the last may be empty, as in an unsigned token, refused later). */
const isCompactJwt = (v: unknown): v is string =>
  isTokenText(v) && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(v);
/** A nonce the client chose: up to 512 characters, no control characters. */
const isNonce = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 512 && !hasControl(v);

/**
 * Google sign-in (SPEC §2 log-in page) through OpenID Connect: /auth/google sends the visitor to the
 * provider with state, nonce and PKCE kept in a signed, short-lived cookie; /auth/google/callback
 * checks all three, links or creates the account and starts a session. Any failure goes back to the
 * log-in page with 'Failed to sign in with Google.'.
 *
 * POST /auth/googleLogin takes an ID token the client got itself (Google Identity Services, a mobile
 * SDK): `{ "idToken": "<JWT>" }`. The client first asks GET /auth/googleNonce for a nonce and gives it
 * to Google. The token must be signed by one of the provider's published keys, issued by the provider
 * to our client id, unexpired, carry a nonce of ours that is unexpired and unused, and never have been
 * accepted before (modules/auth/id-token-replay.ts); a `nonce` in the body, if sent, must be the same.
 */
export function mountGoogleSignIn(
  app: ServerApp,
  deps: Deps & { google: { issuer: string; clientId: string; clientSecret: string } },
) {
  let client: Promise<OidcClient> | undefined;
  const oidc = () => {
    client ??= discoverOidc({
      ...deps.google,
      redirectUri: `${deps.origin}/auth/google/callback`,
    }).catch((error) => {
      client = undefined;
      throw error;
    });
    return client;
  };

  app.get("/auth/google", async (c) => {
    const { locale, redirect } = startQuery(c);
    const wait = await takeAuthAttempt(deps.limiters, requestOf(c).clientKey);
    if (wait !== null) return failed(c, "google", locale, "rateLimited", wait);
    try {
      const start = await (await oidc()).start();
      const flow: GoogleFlow = {
        state: start.state,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        redirect,
        locale,
        exp: Math.floor(deps.clock.now().getTime() / 1000) + FLOW_SECONDS,
      };
      keepFlow(c, deps, "google", flow);
      c.header("Cache-Control", "no-store");
      return c.redirect(start.url, 302);
    } catch (error) {
      deps.log.error("google sign-in not started", { error });
      return failed(c, "google", locale);
    }
  });

  app.get("/auth/google/callback", async (c) => {
    c.header("Cache-Control", "no-store");
    const flow = takeFlow<GoogleFlow>(c, deps, "google");
    const locale: Locale = flow?.locale ?? "en";
    if (!flow || flow.exp * 1000 < deps.clock.now().getTime()) return failed(c, "google", locale);
    try {
      const identity = await (await oidc()).finish(new URL(c.req.url), flow);
      return await finishRedirect(c, deps, flow, { provider: "google", ...identity });
    } catch (error) {
      deps.log.warn("google sign-in failed", { reason: (error as Error).message });
      return failed(c, "google", locale);
    }
  });

  const idTokenCtx = () => ({ db: deps.db, clock: deps.clock, secret: deps.secret });

  /** A nonce for one ID-token log-in (signed, single use, AUTH.googleNonceSeconds): nothing is stored yet. */
  app.get("/auth/googleNonce", (c) => {
    const { nonce, expiresAt } = issueLoginNonce(deps);
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true, nonce, expiresAt: expiresAt.toISOString() });
  });

  mountTokenLogin(app, deps, "google", "/auth/googleLogin", (body) => {
    const { idToken, nonce } = body;
    if (!isCompactJwt(idToken) || (nonce !== undefined && !isNonce(nonce))) return { ok: false };
    return {
      ok: true,
      verify: async () => ({
        provider: "google",
        ...(await (
          await oidc()
        ).verifyIdToken(idToken, {
          nonce,
          now: deps.clock.now(),
          accept: (token) => spendIdToken(idTokenCtx(), idToken, token),
        })),
      }),
    };
  });
}

/**
 * Facebook sign-in (OAuth 2, no ID token): /auth/facebook sends the visitor to Facebook's dialog with
 * a random state kept in a signed, short-lived cookie; /auth/facebook/callback checks the state,
 * trades the code for a user access token, checks that token with the debug-token endpoint and reads
 * the profile. Any failure goes back to the log-in page with 'Failed to sign in with Facebook.'.
 *
 * POST /auth/facebookLogin takes a user access token the client got itself (the JavaScript or mobile
 * SDK): `{ "accessToken": "<token>" }`, checked the same way.
 *
 * Facebook is never the authority for an address (ADR 0012): a verified account with the same address
 * is not linked; its owner logs in with the password.
 */
export function mountFacebookSignIn(
  app: ServerApp,
  deps: Deps & { facebook: { appId: string; appSecret: string; dialogUrl: string; graphUrl: string } },
) {
  const facebook = facebookClient({ ...deps.facebook, redirectUri: `${deps.origin}/auth/facebook/callback` });
  const identityOf = async (userToken: string): Promise<ExternalIdentity> => ({
    provider: "facebook",
    ...(await facebook.identify(userToken, deps.clock.now())),
  });

  app.get("/auth/facebook", async (c) => {
    const { locale, redirect } = startQuery(c);
    const wait = await takeAuthAttempt(deps.limiters, requestOf(c).clientKey);
    if (wait !== null) return failed(c, "facebook", locale, "rateLimited", wait);
    const state = randomBytes(24).toString("base64url");
    keepFlow(c, deps, "facebook", {
      state,
      redirect,
      locale,
      exp: Math.floor(deps.clock.now().getTime() / 1000) + FLOW_SECONDS,
    });
    c.header("Cache-Control", "no-store");
    return c.redirect(facebook.authorizationUrl(state), 302);
  });

  app.get("/auth/facebook/callback", async (c) => {
    c.header("Cache-Control", "no-store");
    const flow = takeFlow<Flow>(c, deps, "facebook");
    const locale: Locale = flow?.locale ?? "en";
    if (!flow || flow.exp * 1000 < deps.clock.now().getTime()) return failed(c, "facebook", locale);
    const state = c.req.query("state");
    const code = c.req.query("code");
    // A refusal at Facebook (error=access_denied…) comes back without a code.
    if (!state || !sameSecret(state, flow.state) || !isTokenText(code, 2048) || c.req.query("error"))
      return failed(c, "facebook", locale);
    try {
      const identity = await identityOf(await facebook.exchangeCode(code));
      return await finishRedirect(c, deps, flow, identity);
    } catch (error) {
      deps.log.warn("facebook sign-in failed", { reason: (error as Error).message });
      return failed(c, "facebook", locale);
    }
  });

  mountTokenLogin(app, deps, "facebook", "/auth/facebookLogin", (body) => {
    const { accessToken } = body;
    if (!isTokenText(accessToken, 4096)) return { ok: false };
    return { ok: true, verify: () => identityOf(accessToken) };
  });
}
