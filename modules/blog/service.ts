import { BLOG, LIMITS, type Locale, SEARCH_CORRECTED_MIN_LENGTH, SEARCH_FEW_RESULTS } from "#config/constants.ts";
import { fromReference } from "#modules/catalog/reference.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { closestWords, normalizeQuery, queryWords } from "#modules/search/normalize.ts";
import { formatDay } from "#modules/shared/day.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { type CoverWidth, coverUrl } from "./files.ts";
import type { BlogTagRow, CardRow, TranslationRow } from "./repo.ts";
import * as repo from "./repo.ts";
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

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** A cover's srcset at these of its stored widths. */
const coverSrcSet = (key: string, widths: readonly CoverWidth[]) =>
  widths.map((w) => `${coverUrl(key, w)} ${w}w`).join(", ");

function reshapeCard(locale: Locale, r: CardRow): BlogPostCard {
  const small = BLOG.coverWidths[0];
  const large = BLOG.coverWidths[BLOG.coverWidths.length - 1];
  const height = (w: number) => Math.round(w * BLOG.coverHeightRatio);
  return {
    id: Number(r.id),
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    author: r.author,
    publishedAt: date(r.published_at),
    publishedOn: formatDay(locale, r.published_at),
    readingMinutes: Number(r.reading_minutes),
    category: { title: r.category_title, slug: r.category_slug },
    cover: {
      src: coverUrl(r.cover_key, small),
      srcSet: coverSrcSet(r.cover_key, BLOG.coverWidths),
      width: large,
      height: height(large),
      alt: r.cover_alt,
      large: coverUrl(r.cover_key, large),
    },
    path: articlePath(locale, r.category_slug, r.slug),
  };
}

function reshapeTag(r: BlogTagRow): BlogTagView {
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

const reader = (ctx: ServiceContext): repo.Reader => ({ locale: ctx.locale, now: ctx.clock.now() });

function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, totalCapped: false, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/** A page number from outside: whole, at least 1, at most LIMITS.maxPage; anything else is page 1. */
function clampPage(page: number | undefined): number {
  return Number.isInteger(page) && (page as number) >= 1 ? Math.min(page as number, LIMITS.maxPage) : 1;
}

/* ------------------------------------------------------------------ lists */

/*
 * Lists, tags and articles are kept per process like the catalogue's lists (modules/catalog/reference.ts):
 * every import bumps the catalogue version, and an entry lives at most a minute, so an article scheduled
 * for later appears within a minute of its time.
 */

/** Newest articles of the locale, 12 a page; only those under a tag when one is given. */
export function listPosts(
  ctx: ServiceContext,
  input: { page?: number; tagId?: number; pageSize?: number } = {},
): Promise<Page<BlogPostCard>> {
  const page = clampPage(input.page);
  const pageSize = input.pageSize ?? BLOG.pageSize;
  return fromReference(ctx, `blog:posts:${page}:${pageSize}:${input.tagId ?? ""}`, () =>
    readPosts(ctx, { page, pageSize, tagId: input.tagId }),
  );
}

async function readPosts(
  ctx: ServiceContext,
  input: { page: number; pageSize: number; tagId: number | undefined },
): Promise<Page<BlogPostCard>> {
  const { page, pageSize } = input;
  const under = { ...reader(ctx), tagId: input.tagId };
  const [rows, n] = await Promise.all([
    repo.selectCards(ctx.db, { ...under, limit: pageSize, offset: (page - 1) * pageSize }),
    repo.countPosts(ctx.db, under),
  ]);
  return pageOf(
    rows.map((r) => reshapeCard(ctx.locale, r)),
    Number(n),
    page,
    pageSize,
  );
}

/** The latest articles of the locale (the home page's teaser). */
export function latestPosts(ctx: ServiceContext, limit: number = BLOG.homeTeaser): Promise<BlogPostCard[]> {
  return fromReference(ctx, `blog:latest:${limit}`, async () => {
    const rows = await repo.selectCards(ctx.db, { ...reader(ctx), limit });
    return rows.map((r) => reshapeCard(ctx.locale, r));
  });
}

/**
 * Blog tags translated into the locale, with the number of articles published in it under each;
 * categories only unless asked (the navigation strip), oldest update first as the content service sorts them.
 */
export function listBlogTags(
  ctx: ServiceContext,
  input: { categoriesOnly?: boolean } = { categoriesOnly: true },
): Promise<BlogTagView[]> {
  const categoriesOnly = input.categoriesOnly !== false;
  return fromReference(ctx, `blog:tags:${categoriesOnly}`, async () => {
    const rows = await repo.selectBlogTags(ctx.db, { ...reader(ctx), categoriesOnly });
    return rows.map(reshapeTag);
  });
}

/* ------------------------------------------------------------------ one category */

/**
 * A blog category or tag by its slug in the locale. A slug of another locale answers where it lives
 * in this one ("moved"), or that it is not translated, with the languages it exists in.
 */
export async function getBlogTag(ctx: ServiceContext, slug: string): Promise<Lookup<BlogTagView>> {
  if (!isBlogSlug(slug)) return { kind: "missing" };
  const rows = await repo.selectTagTranslationsWithSlug(ctx.db, slug);
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
  const rows = await repo.selectTagSlugs(ctx.db, tagId);
  return Object.fromEntries(rows.map((r) => [r.locale, blogTagPath(r.locale, r.slug)]));
}

/* ------------------------------------------------------------------ one article */

/** Every translation of the articles that have some translation with this slug, with their category slugs. */
async function translationsWithSlug(ctx: ServiceContext, slug: string): Promise<TranslationRow[]> {
  return repo.selectTranslationsWithSlug(ctx.db, ctx.clock.now(), slug);
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
  // Addresses that name nothing are read each time (anyone can send new ones).
  return fromReference(ctx, `blog:article:${categorySlug}/${slug}`, () => readArticle(ctx, categorySlug, slug), {
    keep: (found) => found.kind !== "missing",
  });
}

async function readArticle(ctx: ServiceContext, categorySlug: string, slug: string): Promise<Lookup<BlogArticle>> {
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
    repo.selectCardOf(ctx.db, reader(ctx), postId),
    repo.selectArticleDetail(ctx.db, postId, ctx.locale),
    repo.selectArticleTags(ctx.db, postId, ctx.locale),
    repo.selectArticleTemplateIds(ctx.db, postId),
  ]);
  if (!cards.length || !details.length) return null;
  const card = reshapeCard(ctx.locale, cards[0]);
  const cover = { ...card.cover, narrowSrcSet: coverSrcSet(cards[0].cover_key, BLOG.coverWidths.slice(0, -1)) };
  const d = details[0];
  const [templates, related] = await Promise.all([
    cardsForIds(ctx, templateIds),
    relatedPosts(ctx, postId, Number(d.category_id)),
  ]);
  const updated = [date(d.updated_at), date(d.post_updated)].sort((a, b) => b.getTime() - a.getTime())[0];
  // Changed on a later day than it was first imported: the page says when.
  const revisedAt = updated.getTime() - date(d.created_at).getTime() > 86_400_000 ? updated : null;
  const revisedOn = revisedAt ? formatDay(ctx.locale, revisedAt) : null;
  return {
    ...card,
    cover,
    html: d.body_html,
    updatedAt: updated,
    revisedAt,
    revisedOn,
    tags,
    templates,
    related,
    paths: {},
  };
}

/**
 * Articles to read next: same category first, then those sharing more tags, newest first; the newest
 * of the rest fill the row.
 */
async function relatedPosts(ctx: ServiceContext, postId: number, categoryId: number): Promise<BlogPostCard[]> {
  const rows = await repo.selectRelatedCards(ctx.db, { ...reader(ctx), postId, categoryId, limit: BLOG.related });
  return rows.map((r) => reshapeCard(ctx.locale, r));
}

/* ------------------------------------------------------------------ search */

export type BlogSearchResult = Page<BlogPostCard> & {
  /** The query as searched: trimmed, cut to 200 characters, lower case, no accents. */
  query: string;
  /** "Did you mean": the query with its misspelt words corrected, when that finds more articles; else null. */
  suggestion: string | null;
  /** True when the query found nothing and the items are those of `suggestion` ("showing results for"). */
  usedSuggestion: boolean;
  /** True when no article held every word and the results hold only some of them. */
  partial: boolean;
};

/**
 * The query's words that the blog's dictionary does not hold corrected to the closest of its words
 * (trigram candidates, then edit distance, like the template search); null when nothing changed.
 */
async function correctBlogWords(ctx: ServiceContext, words: string[]): Promise<string[] | null> {
  const unknown = [...new Set(words.filter((w) => w.length >= SEARCH_CORRECTED_MIN_LENGTH && !/^\d+$/.test(w)))];
  if (!unknown.length) return null;
  const fixed = closestWords(words, await repo.selectBlogCorrections(ctx.db, unknown));
  return fixed && fixed.join(" ") !== words.join(" ") ? fixed : null;
}

/**
 * Articles of the locale matching a query, ranked like template search: each translation through its
 * locale's stemmer over unaccented, lower-cased text; titles weigh most, then excerpts, then bodies;
 * newest first among equals. An article is also found by its translation in the other language ("plantillas"
 * on the English blog), and shown in the reader's (an article not translated into it is not on this
 * blog). Every word first; when fewer than SEARCH_FEW_RESULTS articles hold them, misspelt words are
 * corrected against the blog's own words ("did you mean"), and a query that found nothing shows the
 * corrected query's results; failing that, articles holding any of the words ("partial"). Never throws
 * on odd input: empty, long, symbols, SQL or tsquery syntax are only text.
 */
export async function searchPosts(
  ctx: ServiceContext,
  input: { query: string; page?: number },
): Promise<BlogSearchResult> {
  const query = normalizeQuery(String(input.query ?? "").slice(0, BLOG.searchMax));
  const page = clampPage(input.page);
  const words = queryWords(query);
  const none = { query, suggestion: null, usedSuggestion: false, partial: false };
  if (!words.length) return { ...pageOf<BlogPostCard>([], 0, page, BLOG.pageSize), ...none };
  const run = (w: string[], any: boolean) =>
    repo.searchCards(ctx.db, {
      ...reader(ctx),
      words: w,
      any,
      limit: BLOG.pageSize,
      offset: (page - 1) * BLOG.pageSize,
    });
  let found = await run(words, false);
  let suggestion: string | null = null;
  let usedSuggestion = false;
  let partial = false;
  let best = words;
  if (found.total < SEARCH_FEW_RESULTS) {
    const corrected = await correctBlogWords(ctx, words);
    if (corrected) {
      const fixed = await run(corrected, false);
      if (fixed.total > found.total) {
        suggestion = corrected.join(" ");
        best = corrected;
        if (found.total === 0) {
          found = fixed;
          usedSuggestion = true;
        }
      }
    }
    if (found.total === 0 && best.length > 1) {
      found = await run(best, true);
      partial = found.total > 0;
      usedSuggestion = partial && best !== words;
    }
  }
  return {
    ...pageOf(
      found.rows.map((r) => reshapeCard(ctx.locale, r)),
      found.total,
      page,
      BLOG.pageSize,
    ),
    query,
    suggestion,
    usedSuggestion,
    partial,
  };
}

/* ------------------------------------------------------------------ feeds and sitemap */

export type FeedItem = BlogPostCard & { html: string; updatedAt: Date };

/** The newest articles of the locale with their bodies (the RSS feed). */
export async function listFeedItems(ctx: ServiceContext): Promise<FeedItem[]> {
  const rows = await repo.selectFeedRows(ctx.db, { ...reader(ctx), limit: BLOG.feedItems });
  return rows.map((r) => ({ ...reshapeCard(ctx.locale, r), html: r.body_html, updatedAt: date(r.updated_at) }));
}

export type BlogSitemapEntry = { paths: Partial<Record<Locale, string>>; lastmod: Date };

/** Every published article and every blog tag, with its address in each locale it exists in. */
export async function listBlogSitemapEntries(
  ctx: ServiceContext,
): Promise<{ posts: BlogSitemapEntry[]; tags: BlogSitemapEntry[] }> {
  const [posts, tags] = await Promise.all([
    repo.selectSitemapPosts(ctx.db, ctx.clock.now()),
    repo.selectSitemapTags(ctx.db),
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
