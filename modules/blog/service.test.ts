import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { AppError } from "#modules/shared/context.ts";
import { formatDay } from "#modules/shared/day.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { listTagsForApi, parseTagsQuery } from "./content-api.ts";
import { rebuildBlogWords, tidyBlogSearchIndexes } from "./import-repo.ts";
import {
  getArticle,
  getBlogTag,
  latestPosts,
  listBlogSitemapEntries,
  listBlogTags,
  listFeedItems,
  listPosts,
  searchPosts,
} from "./service.ts";

/*
 * The read side of the blog against rows written directly (the import has its own tests): one locale's
 * words through that locale's stemmer, as modules/blog/import.ts writes them.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: Locale = "en"): ServiceContext => ({ db: database.db, locale, clock, log: silent });
let templateIds: number[];

type Tr = { title: string; slug: string; excerpt?: string; body?: string };
async function tag(key: string, isCategory: boolean, tr: Partial<Record<Locale, Tr>>, updatedAt: string) {
  const [{ id }] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into blog_tag (key, is_category, updated_at) values (${key}, ${isCategory}, ${updatedAt}) returning id`,
  );
  for (const [locale, t] of Object.entries(tr))
    await database.db.execute(
      sql`insert into blog_tag_translation (tag_id, locale, title, slug, description)
          values (${id}, ${locale}, ${t.title}, ${t.slug}, ${`About ${t.title}`})`,
    );
  return Number(id);
}

async function post(
  key: string,
  category: number,
  published: string,
  tr: Partial<Record<Locale, Tr>>,
  extra: { tags?: number[]; templates?: number[] } = {},
) {
  const [{ id }] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into blog_post (key, category_id, author, published_at) values (${key}, ${category}, 'Ana Writer', ${published}) returning id`,
  );
  for (const [locale, t] of Object.entries(tr)) {
    const cfg = sql.raw(locale === "es" ? "'spanish'" : "'english'");
    const excerpt = t.excerpt ?? `Excerpt of ${t.title}`;
    const body = t.body ?? "Plain words.";
    await database.db.execute(
      sql`insert into blog_post_translation (post_id, locale, title, slug, excerpt, body_md, body_html, reading_minutes,
            cover_key, cover_alt, source_hash, search)
          values (${id}, ${locale}, ${t.title}, ${t.slug}, ${excerpt}, ${body}, ${`<p>${body}</p>`}, 4,
            ${`blog/covers/${key.padEnd(16, "0").replace(/[^a-f0-9]/g, "a")}`}, ${t.title}, 'h',
            setweight(to_tsvector(${cfg}, slidenest_unaccent(lower(${t.title}))), 'A')
            || setweight(to_tsvector(${cfg}, slidenest_unaccent(lower(${excerpt}))), 'B')
            || setweight(to_tsvector(${cfg}, slidenest_unaccent(lower(${body}))), 'C'))`,
    );
  }
  for (const t of extra.tags ?? [])
    await database.db.execute(sql`insert into blog_post_tag (post_id, tag_id) values (${id}, ${t})`);
  for (const [i, t] of (extra.templates ?? []).entries())
    await database.db.execute(
      sql`insert into blog_post_template (post_id, template_id, position) values (${id}, ${t}, ${i})`,
    );
  return Number(id);
}

let design: number;
let tools: number;
let onlyEnglish: number;
let typography: number;

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now: new Date("2026-11-01T00:00:00Z"), count: 12 } });
  templateIds = (await queryRows<{ id: number }>(database.db, sql`select id from template order by id limit 3`)).map(
    (r) => Number(r.id),
  );
  design = await tag(
    "design",
    true,
    {
      en: { title: "Design tips", slug: "design-tips" },
      es: { title: "Consejos de diseño", slug: "consejos-de-diseno" },
    },
    "2026-01-01T00:00:00Z",
  );
  tools = await tag(
    "tools",
    true,
    { en: { title: "Tools", slug: "tools" }, es: { title: "Herramientas", slug: "herramientas" } },
    "2026-02-01T00:00:00Z",
  );
  onlyEnglish = await tag(
    "cases",
    true,
    { en: { title: "Case studies", slug: "case-studies" } },
    "2025-12-01T00:00:00Z",
  );
  typography = await tag(
    "typography",
    false,
    { en: { title: "Typography", slug: "typography" }, es: { title: "Tipografía", slug: "tipografia" } },
    "2026-03-01T00:00:00Z",
  );
  await post(
    "fonts",
    design,
    "2026-03-10T09:00:00Z",
    {
      en: {
        title: "How to choose fonts for slides",
        slug: "choose-fonts",
        body: "Pair a serif heading with a sans body. Fonts must exist in Google Slides.",
      },
      es: {
        title: "Cómo elegir tipografías para tus diapositivas",
        slug: "elegir-tipografias",
        body: "Combina una tipografía con serifa para los títulos. Las plantillas de diseño ayudan.",
      },
    },
    { tags: [typography], templates: [templateIds[1], templateIds[0]] },
  );
  await post("colours", design, "2026-04-10T09:00:00Z", {
    en: { title: "Colour palettes for projectors", slug: "colour-palettes", body: "Contrast matters. Fonts too." },
    es: { title: "Paletas de color para proyectores", slug: "paletas-de-color", body: "El contraste importa." },
  });
  await post("masters", tools, "2026-05-10T09:00:00Z", {
    en: { title: "Master slides in PowerPoint", slug: "master-slides", body: "Edit the layout once." },
    es: { title: "Patrones de diapositivas", slug: "patrones", body: "Edita el diseño una vez." },
  });
  await post("lesson", design, "2026-06-10T09:00:00Z", {
    en: { title: "Slides for a classroom", slug: "classroom-slides", body: "One concept per slide." },
  });
  await post("tfg", tools, "2026-07-10T09:00:00Z", {
    es: { title: "Cómo defender tu TFG", slug: "defender-tfg", body: "Plantillas y guion para el tribunal." },
  });
  await post("case", onlyEnglish, "2026-08-10T09:00:00Z", {
    en: { title: "A case study", slug: "a-case-study" },
    es: { title: "Un caso de estudio", slug: "un-caso" },
  });
  await post("future", design, "2026-12-24T09:00:00Z", {
    en: { title: "Not yet", slug: "not-yet" },
    es: { title: "Aún no", slug: "aun-no" },
  });
  // Enough English articles for a second page.
  for (let i = 0; i < 10; i++)
    await post(`filler-${i}`, tools, `2026-01-${String(10 + i).padStart(2, "0")}T09:00:00Z`, {
      en: { title: `Filler article ${i}`, slug: `filler-${i}` },
    });
  // The typo dictionary, as the import leaves it.
  await rebuildBlogWords(database.db);
});

afterAll(async () => {
  await database.cleanup();
});

describe("lists", () => {
  it("lists the published articles of the locale, newest first, 12 a page", async () => {
    const first = await listPosts(ctx("en"), {});
    expect(first.total).toBe(15);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(12);
    expect(first.items[0]).toMatchObject({
      title: "A case study",
      path: "/blog/case-studies/a-case-study",
      category: { title: "Case studies", slug: "case-studies" },
      readingMinutes: 4,
    });
    expect(first.items.map((p) => p.slug)).not.toContain("not-yet");
    const second = await listPosts(ctx("en"), { page: 2 });
    expect(second.items).toHaveLength(3);
    expect((await listPosts(ctx("en"), { page: 9 })).items).toEqual([]);
    expect(first.items[0].cover).toMatchObject({ width: 1280, height: 720 });
    // The day is written here, in the card's language, so the page's scripts need not format it.
    expect(first.items[0].publishedOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(first.items[0].publishedOn).toBe(formatDay("en", first.items[0].publishedAt));
    // A phone (a card 92vw of 360-412 px at a density near 2) finds the 800 px cover; 640 is too narrow.
    expect(first.items[0].cover.srcSet).toMatch(/-640\.webp 640w, .*-800\.webp 800w, .*-1280\.webp 1280w$/);
    expect(first.items[0].cover.src).toMatch(/-640\.webp$/);
  });

  it("lists in Spanish only what is translated, with Spanish addresses (a category without Spanish keeps its slug)", async () => {
    const es = await listPosts(ctx("es"), {});
    for (const p of es.items) expect(p.publishedOn).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);
    expect(es.items.map((p) => p.slug)).toEqual([
      "un-caso",
      "defender-tfg",
      "patrones",
      "paletas-de-color",
      "elegir-tipografias",
    ]);
    expect(es.items[0].path).toBe("/es/blog/case-studies/un-caso");
    expect(es.items[1].path).toBe("/es/blog/herramientas/defender-tfg");
  });

  it("lists a category's and a tag's articles", async () => {
    expect((await listPosts(ctx("en"), { tagId: design })).items.map((p) => p.slug)).toEqual([
      "classroom-slides",
      "colour-palettes",
      "choose-fonts",
    ]);
    expect((await listPosts(ctx("es"), { tagId: typography })).items.map((p) => p.slug)).toEqual([
      "elegir-tipografias",
    ]);
  });

  it("lists the categories of the locale in the content service's order, with articles counted per locale", async () => {
    const en = await listBlogTags(ctx("en"));
    expect(en.map((t) => [t.slug, t.postsCount])).toEqual([
      ["case-studies", 1],
      ["design-tips", 3],
      ["tools", 11],
    ]);
    const es = await listBlogTags(ctx("es"));
    expect(es.map((t) => [t.slug, t.postsCount])).toEqual([
      ["consejos-de-diseno", 2],
      ["herramientas", 2],
    ]);
    expect((await listBlogTags(ctx("es"), { categoriesOnly: false })).map((t) => t.slug)).toContain("tipografia");
  });

  it("teases the latest articles", async () => {
    expect((await latestPosts(ctx("es"), 2)).map((p) => p.slug)).toEqual(["un-caso", "defender-tfg"]);
  });
});

describe("one category, one article", () => {
  it("finds a category by its slug, sends another locale's slug to this one's, says when it is not translated", async () => {
    expect(await getBlogTag(ctx("es"), "consejos-de-diseno")).toMatchObject({ kind: "found", value: { id: design } });
    expect(await getBlogTag(ctx("es"), "design-tips")).toEqual({ kind: "moved", path: "/es/blog/consejos-de-diseno" });
    expect(await getBlogTag(ctx("es"), "case-studies")).toEqual({
      kind: "untranslated",
      availableIn: [{ locale: "en", title: "Case studies", path: "/blog/case-studies" }],
    });
    expect(await getBlogTag(ctx("en"), "nothing")).toEqual({ kind: "missing" });
    expect(await getBlogTag(ctx("en"), "x".repeat(500))).toEqual({ kind: "missing" });
    // An address may hold anything; what cannot be a slug never reaches the database.
    for (const odd of ["\u0000", "design\u0000tips", "Design-Tips", "diseño", "' or 1=1 --", ""])
      expect(await getBlogTag(ctx("en"), odd), odd).toEqual({ kind: "missing" });
  });

  it("finds an article with its tags, the templates it names (in its order), related articles and its addresses", async () => {
    const found = await getArticle(ctx("en"), { categorySlug: "design-tips", slug: "choose-fonts" });
    if (found.kind !== "found") throw new Error(found.kind);
    const a = found.value;
    expect(a.title).toBe("How to choose fonts for slides");
    expect(a.html).toContain("<p>Pair a serif");
    expect(a.tags).toEqual([{ title: "Typography", slug: "typography" }]);
    expect(a.templates.map((t) => t.id)).toEqual([templateIds[1], templateIds[0]]);
    expect(a.paths).toEqual({
      en: "/blog/design-tips/choose-fonts",
      es: "/es/blog/consejos-de-diseno/elegir-tipografias",
    });
    // Same category first, then the newest; never itself or an unpublished one.
    expect(a.related.map((p) => p.slug)).toEqual(["classroom-slides", "colour-palettes", "a-case-study"]);
    // Its days written in its language; a revision's day only with a revision.
    expect(a.publishedOn).toBe(formatDay("en", a.publishedAt));
    expect(a.revisedOn).toBe(a.revisedAt ? formatDay("en", a.revisedAt) : null);
  });

  it("sends a wrong category or another locale's slug to the article's address, and says where an untranslated one is", async () => {
    expect(await getArticle(ctx("en"), { categorySlug: "tools", slug: "choose-fonts" })).toEqual({
      kind: "moved",
      path: "/blog/design-tips/choose-fonts",
    });
    expect(await getArticle(ctx("es"), { categorySlug: "design-tips", slug: "choose-fonts" })).toEqual({
      kind: "moved",
      path: "/es/blog/consejos-de-diseno/elegir-tipografias",
    });
    expect(await getArticle(ctx("es"), { categorySlug: "consejos-de-diseno", slug: "classroom-slides" })).toEqual({
      kind: "untranslated",
      availableIn: [{ locale: "en", title: "Slides for a classroom", path: "/blog/design-tips/classroom-slides" }],
    });
    expect(await getArticle(ctx("en"), { categorySlug: "tools", slug: "defender-tfg" })).toEqual({
      kind: "untranslated",
      availableIn: [{ locale: "es", title: "Cómo defender tu TFG", path: "/es/blog/herramientas/defender-tfg" }],
    });
    expect(await getArticle(ctx("en"), { categorySlug: "design-tips", slug: "not-yet" })).toEqual({ kind: "missing" });
    expect(await getArticle(ctx("en"), { categorySlug: "design-tips", slug: "nope" })).toEqual({ kind: "missing" });
    expect(await getArticle(ctx("en"), { categorySlug: "design-tips", slug: "\u0000" })).toEqual({ kind: "missing" });
    expect(await getArticle(ctx("en"), { categorySlug: "\u0000", slug: "choose-fonts" })).toEqual({ kind: "missing" });
  });
});

describe("search", () => {
  it("finds English articles through the English stemmer, titles first", async () => {
    const r = await searchPosts(ctx("en"), { query: "FONT" });
    expect(r.items.map((p) => p.slug)).toEqual(["choose-fonts", "colour-palettes"]);
    expect(r.total).toBe(2);
    expect(r.partial).toBe(false);
  });

  it("finds Spanish articles through the Spanish stemmer, without accents", async () => {
    expect((await searchPosts(ctx("es"), { query: "plantilla" })).items.map((p) => p.slug)).toEqual([
      "defender-tfg",
      "elegir-tipografias",
    ]);
    expect((await searchPosts(ctx("es"), { query: "tipografía" })).items.map((p) => p.slug)).toEqual([
      "elegir-tipografias",
    ]);
    expect((await searchPosts(ctx("es"), { query: "DISENO" })).items.map((p) => p.slug)).toEqual([
      "patrones",
      "elegir-tipografias",
    ]);
    // An article only in Spanish is not on the English blog, whatever finds it.
    expect((await searchPosts(ctx("en"), { query: "tfg" })).total).toBe(0);
  });

  it("finds an article by its translation in the other language, shown in the reader's", async () => {
    // "plantillas" is only in the Spanish text of the fonts article; the TFG one has no English translation.
    const en = await searchPosts(ctx("en"), { query: "plantillas" });
    expect(en.items.map((p) => [p.slug, p.title])).toEqual([["choose-fonts", "How to choose fonts for slides"]]);
    expect(en.suggestion).toBeNull();
    // And the other way: English words on the Spanish blog, through the English stemmer ("projector").
    const es = await searchPosts(ctx("es"), { query: "projector" });
    expect(es.items.map((p) => p.slug)).toEqual(["paletas-de-color"]);
    // Ranked like the rest: "fonts" is in the English title of the fonts article, in the colours one's body.
    expect((await searchPosts(ctx("es"), { query: "fonts" })).items.map((p) => p.slug)).toEqual([
      "elegir-tipografias",
      "paletas-de-color",
    ]);
  });

  it("corrects misspelt words against the articles' own words (did you mean)", async () => {
    const typo = await searchPosts(ctx("en"), { query: "projecters" });
    expect(typo.items.map((p) => p.slug)).toEqual(["colour-palettes"]);
    expect(typo).toMatchObject({ suggestion: "projectors", usedSuggestion: true, partial: false });
    // Accents and case ignored; a word of the other language corrected too.
    const es = await searchPosts(ctx("es"), { query: "TIPOGAFIAS" });
    expect(es.items.map((p) => p.slug)).toEqual(["elegir-tipografias"]);
    expect(es.suggestion).toBe("tipografias");
    const cross = await searchPosts(ctx("en"), { query: "plantilas" });
    expect(cross.items.map((p) => p.slug)).toEqual(["choose-fonts"]);
    expect(cross.usedSuggestion).toBe(true);
    // A word the articles hold is never "corrected"; nothing close stays nothing.
    const right = await searchPosts(ctx("en"), { query: "projectors" });
    expect(right).toMatchObject({ total: 1, suggestion: null, usedSuggestion: false });
    expect(await searchPosts(ctx("en"), { query: "xqzvvk" })).toMatchObject({ total: 0, suggestion: null });
    // A misspelt word beside a right one: corrected, then every word.
    const two = await searchPosts(ctx("en"), { query: "colour palletes" });
    expect(two.items.map((p) => p.slug)).toEqual(["colour-palettes"]);
    expect(two.suggestion).toBe("colour palettes");
  });

  it("builds the typo dictionary from every translation's words, without markup", async () => {
    const words = await queryRows<{ word: string; frequency: number }>(
      database.db,
      sql`select word, frequency from blog_word order by word`,
    );
    const byWord = new Map(words.map((w) => [w.word, Number(w.frequency)]));
    expect(byWord.get("projectors")).toBe(1);
    // Translations holding a word: "fonts" is in the English fonts and colours articles (title and body count once).
    expect(byWord.get("fonts")).toBe(2);
    expect(byWord.has("diseno")).toBe(true);
    for (const junk of ["p", "amp", "the", "10"]) if (junk !== "the") expect(byWord.has(junk), junk).toBe(false);
  });

  it("reads matches and corrections from their indexes (the statements the service sends)", async () => {
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
    await searchPosts({ ...ctx("en"), db }, { query: "projecters" });
    const dialect = new PgDialect();
    const searches = sent.filter((q) => /@@/.test(dialect.sqlToQuery(q).sql));
    expect(searches.length).toBeGreaterThanOrEqual(4); // cards and count, as typed and corrected
    const corrections = sent.filter((q) => /\bfrom blog_word\b/.test(dialect.sqlToQuery(q).sql));
    expect(corrections).toHaveLength(1);
    // Those statements, explained on a blog of a realistic size (2,000 more articles in both languages and
    // 20,000 more words, analysed; rolled back): no planner setting forced, the indexes are what it reads.
    const plans: string[] = [];
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into blog_post (key, category_id, author, published_at)
          select 'bulk-' || i, ${design}, 'Bulk', '2026-01-01T00:00:00Z' from generate_series(1, 2000) i`);
        await tx.execute(sql`insert into blog_post_translation (post_id, locale, title, slug, excerpt, body_md, body_html,
            reading_minutes, cover_key, cover_alt, source_hash, search)
          select p.id, l.locale, 'Bulk ' || p.id, 'bulk-' || p.id, 'x', 'x', 'x', 1, 'k', 'a', 'h',
            to_tsvector(l.cfg::regconfig, 'bulk article number ' || p.id || ' about word' || (p.id % 97))
          from blog_post p cross join (values ('en', 'english'), ('es', 'spanish')) as l(locale, cfg)
          where p.key like 'bulk-%'`);
        await tx.execute(sql`insert into blog_word (word, frequency)
          select 'bulkword' || i, 1 from generate_series(1, 20000) i`);
        // What an import does after writing (import-write.ts).
        await tidyBlogSearchIndexes(tx);
        await tx.execute(sql`analyze blog_post`);
        for (const q of [...searches, ...corrections]) {
          const rows = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: Record<string, string>[] };
          plans.push(rows.rows.map((r) => Object.values(r)[0]).join("\n"));
        }
        tx.rollback();
      })
      .catch((error) => {
        if (!/rollback/i.test(String(error?.message ?? error))) throw error;
      });
    for (const plan of plans.slice(0, searches.length)) {
      expect(plan).toContain("blog_post_translation_search_idx");
      expect(plan).not.toMatch(/Seq Scan on blog_post_translation/);
    }
    expect(plans.at(-1)).toContain("blog_word_trgm_idx");
    expect(plans.at(-1)).not.toMatch(/Seq Scan on blog_word/);
    expect(await queryRows(database.db, sql`select 1 from blog_post where key like 'bulk-%'`)).toEqual([]);
  });

  it("falls back to any of the words when no article has them all", async () => {
    const r = await searchPosts(ctx("en"), { query: "projectors zebra" });
    expect(r.partial).toBe(true);
    expect(r.items.map((p) => p.slug)).toEqual(["colour-palettes"]);
  });

  it("takes any text without failing: nothing, symbols, query syntax, SQL, a huge query", async () => {
    for (const q of [
      "",
      "   ",
      "!!!",
      "font & | ! :* ( )",
      "'; drop table blog_post; --",
      "or",
      "𝒻𝑜𝓃𝓉 🙂",
      "a".repeat(10_000),
    ]) {
      const r = await searchPosts(ctx("en"), { query: q });
      expect(r.items).toBeInstanceOf(Array);
    }
    expect((await searchPosts(ctx("en"), { query: "font & | !" })).items[0]?.slug).toBe("choose-fonts");
    expect((await searchPosts(ctx("en"), { query: `x${" y".repeat(300)}` })).query.length).toBeLessThanOrEqual(200);
  });
});

describe("feeds, sitemap and the content API", () => {
  it("lists feed items with bodies and sitemap entries with only the locales that exist", async () => {
    const feed = await listFeedItems(ctx("es"));
    expect(feed[0]).toMatchObject({ slug: "un-caso", html: "<p>Plain words.</p>" });
    const { posts, tags } = await listBlogSitemapEntries(ctx("en"));
    expect(posts.find((p) => p.paths.en === "/blog/design-tips/classroom-slides")?.paths).toEqual({
      en: "/blog/design-tips/classroom-slides",
    });
    expect(posts.some((p) => p.paths.en === "/blog/design-tips/not-yet")).toBe(false);
    expect(tags.find((t) => t.paths.en === "/blog/case-studies")?.paths.es).toBeUndefined();
  });

  it("answers GET /api/tags as the content service does (SPEC §7's call)", async () => {
    const params = new URLSearchParams(
      "filters[isCategory][$eq]=true&sort=updatedAt:asc&fields[0]=title&fields[1]=slug&populate[posts][fields][0]=id&locale=es",
    );
    const q = parseTagsQuery(params, "en");
    const r = await listTagsForApi(ctx("es"), q);
    expect(r.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    expect(r.data).toEqual([
      {
        id: design,
        attributes: {
          title: "Consejos de diseño",
          slug: "consejos-de-diseno",
          posts: {
            data: [
              { id: expect.any(Number), attributes: {} },
              { id: expect.any(Number), attributes: {} },
            ],
          },
        },
      },
      { id: tools, attributes: { title: "Herramientas", slug: "herramientas", posts: { data: expect.any(Array) } } },
    ]);
    const all = await listTagsForApi(ctx("en"), parseTagsQuery(new URLSearchParams("sort[0]=title:desc"), "en"));
    expect(all.data.map((d) => d.attributes.slug)).toEqual(["typography", "tools", "design-tips", "case-studies"]);
    expect(all.data[0].attributes).toMatchObject({ isCategory: false, locale: "en", description: "About Typography" });
    const paged = parseTagsQuery(new URLSearchParams("pagination[start]=2&pagination[limit]=2"), "en");
    expect((await listTagsForApi(ctx("en"), paged)).data).toHaveLength(2);
  });

  it("refuses what it does not understand with a coded error naming it", () => {
    for (const bad of [
      "filters[password][$eq]=x",
      "filters[isCategory][$eq]=maybe",
      "filters[isCategory][$gt]=true",
      "sort=secret:asc",
      "sort=title:sideways",
      "fields[0]=body",
      "populate=author",
      "locale=fr",
      "pagination[page]=0",
      "pagination[pageSize]=-1",
      "pagination[page]=1e9",
      "filters[id][$eq]=abc",
      "unknown=1",
    ]) {
      expect(() => parseTagsQuery(new URLSearchParams(bad), "en"), bad).toThrow(AppError);
    }
    expect(parseTagsQuery(new URLSearchParams("pagination[pageSize]=5000"), "en").pageSize).toBe(100);
  });
});
