import { readAvatar } from "#modules/accounts/avatar.ts";
import { BLOG_FILE_KEY, readBlogFile } from "#modules/blog/files.ts";
import { verifyFileToken } from "#modules/downloads/signing.ts";
import * as files from "#modules/files/service.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { RateLimiter } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";
import { guestIdOf } from "./session.ts";

/** What never changes at its address: kept for a year by every cache. */
const FOREVER = "public, max-age=31536000, immutable";
/** A wider cover standing in for a width not drawn yet (readBlogFile): kept an hour, not a year. */
const STAND_IN = "public, max-age=3600";

/**
 * The files the server answers itself, each content-addressed and cached for a year:
 * - GET /files/previews/v1/{colour}/{slide}-{width}.webp: a slide's preview, drawn on first request (a
 *   client gets only so many drawings; cached ones are free);
 * - GET /avatars/{account}/{random}.webp: a profile picture we made (each upload gets a new name);
 * - GET /files/blog/...: covers and pictures of articles;
 * - GET /files/d/:token: a template file's signed, short-lived address, bound to whoever it was granted to
 *   (a download's grant is the download route's action, app/routes/actions/downloads.tsx).
 */
export function mountFiles(app: ServerApp, deps: { previewRenders: RateLimiter; fileReads: RateLimiter }) {
  app.get("/files/d/:token", async (c) => {
    const request = requestOf(c);
    const scope = scopeOf(c);
    const t = serverT(request.locale);
    const limited = await deps.fileReads.take(request.clientKey);
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfter));
      return c.text(t("downloads.errors.rateLimited", { seconds: limited.retryAfter }), 429);
    }
    const check = verifyFileToken(scope.secret, c.req.param("token"), scope.clock.now().getTime());
    if (!check.ok) return c.text(t(check.code), check.code === "downloads.errors.linkExpired" ? 410 : 403);
    // Bound to whoever it was granted to: their session, or their guest cookie (both work on every process).
    const { holder } = check.value;
    const session = request.viewer;
    const holds = holder.startsWith("a:")
      ? session !== null && holder === `a:${session.account.id}`
      : holder === `g:${guestIdOf(scope.secret, c.req.header("cookie")) ?? ""}`;
    if (!holds) return c.text(t("downloads.errors.linkNotYours"), 403, { "Cache-Control": "private, no-store" });
    const body = await files.readTemplateFile(scope, check.value.key);
    if (!body) return c.text(t("downloads.errors.notAvailable"), 404);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": check.value.type,
      "Content-Disposition": `attachment; filename="${check.value.name.replace(/[^a-zA-Z0-9._-]/g, "-")}"`,
      "Content-Length": String(body.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    });
  });

  app.get("/files/previews/v1/:color/:file", async (c) => {
    const m = /^(\d{1,3})-(\d{3,4})\.webp$/.exec(c.req.param("file"));
    const color = Number(c.req.param("color"));
    if (!m || !Number.isInteger(color) || color < 1 || color > 2_147_483_647) return c.text("Not found", 404);
    const scope = scopeOf(c);
    const body = await files.getPreview(scope, color, Number(m[1]), Number(m[2]), {
      now: scope.clock.now(),
      allowRender: async () => (await deps.previewRenders.take(requestOf(c).clientKey)).ok,
    });
    if (body === "limited") return c.text("Too many requests", 429, { "Retry-After": "10" });
    if (body === "unavailable")
      return c.text("Service unavailable", 503, { "Retry-After": "5", "Cache-Control": "no-store" });
    if (!body) return c.text("Not found", 404);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": FOREVER,
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
  });

  app.get("/avatars/:account/:file", async (c) => {
    const key = `avatars/${c.req.param("account")}/${c.req.param("file")}`;
    const body = await readAvatar(scopeOf(c), key);
    if (!body) return c.body(null, 404, { "Cache-Control": "no-store" });
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": FOREVER,
      "Content-Length": String(body.length),
    });
  });

  app.get("/files/blog/*", async (c) => {
    const key = c.req.path.slice("/files/".length);
    if (!BLOG_FILE_KEY.test(key)) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    const file = await readBlogFile(scopeOf(c).storage, key);
    if (!file) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": file.exact ? FOREVER : STAND_IN,
      "Content-Length": String(file.body.length),
    });
  });
}
