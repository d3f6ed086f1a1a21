import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { Locale } from "#config/constants.ts";
import { downloadInput } from "#modules/downloads/schemas.ts";
import { accountViewer, requestDownload, type Viewer } from "#modules/downloads/service.ts";
import { newGuestId, verifyFileToken } from "#modules/downloads/signing.ts";
import { readTemplateFile } from "#modules/files/service.ts";
import type { Clock, Logger } from "#modules/shared/context.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";
import type { RateLimiters } from "./rate-limit.ts";
import { readBody, refererPath } from "./request.ts";

export const GUEST_COOKIE = "sn_guest";
const GUEST_COOKIE_DAYS = 400;

type Deps = {
  secret: string;
  log: Logger;
  clock: Clock;
  origin: string;
  /** Requests per client: [burst, per minute]. */
  limiters: RateLimiters;
};

/** The signed guest id carried by a request's cookie header, if any. */
export function guestIdFromCookieHeader(secret: string, header: string | null): string | null {
  const m = /(?:^|;\s*)sn_guest=([^;]+)/.exec(header ?? "");
  if (!m) return null;
  try {
    return unsign(secret, "guest", decodeURIComponent(m[1]));
  } catch {
    // A malformed cookie (a broken %-escape) is no guest id: ignored, never an error.
    return null;
  }
}

/**
 * The guest who downloads without an account: the signed id of the request's `sn_guest` cookie, or a new
 * one with the Set-Cookie value that keeps it (400 days, httpOnly, SameSite=Lax, Secure over HTTPS).
 */
export function downloadGuest(
  secret: string,
  cookieHeader: string | null,
  https: boolean,
): { guestId: string; setCookie: string | null } {
  const known = guestIdFromCookieHeader(secret, cookieHeader);
  if (known) return { guestId: known, setCookie: null };
  const guestId = newGuestId();
  const value = serialize(GUEST_COOKIE, sign(secret, "guest", guestId), {
    httpOnly: true,
    sameSite: "Lax",
    secure: https,
    path: "/",
    maxAge: GUEST_COOKIE_DAYS * 86_400,
  });
  return { guestId, setCookie: value };
}

/** The signed-in account, else the guest of the signed cookie (a new one is set on the response). */
function downloadViewer(c: Context, deps: Deps): Viewer {
  const { viewer: session, clientKey } = requestOf(c);
  if (session) return accountViewer(session.account, clientKey);
  return guestViewer(c, deps);
}

/** The signed guest id from the cookie, or a new one set on the response. */
function guestViewer(c: Context, deps: Deps): Viewer {
  let id = unsign(deps.secret, "guest", getCookie(c, GUEST_COOKIE));
  if (!id) {
    id = newGuestId();
    setCookie(c, GUEST_COOKIE, sign(deps.secret, "guest", id), {
      httpOnly: true,
      sameSite: "Lax",
      secure: requestOf(c).https,
      path: "/",
      maxAge: GUEST_COOKIE_DAYS * 86_400,
    });
  }
  return { kind: "guest", guestId: id, ip: requestOf(c).clientKey };
}

/** State changes must come from our own pages: a same-origin Origin header, or Sec-Fetch-Site same-origin. */
function sameOrigin(c: Context, origin: string): boolean {
  const o = c.req.header("origin");
  if (o) return o === origin || o === new URL(c.req.url).origin;
  return c.req.header("sec-fetch-site") === "same-origin";
}

export function mountDownloads(app: ServerApp, deps: Deps) {
  const { grants: grantLimiter, files: fileLimiter } = deps.limiters;

  /** Grants a download: JSON for scripts, a 303 for plain forms. */
  app.post("/api/downloads", async (c) => {
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    const body = await readBody(c);
    const locale: Locale = downloadInput.shape.locale.parse(body.locale) ?? requestOf(c).locale;
    const t = serverT(locale);
    const fail = (
      status: 400 | 403 | 404 | 409 | 429,
      code: string,
      message: string,
      extra: Record<string, unknown> = {},
    ) => {
      if (wantsJson) return c.json({ ok: false, code, message, ...extra }, status);
      const path = refererPath(c, deps.origin);
      if (path) {
        const back = new URL(path, deps.origin);
        back.searchParams.set("download", code.split(".").pop() ?? "error");
        if (typeof extra.retryAfter === "number") back.searchParams.set("wait", String(extra.retryAfter));
        return c.redirect(back.pathname + back.search, 303);
      }
      return c.text(message, status);
    };
    if (!sameOrigin(c, deps.origin)) return fail(403, "downloads.errors.forbidden", t("downloads.errors.forbidden"));
    const limited = await grantLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfter));
      return fail(
        429,
        "downloads.errors.rateLimited",
        t("downloads.errors.rateLimited", { seconds: limited.retryAfter }),
        { retryAfter: limited.retryAfter },
      );
    }
    const input = downloadInput.safeParse(body);
    if (!input.success) return fail(400, "downloads.errors.badRequest", t("downloads.errors.badRequest"));
    const viewer = downloadViewer(c, deps);
    const result = await requestDownload(scopeOf(c), {
      viewer,
      templateColorId: input.data.colorId,
      format: input.data.format,
    });
    if (!result.ok) {
      const status =
        result.code === "downloads.errors.unknown"
          ? 404
          : result.code === "downloads.errors.notAvailable" || result.code === "downloads.errors.broken"
            ? 409
            : 403;
      return fail(status as 403 | 404 | 409, result.code, t(result.code), { allowance: result.allowance });
    }
    if (wantsJson)
      return c.json({ ...result, message: t(result.alreadyOwned ? "downloads.alreadyOwned" : "downloads.started") });
    return c.redirect(result.url, 303);
  });

  /** A signed, short-lived address of a stored file. */
  app.get("/files/d/:token", async (c) => {
    const { locale } = requestOf(c);
    const t = serverT(locale);
    const limited = await fileLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfter));
      return c.text(t("downloads.errors.rateLimited", { seconds: limited.retryAfter }), 429);
    }
    const check = verifyFileToken(deps.secret, c.req.param("token"), deps.clock.now().getTime());
    if (!check.ok)
      return c.text(
        t(check.reason === "expired" ? "downloads.errors.linkExpired" : "downloads.errors.linkInvalid"),
        check.reason === "expired" ? 410 : 403,
      );
    // Bound to whoever it was granted to: their session, or their guest cookie (both work on every process).
    const { holder } = check.token;
    const session = requestOf(c).viewer;
    const holds = holder.startsWith("a:")
      ? session !== null && holder === `a:${session.account.id}`
      : holder === `g:${unsign(deps.secret, "guest", getCookie(c, GUEST_COOKIE)) ?? ""}`;
    if (!holds) return c.text(t("downloads.errors.linkNotYours"), 403, { "Cache-Control": "private, no-store" });
    const body = await readTemplateFile(scopeOf(c), check.token.key);
    if (!body) return c.text(t("downloads.errors.notAvailable"), 404);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": check.token.type,
      "Content-Disposition": `attachment; filename="${check.token.name.replace(/[^a-zA-Z0-9._-]/g, "-")}"`,
      "Content-Length": String(body.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
}
