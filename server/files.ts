import type { Hono } from "hono";
import { readAvatar } from "#modules/accounts/avatar.ts";
import { scopeOf } from "./context.ts";

/**
 * GET /avatars/{account}/{random}.webp: a profile picture we made (a 256 x 256 WebP). Each upload gets a
 * new random name, so the answer never changes and is cached for a year; a replaced picture is gone.
 */
export function mountAvatars(app: Hono) {
  app.get("/avatars/:account/:file", async (c) => {
    const key = `avatars/${c.req.param("account")}/${c.req.param("file")}`;
    const body = await readAvatar(scopeOf(c), key);
    if (!body) return c.body(null, 404, { "Cache-Control": "no-store" });
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(body.length),
    });
  });
}
