import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { createTestDatabase, testDatabaseKind } from "#tests/db.ts";
import { attemptKey, createRateLimiters, RateLimiter } from "./rate-limit.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

const T0 = Date.parse("2026-11-23T10:00:00Z");

describe("rate limits kept in the database", () => {
  it("gives a burst, then refuses with the seconds until a token is back, then refills over time", async () => {
    const limiter = new RateLimiter(database.db, "test-burst", [3, 6]); // 3 at once, one every 10 s
    for (let i = 0; i < 3; i++) expect(await limiter.take("client-a", T0)).toEqual({ ok: true });
    expect(await limiter.take("client-a", T0)).toEqual({ ok: false, retryAfter: 10 });
    // Another client has its own budget.
    expect(await limiter.take("client-b", T0)).toEqual({ ok: true });
    // A refusal costs nothing: 4 s later, 6 s are left to wait.
    expect(await limiter.take("client-a", T0 + 4_000)).toEqual({ ok: false, retryAfter: 6 });
    expect(await limiter.take("client-a", T0 + 10_000)).toEqual({ ok: true });
    // Long idle refills to the burst, never beyond it.
    for (let i = 0; i < 3; i++) expect((await limiter.take("client-a", T0 + 3_600_000)).ok).toBe(true);
    expect((await limiter.take("client-a", T0 + 3_600_000)).ok).toBe(false);
  });

  it("charges a cost in tokens, and a cost over the burst takes the whole burst", async () => {
    const limiter = new RateLimiter(database.db, "test-cost", [10, 60]);
    expect((await limiter.take("k", T0, 7)).ok).toBe(true);
    expect(await limiter.take("k", T0, 5)).toEqual({ ok: false, retryAfter: 2 });
    expect((await limiter.take("k", T0, 3)).ok).toBe(true);
    expect((await limiter.take("other", T0, 1_000)).ok).toBe(true);
    expect((await limiter.take("other", T0, 1)).ok).toBe(false);
  });

  it("never refills backwards when a process's clock is behind another's", async () => {
    const limiter = new RateLimiter(database.db, "test-clock", [1, 1]);
    expect((await limiter.take("k", T0 + 60_000)).ok).toBe(true);
    // A process 30 s behind cannot create tokens from the negative interval.
    expect((await limiter.take("k", T0 + 30_000)).ok).toBe(false);
    expect((await limiter.take("k", T0 + 60_000)).ok).toBe(false);
  });

  it("grants exactly the burst to many concurrent takes", async () => {
    const limiter = new RateLimiter(database.db, "test-race", [10, 1]);
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.take("k", T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
  });

  it("keeps the limits of each name apart, and long keys in one bucket", async () => {
    const limiters = createRateLimiters(database.db, { a: [1, 1], b: [1, 1] } as never);
    const named = limiters as unknown as Record<"a" | "b", RateLimiter>;
    expect((await named.a.take("same", T0)).ok).toBe(true);
    expect((await named.b.take("same", T0)).ok).toBe(true);
    expect((await named.a.take("same", T0)).ok).toBe(false);
    const long = "x".repeat(5_000);
    expect((await named.a.take(long, T0)).ok).toBe(true);
    expect((await named.a.take(`${long}y`, T0)).ok).toBe(false);
    // A key PostgreSQL could not store (a NUL typed into a login) still has its bucket.
    expect((await named.b.take("login\u0000name", T0)).ok).toBe(true);
    expect((await named.b.take("login\u0000name", T0)).ok).toBe(false);
  });

  it.runIf(testDatabaseKind() === "postgres")(
    "is one budget for two processes on one PostgreSQL, and survives a restart of either",
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const name = (await database.rows<{ db: string }>(sql`select current_database() as db`))[0].db;
      const u = new URL(url);
      u.pathname = `/${name}`;
      const other = await openDatabase({ url: u.toString(), poolMax: 5 });
      try {
        const here = new RateLimiter(database.db, "test-procs", [20, 1]);
        const there = new RateLimiter(other.db, "test-procs", [20, 1]);
        const results = await Promise.all(
          Array.from({ length: 60 }, (_, i) => (i % 2 ? here : there).take("client", T0)),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(20);
        // A new process (a restart) finds the budget spent.
        const restarted = new RateLimiter(other.db, "test-procs", [20, 1]);
        expect((await restarted.take("client", T0 + 1_000)).ok).toBe(false);
      } finally {
        await other.close();
      }
    },
  );

  it("keeps budgets per account and client under one key: one account on one client, guests by client", async () => {
    expect(attemptKey(7, "203.0.113.7")).toBe("a:7:203.0.113.7");
    expect(attemptKey(null, "203.0.113.7")).toBe("a::203.0.113.7");
    expect(attemptKey(undefined, "2001:db8::/64")).toBe("a::2001:db8::/64");
    const limiter = new RateLimiter(database.db, "test-attempts", [1, 1]);
    expect((await limiter.take(attemptKey(7, "client-a"), T0)).ok).toBe(true);
    expect((await limiter.take(attemptKey(7, "client-a"), T0)).ok).toBe(false);
    expect((await limiter.take(attemptKey(8, "client-a"), T0)).ok).toBe(true);
    expect((await limiter.take(attemptKey(7, "client-b"), T0)).ok).toBe(true);
    expect((await limiter.take(attemptKey(null, "client-a"), T0)).ok).toBe(true);
  });
});
