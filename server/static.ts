import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Database } from "#db/client.server.ts";
import { messageSetFile } from "#modules/shared/messages.server.ts";
import type { ServerApp } from "./context.ts";

/**
 * The build's assets and fonts, the site's icons, the words pages load, and the health checks: what the
 * server answers without the services.
 */
export function mountStatic(app: ServerApp, deps: { clientDir: string; database: Database }) {
  // Built assets: content-hashed names, cached for a year.
  const relClient = path.relative(process.cwd(), deps.clientDir) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build writes a Brotli and a gzip copy of each script and stylesheet (vite.config.ts): sent as they are.
  app.use("/assets/*", serveStatic({ root: relClient, precompressed: true }));
  app.use("/fonts/*", serveStatic({ root: relClient }));
  for (const file of ["/favicon.svg", "/favicon.ico", "/site.webmanifest", "/apple-touch-icon.png"]) {
    app.get(file, async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=86400");
    });
    app.get(file, serveStatic({ root: relClient }));
  }

  // The words pages reference (modules/shared/i18n.ts MessageRef): named by their content, kept for a year.
  app.get("/i18n/:locale/:file", (c) => {
    const found = messageSetFile(c.req.param("locale"), c.req.param("file"));
    if (!found) return c.notFound();
    return c.body(found.json, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": found.current ? "public, max-age=31536000, immutable" : "no-cache",
    });
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const ok = await deps.database.ping();
    return c.json({ status: ok ? "ready" : "database unreachable", database: deps.database.kind }, ok ? 200 : 503);
  });
}
