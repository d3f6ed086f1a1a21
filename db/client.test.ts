import { randomBytes } from "node:crypto";
import net from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { testDatabaseKind } from "#tests/db.ts";
import { isDatabaseUnavailable, openDatabase } from "./client.server.ts";

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

  it.skipIf(testDatabaseKind() !== "postgres")(
    "a process waits for another's start longer than a statement may run, and its statements are bounded again after",
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const [a, b] = await Promise.all([
        openDatabase({ url, statementTimeoutMs: 300, poolMax: 1 }),
        openDatabase({ url, statementTimeoutMs: 300, poolMax: 1 }),
      ]);
      try {
        let release: () => void = () => {};
        const holding = new Promise<void>((r) => {
          release = r;
        });
        let aIn: () => void = () => {};
        const aHasIt = new Promise<void>((r) => {
          aIn = r;
        });
        const first = a.withStartupLock(async () => {
          aIn();
          await holding;
        });
        await aHasIt;
        const second = b.withStartupLock(async () => "b started");
        // a holds the lock three times as long as b's statements may run.
        await new Promise((r) => setTimeout(r, 900));
        release();
        await first;
        expect(await second).toBe("b started");
        // The same connection (pool of one) answers requests with the timeout again.
        const error = await b.rows(sql`select pg_sleep(1)`).then(
          () => undefined,
          (e: Error & { cause?: { code?: string } }) => e,
        );
        expect(error?.cause?.code).toBe("57014"); // query_canceled: the statement timeout
      } finally {
        await a.close();
        await b.close();
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

  it("answers readiness within a second when PostgreSQL is stuck or gone", async () => {
    // A server that takes the connection and never says a word.
    const sockets: net.Socket[] = [];
    const stuck = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => stuck.listen(0, "127.0.0.1", resolve));
    const port = (stuck.address() as net.AddressInfo).port;
    const db = await openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none` });
    try {
      const started = Date.now();
      expect(await db.ping()).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_500);
      const gone = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
      expect(await gone.ping()).toBe(false);
      await gone.close();
    } finally {
      // The pool's own connection attempt is still waiting on the silent server: cut it, and do not wait
      // for the pool to notice (its connect time-out does that in its own time).
      for (const s of sockets) s.destroy();
      stuck.close();
      void db.close().catch(() => {});
    }
  }, 20_000);
});

describe("database unavailable", () => {
  it.skipIf(testDatabaseKind() !== "postgres")(
    "a connection cut in the middle of a transaction fails that transaction, not the process",
    async () => {
      const database = await openDatabase({ url: process.env.TEST_DATABASE_URL as string, poolMax: 2 });
      try {
        const error = await database.db
          .transaction(async (tx) => {
            const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
            // Another connection ends this one as a restart does (57P01), while it waits between statements.
            await database.rows(sql`select pg_terminate_backend(${pid})`);
            await new Promise((r) => setTimeout(r, 300));
            await queryRows(tx, sql`select 1`);
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(isDatabaseUnavailable(error)).toBe(true);
        // The pool dropped the dead connection: the next statements are answered.
        for (let i = 0; i < 3; i++) expect(await database.rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    },
  );

  it("tells a database that is not there from a query that is wrong", async () => {
    const gone = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    const refused = await gone.rows(sql`select 1`).catch((e: unknown) => e);
    await gone.close();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    const here = await openDatabase({});
    try {
      const wrong = await here.rows(sql`select * from no_such_table`).catch((e: unknown) => e);
      expect(wrong).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
    } finally {
      await here.close();
    }
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable("a string")).toBe(false);
  });
});
