import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanCode } from "#config/constants.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import type { FileContext } from "#modules/files/service.ts";
import { diskStorage } from "#modules/files/storage.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { listDownloadHistory } from "./history.ts";
import {
  callerViewer,
  countCallerDownloads,
  countDownloads,
  type DownloadContext,
  getAllowance,
  getMemberHeader,
  requestDownload,
  type Viewer,
} from "./service.ts";
import { verifyFileToken } from "./signing.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
let files: FileContext;
const silent = { info() {}, warn() {}, error() {} };
const secret = "test-secret-test-secret-test-secret";
let clockNow = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => clockNow };
type Variant = { color_id: number; template_id: number; is_premium: boolean; slug: string };
let free: Variant[] = [];
let premium: Variant;

const ctx = (): DownloadContext => ({
  db: database.db,
  locale: "en",
  clock,
  log: silent,
  storage: files.storage,
  inflight: files.inflight,
  secret,
});
let guestSeq = 0;
const guest = (ip = "203.0.113.7") => ({ kind: "guest" as const, guestId: `guest-${++guestSeq}`, ip });

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now: new Date("2026-11-01T00:00:00Z"), count: 150 } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-dl-"));
  files = { db: database.db, storage: diskStorage(dir), log: silent, inflight: new Map() };
  const rows = await queryRows<Variant>(
    database.db,
    sql`select tc.id as color_id, t.id as template_id, t.is_premium, tr.slug from template t
        join template_color tc on tc.template_id = t.id and tc.position = 0
        join template_translation tr on tr.template_id = t.id and tr.locale = 'en'
        where t.published_at <= ${clockNow} order by t.id`,
  );
  free = rows.filter((r) => !r.is_premium);
  premium = rows.find((r) => r.is_premium)!;
  expect(free.length).toBeGreaterThanOrEqual(52);
});
afterAll(async () => {
  await database?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const used = async (subject: string, period = "2026-11") =>
  Number(
    (
      await queryRows<{ used: number }>(
        database.db,
        sql`select used from download_counter where subject = ${subject} and period = ${period}`,
      )
    )[0]?.used ?? 0,
  );
const recorded = async (fingerprint: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from download where fingerprint = ${fingerprint}`,
      )
    )[0].n,
  );

describe("guest downloads", () => {
  it("grants 3 templates a month, each as a signed address of the free-licence file, then refuses the fourth", async () => {
    const g = guest();
    for (let i = 0; i < 3; i++) {
      const r = await requestDownload(ctx(), { viewer: g, templateColorId: free[i].color_id, format: "PP" });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.kind).toBe("file");
      expect(r.value.allowance).toMatchObject({ used: i + 1, limit: 3, left: 2 - i });
      expect(r.value.fileName).toBe(`${free[i].slug}-${r.value.fileName!.slice(free[i].slug.length + 1, -8)}-pp.pptx`);
      const token = verifyFileToken(secret, r.value.url.replace("/files/d/", ""), clockNow.getTime());
      expect(token.ok && token.value.key).toMatch(/-free\.pptx$/);
    }
    const fourth = await requestDownload(ctx(), { viewer: g, templateColorId: free[3].color_id, format: "PP" });
    expect(fourth).toMatchObject({ ok: false, code: "downloads.errors.limitGuest", allowance: { used: 3, left: 0 } });
    expect(await used(`g:${g.guestId}`)).toBe(3);
    expect(await recorded(g.guestId)).toBe(3);
    expect(await countDownloads(ctx(), { guestId: g.guestId })).toBe(3);
    // Read back the way the API allows: one's own fingerprint or oneself; another's is refused.
    const caller = { accountId: null, guestId: g.guestId };
    expect(await countCallerDownloads(ctx(), caller, {})).toEqual({ ok: true, value: 3 });
    expect(await countCallerDownloads(ctx(), caller, { fingerprint: g.guestId })).toEqual({ ok: true, value: 3 });
    expect(await countCallerDownloads(ctx(), caller, { fingerprint: "someone-else" })).toEqual({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await countCallerDownloads(ctx(), caller, { accountId: 1 })).toEqual({ ok: false, code: "FORBIDDEN" });
    expect(await countCallerDownloads(ctx(), { accountId: null, guestId: null }, {})).toEqual({ ok: true, value: 0 });
  });

  it("refuses a download past the allowance before making or reading its file; one already granted still comes", async () => {
    const g = guest("192.0.2.90");
    for (const t of free.slice(20, 23))
      expect((await requestDownload(ctx(), { viewer: g, templateColorId: t.color_id, format: "PP" })).ok).toBe(true);
    // Every call to the file storage, and every deck written, while the refused request runs.
    const calls: string[] = [];
    const spied = Object.fromEntries(
      Object.entries(files.storage).map(([name, fn]) => [
        name,
        (...args: unknown[]) => {
          calls.push(`${name} ${String(args[0])}`);
          return (fn as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    ) as FileContext["storage"];
    const watched = (): DownloadContext => ({ ...ctx(), storage: spied });
    const target = free[23];
    const filesOf = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from template_file where template_color_id = ${target.color_id}`,
        )
      )[0].n;
    const filesBefore = await filesOf();
    const refused = await requestDownload(watched(), { viewer: g, templateColorId: target.color_id, format: "PP" });
    expect(refused).toMatchObject({ ok: false, code: "downloads.errors.limitGuest", allowance: { used: 3, left: 0 } });
    expect(calls).toEqual([]);
    expect(await filesOf()).toBe(filesBefore);
    expect(await recorded(g.guestId)).toBe(3);
    // A template granted this month is not a new credit: it still comes, from the storage.
    const again = await requestDownload(watched(), { viewer: g, templateColorId: free[20].color_id, format: "PP" });
    expect(again).toMatchObject({ ok: true, value: { alreadyOwned: true, allowance: { used: 3, left: 0 } } });
    expect(calls.length).toBeGreaterThan(0);
  });

  it("lets a guest download again, in any color or format, a template already downloaded this month at no cost", async () => {
    const g = guest("203.0.113.8");
    const popularity = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select downloads_count as n from template where id = ${free[0].template_id}`,
        )
      )[0].n;
    const before = await popularity();
    const first = await requestDownload(ctx(), { viewer: g, templateColorId: free[0].color_id, format: "PP" });
    const again = await requestDownload(ctx(), { viewer: g, templateColorId: free[0].color_id, format: "KN" });
    expect(again).toMatchObject({ ok: true, value: { alreadyOwned: true, allowance: { used: 1 } } });
    // The same licence, one credit, both downloads recorded, popularity counted once.
    expect(first.ok && again.ok && again.value.licence.code).toBe(first.ok && first.value.licence.code);
    expect(await used(`g:${g.guestId}`)).toBe(1);
    expect(await recorded(g.guestId)).toBe(2);
    expect(await popularity()).toBe(before + 1);
  });

  it("starts again at 00:00 UTC on the 1st", async () => {
    const g = guest("203.0.113.9");
    clockNow = new Date("2026-11-30T23:59:59Z");
    for (let i = 0; i < 3; i++)
      await requestDownload(ctx(), { viewer: g, templateColorId: free[i].color_id, format: "PP" });
    expect((await requestDownload(ctx(), { viewer: g, templateColorId: free[3].color_id, format: "PP" })).ok).toBe(
      false,
    );
    expect((await getAllowance(ctx(), g)).resetsAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    clockNow = new Date("2026-12-01T00:00:00Z");
    const next = await requestDownload(ctx(), { viewer: g, templateColorId: free[3].color_id, format: "PP" });
    expect(next).toMatchObject({ ok: true, value: { alreadyOwned: false, allowance: { used: 1, left: 2 } } });
    // The same template as last month costs a credit again in the new month.
    const old = await requestDownload(ctx(), { viewer: g, templateColorId: free[0].color_id, format: "PP" });
    expect(old).toMatchObject({ ok: true, value: { alreadyOwned: false, allowance: { used: 2 } } });
    clockNow = new Date("2026-11-20T10:00:00Z");
  });

  it("caps one address at three guests' worth, so clearing cookies does not reset the allowance", async () => {
    const ip = "198.51.100.20";
    let granted = 0;
    for (let n = 0; n < 4; n++) {
      const g = guest(ip);
      for (let i = 0; i < 3; i++) {
        const r = await requestDownload(ctx(), { viewer: g, templateColorId: free[n * 3 + i].color_id, format: "PP" });
        if (r.ok) granted++;
      }
    }
    expect(granted).toBe(9);
    expect(await used(`ip:${ip}`)).toBe(9);
  });

  it("grants exactly the credits left when 50 requests arrive at once, and records exactly those", async () => {
    const g = guest("192.0.2.50");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        requestDownload(ctx(), { viewer: g, templateColorId: free[i].color_id, format: "PP" }),
      ),
    );
    const ok = results.filter((r) => r.ok);
    const distinct = new Set(
      ok
        .map((r) => (r.ok ? r.value.url : ""))
        .map((u) => verifyFileToken(secret, u.replace("/files/d/", ""), clockNow.getTime()))
        .map((t) => (t.ok ? t.value.key : "")),
    );
    expect(distinct.size).toBe(3);
    expect(await used(`g:${g.guestId}`)).toBe(3);
    const recordedTemplates = await queryRows<{ n: number }>(
      database.db,
      sql`select count(distinct template_id)::int as n from download where fingerprint = ${g.guestId}`,
    );
    expect(recordedTemplates[0].n).toBe(3);
    expect(await recorded(g.guestId)).toBe(ok.length);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === "downloads.errors.limitGuest")).toBe(true);
  });

  it("sends a premium template to the go-premium answer without taking a credit", async () => {
    const g = guest("192.0.2.60");
    expect(await requestDownload(ctx(), { viewer: g, templateColorId: premium.color_id, format: "PP" })).toMatchObject({
      ok: false,
      code: "downloads.errors.premium",
    });
    expect(await used(`g:${g.guestId}`)).toBe(0);
  });

  it("answers 'not available' for a template with no file and nothing to make it from, taking no credit", async () => {
    const g = guest("192.0.2.70");
    const target = free[free.length - 1];
    await database.db.execute(
      sql`update template set design = '{"slides": []}'::jsonb where id = ${target.template_id}`,
    );
    const r = await requestDownload(ctx(), { viewer: g, templateColorId: target.color_id, format: "PP" });
    expect(r).toEqual({ ok: false, code: "downloads.errors.notAvailable" });
    expect(await used(`g:${g.guestId}`)).toBe(0);
    expect(await recorded(g.guestId)).toBe(0);
  });

  /** A variant's free deck as a first download (by another guest) stored it: its file and bytes, the size its row says. */
  const storedDeck = async (target: Variant, ip: string) => {
    const first = await requestDownload(ctx(), { viewer: guest(ip), templateColorId: target.color_id, format: "PP" });
    expect(first.ok).toBe(true);
    const [row] = await queryRows<{ storage_key: string; size_bytes: number }>(
      database.db,
      sql`select storage_key, size_bytes from template_file where template_color_id = ${target.color_id} and variant = 'free'`,
    );
    const file = path.join(dir, row.storage_key);
    const deck = fs.readFileSync(file);
    expect(deck.length).toBe(row.size_bytes);
    return { file, deck };
  };

  it("answers 'broken' for a stored file that is not a valid deck, taking no credit", async () => {
    const g = guest("192.0.2.80");
    const target = free[free.length - 2];
    const { file, deck } = await storedDeck(target, "192.0.2.81");
    fs.writeFileSync(file, "this is not a pptx");
    const r = await requestDownload(ctx(), { viewer: g, templateColorId: target.color_id, format: "PP" });
    expect(r).toEqual({ ok: false, code: "downloads.errors.broken" });
    expect(await used(`g:${g.guestId}`)).toBe(0);
    // Cut short by one byte (a copy that stopped early): refused too.
    fs.writeFileSync(file, deck.subarray(0, deck.length - 1));
    const cut = await requestDownload(ctx(), { viewer: g, templateColorId: target.color_id, format: "PP" });
    expect(cut).toEqual({ ok: false, code: "downloads.errors.broken" });
    expect(await used(`g:${g.guestId}`)).toBe(0);
    expect(await recorded(g.guestId)).toBe(0);
  });

  it("makes a stored deck that went missing again, and grants it", async () => {
    const g = guest("192.0.2.82");
    const target = free[free.length - 3];
    const { file, deck } = await storedDeck(target, "192.0.2.83");
    fs.rmSync(file);
    const again = await requestDownload(ctx(), { viewer: g, templateColorId: target.color_id, format: "PP" });
    expect(again.ok).toBe(true);
    // The same deck: every part of it, but for the time it was made (docProps/core.xml, and the zip's
    // own entry times), which a second build a second later says differently.
    const parts = (bytes: Buffer) => {
      const { "docProps/core.xml": made, ...rest } = unzipSync(new Uint8Array(bytes));
      expect(strFromU8(made)).toContain("<dcterms:created");
      return rest;
    };
    const remade = parts(fs.readFileSync(file));
    expect(Object.keys(remade).length).toBeGreaterThan(10);
    expect(remade).toEqual(parts(deck));
    expect(await used(`g:${g.guestId}`)).toBe(1);
  });

  it("answers 'unknown' for color variants that do not exist", async () => {
    expect(await requestDownload(ctx(), { viewer: guest(), templateColorId: 99_999_999, format: "PP" })).toEqual({
      ok: false,
      code: "downloads.errors.unknown",
    });
  });
});

describe("the caller as a downloader", () => {
  it("is the signed-in account (address kept), else the guest of the cookie and address", () => {
    expect(
      callerViewer({ account: { id: 7, plan: "PERSONAL_MONTHLY" }, guestId: "g-1", clientKey: "1.2.3.4" }),
    ).toEqual({
      kind: "account",
      accountId: 7,
      plan: "PERSONAL_MONTHLY",
      ip: "1.2.3.4",
    });
    expect(callerViewer({ account: null, guestId: "g-1", clientKey: "1.2.3.4" })).toEqual({
      kind: "guest",
      guestId: "g-1",
      ip: "1.2.3.4",
    });
    expect(callerViewer({ account: null, guestId: null, clientKey: "" })).toEqual({
      kind: "guest",
      guestId: "",
      ip: "",
    });
  });
});

describe("downloads for accounts", () => {
  let seq = 0;
  const account = async (plan: PlanCode): Promise<Viewer> => {
    const id = await createVerifiedAccount(
      { db: database.db, clock },
      { email: `dl${++seq}@example.com`, username: `dl${seq}`, name: "D", password: "Sl1des!rock", plan },
    );
    return { kind: "account", accountId: id, plan, ip: "198.51.100.9" };
  };
  const licenseOfLast = async (accountId: number) =>
    (
      await queryRows<{ license: string; fingerprint: string | null }>(
        database.db,
        sql`select license, fingerprint from download where account_id = ${accountId} order by id desc limit 1`,
      )
    )[0];

  it("gives a free account 10 free templates a month, then the upgrade answer; no address cap", async () => {
    const v = await account("FREE");
    for (let i = 0; i < 10; i++) {
      const r = await requestDownload(ctx(), { viewer: v, templateColorId: free[20 + i].color_id, format: "PP" });
      expect(r.ok, `download ${i + 1}`).toBe(true);
    }
    const refused = await requestDownload(ctx(), { viewer: v, templateColorId: free[30].color_id, format: "PP" });
    expect(refused).toMatchObject({
      ok: false,
      code: "downloads.errors.limitFree",
      allowance: { used: 10, limit: 10, left: 0 },
    });
    expect(await licenseOfLast(v.kind === "account" ? v.accountId : 0)).toEqual({ license: "free", fingerprint: null });
    expect(await countDownloads(ctx(), { accountId: v.kind === "account" ? v.accountId : 0 })).toBe(10);
    // A free account is still refused premium templates.
    expect(
      await requestDownload(ctx(), { viewer: await account("FREE"), templateColorId: premium.color_id, format: "PP" }),
    ).toMatchObject({ ok: false, code: "downloads.errors.premium" });
  });

  it("opens premium templates to Personal, without the attribution slide, under the personal license", async () => {
    const v = await account("PERSONAL_MONTHLY");
    const r = await requestDownload(ctx(), { viewer: v, templateColorId: premium.color_id, format: "PP" });
    expect(r).toMatchObject({ ok: true, value: { kind: "file", allowance: { used: 1, limit: 200, left: 199 } } });
    if (!r.ok) return;
    const token = verifyFileToken(secret, r.value.url.replace("/files/d/", ""), clockNow.getTime());
    expect(token.ok && token.value.key).toMatch(/paid/);
    expect(await licenseOfLast(v.kind === "account" ? v.accountId : 0)).toMatchObject({ license: "personal" });
  });

  it("counts Commercial downloads without a limit", async () => {
    const v = await account("COMMERCIAL_YEARLY");
    const r = await requestDownload(ctx(), { viewer: v, templateColorId: free[40].color_id, format: "KN" });
    expect(r).toMatchObject({ ok: true, value: { allowance: { used: 1, limit: null, left: null } } });
    expect(await licenseOfLast(v.kind === "account" ? v.accountId : 0)).toMatchObject({ license: "commercial" });
    expect(await getAllowance(ctx(), v)).toMatchObject({ used: 1, limit: null, left: null });
  });

  it("reads a member's header in one statement: this month's credits and whether interests were chosen", async () => {
    const v = await account("FREE");
    const id = v.kind === "account" ? v.accountId : 0;
    const header = () => getMemberHeader(ctx(), { id, plan: "FREE" });
    expect(await header()).toMatchObject({ allowance: { used: 0, limit: 10, left: 10 }, hasInterests: false });
    await requestDownload(ctx(), { viewer: v, templateColorId: free[44].color_id, format: "PP" });
    await requestDownload(ctx(), { viewer: v, templateColorId: free[45].color_id, format: "PP" });
    const [tag] = await queryRows<{ id: number }>(database.db, sql`select id from tag where type = 'category' limit 1`);
    await database.db.execute(sql`insert into account_interest (account_id, tag_id) values (${id}, ${tag.id})`);
    const now = await header();
    expect(now).toMatchObject({ allowance: { used: 2, limit: 10, left: 8 }, hasInterests: true });
    expect(now.allowance).toEqual(await getAllowance(ctx(), v));
    // Another member's credits and interests are not theirs.
    const other = await account("FREE");
    expect(
      await getMemberHeader(ctx(), { id: other.kind === "account" ? other.accountId : 0, plan: "FREE" }),
    ).toMatchObject({
      allowance: { used: 0 },
      hasInterests: false,
    });
  });

  it("takes a member's credits from what their session read brought when it is of this month, else reads them", async () => {
    const v = await account("FREE");
    await requestDownload(ctx(), { viewer: v, templateColorId: free[46].color_id, format: "PP" });
    // What a session read at the start of the request said (here made to differ from the counter, to tell them apart).
    expect(await getAllowance(ctx(), v, { period: "2026-11", downloadsUsed: 4, hasInterests: false })).toMatchObject({
      used: 4,
      left: 6,
    });
    // Facts of another month are not this month's credits.
    expect(await getAllowance(ctx(), v, { period: "2026-10", downloadsUsed: 4, hasInterests: false })).toMatchObject({
      used: 1,
      left: 9,
    });
    expect(await getAllowance(ctx(), v)).toMatchObject({ used: 1, left: 9 });
  });

  it("grants a free account exactly its last credits when requests arrive at once", async () => {
    const v = await account("FREE");
    for (let i = 0; i < 8; i++)
      await requestDownload(ctx(), { viewer: v, templateColorId: free[i].color_id, format: "PP" });
    const results = await Promise.all(
      free.slice(8, 28).map((f) => requestDownload(ctx(), { viewer: v, templateColorId: f.color_id, format: "PP" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await getAllowance(ctx(), v)).toMatchObject({ used: 10, left: 0 });
  });

  it("keeps a history of the account's own downloads, newest or oldest first", async () => {
    const v = await account("PERSONAL_YEARLY");
    const id = v.kind === "account" ? v.accountId : 0;
    await requestDownload(ctx(), { viewer: v, templateColorId: free[1].color_id, format: "PP" });
    clockNow = new Date(clockNow.getTime() + 60_000);
    await requestDownload(ctx(), { viewer: v, templateColorId: premium.color_id, format: "GS" });
    const newest = await listDownloadHistory(ctx(), { accountId: id, sort: "newest", page: 1 });
    expect(newest.total).toBe(2);
    expect(newest.items.map((r) => [r.templateId, r.format, r.license])).toEqual([
      [premium.template_id, "GS", "personal"],
      [free[1].template_id, "PP", "personal"],
    ]);
    expect(newest.items[0]).toMatchObject({
      slug: premium.slug,
      colorName: expect.any(String),
      categoryName: expect.any(String),
    });
    const oldest = await listDownloadHistory(ctx(), { accountId: id, sort: "oldest", page: 5 });
    expect(oldest.page).toBe(1);
    expect(oldest.items[0].templateId).toBe(free[1].template_id);
    expect((await listDownloadHistory(ctx(), { accountId: id + 999, sort: "newest", page: 1 })).total).toBe(0);
  });
});
