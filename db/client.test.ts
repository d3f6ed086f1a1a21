import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/db.ts";
import { openDatabase } from "./client.server.ts";

describe("start-up lock", () => {
  it.skipIf(testDatabaseKind() !== "postgres")(
    "two processes starting on an empty PostgreSQL database take turns: both come up, migrations run once",
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = `sn_start_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const [a, b] = await Promise.all([openDatabase({ url: u.toString() }), openDatabase({ url: u.toString() })]);
      try {
        const order: string[] = [];
        const start = (db: typeof a, who: string) =>
          db.withStartupLock(async () => {
            order.push(`${who} in`);
            await db.migrate();
            order.push(`${who} out`);
          });
        await Promise.all([start(a, "a"), start(b, "b")]);
        // One after the other, never interleaved.
        expect(["a in,a out,b in,b out", "b in,b out,a in,a out"]).toContain(order.join(","));
        const rows = await a.rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect(rows[0].n).toBeGreaterThan(0);
        expect(await a.ping()).toBe(true);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it("on the embedded database it simply runs", async () => {
    const db = await openDatabase({});
    try {
      expect(await db.withStartupLock(async () => 42)).toBe(42);
    } finally {
      await db.close();
    }
  });
});
