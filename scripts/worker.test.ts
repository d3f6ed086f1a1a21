import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/db.ts";

/** Starts `node scripts/worker.ts` with these variables; its output so far and its exit. */
function startWorker(env: Record<string, string>) {
  const proc: ChildProcess = spawn(process.execPath, ["scripts/worker.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { proc, exited, out: () => out };
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("npm run worker", () => {
  it("refuses the embedded database, saying a worker cannot run beside the server", async () => {
    const worker = startWorker({ DATABASE_URL: "" });
    expect(await worker.exited).toBe(2);
    expect(worker.out()).toContain("DATABASE_URL");
    expect(worker.out()).toContain("cannot run beside it");
  });

  it.runIf(testDatabaseKind() === "postgres")(
    "runs the jobs of the queue on PostgreSQL without HTTP, takes a job, and stops cleanly on SIGTERM",
    async () => {
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = `sn_worker_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const worker = startWorker({ DATABASE_URL: url.toString(), SIGNING_SECRET: "worker-test-secret-0123456789" });
      const boss = new PgBoss({
        connectionString: url.toString(),
        schema: "pgboss",
        supervise: false,
        schedule: false,
      });
      try {
        await until(() => worker.out().includes('"worker ready"'), 60_000, `the worker to be ready:\n${worker.out()}`);
        // A renewal job as a web process queues it; the worker takes it (no such subscription: nothing to do).
        await boss.start();
        const id = await boss.send("billing-subscription", { id: 987_654 });
        expect(id).toBeTruthy();
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        try {
          await until(
            async () =>
              (await db.query("select state from pgboss.job where id = $1", [id])).rows[0]?.state === "completed",
            30_000,
            `the worker to complete the job:\n${worker.out()}`,
          );
        } finally {
          await db.end();
        }
        worker.proc.kill("SIGTERM");
        expect(await worker.exited).toBe(0);
        const messages = worker
          .out()
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l).msg);
        expect(messages).toEqual(expect.arrayContaining(["worker ready", "shutting down", "stopped"]));
        // Jobs only: it never listens.
        expect(messages).not.toContain("listening");
      } finally {
        worker.proc.kill("SIGKILL");
        await boss.stop({ graceful: false }).catch(() => {});
        const a = new pg.Client({ connectionString: admin });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      }
    },
    120_000,
  );
});
