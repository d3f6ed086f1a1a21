import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { createTestDatabase } from "#tests/db.ts";
import { accountAccess, auditActions, insertAudit, selectAudit, templateStateCounts } from "./repo.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe("operator repo", () => {
  it("reads an account's access, writes and pages the audit log, and counts templates by state", async () => {
    const db = database.db;
    const id = await createVerifiedAccount(
      { db, clock: { now: () => now } },
      { email: "op.repo@example.com", username: "oprepo", name: "Op", password: "Sl1des!rock" },
    );
    expect(await accountAccess(db, id)).toEqual({ role: "member", email: "op.repo@example.com", factor: false });
    expect(await accountAccess(db, id + 1000)).toBeUndefined();

    const entry = {
      actorId: id,
      actorLabel: "op.repo@example.com",
      targetKind: "account",
      targetId: String(id),
      targetLabel: "op.repo@example.com",
    };
    const first = await insertAudit(db, { ...entry, at: now, action: "b.one", before: null, after: { x: 1 } });
    const second = await insertAudit(db, {
      ...entry,
      at: new Date(now.getTime() + 1000),
      action: "a.two",
      before: { x: 1 },
      after: "text",
    });
    expect(second).toBeGreaterThan(first);
    const rows = await selectAudit(db, { action: null, limit: 10, offset: 0 });
    expect(rows.map((r) => [Number(r.id), r.action, r.actor_id, r.target_id, r.before, r.after])).toEqual([
      [second, "a.two", id, String(id), { x: 1 }, "text"],
      [first, "b.one", id, String(id), null, { x: 1 }],
    ]);
    expect((await selectAudit(db, { action: "b.one", limit: 10, offset: 0 })).map((r) => Number(r.id))).toEqual([
      first,
    ]);
    expect(await auditActions(db)).toEqual(["a.two", "b.one"]);

    expect(await templateStateCounts(db, now)).toEqual({ published: 0, scheduled: 0, draft: 0 });
  });
});
