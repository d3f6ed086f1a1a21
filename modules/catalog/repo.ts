import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { catalogVersion, color, designer, style, tag, templateColor, templateStyle } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type Filters, FORMAT_FILTERS, RATIOS, SLIDE_RANGES, type Sort } from "./filters.ts";
import type { ColorRow, DesignerRow, TagRow, TemplateRow } from "./reshape.ts";
import type { AspectRatio, NamedRef, TagType } from "./views.ts";

/**
 * The catalogue's queries. Plain reads are Drizzle's query builder; the lists, the template page, the
 * related templates and the counters (trending, views, tag counts) are hand-written SQL, exercised by
 * service.test.ts, designers.test.ts and repo.test.ts.
 */

/** A count (`count(*)::int as n`). */
type CountRow = { n: number };
type SlugRow = { slug: string };
type FileSizeRow = { size_bytes: number };
type VersionRow = { version: number };

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A style's or colour's name in a locale. */
const nameColumn = (table: typeof style | typeof color, locale: Locale) =>
  locale === "es" ? table.nameEs : table.nameEn;

/* ------------------------------------------------------------------ tags */

export type TagOrder = "id" | "name" | "templatesCount";

const tagSelect = (locale: Locale) => sql`
  select t.id, t.slug, t.type, t.icon_name, t.meta, t.updated_at, t.templates_count, tt.name, tt.title, tt.description, tt.tab_name
  from tag t
  join tag_translation tt on tt.tag_id = t.id and tt.locale = ${locale}`;

/** A page of tags with their content in a locale, of the given types (all when none). */
export function selectTags(
  db: Executor,
  q: { locale: Locale; types: TagType[]; orderBy?: TagOrder; direction?: "asc" | "desc"; limit: number; skip: number },
): Promise<TagRow[]> {
  const where = q.types.length ? sql`where t.type in (${list(q.types)})` : sql``;
  const dir = q.direction === "desc" ? sql`desc` : sql`asc`;
  const order =
    q.orderBy === "name"
      ? sql`tt.name ${dir}, t.id`
      : q.orderBy === "templatesCount"
        ? sql`t.templates_count ${dir}, t.id`
        : sql`t.id ${dir}`;
  return queryRows<TagRow>(
    db,
    sql`${tagSelect(q.locale)} ${where} order by ${order} limit ${q.limit} offset ${q.skip}`,
  );
}

/** The number of tags of the given types (all when none). */
export async function countTags(db: Executor, types: TagType[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tag)
    .where(types.length ? inArray(tag.type, types) : undefined);
  return Number(row?.n ?? 0);
}

/** A tag by its slug, with its content in a locale. */
export async function findTagBySlug(db: Executor, locale: Locale, slug: string): Promise<TagRow | undefined> {
  return (await queryRows<TagRow>(db, sql`${tagSelect(locale)} where t.slug = ${slug}`))[0];
}

/* ------------------------------------------------------------------ filters */

/** The styles, by name in a locale. */
export function selectStyles(db: Executor, locale: Locale): Promise<NamedRef[]> {
  const name = nameColumn(style, locale);
  return db.select({ slug: style.slug, name }).from(style).orderBy(name);
}

/** The colours, by id. */
export function selectColors(db: Executor, locale: Locale): Promise<(NamedRef & { hex: string })[]> {
  return db
    .select({ slug: color.slug, name: nameColumn(color, locale), hex: color.hex })
    .from(color)
    .orderBy(color.id);
}

/* ------------------------------------------------------------------ template lists */

export type ListScope =
  | { kind: "all" }
  | { kind: "trending" }
  | { kind: "latest" }
  | { kind: "tag"; tagId: number; tagType: TagType }
  | { kind: "ids"; ids: number[] }
  | { kind: "designer"; designerId: number };

/** Which templates a list holds: published by `now`, in its scope, narrowed by filters and exclusions. */
export type TemplateFilter = { now: Date; scope: ListScope; filters?: Filters; excludeIds?: number[] };

function templateWhere(q: TemplateFilter): SQL {
  const conds: SQL[] = [sql`t.published_at <= ${q.now}`];
  const { scope } = q;
  if (scope.kind === "tag") {
    conds.push(
      scope.tagType === "category"
        ? sql`t.category_id = ${scope.tagId}`
        : sql`exists (select 1 from template_tag x where x.template_id = t.id and x.tag_id = ${scope.tagId})`,
    );
  }
  if (scope.kind === "ids") conds.push(scope.ids.length ? sql`t.id in (${list(scope.ids)})` : sql`false`);
  if (scope.kind === "designer") conds.push(sql`t.designer_id = ${scope.designerId}`);
  if (q.excludeIds?.length) conds.push(sql`t.id not in (${list(q.excludeIds)})`);
  const f = q.filters;
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
function templateOrder(scope: ListScope, sort: Sort | null | undefined): SQL {
  if (scope.kind === "trending") return sql`t.trending_score desc nulls last, t.id desc nulls last`;
  if (scope.kind === "latest" || sort === "newest") return sql`t.published_at desc nulls last, t.id desc nulls last`;
  return sql`t.downloads_count desc nulls last, t.id desc nulls last`;
}

/** A card's columns, its colours (id and hex, in order) read in the same query. */
const cardColumns = sql`t.id, tr.slug, tr.title, t.is_premium, t.slides_count, t.aspect_ratio, t.formats,
  (select coalesce(json_agg(json_build_array(tc.id, c.hex) order by tc.position), '[]'::json)
     from template_color tc join color c on c.id = tc.color_id where tc.template_id = t.id and tc.active) as colors`;

/** A page of cards: ordered and limited on the template table first (its indexes), then the few translations joined. */
export function selectTemplatePage(
  db: Executor,
  q: TemplateFilter & { sort?: Sort | null; locale: Locale; limit: number; offset: number },
): Promise<TemplateRow[]> {
  const order = templateOrder(q.scope, q.sort);
  return queryRows<TemplateRow>(
    db,
    sql`select ${cardColumns}
        from (select * from template t where ${templateWhere(q)} order by ${order} limit ${q.limit} offset ${q.offset}) t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${q.locale}
        order by ${order}`,
  );
}

/** How many templates a list holds, counting no further than `upTo`. */
export async function countTemplatesUpTo(db: Executor, q: TemplateFilter, upTo: number): Promise<number> {
  const rows = await queryRows<CountRow>(
    db,
    sql`select count(*)::int as n from (select 1 from template t where ${templateWhere(q)} limit ${upTo}) x`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A tag's stored count of published templates. */
export async function tagTemplatesCount(db: Executor, tagId: number): Promise<number> {
  const [row] = await db.select({ n: tag.templatesCount }).from(tag).where(eq(tag.id, tagId));
  return Number(row?.n ?? 0);
}

/** All published templates: the sum of the categories' stored counts. */
export async function categoryTemplatesTotal(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${tag.templatesCount}), 0)::int` })
    .from(tag)
    .where(eq(tag.type, "category"));
  return Number(row?.n ?? 0);
}

/** Cards of the given published templates, in no particular order. */
export function selectCardsByIds(
  db: Executor,
  q: { ids: number[]; locale: Locale; now: Date },
): Promise<TemplateRow[]> {
  return queryRows<TemplateRow>(
    db,
    sql`select ${cardColumns}
        from template t join template_translation tr on tr.template_id = t.id and tr.locale = ${q.locale}
        where t.id in (${list(q.ids)}) and t.published_at <= ${q.now}`,
  );
}

/* ------------------------------------------------------------------ template detail */

export type DetailRow = Omit<TemplateRow, "aspect_ratio"> & {
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

/** A published template by its slug in a locale, with its category, designer and the slugs of every locale. */
export async function findTemplateDetail(
  db: Executor,
  q: { slug: string; locale: Locale; now: Date },
): Promise<DetailRow | undefined> {
  const rows = await queryRows<DetailRow>(
    db,
    sql`select ${cardColumns}, t.published_at, t.downloads_count, tr.description, t.heading_font, t.body_font, t.google_slides_url, t.views_count,
          t.category_id, ct.slug as category_slug, ctt.name as category_name, t.fonts,
          t.designer_id, d.slug as designer_slug, d.name as designer_name, d.link as designer_link,
          d.bio_en as designer_bio_en, d.bio_es as designer_bio_es,
          (select json_object_agg(x.locale, x.slug) from template_translation x where x.template_id = t.id) as slugs
        from template t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${q.locale}
        join tag ct on ct.id = t.category_id
        join tag_translation ctt on ctt.tag_id = ct.id and ctt.locale = ${q.locale}
        left join designer d on d.id = t.designer_id
        where tr.slug = ${q.slug} and t.published_at <= ${q.now}`,
  );
  return rows[0];
}

/** The slug in `locale` of the published template whose slug in another locale is `slug`. */
export async function findSlugFromOtherLocale(
  db: Executor,
  q: { slug: string; locale: Locale; now: Date },
): Promise<string | undefined> {
  const rows = await queryRows<SlugRow>(
    db,
    sql`select tr.slug from template_translation x
        join template_translation tr on tr.template_id = x.template_id and tr.locale = ${q.locale}
        join template t on t.id = x.template_id
        where x.slug = ${q.slug} and x.locale <> ${q.locale} and t.published_at <= ${q.now} limit 1`,
  );
  return rows[0]?.slug;
}

/** The active colour variants of the given templates, by template and position. */
export function selectActiveColors(db: Executor, templateIds: number[]): Promise<ColorRow[]> {
  return db
    .select({
      id: templateColor.id,
      template_id: templateColor.templateId,
      slug: color.slug,
      name_en: color.nameEn,
      name_es: color.nameEs,
      hex: color.hex,
    })
    .from(templateColor)
    .innerJoin(color, eq(color.id, templateColor.colorId))
    .where(and(inArray(templateColor.templateId, templateIds), eq(templateColor.active, true)))
    .orderBy(templateColor.templateId, templateColor.position);
}

/** A template's styles, by id, named in a locale. */
export function selectTemplateStyles(db: Executor, templateId: number, locale: Locale): Promise<NamedRef[]> {
  return db
    .select({ slug: style.slug, name: nameColumn(style, locale) })
    .from(templateStyle)
    .innerJoin(style, eq(style.id, templateStyle.styleId))
    .where(eq(templateStyle.templateId, templateId))
    .orderBy(asc(style.id));
}

/** A template's tags, by id, named in a locale. */
export function selectTemplateTags(db: Executor, templateId: number, locale: Locale): Promise<NamedRef[]> {
  return queryRows<NamedRef>(
    db,
    sql`select g.slug, gt.name from template_tag x join tag g on g.id = x.tag_id
        join tag_translation gt on gt.tag_id = g.id and gt.locale = ${locale}
        where x.template_id = ${templateId} order by g.id`,
  );
}

export type PaletteRow = Pick<typeof templateColor.$inferSelect, "id" | "palette"> & {
  theme_colors: (typeof templateColor.$inferSelect)["themeColors"];
};

/** The palettes of a template's active variants, in order. */
export function selectActivePalettes(db: Executor, templateId: number): Promise<PaletteRow[]> {
  return db
    .select({ id: templateColor.id, palette: templateColor.palette, theme_colors: templateColor.themeColors })
    .from(templateColor)
    .where(and(eq(templateColor.templateId, templateId), eq(templateColor.active, true)))
    .orderBy(templateColor.position);
}

/** The size of the paid .pptx of a template's first active variant, or undefined. */
export async function firstPaidPptxSize(db: Executor, templateId: number): Promise<number | undefined> {
  const rows = await queryRows<FileSizeRow>(
    db,
    sql`select f.size_bytes from template_file f join template_color tc on tc.id = f.template_color_id
        where tc.template_id = ${templateId} and tc.active and f.kind = 'pptx' and f.variant = 'paid' order by tc.position limit 1`,
  );
  return rows[0] ? Number(rows[0].size_bytes) : undefined;
}

/**
 * Templates sharing the most tags with the given one (two points a tag), the same category adding
 * three; ties go to the more downloaded. Candidates are the newest 500 of each of its tags.
 */
export function selectRelated(
  db: Executor,
  q: { templateId: number; categoryId: number; locale: Locale; now: Date; limit: number },
): Promise<TemplateRow[]> {
  return queryRows<TemplateRow>(
    db,
    sql`with mine as (select tag_id from template_tag where template_id = ${q.templateId}),
         cand as (
           select x.template_id as id, count(*) * 2 as shared
           from mine cross join lateral (
             select y.template_id from template_tag y
             where y.tag_id = mine.tag_id and y.template_id <> ${q.templateId}
             order by y.template_id desc limit 500) x
           group by x.template_id
           order by shared desc limit 400),
         ranked as (
           select t.*, cand.shared + case when t.category_id = ${q.categoryId} then 3 else 0 end as score
           from cand join template t on t.id = cand.id
           where t.published_at <= ${q.now}
           order by score desc, t.downloads_count desc, t.id desc limit ${q.limit})
        select ${cardColumns} from ranked t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${q.locale}
        order by t.score desc, t.downloads_count desc, t.id desc`,
  );
}

/**
 * "You may also like" for one template: what the people who downloaded it also downloaded (its latest
 * 1,000 downloads, 300 people at most, the latest 50 downloads of each, each person counted once per
 * template), then templates of other
 * categories that share its styles and colours (at most 500 per style or colour looked at). Ranked by
 * co-downloads first, then by what they share, then popularity. Bounded work whatever the table sizes.
 */
export function selectAlsoLiked(
  db: Executor,
  q: { templateId: number; categoryId: number; excludeIds: number[]; locale: Locale; now: Date; limit: number },
): Promise<TemplateRow[]> {
  const exclude = [q.templateId, ...q.excludeIds];
  return queryRows<TemplateRow>(
    db,
    sql`with recent as (
           select account_id, fingerprint from download
           where template_id = ${q.templateId} and (account_id is not null or fingerprint is not null)
           order by created_at desc limit 1000),
         who as (select distinct account_id, fingerprint from recent limit 300),
         together as (
           select x.template_id, 'a' || who.account_id::text as person from who cross join lateral (
             select d.template_id from download d where d.account_id = who.account_id
             order by d.created_at desc limit 50) x
           where who.account_id is not null
           union all
           select x.template_id, 'g' || who.fingerprint from who cross join lateral (
             select d.template_id from download d where d.fingerprint = who.fingerprint
             order by d.created_at desc limit 50) x
           where who.account_id is null),
         co as (
           select template_id as id, count(distinct person) * 100 as score from together
           where template_id <> ${q.templateId} group by template_id),
         alike as (
           select x.template_id as id, count(*) as score from (
             select y.template_id from template_style s cross join lateral (
               select y.template_id from template_style y
               where y.style_id = s.style_id and y.template_id <> ${q.templateId}
               order by y.template_id desc limit 500) y
             where s.template_id = ${q.templateId}
             union all
             select y.template_id from (
               select distinct color_id from template_color where template_id = ${q.templateId}) c
             cross join lateral (
               select y.template_id from template_color y
               where y.color_id = c.color_id and y.template_id <> ${q.templateId}
               order by y.template_id desc limit 500) y
           ) x group by x.template_id),
         cand as (
           select id, sum(score) as score, max(case when score >= 100 then 1 else 0 end) as together
           from (select id, score from co union all select id, score from alike) u group by id),
         ranked as (
           select t.*, cand.score from cand join template t on t.id = cand.id
           where t.published_at <= ${q.now}
             and t.id not in (${sql.join(
               exclude.map((id) => sql`${id}`),
               sql`, `,
             )})
             and (cand.together = 1 or t.category_id <> ${q.categoryId})
           order by cand.score desc, t.downloads_count desc, t.id desc limit ${q.limit})
        select ${cardColumns} from ranked t
        join template_translation tr on tr.template_id = t.id and tr.locale = ${q.locale}
        order by t.score desc, t.downloads_count desc, t.id desc`,
  );
}

/* ------------------------------------------------------------------ designers */

/** A designer by slug. */
export async function findDesignerBySlug(db: Executor, slug: string): Promise<DesignerRow | undefined> {
  const [row] = await db
    .select({
      id: designer.id,
      slug: designer.slug,
      name: designer.name,
      link: designer.link,
      bio_en: designer.bioEn,
      bio_es: designer.bioEs,
    })
    .from(designer)
    .where(eq(designer.slug, slug));
  return row;
}

/* ------------------------------------------------------------------ stats */

/** Recomputes trending scores from downloads that took a credit since `since` and views after `sinceDay`. */
export async function updateTrendingScores(
  db: Executor,
  q: { since: Date; sinceDay: string; downloadWeight: number; viewWeight: number },
): Promise<void> {
  await db.execute(sql`
    -- Downloads that took a credit (one per downloader, template and month), not free re-downloads.
    with d as (select template_id, count(*) as n from download_grant where created_at > ${q.since} group by template_id),
         v as (select template_id, sum(views) as n from template_view_day where day > ${q.sinceDay} group by template_id),
         s as (select t.id, coalesce(d.n, 0) * ${q.downloadWeight} + coalesce(v.n, 0) * ${q.viewWeight} as score
               from template t left join d on d.template_id = t.id left join v on v.template_id = t.id)
    update template t set trending_score = s.score from s where s.id = t.id and t.trending_score is distinct from s.score`);
}

const viewValues = (entries: [number, number][]) =>
  sql.join(
    entries.map(([id, n]) => sql`(${id}::int, ${n}::int)`),
    sql`, `,
  );

/** Adds views (template id, views) to a day's counts; ids of no template are skipped. */
export async function addDayViews(db: Executor, day: string, entries: [number, number][]): Promise<void> {
  await db.execute(sql`
      insert into template_view_day (template_id, day, views)
      select v.id, ${day}::date, v.n from (values ${viewValues(entries)}) as v(id, n) join template t on t.id = v.id
      on conflict (template_id, day) do update set views = template_view_day.views + excluded.views`);
}

/** Adds views (template id, views) to the templates' totals. */
export async function addTemplateViews(db: Executor, entries: [number, number][]): Promise<void> {
  await db.execute(sql`
      update template t set views_count = t.views_count + v.n from (values ${viewValues(entries)}) as v(id, n) where t.id = v.id`);
}

/** Recounts the published templates of every tag (service tags count them all). */
export async function updateTagCounts(db: Executor, now: Date): Promise<void> {
  // Each count is made once (materialized): inlined, the planner ran the aggregate once per tag, 48
  // times over the whole catalogue (85 s at 1,000,000 templates on PostgreSQL 15 instead of 6 s).
  await db.execute(sql`
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

/** A sighting of a template page: the client's hashed key, the page's locale and slug. */
export type ViewSighting = { client: string; locale: string; slug: string };

/**
 * Records the first sight of each (client, template) on `day` in `template_view_seen`; only those add
 * to the day's views and the template's total, in one statement.
 */
export async function addFirstSightings(db: Executor, day: string, rows: ViewSighting[]): Promise<void> {
  await db.execute(sql`
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

/** The catalogue's version (0 before the first bump). */
export async function catalogVersionNumber(db: Executor): Promise<number> {
  const [row] = await db
    .select({ version: catalogVersion.version })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, 1));
  return Number(row?.version ?? 0);
}

/** Adds one to the catalogue's version (made at 1) and returns it. */
export async function incrementCatalogVersion(db: Executor): Promise<number> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`insert into catalog_version (id, version) values (1, 1)
        on conflict (id) do update set version = catalog_version.version + 1, updated_at = now() returning version`,
  );
  return Number(rows[0].version);
}

/* ------------------------------------------------------------------ sitemap */

export type SitemapTagRow = { slug: string; updated_at: Date };
export type SitemapTemplateRow = { en: string; es: string; updated_at: Date };
export type SitemapDesignerRow = { slug: string; updated_at: Date };

/** Category and tag pages, by id. */
export function selectSitemapTags(db: Executor): Promise<SitemapTagRow[]> {
  return db
    .select({ slug: tag.slug, updated_at: tag.updatedAt })
    .from(tag)
    .where(inArray(tag.type, ["category", "tag"]))
    .orderBy(tag.id);
}

/** Published templates' slugs in both locales, by id. */
export function selectSitemapTemplates(db: Executor, now: Date): Promise<SitemapTemplateRow[]> {
  return queryRows<SitemapTemplateRow>(
    db,
    sql`select en.slug as en, es.slug as es, t.updated_at from template t
        join template_translation en on en.template_id = t.id and en.locale = 'en'
        join template_translation es on es.template_id = t.id and es.locale = 'es'
        where t.published_at <= ${now} order by t.id`,
  );
}

/** Designers with at least one published template (their page shows one), by id. */
export function selectSitemapDesigners(db: Executor, now: Date): Promise<SitemapDesignerRow[]> {
  return queryRows<SitemapDesignerRow>(
    db,
    sql`select d.slug, greatest(d.updated_at, max(t.updated_at)) as updated_at from designer d
        join template t on t.designer_id = d.id and t.published_at <= ${now}
        group by d.id order by d.id`,
  );
}
