import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { normalizeQuery } from "#modules/search/normalize.ts";
import { createTestDatabase } from "#tests/db.ts";
import { DEMO_SEARCH_COUNT, generateDemoSearches, seedSearchLog } from "./search-log.ts";

/** The demo search log (issue 23): realistic, in both languages, the same for the same seed and date. */
const now = new Date("2026-11-20T12:00:00Z");
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  await database?.cleanup();
});

describe("the demo searches", () => {
  const searches = generateDemoSearches({ now });

  it("are the same for the same seed and date, and others for another seed", () => {
    expect(generateDemoSearches({ now })).toEqual(searches);
    expect(generateDemoSearches({ now, seed: 7 }).map((s) => s.text)).not.toEqual(searches.map((s) => s.text));
  });

  it("are a month of searches in both languages, with typos, run-together words, gaps, phrases and noise", () => {
    expect(searches).toHaveLength(DEMO_SEARCH_COUNT);
    const times = searches.map((s) => s.at.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThan(now.getTime() - 30 * 86_400_000);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const share = (f: (s: (typeof searches)[number]) => boolean) => searches.filter(f).length / searches.length;
    expect(share((s) => s.locale === "es")).toBeGreaterThan(0.35);
    expect(share((s) => s.locale === "en")).toBeGreaterThan(0.35);
    for (const kind of ["clean", "typo", "joined", "gap", "phrase", "noise"])
      expect(
        share((s) => s.kind === kind),
        kind,
      ).toBeGreaterThan(0.01);
    // A misspelling differs from what was meant; a clean query is it.
    for (const s of searches.filter((x) => x.kind === "typo")) expect(normalizeQuery(s.text)).not.toBe(s.intent[0]);
    for (const s of searches.filter((x) => x.kind === "clean")) expect(normalizeQuery(s.text)).toBe(s.intent[0]);
    // Popular queries are searched by many different people; clients look like the real log's tags.
    const clients = new Map<string, Set<string>>();
    for (const s of searches)
      clients.set(normalizeQuery(s.text), (clients.get(normalizeQuery(s.text)) ?? new Set()).add(s.client));
    expect(Math.max(...[...clients.values()].map((c) => c.size))).toBeGreaterThan(20);
    expect(searches.every((s) => /^[0-9a-f]{32}$/.test(s.client))).toBe(true);
    expect(searches.some((s) => /[áéíóúñ]/.test(s.text))).toBe(true);
  });

  it("go into the search log normalised, each with what the real search finds for it", async () => {
    database = await createTestDatabase({ demo: { now } });
    const r = await seedSearchLog(database.db, { now, count: 300 });
    expect(r.searches).toBe(300);
    const rows = await database.rows<{ query: string; result_count: number; locale: string }>(
      sql`select query, result_count, locale from search_log`,
    );
    expect(rows).toHaveLength(300);
    expect(rows.every((x) => x.query === normalizeQuery(x.query))).toBe(true);
    const zero = rows.filter((x) => Number(x.result_count) === 0);
    expect(zero.length).toBe(r.zeroResults);
    expect(zero.length).toBeGreaterThan(0);
    expect(zero.length).toBeLessThan(rows.length / 3);
    // Counts are the search's own: a clean name finds templates.
    const clean = generateDemoSearches({ now, count: 300 }).find((s) => s.kind === "clean");
    const logged = rows.find((x) => x.query === normalizeQuery(clean?.text ?? ""));
    expect(Number(logged?.result_count)).toBeGreaterThan(0);
  });
});
