import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Locale, PAGE_SIZE, TOP_SEARCHES_MIN_CLIENTS, TOP_SEARCHES_WINDOW_DAYS } from "#config/constants.ts";
import { emptyFilters, type Filters } from "#modules/catalog/filters.ts";
import { ReferenceCache } from "#modules/catalog/reference.ts";
import { getCatalogVersion, listTemplates } from "#modules/catalog/service.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { createTestDatabase } from "#tests/db.ts";
import {
  autocomplete,
  categorizedTrendingBySearchTemplates,
  logSearch,
  mainPageSearchMenu,
  parseSearchSort,
  refreshSearchIndex,
  refreshSearchStats,
  refreshStaleSearchDocuments,
  SEARCH_SORTS,
  searchTemplates,
  topSearches,
  zeroResultRate,
} from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: Locale = "en", at: Date = now): ServiceContext => ({
  db: database.db,
  locale,
  clock: { now: () => at },
  log: silent,
});
const filters = (f: Partial<Filters>): Filters => ({ ...emptyFilters(), ...f });

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now } });
});

afterAll(async () => {
  await database?.cleanup();
});

describe("searchTemplates", () => {
  it("answers a page of cards with the normalised query", async () => {
    const r = await searchTemplates(ctx("es"), { q: "  Plantilla   de TESIS " });
    expect(r.query).toBe("plantilla de tesis");
    expect(r.page).toBe(1);
    expect(r.pageSize).toBe(PAGE_SIZE.templates);
    expect(r.total).toBeGreaterThan(3);
    expect(r.totalCapped).toBe(false);
    const card = r.items[0];
    expect(card).toMatchObject({ id: expect.any(Number), slug: expect.any(String), title: expect.any(String) });
    expect(card.colors.length).toBeGreaterThan(0);
    // Spanish context: Spanish titles and slugs.
    expect(r.items.some((i) => /tesis/i.test(i.title))).toBe(true);
  });

  it("pages through the results without repeats, and says how many there are past the end", async () => {
    const all = await searchTemplates(ctx(), { q: "marketing", pageSize: 100 });
    const p1 = await searchTemplates(ctx(), { q: "marketing", pageSize: 10, page: 1 });
    const p2 = await searchTemplates(ctx(), { q: "marketing", pageSize: 10, page: 2 });
    expect([...p1.items, ...p2.items].map((i) => i.id)).toEqual(all.items.slice(0, 20).map((i) => i.id));
    expect(p1.pageCount).toBe(Math.ceil(all.total / 10));
    const past = await searchTemplates(ctx(), { q: "marketing", pageSize: 10, page: 500 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it("applies the catalog filters", async () => {
    const base = await searchTemplates(ctx(), { q: "report", pageSize: 100 });
    const premium = await searchTemplates(ctx(), {
      q: "report",
      pageSize: 100,
      filters: filters({ licenses: ["premium"] }),
    });
    expect(premium.items.length).toBeGreaterThan(0);
    expect(premium.total).toBeLessThan(base.total);
    expect(premium.items.every((i) => i.isPremium)).toBe(true);

    const ratio = await searchTemplates(ctx(), { q: "report", pageSize: 100, filters: filters({ ratios: ["4-3"] }) });
    expect(ratio.items.length).toBeGreaterThan(0);
    expect(ratio.items.every((i) => i.aspectRatio === "4:3")).toBe(true);

    const keynote = await searchTemplates(ctx(), {
      q: "report",
      pageSize: 100,
      filters: filters({ formats: ["keynote"] }),
    });
    expect(keynote.items.every((i) => i.formats.includes("KN"))).toBe(true);

    const short = await searchTemplates(ctx(), {
      q: "report",
      pageSize: 100,
      filters: filters({ slides: ["up-to-10"] }),
    });
    expect(short.items.every((i) => i.slidesCount <= 10)).toBe(true);

    const red = await searchTemplates(ctx(), { q: "report", pageSize: 100, filters: filters({ colors: ["red"] }) });
    expect(red.items.length).toBeGreaterThan(0);
    const redRows = await database.rows<{ id: number }>(
      sql`select x.template_id as id from template_color x join color c on c.id = x.color_id where c.slug = 'red'`,
    );
    const redIds = new Set(redRows.map((r) => Number(r.id)));
    expect(red.items.every((i) => redIds.has(i.id))).toBe(true);

    const vintage = await searchTemplates(ctx(), {
      q: "report",
      pageSize: 100,
      filters: filters({ styles: ["vintage"] }),
    });
    expect(vintage.items.length).toBeGreaterThan(0);
    const styled = await database.rows<{ id: number }>(
      sql`select x.template_id as id from template_style x join style s on s.id = x.style_id where s.slug = 'vintage'`,
    );
    const ids = new Set(styled.map((r) => Number(r.id)));
    expect(vintage.items.every((i) => ids.has(i.id))).toBe(true);
  });

  it("filters exactly like the list pages", async () => {
    const allIds = async (fetch: (page: number) => Promise<{ items: { id: number }[]; pageCount: number }>) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const r = await fetch(page);
        ids.push(...r.items.map((i) => i.id));
        if (page >= r.pageCount) return ids.sort((a, b) => a - b);
      }
    };
    const combos: Partial<Filters>[] = [
      { styles: ["vintage", "modern"] },
      { colors: ["red"] },
      { licenses: ["free"] },
      { licenses: ["free", "premium"] },
      { formats: ["google-slides", "keynote"] },
      { slides: ["11-20", "21-plus"] },
      { ratios: ["16-9"] },
      { styles: ["minimalist"], licenses: ["premium"], ratios: ["4-3"], colors: ["blue", "black"] },
      { styles: ["no-such-style"] },
    ];
    // Every description names PowerPoint: this query matches the whole catalogue.
    expect((await searchTemplates(ctx(), { q: "powerpoint" })).total).toBe(240);
    for (const f of combos) {
      const found = await allIds((page) =>
        searchTemplates(ctx(), { q: "powerpoint", filters: filters(f), page, pageSize: 100 }),
      );
      const listed = await allIds((page) =>
        listTemplates(ctx(), { scope: { kind: "all" }, filters: filters(f), page, pageSize: 100 }),
      );
      expect(found, JSON.stringify(f)).toEqual(listed);
    }
  });

  it("sorts by relevance (default), popularity or publication date", async () => {
    expect(SEARCH_SORTS).toEqual(["relevance", "popular", "newest"]);
    expect(parseSearchSort("NEWEST")).toBe("newest");
    expect(parseSearchSort("bogus")).toBe("relevance");
    expect(parseSearchSort(null)).toBe("relevance");

    const relevance = await searchTemplates(ctx(), { q: "business plan", pageSize: 100 });
    expect(relevance.items[0].title).toMatch(/business plan/i);
    const popular = await searchTemplates(ctx(), { q: "business plan", sort: "popular", pageSize: 100 });
    const facts = new Map(
      (
        await database.rows<{ id: number; downloads: number; published: Date | string }>(
          sql`select id, downloads_count as downloads, published_at as published from template`,
        )
      ).map((r) => [Number(r.id), { downloads: Number(r.downloads), published: new Date(r.published).getTime() }]),
    );
    const downloads = popular.items.map((i) => facts.get(i.id)?.downloads ?? -1);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    const newest = await searchTemplates(ctx(), { q: "business plan", sort: "newest", pageSize: 100 });
    const dates = newest.items.map((i) => facts.get(i.id)?.published ?? -1);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The same matches in each order.
    expect(new Set(popular.items.map((i) => i.id))).toEqual(new Set(relevance.items.map((i) => i.id)));
    expect(newest.total).toBe(relevance.total);
  });

  it("never shows templates published after now", async () => {
    const early = new Date(now.getTime() - 200 * DAY);
    const r = await searchTemplates(ctx("en", early), { q: "presentation", pageSize: 100 });
    const published = await database.rows<{ id: number }>(
      sql`select id from template where published_at <= ${early.toISOString()}`,
    );
    const publishedIds = new Set(published.map((x) => Number(x.id)));
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.items.every((i) => publishedIds.has(i.id))).toBe(true);
    const later = await searchTemplates(ctx(), { q: "presentation", pageSize: 100 });
    expect(later.total).toBeGreaterThan(r.total);
  });

  it("takes any input without throwing: empty, huge, emoji, SQL, HTML, tsquery operators", async () => {
    const inputs = [
      "",
      "   ",
      "\u0000",
      "x".repeat(10_000),
      "thesis ".repeat(2_000),
      "🎉🚀💥",
      "🎉 thesis 🚀",
      "'; drop table template; --",
      '" or 1=1 --',
      "<script>alert('x')</script>",
      "<b>thesis</b>",
      "thesis & ! | ( ) : * <-> 'x' \\",
      "!!!:*",
      "a:* & b:A",
      "%_%",
      "ñ".repeat(300),
      "de la para con",
      "\uD800 broken surrogate",
      "ＴＨＥＳＩＳ",
    ];
    for (const q of inputs) {
      for (const sort of SEARCH_SORTS) {
        const r = await searchTemplates(ctx(), { q, sort });
        expect(r.query.length, q.slice(0, 20)).toBeLessThanOrEqual(200);
        expect(Array.isArray(r.items)).toBe(true);
      }
      await expect(autocomplete(ctx(), q)).resolves.toBeDefined();
      await expect(logSearch(ctx(), { query: q, resultCount: 0, client: "c1" })).resolves.toBeUndefined();
    }
    expect((await searchTemplates(ctx(), { q: "" })).items).toEqual([]);
    expect((await searchTemplates(ctx(), { q: "<b>thesis</b>" })).query).toBe("b thesis b");
    expect((await searchTemplates(ctx(), { q: "ＴＨＥＳＩＳ" })).total).toBeGreaterThan(0);
    expect((await searchTemplates(ctx(), { q: "🎉 thesis 🚀" })).total).toBeGreaterThan(0);
    // Nothing was dropped along the way.
    const [{ n }] = await database.rows<{ n: number }>(sql`select count(*)::int as n from template`);
    expect(Number(n)).toBe(240);
    await database.db.execute(sql`delete from search_log`);
  });

  it("tolerates odd page numbers and sizes", async () => {
    const r = await searchTemplates(ctx(), { q: "thesis", page: -3, pageSize: 0 });
    expect(r.page).toBe(1);
    expect(r.pageSize).toBe(1);
    const big = await searchTemplates(ctx(), { q: "thesis", page: Number.NaN, pageSize: 10_000 });
    expect(big.page).toBe(1);
    expect(big.pageSize).toBe(100);
  });
});

describe("autocomplete", () => {
  it("completes from the suggestion dictionary in the context's locale only, with three templates", async () => {
    const en = await autocomplete(ctx("en"), "bio");
    expect(en.suggestions[0]).toBe("Biology");
    expect(en.suggestions).not.toContain("Biología");
    expect(en.templates).toHaveLength(3);
    expect(en.templates[0].slidesCount).toBeGreaterThan(0);
    expect(en.templates[0].colors[0].id).toEqual(expect.any(Number));

    const es = await autocomplete(ctx("es"), "bio");
    expect(es.suggestions[0]).toBe("Biología");
    expect(es.suggestions).not.toContain("Biology");
    expect(es.templates[0].slug).toMatch(/biologia/);
  });

  it("matches what was typed in the other language and names it in the page's", async () => {
    // The English and Spanish names of every tag, category and style, and the titles of both locales.
    const en = await database.rows<{ name: string }>(sql`select name from tag_translation where locale = 'en'`);
    const es = await database.rows<{ name: string }>(sql`select name from tag_translation where locale = 'es'`);
    const titles = await database.rows<{ locale: Locale; title: string }>(
      sql`select locale, title from template_translation`,
    );
    const enNames = new Set([...en.map((r) => r.name), ...titles.filter((t) => t.locale === "en").map((t) => t.title)]);
    const esNames = new Set([...es.map((r) => r.name), ...titles.filter((t) => t.locale === "es").map((t) => t.title)]);
    const styles = await database.rows<{ name_en: string; name_es: string }>(sql`select name_en, name_es from style`);
    for (const s of styles) {
      enNames.add(s.name_en);
      esNames.add(s.name_es);
    }

    // "negoc" only starts Spanish words: the English page offers their English names.
    const onEnglish = await autocomplete(ctx("en"), "negoc");
    expect(onEnglish.suggestions.length).toBeGreaterThan(0);
    expect(onEnglish.suggestions).toContain("Business");
    for (const s of onEnglish.suggestions) expect(enNames, s).toContain(s);
    for (const t of onEnglish.templates) expect(enNames, t.title).toContain(t.title);

    // And the other way round: "busin" on the Spanish page.
    const onSpanish = await autocomplete(ctx("es"), "busin");
    expect(onSpanish.suggestions).toContain("Negocios");
    for (const s of onSpanish.suggestions) expect(esNames, s).toContain(s);
    for (const t of onSpanish.templates) expect(esNames, t.title).toContain(t.title);

    // Whatever is typed, nothing in the other language is ever offered.
    for (const q of ["pre", "plan", "info", "geo", "mar", "tes", "the"]) {
      const r = await autocomplete(ctx("en"), q);
      for (const s of r.suggestions) expect(enNames.has(s) || !esNames.has(s), `${q}: ${s}`).toBe(true);
    }
  });

  it("never offers a template's title as a suggestion beside the template itself", async () => {
    for (const [locale, q] of [
      ["en", "geometric biology"],
      ["en", "bio"],
      ["en", "pitch"],
      ["es", "plan de"],
      ["es", "tesis"],
    ] as const) {
      const r = await autocomplete(ctx(locale), q);
      expect(r.templates.length, q).toBeGreaterThan(0);
      const titles = r.templates.map((t) => t.title.toLowerCase());
      for (const s of r.suggestions) expect(titles, `${q}: ${s}`).not.toContain(s.toLowerCase());
      expect(new Set(r.suggestions.map((s) => s.toLowerCase())).size).toBe(r.suggestions.length);
    }
    // "geometric biology" is mostly titles: the templates' own are rows, the rest stay suggestions.
    const r = await autocomplete(ctx("en"), "geometric biology");
    expect(r.templates[0].title).toMatch(/^Geometric Biology/i);
  });

  it("matches from any word of a suggestion, accents and case ignored", async () => {
    const r = await autocomplete(ctx("en"), "BIOLOGY L");
    expect(r.suggestions.length).toBeGreaterThan(0);
    expect(r.suggestions.every((s) => /biology l/i.test(s))).toBe(true);
    const es = await autocomplete(ctx("es"), "plan de m");
    expect(es.suggestions[0]).toBe("Plan de marketing");
    const accent = await autocomplete(ctx("es"), "infografi");
    expect(accent.suggestions[0]).toBe("Infografías");
  });

  it("limits the list and answers nothing for nothing", async () => {
    expect((await autocomplete(ctx(), "p", 3)).suggestions).toHaveLength(3);
    expect(await autocomplete(ctx(), "   ")).toEqual({ suggestions: [], templates: [] });
    expect((await autocomplete(ctx(), "zzzzqqq")).suggestions).toEqual([]);
  });

  it("corrects a typo when nothing starts like it", async () => {
    const r = await autocomplete(ctx(), "bussines");
    expect(r.suggestions[0]).toMatch(/^business/i);
  });

  it("reads the prefix index of the suggestion table, not the templates", async () => {
    // The statements autocomplete really sends, caught on their way to the database.
    const sent: SQL[] = [];
    const db = new Proxy(database.db, {
      get(target, prop) {
        if (prop === "execute")
          return (query: SQL) => {
            sent.push(query);
            return target.execute(query);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const found = await autocomplete({ ...ctx(), db }, "biolog");
    expect(found.suggestions[0]).toBe("Biology");
    const dialect = new PgDialect();
    const lookups = sent.filter((q) => /\bfrom search_suggestion\b/.test(dialect.sqlToQuery(q).sql));
    expect(lookups).toHaveLength(1);
    // That statement, with its parameters, explained: the planner may not read the table from end to end.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute(sql`explain ${lookups[0]}`)) as unknown as { rows: Record<string, string>[] };
      return rows.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("search_suggestion_key_idx");
    expect(plan).not.toMatch(/Seq Scan|\btemplate\b|template_search/);
  });
});

describe("search log", () => {
  it("stores the normalised query, the locale, the result count, the time and the client's tag, nothing else", async () => {
    const at = new Date(now.getTime() - 1000);
    await logSearch(ctx("es", at), { query: "  Plantilla   TESIS  ", resultCount: 7, client: "tag-of-a-client" });
    const rows = await database.rows<Record<string, unknown>>(sql`select * from search_log`);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(["client", "created_at", "id", "locale", "query", "result_count"]);
    expect(rows[0]).toMatchObject({
      query: "plantilla tesis",
      locale: "es",
      result_count: 7,
      client: "tag-of-a-client",
    });
    expect(new Date(rows[0].created_at as string).getTime()).toBe(at.getTime());
    const columns = await database.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'search_log' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      "client",
      "created_at",
      "id",
      "locale",
      "query",
      "result_count",
    ]);
  });

  it("skips empty queries and ones that look like personal data", async () => {
    await database.db.execute(sql`delete from search_log`);
    for (const query of ["", "  ", "🎉", "jane@example.com", "call 555 123 4567", "4242 4242 4242 4242"])
      await logSearch(ctx(), { query, resultCount: 1, client: "c1" });
    const [{ n }] = await database.rows<{ n: number }>(sql`select count(*)::int as n from search_log`);
    expect(Number(n)).toBe(0);
  });

  it("top searches: the queries of the window most clients made that found something, the locale's first", async () => {
    await database.db.execute(sql`delete from search_log`);
    /** `clients` different clients each make the search (the first of them `times` times). */
    const log = async (
      query: string,
      clients: number,
      daysAgo: number,
      resultCount: number,
      locale: Locale = "en",
      times = 1,
    ) => {
      for (let c = 0; c < clients; c++)
        for (let i = 0; i < (c === 0 ? times : 1); i++)
          await logSearch(ctx(locale, new Date(now.getTime() - daysAgo * DAY - (c * 10 + i) * 1000)), {
            query,
            resultCount,
            client: `${query}-client-${c}`,
          });
    };
    await log("pitch deck", 9, 1, 7);
    await log("thesis", 6, 10, 8);
    await log("Plantilla Tesis", 7, 2, 8, "es");
    await log("xyzzy", 12, 1, 0); // found nothing
    await log("old favorite", 12, TOP_SEARCHES_WINDOW_DAYS + 1, 30); // outside the window
    await log("future", 12, -20, 30); // after now (the clock)
    // One client, however often it searches, or a few clients, write nothing there.
    await log("buy cheap pills here", 1, 1, 3, "en", 40);
    await log("spam phrase", TOP_SEARCHES_MIN_CLIENTS - 1, 1, 3, "en", 10);
    // Nor do searches logged without a client (before clients were counted).
    for (let i = 0; i < 10; i++)
      await database.db.execute(
        sql`insert into search_log (query, locale, result_count, created_at) values ('untagged', 'en', 5, ${new Date(now.getTime() - DAY)})`,
      );

    const en = await topSearches(ctx("en"), { limit: 8 });
    expect(en.map((s) => s.searchRequest)).toEqual(["pitch deck", "thesis", "plantilla tesis"]);
    const es = await topSearches(ctx("es"), { limit: 8 });
    expect(es.map((s) => s.searchRequest)).toEqual(["plantilla tesis", "pitch deck", "thesis"]);
    expect(es.find((s) => s.searchRequest === "thesis")!.id).toBe(en.find((s) => s.searchRequest === "thesis")!.id);
    expect((await topSearches(ctx("en"), { limit: 2 })).length).toBe(2);

    // A month later the window has moved on.
    const later = ctx("en", new Date(now.getTime() + 40 * DAY));
    expect((await topSearches(later)).map((s) => s.searchRequest)).toEqual(["future"]);
  });

  it("zero-result rate over a number of days", async () => {
    const rate = await zeroResultRate(ctx(), { days: 30 });
    const searches = 9 + 6 + 7 + 12 + 40 + (TOP_SEARCHES_MIN_CLIENTS - 1 + 9) + 10;
    expect(rate.searches).toBe(searches);
    expect(rate.zeroResults).toBe(12);
    expect(rate.rate).toBeCloseTo(12 / searches);
    expect(await zeroResultRate(ctx("en", new Date(now.getTime() - 100 * DAY)), { days: 1 })).toEqual({
      searches: 0,
      zeroResults: 0,
      rate: 0,
    });
  });

  it("frequent searches become suggestions after a refresh", async () => {
    await refreshSearchIndex(database.db, { now });
    const r = await autocomplete(ctx("en"), "pitch d");
    expect(r.suggestions).toContain("pitch deck");
    // Searches that found nothing never do.
    expect((await autocomplete(ctx("en"), "xyzz")).suggestions).toEqual([]);
  });
});

describe("search menu", () => {
  it("groups trending templates by category, with preview images", async () => {
    const groups = await categorizedTrendingBySearchTemplates(ctx("es"), { limit: 5 });
    expect(groups.length).toBe(5);
    const categories = await database.rows<{ id: number }>(sql`select id from tag where type = 'category'`);
    const categoryIds = new Set(categories.map((c) => Number(c.id)));
    for (const g of groups) {
      expect(categoryIds.has(g.id)).toBe(true);
      expect(g).toMatchObject({
        slug: expect.any(String),
        iconName: expect.any(String),
        content: { name: expect.any(String) },
      });
      expect(g.templatesCount).toBeGreaterThan(0);
      expect(g.templates.length).toBeGreaterThanOrEqual(3);
      expect(g.templates.length).toBeLessThanOrEqual(4);
      for (const t of g.templates) {
        expect(t.content.title).toEqual(expect.any(String));
        expect(t.colors.length).toBeGreaterThan(0);
        for (const c of t.colors) {
          expect(c.previewImages.length).toBeGreaterThan(0);
          for (const url of c.previewImages)
            expect(url).toMatch(new RegExp(`^/files/previews/v1/${c.id}/\\d+-\\d+\\.webp$`));
        }
      }
    }
    expect(groups.map((g) => g.content.name)).toContain("Negocios");
    const trending = await database.rows<{ id: number; score: number }>(
      sql`select id, trending_score as score from template`,
    );
    const score = new Map(trending.map((t) => [Number(t.id), Number(t.score)]));
    for (const g of groups) {
      const s = g.templates.map((t) => score.get(t.id)!);
      expect(s).toEqual([...s].sort((a, b) => b - a));
    }
  });

  it("answers top searches and trending groups together", async () => {
    const menu = await mainPageSearchMenu(ctx("en"));
    expect(menu.topSearches.length).toBeGreaterThan(0);
    expect(menu.topSearches[0]).toEqual({ id: expect.any(Number), searchRequest: expect.any(String) });
    expect(menu.categorizedTrendingBySearchTemplates.length).toBeGreaterThan(0);
  });
});

describe("keeping the index fresh", () => {
  it("marks edited templates stale and rebuilds just those", async () => {
    await database.db.execute(sql`delete from template_search_stale`);
    const [t] = await database.rows<{ id: number }>(
      sql`select template_id as id from template_translation where locale = 'en' and slug = 'geometric-travel-guide'`,
    );
    await database.db.execute(
      sql`update template_translation set title = 'Geometric Zanzibar Travel Guide' where template_id = ${t.id} and locale = 'en'`,
    );
    expect((await searchTemplates(ctx(), { q: "zanzibar" })).total).toBe(0);
    const stale = await database.rows<{ id: number }>(sql`select template_id as id from template_search_stale`);
    expect(stale.map((s) => Number(s.id))).toEqual([Number(t.id)]);

    expect(await refreshStaleSearchDocuments(database.db, { now })).toBe(1);
    const r = await searchTemplates(ctx(), { q: "zanzibar" });
    expect(r.items.map((i) => i.id)).toEqual([Number(t.id)]);
    // The new title is offered: as the template itself (so not again as a suggestion).
    const typed = await autocomplete(ctx(), "geometric zan");
    expect(typed.templates.map((x) => [x.id, x.title])).toEqual([[Number(t.id), "Geometric Zanzibar Travel Guide"]]);
    expect(typed.suggestions).toEqual([]);
    expect(await refreshStaleSearchDocuments(database.db, { now })).toBe(0);
  });

  it("marks a template stale when a filtered attribute changes", async () => {
    await database.db.execute(sql`delete from template_search_stale`);
    const [t] = await database.rows<{ id: number; premium: boolean }>(
      sql`select t.id, t.is_premium as premium from template t join template_translation tr on tr.template_id = t.id
          where tr.locale = 'en' and tr.slug = 'geometric-travel-guide'`,
    );
    const license = t.premium ? "free" : "premium";
    await database.db.execute(sql`update template set is_premium = not is_premium where id = ${t.id}`);
    await database.db.execute(sql`update template set downloads_count = downloads_count + 1 where id = ${t.id}`);
    expect(await refreshStaleSearchDocuments(database.db, { now })).toBe(1);
    const r = await searchTemplates(ctx(), { q: "zanzibar", filters: filters({ licenses: [license as "free"] }) });
    expect(r.items.map((i) => i.id)).toEqual([Number(t.id)]);
  });

  it("copies download counts for the popular order", async () => {
    const [t] = await database.rows<{ id: number }>(
      sql`select template_id as id from template_translation where locale = 'en' and slug = 'elegant-thesis-defense'`,
    );
    await database.db.execute(sql`update template set downloads_count = 1000000 where id = ${t.id}`);
    expect(await refreshSearchStats(database.db)).toBe(1);
    const r = await searchTemplates(ctx(), { q: "thesis", sort: "popular" });
    expect(r.items[0].id).toBe(Number(t.id));
  });

  it("a second full refresh writes nothing", async () => {
    const r = await refreshSearchIndex(database.db, { now });
    expect(r.documents).toBe(0);
    expect(r.suggestions).toBeGreaterThan(100);
    expect(r.words).toBeGreaterThan(100);
  });

  it("keeps an answer for the catalogue version, and answers anew once refreshed documents raise it", async () => {
    // The web server's context: a process's reference cache over the catalogue version (server/ports.ts).
    const reference = new ReferenceCache(() => getCatalogVersion({ db: database.db }));
    const cached = (): ServiceContext => ({ ...ctx(), reference });
    await database.db.execute(sql`delete from template_search_stale`);
    const [t] = await database.rows<{ id: number }>(
      sql`select template_id as id from template_translation where locale = 'en' and slug = 'geometric-travel-guide'`,
    );
    const first = await searchTemplates(cached(), { q: "kilimanjaro" });
    expect(first.total).toBe(0);
    // The same question again is the kept answer (the same object), not a new read.
    expect(await searchTemplates(cached(), { q: "  Kilimanjaro " })).toBe(first);
    await database.db.execute(
      sql`update template_translation set title = 'Geometric Kilimanjaro Travel Guide' where template_id = ${t.id} and locale = 'en'`,
    );
    // The text changed but its document did not: the kept answer is still what a search would find.
    expect((await searchTemplates(cached(), { q: "kilimanjaro" })).total).toBe(0);
    expect(await refreshStaleSearchDocuments(database.db, { now })).toBe(1);
    const after = await searchTemplates(cached(), { q: "kilimanjaro" });
    expect(after.items.map((i) => i.id)).toEqual([Number(t.id)]);
    // Another page, sort or filter is another question.
    expect((await searchTemplates(cached(), { q: "kilimanjaro", sort: "newest" })).total).toBe(1);
  });
});
