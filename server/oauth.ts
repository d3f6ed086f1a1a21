import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { localePath } from "#app/lib/i18n.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import type { Locale } from "#config/constants.ts";
import { signInWithIdentity } from "#modules/accounts/service.ts";
import { discoverOidc, type OidcClient } from "#modules/auth/oidc.ts";
import { createSession } from "#modules/auth/sessions.ts";
import { sign, unsign } from "#modules/downloads/signing.ts";
import type { Clock, Logger, ServiceContext } from "#modules/shared/context.ts";
import type { AuthLimiters } from "./auth.ts";
import { setSessionCookies, takeAuthAttempt } from "./auth.ts";
import { requestOf } from "./context.ts";

const FLOW_COOKIE = "sn_oidc";
const FLOW_SECONDS = 600;

type Flow = { state: string; nonce: string; codeVerifier: string; redirect: string; locale: Locale; exp: number };

type Deps = {
  secret: string;
  clock: Clock;
  log: Logger;
  origin: string;
  serviceContext: (locale: Locale) => ServiceContext;
  limiters: AuthLimiters;
  google: { issuer: string; clientId: string; clientSecret: string };
};

/**
 * Google sign-in (SPEC §2 log-in page) through OpenID Connect: /auth/google sends the visitor to the
 * provider with state, nonce and PKCE kept in a signed, short-lived cookie; /auth/google/callback
 * checks all three, links or creates the account and starts a session. Any failure goes back to the
 * log-in page with 'Failed to sign in with Google.'.
 */
export function mountGoogleSignIn(app: Hono, deps: Deps) {
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
  const failed = (c: Context, locale: Locale, code = "googleFailed", wait?: number) =>
    c.redirect(`${localePath(locale, "/login")}?error=${code}${wait ? `&wait=${wait}` : ""}`, 303);

  app.get("/auth/google", async (c) => {
    const locale: Locale = c.req.query("lang") === "es" ? "es" : "en";
    const wait = await takeAuthAttempt(deps.limiters, requestOf(c).clientKey);
    if (wait !== null) return failed(c, locale, "rateLimited", wait);
    try {
      const start = await (await oidc()).start();
      const flow: Flow = {
        state: start.state,
        nonce: start.nonce,
        codeVerifier: start.codeVerifier,
        redirect: safeRedirect(c.req.query("redirect"), ""),
        locale,
        exp: Math.floor(deps.clock.now().getTime() / 1000) + FLOW_SECONDS,
      };
      setCookie(c, FLOW_COOKIE, sign(deps.secret, "oidc", Buffer.from(JSON.stringify(flow)).toString("base64url")), {
        httpOnly: true,
        sameSite: "Lax",
        secure: requestOf(c).https,
        path: "/auth/google",
        maxAge: FLOW_SECONDS,
      });
      c.header("Cache-Control", "no-store");
      return c.redirect(start.url, 302);
    } catch (error) {
      deps.log.error("google sign-in not started", { error });
      return failed(c, locale);
    }
  });

  app.get("/auth/google/callback", async (c) => {
    c.header("Cache-Control", "no-store");
    const raw = unsign(deps.secret, "oidc", getCookie(c, FLOW_COOKIE));
    deleteCookie(c, FLOW_COOKIE, { path: "/auth/google" });
    let flow: Flow | null = null;
    try {
      flow = raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Flow) : null;
    } catch {
      flow = null;
    }
    const locale: Locale = flow?.locale === "es" ? "es" : "en";
    if (!flow || flow.exp * 1000 < deps.clock.now().getTime()) return failed(c, locale);
    try {
      const identity = await (await oidc()).finish(new URL(c.req.url), flow);
      const result = await signInWithIdentity(deps.serviceContext(locale), { provider: "google", ...identity });
      if (!result.ok) return failed(c, locale, result.code.split(".").pop());
      const tokens = await createSession(
        { db: deps.serviceContext(locale).db, clock: deps.clock, secret: deps.secret },
        result.value.id,
      );
      setSessionCookies(c, tokens);
      return c.redirect(flow.redirect || localePath(locale, "/"), 303);
    } catch (error) {
      deps.log.warn("google sign-in failed", { reason: (error as Error).message });
      return failed(c, locale);
    }
  });
}
