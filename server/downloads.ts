import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import { newGuestId, verifyFileToken } from "#modules/downloads/signing.ts";
import { readTemplateFile } from "#modules/files/service.ts";
import type { Clock, Logger } from "#modules/shared/context.ts";
import { sign, unsign } from "#modules/shared/crypto.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { RateLimiters } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";

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

/**
 * The signed download addresses (`/files/d/:token`), bound to whoever they were granted to. A download's
 * grant is the download route's action (app/routes/actions/downloads.tsx), with `downloadGuest` and the
 * grants budget from the load context.
 */
export function mountDownloads(app: ServerApp, deps: Deps) {
  const fileLimiter = deps.limiters.files;

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
    if (!check.ok) return c.text(t(check.code), check.code === "downloads.errors.linkExpired" ? 410 : 403);
    // Bound to whoever it was granted to: their session, or their guest cookie (both work on every process).
    const { holder } = check.value;
    const session = requestOf(c).viewer;
    const holds = holder.startsWith("a:")
      ? session !== null && holder === `a:${session.account.id}`
      : holder === `g:${unsign(deps.secret, "guest", getCookie(c, GUEST_COOKIE)) ?? ""}`;
    if (!holds) return c.text(t("downloads.errors.linkNotYours"), 403, { "Cache-Control": "private, no-store" });
    const body = await readTemplateFile(scopeOf(c), check.value.key);
    if (!body) return c.text(t("downloads.errors.notAvailable"), 404);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": check.value.type,
      "Content-Disposition": `attachment; filename="${check.value.name.replace(/[^a-zA-Z0-9._-]/g, "-")}"`,
      "Content-Length": String(body.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });
}
