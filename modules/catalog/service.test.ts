import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate, type Taxonomy } from "#tests/factories.ts";
import { emptyFilters, parseListQuery } from "./filters.ts";
import * as catalog from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tax: Taxonomy;
const now = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: Locale = "en"): ServiceContext => ({
  db: database.db,
  locale,
  clock: { now: () => now },
  log: silent,
});
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  tax = await createTaxonomy(database.db);
  const make = async (key: string, spec: Parameters<typeof createTemplate>[2]) => {
    ids[key] = (await createTemplate(database.db, tax, spec)).id;
  };
  await make("pitch", {
    title: "Minimal Startup Pitch Deck",
    titleEs: "Pitch deck minimalista",
    category: "marketing",
    tags: ["pitch-deck"],
    styles: ["minimalist"],
    colors: ["blue", "red"],
    isPremium: true,
    slides: 24,
    downloads: 50,
    trending: 10,
    publishedAt: new Date("2026-10-01T00:00:00Z"),
  });
  await make("thesis", {
    title: "Biology Thesis Defense",
    titleEs: "Defensa de tesis de biología",
    category: "education",
    tags: ["thesis"],
    styles: ["corporate"],
    colors: ["green"],
    slides: 9,
    ratio: "4:3",
    formats: ["PP", "GS"],
    downloads: 10,
    trending: 90,
    publishedAt: new Date("2026-11-10T00:00:00Z"),
  });
  await make("timeline", {
    title: "Playful History Timeline",
    titleEs: "Cronología de historia divertida",
    category: "education",
    tags: ["timeline", "thesis"],
    styles: ["playful"],
    colors: ["red"],
    slides: 15,
    formats: ["PP"],
    downloads: 30,
    trending: 40,
    publishedAt: new Date("2026-06-01T00:00:00Z"),
  });
  await make("future", {
    title: "Not Yet Published",
    category: "marketing",
    publishedAt: new Date("2027-01-01T00:00:00Z"),
  });
  await catalog.refreshCatalogStats({ db: database.db, clock: { now: () => now } });
});

afterAll(async () => {
  await database?.cleanup();
});

describe("tags", () => {
  it("lists the navigation strip: service and category tags ordered by id, with counts of published templates", async () => {
    const nav = await catalog.listNavigationTags(ctx());
    expect(nav.list.map((t) => t.slug)).toEqual(["trending", "latest", "marketing", "education"]);
    expect(nav.totalCount).toBe(4);
    const marketing = nav.list.find((t) => t.slug === "marketing");
    expect(marketing?.templatesCount).toBe(1);
    expect(nav.list[0].iconName).toBe("trending");
  });

  it("translates tag content and pages with skip and limit", async () => {
    const page = await catalog.listTags(ctx("es"), { types: ["tag"], orderBy: "id", skip: 1, limit: 1 });
    expect(page.totalCount).toBe(3);
    expect(page.list).toHaveLength(1);
    expect(page.list[0].content.name).toBe("Pitch deck");
    const edu = await catalog.getTagBySlug(ctx("es"), "EDUCATION");
    expect(edu?.content.name).toBe("Educación");
    expect(await catalog.getTagBySlug(ctx(), "nope")).toBeNull();
  });
});

describe("listTemplates", () => {
  const slugs = (p: { items: { slug: string }[] }) => p.items.map((i) => i.slug);

  it("sorts popular by downloads and newest by publication, hides unpublished templates", async () => {
    const popular = await catalog.listTemplates(ctx(), { scope: { kind: "all" }, sort: "popular" });
    expect(slugs(popular)).toEqual([
      "minimal-startup-pitch-deck",
      "playful-history-timeline",
      "biology-thesis-defense",
    ]);
    expect(popular.total).toBe(3);
    const newest = await catalog.listTemplates(ctx(), { scope: { kind: "all" }, sort: "newest" });
    expect(slugs(newest)[0]).toBe("biology-thesis-defense");
    const trending = await catalog.listTemplates(ctx(), { scope: { kind: "trending" } });
    expect(slugs(trending)).toEqual([
      "biology-thesis-defense",
      "playful-history-timeline",
      "minimal-startup-pitch-deck",
    ]);
  });

  it("scopes to a category and to a plain tag", async () => {
    const edu = await catalog.listTemplates(ctx(), {
      scope: { kind: "tag", tagId: tax.tags.education, tagType: "category" },
    });
    expect(edu.total).toBe(2);
    const thesis = await catalog.listTemplates(ctx(), {
      scope: { kind: "tag", tagId: tax.tags.thesis, tagType: "tag" },
    });
    expect(slugs(thesis).sort()).toEqual(["biology-thesis-defense", "playful-history-timeline"]);
  });

  it("applies each filter from a URL", async () => {
    const run = async (qs: string) =>
      slugs(
        await catalog.listTemplates(ctx(), {
          scope: { kind: "all" },
          filters: parseListQuery(new URLSearchParams(qs)).filters,
        }),
      ).sort();
    expect(await run("style=minimalist")).toEqual(["minimal-startup-pitch-deck"]);
    expect(await run("color=red")).toEqual(["minimal-startup-pitch-deck", "playful-history-timeline"]);
    expect(await run("color=red&color=green")).toHaveLength(3);
    expect(await run("license=free")).toEqual(["biology-thesis-defense", "playful-history-timeline"]);
    expect(await run("license=premium")).toEqual(["minimal-startup-pitch-deck"]);
    expect(await run("license=free,premium")).toHaveLength(3);
    expect(await run("format=google-slides")).toEqual(["biology-thesis-defense", "minimal-startup-pitch-deck"]);
    expect(await run("slides=up-to-10")).toEqual(["biology-thesis-defense"]);
    expect(await run("slides=21-plus")).toEqual(["minimal-startup-pitch-deck"]);
    expect(await run("ratio=4-3")).toEqual(["biology-thesis-defense"]);
    expect(await run("style=playful&license=premium")).toEqual([]);
  });

  it("pages 24 at a time by default and reports the page count", async () => {
    const p = await catalog.listTemplates(ctx(), { scope: { kind: "all" }, page: 2 });
    expect(p.items).toEqual([]);
    expect(p.pageSize).toBe(24);
    expect(p.pageCount).toBe(1);
    const small = await catalog.listTemplates(ctx(), { scope: { kind: "all" }, pageSize: 2, page: 2 });
    expect(small.items).toHaveLength(1);
    expect(small.pageCount).toBe(2);
  });

  it("answers in the context's language with color variants in order", async () => {
    const p = await catalog.listTemplates(ctx("es"), {
      scope: { kind: "all" },
      sort: "popular",
      filters: emptyFilters(),
    });
    expect(p.items[0].title).toBe("Pitch deck minimalista");
    const detail = await catalog.getTemplateBySlug(ctx("es"), p.items[0].slug);
    if (detail.kind !== "found") throw new Error("the first card's template was not found");
    expect(detail.template.colors.map((c) => c.name)).toEqual(["Azul", "Rojo"]);
    expect(p.items[0].colors).toEqual(detail.template.colors.map((c) => ({ id: c.id, hex: c.hex })));
  });
});

describe("getTemplateBySlug", () => {
  it("finds a template by the slug of its locale, with every fact the page shows", async () => {
    const found = await catalog.getTemplateBySlug(ctx(), "minimal-startup-pitch-deck");
    expect(found.kind).toBe("found");
    if (found.kind !== "found") return;
    const t = found.template;
    expect(t.slugs).toEqual({ en: "minimal-startup-pitch-deck", es: "pitch-deck-minimalista" });
    expect(t.category.slug).toBe("marketing");
    expect(t.styles.map((x) => x.slug)).toEqual(["minimalist"]);
    expect(t.tags.map((x) => x.slug)).toEqual(["pitch-deck"]);
    expect(t.slidesCount).toBe(24);
    expect(t.headingFont).toBe("Montserrat");
    expect(t.fileSizeBytes).toBeNull();
  });

  it("redirects a slug of the other locale, and misses unknown, malformed and unpublished ones", async () => {
    expect(await catalog.getTemplateBySlug(ctx("es"), "minimal-startup-pitch-deck")).toEqual({
      kind: "moved",
      slug: "pitch-deck-minimalista",
    });
    expect(await catalog.getTemplateBySlug(ctx(), "no-such-template")).toEqual({ kind: "missing" });
    expect(await catalog.getTemplateBySlug(ctx(), "<script>alert(1)</script>")).toEqual({ kind: "missing" });
    expect(await catalog.getTemplateBySlug(ctx(), "x".repeat(10_000))).toEqual({ kind: "missing" });
    expect(await catalog.getTemplateBySlug(ctx(), "not-yet-published")).toEqual({ kind: "missing" });
  });

  it("lists related templates by shared tags and category, never the template itself", async () => {
    const found = await catalog.getTemplateBySlug(ctx(), "biology-thesis-defense");
    if (found.kind !== "found") throw new Error("missing");
    const related = await catalog.listRelated(ctx(), found.template);
    expect(related.map((r) => r.slug)).toEqual(["playful-history-timeline"]);
    const rec = await catalog.listRecommended(
      ctx(),
      found.template,
      related.map((r) => r.id),
    );
    expect(rec.map((r) => r.slug)).toEqual(["minimal-startup-pitch-deck"]);
  });
});

describe("stats", () => {
  it("records views and recomputes trending from the last week of downloads and views", async () => {
    await catalog.recordViews({ db: database.db }, new Map([[ids.pitch, 500]]), now);
    await catalog.recordViews({ db: database.db }, new Map([[ids.pitch, 1]]), now);
    await catalog.refreshTrending({ db: database.db, clock: { now: () => now } });
    const trending = await catalog.listTemplates(ctx(), { scope: { kind: "trending" } });
    expect(trending.items[0].slug).toBe("minimal-startup-pitch-deck");
    const found = await catalog.getTemplateBySlug(ctx(), "minimal-startup-pitch-deck");
    expect(found.kind === "found" && found.template.viewsCount).toBe(501);
  });

  it("trends by downloads that took a credit, not by free re-downloads", async () => {
    const later = new Date(now.getTime() + 30 * 86_400_000);
    const grant = (subject: string, templateId: number) =>
      database.db.execute(sql`insert into download_grant (subject, period, template_id, created_at)
                              values (${subject}, ${later.toISOString().slice(0, 7)}, ${templateId}, ${later})`);
    // One visitor re-downloading a template forty times leaves one grant; three visitors leave three.
    await grant("g:one", ids.pitch);
    for (const who of ["g:a", "g:b", "g:c"]) await grant(who, ids.thesis);
    for (let i = 0; i < 40; i++)
      await database.db.execute(sql`insert into download (template_id, template_color_id, category_id, format, license,
          fingerprint, period, created_at)
        select t.id, tc.id, t.category_id, 'PP', 'free', 'one', ${later.toISOString().slice(0, 7)}, ${later}
        from template t join template_color tc on tc.template_id = t.id where t.id = ${ids.pitch} limit 1`);
    await catalog.refreshTrending({ db: database.db, clock: { now: () => later } });
    const scores = await queryRows<{ id: number; trending_score: number }>(
      database.db,
      sql`select id, trending_score from template where id in (${ids.pitch}, ${ids.thesis})`,
    );
    const score = (id: number) => Number(scores.find((r) => r.id === id)?.trending_score);
    expect(score(ids.thesis)).toBeGreaterThan(score(ids.pitch));
  });

  it("bumps the catalog version", async () => {
    const before = await catalog.getCatalogVersion({ db: database.db });
    const after = await catalog.bumpCatalogVersion({ db: database.db });
    expect(after).toBe(before + 1);
  });
});
