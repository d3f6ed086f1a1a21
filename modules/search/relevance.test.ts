import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { createTestDatabase, testDatabaseKind } from "#tests/db.ts";
import { RELEVANCE_SET } from "./relevance-set.ts";
import { searchTemplates } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: Locale = "en"): ServiceContext => ({
  db: database.db,
  locale,
  clock: { now: () => now },
  log: silent,
});
/** template id -> English slug and category slug */
const byId = new Map<number, { slug: string; category: string }>();

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now } });
  const rows = await database.rows<{ id: number; slug: string; category: string }>(
    sql`select t.id, tr.slug, g.slug as category from template t
        join template_translation tr on tr.template_id = t.id and tr.locale = 'en'
        join tag g on g.id = t.category_id`,
  );
  for (const r of rows) byId.set(Number(r.id), { slug: r.slug, category: r.category });
});

afterAll(async () => {
  await database?.cleanup();
});

describe(`relevance set (${RELEVANCE_SET.length} queries, ${testDatabaseKind()})`, () => {
  it("names only templates of the demo catalog", () => {
    const slugs = new Set([...byId.values()].map((v) => v.slug));
    for (const c of RELEVANCE_SET) for (const s of c.top ?? []) expect(slugs.has(s), `${c.q}: ${s}`).toBe(true);
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40);
  });

  it("ranks the expected templates in the top 5, in either locale", async () => {
    const failures: string[] = [];
    let zero = 0;
    for (const c of RELEVANCE_SET) {
      for (const locale of ["en", "es"] as const) {
        const result = await searchTemplates(ctx(locale), { q: c.q });
        if (locale === "en" && result.total === 0) zero++;
        const top = result.items.slice(0, 5).map((i) => byId.get(i.id)!);
        const ok = c.top
          ? c.top.every((s) => top.some((t) => t.slug === s))
          : top.length === 5 && top.every((t) => t.category === c.category);
        if (!ok)
          failures.push(`${locale} "${c.q}": want ${c.top ?? c.category}, got ${top.map((t) => t.slug).join(", ")}`);
      }
    }
    console.log(
      `relevance set: ${RELEVANCE_SET.length} queries, zero-result rate ${((zero / RELEVANCE_SET.length) * 100).toFixed(1)}% (${zero}), ${failures.length} misses`,
    );
    expect(failures).toEqual([]);
    expect(zero).toBe(0);
  });
});

describe("did you mean", () => {
  it("corrects a misspelt word and shows the corrected query's results when nothing matched", async () => {
    const r = await searchTemplates(ctx(), { q: "bussines" });
    expect(r.suggestion).toBe("business");
    expect(r.usedSuggestion).toBe(true);
    expect(r.total).toBeGreaterThan(3);
    expect(r.query).toBe("bussines");
  });

  it("keeps the other words of a phrase", async () => {
    const r = await searchTemplates(ctx("es"), { q: "Pich Deck" });
    expect(r.suggestion).toBe("pitch deck");
    expect(r.items.length).toBeGreaterThan(0);
    expect(byId.get(r.items[0].id)!.slug).toMatch(/pitch-deck/);
  });

  it("needs no correction for unaccented Spanish", async () => {
    const r = await searchTemplates(ctx("es"), { q: "infografia" });
    expect(r.suggestion).toBeNull();
    expect(r.total).toBeGreaterThan(10);
    const accented = await searchTemplates(ctx("es"), { q: "INFOGRAFÍA" });
    expect(accented.items.map((i) => i.id)).toEqual(r.items.map((i) => i.id));
  });

  it("suggests nothing for words it cannot place, and nothing when results are plenty", async () => {
    const none = await searchTemplates(ctx(), { q: "xyzzyq" });
    expect(none).toMatchObject({ total: 0, suggestion: null, usedSuggestion: false, items: [] });
    const plenty = await searchTemplates(ctx(), { q: "marketing" });
    expect(plenty.suggestion).toBeNull();
  });

  it("falls back to templates matching some of the words when none match all", async () => {
    const r = await searchTemplates(ctx(), { q: "thesis xyzzyq" });
    expect(r.partial).toBe(true);
    expect(byId.get(r.items[0].id)!.slug).toMatch(/thesis/);
  });
});
