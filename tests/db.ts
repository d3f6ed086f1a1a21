import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import pg from "pg";
import { type Database, openDatabase } from "#db/client.server.ts";
import { bases, dumpFile, pgliteBase } from "./pglite-base.ts";

/** The demo catalogue a test starts from: `seedDemo(db, demo)`, made once per run for each distinct value. */
export type DemoSeed = { now: Date; count?: number; seed?: number };

export type TestDatabase = Database & { cleanup(): Promise<void> };

const demoKey = (demo: DemoSeed) =>
  createHash("sha256")
    .update(JSON.stringify([demo.now.toISOString(), demo.count ?? null, demo.seed ?? null]))
    .digest("hex")
    .slice(0, 16);

async function seed(database: Database, demo: DemoSeed) {
  const { seedDemo } = await import("#modules/demo/seed.ts");
  await seedDemo(database.db, demo);
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL. Each is a copy of the run's base (migrated once per run
 * by the global setup): a PGlite data dump loaded, or a PostgreSQL database made from the base as its
 * template. With `demo`, the copy holds the demo catalogue too (`seedDemo(db, demo)`), seeded once per
 * run for each distinct `demo` and copied after. `cleanup` closes it (and drops it on PostgreSQL).
 */
export async function createTestDatabase(opts: { demo?: DemoSeed } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? postgresCopy(url, opts.demo) : pgliteCopy(opts.demo);
}

// PGlite: a data dump per base, as a file in the run's folder (or, without one, in this process).

const TWO_GB = 2 * 1024 ** 3;
let collector: (() => void) | undefined;

/**
 * Closes a PGlite copy, and collects at once when this worker holds more than 2 GB: the workers count
 * ArrayBuffers with the heap (vitest.config.ts), so a closed copy's WebAssembly memory (128 MB and more)
 * and files would otherwise wait for the heap's own limit, and dead copies took a worker to 3.8 GB. The
 * collector is reached without `--expose-gc`, which would turn on the app's own collection requests
 * (modules/shared/memory.ts) in the tests.
 */
async function closePglite(database: Database) {
  await database.close();
  if (process.memoryUsage.rss() < TWO_GB) return;
  if (!collector) {
    v8.setFlagsFromString("--expose-gc");
    collector = vm.runInNewContext("gc") as () => void;
  }
  collector();
}

async function pgliteCopy(demo?: DemoSeed): Promise<TestDatabase> {
  const dir = bases()?.dir;
  const demoFile = demo && dir ? path.join(dir, `pglite-demo-${demoKey(demo)}.tar`) : undefined;
  if (demoFile && fs.existsSync(demoFile)) {
    const database = await openDatabase({ loadDataDir: dumpFile(demoFile) });
    return { ...database, cleanup: () => closePglite(database) };
  }
  const database = await openDatabase({ loadDataDir: await pgliteBase() });
  if (demo) {
    await seed(database, demo);
    if (demoFile) {
      // Written aside and renamed: another worker seeding the same catalogue at once loads a whole file.
      const dump = await database.pglite!.dumpDataDir("none");
      const part = `${demoFile}.${process.pid}.${randomBytes(4).toString("hex")}`;
      fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(part, demoFile);
    }
  }
  return { ...database, cleanup: () => closePglite(database) };
}

// PostgreSQL: CREATE DATABASE … TEMPLATE the run's base (or a seeded copy of it).

const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database to copy from: the run's base, or (without the global setup) one this process
 * migrates for itself and leaves behind.
 */
async function postgresBase(url: string): Promise<string> {
  const base = bases()?.postgres;
  if (base) return base;
  const name = `sn_base_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ url: withName(url, name) });
  await database.migrate();
  await database.close();
  return name;
}

let ownPostgresBase: Promise<string> | undefined;

/** The seeded template for `demo`: made once per run (under an advisory lock), then copied. */
async function postgresDemo(url: string, base: string, demo: DemoSeed): Promise<string> {
  const name = `${base}_demo_${demoKey(demo)}`;
  return admin(url, async (c) => {
    await c.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
      if (rowCount) return name;
      const part = `${name}_part`;
      await c.query(`drop database if exists ${part}`);
      await c.query(`create database ${part} template ${base}`);
      const database = await openDatabase({ url: withName(url, part), statementTimeoutMs: 0 });
      try {
        await seed(database, demo);
      } finally {
        await database.close();
      }
      await c.query(`alter database ${part} rename to ${name}`);
      return name;
    } finally {
      await c.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  });
}

async function postgresCopy(url: string, demo?: DemoSeed): Promise<TestDatabase> {
  ownPostgresBase ??= postgresBase(url);
  const base = await ownPostgresBase;
  const template = demo ? await postgresDemo(url, base, demo) : base;
  const name = `sn_test_${randomBytes(6).toString("hex")}`;
  await admin(url, (c) => c.query(`create database ${name} template ${template}`));
  const database = await openDatabase({ url: withName(url, name), poolMax: 20 });
  return {
    ...database,
    async cleanup() {
      await database.close();
      await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
