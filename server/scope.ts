import type { MiddlewareHandler } from "hono";
import type { Database } from "#db/client.server.ts";
import type { Captcha } from "#modules/auth/captcha.ts";
import type { PaymentProvider } from "#modules/billing/provider.ts";
import type { Storage } from "#modules/files/storage.ts";
import type { Mailer } from "#modules/mail/mailer.ts";
import type { Jobs, Scope } from "#modules/scope.ts";
import type { Clock, Logger, ReadThroughCache } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { type RequestContext, type RequestVars, requestOf } from "./context.ts";

/** What the process holds once: the database, the ports, the caches. */
export type ScopeParts = {
  database: Database;
  clock: Clock;
  log: Logger;
  reference: ReadThroughCache;
  secret: string;
  origin: string;
  mailer: Mailer;
  storage: Storage;
  payments: PaymentProvider | null;
  captcha: Captcha;
  inflight: Map<string, Promise<unknown>>;
  jobs?: Jobs;
  runLater?: Scope["runLater"];
  mailTimeoutMs?: number;
  /** Whether demo mode answers this client (the sandbox's test cards are only for it). */
  demoAccess: (request: RequestContext) => boolean;
};

/**
 * Builds a request's scope (modules/scope.ts) from the process's parts and the request context: its
 * language, its viewer, and the ports as this client may use them (the sandbox provider only where demo
 * mode answers the client; the CAPTCHA checked against the client's address).
 */
export function scopeFactory(parts: ScopeParts) {
  const base = {
    db: parts.database.db,
    clock: parts.clock,
    log: parts.log,
    reference: parts.reference,
    secret: parts.secret,
    origin: parts.origin,
    translate: serverT,
    mailer: parts.mailer,
    storage: parts.storage,
    inflight: parts.inflight,
    jobs: parts.jobs,
    runLater: parts.runLater,
    mailTimeoutMs: parts.mailTimeoutMs,
  };
  return (request: RequestContext): Scope => ({
    ...base,
    locale: request.locale,
    viewer: request.viewer,
    payments: parts.payments?.kind === "sandbox" && !parts.demoAccess(request) ? null : parts.payments,
    captcha: (token) => parts.captcha.verify({ token, remoteIp: request.clientAddress || undefined }),
  });
}

/**
 * Gives the request its scope once its viewer is known (after the session middleware): built on first use
 * (a cached page or a static file never needs one), then the same object for the rest of the request.
 */
export function scopeMiddleware(
  build: (request: RequestContext) => Scope,
): MiddlewareHandler<{ Variables: RequestVars }> {
  return async (c, next) => {
    let scope: Scope | undefined;
    c.set("scope", () => (scope ??= build(requestOf(c))));
    await next();
  };
}

/**
 * A scope for work outside any request (the job queue's handlers, tests): no viewer, English, the payment
 * provider as configured (no client to keep the sandbox from), and no CAPTCHA to answer.
 */
export function workScopeFactory(parts: ScopeParts) {
  const guest: RequestContext = {
    requestId: "work",
    nonce: "",
    locale: "en",
    https: false,
    clientAddress: "",
    clientKey: "",
    local: false,
    userAgent: "",
    viewer: null,
  };
  const build = scopeFactory({ ...parts, demoAccess: () => true });
  return (locale: Scope["locale"] = "en"): Scope => ({
    ...build(guest),
    locale,
    captcha: async () => ({ ok: false, code: "common.captcha.missing" }),
  });
}
