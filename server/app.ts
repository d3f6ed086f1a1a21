import { Hono } from "hono";
import { stripeClient } from "#modules/billing/stripe.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { type RequestVars, requestLocale } from "./context.ts";
import { mountFiles } from "./files.ts";
import { mountGraphql } from "./graphql/mount.ts";
import { mountMiddleware } from "./middleware.ts";
import { mountOperatorUploads } from "./operator-uploads.ts";
import { loadContextFactory } from "./page-context.ts";
import { mountPages } from "./pages.ts";
import { createPorts, type ServerOptions } from "./ports.ts";
import { mountAuth } from "./rest/auth.ts";
import { mountCaptcha } from "./rest/captcha.ts";
import { mountFacebookSignIn, mountGoogleSignIn } from "./rest/oauth.ts";
import { mountTags } from "./rest/tags.ts";
import { mountStripeWebhook } from "./rest/webhooks.ts";
import { mountSearch } from "./search.ts";
import { mountStatic } from "./static.ts";

export type { ServerOptions };

/**
 * The whole server, in three steps: the process's parts (server/ports.ts), what every request goes
 * through (server/middleware.ts), then the mounts: static files, GraphQL, the files, the REST edge
 * (server/rest/), and the pages.
 */
export function createServerApp(opts: ServerOptions) {
  const ports = createPorts(opts);
  const { env, db, clock, log, secret, limiters, authLimiters, captcha, demoAccess } = ports;
  const app = new Hono<{ Variables: RequestVars }>();
  mountMiddleware(app, ports);
  mountStatic(app, { clientDir: opts.clientDir, database: ports.database });
  mountGraphql(app, ports);
  mountFiles(app, { previewRenders: limiters.previewRenders, fileReads: limiters.files });
  mountOperatorUploads(app);
  mountTags(app, { contentApiKey: env.CONTENT_API_KEY ?? null });

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

  mountSearch(app, { limiters });
  if (env.stripe)
    mountStripeWebhook(app, {
      stripe: stripeClient(env.stripe),
      secret: env.stripe.webhookSecret,
      log,
    });

  const pages = mountPages(app, {
    build: ports.build,
    mode: ports.mode,
    publicUrl: env.publicUrl,
    pageCacheOn: env.PAGE_CACHE === "on",
    pageCache: ports.pageCache,
    async limitRender(request) {
      const r = await limiters.pageRenders.take(request.clientKey);
      return r.ok ? null : r.retryAfter;
    },
    tooMany: (request, seconds) => serverT(request.locale)("common.errors.rateLimited", { seconds }),
    catalogVersion: ports.currentVersion,
    loadContext: loadContextFactory(ports),
    log,
    routeOf: ports.routeOf,
    views: ports.views,
    csp: ports.csp,
    freshCatalogVersion: ports.freshVersion,
    trustProxy: ports.trustProxy,
    publicHttps: ports.publicHttps,
    logRequests: env.LOG_LEVEL === "debug",
  });

  const { pageCache, views, refreshStats, statsTimer, pending } = ports;
  return {
    app,
    /**
     * Answers a page cache hit from the node request listener, before the app (server/pages.ts); true when
     * it did, false (or a promise of it) when the request is the app's.
     */
    answerHit: pages.answerHit,
    pageCache,
    views,
    refreshStats,
    secret,
    /** A scope for work outside any request (jobs, tests). */
    workScope: ports.workScope,
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
