import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { PG_POOL, PGLITE_MEMORY } from "#config/constants.ts";
import { keepStatementsPrepared } from "./pglite-statements.server.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of either driver; Drizzle's transaction is a database too, so it is a Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a query runs on: the database or a transaction in progress. */
export type Executor = Db | Tx;

/**
 * Either driver's database as the one `Db` the code uses. Each driver's type carries its own query-result
 * kind (node-postgres' QueryResult, PGlite's Results), which the shared PgDatabase type cannot name at
 * once; both have the same query builder and `execute` with `rows`. The project's one cast of a database.
 */
function asDb(driver: PgDatabase<never, Schema> | object): Db {
  return driver as Db;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Applies the committed migrations. */
  migrate(): Promise<void>;
  /** Answers whether the database takes queries. */
  ping(): Promise<boolean>;
  /**
   * Runs start-up work (migrations, demo seeding) under a PostgreSQL advisory lock, so processes that
   * start together take turns instead of racing. PGlite has one process: it just runs.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  pglite?: PGlite;
  /** The connection pool on PostgreSQL (the job queue shares it). */
  pool?: pg.Pool;
};

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type OpenOptions = {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite folder; absent means in memory. */
  dataDir?: string;
  /** PGlite data dump to start from (tests). */
  loadDataDir?: Blob | File;
  migrationsFolder?: string;
  poolMax?: number;
  /**
   * PostgreSQL: longest a statement may run, in ms (default 30 s, for requests); 0 for none, for batch
   * work such as generating or re-indexing a large catalogue.
   */
  statementTimeoutMs?: number;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      // A database that is gone or stuck fails fast instead of holding requests: connecting, a statement,
      // and a transaction left open each have a limit, and idle connections are kept alive. The connect
      // limit also bounds the wait for a free connection: 10 s, so a burst on two busy cores (200 parallel
      // downloads in bench:cluster answered 13 of them 503 at 5 s) queues instead of failing; a database
      // that refuses connections still fails at once.
      connectionTimeoutMillis: 10_000,
      statement_timeout: opts.statementTimeoutMs ?? 30_000,
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Kept through a lull (PG_POOL): a new connection is a new backend, with its caches cold. An idle
      // connection does not keep the process alive (a command ends when its work is done).
      idleTimeoutMillis: PG_POOL.idleMs,
      allowExitOnIdle: true,
    });
    pool.on("error", () => {
      /* idle client errors are reported by the next query */
    });
    // The pool listens for errors only on idle connections. One checked out (a transaction between two
    // statements) whose connection PostgreSQL cuts (a restart, a terminated backend) emits "error" with no
    // listener, and Node ends the process: it happened in bench:cluster's restart. Its next statement
    // fails instead (a 503), and the pool drops the connection when it comes back.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const driver = drizzleNodePg(pool, { schema });
    return {
      db: asDb(driver),
      kind: "postgres",
      pool,
      rows: async <T>(query: SQL) => (await driver.execute(query)).rows as T[],
      migrate: () => migrateNodePg(driver, { migrationsFolder: folder }),
      async withStartupLock(work) {
        const client = await pool.connect();
        try {
          // Waiting for the other process's start (migrations, a demo catalogue) is not a request: on a slow
          // machine it took more than the 30 s statement timeout, and the waiting process died at start.
          await client.query("set statement_timeout = 0");
          await client.query("select pg_advisory_lock(hashtext('slidenest:startup'))");
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock(hashtext('slidenest:startup'))").catch(() => {});
          await client.query("reset statement_timeout").catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        // Readiness answers within a second, whatever the database is doing.
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          return await Promise.race([
            pool.query("select 1").then(() => true),
            new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(false), 1_000);
            }),
          ]);
        } catch {
          return false;
        } finally {
          clearTimeout(timer);
        }
      },
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // PGlite's JavaScript, its extensions and Drizzle's driver for it are loaded only where PGlite is used: a
  // process on PostgreSQL never needs them (docs/benchmarks.md, "Memory").
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  const client = await PGlite.create(opts.dataDir ?? "memory://", {
    extensions: { pg_trgm, unaccent },
    loadDataDir: opts.loadDataDir,
    // Its memory never shrinks: bounded by config (PGLITE_MEMORY), on top of PGlite's own start parameters.
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${PGLITE_MEMORY.sharedBuffers}`,
      "-c",
      `work_mem=${PGLITE_MEMORY.workMem}`,
      "-c",
      `maintenance_work_mem=${PGLITE_MEMORY.maintenanceWorkMem}`,
    ],
  });
  // Statements sent again are planned once (db/pglite-statements.server.ts).
  keepStatementsPrepared(client);
  const driver = drizzlePglite(client, { schema });
  return {
    db: asDb(driver),
    kind: "pglite",
    pglite: client,
    rows: async <T>(query: SQL) => (await driver.execute(query)).rows as T[],
    migrate: () => migratePglite(driver, { migrationsFolder: folder }),
    withStartupLock: (work) => work(),
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

export { sql };

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * Whether an error (or its cause) says the database cannot be reached: refused or cut connections, a
 * server shutting down or starting, too many connections, the pool's connect timeout. Such requests
 * get 503 and Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = String((error as { code?: unknown }).code ?? "");
  if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
  if (
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      error.message,
    )
  )
    return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
