import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyFilters, type Filters } from "#modules/catalog/filters.ts";
import { seedLarge } from "#modules/demo/seed.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { createTestDatabase, testDatabaseKind } from "#tests/db.ts";
import { CANDIDATES, type SearchSort, type SearchStrategy, searchTemplates, windowFor } from "./service.ts";
import type { Part } from "./terms.ts";

/** A part matching `share` of the documents, with one index entry per match. */
const part = (query: string, share: number, documents: number): Part => ({
  query,
  share,
  entries: Math.round(share * documents),
});

describe("windowFor", () => {
  const N = 1_000_000;

  it("reads a broad query's candidates from the start of the table, a few times what they should need", () => {
    const window = windowFor([part("'busi'", 0.27, N)], N);
    expect(window).toBeGreaterThan((CANDIDATES + 1) / 0.27);
    expect(window).toBeLessThanOrEqual(Math.ceil((3 * (CANDIDATES + 1)) / 0.27));
    // Broad words and broad filters: still a window.
    expect(
      windowFor([part("'market'", 0.23, N), part("'plan'", 0.42, N), part("'~license~free'", 0.4, N)], N),
    ).not.toBeNull();
    // A word of 5% alone is cheaper from the index; beside 16:9 (85%, 850,000 entries to decode) it is not.
    expect(windowFor([part("'roadmap'", 0.05, N)], N)).toBeNull();
    expect(windowFor([part("'roadmap'", 0.05, N), part("'~ratio~16-9'", 0.85, N)], N)).not.toBeNull();
  });

  it("reads a narrow query from the index, whatever the filters", () => {
    expect(windowFor([part("'thesi'", 0.03, N), part("'~style~vintage'", 0.11, N)], N)).toBeNull();
    expect(
      windowFor([part("'zanzibar'", 0.001, N), part("'~ratio~16-9'", 0.85, N), part("'~format~GS'", 0.73, N)], N),
    ).toBeNull();
  });

  it("never reads a window from a table too small to hold the candidates", () => {
    expect(windowFor([part("'powerpoint'", 1, 240)], 240)).toBeNull();
    expect(windowFor([part("'plan'", 0.5, 5000)], 5000)).toBeNull();
    expect(windowFor([], N)).toBeNull();
  });
});

/** Enough templates for broad queries to have more than CANDIDATES matches. */
const COUNT = 3000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock: { now: () => now }, log: silent });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLarge(database.db, { now, count: COUNT });
  await database.rows(sql`vacuum analyze`);
}, 120_000);

afterAll(async () => {
  await database?.cleanup();
});

describe(`the ways of finding candidates find the same templates (${COUNT} templates, ${testDatabaseKind()})`, () => {
  const queries = [
    "powerpoint",
    "keynote",
    "plan",
    "gráficos",
    "marketing plan",
    "plantilla negocios",
    "thesis",
    "xyzzy",
  ];
  const filterSets: Partial<Filters>[] = [
    {},
    { licenses: ["free"] },
    { ratios: ["16-9"], formats: ["google-slides"] },
    { styles: ["vintage", "modern"] },
    { slides: ["11-20"], licenses: ["premium"], colors: ["blue"] },
  ];

  it("in every sort, page and filter", async () => {
    let capped = 0;
    for (const q of queries)
      for (const f of filterSets)
        for (const sort of ["relevance", "popular", "newest"] as SearchSort[])
          for (const page of [1, 3]) {
            const results = [];
            for (const strategy of ["index", "auto", "window"] as SearchStrategy[]) {
              const r = await searchTemplates(ctx(), {
                q,
                filters: { ...emptyFilters(), ...f },
                sort,
                page,
                pageSize: 24,
                strategy,
              });
              results.push({ ids: r.items.map((i) => i.id), total: r.total, capped: r.totalCapped });
            }
            const label = `${q} ${JSON.stringify(f)} ${sort} page ${page}`;
            expect(results[1], label).toEqual(results[0]);
            expect(results[2], label).toEqual(results[0]);
            if (results[0].capped) capped++;
          }
    // Some searches were broad enough for a window to find all their candidates.
    expect(capped).toBeGreaterThan(10);
  }, 120_000);
});
