import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIGURES } from "#config/constants.ts";
import { type JobQueue, startJobQueue } from "#modules/jobs/queue.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase, type TestDatabase } from "#tests/db.ts";
import { runFiguresJob } from "./service.ts";

/**
 * The figures job on the kept queue: two processes' queues on one database, each asking for a run at
 * start; the days are computed (today, then the backfill), each once in its rows, whoever ran them.
 */
const silent = { info() {}, warn() {}, error() {} };
const now = new Date("2026-11-20T12:00:00Z");
const clock = { now: () => now };
let database: TestDatabase | undefined;
const queues: JobQueue[] = [];

/** Each attempt (a retry included) on a database of its own, with no queue left from another. */
beforeEach(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into account (email, username, name, password_hash, verified_at, created_at)
    values ('fig@example.com', 'fig', 'Fig', 'x', '2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z')`);
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
  await database?.cleanup();
  database = undefined;
});

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

describe("the figures job on the queue", () => {
  it("runs at start in either of two processes, and today's figures are there once", async () => {
    if (!database) throw new Error("no database");
    const { db } = database;
    const started = Date.now();
    let runs = 0;
    let finished = 0;
    for (let i = 0; i < 2; i++)
      queues.push(
        await startJobQueue({
          database,
          log: silent,
          pollingIntervalSeconds: 0.5,
          handlers: {
            advanceSubscription: async () => {},
            sweepSubscriptions: async () => {},
            figures: async () => {
              runs++;
              await runFiguresJob({ db, clock });
              finished++;
            },
          },
        }),
      );
    // The first run to its end (today, then the backfill), however slow the machine.
    await until(async () => finished >= 1, 60_000);
    // Exclusive: the second start's run was dropped while the first was queued or running.
    await new Promise((r) => setTimeout(r, 1500));
    // (Its cron may have fired too, when the test crossed one of its slots.)
    const slot = FIGURES.refreshMinutes * 60_000;
    const crossed = Math.floor(Date.now() / slot) !== Math.floor(started / slot);
    expect(runs).toBe(crossed ? Math.min(runs, 2) : 1);
    const today = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from daily_figure_run where day = '2026-11-20'`,
    );
    expect(today[0].n).toBe(1);
    const signups = await queryRows<{ value: string }>(
      db,
      sql`select value from daily_figure where metric = 'signups' and day = '2026-11-20'`,
    );
    expect(signups.map((r) => Number(r.value))).toEqual([1]);
    const days = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from daily_figure_run`);
    expect(days[0].n).toBe(1 + FIGURES.backfillPerRun);
  });
});
