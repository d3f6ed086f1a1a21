import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { ServerBuild } from "react-router";
import {
  BODY_LIMITS,
  type Locale,
  PAGE_CACHE,
  RATE_LIMITS,
  type RateLimits,
  TEMPLATE_UPLOADS,
} from "#config/constants.ts";
import type { Env } from "#config/env.server.ts";
import { type Database, isDatabaseUnavailable } from "#db/client.server.ts";
import { type Captcha, createCaptcha } from "#modules/auth/captcha.ts";
import { createSession, purgeExpiredSessions } from "#modules/auth/sessions.ts";
import { type PaymentProvider, sandboxProvider } from "#modules/billing/provider.ts";
import type { BillingContext } from "#modules/billing/service.ts";
import { stripeClient, stripeProvider } from "#modules/billing/stripe.ts";
import { ReferenceCache } from "#modules/catalog/reference.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import type { FileContext } from "#modules/files/service.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { createMailer, type Mailer } from "#modules/mail/mailer.ts";
import type { Jobs, ServiceContext } from "#modules/scope.ts";
import { type Clock, systemClock } from "#modules/shared/context.ts";
import { localeFromPath } from "#modules/shared/i18n.ts";
import { messageSetFile, serverT } from "#modules/shared/messages.server.ts";
import { attemptKey, createRateLimiters } from "#modules/shared/rate-limit.ts";
import { clientTag, parseTrustProxy } from "./client-address.ts";
import {
  type RequestContext,
  type RequestVars,
  requestContext,
  requestLocale,
  requestOf,
  scopeOf,
  sessionDevice,
} from "./context.ts";
import { COOKIES, clearedCookieHeader, cookieHeader } from "./cookies.ts";
import { downloadGuest, guestIdFromCookieHeader, mountDownloads } from "./downloads.ts";
import { mountFavorites } from "./favorites.ts";
import { mountFiles } from "./files.ts";
import { isSharedQuery } from "./graphql/cost.ts";
import { createGraphqlHandler } from "./graphql/index.ts";
import type { AppLoadContext } from "./load-context.ts";
import type { createLogger } from "./logger.ts";
import { mountOperatorUploads } from "./operator-uploads.ts";
import { PageCache } from "./page-cache.ts";
import { mountPages } from "./pages.ts";
import { mountAuth } from "./rest/auth.ts";
import { mountCaptcha } from "./rest/captcha.ts";
import { crossSite } from "./rest/http.ts";
import { mountFacebookSignIn, mountGoogleSignIn } from "./rest/oauth.ts";
import { mountTags } from "./rest/tags.ts";
import { mountStripeWebhook } from "./rest/webhooks.ts";
import { routePolicies } from "./route-policy.ts";
import { scopeFactory, scopeMiddleware } from "./scope.ts";
import { mountSearch } from "./search.ts";
import { loadSigningSecret } from "./secret.ts";
import { securityHeaders } from "./security.ts";
import { services } from "./services.server.ts";
import {
  accountGuesses,
  afterPassword,
  clearedSessionHeaders,
  resolveViewer,
  secondStepOf,
  sessionCookieHeaders,
  takeAuthAttempt,
} from "./session.ts";
import { ViewCounter } from "./views.ts";

type Vars = RequestVars;

export type ServerOptions = {
  env: Env;
  database: Database;
  build: ServerBuild;
  /** Folder of the client build (assets, favicon). */
  clientDir: string;
  log: ReturnType<typeof createLogger>;
  clock?: Clock;
  mode?: "production" | "development";
  /** Signs guest cookies and download addresses; defaults to SIGNING_SECRET or a secret kept in DATA_DIR. */
  secret?: string;
  /** Requests per client address for rate-limited endpoints: [burst, per minute]. */
  rateLimits?: Partial<RateLimits>;
  /** Sends mail; defaults to SMTP_URL when set, else the outbox in the database. */
  mailer?: Mailer;
  /** Reset and resend mail goes out after the answer (true, default) or before it (tests read it at once). */
  deferMail?: boolean;
  /** How often trending and counts are recomputed; 0 turns the background refresh off (tests). */
  refreshStatsEveryMs?: number;
  /** The payment provider; defaults to the sandbox in demo mode and none elsewhere. */
  payments?: PaymentProvider | null;
  /** Where billing asks for its renewals and retries to run (the job queue). */
  billingJobs?: Jobs;
  /** Where a template version's previews are asked for (the job queue); without it, the queue's sweep finds them. */
  templateJobs?: { scheduleTemplateRender(versionId: number): Promise<void> };
  /** The CAPTCHA of public forms; defaults to reCAPTCHA when configured, else the embedded proof of work. */
  captcha?: Captcha;
};

export function createServerApp(opts: ServerOptions) {
  const { env, database, build, log } = opts;
  const clock = opts.clock ?? systemClock;
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if ("error" in trust) throw new Error(`Invalid environment configuration:\n  TRUST_PROXY: ${trust.error}`);
  const trustProxy = trust;
  const publicHttps = env.publicUrl.startsWith("https:");
  const mode = opts.mode ?? "production";
  const db = database.db;
  // Generated files: an S3-compatible bucket shared by every process when S3_BUCKET is set, else the disk.
  const storage = env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
  const secret = opts.secret ?? loadSigningSecret(env, log);
  const scaled = (k: keyof RateLimits): [number, number] => [
    Math.max(1, Math.round(RATE_LIMITS[k][0] * env.RATE_LIMIT_SCALE)),
    RATE_LIMITS[k][1] * env.RATE_LIMIT_SCALE,
  ];
  const limits = Object.fromEntries(
    (Object.keys(RATE_LIMITS) as (keyof RateLimits)[]).map((k) => [k, opts.rateLimits?.[k] ?? scaled(k)]),
  ) as RateLimits;
  const mailer = opts.mailer ?? createMailer({ db, log, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  // The outbox page hands out everyone's links: demo mode only (DECISIONS: Operations).
  const outboxPage = mailer.kind === "outbox" && env.demoMode;
  // Demo mode's outbox, demo log-ins and sandbox payments answer this machine only, unless DEMO_MODE=on
  // states otherwise (then main.ts warns at every start).
  const demoAccess = (request: RequestContext | undefined) =>
    env.demoMode && (env.DEMO_MODE === "on" || request?.local === true);
  if (mailer.kind === "outbox" && env.DATABASE_URL)
    log.warn("no SMTP_URL: e-mail (verification and password links) is kept in the database and not delivered");
  const fileContext: FileContext = { db, storage, log, inflight: new Map() };
  const views = new ViewCounter((batch) => services.catalog.recordTemplateViews({ db }, batch, clock.now()), log);
  const pageCache = new PageCache(PAGE_CACHE.entries, PAGE_CACHE.ttlMs, PAGE_CACHE.maxBytes);
  let catalogVersion = 0;
  let versionCheckedAt = 0;
  const currentVersion = async () => {
    const now = Date.now();
    if (now - versionCheckedAt > 2_000) {
      versionCheckedAt = now;
      catalogVersion = await services.catalog.getCatalogVersion({ db });
    }
    return catalogVersion;
  };

  // Catalogue reference data (navigation, tags, filters, counts) kept for the current catalogue version.
  const reference = new ReferenceCache(currentVersion, { now: () => clock.now().getTime() });
  const serviceContext = (locale: Locale): ServiceContext => ({ db, locale, clock, log, reference });
  // Stripe when configured; else the sandbox in demo mode; else no payments.
  const payments =
    opts.payments !== undefined
      ? opts.payments
      : env.stripe
        ? stripeProvider(env.stripe)
        : env.demoMode
          ? sandboxProvider()
          : null;
  const billingContext = (locale: Locale): BillingContext => ({
    ...serviceContext(locale),
    payments,
    jobs: opts.billingJobs,
  });
  // Every budget is kept in the database, shared by all processes. Rendering a missing preview costs
  // CPU: a client gets only so many of those (cached ones are free).
  const limiters = createRateLimiters(db, limits);
  const { payments: paymentLimiter, graphql: graphqlLimiter, previewRenders } = limiters;
  // Sign-up (and later contact) forms carry a CAPTCHA: reCAPTCHA when its keys are set, else the
  // embedded ALTCHA proof of work, whose used solutions are kept in the database (ADR 0013).
  const captcha = opts.captcha ?? createCaptcha({ env, db, secret, log });
  // With Stripe, its card element may be reached by a client-side navigation from any page, which keeps
  // the policy of the page first loaded: Stripe's script, frames and API are allowed on every page.
  // The same goes for reCAPTCHA's script and frames when it is the CAPTCHA.
  const csp = { stripe: Boolean(env.stripe), recaptcha: captcha.kind === "recaptcha" };

  // Work done after the answer (mail): kept track of, so shutdown waits for it.
  const pending = new Set<Promise<void>>();
  const later = (task: () => Promise<void>) => {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error) => log.error("task after the answer failed", { error }))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const jobs = {
    ...opts.billingJobs,
    ...(opts.templateJobs
      ? { enqueueRender: (id: number) => opts.templateJobs?.scheduleTemplateRender(id) as Promise<void> }
      : {}),
  };
  // One scope per request (modules/scope.ts): the language and viewer of the request, the process's ports.
  const buildScope = scopeFactory({
    database,
    clock,
    log,
    reference,
    secret,
    origin: env.publicUrl,
    mailer,
    storage,
    payments,
    captcha,
    inflight: fileContext.inflight,
    jobs,
    runLater: opts.deferMail === false ? undefined : later,
    demoAccess,
  });

  // Trending scores and per-tag counts are recomputed in the background, now and every few minutes.
  const refreshStats = async () => {
    try {
      await services.catalog.refreshTrending({ db, clock });
      await services.catalog.refreshCatalogStats({ db, clock });
      await services.search.refreshStaleSearchDocuments(db, { now: clock.now() });
      await services.search.refreshSearchStats(db);
      await purgeExpiredSessions({ db, clock });
    } catch (error) {
      log.error("catalogue stats not refreshed", { error });
    }
  };
  const statsTimer =
    opts.refreshStatsEveryMs === 0
      ? undefined
      : setInterval(() => void refreshStats(), opts.refreshStatsEveryMs ?? 5 * 60_000);
  statsTimer?.unref();
  const graphql = createGraphqlHandler({
    translate: serverT,
    log,
    production: mode === "production",
    origin: env.publicUrl,
    guestIdOf: (req) => guestIdFromCookieHeader(secret, req.headers.get("cookie")),
  });
  // One budget per address for every log-in, sign-up and reset form and the REST log-in, and one per
  // account for the guesses at its password from everywhere (taken only for real guesses).
  const authLimiters = { perIp: limiters.auth, perLogin: limiters.authPerLogin };
  const viewerOf = resolveViewer({ secret, clock, db });
  // What each page declares about itself (its route module's handle.policy).
  const routeOf = routePolicies(build);

  const app = new Hono<{ Variables: Vars }>();

  /**
   * A request that threw: logged with its id; 503 with Retry-After when the database is briefly away (a
   * restart, a fail-over), else 500; a short message in the page's language.
   */
  const failed = (c: Context<{ Variables: Vars }>, error: unknown) => {
    const unavailable = isDatabaseUnavailable(error);
    log.error(unavailable ? "database unavailable" : "request failed", {
      requestId: c.get("request")?.requestId,
      path: c.req.path,
      error,
    });
    const t = serverT(c.get("request")?.locale ?? localeFromPath(c.req.path));
    return new Response(t(unavailable ? "common.errors.unavailable" : "common.errors.server"), {
      status: unavailable ? 503 : 500,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(unavailable ? { "Retry-After": "5" } : {}),
      },
    });
  };
  app.onError((error, c) => failed(c, error));

  // One request context (server/context.ts): id, nonce, language, HTTPS, client address; the viewer
  // is added by the session middleware below.
  app.use("*", requestContext({ trustProxy, publicHttps }));

  // Timing, security headers and one structured log line per request.
  app.use("*", async (c, next) => {
    const { requestId } = requestOf(c);
    const started = performance.now();
    try {
      await next();
    } catch (error) {
      c.res = failed(c, error);
    }
    c.res.headers.set("X-Request-Id", requestId);
    securityHeaders(c.res.headers, { https: requestOf(c).https });
    if (env.LOG_LEVEL === "debug" || c.res.status >= 500) {
      log.info("request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });

  app.use("*", compress({ threshold: 1024 }));

  // No request body may exhaust memory: an announced size over the limit is refused before it is read,
  // and a body that grows past it while streaming is cut off, both with 413.
  const tooLarge = (c: Context) => {
    const t = serverT(localeFromPath(c.req.path));
    const message = t("common.errors.tooLarge");
    // GraphQL and the REST log-ins answer JSON whatever the client accepts.
    const json = c.req.path === "/graphql" || c.req.path.startsWith("/auth/");
    if (json || (c.req.header("accept") ?? "").includes("application/json"))
      return c.json({ ok: false, code: "common.errors.tooLarge", message }, 413);
    return c.text(message, 413);
  };
  // Only a route that declares a picture's body (the picture upload) may send more than a form's worth,
  // and the operators' deck uploads, which stream to the file storage as they arrive.
  app.use("*", async (c, next) => {
    const m = c.req.method;
    if (m === "GET" || m === "HEAD" || m === "OPTIONS") return next();
    const maxSize = c.req.path.startsWith("/webhooks/")
      ? BODY_LIMITS.webhook
      : routeOf(c.req.path).policy.body === "avatar"
        ? BODY_LIMITS.avatar
        : c.req.path === "/operator/uploads"
          ? TEMPLATE_UPLOADS.bodyBytes
          : BODY_LIMITS.default;
    return bodyLimit({ maxSize, onError: tooLarge })(c, next);
  });

  // Every state change must come from our own pages (CSRF): a foreign Origin or Sec-Fetch-Site is refused.
  app.use("*", async (c, next) => {
    const m = c.req.method;
    if (m !== "GET" && m !== "HEAD" && m !== "OPTIONS" && crossSite(c, env.publicUrl)) {
      const lang = c.req.header("locale");
      const t = serverT(lang === "es" || lang === "en" ? lang : localeFromPath(c.req.path));
      const message = t("common.errors.crossSite");
      if (c.req.path.startsWith("/auth/") || (c.req.header("accept") ?? "").includes("application/json"))
        return c.json({ ok: false, code: "common.errors.crossSite", message }, 403);
      return c.text(message, 403);
    }
    await next();
  });

  // Who is asking: pages, their data, GraphQL, the account and download APIs and the signed download
  // addresses (bound to their holder). The server's own static and public files, log-out and the token
  // endpoints never look at (or rotate) the session, nor do the pages that declare so (route policy).
  const OWN_PUBLIC_PATHS =
    /^\/(?:assets|fonts|auth|i18n)\/|^\/files\/(?!d\/)|^\/(?:healthz|readyz|logout|favicon\.\w+|site\.webmanifest|apple-touch-icon\.png)$/;
  app.use("*", async (c, next) => {
    const skip = OWN_PUBLIC_PATHS.test(c.req.path) || !routeOf(c.req.path).policy.session;
    const found = skip ? { viewer: null, cookies: [] } : await viewerOf(c);
    requestOf(c).viewer = found.viewer;
    await next();
    if (!found.cookies.length) return;
    // Rotated or cleared session cookies go out with the answer, unless the route set a session of its
    // own (a log-in); an answer that carries a session is nobody else's to cache.
    const own = c.res.headers.getSetCookie().some((v) => v.startsWith(`${COOKIES.token.name}=`));
    if (!own) for (const cookie of found.cookies) c.res.headers.append("Set-Cookie", cookie);
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  // The request's scope, once its viewer is known: every edge below hands it to the services.
  app.use("*", scopeMiddleware(buildScope));

  // Built assets: content-hashed names, cached for a year.
  const relClient = path.relative(process.cwd(), opts.clientDir) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build writes a Brotli and a gzip copy of each script and stylesheet (vite.config.ts): sent as they are.
  app.use("/assets/*", serveStatic({ root: relClient, precompressed: true }));
  app.use("/fonts/*", serveStatic({ root: relClient }));
  for (const file of ["/favicon.svg", "/favicon.ico", "/site.webmanifest", "/apple-touch-icon.png"]) {
    app.get(file, async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=86400");
    });
    app.get(file, serveStatic({ root: relClient }));
  }

  // The words pages reference (modules/shared/i18n.ts MessageRef): named by their content, kept for a year.
  app.get("/i18n/:locale/:file", (c) => {
    const found = messageSetFile(c.req.param("locale"), c.req.param("file"));
    if (!found) return c.notFound();
    return c.body(found.json, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": found.current ? "public, max-age=31536000, immutable" : "no-cache",
    });
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const ok = await database.ping();
    return c.json({ status: ok ? "ready" : "database unreachable", database: database.kind }, ok ? 200 : 503);
  });

  app.on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    const request = requestOf(c);
    const account = request.viewer?.account ?? null;
    const res = await graphql(c.req.raw, {
      requestContext: request,
      scope: scopeOf(c),
      limitPayment: async () => {
        const r = await paymentLimiter.take(attemptKey(account?.id, request.clientKey));
        return r.ok ? null : r.retryAfter;
      },
      takeCost: async (cost) => {
        const r = await graphqlLimiter.take(request.clientKey, Date.now(), cost);
        return r.ok ? null : r.retryAfter;
      },
    });
    // The search box's lookups (GET, the same for everyone, the language in the address) are cached by the
    // browser for a minute: typing back over a prefix asks nothing. Everything else stays uncached.
    if (c.req.method === "GET" && res.status === 200 && isSharedQuery(c.req.query("query"))) {
      const headers = new Headers(res.headers);
      headers.set("Cache-Control", "public, max-age=60");
      headers.set("Vary", "locale, Accept-Encoding");
      return new Response(res.body, { status: res.status, headers });
    }
    // Anything else may be someone's own (me, favourites, downloads): no cache keeps it.
    const headers = new Headers(res.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  });

  mountFiles(app, { previewRenders });
  mountOperatorUploads(app);
  mountTags(app, { contentApiKey: env.CONTENT_API_KEY ?? null });

  mountDownloads(app, {
    secret,
    log,
    clock,
    origin: env.publicUrl,
    limiters,
  });

  mountAuth(app, {
    secret,
    clock,
    db,
    limiters: authLimiters,
    demoLogins: demoAccess,
  });
  mountCaptcha(app, { captcha, limiter: limiters.captcha });
  const signInDeps = { secret, clock, log, origin: env.publicUrl, db, limiters: authLimiters };
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    mountGoogleSignIn(app, {
      ...signInDeps,
      google: { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET },
    });
  if (env.facebook) mountFacebookSignIn(app, { ...signInDeps, facebook: env.facebook });
  // Any other /auth/ address (a sign-in that is not configured, say) does not exist, for every method.
  app.all("/auth/*", (c) => {
    const t = serverT(requestLocale(c));
    return c.json({ ok: false, code: "common.errors.notFoundTitle", message: t("common.errors.notFoundTitle") }, 404);
  });
  mountFavorites(app, {
    limiters,
    origin: env.publicUrl,
  });

  mountSearch(app, { limiters });
  if (env.stripe)
    mountStripeWebhook(app, {
      stripe: stripeClient(env.stripe),
      secret: env.stripe.webhookSecret,
      log,
    });

  const appLoadContext = (request: RequestContext): AppLoadContext => ({
    services,
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
      const r = await paymentLimiter.take(attemptKey(request.viewer?.account.id, request.clientKey));
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

  mountPages(app, {
    build,
    mode,
    pageCacheOn: env.PAGE_CACHE === "on",
    pageCache,
    async limitRender(request) {
      const r = await limiters.pageRenders.take(request.clientKey);
      return r.ok ? null : r.retryAfter;
    },
    tooMany: (request, seconds) => serverT(request.locale)("common.errors.rateLimited", { seconds }),
    catalogVersion: currentVersion,
    loadContext: appLoadContext,
    routeOf,
    views,
    csp,
  });

  return {
    app,
    pageCache,
    views,
    fileContext,
    refreshStats,
    secret,
    billingContext,
    /** Stops the timers, flushes view counts and waits (up to `deadlineMs`) for mail still being sent. */
    async close(deadlineMs = 8_000) {
      if (statsTimer) clearInterval(statsTimer);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, deadlineMs);
        }),
      ]);
      clearTimeout(timer);
      await views.stop();
    },
  };
}
