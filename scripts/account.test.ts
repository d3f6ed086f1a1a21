import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { authenticate, createVerifiedAccount } from "#modules/accounts/service.ts";
import { createSession } from "#modules/auth/sessions.ts";
import { listAudit } from "#modules/operator/audit.ts";
import { systemClock } from "#modules/shared/context.ts";
import { createTestDataDir } from "#tests/pglite-base.ts";
import { runAccountCommand } from "./account.ts";

const silent = { info() {}, warn() {}, error() {} };
let dataDir: string;

/**
 * The command's work, in this process (its answers and changes); `cli` below runs it as an operator does,
 * a process of its own, for what only a process shows (its exit code, a database another process holds).
 */
const run = (...args: string[]) =>
  runAccountCommand(args, getEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }));
const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ["scripts/account.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`.trim() };
};
const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) => {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-account-cli-"));
  await createTestDataDir(path.join(dataDir, "db"));
  await withDb((database) =>
    createVerifiedAccount(
      { db: database.db, clock: systemClock },
      { email: "Op.Target@example.com", username: "op-target", name: "Op Target", password: "Sl1des!rock" },
    ),
  );
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run account", () => {
  it("blocks (ending the sessions) and unblocks by e-mail or username, and sets a plan", async () => {
    await withDb(async (database) => {
      const [{ id }] = await database.rows<{ id: number }>(sql`select id from account where username = 'op-target'`);
      await createSession({ db: database.db, clock: systemClock, secret: "s".repeat(32) }, id);
    });
    const blocked = await run("block", "op.target@EXAMPLE.com");
    expect(blocked).toEqual({ code: 0, out: "Op.Target@example.com blocked; its sessions ended" });
    await withDb(async (database) => {
      const ctx = { db: database.db, locale: "en" as const, clock: systemClock, log: silent };
      expect(await authenticate(ctx, { login: "op-target", password: "Sl1des!rock" })).toMatchObject({
        ok: false,
        code: "auth.errors.blocked",
      });
      const [{ live }] = await database.rows<{ live: number }>(
        sql`select count(*)::int as live from auth_session where revoked_at is null`,
      );
      expect(live).toBe(0);
    });
    expect(await run("unblock", "op-target")).toEqual({ code: 0, out: "Op.Target@example.com unblocked" });
    expect(await run("plan", "op-target", "COMMERCIAL_YEARLY")).toEqual({
      code: 0,
      out: "Op.Target@example.com: plan FREE -> COMMERCIAL_YEARLY",
    });
    await withDb(async (database) => {
      const ctx = { db: database.db, locale: "en" as const, clock: systemClock, log: silent };
      expect(await authenticate(ctx, { login: "op-target", password: "Sl1des!rock" })).toMatchObject({ ok: true });
      const [{ plan }] = await database.rows<{ plan: string }>(
        sql`select plan from account where username = 'op-target'`,
      );
      expect(plan).toBe("COMMERCIAL_YEARLY");
    });
  });

  it("says what is wrong: usage, an unknown account or plan", async () => {
    expect(await run()).toMatchObject({ code: 2, out: expect.stringContaining("usage: npm run account --") });
    expect(await run("delete", "op-target")).toMatchObject({ code: 2 });
    expect(await run("block", "nobody@example.com")).toEqual({
      code: 1,
      out: "no account with the e-mail or username nobody@example.com",
    });
    expect(await run("plan", "op-target", "GOLD")).toMatchObject({
      code: 1,
      out: expect.stringContaining("unknown plan GOLD"),
    });
  });

  it("makes an operator and a member again, each change in the audit log, and says when nothing changes", async () => {
    expect(await run("role", "OP-TARGET", "operator")).toEqual({
      code: 0,
      out: "Op.Target@example.com: role member -> operator; they turn on the second factor (TOTP) at their first visit to /operator",
    });
    expect(await run("role", "op-target", "operator")).toEqual({
      code: 0,
      out: "Op.Target@example.com is already an operator",
    });
    expect(await run("role", "op.target@example.com", "member")).toMatchObject({
      code: 0,
      out: "Op.Target@example.com: role operator -> member; /operator no longer exists for them",
    });
    expect(await run("role", "op-target", "admin")).toEqual({
      code: 1,
      out: "unknown role admin: one of member, operator",
    });
    expect(await run("role", "nobody", "operator")).toEqual({
      code: 1,
      out: "no account with the e-mail or username nobody",
    });
    expect(await run("role", "op-target")).toMatchObject({ code: 2 });
    expect(await run("second-factor-off", "op-target")).toEqual({
      code: 0,
      out: "Op.Target@example.com has no second factor (nothing to do)",
    });
    await withDb(async (database) => {
      const [{ role }] = await database.rows<{ role: string }>(
        sql`select role from account where username = 'op-target'`,
      );
      expect(role).toBe("member");
      const { entries } = await listAudit({ db: database.db }, { action: "account.role" });
      expect(entries.map((e) => [e.before, e.after])).toEqual([
        [{ role: "operator" }, { role: "member" }],
        [{ role: "member" }, { role: "operator" }],
      ]);
      expect(entries[0]).toMatchObject({
        actor: { id: null, label: expect.stringMatching(/^command line \(.+\)$/) },
        target: { kind: "account", label: "Op.Target@example.com" },
        changes: [{ field: "role", before: "operator", after: "member" }],
      });
    });
  });

  it("run from the shell, says plainly that the server has the embedded database open, and changes nothing", async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const held = cli("role", "op-target", "operator");
      expect(held.code).toBe(1);
      expect(held.out).toContain("is open in another process");
      expect(held.out).toContain("Stop the server, run this command again");
      const [{ role }] = await database.rows<{ role: string }>(
        sql`select role from account where username = 'op-target'`,
      );
      expect(role).toBe("member");
    } finally {
      await database.close();
    }
    // Once it is closed, the command run from the shell prints its answer and exits 0.
    expect(cli("role", "op-target", "operator")).toEqual({
      code: 0,
      out: "Op.Target@example.com: role member -> operator; they turn on the second factor (TOTP) at their first visit to /operator",
    });
  });
});
