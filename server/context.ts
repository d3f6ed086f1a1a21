import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { Locale } from "#config/constants.ts";
import type { Viewer } from "#modules/accounts/view.ts";
import type { Scope } from "#modules/scope.ts";
import { isLocale, localeFromPath } from "#modules/shared/i18n.ts";
import { addressKey, clientAddress, isLocalRequest, type TrustProxy } from "./client-address.ts";
import { newNonce } from "./security.ts";

/** Who is asking (one type for every edge: modules/accounts/view.ts). */
export type SessionViewer = Viewer;

/**
 * What one request is, resolved once, here, and handed to every edge: pages (the load context), GraphQL,
 * the /api and /auth handlers. Nothing else reads forwarded headers, cookies for the session, or guesses
 * the language.
 */
export type RequestContext = {
  readonly requestId: string;
  readonly nonce: string;
  /** The language, decided here only (requestLocale): pages by their address, the APIs by a `locale` header or `?lang=`. */
  readonly locale: Locale;
  /** Over HTTPS: the site's address is https, or a trusted proxy says so. */
  readonly https: boolean;
  /** The client's address, through the trusted proxies only. */
  readonly clientAddress: string;
  /** The key of per-client budgets: the address, IPv6 grouped by /64. */
  readonly clientKey: string;
  /**
   * This machine asks: the socket's peer is a loopback address and no proxy forwarded the request (no
   * forwarding header at all, whatever TRUST_PROXY says). Demo mode's outbox, demo log-ins and sandbox
   * payments answer only such clients unless DEMO_MODE=on is stated (DECISIONS: Operations).
   */
  readonly local: boolean;
  /** The browser's User-Agent (cut short): kept with a log-in for the member's list of sessions. */
  readonly userAgent: string;
  /** The signed-in account and its session; null for guests and on paths that never look (files, assets). */
  viewer: SessionViewer;
};

export type RequestVars = { request: RequestContext; scope: () => Scope };
/** The Hono app every edge mounts on, and its handlers' context: both know the request's variables. */
export type ServerApp = Hono<{ Variables: RequestVars }>;
export type ServerContext = Context<{ Variables: RequestVars }>;

/** The request's scope (server/scope.ts), built once after the session is known; every edge hands it to the services. */
export function scopeOf(c: ServerContext): Scope {
  const scope: (() => Scope) | undefined = c.get("scope");
  if (!scope) throw new Error("no scope: the scope middleware must run before the routes");
  return scope();
}

/** What a log-in from this request keeps about its device (modules/auth/sessions.ts createSession). */
export function sessionDevice(request: Pick<RequestContext, "userAgent" | "clientKey">) {
  return { userAgent: request.userAgent, clientKey: request.clientKey };
}

/** The request's context; the request-context middleware runs before every route. */
export function requestOf(c: ServerContext): RequestContext {
  const request: RequestContext | undefined = c.get("request");
  if (!request) throw new Error("no request context: requestContext() must run before the routes");
  return request;
}

/** The socket's peer address. */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The addresses that are not pages: GraphQL, the REST log-ins, the JSON APIs, log-out, webhooks, deck uploads, files. */
const API_PATH = /^\/(?:graphql$|auth\/|api\/|logout$|webhooks\/|operator\/uploads|files\/)/;

/** Whether an address is one of those (not a page nor a page's data). */
export const isApiPath = (path: string) => API_PATH.test(path);

/**
 * The language of a request, decided in this one place. A page's is its address (`/es/…`); GraphQL, the
 * REST endpoints and the APIs take SPEC §7's `locale` header, then `?lang=` (a plain link), else English.
 */
export function requestLocale(c: Context): Locale {
  if (!API_PATH.test(c.req.path)) return localeFromPath(c.req.path);
  const header = c.req.header("locale");
  if (isLocale(header)) return header;
  const lang = c.req.query("lang") ?? c.req.query("locale");
  if (isLocale(lang)) return lang;
  return localeFromPath(c.req.path);
}

let counter = 0;
const prefix = Math.random().toString(36).slice(2, 8);
/** Cheap request ids: a process prefix and a counter. */
const nextRequestId = () => `${prefix}-${(++counter).toString(36)}`;

/** A request's id: the caller's X-Request-Id (cut to 64 safe characters), else a new one. */
export const requestIdOf = (header: string | undefined): string =>
  header?.slice(0, 64).replace(/[^\w.-]/g, "") || nextRequestId();

/** Resolves the request context (all but the viewer, which the session middleware adds) and sets it. */
export function requestContext(opts: { trustProxy: TrustProxy; publicHttps: boolean }): MiddlewareHandler<{
  Variables: RequestVars;
}> {
  return async (c, next) => {
    const address = clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), opts.trustProxy);
    const request: RequestContext = {
      requestId: requestIdOf(c.req.header("x-request-id")),
      nonce: newNonce(),
      locale: requestLocale(c),
      https:
        new URL(c.req.url).protocol === "https:" ||
        opts.publicHttps ||
        (opts.trustProxy.kind !== "none" && c.req.header("x-forwarded-proto") === "https"),
      clientAddress: address,
      clientKey: addressKey(address),
      local: isLocalRequest(peerAddress(c), c.req.raw.headers),
      userAgent: (c.req.header("user-agent") ?? "").slice(0, 400),
      viewer: null,
    };
    c.set("request", request);
    await next();
  };
}
