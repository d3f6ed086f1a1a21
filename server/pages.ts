import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Hono } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { isbot } from "isbot";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  COMPRESSION,
  DATABASE_AWAY_RETRY_AFTER_SECONDS,
  DEFAULT_LOCALE,
  type Locale,
  PAGE_CACHE,
  PAGE_QUERY_PARAMS,
} from "#config/constants.ts";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import type { Logger } from "#modules/shared/context.ts";
import { localeFromPath } from "#modules/shared/i18n.ts";
import { addressKey, clientAddress, type TrustProxy } from "./client-address.ts";
import { type RequestContext, type RequestVars, requestIdOf, requestOf } from "./context.ts";
import type { AppLoadContext } from "./load-context.ts";
import { type CachedPage, deflateParts, gzipWith, type PageCache, pageCacheKey, splitAt } from "./page-cache.ts";
import type { RouteFacts } from "./route-policy.ts";
import { SEARCH_LIMITED_PATHS } from "./search.ts";
import { contentSecurityPolicy, securityHeaders } from "./security.ts";
import type { ViewCounter } from "./views.ts";

const NONCE_MARK = "__SN_NONCE_MARK__";
const PAGE_PARAMS: ReadonlySet<string> = new Set(PAGE_QUERY_PARAMS);
/** React Router's lazy route discovery (the client asks which routes match the links it will follow). */
const ROUTE_DISCOVERY = "/__manifest";
/** What a cached page tells shared caches: as long fresh and as long stale as this process keeps it. */
const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_CACHE.ttlMs / 1000}, stale-while-revalidate=${PAGE_CACHE.staleMs / 1000}`;

/** A template's slug as its view is counted (one key per template and language). */
const SLUG = /^[a-z0-9-]{1,120}$/;

/** Chooses es at `/` when the browser prefers Spanish and the visitor did not come from one of our pages. */
export function browserLocale(req: Request): Locale {
  return browserLocaleOf((name) => req.headers.get(name), new URL(req.url).host);
}

/** browserLocale from the request's headers (`header` answers one by its lower-case name) and its host. */
function browserLocaleOf(header: (name: string) => string | null | undefined, host: string): Locale {
  if (header("sec-fetch-site") === "same-origin") return DEFAULT_LOCALE;
  const referer = header("referer");
  if (referer) {
    try {
      if (new URL(referer).host === host) return DEFAULT_LOCALE;
    } catch {
      /* a malformed referer says nothing */
    }
  }
  const accepted = header("accept-language") ?? "";
  let best: { locale: Locale; q: number } | null = null;
  for (const part of accepted.split(",").slice(0, 20)) {
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
 * The encoding the compression middleware (hono/compress, server/middleware.ts) would choose for an
 * Accept-Encoding header, by the same rule: gzip at q=1 at once, else the best q of gzip and deflate.
 */
export function chosenEncoding(accepted: string | undefined): "gzip" | "deflate" | null {
  if (accepted === undefined) return null;
  if (accepted === "gzip" || accepted.startsWith("gzip, ")) return "gzip";
  const accepts = parseAccept(accepted);
  const wildcard = accepts.find((a) => a.type === "*")?.q;
  let best: { encoding: "gzip" | "deflate"; q: number } | undefined;
  for (const encoding of ["gzip", "deflate"] as const) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/** A hit's answer: its status, headers (lower-case names) and body, as the chunks to send in order. */
type HitAnswer = { status: number; headers: [string, string][]; chunks: Uint8Array[]; length: number };

/**
 * What a page cache hit answers, whichever way it came (the request listener's fast path or the Hono app):
 * the stored headers, the hit's mark, its length, the policy with its nonce, Vary as the compression
 * middleware and `/` set it, and the body with the nonce put in (gzip when asked and the type is compressed),
 * as the stored parts and the nonce between them: nothing of the page is copied.
 */
function hitAnswer(
  page: CachedPage,
  nonce: string,
  opts: { gzip: boolean; varyLanguage: boolean; csp: (nonce: string) => string },
): HitAnswer {
  const headers: [string, string][] = [];
  let type = "";
  let vary = "";
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else headers.push([name, value]);
    if (name === "content-type") type = value;
  }
  const plainLength = page.size + nonce.length * (page.parts.length - 1);
  // As hono/compress does: a compressible type of at least the threshold says it varies by encoding.
  const compressible = page.deflated !== undefined && plainLength >= COMPRESSION.thresholdBytes;
  const varies = [vary, opts.varyLanguage ? "Accept-Language" : "", compressible ? "Accept-Encoding" : ""];
  vary = varies.filter(Boolean).join(", ");
  if (vary) headers.push(["vary", vary]);
  if (type.startsWith("text/html")) headers.push(["content-security-policy", opts.csp(nonce)]);
  headers.push(["x-page-cache", "HIT"]);
  let chunks: Uint8Array[];
  let length: number;
  if (opts.gzip && compressible && page.deflated) {
    ({ chunks, length } = gzipWith({ parts: page.parts, size: page.size, deflated: page.deflated }, nonce));
    headers.push(["content-encoding", "gzip"]);
  } else {
    const filler = Buffer.from(nonce, "latin1");
    chunks = [];
    for (let i = 0; i < page.parts.length; i++) {
      if (i > 0) chunks.push(filler);
      chunks.push(page.parts[i]);
    }
    length = plainLength;
  }
  headers.push(["content-length", String(length)]);
  return { status: page.status, headers, chunks, length };
}

/**
 * Nonces for hits, 16 random bytes each as base64 (as security.ts newNonce), cut from a larger draw of the
 * system's random bytes: one call for every 256 answers instead of one each. No byte is used twice.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
export function pooledNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * The node request listener with page cache hits answered first (mountPages' answerHit), everything
 * else (and every hit it declines) handed to `app` (the Hono app's listener).
 */
export function withPageHits(
  answerHit: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean | Promise<boolean>,
  app: (incoming: IncomingMessage, outgoing: ServerResponse) => unknown,
) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const answered = answerHit(incoming, outgoing);
    if (answered === true) return;
    if (answered === false) {
      void app(incoming, outgoing);
      return;
    }
    void answered.then((done) => {
      if (!done) void app(incoming, outgoing);
    });
  };
}

/** A path the fast path may read as it is (no dot segment, no escape, no double slash): the URL parser would keep it. */
const PLAIN_PATH = /^\/(?:[\w~-][\w.~-]*(?:\/(?!\/)|$))*$/;
/** The session's cookies: a request carrying one is answered by the whole app (it may be a member's). */
const SESSION_COOKIE = /(?:^|;\s*)(?:apollo-token|sn_refresh)=/;

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
    /** The catalogue version when known to be current, without asking the database (else undefined). */
    freshCatalogVersion?: () => number | undefined;
    /** The proxies whose forwarded headers are believed, and whether the public address is https (as requestContext). */
    trustProxy?: TrustProxy;
    publicHttps?: boolean;
    /** One log line per request, as server/middleware.ts writes at LOG_LEVEL=debug. */
    logRequests?: boolean;
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

  /** One view per client, template and day, counted before any cache (header: a request header by lower-case name). */
  const countView = (
    method: string,
    pathname: string,
    header: (name: string) => string | null | undefined,
    locale: Locale,
    clientKey: () => string,
  ) => {
    if (method !== "GET") return;
    const { policy, params } = deps.routeOf(pathname);
    if (!policy.countsView) return;
    const slug = params.slug ?? "";
    const ua = header("user-agent") ?? "";
    if (
      SLUG.test(slug) &&
      ua &&
      !isbot(ua) &&
      header("purpose") !== "prefetch" &&
      header("sec-purpose") !== "prefetch"
    ) {
      // One view per client, template and day: reloading a page does not make it trend.
      deps.views.count(`${locale}:${slug}`, clientKey());
    }
  };

  /**
   * Renders a page for the page cache, for anyone (no visitor, no address, the nonce left as a mark), and
   * keeps it under `key` when it is one to keep (a 200 page or route data): the answer, and the entry kept.
   */
  const renderToKeep = async (
    canonical: Request,
    request: RequestContext,
    key: string,
    version: number,
  ): Promise<{ res: Response; page?: CachedPage }> => {
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
    if (res.status !== 200 || !(type.startsWith("text/html") || type.startsWith("text/x-script"))) return { res };
    // Kept as bytes cut at the nonce's mark, with the headers every hit sends: a hit only joins them.
    // Compressible pages keep each part deflated too: a gzip hit puts its nonce between them as is.
    const parts = splitAt(new Uint8Array(await res.arrayBuffer()), NONCE_MARK);
    const headers = [...res.headers.entries()].filter(([name]) => !/^content-(?:length|security-policy)$/i.test(name));
    headers.push(["cache-control", SHARED_CACHE_CONTROL]);
    const size = parts.reduce((n, p) => n + p.length, 0);
    const deflated = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ? deflateParts(parts) : undefined;
    const page: CachedPage = { status: res.status, headers, parts, size, deflated, version, at: Date.now() };
    deps.pageCache.set(key, page);
    return { res, page };
  };

  /**
   * A stale page was answered: one render replaces it, beside the requests. At most PAGE_CACHE.refreshes at
   * once and one every PAGE_CACHE.refreshGapMs (after a lull every page asked is stale: rendered all at
   * once, they held up every request for a second or two); a page not refreshed now is on a later request.
   * A page that no longer answers one to keep is forgotten; one the database could not render (a 5xx)
   * stays until it is past its time.
   */
  const refreshing = new Set<string>();
  let lastRefresh = 0;
  const refresh = (key: string, version: number, canonical: () => Request, request: RequestContext) => {
    const now = performance.now();
    if (refreshing.has(key) || refreshing.size >= PAGE_CACHE.refreshes || now - lastRefresh < PAGE_CACHE.refreshGapMs)
      return;
    lastRefresh = now;
    refreshing.add(key);
    void (async () => {
      try {
        const { res, page } = await renderToKeep(canonical(), request, key, version);
        if (page) return;
        if (res.status < 500) deps.pageCache.delete(key);
        await res.body?.cancel();
      } catch (error) {
        deps.log.error("page refresh failed", { requestId: request.requestId, path: key, error });
      } finally {
        refreshing.delete(key);
      }
    })();
  };

  // The browser's language is used only at `/`.
  app.get("/", async (c, next) => {
    if (browserLocale(c.req.raw) === "es") return c.redirect("/es", 302);
    await next();
    // A hit says so itself (hitAnswer), in the order the fast path writes.
    if (!/\baccept-language\b/i.test(c.res.headers.get("Vary") ?? "")) c.res.headers.append("Vary", "Accept-Language");
  });

  app.all("*", async (c) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const request = requestOf(c);
    countView(
      req.method,
      url.pathname,
      (name) => req.headers.get(name),
      request.locale,
      () => request.clientKey,
    );
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
    const found = deps.pageCache.lookup(key, version);
    let page = found?.page;
    let state = "HIT";
    const canonicalUrl = search === url.search ? url : new URL(`${url.pathname}${search}`, url);
    if (found?.stale) {
      state = "STALE";
      refresh(key, version, () => new Request(canonicalUrl, { headers: req.headers }), request);
    }
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
      const rendered = await renderToKeep(
        search === url.search ? req : new Request(canonicalUrl, req),
        request,
        key,
        version,
      );
      if (!rendered.page) {
        const { res } = rendered;
        if (res.headers.get("Content-Type")?.startsWith("text/html"))
          res.headers.set("Content-Security-Policy", contentSecurityPolicy(NONCE_MARK, false, deps.csp));
        return withNonce(res, nonce);
      }
      page = rendered.page;
    }
    const hit = hitAnswer(page, nonce, {
      gzip: chosenEncoding(req.headers.get("accept-encoding") ?? undefined) === "gzip",
      varyLanguage: url.pathname === "/",
      csp,
    });
    const headers = new Headers(hit.headers);
    headers.set("X-Page-Cache", state);
    return new Response(Buffer.concat(hit.chunks, hit.length), { status: hit.status, headers });
  });

  /**
   * A page cache hit answered from the node request listener, before Hono and undici's Response: what a
   * hit through the app answers (hitAnswer; the request id, the security headers, a view counted, the log
   * line at debug), written at once; to HEAD the same headers and no body. Anything else, or anything in
   * doubt, is the app's: a method other than GET and HEAD, a session cookie or an Authorization header (a member may be asking), a path the parser
   * would rewrite, a search page (its own budget, server/search.ts), `/` for a Spanish browser (the
   * redirect), deflate, a page not in the cache. Answers whether it answered (a promise when the catalogue
   * version had to be read).
   */
  const securityByHttps = [false, true].map((https) => {
    const h = new Headers();
    securityHeaders(h, { https });
    return [...h].flat();
  });
  const trustProxy: TrustProxy = deps.trustProxy ?? { kind: "none" };
  const answerHit = (incoming: IncomingMessage, outgoing: ServerResponse): boolean | Promise<boolean> => {
    // HEAD (monitors, link checkers) gets a GET's headers; node sends no body after a HEAD.
    const method = incoming.method ?? "";
    if (!deps.pageCacheOn || (method !== "GET" && method !== "HEAD")) return false;
    const raw = incoming.url ?? "";
    const q = raw.indexOf("?");
    const pathname = q === -1 ? raw : raw.slice(0, q);
    const h = incoming.headers;
    if (pathname.length > 512 || !PLAIN_PATH.test(pathname) || !h.host || h.authorization !== undefined) return false;
    if (h.cookie && SESSION_COOKIE.test(h.cookie)) return false;
    if (SEARCH_LIMITED_PATHS.has(pathname) || pathname.startsWith("/files/")) return false;
    if (deps.routeOf(pathname).policy.cache !== "shared") return false;
    const encoding = chosenEncoding(h["accept-encoding"]);
    if (encoding === "deflate") return false;
    const header = (name: string) => {
      const v = h[name];
      return Array.isArray(v) ? v.join(", ") : v;
    };
    if (pathname === "/" && browserLocaleOf(header, h.host) === "es") return false;
    let key = pathname;
    if (q !== -1) {
      const url = new URL(raw, "http://h");
      key = pathname === ROUTE_DISCOVERY ? `${pathname}${url.search}` : pageCacheKey(url, PAGE_PARAMS).key;
    }
    const answer = (version: number): boolean => {
      const page = deps.pageCache.get(key, version);
      if (!page) return false;
      const started = deps.logRequests ? performance.now() : 0;
      const requestId = requestIdOf(header("x-request-id"));
      const locale = localeFromPath(pathname);
      countView(method, pathname, header, locale, () =>
        addressKey(clientAddress(incoming.socket.remoteAddress, header("x-forwarded-for"), trustProxy)),
      );
      const https =
        (incoming.socket as TLSSocket).encrypted === true ||
        deps.publicHttps === true ||
        (trustProxy.kind !== "none" && header("x-forwarded-proto") === "https");
      const hit = hitAnswer(page, pooledNonce(), { gzip: encoding === "gzip", varyLanguage: pathname === "/", csp });
      const flat: string[] = [];
      for (const [name, value] of hit.headers) flat.push(name, value);
      flat.push("x-request-id", requestId, ...securityByHttps[https ? 1 : 0]);
      outgoing.writeHead(hit.status, flat);
      // The stored parts as they are, in one write to the socket (corked).
      outgoing.cork();
      if (method === "GET") for (const chunk of hit.chunks) outgoing.write(chunk);
      outgoing.uncork();
      outgoing.end();
      if (deps.logRequests)
        deps.log.info("request", {
          requestId,
          method,
          path: pathname,
          status: hit.status,
          ms: Math.round(performance.now() - started),
        });
      return true;
    };
    const version = deps.freshCatalogVersion?.();
    if (version !== undefined) return answer(version);
    return deps.catalogVersion().then(answer, () => false);
  };
  return { answerHit };
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
