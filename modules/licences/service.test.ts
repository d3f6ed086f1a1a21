import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanCode } from "#config/constants.ts";
import { account, template } from "#db/schema/index.ts";
import { deleteAccount } from "#modules/accounts/profile.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { accountViewer, type DownloadContext, requestDownload, type Viewer } from "#modules/downloads/service.ts";
import { diskStorage } from "#modules/files/storage.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { formatLicenceCode, newLicenceCode, normaliseLicenceCode } from "./code.ts";
import { checkLicence, initialsOf, listLicences, nameLicenceProject, ownLicence } from "./service.ts";

/**
 * Licences through the download service that makes them: one per grant, the same one for a re-download
 * in the month, a new one next month or under another kind; what they keep; who sees them; deletion.
 * Downloads here are Google Slides copies (a link), so no deck is built.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
let variants: { colorId: number; templateId: number; premium: boolean }[] = [];
let seq = 0;

const ctx = (locale: "en" | "es" = "en"): DownloadContext => ({
  db: database.db,
  locale,
  clock,
  log: silent,
  storage: diskStorage("/nonexistent"),
  inflight: new Map(),
  secret: "test-secret-test-secret-test-secret",
});

async function member(plan: PlanCode = "FREE", name = "Ana María López") {
  seq++;
  const id = await createVerifiedAccount(
    { db: database.db, clock },
    { email: `lic${seq}@example.com`, username: `lic${seq}`, name, password: "Sl1des!rock" },
  );
  if (plan !== "FREE") await database.db.update(account).set({ plan }).where(eq(account.id, id));
  return { id, viewer: accountViewer({ id, plan }) };
}

async function download(viewer: Viewer, i: number) {
  const result = await requestDownload(ctx(), { viewer, templateColorId: variants[i].colorId, format: "GS" });
  if (!result.ok) throw new Error(result.code);
  return result.value;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const tax = await createTaxonomy(database.db);
  for (let i = 0; i < 24; i++) {
    const t = await createTemplate(database.db, tax, {
      title: `Licensed Deck ${i}`,
      titleEs: `Plantilla con licencia ${i}`,
      isPremium: i === 0,
      publishedAt: new Date("2026-01-01T00:00:00Z"),
    });
    variants.push({ colorId: t.colorIds[0], templateId: t.id, premium: i === 0 });
  }
  await database.db.update(template).set({ googleSlidesUrl: "https://docs.google.com/presentation/d/abc/copy" });
  variants = variants.filter(Boolean);
});
afterAll(() => database?.cleanup());

describe("license codes", () => {
  it("are 20 characters of Crockford's base 32 (100 bits), distinct, shown in groups of four", () => {
    const codes = new Set(Array.from({ length: 5000 }, newLicenceCode));
    expect(codes.size).toBe(5000);
    for (const code of [...codes].slice(0, 200)) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    // Every character of the alphabet turns up in every position over enough draws (no biased bits).
    const firsts = new Set([...codes].map((c) => c[0]));
    const lasts = new Set([...codes].map((c) => c[19]));
    expect(firsts.size).toBe(32);
    expect(lasts.size).toBe(32);
    expect(formatLicenceCode("7K3QM9XD2C8FVN4TH6RB")).toBe("7K3Q-M9XD-2C8F-VN4T-H6RB");
  });

  it("read as people type them, and refuse what cannot be one", () => {
    expect(normaliseLicenceCode(" 7k3q-m9xd-2c8f-vn4t-h6rb ")).toBe("7K3QM9XD2C8FVN4TH6RB");
    expect(normaliseLicenceCode("7K3Q M9XD 2C8F VN4T H6RO")).toBe("7K3QM9XD2C8FVN4TH6R0");
    expect(normaliseLicenceCode("IL00-0000-0000-0000-0000")).toBe("11000000000000000000");
    for (const bad of [
      "",
      "7K3Q-M9XD",
      "7K3Q-M9XD-2C8F-VN4T-H6RBX",
      "7K3Q-M9XD-2C8F-VN4T-H6RU",
      "7K3Q-M9XD-2C8F-VN4T-H6R\u0000",
      "7K3Q-M9XD-2C8F-VN4T-H6RÉ",
      "A".repeat(10_000),
    ])
      expect(normaliseLicenceCode(bad), JSON.stringify(bad.slice(0, 30))).toBeNull();
  });

  it("turn a name into initials for a deleted account", () => {
    expect(initialsOf("Ana María López")).toBe("A. M. L.");
    expect(initialsOf("  élodie   d'Arc-Dupont ")).toBe("É. D. D.");
    expect(initialsOf("李 小龍")).toBe("李. 小.");
    expect(initialsOf("   ")).toBeNull();
  });
});

describe("a license per grant", () => {
  it("is made with a member's download, kept for a re-download this month, and new next month", async () => {
    const m = await member("FREE", "Ana María López");
    const first = await download(m.viewer, 1);
    expect(first.licence).toMatchObject({ kind: "free", isNew: true });
    expect(first.licence.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    const again = await download(m.viewer, 1);
    expect(again.alreadyOwned).toBe(true);
    expect(again.licence).toEqual({ ...first.licence, isNew: false });
    const other = await download(m.viewer, 2);
    expect(other.licence.code).not.toBe(first.licence.code);

    const page = await listLicences(ctx(), { accountId: m.id, page: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((l) => l.code).sort()).toEqual([first.licence.code, other.licence.code].sort());
    const mine = page.items.find((l) => l.code === first.licence.code)!;
    expect(mine).toMatchObject({
      kind: "free",
      templateId: variants[1].templateId,
      templateTitle: "Licensed Deck 1",
      colorName: "Blue",
      format: "GS",
      licensee: "Ana María López",
      licenseeGone: false,
      guest: false,
      project: null,
    });
    expect(mine.grantedAt.toISOString()).toBe(now.toISOString());
    const es = await listLicences(ctx("es"), { accountId: m.id, page: 1 });
    expect(es.items.find((l) => l.code === first.licence.code)).toMatchObject({
      templateTitle: "Plantilla con licencia 1",
      colorName: "Azul",
    });

    const before = now;
    now = new Date("2026-12-02T09:00:00Z");
    try {
      const december = await download(m.viewer, 1);
      expect(december.alreadyOwned).toBe(false);
      expect(december.licence.isNew).toBe(true);
      expect(december.licence.code).not.toBe(first.licence.code);
    } finally {
      now = before;
    }
  });

  it("keeps the name as it was then, and makes a new license when an upgrade changes its kind", async () => {
    const m = await member("FREE", "Old Name");
    const free = await download(m.viewer, 3);
    await database.db.update(account).set({ name: "New Name", plan: "PERSONAL_MONTHLY" }).where(eq(account.id, m.id));
    const upgraded = accountViewer({ id: m.id, plan: "PERSONAL_MONTHLY" });
    const paid = await download(upgraded, 3);
    expect(paid.alreadyOwned).toBe(true);
    expect(paid.licence).toMatchObject({ kind: "personal", isNew: true });
    const again = await download(upgraded, 3);
    expect(again.licence).toEqual({ ...paid.licence, isNew: false });
    const items = (await listLicences(ctx(), { accountId: m.id, page: 1 })).items;
    expect(items.find((l) => l.code === free.licence.code)).toMatchObject({ kind: "free", licensee: "Old Name" });
    expect(items.find((l) => l.code === paid.licence.code)).toMatchObject({ kind: "personal", licensee: "New Name" });
  });

  it("is made once per grant under concurrency, each with its own code", async () => {
    const m = await member("COMMERCIAL_MONTHLY", "Busy Studio");
    const distinct = await Promise.all(Array.from({ length: 12 }, (_, i) => download(m.viewer, 4 + i)));
    expect(new Set(distinct.map((d) => d.licence.code)).size).toBe(12);
    const same = await Promise.all(Array.from({ length: 8 }, () => download(m.viewer, 16)));
    expect(new Set(same.map((d) => d.licence.code)).size).toBe(1);
    expect(same.filter((d) => d.licence.isNew)).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from licence where account_id = ${m.id}`,
    );
    expect(Number(rows[0].n)).toBe(13);
  });

  it("is made for a guest's download: no name, and only that browser has it", async () => {
    const guest: Viewer = { kind: "guest", guestId: "guest-licence-1", ip: "203.0.113.9" };
    const got = await download(guest, 17);
    expect(got.licence).toMatchObject({ kind: "free", isNew: true });
    const own = await ownLicence(ctx(), { holder: { guestId: "guest-licence-1" }, code: got.licence.code });
    expect(own).toMatchObject({ licensee: null, guest: true, kind: "free" });
    expect(await ownLicence(ctx(), { holder: { guestId: "guest-licence-2" }, code: got.licence.code })).toBeNull();
    const someone = await member();
    expect(await ownLicence(ctx(), { holder: { accountId: someone.id }, code: got.licence.code })).toBeNull();
    const checked = await checkLicence(ctx(), got.licence.code);
    expect(checked.ok && checked.value).toMatchObject({ guest: true, licensee: null, kind: "free" });
  });
});

describe("checking a code", () => {
  it("shows the license without its project to anyone, and says why a code finds none", async () => {
    const m = await member("PERSONAL_YEARLY", "Carla Gómez");
    const got = await download(m.viewer, 0);
    expect(got.licence.kind).toBe("personal");
    await nameLicenceProject(ctx(), { accountId: m.id, code: got.licence.code, project: "ACME board deck" });
    const checked = await checkLicence(ctx("es"), got.licence.code.toLowerCase());
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      code: got.licence.code,
      kind: "personal",
      templateTitle: "Plantilla con licencia 0",
      licensee: "Carla Gómez",
    });
    expect(checked.value).not.toHaveProperty("project");
    expect(await checkLicence(ctx(), "0000-0000-0000-0000-0000")).toMatchObject({
      ok: false,
      code: "licences.errors.unknown",
      status: 404,
    });
    for (const bad of ["nope", "\u0000", "x".repeat(10_000), "7K3Q-M9XD-2C8F-VN4T-H6RU"])
      expect(await checkLicence(ctx(), bad)).toMatchObject({
        ok: false,
        code: "licences.errors.malformed",
        status: 400,
      });
  });
});

describe("a project label", () => {
  it("is the owner's to set, trimmed, at most 120 characters, cleared when empty", async () => {
    const m = await member();
    const other = await member();
    const got = await download(m.viewer, 18);
    const named = await nameLicenceProject(ctx(), {
      accountId: m.id,
      code: got.licence.code,
      project: "  Client\u0007 pitch \n  — Q3 ",
    });
    expect(named).toMatchObject({ ok: true, value: { project: "Client pitch — Q3" } });
    expect(
      await nameLicenceProject(ctx(), { accountId: m.id, code: got.licence.code, project: "é".repeat(121) }),
    ).toMatchObject({ ok: false, code: "licences.errors.projectTooLong", field: "project" });
    expect(
      await nameLicenceProject(ctx(), { accountId: m.id, code: got.licence.code, project: "é".repeat(120) }),
    ).toMatchObject({ ok: true });
    expect(
      await nameLicenceProject(ctx(), { accountId: other.id, code: got.licence.code, project: "Mine now" }),
    ).toMatchObject({ ok: false, code: "licences.errors.unknown" });
    expect(await nameLicenceProject(ctx(), { accountId: m.id, code: got.licence.code, project: "   " })).toMatchObject({
      ok: true,
      value: { project: null },
    });
  });
});

describe("after the account is deleted", () => {
  it("the license stays valid with the initials only, and its certificate is no one's", async () => {
    const m = await member("PERSONAL_MONTHLY", "Ana María López");
    const got = await download(m.viewer, 19);
    await nameLicenceProject(ctx(), { accountId: m.id, code: got.licence.code, project: "Secret client" });
    const deleted = await deleteAccount({ ...ctx(), payments: null }, { accountId: m.id, password: "Sl1des!rock" });
    expect(deleted).toEqual({ ok: true, value: null });
    const checked = await checkLicence(ctx(), got.licence.code);
    expect(checked).toMatchObject({
      ok: true,
      value: { kind: "personal", licensee: "A. M. L.", licenseeGone: true, templateTitle: "Licensed Deck 19" },
    });
    expect(await ownLicence(ctx(), { holder: { accountId: m.id }, code: got.licence.code })).toBeNull();
    const [row] = await queryRows<{ project: string | null; licensee_name: string }>(
      database.db,
      sql`select project, licensee_name from licence where code = ${got.licence.code.replaceAll("-", "")}`,
    );
    expect(row).toEqual({ project: null, licensee_name: "A. M. L." });
  });

  it("and when the template leaves the catalog, the license still names it", async () => {
    const m = await member();
    const got = await download(m.viewer, 20);
    await database.db.delete(template).where(eq(template.id, variants[20].templateId));
    expect(await checkLicence(ctx("es"), got.licence.code)).toMatchObject({
      ok: true,
      value: { templateId: null, templateTitle: "Plantilla con licencia 20", colorName: "Azul" },
    });
  });
});

describe("grants made before licenses existed", () => {
  it("get one licence each from the migration: first download of each grant, 100-bit codes, present names", async () => {
    const m = await member("FREE", "Early Bird");
    await download(m.viewer, 21);
    await download(m.viewer, 21);
    await download(m.viewer, 22);
    const guest: Viewer = { kind: "guest", guestId: "guest-before", ip: "203.0.113.10" };
    await download(guest, 21);
    // As if these downloads were made before the migration: their licences are not there yet.
    await database.db.execute(sql`delete from licence where subject in (${`a:${m.id}`}, 'g:guest-before')`);
    const migration = fs.readFileSync("db/migrations/0022_licences.sql", "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toContain('INSERT INTO "licence"');
    await database.db.execute(sql.raw(backfill));
    const rows = await queryRows<{ code: string; subject: string; licensee_name: string | null; template_id: number }>(
      database.db,
      sql`select code, subject, licensee_name, template_id from licence
          where subject in (${`a:${m.id}`}, 'g:guest-before') order by subject, template_id`,
    );
    expect(rows.map((r) => [r.subject, r.template_id, r.licensee_name])).toEqual([
      [`a:${m.id}`, variants[21].templateId, "Early Bird"],
      [`a:${m.id}`, variants[22].templateId, "Early Bird"],
      ["g:guest-before", variants[21].templateId, null],
    ]);
    for (const r of rows) expect(normaliseLicenceCode(r.code)).toBe(r.code);
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
    // Run again (a restore replayed): nothing is made twice.
    await database.db.execute(sql.raw(backfill));
    const again = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from licence where subject in (${`a:${m.id}`}, 'g:guest-before')`,
    );
    expect(Number(again[0].n)).toBe(3);
  });
});
