/**
 * The databases every test file starts from, made once per test run by the global setup: a migrated
 * PGlite, dumped to a file in the run's folder, and (with TEST_DATABASE_URL) a migrated PostgreSQL
 * database that test databases are made from as a template. tests/db.ts copies them, and keeps the demo
 * catalogues it seeds beside them. `drop` removes all of it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#db/client.server.ts";

export type TestDatabaseBases = {
  /** The run's folder: the PGlite dumps. */
  dir: string;
  /** The migrated PGlite, a data dump (tar). */
  pglite: string;
  /** The migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
  postgres?: string;
};

export async function makeBases(postgresUrl?: string): Promise<TestDatabaseBases & { drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-bases-"));
  const pglite = path.join(dir, "pglite-base.tar");
  const first = await openDatabase({});
  await first.migrate();
  const dump = await first.pglite!.dumpDataDir("none");
  await first.close();
  fs.writeFileSync(pglite, Buffer.from(await dump.arrayBuffer()));

  let postgres: string | undefined;
  if (postgresUrl) {
    postgres = `sn_base_${randomBytes(4).toString("hex")}`;
    await adminQuery(postgresUrl, `create database ${postgres}`);
    const u = new URL(postgresUrl);
    u.pathname = `/${postgres}`;
    const database = await openDatabase({ url: u.toString() });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  }
  return {
    dir,
    pglite,
    postgres,
    async drop() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgresUrl && postgres) {
        // The base and the demo catalogues seeded from it (tests/db.ts names them after it).
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          const { rows } = await client.query<{ datname: string }>(
            "select datname from pg_database where datname like $1",
            [`${postgres}%`],
          );
          for (const r of rows) await client.query(`drop database if exists ${r.datname} with (force)`);
        } finally {
          await client.end();
        }
      }
    },
  };
}

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
