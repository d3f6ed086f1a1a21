import type { Hono } from "hono";
import { isbot } from "isbot";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  DATABASE_AWAY_RETRY_AFTER_SECONDS,
  DEFAULT_LOCALE,
  type Locale,
  PAGE_QUERY_PARAMS,
} from "#config/constants.ts";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import type { Logger } from "#modules/shared/context.ts";
import { type RequestContext, type RequestVars, requestOf } from "./context.ts";
import type { AppLoadContext } from "./load-context.ts";
import { joinWith, type PageCache, pageCacheKey, splitAt } from "./page-cache.ts";
import type { RouteFacts } from "./route-policy.ts";
import { contentSecurityPolicy } from "./security.ts";
import type { ViewCounter } from "./views.ts";

const NONCE_MARK = "__SN_NONCE_MARK__";
const PAGE_PARAMS: ReadonlySet<string> = new Set(PAGE_QUERY_PARAMS);
/** React Router's lazy route discovery (the client asks which routes match the links it will follow). */
const ROUTE_DISCOVERY = "/__manifest";

/** A template's slug as its view is counted (one key per template and language). */
const SLUG = /^[a-z0-9-]{1,120}$/;

/** Chooses es at `/` when the browser prefers Spanish and the visitor did not come from one of our pages. */
export function browserLocale(req: Request): Locale {
  if (req.headers.get("sec-fetch-site") === "same-origin") return DEFAULT_LOCALE;
  const referer = req.headers.get("referer");
  if (referer) {
    try {
      if (new URL(referer).host === new URL(req.url).host) return DEFAULT_LOCALE;
    } catch {
      /* a malformed referer says nothing */
    }
  }
  const header = req.headers.get("accept-language") ?? "";
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag, ...params] = part.trim().toLowerCase().split(";");
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    const base = tag.split("-")[0];
    if ((base === "en" || base === "es") && Number.isFinite(q) && (!best || q > best.q)) best = { locale: base, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/**
 * The React Router pages: rendered with the request's context, anonymous catalogue pages kept in the
 * page cache (with a placeholder where each answer puts its own nonce), template views counted before
 * any cache.
 */
export function mountPages(
  app: Hono<{ Variables: RequestVars }>,
  deps: {
    build: ServerBuild;
    mode: "production" | "development";
    /** The site's public address (PUBLIC_URL). */
    publicUrl: string;
    pageCacheOn: boolean;
    pageCache: PageCache;
    catalogVersion: () => Promise<number>;
    /** The load context of one render; `reportError` hears what its loaders, actions and render threw. */
    loadContext: (request: RequestContext, reportError: (error: unknown) => void) => AppLoadContext;
    log: Logger;
    /** What the route an address reaches declares (server/route-policy.ts). */
    routeOf: (pathname: string) => RouteFacts;
    views: ViewCounter;
    csp: { stripe: boolean; recaptcha: boolean };
    /**
     * Takes one render of a page the cache lacked from the client's budget (RATE_LIMITS.pageRenders);
     * answers the seconds to wait when it is spent.
     */
    limitRender: (request: RequestContext) => Promise<number | null>;
    /** A short refusal in the request's language. */
    tooMany: (request: RequestContext, seconds: number) => string;
  },
) {
  const handler = createRequestHandler(deps.build, deps.mode);
  // The policy of cached pages, cut where each answer's nonce goes (built once, not per answer).
  const cspParts = contentSecurityPolicy(NONCE_MARK, false, deps.csp).split(NONCE_MARK);
  const csp = (nonce: string) => cspParts.join(nonce);
  const appContextKey = (
    deps.build.entry.module as unknown as { appContext: Parameters<RouterContextProvider["set"]>[0] }
  ).appContext;
  /**
   * Behind a proxy that ends HTTPS a form's request reaches us as http://…, while the browser's Origin is
   * the site's public https origin, and React Router refuses an action whose Origin is not its request's.
   * The server's one CSRF rule has already accepted that Origin (it is the site's own), so the action gets
   * the request under the public origin.
   */
  const publicOrigin = new URL(deps.publicUrl).origin;
  const asPublic = (req: Request): Request => {
    if (req.method === "GET" || req.method === "HEAD" || req.headers.get("origin") !== publicOrigin) return req;
    const url = new URL(req.url);
    if (url.origin === publicOrigin) return req;
    const init: RequestInit & { duplex: "half" } = {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      duplex: "half",
    };
    return new Request(`${publicOrigin}${url.pathname}${url.search}`, init);
  };
  /**
   * One render. What a loader or an action threw is logged with the request id; when it was the database
   * being away (a restart, a fail-over), the 500 React Router answers becomes 503 with Retry-After, as
   * every other edge answers then (server/middleware.ts), so clients and proxies wait and retry.
   */
  const render = async (req: Request, request: RequestContext) => {
    const ctx = new RouterContextProvider();
    let databaseAway = false;
    const reportError = (error: unknown) => {
      const away = isDatabaseUnavailable(error);
      databaseAway ||= away;
      deps.log.error(away ? "database unavailable" : "request failed", {
        requestId: request.requestId,
        path: new URL(req.url).pathname,
        error,
      });
    };
    ctx.set(appContextKey, deps.loadContext(request, reportError));
    const res = await handler(asPublic(req), ctx);
    if (!databaseAway || res.status < 500) return res;
    const headers = new Headers(res.headers);
    headers.set("Retry-After", String(DATABASE_AWAY_RETRY_AFTER_SECONDS));
    headers.set("Cache-Control", "no-store");
    return new Response(res.body, { status: 503, headers });
  };

  const cacheable = (req: Request, pathname: string, request: RequestContext) =>
    deps.pageCacheOn &&
    req.method === "GET" &&
    request.viewer === null &&
    !/(?:^|;\s*)(?:apollo-token|sn_refresh)=/.test(req.headers.get("cookie") ?? "") &&
    !pathname.startsWith("/files/") &&
    deps.routeOf(pathname).policy.cache === "shared" &&
    pathname.length <= 512;

  const countView = (req: Request, pathname: string, request: RequestContext) => {
    if (req.method !== "GET") return;
    const { policy, params } = deps.routeOf(pathname);
    const slug = params.slug ?? "";
    const ua = req.headers.get("user-agent") ?? "";
    if (
      policy.countsView &&
      SLUG.test(slug) &&
      ua &&
      !isbot(ua) &&
      req.headers.get("purpose") !== "prefetch" &&
      req.headers.get("sec-purpose") !== "prefetch"
    ) {
      // One view per client, template and day: reloading a page does not make it trend.
      deps.views.count(`${request.locale}:${slug}`, request.clientKey);
    }
  };

  // The browser's language is used only at `/`.
  app.get("/", async (c, next) => {
    if (browserLocale(c.req.raw) === "es") return c.redirect("/es", 302);
    await next();
    c.res.headers.append("Vary", "Accept-Language");
  });

  app.all("*", async (c) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const request = requestOf(c);
    countView(req, url.pathname, request);
    const { nonce } = request;
    if (!cacheable(req, url.pathname, request)) {
      const res = await render(req, request);
      if (res.headers.get("Content-Type")?.startsWith("text/html"))
        res.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, deps.mode === "development", deps.csp));
      // A member's page or its data, and the account pages (one-time links, forms): kept by no cache, the
      // browser's history included. What a route declares public (a feed) stays so.
      const personal = request.viewer !== null || deps.routeOf(url.pathname).policy.cache === "personal";
      if (personal && !/\bpublic\b/.test(res.headers.get("Cache-Control") ?? ""))
        res.headers.set("Cache-Control", "private, no-store");
      else if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", "private, no-cache");
      return res;
    }
    // Kept (and rendered) for the parameters pages read only: `/?cb=1` is `/`. React Router's route
    // discovery (`/__manifest?paths=…&version=…`) is no page: its answer is its parameters.
    const { key, search } =
      url.pathname === ROUTE_DISCOVERY
        ? { key: `${url.pathname}${url.search}`, search: url.search }
        : pageCacheKey(url, PAGE_PARAMS);
    const version = await deps.catalogVersion();
    let page = deps.pageCache.get(key, version);
    let state = "HIT";
    if (!page) {
      state = "MISS";
      // Rendering costs the server: a client that keeps missing the cache waits.
      const wait = await deps.limitRender(request);
      if (wait !== null)
        return new Response(deps.tooMany(request, wait), {
          status: 429,
          headers: {
            "Retry-After": String(wait),
            "Content-Type": "text/plain; charset=utf-8",
            "Cache-Control": "no-store",
          },
        });
      const canonical = search === url.search ? req : new Request(new URL(`${url.pathname}${search}`, url), req);
      // Rendered for anyone: no visitor, no address, the nonce left as a mark.
      const res = await render(canonical, {
        ...request,
        nonce: NONCE_MARK,
        viewer: null,
        clientAddress: "",
        clientKey: "",
        local: false,
        https: false,
      });
      const type = res.headers.get("Content-Type") ?? "";
      if (res.status !== 200 || !(type.startsWith("text/html") || type.startsWith("text/x-script"))) {
        if (type.startsWith("text/html"))
          res.headers.set("Content-Security-Policy", contentSecurityPolicy(NONCE_MARK, false, deps.csp));
        return withNonce(res, nonce);
      }
      // Kept as bytes cut at the nonce's mark, with the headers every hit sends: a hit only joins them.
      const parts = splitAt(new Uint8Array(await res.arrayBuffer()), NONCE_MARK);
      const headers = [...res.headers.entries()].filter(
        ([name]) => !/^content-(?:length|security-policy)$/i.test(name),
      );
      headers.push(["Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300"]);
      const size = parts.reduce((n, p) => n + p.length, 0);
      page = { status: res.status, headers, parts, size, version, at: Date.now() };
      deps.pageCache.set(key, page);
    }
    const body = joinWith(page, nonce);
    const headers = new Headers(page.headers);
    headers.set("X-Page-Cache", state);
    headers.set("Content-Length", String(body.length));
    if (headers.get("Content-Type")?.startsWith("text/html")) headers.set("Content-Security-Policy", csp(nonce));
    return new Response(body, { status: page.status, headers });
  });
}

/** Puts the request's nonce where a render with the placeholder left the mark. */
async function withNonce(res: Response, nonce: string): Promise<Response> {
  const type = res.headers.get("Content-Type") ?? "";
  if (!type.startsWith("text/")) return res;
  const text = (await res.text()).replaceAll(NONCE_MARK, nonce);
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  const csp = headers.get("Content-Security-Policy");
  if (csp) headers.set("Content-Security-Policy", csp.replaceAll(NONCE_MARK, nonce));
  return new Response(text, { status: res.status, headers });
}
