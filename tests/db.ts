import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#db/client.server.ts";

let dump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL. `cleanup` closes it (and drops it on PostgreSQL).
 */
export async function createTestDatabase(): Promise<Database & { cleanup(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `sn_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString(), poolMax: 20 });
    await database.migrate();
    return {
      ...database,
      async cleanup() {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  if (!dump) {
    const first = await openDatabase({});
    await first.migrate();
    dump = await first.pglite!.dumpDataDir("none");
    await first.close();
  }
  const database = await openDatabase({ loadDataDir: dump });
  return { ...database, cleanup: () => database.close() };
}

export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
