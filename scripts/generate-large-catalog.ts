/**
 * Adds a large generated catalogue (templates, translations, tags, styles, colour variants; no files,
 * no history) to the database of DATA_DIR or DATABASE_URL. Usage: npm run catalog:large -- 100000
 * Logs the seconds of each phase (inserts, statistics, search index, VACUUM ANALYZE), the database's
 * size and the process's peak memory (PGlite runs inside it; PostgreSQL's own memory is not counted).
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { seedLarge } from "#modules/demo/seed.ts";
import { createLogger } from "#server/logger.ts";

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error("usage: npm run catalog:large -- <count between 1 and 2000000>");
  process.exit(1);
}
const env = getEnv();
const log = createLogger("info");
// Batch work: no statement time limit (the one for requests would stop the index build at this size).
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL, statementTimeoutMs: 0 } : { dataDir: path.join(env.dataDir, "db") },
);
await database.migrate();
const started = Date.now();
const added = await seedLarge(database.db, { now: new Date(), count, log });
const vacuumStarted = Date.now();
await database.rows(sql`vacuum analyze`);
const [{ bytes }] = await database.rows<{ bytes: string }>(
  sql`select pg_database_size(current_database())::text as bytes`,
);
log.info("large catalogue ready", {
  added,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  vacuumSeconds: Math.round((Date.now() - vacuumStarted) / 100) / 10,
  databaseMB: Math.round(Number(bytes) / 1048576),
  peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  database: database.kind,
});
await database.close();
