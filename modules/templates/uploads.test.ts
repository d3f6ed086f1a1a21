import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_UPLOADS } from "#config/constants.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { discardUpload, findUploads, purgeStaleUploads, receiveUpload } from "./uploads.ts";

/** The upload service's edges: a stream that stops, the pending quota, another account's ids, expiry. */
const silent = { info() {}, warn() {}, error() {} };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let filesDir: string;
let t = new Date("2026-11-25T12:00:00Z");
const clock = { now: () => t };
let ana: number;
let bo: number;
const deck = fs.readFileSync(path.join(import.meta.dirname, "../slides/fixtures/theme.pptx"));
const ctx = () => ({ db: database.db, storage: diskStorage(filesDir), clock, log: silent });
const streamOf = (data: Buffer, opts: { failAfter?: number } = {}) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      const size = 4096;
      for (let i = 0; i < data.length; i += size) {
        if (opts.failAfter !== undefined && i >= opts.failAfter) {
          c.error(new Error("connection reset"));
          return;
        }
        c.enqueue(new Uint8Array(data.subarray(i, i + size)));
      }
      c.close();
    },
  });
const send = (account: number, name: string, data: Buffer, opts: { failAfter?: number; size?: number } = {}) =>
  receiveUpload(ctx(), account, {
    name: encodeURIComponent(name),
    size: String(opts.size ?? data.length),
    body: streamOf(data, opts),
  });
const files = () => {
  const dir = path.join(filesDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

beforeAll(async () => {
  database = await createTestDatabase();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-uploads-"));
  const make = (username: string) =>
    createVerifiedAccount(
      { db: database.db, clock },
      { email: `${username}@example.com`, username, name: username, password: "Sl1des!rock" },
    );
  ana = await make("ana");
  bo = await make("bo");
});
afterAll(async () => {
  await database?.cleanup();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe("template uploads", () => {
  it("keep nothing of a stream that stops half way, or that sends more or less than it announced", async () => {
    expect(await send(ana, "a.pptx", deck, { failAfter: 4096 })).toMatchObject({
      ok: false,
      code: "account.operator.editor.errors.uploadStopped",
    });
    expect(await send(ana, "a.pptx", deck, { size: deck.length + 10 })).toMatchObject({ ok: false, status: 400 });
    expect(await send(ana, "a.pptx", deck, { size: deck.length - 10 })).toMatchObject({ ok: false, status: 400 });
    expect(files().filter((f) => !f.endsWith(".tmp"))).toEqual([]);
    expect(files()).toEqual([]);
  });

  it("take unicode names, and refuse empty, control-character and folder names", async () => {
    const ok = await send(ana, "Presentación — año 2026 🎉.pptx", deck);
    expect(ok).toMatchObject({ ok: true, value: { name: "Presentación — año 2026 🎉.pptx" } });
    for (const name of ["", "   ", "a\u0000b.pptx", "dir/a.pptx", "..", `${"x".repeat(250)}.pptx`])
      expect((await send(ana, name, deck)).ok).toBe(false);
  });

  it("are the uploader's alone: another account neither finds nor removes them", async () => {
    const r = await send(ana, "mine.pptx", deck);
    if (!r.ok) throw new Error(r.code);
    expect((await findUploads(ctx(), bo, [r.value.id])).size).toBe(0);
    expect(await discardUpload(ctx(), bo, r.value.id)).toBe(false);
    expect(files()).toContain(r.value.id);
    expect(await discardUpload(ctx(), ana, r.value.id)).toBe(true);
    expect(files()).not.toContain(r.value.id);
  });

  it("hold an operator to TEMPLATE_UPLOADS.maxPending at once, also when sent together", async () => {
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from template_upload where account_id = ${bo}`,
    );
    const room = TEMPLATE_UPLOADS.maxPending - n;
    for (let i = 0; i < room - 1; i++) expect((await send(bo, `d${i}.pptx`, deck)).ok).toBe(true);
    // The last place, and one more: one is refused.
    const both = await Promise.all([send(bo, "last.pptx", deck), send(bo, "over.pptx", deck)]);
    const refused = both.filter((r) => !r.ok);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0]).toMatchObject({ status: 429, code: "account.operator.editor.errors.tooManyUploads" });
  });

  it("answer 503 on a full disk, keep nothing, and take the next upload once there is room", async () => {
    const disk = diskStorage(filesDir);
    let full = true;
    const storage = {
      ...disk,
      async putStream(key: string, body: import("node:stream").Readable, size: number) {
        if (!full) return disk.putStream(key, body, size);
        for await (const _ of body)
          throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      },
    };
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from template_upload`);
    const r = await receiveUpload({ ...ctx(), storage }, ana, {
      name: "full.pptx",
      size: String(deck.length),
      body: streamOf(deck),
    });
    expect(r).toMatchObject({ ok: false, status: 503, code: "account.operator.editor.errors.storageUnavailable" });
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from template_upload`);
    expect(after[0].n).toBe(before[0].n);
    full = false;
    const again = await receiveUpload({ ...ctx(), storage }, ana, {
      name: "full.pptx",
      size: String(deck.length),
      body: streamOf(deck),
    });
    expect(again.ok).toBe(true);
  });

  it("go after TEMPLATE_UPLOADS.keepHours unused, rows and files", async () => {
    const before = files().length;
    expect(before).toBeGreaterThan(0);
    t = new Date(t.getTime() + TEMPLATE_UPLOADS.keepHours * 3_600_000 + 1000);
    expect(await purgeStaleUploads(ctx())).toBe(before);
    expect(files()).toEqual([]);
    // And the quota is free again.
    expect((await send(bo, "again.pptx", deck)).ok).toBe(true);
  });
});
