import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { blogPostTemplate, blogTagTranslation } from "#db/schema/blog.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The blog's read queries (the import writes through import-repo.ts). Article cards join a post, its
 * translation and its category's (with a fallback locale), so they are hand-written SQL, as are the
 * counts, the ranked search and the content API's list; exercised by service.test.ts. Plain lookups
 * are Drizzle's query builder.
 */

/** A count (`count(*)::int as n`). */
type CountRow = { n: number };

/* ------------------------------------------------------------------ cards */

/** An article card's columns, in a locale. */
export type CardRow = {
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

/** Who reads: the locale, and the moment that decides what is published. */
export type Reader = { locale: Locale; now: Date };

/**
 * Article cards in a locale: published, translated into it. The category's title and slug are those of
 * the locale, or of another locale when the category is not translated (the address still leads to the
 * article).
 */
function cardsQuery(r: Reader, where: SQL, tail: SQL): SQL {
  return sql`select p.id, p.author, p.published_at, tr.title, tr.slug, tr.excerpt, tr.reading_minutes, tr.cover_key,
        tr.cover_alt, coalesce(ct.title, cx.title) as category_title, coalesce(ct.slug, cx.slug) as category_slug
      from blog_post p
      join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${r.locale}
      left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = ${r.locale}
      left join lateral (select x.title, x.slug from blog_tag_translation x where x.tag_id = p.category_id
        order by x.locale = 'en' desc, x.locale limit 1) cx on true
      where p.published_at <= ${r.now} and (${where})
      ${tail}`;
}

/** Articles filed under a tag: as their category or as one of their tags. */
const underTag = (tag: number | SQL) =>
  sql`(p.category_id = ${tag} or exists (select 1 from blog_post_tag pt where pt.post_id = p.id and pt.tag_id = ${tag}))`;

const newestFirst = sql`order by p.published_at desc, p.id desc`;

/** A page of cards, newest first; only those under a tag when one is given. */
export function selectCards(
  db: Executor,
  r: Reader & { tagId?: number; limit: number; offset?: number },
): Promise<CardRow[]> {
  const where = r.tagId ? underTag(r.tagId) : sql`true`;
  const tail =
    r.offset === undefined
      ? sql`${newestFirst} limit ${r.limit}`
      : sql`${newestFirst} limit ${r.limit} offset ${r.offset}`;
  return queryRows<CardRow>(db, cardsQuery(r, where, tail));
}

/** The number of published articles of a locale; only those under a tag when one is given. */
export async function countPosts(db: Executor, r: Reader & { tagId?: number }): Promise<number> {
  const where = r.tagId ? underTag(r.tagId) : sql`true`;
  const [{ n }] = await queryRows<CountRow>(
    db,
    sql`select count(*)::int as n from blog_post p
          join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${r.locale}
          where p.published_at <= ${r.now} and (${where})`,
  );
  return Number(n);
}

/** The card of one article, if published and translated. */
export function selectCardOf(db: Executor, r: Reader, postId: number): Promise<CardRow[]> {
  return queryRows<CardRow>(db, cardsQuery(r, sql`p.id = ${postId}`, sql``));
}

/**
 * Articles to read next: same category first, then those sharing more tags, newest first; the newest
 * of the rest fill the row.
 */
export function selectRelatedCards(
  db: Executor,
  r: Reader & { postId: number; categoryId: number; limit: number },
): Promise<CardRow[]> {
  return queryRows<CardRow>(
    db,
    cardsQuery(
      r,
      sql`p.id <> ${r.postId}`,
      sql`order by (p.category_id = ${r.categoryId})::int * 10
          + (select count(*) from blog_post_tag a join blog_post_tag b on b.tag_id = a.tag_id
              where a.post_id = p.id and b.post_id = ${r.postId}) desc, p.published_at desc, p.id desc
          limit ${r.limit}`,
    ),
  );
}

/* ------------------------------------------------------------------ tags */

/** A blog tag in a locale with the number of articles published in it under it. */
export type BlogTagRow = {
  id: number;
  key: string;
  title: string;
  slug: string;
  description: string;
  is_category: boolean;
  posts: number;
  updated_at: Date | string;
};

/** Blog tags translated into the locale (categories only unless asked), oldest update first. */
export function selectBlogTags(db: Executor, r: Reader & { categoriesOnly: boolean }): Promise<BlogTagRow[]> {
  return queryRows<BlogTagRow>(
    db,
    sql`select t.id, t.key, tt.title, tt.slug, tt.description, t.is_category, t.updated_at,
          (select count(*)::int from blog_post p join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${r.locale}
            where p.published_at <= ${r.now} and ${underTag(sql.raw("t.id"))}) as posts
        from blog_tag t join blog_tag_translation tt on tt.tag_id = t.id and tt.locale = ${r.locale}
        where ${r.categoriesOnly ? sql`t.is_category` : sql`true`}
        order by t.updated_at asc, t.id asc`,
  );
}

export type TagTranslationRow = { tag_id: number; locale: Locale; slug: string; title: string };

/** Every translation of the tags that have some translation with this slug. */
export function selectTagTranslationsWithSlug(db: Executor, slug: string): Promise<TagTranslationRow[]> {
  return queryRows<TagTranslationRow>(
    db,
    sql`select tt.tag_id, tt.locale, tt.slug, tt.title from blog_tag_translation tt
        where tt.tag_id in (select tag_id from blog_tag_translation where slug = ${slug})
        order by tt.tag_id, tt.locale`,
  );
}

/** A tag's slug in each locale it is translated into. */
export async function selectTagSlugs(db: Executor, tagId: number): Promise<{ locale: Locale; slug: string }[]> {
  const rows = await db
    .select({ locale: blogTagTranslation.locale, slug: blogTagTranslation.slug })
    .from(blogTagTranslation)
    .where(eq(blogTagTranslation.tagId, tagId));
  return rows.map((r) => ({ locale: r.locale as Locale, slug: r.slug }));
}

/* ------------------------------------------------------------------ one article */

/** A translation of an article with its category's slug in that locale and in the fallback locale. */
export type TranslationRow = {
  post_id: number;
  locale: Locale;
  slug: string;
  title: string;
  category_slug: string | null;
  fallback_category_slug: string;
};

/** Every translation of the published articles that have some translation with this slug, with their category slugs. */
export function selectTranslationsWithSlug(db: Executor, now: Date, slug: string): Promise<TranslationRow[]> {
  return queryRows<TranslationRow>(
    db,
    sql`select tr.post_id, tr.locale, tr.slug, tr.title, ct.slug as category_slug, cx.slug as fallback_category_slug
        from blog_post_translation tr
        join blog_post p on p.id = tr.post_id and p.published_at <= ${now}
        left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = tr.locale
        left join lateral (select x.slug from blog_tag_translation x where x.tag_id = p.category_id
          order by x.locale = 'en' desc, x.locale limit 1) cx on true
        where tr.post_id in (select post_id from blog_post_translation where slug = ${slug})
        order by tr.post_id, tr.locale`,
  );
}

export type ArticleDetailRow = {
  body_html: string;
  updated_at: Date | string;
  post_updated: Date | string;
  created_at: Date | string;
  category_id: number;
};

/** An article's body in a locale, with its dates and category. */
export function selectArticleDetail(db: Executor, postId: number, locale: Locale): Promise<ArticleDetailRow[]> {
  return queryRows<ArticleDetailRow>(
    db,
    sql`select tr.body_html, tr.updated_at, p.updated_at as post_updated, p.created_at, p.category_id
          from blog_post_translation tr join blog_post p on p.id = tr.post_id
          where tr.post_id = ${postId} and tr.locale = ${locale}`,
  );
}

export type ArticleTagRow = { title: string; slug: string };

/** An article's plain tags translated into a locale, by title. */
export function selectArticleTags(db: Executor, postId: number, locale: Locale): Promise<ArticleTagRow[]> {
  return queryRows<ArticleTagRow>(
    db,
    sql`select tt.title, tt.slug from blog_post_tag pt
          join blog_tag_translation tt on tt.tag_id = pt.tag_id and tt.locale = ${locale}
          where pt.post_id = ${postId} order by tt.title`,
  );
}

/** The templates an article names, in its order. */
export async function selectArticleTemplateIds(db: Executor, postId: number): Promise<number[]> {
  const rows = await db
    .select({ templateId: blogPostTemplate.templateId })
    .from(blogPostTemplate)
    .where(eq(blogPostTemplate.postId, postId))
    .orderBy(asc(blogPostTemplate.position));
  return rows.map((r) => Number(r.templateId));
}

/* ------------------------------------------------------------------ search */

/** Text search configuration of each locale (its stemmer and stop words). */
const CONFIG: Record<Locale, SQL> = { en: sql.raw("'english'::regconfig"), es: sql.raw("'spanish'::regconfig") };
/** ts_rank weights for D, C, B, A: (unused), body, excerpt, title. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.5, 1.0}'::float4[]`);
/** Weight of a match in the article's other translation beside one in the reader's. */
const OTHER_RANK = sql.raw("0.5");
/** The other locale, whose translations a search also reads (a query typed in that language). */
const OTHER: Record<Locale, Locale> = { en: "es", es: "en" };

/**
 * Articles of the locale holding the words (every one, or any with `any`), ranked: titles weigh most,
 * then excerpts, then bodies; newest first among equals. An article is found by its translation in the
 * locale (through the locale's stemmer) or by its translation in the other locale (through that one's),
 * so "plantillas" finds the English article about templates; a match in the reader's language ranks
 * higher. Either way the match is read from the translations' GIN index. Words are letters and digits
 * only: websearch_to_tsquery sees no operator but "or" between words.
 */
export async function searchCards(
  db: Executor,
  r: Reader & { words: string[]; any: boolean; limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const other = OTHER[r.locale];
  const text = r.words.join(r.any ? " or " : " ");
  const tsq = (l: Locale) => sql`websearch_to_tsquery(${CONFIG[l]}, slidenest_unaccent(${text}))`;
  const match = sql`p.id in (
      select s.post_id from blog_post_translation s where s.locale = ${r.locale} and s.search @@ ${tsq(r.locale)}
      union select s.post_id from blog_post_translation s where s.locale = ${other} and s.search @@ ${tsq(other)})`;
  const [rows, [{ n }]] = await Promise.all([
    queryRows<CardRow>(
      db,
      cardsQuery(
        r,
        match,
        sql`order by ts_rank(${RANK_WEIGHTS}, (select s.search from blog_post_translation s
                where s.post_id = p.id and s.locale = ${r.locale}), ${tsq(r.locale)})
              + ${OTHER_RANK} * coalesce(ts_rank(${RANK_WEIGHTS}, (select s.search from blog_post_translation s
                where s.post_id = p.id and s.locale = ${other}), ${tsq(other)}), 0) desc, p.published_at desc, p.id desc
              limit ${r.limit} offset ${r.offset}`,
      ),
    ),
    queryRows<CountRow>(
      db,
      sql`select count(*)::int as n from blog_post p
          join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${r.locale}
          where p.published_at <= ${r.now} and ${match}`,
    ),
  ]);
  return { rows, total: Number(n) };
}

/** A dictionary word close to a typed one: its trigram similarity and how many translations hold it. */
export type BlogCorrectionRow = { input: string; word: string; sim: number; frequency: number };

/**
 * For each input the blog's dictionary does not hold, up to eight of its words by trigram similarity
 * (`blog_word`'s trigram index); known inputs answer nothing.
 */
export function selectBlogCorrections(db: Executor, inputs: string[]): Promise<BlogCorrectionRow[]> {
  return queryRows<BlogCorrectionRow>(
    db,
    sql`select q.input, c.word, c.sim, c.frequency
        from (values ${sql.join(
          inputs.map((w) => sql`(${w})`),
          sql`, `,
        )}) as q(input)
        cross join lateral (
          select w.word, similarity(w.word, q.input) as sim, w.frequency from blog_word w
          where w.word % q.input order by sim desc, w.frequency desc limit 8) c
        where not exists (select 1 from blog_word k where k.word = q.input)`,
  );
}

/* ------------------------------------------------------------------ feeds and sitemap */

export type FeedRow = CardRow & { body_html: string; updated_at: Date | string };

/** The newest articles of the locale with their bodies. */
export function selectFeedRows(db: Executor, r: Reader & { limit: number }): Promise<FeedRow[]> {
  return queryRows<FeedRow>(
    db,
    sql`select c.*, tr.body_html, tr.updated_at from (${cardsQuery(r, sql`true`, sql`${newestFirst} limit ${r.limit}`)}) c
        join blog_post_translation tr on tr.post_id = c.id and tr.locale = ${r.locale}
        order by c.published_at desc, c.id desc`,
  );
}

export type SitemapPostRow = TranslationRow & { updated_at: Date | string };
export type SitemapTagRow = { tag_id: number; locale: Locale; slug: string; updated_at: Date | string };

/** Every translation of every published article, newest article first. */
export function selectSitemapPosts(db: Executor, now: Date): Promise<SitemapPostRow[]> {
  return queryRows<SitemapPostRow>(
    db,
    sql`select tr.post_id, tr.locale, tr.slug, tr.title, ct.slug as category_slug, cx.slug as fallback_category_slug,
            greatest(tr.updated_at, p.updated_at) as updated_at
          from blog_post_translation tr
          join blog_post p on p.id = tr.post_id and p.published_at <= ${now}
          left join blog_tag_translation ct on ct.tag_id = p.category_id and ct.locale = tr.locale
          left join lateral (select x.slug from blog_tag_translation x where x.tag_id = p.category_id
            order by x.locale = 'en' desc, x.locale limit 1) cx on true
          order by p.published_at desc, p.id desc, tr.locale`,
  );
}

/** Every translation of every blog tag. */
export function selectSitemapTags(db: Executor): Promise<SitemapTagRow[]> {
  return queryRows<SitemapTagRow>(
    db,
    sql`select tt.tag_id, tt.locale, tt.slug, t.updated_at from blog_tag_translation tt join blog_tag t on t.id = tt.tag_id
          order by t.id, tt.locale`,
  );
}

/* ------------------------------------------------------------------ content API (GET /api/tags) */

/** The fields the content API filters and sorts tags by. */
export type ApiTagField = "id" | "title" | "slug" | "createdAt" | "updatedAt" | "isCategory";

const COLUMN: Record<ApiTagField, string> = {
  id: "t.id",
  title: "tt.title",
  slug: "tt.slug",
  createdAt: "t.created_at",
  updatedAt: "t.updated_at",
  isCategory: "t.is_category",
};

export type ApiTagsQuery = {
  locale: Locale;
  filters: { field: ApiTagField; op: "$eq" | "$ne"; value: string | number | boolean }[];
  sort: { field: ApiTagField; dir: "asc" | "desc" }[];
};

export type ApiTagRow = {
  id: number;
  title: string;
  slug: string;
  description: string;
  is_category: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

function apiTagsFrom(q: ApiTagsQuery): SQL {
  const where = q.filters.map((f) => {
    const col = sql.raw(COLUMN[f.field]);
    return f.op === "$eq" ? sql`${col} = ${f.value}` : sql`${col} <> ${f.value}`;
  });
  return sql`from blog_tag t join blog_tag_translation tt on tt.tag_id = t.id and tt.locale = ${q.locale}
      where ${where.length ? sql.join(where, sql` and `) : sql`true`}`;
}

/** A page of the tags of a locale, filtered and sorted (then by id). */
export function selectApiTags(db: Executor, q: ApiTagsQuery & { limit: number; offset: number }): Promise<ApiTagRow[]> {
  const order = [...q.sort, { field: "id" as const, dir: "asc" as const }].map(
    (s) => sql`${sql.raw(COLUMN[s.field])} ${sql.raw(s.dir)}`,
  );
  return queryRows<ApiTagRow>(
    db,
    sql`select t.id, tt.title, tt.slug, tt.description, t.is_category, t.created_at, t.updated_at ${apiTagsFrom(q)}
          order by ${sql.join(order, sql`, `)} limit ${q.limit} offset ${q.offset}`,
  );
}

/** The number of tags of a locale the filters keep. */
export async function countApiTags(db: Executor, q: ApiTagsQuery): Promise<number> {
  const [{ n }] = await queryRows<CountRow>(db, sql`select count(*)::int as n ${apiTagsFrom(q)}`);
  return Number(n);
}

export type ApiPostRow = {
  tag_id: number;
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  reading_minutes: number;
  published_at: Date | string;
  updated_at: Date | string;
};

/** The published articles of a locale under each of the tags (as category or tag), newest first. */
export function selectPostsUnderTags(db: Executor, r: Reader & { tagIds: number[] }): Promise<ApiPostRow[]> {
  return queryRows<ApiPostRow>(
    db,
    sql`select x.tag_id, p.id, tr.title, tr.slug, tr.excerpt, p.author, tr.reading_minutes, p.published_at, tr.updated_at
        from (select id as post_id, category_id as tag_id from blog_post union select post_id, tag_id from blog_post_tag) x
        join blog_post p on p.id = x.post_id and p.published_at <= ${r.now}
        join blog_post_translation tr on tr.post_id = p.id and tr.locale = ${r.locale}
        where x.tag_id in (${sql.join(
          r.tagIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.published_at desc, p.id desc`,
  );
}
