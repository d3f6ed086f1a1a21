import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { LOCALES, type Locale, PAGE_SIZE, TRENDING } from "#config/constants.ts";
import type { Palette } from "#db/schema/catalog.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type Filters, FORMAT_FILTERS, RATIOS, SLIDE_RANGES, type Sort } from "./filters.ts";
import { fromReference } from "./reference.ts";
import {
  type ColorRow,
  type DesignerRow,
  reshapeCard,
  reshapeColor,
  reshapeDesigner,
  reshapeFonts,
  reshapeSwatches,
  reshapeTag,
  type TagRow,
  type TemplateRow,
} from "./reshape.ts";
import type {
  AspectRatio,
  DesignerView,
  FilterOptions,
  NamedRef,
  Page,
  TagType,
  TagView,
  TemplateCard,
  TemplateDetail,
} from "./views.ts";

/* ------------------------------------------------------------------ tags */

export type TagOrder = "id" | "name" | "templatesCount";

export type ListTagsInput = {
  types?: TagType[];
  orderBy?: TagOrder;
  direction?: "asc" | "desc";
  skip?: number;
  limit?: number;
};

const tagSelect = (locale: Locale) => sql`
  select t.id, t.slug, t.type, t.icon_name, t.meta, t.updated_at, t.templates_count, tt.name, tt.title, tt.description, tt.tab_name
  from tag t
  join tag_translation tt on tt.tag_id = t.id and tt.locale = ${locale}`;

export async function listTags(
  ctx: ServiceContext,
  input: ListTagsInput = {},
): Promise<{ list: TagView[]; totalCount: number }> {
  const where = input.types?.length
    ? sql`where t.type in (${sql.join(
        input.types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  const dir = input.direction === "desc" ? sql`desc` : sql`asc`;
  const order =
    input.orderBy === "name"
      ? sql`tt.name ${dir}, t.id`
      : input.orderBy === "templatesCount"
        ? sql`t.templates_count ${dir}, t.id`
        : sql`t.id ${dir}`;
  const limit = Math.min(Math.max(input.limit ?? 100, 0), 500);
  const skip = Math.max(input.skip ?? 0, 0);
  const [rows, total] = await Promise.all([
    queryRows<TagRow>(ctx.db, sql`${tagSelect(ctx.locale)} ${where} order by ${order} limit ${limit} offset ${skip}`),
    queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from tag t ${where}`),
  ]);
  return { list: rows.map(reshapeTag), totalCount: Number(total[0]?.n ?? 0) };
}

export async function getTagBySlug(ctx: ServiceContext, slug: string): Promise<TagView | null> {
  // Slugs are lowercase letters, digits and dashes: anything else (a NUL, an emoji) names no tag.
  if (!/^[a-z0-9-]{1,120}$/i.test(slug)) return null;
  const clean = slug.toLowerCase();
  const read = async () => {
    const rows = await queryRows<TagRow>(ctx.db, sql`${tagSelect(ctx.locale)} where t.slug = ${clean}`);
    return rows[0] ? reshapeTag(rows[0]) : null;
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
  return fromReference(ctx, "navigation", () => listTags(ctx, { types: ["service", "category"], orderBy: "id" }));
}

/* ------------------------------------------------------------------ filters */

export function getFilterOptions(ctx: ServiceContext): Promise<FilterOptions> {
  return fromReference(ctx, "filters", async () => {
    const nameCol = ctx.locale === "es" ? sql`name_es` : sql`name_en`;
    const [styles, colors] = await Promise.all([
      queryRows<NamedRef>(ctx.db, sql`select slug, ${nameCol} as name from style order by ${nameCol}`),
      queryRows<NamedRef & { hex: string }>(ctx.db, sql`select slug, ${nameCol} as name, hex from color order by id`),
    ]);
    return { styles, colors };
  });
}

/* ------------------------------------------------------------------ template lists */

export type ListScope =
  | { kind: "all" }
  | { kind: "trending" }
  | { kind: "latest" }
  | { kind: "tag"; tagId: number; tagType: TagType }
  | { kind: "ids"; ids: number[] }
  | { kind: "designer"; designerId: number };

export type ListTemplatesInput = {
  scope: ListScope;
  filters?: Filters;
  sort?: Sort | null;
  page?: number;
  pageSize?: number;
  excludeIds?: number[];
};

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function whereFor(ctx: ServiceContext, input: ListTemplatesInput): SQL {
  const conds: SQL[] = [sql`t.published_at <= ${ctx.clock.now()}`];
  const { scope } = input;
  if (scope.kind === "tag") {
    conds.push(
      scope.tagType === "category"
        ? sql`t.category_id = ${scope.tagId}`
        : sql`exists (select 1 from template_tag x where x.template_id = t.id and x.tag_id = ${scope.tagId})`,
    );
  }
  if (scope.kind === "ids") conds.push(scope.ids.length ? sql`t.id in (${list(scope.ids)})` : sql`false`);
  if (scope.kind === "designer") conds.push(sql`t.designer_id = ${scope.designerId}`);
  if (input.excludeIds?.length) conds.push(sql`t.id not in (${list(input.excludeIds)})`);
  const f = input.filters;
  if (f) {
    if (f.styles.length)
      conds.push(
        sql`exists (select 1 from template_style x join style s on s.id = x.style_id where x.template_id = t.id and s.slug in (${list(f.styles)}))`,
      );
    if (f.colors.length)
      conds.push(
        sql`exists (select 1 from template_color x join color c on c.id = x.color_id where x.template_id = t.id and x.active and c.slug in (${list(f.colors)}))`,
      );
    if (f.licenses.length === 1) conds.push(sql`t.is_premium = ${f.licenses[0] === "premium"}`);
    if (f.formats.length) {
      const codes = f.formats.map((x) => FORMAT_FILTERS[x]);
      conds.push(sql`t.formats && array[${list(codes)}]::text[]`);
    }
    if (f.slides.length)
      conds.push(
        sql`(${sql.join(
          f.slides.map((s) => sql`t.slides_count between ${SLIDE_RANGES[s].min} and ${SLIDE_RANGES[s].max}`),
          sql` or `,
        )})`,
      );
    if (f.ratios.length) conds.push(sql`t.aspect_ratio in (${list(f.ratios.map((r) => RATIOS[r]))})`);
  }
  return sql.join(conds, sql` and `);
}

/** Orders match the indexes (`desc nulls last`), so a page is read from an index, not sorted. */
function orderFor(input: ListTemplatesInput): SQL {
  if (input.scope.kind === "trending") return sql`t.trending_score desc nulls last, t.id desc nulls last`;
  if (input.scope.kind === "latest" || input.sort === "newest")
    return sql`t.published_at desc nulls last, t.id desc nulls last`;
  return sql`t.downloads_count desc nulls last, t.id desc nulls last`;
}

/** The colour variants of the given templates, in their order, grouped by template. */
async function colorRowsFor(ctx: ServiceContext, ids: number[]): Promise<Map<number, ColorRow[]>> {
  const colors = await queryRows<ColorRow>(
    ctx.db,
    sql`select tc.id, tc.template_id, c.slug, c.name_en, c.name_es, c.hex
        from template_color tc join color c on c.id = tc.color_id
        where tc.template_id in (${list(ids)}) and tc.active
        order by tc.template_id, tc.position`,
  );
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
  const rows = await queryRows<TemplateRow>(
    ctx.db,
    sql`select ${cardColumns}
        from template t join template_translation tr on tr.template_id = t.id and tr.locale = ${ctx.locale}
        where t.id in (${list(ids)}) and t.published_at <= ${ctx.clock.now()}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cardsFor(ids.flatMap((id) => byId.get(id) ?? []));
}

/** A card's columns, its colours (id and hex, in order) read in the same query. */
const cardColumns = sql`t.id, tr.slug, tr.title, t.is_premium, t.slides_count, t.aspect_ratio, t.formats,
  (select coalesce(json_agg(json_build_array(tc.id, c.hex) order by tc.position), '[]'::json)
     from template_color tc join color c on c.id = tc.color_id where tc.template_id = t.id and tc.active) as colors`;

/** Filtered lists count at most this many matches; beyond it the page says "10,000+". */
export const COUNT_CAP = 10_000;

function hasFilters(f: Filters | undefined): boolean {
  return !!f && Object.values(f).some((v) => v.length > 0);
}

/** The number of templates in a scope: stored per tag when nothing narrows it, else counted (capped). */
async function countFor(
  ctx: ServiceContext,
  input: ListTemplatesInput,
  where: SQL,
): Promise<{ total: number; capped: boolean }> {
  const { scope } = input;
  if (!hasFilters(input.filters) && !input.excludeIds?.length && scope.kind !== "ids" && scope.kind !== "designer") {
    const total = await fromReference(ctx, scope.kind === "tag" ? `count:${scope.tagId}` : "count:all", async () => {
      const rows =
        scope.kind === "tag"
          ? await queryRows<{ n: number }>(ctx.db, sql`select templates_count as n from tag where id = ${scope.tagId}`)
          : await queryRows<{ n: number }>(
              ctx.db,
              sql`select coalesce(sum(templates_count), 0)::int as n from tag where type = 'category'`,
            );
      return Number(rows[0]?.n ?? 0);
    });
    return { total, capped: false };
  }
  const rows = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from (select 1 from template t where ${where} limit ${COUNT_CAP + 1}) x`,
  );
  const n = Number(rows[0]?.n ?? 0);
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
  const where = whereFor(ctx, input);
  const order = orderFor(input);
  const [rows, count] = await Promise.all([
    // Order and limit on the template table first (its indexes), then join the few translations needed.
    queryRows<TemplateRow>(
      ctx.db,
      sql`select ${cardColumns}
          from (select * from template t where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) t
          join template_translation tr on tr.template_id = t.id and tr.locale = ${ctx.locale}
          order by ${order}`,
    ),
    countFor(ctx, input, where),
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

type DetailRow = Omit<TemplateRow, "aspect_ratio"> & {
  aspect_ratio: AspectRatio;
  fonts: string[] | string | null;
  designer_id: number | null;
  designer_slug: string | null;
  designer_name: string | null;
  designer_link: string | null;
  designer_bio_en: string | null;
  designer_bio_es: string | null;
  published_at: Date | string;
  downloads_count: number;
  description: string;
  heading_font: string;
  body_font: string;
  google_slides_url: string | null;
  views_count: number;
  category_id: number;
  category_slug: string;
  category_name: string;
  slugs: Record<string, string>;
};

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
  const rows = await queryRows<DetailRow>(
    ctx.db,
    sql`select ${cardColumns}, t.published_at, t.downloads_count, tr.description, t.heading_font, t.body_font, t.google_slides_url, t.views_count,
          t.category_id, ct.slug as category_slug, ctt.name as category_name, t.fonts,
          t.designer_id, d.slug as designer_slug, d.name as designer_name, d.link as designer_link,
          d.bio_en as designer_bio_en, d.bio_es as designer_bio_es,
          (select json_object_agg(x.locale, x.slug) from template_translation x where x.template_id = t.id) as slugs
        from template t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${ctx.locale}
        join tag ct on ct.id = t.category_id
        join tag_translation ctt on ctt.tag_id = ct.id and ctt.locale = ${ctx.locale}
        left join designer d on d.id = t.designer_id
        where tr.slug = ${clean} and t.published_at <= ${ctx.clock.now()}`,
  );
  const row = rows[0];
  if (!row) {
    const other = await queryRows<{ slug: string }>(
      ctx.db,
      sql`select tr.slug from template_translation x
          join template_translation tr on tr.template_id = x.template_id and tr.locale = ${ctx.locale}
          join template t on t.id = x.template_id
          where x.slug = ${clean} and x.locale <> ${ctx.locale} and t.published_at <= ${ctx.clock.now()} limit 1`,
    );
    return other[0] ? { kind: "moved", slug: other[0].slug } : { kind: "missing" };
  }
  const nameCol = ctx.locale === "es" ? sql`name_es` : sql`name_en`;
  const [colorRows, styles, tags, palettes, file] = await Promise.all([
    colorRowsFor(ctx, [row.id]).then((m) => m.get(row.id) ?? []),
    queryRows<NamedRef>(
      ctx.db,
      sql`select s.slug, s.${nameCol} as name from template_style x join style s on s.id = x.style_id where x.template_id = ${row.id} order by s.id`,
    ),
    queryRows<NamedRef>(
      ctx.db,
      sql`select g.slug, gt.name from template_tag x join tag g on g.id = x.tag_id
          join tag_translation gt on gt.tag_id = g.id and gt.locale = ${ctx.locale}
          where x.template_id = ${row.id} order by g.id`,
    ),
    queryRows<{ id: number; palette: Palette; theme_colors: { name: string; hex: string }[] | null }>(
      ctx.db,
      sql`select id, palette, theme_colors from template_color where template_id = ${row.id} and active order by position`,
    ),
    queryRows<{ size_bytes: number }>(
      ctx.db,
      sql`select f.size_bytes from template_file f join template_color tc on tc.id = f.template_color_id
          where tc.template_id = ${row.id} and tc.active and f.kind = 'pptx' and f.variant = 'paid' order by tc.position limit 1`,
    ),
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
      fileSizeBytes: file[0] ? Number(file[0].size_bytes) : null,
    },
  };
}

/**
 * Templates sharing the most tags with the given one (two points a tag), the same category adding
 * three; ties go to the more downloaded. Candidates are the newest 500 of each of its tags, read
 * from the tag index, so the cost stays flat however large the catalogue grows.
 */
export async function listRelated(ctx: ServiceContext, t: TemplateDetail, limit = 8): Promise<TemplateCard[]> {
  const rows = await queryRows<TemplateRow>(
    ctx.db,
    sql`with mine as (select tag_id from template_tag where template_id = ${t.id}),
         cand as (
           select x.template_id as id, count(*) * 2 as shared
           from mine cross join lateral (
             select y.template_id from template_tag y
             where y.tag_id = mine.tag_id and y.template_id <> ${t.id}
             order by y.template_id desc limit 500) x
           group by x.template_id
           order by shared desc limit 400),
         ranked as (
           select t.*, cand.shared + case when t.category_id = ${t.category.id} then 3 else 0 end as score
           from cand join template t on t.id = cand.id
           where t.published_at <= ${ctx.clock.now()}
           order by score desc, t.downloads_count desc, t.id desc limit ${limit})
        select ${cardColumns} from ranked t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${ctx.locale}
        order by t.score desc, t.downloads_count desc, t.id desc`,
  );
  return cardsFor(rows);
}

/** Popular templates of the same licence in other categories: something different to look at next. */
export async function listRecommended(
  ctx: ServiceContext,
  t: TemplateDetail,
  excludeIds: number[],
  limit = 8,
): Promise<TemplateCard[]> {
  const page = await listTemplates(ctx, {
    scope: { kind: "trending" },
    excludeIds: [t.id, ...excludeIds],
    pageSize: limit,
  });
  return page.items;
}

/* ------------------------------------------------------------------ designers */

/** A designer by the slug of their page (the same in both languages), or null. */
export async function getDesigner(ctx: ServiceContext, slug: string): Promise<DesignerView | null> {
  if (!/^[a-z0-9-]{1,120}$/i.test(slug)) return null;
  const rows = await queryRows<DesignerRow>(
    ctx.db,
    sql`select id, slug, name, link, bio_en, bio_es from designer where slug = ${slug.toLowerCase()}`,
  );
  return rows[0] ? reshapeDesigner(rows[0], ctx.locale) : null;
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
  await ctx.db.execute(sql`
    -- Downloads that took a credit (one per downloader, template and month), not free re-downloads.
    with d as (select template_id, count(*) as n from download_grant where created_at > ${since} group by template_id),
         v as (select template_id, sum(views) as n from template_view_day where day > ${sinceDay} group by template_id),
         s as (select t.id, coalesce(d.n, 0) * ${TRENDING.downloadWeight} + coalesce(v.n, 0) * ${TRENDING.viewWeight} as score
               from template t left join d on d.template_id = t.id left join v on v.template_id = t.id)
    update template t set trending_score = s.score from s where s.id = t.id and t.trending_score is distinct from s.score`);
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
    await tx.execute(sql`
      insert into template_view_day (template_id, day, views)
      select v.id, ${day}::date, v.n from (values ${sql.join(
        entries.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      )}) as v(id, n) join template t on t.id = v.id
      on conflict (template_id, day) do update set views = template_view_day.views + excluded.views`);
    await tx.execute(sql`
      update template t set views_count = t.views_count + v.n from (values ${sql.join(
        entries.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      )}) as v(id, n) where t.id = v.id`);
  });
}

/** Recounts the published templates of every tag (service tags count them all). */
export async function refreshCatalogStats(ctx: Pick<ServiceContext, "db" | "clock">): Promise<void> {
  const now = ctx.clock.now();
  // Each count is made once (materialized): inlined, the planner ran the aggregate once per tag, 48
  // times over the whole catalogue (85 s at 1,000,000 templates on PostgreSQL 15 instead of 6 s).
  await ctx.db.execute(sql`
    with total as materialized (select count(*)::int as n from template where published_at <= ${now}),
         cats as materialized (select category_id as id, count(*)::int as n from template where published_at <= ${now} group by category_id),
         tags as materialized (select x.tag_id as id, count(*)::int as n from template_tag x join template y on y.id = x.template_id
                  where y.published_at <= ${now} group by x.tag_id),
         counts as (
           select g.id,
             case g.type when 'service' then (select n from total)
                         when 'category' then coalesce((select n from cats where cats.id = g.id), 0)
                         else coalesce((select n from tags where tags.id = g.id), 0) end as n
           from tag g)
    update tag g set templates_count = counts.n from counts where counts.id = g.id and g.templates_count <> counts.n`);
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
  await ctx.db.execute(sql`
    with v(client, locale, slug) as (values ${sql.join(
      rows.map((r) => sql`(${r.client}, ${r.locale}, ${r.slug})`),
      sql`, `,
    )}),
    fresh as (
      insert into template_view_seen (day, client, template_id)
      select distinct ${day}::date, v.client, tt.template_id
      from v join template_translation tt on tt.locale = v.locale and tt.slug = v.slug
      on conflict do nothing
      returning template_id),
    counted as (select template_id, count(*)::int as n from fresh group by template_id),
    per_day as (
      insert into template_view_day (template_id, day, views)
      select template_id, ${day}::date, n from counted
      on conflict (template_id, day) do update set views = template_view_day.views + excluded.views
      returning 1)
    update template t set views_count = t.views_count + c.n from counted c where t.id = c.template_id`);
}

export async function getCatalogVersion(ctx: Pick<ServiceContext, "db">): Promise<number> {
  const rows = await queryRows<{ version: number }>(ctx.db, sql`select version from catalog_version where id = 1`);
  return Number(rows[0]?.version ?? 0);
}

export async function bumpCatalogVersion(ctx: Pick<ServiceContext, "db">): Promise<number> {
  const rows = await queryRows<{ version: number }>(
    ctx.db,
    sql`insert into catalog_version (id, version) values (1, 1)
        on conflict (id) do update set version = catalog_version.version + 1, updated_at = now() returning version`,
  );
  return Number(rows[0].version);
}

/* ------------------------------------------------------------------ sitemap */

export async function listSitemapEntries(ctx: Pick<ServiceContext, "db" | "clock">): Promise<{
  tags: { slug: string; updatedAt: Date }[];
  templates: { slugs: Record<Locale, string>; updatedAt: Date }[];
  designers: { slug: string; updatedAt: Date }[];
}> {
  const now = ctx.clock.now();
  const [tags, templates, designers] = await Promise.all([
    queryRows<{ slug: string; updated_at: Date }>(
      ctx.db,
      sql`select slug, updated_at from tag where type in ('category', 'tag') order by id`,
    ),
    queryRows<{ en: string; es: string; updated_at: Date }>(
      ctx.db,
      sql`select en.slug as en, es.slug as es, t.updated_at from template t
          join template_translation en on en.template_id = t.id and en.locale = 'en'
          join template_translation es on es.template_id = t.id and es.locale = 'es'
          where t.published_at <= ${now} order by t.id`,
    ),
    // A designer's page is listed once it shows a template: at least one of theirs is published.
    queryRows<{ slug: string; updated_at: Date }>(
      ctx.db,
      sql`select d.slug, greatest(d.updated_at, max(t.updated_at)) as updated_at from designer d
          join template t on t.designer_id = d.id and t.published_at <= ${now}
          group by d.id order by d.id`,
    ),
  ]);
  return {
    tags: tags.map((t) => ({ slug: t.slug, updatedAt: new Date(t.updated_at) })),
    templates: templates.map((t) => ({ slugs: { en: t.en, es: t.es }, updatedAt: new Date(t.updated_at) })),
    designers: designers.map((d) => ({ slug: d.slug, updatedAt: new Date(d.updated_at) })),
  };
}
