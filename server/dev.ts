/**
 * Development server: Vite in middleware mode (hot reload) in front of the same Hono app as production.
 * The React Router build is loaded through Vite on each request, so edits show up without a restart.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { seedBlog, seedIfEmpty, seedTemplates } from "#modules/demo/seed.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { systemClock } from "#modules/shared/context.ts";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = getEnv();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.dataDir, "db") },
);
await database.migrate();
if (env.SEED_DEMO === "auto") {
  await seedIfEmpty(database, { log, clock: systemClock });
  const storage = env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
  await seedBlog(database, { storage, log, clock: systemClock });
  // No job queue here: the project's templates are drawn at once, from their committed slide images.
  await seedTemplates(database, { storage, log, clock: systemClock, render: true });
}

const vite = await createViteServer({ root, server: { middlewareMode: true }, appType: "custom" });
let current: { build: ServerBuild; listener: http.RequestListener } | undefined;

async function listenerFor(): Promise<http.RequestListener> {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  if (current?.build !== build) {
    const server = createServerApp({
      env: { ...env, PAGE_CACHE: "off" },
      database,
      build,
      clientDir: path.join(root, "public"),
      log,
      mode: "development",
    });
    current = { build, listener: getRequestListener(server.app.fetch) };
  }
  return current.listener;
}

http
  .createServer((req, res) => {
    vite.middlewares(req, res, async () => {
      try {
        (await listenerFor())(req, res);
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        log.error("dev render failed", { error });
        res.statusCode = 500;
        res.end("Internal Server Error");
      }
    });
  })
  .listen(env.PORT, env.HOST, () => log.info("dev server", { url: `http://localhost:${env.PORT}` }));
