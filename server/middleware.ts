import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { BODY_LIMITS, COMPRESSION, DATABASE_AWAY_RETRY_AFTER_SECONDS, TEMPLATE_UPLOADS } from "#config/constants.ts";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import { localeFromPath, localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { isApiPath, requestContext, requestOf, type ServerApp, type ServerContext } from "./context.ts";
import { COOKIES } from "./cookies.ts";
import type { Ports } from "./ports.ts";
import { crossSite } from "./rest/http.ts";
import { scopeMiddleware } from "./scope.ts";
import { securityHeaders } from "./security.ts";

/**
 * What every request goes through, in this order: the request context (id, nonce, language, client),
 * timing, security headers and the log line, compression, the body limit, the one CSRF rule, the session
 * (the viewer), and the request's scope. A request that throws is answered here too.
 */
export function mountMiddleware(app: ServerApp, ports: Ports) {
  /**
   * A request that threw: logged with its id; 503 with Retry-After when the database is briefly away (a
   * restart, a fail-over), else 500; a short message in the page's language.
   */
  const failed = (c: ServerContext, error: unknown) => {
    const unavailable = isDatabaseUnavailable(error);
    ports.log.error(unavailable ? "database unavailable" : "request failed", {
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
        ...(unavailable ? { "Retry-After": String(DATABASE_AWAY_RETRY_AFTER_SECONDS) } : {}),
      },
    });
  };
  app.onError((error, c) => failed(c, error));

  // One request context (server/context.ts): id, nonce, language, HTTPS, client address; the viewer
  // is added by the session middleware below.
  app.use("*", requestContext({ trustProxy: ports.trustProxy, publicHttps: ports.publicHttps }));

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
    if (ports.env.LOG_LEVEL === "debug" || c.res.status >= 500) {
      ports.log.info("request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        // The client went away first (a navigation that replaced this one): React Router answers such a
        // request 500 and reports no error (app/entry.server.tsx), so the line says why.
        ...(c.req.raw.signal.aborted ? { aborted: true } : {}),
      });
    }
  });

  // A page cache hit that asked for gzip comes compressed already (server/pages.ts hitAnswer): left as it is.
  app.use("*", compress({ threshold: COMPRESSION.thresholdBytes }));

  // No request body may exhaust memory: an announced size over the limit is refused before it is read,
  // and a body that grows past it while streaming is cut off, both with 413.
  const tooLarge = (c: ServerContext) => {
    const t = serverT(requestOf(c).locale);
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
      : ports.routeOf(c.req.path).policy.body === "avatar"
        ? BODY_LIMITS.avatar
        : c.req.path === "/operator/uploads"
          ? TEMPLATE_UPLOADS.bodyBytes
          : BODY_LIMITS.default;
    return bodyLimit({ maxSize, onError: tooLarge })(c, next);
  });

  // Every state change must come from our own pages (CSRF): a foreign Origin or Sec-Fetch-Site is refused.
  app.use("*", async (c, next) => {
    const m = c.req.method;
    if (m !== "GET" && m !== "HEAD" && m !== "OPTIONS" && crossSite(c, ports.env.publicUrl)) {
      const t = serverT(requestOf(c).locale);
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
    const skip = OWN_PUBLIC_PATHS.test(c.req.path) || !ports.routeOf(c.req.path).policy.session;
    const found = skip ? { viewer: null, cookies: [] } : await ports.viewerOf(c);
    requestOf(c).viewer = found.viewer;
    if (found.blocked) {
      // A blocked account's tokens (its sessions ended when it was blocked): the next page it asks for is
      // the log-in page with SPEC's blocked message, and the tokens go. The APIs answer it as a guest and
      // leave the tokens for that page (a keep-alive poll must not swallow the message).
      if (isApiPath(c.req.path)) return next();
      return blockedAnswer(c, found.cookies);
    }
    await next();
    if (!found.cookies.length) return;
    // Rotated or cleared session cookies go out with the answer, unless the route set a session of its
    // own (a log-in); an answer that carries a session is nobody else's to cache.
    const own = c.res.headers.getSetCookie().some((v) => v.startsWith(`${COOKIES.token.name}=`));
    if (!own) for (const cookie of found.cookies) c.res.headers.append("Set-Cookie", cookie);
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  // The request's scope, once its viewer is known: every edge below hands it to the services.
  app.use("*", scopeMiddleware(ports.buildScope));
}

/**
 * The answer to a page request carrying a blocked account's tokens: to the log-in page with SPEC's blocked
 * message ('Your account has been blocked, please contact the administrator'), the session cookies
 * cleared. A page's data request (client navigation) gets React Router's redirect for data requests, which
 * loads the log-in page as a whole document; a form posted without scripts is sent on with a 303.
 */
function blockedAnswer(c: ServerContext, clearedCookies: readonly string[]): Response {
  const to = `${localePath(requestOf(c).locale, "/login")}?error=blocked`;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of clearedCookies) headers.append("Set-Cookie", cookie);
  if (c.req.path.endsWith(".data")) {
    headers.set("X-Remix-Redirect", to);
    headers.set("X-Remix-Status", "302");
    headers.set("X-Remix-Reload-Document", "true");
    return new Response(null, { status: 204, headers });
  }
  headers.set("Location", to);
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  return new Response(null, { status: read ? 302 : 303, headers });
}
