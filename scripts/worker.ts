/**
 * `npm run worker`: a process that runs only jobs (no HTTP): deck previews, renewals and retries, the
 * billing sweep, the maintenance work. It takes them from the job queue in the database the servers use
 * (DATABASE_URL), with the same handlers as a web process (modules/jobs/handlers.ts); start as many as
 * the machines allow beside the web processes. SIGTERM (or Ctrl-C) lets the jobs in hand finish (up to
 * 10 s), then it exits.
 *
 * On the embedded database (PGlite, no DATABASE_URL) one process holds the data folder: the server
 * runs the jobs itself and a worker cannot run beside it, so the command refuses and says so.
 */
import { pathToFileURL } from "node:url";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { startProcessJobs } from "#modules/jobs/handlers.ts";
import { applyProjectFonts } from "#modules/slides/fonts.ts";
import { hasLibreOffice } from "#modules/slides/previews.ts";
import { createLogger } from "#server/logger.ts";

export const EMBEDDED_DATABASE_MESSAGE = [
  "npm run worker needs PostgreSQL: set DATABASE_URL to the database the servers use.",
  "On the embedded database (PGlite, DATA_DIR/db) one process holds the data folder: the server runs the jobs",
  "itself, and a worker cannot run beside it.",
].join("\n");

export async function runWorker(): Promise<void> {
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!env.DATABASE_URL) {
    console.error(EMBEDDED_DATABASE_MESSAGE);
    process.exit(2);
  }
  const log = createLogger(env.LOG_LEVEL, { process: "worker" });
  // Before any job draws text (previews, covers): librsvg reads the fonts' setting once.
  if (!applyProjectFonts()) log.warn("the shipped fonts are not in use: their fontconfig file could not be written");
  const started = Date.now();
  const database = await openDatabase({ url: env.DATABASE_URL, poolMax: 5 });
  // A worker that starts before any server on a new database migrates it, taking turns with them.
  await database.withStartupLock(() => database.migrate());
  const jobs = await startProcessJobs({ env, database, log });
  log.info("worker ready", {
    startupMs: Date.now() - started,
    previewConcurrency: env.PREVIEW_CONCURRENCY,
    libreOffice: hasLibreOffice(),
  });
  if (!hasLibreOffice()) log.warn("LibreOffice is not installed: this worker cannot draw previews from decks");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await jobs.stop();
    await database.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runWorker();
