import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate, type Taxonomy } from "#tests/factories.ts";
import * as repo from "./repo.ts";

/** The catalogue's hand-written queries that no service test reaches (a renamed column fails here). */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tax: Taxonomy;
const now = new Date("2026-11-20T12:00:00Z");
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  tax = await createTaxonomy(database.db);
  for (const [key, title] of [
    ["pitch", "Minimal Startup Pitch Deck"],
    ["thesis", "Biology Thesis Defense"],
  ] as const) {
    ids[key] = (
      await createTemplate(database.db, tax, {
        title,
        category: "marketing",
        tags: [],
        styles: [],
        colors: ["blue"],
        publishedAt: new Date("2026-10-01T00:00:00Z"),
      })
    ).id;
  }
});

afterAll(async () => {
  await database?.cleanup();
});

describe("catalog repo", () => {
  it("reads cards of published templates by id", async () => {
    const rows = await repo.selectCardsByIds(database.db, { ids: [ids.thesis, ids.pitch], locale: "en", now });
    expect(rows.map((r) => r.title).sort()).toEqual(["Biology Thesis Defense", "Minimal Startup Pitch Deck"]);
    expect(await repo.selectCardsByIds(database.db, { ids: [ids.pitch], locale: "en", now: new Date(0) })).toEqual([]);
  });

  it("counts a client's first sight of a template once a day", async () => {
    const [{ slug }] = await queryRows<{ slug: string }>(
      database.db,
      sql`select slug from template_translation where template_id = ${ids.pitch} and locale = 'en'`,
    );
    const day = "2026-11-20";
    await repo.addFirstSightings(database.db, day, [
      { client: "a", locale: "en", slug },
      { client: "b", locale: "en", slug },
      { client: "a", locale: "en", slug: "no-such-template" },
    ]);
    await repo.addFirstSightings(database.db, day, [{ client: "a", locale: "en", slug }]);
    const [t] = await queryRows<{ views_count: number; views: number }>(
      database.db,
      sql`select t.views_count, d.views from template t
          join template_view_day d on d.template_id = t.id and d.day = ${day}::date where t.id = ${ids.pitch}`,
    );
    expect(Number(t.views_count)).toBe(2);
    expect(Number(t.views)).toBe(2);
  });

  it("reads no file size for a template without a paid .pptx", async () => {
    expect(await repo.firstPaidPptxSize(database.db, ids.pitch)).toBeUndefined();
  });
});
