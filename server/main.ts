// First: React and React Router read NODE_ENV when they load.
import "./production-env.ts";
import fs from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { HTTP_CONNECTIONS, SHUTDOWN } from "#config/constants.ts";
import { getEnv, isLoopbackUrl } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { checkStripePrices, stripeClient } from "#modules/billing/stripe.ts";
import { seedBlog, seedDemoAccounts, seedIfEmpty, seedTemplates } from "#modules/demo/seed.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { startProcessJobs } from "#modules/jobs/handlers.ts";
import { systemClock } from "#modules/shared/context.ts";
import { applyProjectFonts } from "#modules/slides/fonts.ts";
import { createServerApp } from "./app.ts";
import { drainable } from "./drain.ts";
import { createLogger } from "./logger.ts";
import { startMemoryNudge } from "./memory-nudge.ts";
import { withPageHits } from "./pages.ts";
import { MISSING_SECRET } from "./secret.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Starts SlideNest: configuration, database and migrations, demo data on an empty database, then HTTP. */
export async function start() {
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (env.DATABASE_URL && !env.SIGNING_SECRET) {
    console.error(MISSING_SECRET);
    process.exit(1);
  }
  const log = createLogger(env.LOG_LEVEL);
  // Before anything draws text (the demo blog's covers, previews): librsvg reads the fonts' setting once.
  if (!applyProjectFonts()) log.warn("the shipped fonts are not in use: their fontconfig file could not be written");
  if (env.demoMode && env.DEMO_MODE === "on")
    log.warn("DEMO_MODE=on: demo logins, the outbox and sandbox payments answer every client that reaches the server", {
      publicUrl: env.publicUrl,
      publicAddress: !isLoopbackUrl(env.publicUrl),
    });
  else if (env.demoMode)
    log.info(
      "demo mode: the outbox, demo logins and sandbox payments answer this machine only (DEMO_MODE=on opens them)",
    );
  const started = Date.now();
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.dataDir, "db") },
  );
  // Processes starting together take turns: one migrates and seeds, the others find it done.
  await database.withStartupLock(async () => {
    await database.migrate();
    log.info("database ready", { kind: database.kind, ms: Date.now() - started });
    if (env.SEED_DEMO === "auto") {
      const seeded = await seedIfEmpty(database, { log, clock: systemClock });
      // The demo blog names demo templates: after the demo catalogue, and only where there is one (a catalogue
      // of an operator's own would refuse its template names at every start). Storage as server/app.ts has it.
      const storage = env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
      try {
        if (seeded || env.demoMode) await seedBlog(database, { storage, log, clock: systemClock });
      } catch (error) {
        // Storage that cannot be written (S3 settings) is reported below, by name.
        log.error("demo blog not seeded", { error });
      }
      try {
        // The project's own real templates (content/templates), beside the demo catalogue: their previews
        // are drawn by the job queue started below, from the committed slide images.
        if (seeded || env.demoMode) await seedTemplates(database, { storage, log, clock: systemClock });
      } catch (error) {
        log.error("project templates not seeded", { error });
      }
      if (env.demoMode && !env.DATABASE_URL) await seedDemoAccounts(database, { log, clock: systemClock });
    }
  });

  if (env.stripe) {
    // A price id that bills another amount than the one shown would charge one thing and invoice another.
    const problems = await checkStripePrices(await stripeClient(env.stripe), env.stripe.prices);
    if (problems.length) {
      log.error("Stripe prices do not match the price list", { problems });
      process.exit(1);
    }
  }

  if (env.s3) {
    // Every download would fail later: say so now, naming the settings.
    try {
      await s3Storage(env.s3).check();
    } catch (error) {
      log.error("S3_BUCKET cannot be reached: check S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials", {
        bucket: env.s3.bucket,
        error,
      });
      process.exit(1);
    }
  }

  const buildFile = path.join(root, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    log.error("no production build: run `npm run build` (npm start does it for you)");
    process.exit(1);
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  // The same jobs as a worker (`npm run worker`) runs: modules/jobs/handlers.ts.
  const jobs = await startProcessJobs({ env, database, log });
  const server = createServerApp({
    env,
    database,
    build,
    clientDir: path.join(root, "build/client"),
    log,
    billingJobs: jobs,
    templateJobs: jobs,
    // Trending and counts are refreshed by the maintenance job: once per slot across all processes.
    refreshStatsEveryMs: 0,
  });
  // Once a stop has begun, the answers close their connections (server/drain.ts).
  const drain = drainable();
  // A page cache hit is answered by the request listener itself, before Hono (ADR 0033): the same answer
  // at a fraction of the cost (docs/benchmarks.md). Everything else goes to the app.
  const http = serve(
    {
      fetch: server.app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      overrideGlobalObjects: false,
      createServer: ((options: object, listener: RequestListener) =>
        createServer(options, drain.wrap(withPageHits(server.answerHit, listener)))) as unknown as typeof createServer,
    },
    (info) => {
      log.info("listening", {
        url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${info.port}`,
        startupMs: Date.now() - started,
      });
      void server.refreshStats();
    },
  );

  // Idle connections kept longer than a proxy keeps its own (config/constants.ts HTTP_CONNECTIONS).
  (http as Server).keepAliveTimeout = HTTP_CONNECTIONS.keepAliveMs;
  (http as Server).headersTimeout = HTTP_CONNECTIONS.headersMs;

  // Buffers' memory given back when garbage piles up outside V8's heap (server/memory-nudge.ts).
  const nudge = startMemoryNudge();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    nudge.stop();
    const force = setTimeout(() => process.exit(1), SHUTDOWN.forceMs);
    force.unref();
    // Stop taking connections, answer what was sent on the held ones and let the requests in flight
    // finish (server/drain.ts), then the mail still being sent, the jobs, and the database pool last.
    const drained = await drain.drain(http as Server);
    if (!drained) log.warn("requests still open at the stop's deadline", { ms: SHUTDOWN.drainMs });
    await server.close();
    await jobs.stop();
    await database.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { http, server, database };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await start();
