import { readAvatar } from "#modules/accounts/avatar.ts";
import { BLOG_FILE_KEY } from "#modules/blog/files.ts";
import * as files from "#modules/files/service.ts";
import type { RateLimiter } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";

/** What never changes at its address: kept for a year by every cache. */
const FOREVER = "public, max-age=31536000, immutable";

/**
 * The files the server answers itself, each content-addressed and cached for a year:
 * - GET /files/previews/v1/{colour}/{slide}-{width}.webp: a slide's preview, drawn on first request (a
 *   client gets only so many drawings; cached ones are free);
 * - GET /avatars/{account}/{random}.webp: a profile picture we made (each upload gets a new name);
 * - GET /files/blog/...: covers and pictures of articles.
 */
export function mountFiles(app: ServerApp, deps: { previewRenders: RateLimiter }) {
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
    const body = await scopeOf(c).storage.get(key);
    if (!body) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": FOREVER,
      "Content-Length": String(body.length),
    });
  });
}
