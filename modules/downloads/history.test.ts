import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { downloadsByMonth, listDownloadHistory } from "./history.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let templateId = 0;
const clock: Clock = { now: () => new Date("2026-11-23T10:00:00Z") };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock, log: { info() {}, warn() {}, error() {} } });

beforeAll(async () => {
  database = await createTestDatabase();
  const tax = await createTaxonomy(database.db);
  const t = await createTemplate(database.db, tax, { title: "Counted Deck" });
  templateId = t.id;
  const at = (iso: string, accountId: number) =>
    database.db.execute(sql`insert into download (template_id, format, license, account_id, period, created_at)
      values (${t.id}, 'PP', 'free', ${accountId}, ${iso.slice(0, 7)}, ${new Date(iso)})`);
  for (const iso of [
    "2026-11-01T00:00:00Z",
    "2026-11-20T23:59:59Z",
    "2026-10-31T23:59:59Z",
    "2026-01-15T12:00:00Z",
    "2025-12-01T00:00:00Z", // the first of the twelve months
    "2025-11-30T23:59:59Z", // thirteen months ago: left out
    "2026-11-24T00:00:00Z", // after now: left out
  ])
    await at(iso, 7);
  await at("2026-11-10T00:00:00Z", 8); // another account
});
afterAll(() => database?.cleanup());

describe("downloads per month", () => {
  it("counts an account's downloads per UTC month for the last twelve, oldest first, zeros kept", async () => {
    const months = await downloadsByMonth(ctx(), { accountId: 7, months: 12 });
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: "2025-12", count: 1 });
    expect(months.at(-1)).toEqual({ month: "2026-11", count: 2 });
    expect(months.find((m) => m.month === "2026-10")?.count).toBe(1);
    expect(months.find((m) => m.month === "2026-01")?.count).toBe(1);
    expect(months.reduce((s, m) => s + m.count, 0)).toBe(5);
    expect(months.filter((m) => m.count === 0)).toHaveLength(8);
  });

  it("is empty months for an account without downloads", async () => {
    const months = await downloadsByMonth(ctx(), { accountId: 99, months: 12 });
    expect(months.every((m) => m.count === 0)).toBe(true);
    expect(months.map((m) => m.month).slice(0, 2)).toEqual(["2025-12", "2026-01"]);
  });
});

describe("the history's licences", () => {
  it("maps each download to its grant's licence (account, month, template, kind); none when it has none", async () => {
    const licence = (code: string, subject: string, period: string, kind: string, project: string | null) =>
      database.db.execute(sql`insert into licence (code, subject, account_id, template_id, template_slug_en, template_slug_es,
          template_title_en, template_title_es, format, kind, project, period, granted_at)
        values (${code}, ${subject}, null, ${templateId}, 'counted-deck', 'counted-deck-es', 'Counted Deck', 'Counted Deck ES',
          'PP', ${kind}, ${project}, ${period}, now())`);
    await licence("AAAABBBBCCCCDDDDEEEE", "a:7", "2026-11", "free", "Pitch");
    await licence("FFFFGGGGHHHHJJJJKKKK", "a:7", "2026-11", "personal", null); // another kind: not these downloads'
    await licence("MMMMNNNNPPPPQQQQRRRR", "a:8", "2026-10", "free", null); // another account's
    const page = await listDownloadHistory(ctx(), { accountId: 7, sort: "newest", page: 1 });
    const byMonth = (m: string) => page.items.filter((r) => r.createdAt.toISOString().startsWith(m));
    // Every download of November (the re-downloads too) shows the month's free licence, with its project.
    const november = byMonth("2026-11").map((r) => r.licence);
    expect(november).toHaveLength(3);
    for (const l of november) expect(l).toEqual({ code: "AAAA-BBBB-CCCC-DDDD-EEEE", project: "Pitch" });
    expect(byMonth("2026-10").map((r) => r.licence)).toEqual([null]);
  });
});
