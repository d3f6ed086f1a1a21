import { type SQL, sql } from "drizzle-orm";
import { BLOG, LIMITS, type Locale } from "#config/constants.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { normalizeQuery, queryWords } from "#modules/search/normalize.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type CoverWidth, coverUrl } from "./files.ts";
import { isBlogSlug } from "./slug.ts";
import type { BlogArticle, BlogPostCard, BlogTagView, Lookup } from "./views.ts";

export type * from "./views.ts";

/* ------------------------------------------------------------------ paths */

/** The address of an article. */
export function articlePath(locale: Locale, categorySlug: string, slug: string): string {
  return localePath(locale, `/blog/${categorySlug}/${slug}`);
}

/** The address of a blog category or tag. */
export function blogTagPath(locale: Locale, slug: string): string {
  return localePath(locale, `/blog/${slug}`);
}

/* ------------------------------------------------------------------ rows -> views */

type CardRow = {
  id: number;
  author: string;
  published_at: Date | string;
  title: string;
  slug: string;
  excerpt: string;
  reading_minutes: number;
  cover_key: string;
  cover_alt: string;
  category_title: string;
  category_slug: string;
};

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function reshapeCard(locale: Locale, r: CardRow): BlogPostCard {
  const [small, large] = BLOG.coverWidths;
  const height = (w: number) => Math.round(w * BLOG.coverHeightRatio);
  return {
    id: Number(r.id),
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    author: r.author,
    publishedAt: date(r.published_at),
    readingMinutes: Number(r.reading_minutes),
    category: { title: r.category_title, slug: r.category_slug },
    cover: {
      src: coverUrl(r.cover_key, small),
      srcSet: BLOG.coverWidths.map((w: CoverWidth) => `${coverUrl(r.cover_key, w)} ${w}w`).join(", "),
      width: large,
      height: height(large),
      alt: r.cover_alt,
      large: coverUrl(r.cover_key, large),
    },
    path: articlePath(locale, r.category_slug, r.slug),
  };
}

type TagRow = {
  id: number;
  key: string;
  title: string;
  slug: string;
  description: string;
  is_category: boolean;
  posts: number;
  updated_at: Date | string;
};

function reshapeTag(r: TagRow): BlogTagView {
  return {
    id: Number(r.id),
    key: r.key,
    title: r.title,
    slug: r.slug,
    description: r.description,
    isCategory: Boolean(r.is_category),
    postsCount: Number(r.posts),
    updatedAt: date(r.updated_at),
  };
}

/* ------------------------------------------------------------------ shared SQL */

/**
 * Article cards in the context's locale: published, translated into it. The category's title and slug
 * are those of the locale, or of another locale when the category is not translated (the address
 * still leads to the article).
 */
function cardsQuery(ctx: ServiceContext, where: SQL, tail: SQL): SQL {
  return sql`select p.id, p.author, p.published_at, tr.title, tr.slug, tr.excerpt, tr.reading_minutes, tr.cover_key,
        tr.cover_alt, coalesce(ct.title, cx.title) as category_title, coalesce(ct.slug, cx.slug) as category_slug
      from blog_post p
      join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${ctx.locale}
      left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = ${ctx.locale}
      left join lateral (select x.title, x.slug from blog_tag_translation x where x.tag_id = p.category_id
        order by x.locale = 'en' desc, x.locale limit 1) cx on true
      where p.published_at <= ${ctx.clock.now()} and (${where})
      ${tail}`;
}

/** Articles filed under a tag: as their category or as one of their tags. */
const underTag = (tag: number | SQL) =>
  sql`(p.category_id = ${tag} or exists (select 1 from blog_post_tag pt where pt.post_id = p.id and pt.tag_id = ${tag}))`;

const newestFirst = sql`order by p.published_at desc, p.id desc`;

function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, totalCapped: false, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/** A page number from outside: whole, at least 1, at most LIMITS.maxPage; anything else is page 1. */
function clampPage(page: number | undefined): number {
  return Number.isInteger(page) && (page as number) >= 1 ? Math.min(page as number, LIMITS.maxPage) : 1;
}

/* ------------------------------------------------------------------ lists */

/** Newest articles of the locale, 12 a page; only those under a tag when one is given. */
export async function listPosts(
  ctx: ServiceContext,
  input: { page?: number; tagId?: number; pageSize?: number } = {},
): Promise<Page<BlogPostCard>> {
  const page = clampPage(input.page);
  const pageSize = input.pageSize ?? BLOG.pageSize;
  const where = input.tagId ? underTag(input.tagId) : sql`true`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<CardRow>(
      ctx.db,
      cardsQuery(ctx, where, sql`${newestFirst} limit ${pageSize} offset ${(page - 1) * pageSize}`),
    ),
    queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from blog_post p
          join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${ctx.locale}
          where p.published_at <= ${ctx.clock.now()} and (${where})`,
    ),
  ]);
  return pageOf(
    rows.map((r) => reshapeCard(ctx.locale, r)),
    Number(n),
    page,
    pageSize,
  );
}

/** The latest articles of the locale (the home page's teaser). */
export async function latestPosts(ctx: ServiceContext, limit: number = BLOG.homeTeaser): Promise<BlogPostCard[]> {
  const rows = await queryRows<CardRow>(ctx.db, cardsQuery(ctx, sql`true`, sql`${newestFirst} limit ${limit}`));
  return rows.map((r) => reshapeCard(ctx.locale, r));
}

/**
 * Blog tags translated into the locale, with the number of articles published in it under each;
 * categories only unless asked (the navigation strip), oldest update first as the content service sorts them.
 */
export async function listBlogTags(
  ctx: ServiceContext,
  input: { categoriesOnly?: boolean } = { categoriesOnly: true },
): Promise<BlogTagView[]> {
  const rows = await queryRows<TagRow>(
    ctx.db,
    sql`select t.id, t.key, tt.title, tt.slug, tt.description, t.is_category, t.updated_at,
          (select count(*)::int from blog_post p join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${ctx.locale}
            where p.published_at <= ${ctx.clock.now()} and ${underTag(sql.raw("t.id"))}) as posts
        from blog_tag t join blog_tag_translation tt on tt.tag_id = t.id and tt.locale = ${ctx.locale}
        where ${input.categoriesOnly === false ? sql`true` : sql`t.is_category`}
        order by t.updated_at asc, t.id asc`,
  );
  return rows.map(reshapeTag);
}

/* ------------------------------------------------------------------ one category */

/**
 * A blog category or tag by its slug in the locale. A slug of another locale answers where it lives
 * in this one ("moved"), or that it is not translated, with the languages it exists in.
 */
export async function getBlogTag(ctx: ServiceContext, slug: string): Promise<Lookup<BlogTagView>> {
  if (!isBlogSlug(slug)) return { kind: "missing" };
  const rows = await queryRows<{ tag_id: number; locale: Locale; slug: string; title: string }>(
    ctx.db,
    sql`select tt.tag_id, tt.locale, tt.slug, tt.title from blog_tag_translation tt
        where tt.tag_id in (select tag_id from blog_tag_translation where slug = ${slug})
        order by tt.tag_id, tt.locale`,
  );
  if (!rows.length) return { kind: "missing" };
  // The slug in this locale wins; else the first tag that has it in another locale.
  const own = rows.find((r) => r.locale === ctx.locale && r.slug === slug);
  const tagId = own?.tag_id ?? rows.find((r) => r.slug === slug)?.tag_id;
  const translations = rows.filter((r) => r.tag_id === tagId);
  const here = translations.find((r) => r.locale === ctx.locale);
  if (!here)
    return {
      kind: "untranslated",
      availableIn: translations.map((r) => ({ locale: r.locale, title: r.title, path: blogTagPath(r.locale, r.slug) })),
    };
  if (here.slug !== slug) return { kind: "moved", path: blogTagPath(ctx.locale, here.slug) };
  const tags = await listBlogTags(ctx, { categoriesOnly: false });
  const tag = tags.find((t) => t.id === Number(tagId));
  return tag ? { kind: "found", value: tag } : { kind: "missing" };
}

/** The slugs of a blog tag in every locale it is translated into (hreflang, the language switch). */
export async function blogTagPaths(ctx: ServiceContext, tagId: number): Promise<Partial<Record<Locale, string>>> {
  const rows = await queryRows<{ locale: Locale; slug: string }>(
    ctx.db,
    sql`select locale, slug from blog_tag_translation where tag_id = ${tagId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.locale, blogTagPath(r.locale, r.slug)]));
}

/* ------------------------------------------------------------------ one article */

type TranslationRow = {
  post_id: number;
  locale: Locale;
  slug: string;
  title: string;
  category_slug: string | null;
  fallback_category_slug: string;
};

/** Every translation of the articles that have some translation with this slug, with their category slugs. */
async function translationsWithSlug(ctx: ServiceContext, slug: string): Promise<TranslationRow[]> {
  return queryRows<TranslationRow>(
    ctx.db,
    sql`select tr.post_id, tr.locale, tr.slug, tr.title, ct.slug as category_slug, cx.slug as fallback_category_slug
        from blog_post_translation tr
        join blog_post p on p.id = tr.post_id and p.published_at <= ${ctx.clock.now()}
        left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = tr.locale
        left join lateral (select x.slug from blog_tag_translation x where x.tag_id = p.category_id
          order by x.locale = 'en' desc, x.locale limit 1) cx on true
        where tr.post_id in (select post_id from blog_post_translation where slug = ${slug})
        order by tr.post_id, tr.locale`,
  );
}

const pathOf = (r: TranslationRow) => articlePath(r.locale, r.category_slug ?? r.fallback_category_slug, r.slug);

/**
 * An article by the category and article slugs of its address, in the context's locale, with its
 * tags, the templates it names and related articles. Another locale's slug, or another category's,
 * answers the right address ("moved"); an article not translated into the locale answers where it
 * can be read.
 */
export async function getArticle(
  ctx: ServiceContext,
  input: { categorySlug: string; slug: string },
): Promise<Lookup<BlogArticle>> {
  const { categorySlug, slug } = input;
  // Only what a slug can be reaches the database (an address may hold anything, NUL included).
  if (!isBlogSlug(slug) || !isBlogSlug(categorySlug)) return { kind: "missing" };
  const rows = await translationsWithSlug(ctx, slug);
  if (!rows.length) return { kind: "missing" };
  const own = rows.find((r) => r.locale === ctx.locale && r.slug === slug);
  const postId = own?.post_id ?? rows.find((r) => r.slug === slug)?.post_id;
  const translations = rows.filter((r) => r.post_id === postId);
  const here = translations.find((r) => r.locale === ctx.locale);
  if (!here)
    return {
      kind: "untranslated",
      availableIn: translations.map((r) => ({ locale: r.locale, title: r.title, path: pathOf(r) })),
    };
  const canonical = pathOf(here);
  if (here.slug !== slug || (here.category_slug ?? here.fallback_category_slug) !== categorySlug)
    return { kind: "moved", path: canonical };
  const article = await loadArticle(ctx, Number(postId));
  if (!article) return { kind: "missing" };
  article.paths = Object.fromEntries(translations.map((r) => [r.locale, pathOf(r)]));
  return { kind: "found", value: article };
}

async function loadArticle(ctx: ServiceContext, postId: number): Promise<BlogArticle | null> {
  const [cards, details, tags, templateIds] = await Promise.all([
    queryRows<CardRow>(ctx.db, cardsQuery(ctx, sql`p.id = ${postId}`, sql``)),
    queryRows<{
      body_html: string;
      updated_at: Date | string;
      post_updated: Date | string;
      created_at: Date | string;
      category_id: number;
    }>(
      ctx.db,
      sql`select tr.body_html, tr.updated_at, p.updated_at as post_updated, p.created_at, p.category_id
          from blog_post_translation tr join blog_post p on p.id = tr.post_id
          where tr.post_id = ${postId} and tr.locale = ${ctx.locale}`,
    ),
    queryRows<{ title: string; slug: string }>(
      ctx.db,
      sql`select tt.title, tt.slug from blog_post_tag pt
          join blog_tag_translation tt on tt.tag_id = pt.tag_id and tt.locale = ${ctx.locale}
          where pt.post_id = ${postId} order by tt.title`,
    ),
    queryRows<{ template_id: number }>(
      ctx.db,
      sql`select template_id from blog_post_template where post_id = ${postId} order by position`,
    ),
  ]);
  if (!cards.length || !details.length) return null;
  const [card] = cards.map((r) => reshapeCard(ctx.locale, r));
  const d = details[0];
  const [templates, related] = await Promise.all([
    cardsForIds(
      ctx,
      templateIds.map((r) => Number(r.template_id)),
    ),
    relatedPosts(ctx, postId, Number(d.category_id)),
  ]);
  const updated = [date(d.updated_at), date(d.post_updated)].sort((a, b) => b.getTime() - a.getTime())[0];
  // Changed on a later day than it was first imported: the page says when.
  const revisedAt = updated.getTime() - date(d.created_at).getTime() > 86_400_000 ? updated : null;
  return { ...card, html: d.body_html, updatedAt: updated, revisedAt, tags, templates, related, paths: {} };
}

/**
 * Articles to read next: same category first, then those sharing more tags, newest first; the newest
 * of the rest fill the row.
 */
async function relatedPosts(ctx: ServiceContext, postId: number, categoryId: number): Promise<BlogPostCard[]> {
  const rows = await queryRows<CardRow>(
    ctx.db,
    cardsQuery(
      ctx,
      sql`p.id <> ${postId}`,
      sql`order by (p.category_id = ${categoryId})::int * 10
          + (select count(*) from blog_post_tag a join blog_post_tag b on b.tag_id = a.tag_id
              where a.post_id = p.id and b.post_id = ${postId}) desc, p.published_at desc, p.id desc
          limit ${BLOG.related}`,
    ),
  );
  return rows.map((r) => reshapeCard(ctx.locale, r));
}

/* ------------------------------------------------------------------ search */

export type BlogSearchResult = Page<BlogPostCard> & {
  /** The query as searched: trimmed, cut to 200 characters, lower case, no accents. */
  query: string;
  /** True when no article held every word and the results hold only some of them. */
  partial: boolean;
};

/** Text search configuration of each locale (its stemmer and stop words). */
const CONFIG: Record<Locale, SQL> = { en: sql.raw("'english'::regconfig"), es: sql.raw("'spanish'::regconfig") };
/** ts_rank weights for D, C, B, A: (unused), body, excerpt, title. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.5, 1.0}'::float4[]`);

/**
 * Articles of the locale matching a query, ranked like template search: the locale's stemmer over
 * unaccented, lower-cased text; titles weigh most, then excerpts, then bodies; newest first among
 * equals. Every word first; when no article holds them all, any of them ("partial"). Never throws on
 * odd input: empty, long, symbols, SQL or tsquery syntax are only text.
 */
export async function searchPosts(
  ctx: ServiceContext,
  input: { query: string; page?: number },
): Promise<BlogSearchResult> {
  const query = normalizeQuery(String(input.query ?? "").slice(0, BLOG.searchMax));
  const page = clampPage(input.page);
  const words = queryWords(query);
  const empty = { ...pageOf<BlogPostCard>([], 0, page, BLOG.pageSize), query, partial: false };
  if (!words.length) return empty;
  const cfg = CONFIG[ctx.locale];
  // Words only (letters and digits): websearch_to_tsquery sees no operator but "or" between words.
  const all = sql`websearch_to_tsquery(${cfg}, slidenest_unaccent(${words.join(" ")}))`;
  const any = sql`websearch_to_tsquery(${cfg}, slidenest_unaccent(${words.join(" or ")}))`;
  const run = async (tsq: SQL) => {
    const match = sql`exists (select 1 from blog_post_translation s where s.post_id = p.id and s.locale = ${ctx.locale}
      and s.search @@ ${tsq})`;
    const [rows, [{ n }]] = await Promise.all([
      queryRows<CardRow>(
        ctx.db,
        cardsQuery(
          ctx,
          match,
          sql`order by ts_rank(${RANK_WEIGHTS}, (select s.search from blog_post_translation s
                where s.post_id = p.id and s.locale = ${ctx.locale}), ${tsq}) desc, p.published_at desc, p.id desc
              limit ${BLOG.pageSize} offset ${(page - 1) * BLOG.pageSize}`,
        ),
      ),
      queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from blog_post p where p.published_at <= ${ctx.clock.now()} and ${match}`,
      ),
    ]);
    return { rows, total: Number(n) };
  };
  let found = await run(all);
  let partial = false;
  if (found.total === 0 && words.length > 1) {
    found = await run(any);
    partial = found.total > 0;
  }
  return {
    ...pageOf(
      found.rows.map((r) => reshapeCard(ctx.locale, r)),
      found.total,
      page,
      BLOG.pageSize,
    ),
    query,
    partial,
  };
}

/* ------------------------------------------------------------------ feeds and sitemap */

export type FeedItem = BlogPostCard & { html: string; updatedAt: Date };

/** The newest articles of the locale with their bodies (the RSS feed). */
export async function listFeedItems(ctx: ServiceContext): Promise<FeedItem[]> {
  const rows = await queryRows<CardRow & { body_html: string; updated_at: Date | string }>(
    ctx.db,
    sql`select c.*, tr.body_html, tr.updated_at from (${cardsQuery(ctx, sql`true`, sql`${newestFirst} limit ${BLOG.feedItems}`)}) c
        join blog_post_translation tr on tr.post_id = c.id and tr.locale = ${ctx.locale}
        order by c.published_at desc, c.id desc`,
  );
  return rows.map((r) => ({ ...reshapeCard(ctx.locale, r), html: r.body_html, updatedAt: date(r.updated_at) }));
}

export type BlogSitemapEntry = { paths: Partial<Record<Locale, string>>; lastmod: Date };

/** Every published article and every blog tag, with its address in each locale it exists in. */
export async function listBlogSitemapEntries(
  ctx: ServiceContext,
): Promise<{ posts: BlogSitemapEntry[]; tags: BlogSitemapEntry[] }> {
  const [posts, tags] = await Promise.all([
    queryRows<TranslationRow & { updated_at: Date | string }>(
      ctx.db,
      sql`select tr.post_id, tr.locale, tr.slug, tr.title, ct.slug as category_slug, cx.slug as fallback_category_slug,
            greatest(tr.updated_at, p.updated_at) as updated_at
          from blog_post_translation tr
          join blog_post p on p.id = tr.post_id and p.published_at <= ${ctx.clock.now()}
          left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = tr.locale
          left join lateral (select x.slug from blog_tag_translation x where x.tag_id = p.category_id
            order by x.locale = 'en' desc, x.locale limit 1) cx on true
          order by p.published_at desc, p.id desc, tr.locale`,
    ),
    queryRows<{ tag_id: number; locale: Locale; slug: string; updated_at: Date | string }>(
      ctx.db,
      sql`select tt.tag_id, tt.locale, tt.slug, t.updated_at from blog_tag_translation tt join blog_tag t on t.id = tt.tag_id
          order by t.id, tt.locale`,
    ),
  ]);
  const group = <R>(
    rows: R[],
    id: (r: R) => number,
    path: (r: R) => string,
    when: (r: R) => Date,
    locale: (r: R) => Locale,
  ) => {
    const out = new Map<number, BlogSitemapEntry>();
    for (const r of rows) {
      const e = out.get(id(r)) ?? { paths: {}, lastmod: when(r) };
      e.paths[locale(r)] = path(r);
      if (when(r) > e.lastmod) e.lastmod = when(r);
      out.set(id(r), e);
    }
    return [...out.values()];
  };
  return {
    posts: group(
      posts,
      (r) => Number(r.post_id),
      pathOf,
      (r) => date(r.updated_at),
      (r) => r.locale,
    ),
    tags: group(
      tags,
      (r) => Number(r.tag_id),
      (r) => blogTagPath(r.locale, r.slug),
      (r) => date(r.updated_at),
      (r) => r.locale,
    ),
  };
}
