import { createHash } from "node:crypto";
import { LOCALES, type Locale, PAGE_SIZE, TRENDING } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Filters, Sort } from "./filters.ts";
import { fromReference } from "./reference.ts";
import type { ListScope, TagOrder } from "./repo.ts";
import * as repo from "./repo.ts";
import {
  type ColorRow,
  reshapeCard,
  reshapeColor,
  reshapeDesigner,
  reshapeFonts,
  reshapeSwatches,
  reshapeTag,
  type TemplateRow,
} from "./reshape.ts";
import type { DesignerView, FilterOptions, Page, TagType, TagView, TemplateCard, TemplateDetail } from "./views.ts";

export type { ListScope, TagOrder };

/* ------------------------------------------------------------------ tags */

export type ListTagsInput = {
  types?: TagType[];
  orderBy?: TagOrder;
  direction?: "asc" | "desc";
  skip?: number;
  limit?: number;
};

export function listTags(
  ctx: ServiceContext,
  input: ListTagsInput = {},
): Promise<{ list: TagView[]; totalCount: number }> {
  return fromReference(ctx, `tagList:${JSON.stringify(input)}`, () => readTags(ctx, input));
}

async function readTags(ctx: ServiceContext, input: ListTagsInput): Promise<{ list: TagView[]; totalCount: number }> {
  const types = input.types ?? [];
  const limit = Math.min(Math.max(input.limit ?? 100, 0), 500);
  const skip = Math.max(input.skip ?? 0, 0);
  const [rows, totalCount] = await Promise.all([
    repo.selectTags(ctx.db, {
      locale: ctx.locale,
      types,
      orderBy: input.orderBy,
      direction: input.direction,
      limit,
      skip,
    }),
    repo.countTags(ctx.db, types),
  ]);
  return { list: rows.map(reshapeTag), totalCount };
}

export async function getTagBySlug(ctx: ServiceContext, slug: string): Promise<TagView | null> {
  // Slugs are lowercase letters, digits and dashes: anything else (a NUL, an emoji) names no tag.
  if (!/^[a-z0-9-]{1,120}$/i.test(slug)) return null;
  const clean = slug.toLowerCase();
  const read = async () => {
    const row = await repo.findTagBySlug(ctx.db, ctx.locale, clean);
    return row ? reshapeTag(row) : null;
  };
  // Only tags that exist are kept: unknown slugs (anyone can send them) are read each time.
  const known = await fromReference(ctx, "tags", async () => new Map<string, TagView>());
  const hit = known.get(clean);
  if (hit) return hit;
  const tag = await read();
  if (tag && ctx.reference) known.set(clean, tag);
  return tag;
}

/** Service and category tags, ordered by id: the navigation strip. */
export function listNavigationTags(ctx: ServiceContext) {
  return listTags(ctx, { types: ["service", "category"], orderBy: "id" });
}

/* ------------------------------------------------------------------ filters */

export function getFilterOptions(ctx: ServiceContext): Promise<FilterOptions> {
  return fromReference(ctx, "filters", async () => {
    const [styles, colors] = await Promise.all([
      repo.selectStyles(ctx.db, ctx.locale),
      repo.selectColors(ctx.db, ctx.locale),
    ]);
    return { styles, colors };
  });
}

/* ------------------------------------------------------------------ template lists */

export type ListTemplatesInput = {
  scope: ListScope;
  filters?: Filters;
  sort?: Sort | null;
  page?: number;
  pageSize?: number;
  excludeIds?: number[];
};

/** The colour variants of the given templates, in their order, grouped by template. */
async function colorRowsFor(ctx: ServiceContext, ids: number[]): Promise<Map<number, ColorRow[]>> {
  const colors = await repo.selectActiveColors(ctx.db, ids);
  const byTemplate = new Map<number, ColorRow[]>();
  for (const c of colors) {
    const arr = byTemplate.get(c.template_id) ?? [];
    arr.push(c);
    byTemplate.set(c.template_id, arr);
  }
  return byTemplate;
}

function cardsFor(rows: TemplateRow[]): TemplateCard[] {
  return rows.map(reshapeCard);
}

/**
 * Cards for the given template ids in the order given, in the context's locale; ids that are missing
 * or not yet published are left out. Search ranks ids itself and builds its cards here.
 */
export async function cardsForIds(ctx: ServiceContext, ids: number[]): Promise<TemplateCard[]> {
  if (!ids.length) return [];
  const rows = await repo.selectCardsByIds(ctx.db, { ids, locale: ctx.locale, now: ctx.clock.now() });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cardsFor(ids.flatMap((id) => byId.get(id) ?? []));
}

/** Filtered lists count at most this many matches; beyond it the page says "10,000+". */
export const COUNT_CAP = 10_000;

function hasFilters(f: Filters | undefined): boolean {
  return !!f && Object.values(f).some((v) => v.length > 0);
}

/** The number of templates in a scope: stored per tag when nothing narrows it, else counted (capped). */
async function countFor(
  ctx: ServiceContext,
  input: ListTemplatesInput,
  filter: repo.TemplateFilter,
): Promise<{ total: number; capped: boolean }> {
  const { scope } = input;
  if (!hasFilters(input.filters) && !input.excludeIds?.length && scope.kind !== "ids" && scope.kind !== "designer") {
    const total = await fromReference(ctx, scope.kind === "tag" ? `count:${scope.tagId}` : "count:all", () =>
      scope.kind === "tag" ? repo.tagTemplatesCount(ctx.db, scope.tagId) : repo.categoryTemplatesTotal(ctx.db),
    );
    return { total, capped: false };
  }
  const n = await repo.countTemplatesUpTo(ctx.db, filter, COUNT_CAP + 1);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * A page of templates. Lists without an id scope are kept for the catalogue version (see
 * ReferenceCache): every visitor of a category page asks the same question.
 */
export function listTemplates(ctx: ServiceContext, input: ListTemplatesInput): Promise<Page<TemplateCard>> {
  if (input.scope.kind === "ids") return readTemplates(ctx, input);
  return fromReference(ctx, `list:${JSON.stringify(input)}`, () => readTemplates(ctx, input));
}

async function readTemplates(ctx: ServiceContext, input: ListTemplatesInput): Promise<Page<TemplateCard>> {
  const pageSize = Math.min(Math.max(input.pageSize ?? PAGE_SIZE.templates, 1), 100);
  const page = Math.max(input.page ?? 1, 1);
  const filter: repo.TemplateFilter = {
    now: ctx.clock.now(),
    scope: input.scope,
    filters: input.filters,
    excludeIds: input.excludeIds,
  };
  const [rows, count] = await Promise.all([
    repo.selectTemplatePage(ctx.db, {
      ...filter,
      sort: input.sort,
      locale: ctx.locale,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    countFor(ctx, input, filter),
  ]);
  return {
    items: cardsFor(rows),
    total: count.total,
    totalCapped: count.capped,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(count.total / pageSize)),
  };
}

/* ------------------------------------------------------------------ template detail */

export type TemplateLookup =
  | { kind: "found"; template: TemplateDetail }
  | { kind: "moved"; slug: string }
  | { kind: "missing" };

/**
 * Finds a template by the slug of the context's locale. A slug of the other locale answers `moved`
 * with the right one, so links shared across languages keep working.
 */
export async function getTemplateBySlug(ctx: ServiceContext, slug: string): Promise<TemplateLookup> {
  const clean = slug.toLowerCase();
  if (!/^[a-z0-9-]{1,120}$/.test(clean)) return { kind: "missing" };
  // Kept for the catalogue version like the lists: every visitor of a template asks the same. A slug
  // that names nothing is read each time (anyone can send new ones).
  return fromReference(ctx, `template:${clean}`, () => readTemplateBySlug(ctx, clean), {
    keep: (found) => found.kind !== "missing",
  });
}

async function readTemplateBySlug(ctx: ServiceContext, clean: string): Promise<TemplateLookup> {
  const now = ctx.clock.now();
  const row = await repo.findTemplateDetail(ctx.db, { slug: clean, locale: ctx.locale, now });
  if (!row) {
    const other = await repo.findSlugFromOtherLocale(ctx.db, { slug: clean, locale: ctx.locale, now });
    return other ? { kind: "moved", slug: other } : { kind: "missing" };
  }
  const [colorRows, styles, tags, palettes, fileSizeBytes] = await Promise.all([
    colorRowsFor(ctx, [row.id]).then((m) => m.get(row.id) ?? []),
    repo.selectTemplateStyles(ctx.db, row.id, ctx.locale),
    repo.selectTemplateTags(ctx.db, row.id, ctx.locale),
    repo.selectActivePalettes(ctx.db, row.id),
    repo.firstPaidPptxSize(ctx.db, row.id),
  ]);
  const slugs = Object.fromEntries(LOCALES.map((l) => [l, row.slugs?.[l] ?? row.slug])) as Record<Locale, string>;
  return {
    kind: "found",
    template: {
      // A card's ratio is its box (16:9 or 4:3); the page shows the deck's own, 16:10 and custom too.
      ...reshapeCard({ ...row, aspect_ratio: "16:9" }),
      aspectRatio: row.aspect_ratio,
      colors: colorRows.map((c) => reshapeColor(c, ctx.locale)),
      publishedAt: new Date(row.published_at),
      downloadsCount: Number(row.downloads_count),
      description: row.description,
      slugs,
      headingFont: row.heading_font,
      bodyFont: row.body_font,
      category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
      styles,
      tags,
      fonts: reshapeFonts(row.heading_font, row.body_font, row.fonts),
      swatches: Object.fromEntries(palettes.map((p) => [p.id, reshapeSwatches(p)])),
      designer:
        row.designer_id !== null && row.designer_slug && row.designer_name
          ? reshapeDesigner(
              {
                id: row.designer_id,
                slug: row.designer_slug,
                name: row.designer_name,
                link: row.designer_link,
                bio_en: row.designer_bio_en ?? "",
                bio_es: row.designer_bio_es ?? "",
              },
              ctx.locale,
            )
          : null,
      googleSlidesUrl: row.google_slides_url,
      viewsCount: Number(row.views_count),
      fileSizeBytes: fileSizeBytes ?? null,
    },
  };
}

/**
 * Templates sharing the most tags with the given one (two points a tag), the same category adding
 * three; ties go to the more downloaded. Candidates are the newest 500 of each of its tags, read
 * from the tag index, so the cost stays flat however large the catalogue grows.
 */
export function listRelated(ctx: ServiceContext, t: TemplateDetail, limit = 8): Promise<TemplateCard[]> {
  return fromReference(ctx, `related:${t.id}:${limit}`, async () => {
    const rows = await repo.selectRelated(ctx.db, {
      templateId: t.id,
      categoryId: t.category.id,
      locale: ctx.locale,
      now: ctx.clock.now(),
      limit,
    });
    return cardsFor(rows);
  });
}

/**
 * "You may also like": what the people who downloaded this template also downloaded, then templates of
 * other categories in its styles and colours, topped up with what is trending, so every template page
 * has its own list. `excludeIds` are the templates the page already shows.
 */
export function listRecommended(
  ctx: ServiceContext,
  t: TemplateDetail,
  excludeIds: number[],
  limit = 8,
): Promise<TemplateCard[]> {
  return fromReference(ctx, `recommended:${t.id}:${limit}:${excludeIds.join(",")}`, () =>
    readRecommended(ctx, t, excludeIds, limit),
  );
}

async function readRecommended(
  ctx: ServiceContext,
  t: TemplateDetail,
  excludeIds: number[],
  limit: number,
): Promise<TemplateCard[]> {
  const rows = await repo.selectAlsoLiked(ctx.db, {
    templateId: t.id,
    categoryId: t.category.id,
    excludeIds,
    locale: ctx.locale,
    now: ctx.clock.now(),
    limit,
  });
  const cards = cardsFor(rows);
  if (cards.length >= limit) return cards;
  const page = await listTemplates(ctx, {
    scope: { kind: "trending" },
    excludeIds: [t.id, ...excludeIds, ...cards.map((c) => c.id)],
    pageSize: limit - cards.length,
  });
  return [...cards, ...page.items];
}

/* ------------------------------------------------------------------ designers */

/** A designer by the slug of their page (the same in both languages), or null. */
export async function getDesigner(ctx: ServiceContext, slug: string): Promise<DesignerView | null> {
  if (!/^[a-z0-9-]{1,120}$/i.test(slug)) return null;
  const row = await repo.findDesignerBySlug(ctx.db, slug.toLowerCase());
  return row ? reshapeDesigner(row, ctx.locale) : null;
}

/**
 * A page of a designer's published templates as cards (their active colours), the most downloaded
 * first. `excludeIds` leaves out the template a page is about ("More from this designer").
 */
export function listDesignerTemplates(
  ctx: ServiceContext,
  input: { designerId: number; page?: number; pageSize?: number; excludeIds?: number[] },
): Promise<Page<TemplateCard>> {
  return listTemplates(ctx, {
    scope: { kind: "designer", designerId: input.designerId },
    sort: "popular",
    page: input.page,
    pageSize: input.pageSize,
    excludeIds: input.excludeIds,
  });
}

/* ------------------------------------------------------------------ home */

export type HomeData = {
  trending: TemplateCard[];
  latest: TemplateCard[];
  categories: (TagView & { cover: TemplateCard | null })[];
};

export async function getHome(ctx: ServiceContext, perList = 8): Promise<HomeData> {
  const [trending, latest, categories] = await Promise.all([
    listTemplates(ctx, { scope: { kind: "trending" }, pageSize: perList }),
    listTemplates(ctx, { scope: { kind: "latest" }, pageSize: perList }),
    listTags(ctx, { types: ["category"], orderBy: "id" }),
  ]);
  const covers = await Promise.all(
    categories.list.map((c) =>
      listTemplates(ctx, { scope: { kind: "tag", tagId: c.id, tagType: "category" }, sort: "popular", pageSize: 1 }),
    ),
  );
  return {
    trending: trending.items,
    latest: latest.items,
    categories: categories.list.map((c, i) => ({ ...c, cover: covers[i].items[0] ?? null })),
  };
}

/* ------------------------------------------------------------------ stats */

/** Recomputes trending scores from the last days of downloads and views. */
export async function refreshTrending(ctx: Pick<ServiceContext, "db" | "clock">): Promise<void> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - TRENDING.windowDays * 86_400_000);
  const sinceDay = since.toISOString().slice(0, 10);
  await repo.updateTrendingScores(ctx.db, {
    since,
    sinceDay,
    downloadWeight: TRENDING.downloadWeight,
    viewWeight: TRENDING.viewWeight,
  });
}

/** Adds counted views (template id -> views) for the day of `at`. */
export async function recordViews(
  ctx: Pick<ServiceContext, "db">,
  views: Map<number, number>,
  at: Date,
): Promise<void> {
  if (!views.size) return;
  const day = at.toISOString().slice(0, 10);
  const entries = [...views.entries()];
  await ctx.db.transaction(async (tx) => {
    await repo.addDayViews(tx, day, entries);
    await repo.addTemplateViews(tx, entries);
  });
}

/** Recounts the published templates of every tag (service tags count them all). */
export async function refreshCatalogStats(ctx: Pick<ServiceContext, "db" | "clock">): Promise<void> {
  const now = ctx.clock.now();
  await repo.updateTagCounts(ctx.db, now);
}

export type TemplateView = {
  /** Who looked: the client key (an address or its /64); stored only as a hash that changes every day. */
  client: string;
  /** The page's "locale:slug". */
  key: string;
};

/**
 * Counts template views for the day of `at`, one per client, template and day whatever the process or
 * the page's language: the first sight of a (client, template) today is recorded in `template_view_seen`
 * and only those add to the day's views and the template's total, in one statement.
 */
export async function recordTemplateViews(
  ctx: Pick<ServiceContext, "db">,
  views: readonly TemplateView[],
  at: Date,
): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  const rows = views
    .map((v) => {
      const [locale, slug] = v.key.split(":");
      const client = createHash("sha256").update(`${day}|${v.client}`).digest("base64url").slice(0, 22);
      return { client, locale, slug };
    })
    .filter((p) => (p.locale === "en" || p.locale === "es") && /^[a-z0-9-]{1,120}$/.test(p.slug ?? ""));
  if (!rows.length) return;
  await repo.addFirstSightings(ctx.db, day, rows);
}

export async function getCatalogVersion(ctx: Pick<ServiceContext, "db">): Promise<number> {
  return repo.catalogVersionNumber(ctx.db);
}

export async function bumpCatalogVersion(ctx: Pick<ServiceContext, "db">): Promise<number> {
  return repo.incrementCatalogVersion(ctx.db);
}

/* ------------------------------------------------------------------ sitemap */

export async function listSitemapEntries(ctx: Pick<ServiceContext, "db" | "clock">): Promise<{
  tags: { slug: string; updatedAt: Date }[];
  templates: { slugs: Record<Locale, string>; updatedAt: Date }[];
  designers: { slug: string; updatedAt: Date }[];
}> {
  const now = ctx.clock.now();
  const [tags, templates, designers] = await Promise.all([
    repo.selectSitemapTags(ctx.db),
    repo.selectSitemapTemplates(ctx.db, now),
    // A designer's page is listed once it shows a template: at least one of theirs is published.
    repo.selectSitemapDesigners(ctx.db, now),
  ]);
  return {
    tags: tags.map((t) => ({ slug: t.slug, updatedAt: new Date(t.updated_at) })),
    templates: templates.map((t) => ({ slugs: { en: t.en, es: t.es }, updatedAt: new Date(t.updated_at) })),
    designers: designers.map((d) => ({ slug: d.slug, updatedAt: new Date(d.updated_at) })),
  };
}
