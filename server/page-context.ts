import { createSession } from "#modules/auth/sessions.ts";
import { attemptKey } from "#modules/shared/rate-limit.ts";
import { clientTag } from "./client-address.ts";
import { type RequestContext, sessionDevice } from "./context.ts";
import { clearedCookieHeader, cookieHeader } from "./cookies.ts";
import type { AppLoadContext } from "./load-context.ts";
import type { Ports } from "./ports.ts";
import { services } from "./services.server.ts";
import {
  accountGuesses,
  afterPassword,
  clearedSessionHeaders,
  downloadGuest,
  guestIdOf,
  secondStepOf,
  sessionCookieHeaders,
  takeAuthAttempt,
} from "./session.ts";

/** Builds each page request's load context (server/load-context.ts) from the process's parts. */
export function loadContextFactory(ports: Ports) {
  const { env, db, clock, secret, limiters, authLimiters, captcha, payments, demoAccess, outboxPage, buildScope } =
    ports;
  return (request: RequestContext, reportError: (error: unknown) => void): AppLoadContext => ({
    services,
    reportError,
    origin: env.publicUrl,
    request,
    scope: buildScope(request),
    requestId: request.requestId,
    nonce: request.nonce,
    outboxPage: outboxPage && demoAccess(request),
    demoLogins: demoAccess(request),
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebookSignIn: env.facebook !== null,
    clientKey: request.clientKey,
    clientTag: clientTag(secret, request.clientKey),
    captcha: { widget: captcha.widget },
    limitAuthAttempt() {
      return takeAuthAttempt(authLimiters, request.clientKey);
    },
    loginGuesses: accountGuesses(authLimiters),
    sandboxPayments: payments?.kind === "sandbox" && demoAccess(request),
    stripePublishableKey: payments?.kind === "stripe" ? (env.stripe?.publishableKey ?? null) : null,
    async limitPaymentAttempt() {
      const r = await limiters.payments.take(attemptKey(request.viewer?.account.id, request.clientKey));
      return r.ok ? null : r.retryAfter;
    },
    async limitFavoriteChange() {
      const r = await limiters.favorites.take(attemptKey(request.viewer?.account.id, request.clientKey));
      return r.ok ? null : r.retryAfter;
    },
    downloadGrant: {
      async limit() {
        const r = await limiters.grants.take(request.clientKey);
        return r.ok ? null : r.retryAfter;
      },
      guest: (req) => downloadGuest(secret, req.headers.get("cookie"), request.https),
    },
    guestId: (req) => guestIdOf(secret, req.headers.get("cookie")),
    async limitLicenceCheck() {
      const r = await limiters.licenceChecks.take(request.clientKey);
      return r.ok ? null : r.retryAfter;
    },
    async limitUpload() {
      const r = await limiters.uploads.take(attemptKey(request.viewer?.account.id, request.clientKey));
      return r.ok ? null : r.retryAfter;
    },
    async limitContact(email) {
      // Per client address, then per sender address: neither a script on one machine nor many machines
      // writing as one address get more than RATE_LIMITS.contact.
      const byClient = await limiters.contact.take(`client:${request.clientKey}`);
      if (!byClient.ok) return byClient.retryAfter;
      const byEmail = await limiters.contact.take(`email:${email.trim().toLowerCase().slice(0, 254)}`);
      return byEmail.ok ? null : byEmail.retryAfter;
    },
    endSession: () => clearedSessionHeaders(request.https),
    async startSession(accountId) {
      const tokens = await createSession({ db, clock, secret }, accountId, sessionDevice(request));
      return sessionCookieHeaders(tokens, request.https);
    },
    secondFactor: {
      async afterPassword(accountId) {
        const next = await afterPassword({ db, clock, secret }, accountId, sessionDevice(request));
        return next.kind === "session"
          ? { step: "session", cookies: sessionCookieHeaders(next.tokens, request.https) }
          : { step: "secondFactor", cookies: [cookieHeader("secondStep", next.token, request.https)] };
      },
      pending: (req) => secondStepOf(secret, req.headers.get("cookie"), clock.now()),
      clear: () => clearedCookieHeader("secondStep", request.https),
    },
  });
}
