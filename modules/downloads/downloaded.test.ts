import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { downloadedTemplates, lastDownloadOf } from "./history.ts";

/**
 * A template's "downloaded" flag for the viewer and Me.downloads (SPEC §3): what an account downloaded,
 * read from the download records, the account's own only.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock: Clock = { now: () => new Date("2026-11-23T10:00:00Z") };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock, log: { info() {}, warn() {}, error() {} } });
const ids: Record<"pitch" | "report" | "thesis" | "hidden" | "guestOnly", number> = {
  pitch: 0,
  report: 0,
  thesis: 0,
  hidden: 0,
  guestOnly: 0,
};
const ANA = 41;
const BEN = 42;

beforeAll(async () => {
  database = await createTestDatabase();
  const tax = await createTaxonomy(database.db);
  ids.pitch = (await createTemplate(database.db, tax, { title: "Flag Pitch" })).id;
  ids.report = (await createTemplate(database.db, tax, { title: "Flag Report" })).id;
  ids.thesis = (await createTemplate(database.db, tax, { title: "Flag Thesis" })).id;
  ids.guestOnly = (await createTemplate(database.db, tax, { title: "Flag Guest" })).id;
  // Published next year: not in the catalogue now.
  ids.hidden = (
    await createTemplate(database.db, tax, { title: "Flag Hidden", publishedAt: new Date("2027-06-01T00:00:00Z") })
  ).id;
  const at = (templateId: number, iso: string, accountId: number | null, fingerprint: string | null = null) =>
    database.db.execute(sql`insert into download (template_id, format, license, account_id, fingerprint, period, created_at)
      values (${templateId}, 'PP', 'free', ${accountId}, ${fingerprint}, ${iso.slice(0, 7)}, ${new Date(iso)})`);
  // Ana: the pitch twice (last in November), the report once in between, the thesis long ago.
  await at(ids.pitch, "2026-09-02T08:00:00Z", ANA);
  await at(ids.report, "2026-10-15T12:00:00Z", ANA);
  await at(ids.pitch, "2026-11-20T09:30:00Z", ANA);
  await at(ids.thesis, "2025-03-01T00:00:00Z", ANA);
  await at(ids.hidden, "2026-11-21T00:00:00Z", ANA);
  // Ben downloaded the thesis most recently of anyone; a guest the guest-only template.
  await at(ids.thesis, "2026-11-22T00:00:00Z", BEN);
  await at(ids.guestOnly, "2026-11-22T00:00:00Z", null, "guest-1");
});
afterAll(() => database?.cleanup());

describe("the downloaded flag of a template", () => {
  it("is when the account last downloaded it, whatever the month or the number of times", async () => {
    expect(await lastDownloadOf(ctx(), { accountId: ANA, templateId: ids.pitch })).toEqual(
      new Date("2026-11-20T09:30:00Z"),
    );
    expect(await lastDownloadOf(ctx(), { accountId: ANA, templateId: ids.thesis })).toEqual(
      new Date("2025-03-01T00:00:00Z"),
    );
  });

  it("is null for a template the account never downloaded, even when others did", async () => {
    expect(await lastDownloadOf(ctx(), { accountId: BEN, templateId: ids.pitch })).toBeNull();
    expect(await lastDownloadOf(ctx(), { accountId: ANA, templateId: ids.guestOnly })).toBeNull();
    expect(await lastDownloadOf(ctx(), { accountId: 999, templateId: ids.thesis })).toBeNull();
  });
});

describe("Me.downloads", () => {
  it("lists each published template the account downloaded once, the most recently downloaded first", async () => {
    expect(await downloadedTemplates(ctx(), { accountId: ANA, skip: 0, limit: 100 })).toEqual([
      { templateId: ids.pitch },
      { templateId: ids.report },
      { templateId: ids.thesis },
    ]);
  });

  it("pages with skip and limit", async () => {
    expect(await downloadedTemplates(ctx(), { accountId: ANA, skip: 1, limit: 1 })).toEqual([
      { templateId: ids.report },
    ]);
    expect(await downloadedTemplates(ctx(), { accountId: ANA, skip: 3, limit: 10 })).toEqual([]);
    expect(await downloadedTemplates(ctx(), { accountId: ANA, skip: 0, limit: 0 })).toEqual([]);
  });

  it("shows no other account's or guest's downloads", async () => {
    expect(await downloadedTemplates(ctx(), { accountId: BEN, skip: 0, limit: 100 })).toEqual([
      { templateId: ids.thesis },
    ]);
    expect(await downloadedTemplates(ctx(), { accountId: 999, skip: 0, limit: 100 })).toEqual([]);
  });
});
