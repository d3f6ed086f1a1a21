import path from "node:path";
import type { ServerBuild } from "react-router";
import { PAGE_CACHE, RATE_LIMITS, type RateLimits, REFERENCE_CACHE } from "#config/constants.ts";
import type { Env } from "#config/env.server.ts";
import type { Database } from "#db/client.server.ts";
import { type Captcha, createCaptcha } from "#modules/auth/captcha.ts";
import { purgeExpiredSessions } from "#modules/auth/sessions.ts";
import { type PaymentProvider, sandboxProvider } from "#modules/billing/provider.ts";
import { stripeProvider } from "#modules/billing/stripe.ts";
import { ReferenceCache } from "#modules/catalog/reference.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { createMailer, type Mailer } from "#modules/mail/mailer.ts";
import type { Jobs } from "#modules/scope.ts";
import { type Clock, systemClock } from "#modules/shared/context.ts";
import { images } from "#modules/shared/images.ts";
import { createRateLimiters } from "#modules/shared/rate-limit.ts";
import { parseTrustProxy } from "./client-address.ts";
import type { RequestContext } from "./context.ts";
import type { createLogger } from "./logger.ts";
import { PageCache } from "./page-cache.ts";
import { routePolicies } from "./route-policy.ts";
import { type ScopeParts, scopeFactory, workScopeFactory } from "./scope.ts";
import { loadSigningSecret } from "./secret.ts";
import { services } from "./services.server.ts";
import { resolveViewer } from "./session.ts";
import { ViewCounter } from "./views.ts";

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
  /** Notices nobody waits on go out after the answer (true, default) or before it (tests read them at once). */
  deferMail?: boolean;
  /** How long mail a person waits on may take within the request; defaults to MAIL.sendTimeoutMs (tests shorten it). */
  mailTimeoutMs?: number;
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

/**
 * The process's parts, made once from the options and the environment: the database, the ports (storage,
 * mail, payments, CAPTCHA, jobs), the budgets, the caches, the background refresh, and the factory of
 * each request's scope. Everything a request needs beyond its own context comes from here.
 */
export function createPorts(opts: ServerOptions) {
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
  // The process's image worker (a fault in libvips ends it, not this process) writes to this log.
  images().setLog(log);
  // Files being made in this process, so one file is never made twice at once.
  const inflight = new Map<string, Promise<unknown>>();
  // A cache's byte bound: the smaller one where DATABASE_URL is set (a copy per process there).
  const cacheBytes = (bounds: { maxBytes: number; maxBytesPostgres: number }) =>
    env.DATABASE_URL ? bounds.maxBytesPostgres : bounds.maxBytes;
  const views = new ViewCounter((batch) => services.catalog.recordTemplateViews({ db }, batch, clock.now()), log);
  const pageCache = new PageCache(PAGE_CACHE.entries, PAGE_CACHE.ttlMs, cacheBytes(PAGE_CACHE), PAGE_CACHE.staleMs);
  let catalogVersion = 0;
  let versionCheckedAt = 0;
  const currentVersion = async (fresh = false) => {
    const now = Date.now();
    if (fresh || now - versionCheckedAt > 2_000) {
      versionCheckedAt = now;
      catalogVersion = await services.catalog.getCatalogVersion({ db });
    }
    return catalogVersion;
  };
  /** The catalogue version when it was read within the last two seconds, without a query; else undefined. */
  const freshVersion = () => (Date.now() - versionCheckedAt > 2_000 ? undefined : catalogVersion);

  // Catalogue reference data (navigation, tags, filters, counts) kept for the current catalogue version.
  const reference = new ReferenceCache(currentVersion, {
    now: () => clock.now().getTime(),
    maxBytes: cacheBytes(REFERENCE_CACHE),
  });
  // Stripe when configured; else the sandbox in demo mode; else no payments.
  const payments =
    opts.payments !== undefined
      ? opts.payments
      : env.stripe
        ? stripeProvider(env.stripe)
        : env.demoMode
          ? sandboxProvider()
          : null;
  // Every budget is kept in the database, shared by all processes. Rendering a missing preview costs
  // CPU: a client gets only so many of those (cached ones are free).
  const limiters = createRateLimiters(db, limits);
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
  const scopeParts: ScopeParts = {
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
    inflight,
    jobs,
    runLater: opts.deferMail === false ? undefined : later,
    mailTimeoutMs: opts.mailTimeoutMs,
    demoAccess,
  };
  const buildScope = scopeFactory(scopeParts);

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
  // One budget per address for every log-in, sign-up and reset form and the REST log-in, and one per
  // account for the guesses at its password from everywhere (taken only for real guesses).
  const authLimiters = { perIp: limiters.auth, perLogin: limiters.authPerLogin };
  const viewerOf = resolveViewer({ secret, clock, db });
  // What each page declares about itself (its route module's handle.policy).
  const routeOf = routePolicies(build);

  return {
    env,
    database,
    build,
    log,
    db,
    clock,
    mode,
    trustProxy,
    publicHttps,
    storage,
    secret,
    limiters,
    authLimiters,
    mailer,
    outboxPage,
    demoAccess,
    views,
    pageCache,
    currentVersion,
    freshVersion,
    payments,
    captcha,
    csp,
    pending,
    buildScope,
    /** A scope for work outside any request (a job, a test): no viewer, the payment provider as configured. */
    workScope: workScopeFactory(scopeParts),
    viewerOf,
    routeOf,
    refreshStats,
    statsTimer,
  };
}

export type Ports = ReturnType<typeof createPorts>;
