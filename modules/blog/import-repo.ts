import { and, eq, inArray, sql } from "drizzle-orm";
import { type Locale, SEARCH_CORRECTED_MIN_LENGTH } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import {
  blogPost,
  blogPostTag,
  blogPostTemplate,
  blogPostTranslation,
  blogTag,
  blogTagTranslation,
} from "#db/schema/blog.ts";
import { templateTranslation } from "#db/schema/catalog.ts";
import { MAX_WORD_LENGTH } from "#modules/search/normalize.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The blog import's queries: what the database holds, and the writes of one import (run in its
 * transaction). Plain reads and writes are Drizzle's query builder; the advisory lock, the translation
 * with its weighted search document, the typo dictionary and the removal of unused tags are hand-written
 * SQL, exercised by import.test.ts (and the dictionary by service.test.ts).
 */

/** The text search configuration of each locale's documents (the read side queries with the same). */
export const SEARCH_CONFIG: Record<Locale, "english" | "spanish"> = { en: "english", es: "spanish" };

const LOCK = "slidenest:blog-import";

type IdRow = { id: number };

/** Takes the import's advisory lock until the transaction ends: two imports at once take turns. */
export async function lockImport(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
}

/* ------------------------------------------------------------------ what the database holds */

export type ImportState = {
  tags: Map<
    string,
    { id: number; isCategory: boolean; translations: Map<string, { title: string; slug: string; description: string }> }
  >;
  posts: Map<
    string,
    {
      id: number;
      categoryId: number;
      author: string;
      publishedAt: Date;
      translations: Map<string, { slug: string; sourceHash: string }>;
      tagIds: number[];
      templateIds: number[];
    }
  >;
  /** English template slug -> template id, for the slugs the folder names. */
  templates: Map<string, number>;
};

/** Every blog tag and post as the import compares them, and the ids of the templates named (English slugs). */
export async function loadImportState(db: Executor, templateSlugs: string[]): Promise<ImportState> {
  // One query after another: inside a transaction they share one connection.
  const tagRows = await db.select({ id: blogTag.id, key: blogTag.key, isCategory: blogTag.isCategory }).from(blogTag);
  const tagTr = await db
    .select({
      tagId: blogTagTranslation.tagId,
      locale: blogTagTranslation.locale,
      title: blogTagTranslation.title,
      slug: blogTagTranslation.slug,
      description: blogTagTranslation.description,
    })
    .from(blogTagTranslation);
  const postRows = await db
    .select({
      id: blogPost.id,
      key: blogPost.key,
      categoryId: blogPost.categoryId,
      author: blogPost.author,
      publishedAt: blogPost.publishedAt,
    })
    .from(blogPost);
  const postTr = await db
    .select({
      postId: blogPostTranslation.postId,
      locale: blogPostTranslation.locale,
      slug: blogPostTranslation.slug,
      sourceHash: blogPostTranslation.sourceHash,
    })
    .from(blogPostTranslation);
  const postTags = await db
    .select({ postId: blogPostTag.postId, tagId: blogPostTag.tagId })
    .from(blogPostTag)
    .orderBy(blogPostTag.tagId);
  const postTemplates = await db
    .select({ postId: blogPostTemplate.postId, templateId: blogPostTemplate.templateId })
    .from(blogPostTemplate)
    .orderBy(blogPostTemplate.postId, blogPostTemplate.position);
  const templateRows = templateSlugs.length
    ? await db
        .select({ slug: templateTranslation.slug, templateId: templateTranslation.templateId })
        .from(templateTranslation)
        .where(and(eq(templateTranslation.locale, "en"), inArray(templateTranslation.slug, templateSlugs)))
    : [];
  const tags: ImportState["tags"] = new Map();
  const tagById = new Map<number, ImportState["tags"] extends Map<string, infer V> ? V : never>();
  for (const r of tagRows) {
    const entry = { id: Number(r.id), isCategory: r.isCategory, translations: new Map() };
    tags.set(r.key, entry);
    tagById.set(entry.id, entry);
  }
  for (const r of tagTr)
    tagById
      .get(Number(r.tagId))
      ?.translations.set(r.locale, { title: r.title, slug: r.slug, description: r.description });
  const posts: ImportState["posts"] = new Map();
  const postById = new Map<number, ImportState["posts"] extends Map<string, infer V> ? V : never>();
  for (const r of postRows) {
    const entry = {
      id: Number(r.id),
      categoryId: Number(r.categoryId),
      author: r.author,
      publishedAt: new Date(r.publishedAt),
      translations: new Map(),
      tagIds: [] as number[],
      templateIds: [] as number[],
    };
    posts.set(r.key, entry);
    postById.set(entry.id, entry);
  }
  for (const r of postTr)
    postById.get(Number(r.postId))?.translations.set(r.locale, { slug: r.slug, sourceHash: r.sourceHash });
  for (const r of postTags) postById.get(Number(r.postId))?.tagIds.push(Number(r.tagId));
  for (const r of postTemplates) postById.get(Number(r.postId))?.templateIds.push(Number(r.templateId));
  return { tags, posts, templates: new Map(templateRows.map((r) => [r.slug, Number(r.templateId)])) };
}

/* ------------------------------------------------------------------ tags */

export async function insertTag(db: Executor, row: { key: string; isCategory: boolean; now: Date }): Promise<number> {
  const [created] = await db
    .insert(blogTag)
    .values({ key: row.key, isCategory: row.isCategory, createdAt: row.now, updatedAt: row.now })
    .returning({ id: blogTag.id });
  return Number(created.id);
}

export async function updateTag(db: Executor, id: number, row: { isCategory: boolean; now: Date }): Promise<void> {
  await db.update(blogTag).set({ isCategory: row.isCategory, updatedAt: row.now }).where(eq(blogTag.id, id));
}

/** Deletes every translation of the tags (they leave the folder: their slugs are freed). */
export async function deleteTagTranslations(db: Executor, tagIds: number[]): Promise<void> {
  await db.delete(blogTagTranslation).where(inArray(blogTagTranslation.tagId, tagIds));
}

/** Deletes a tag's translations into the locales. */
export async function deleteTagTranslationLocales(db: Executor, tagId: number, locales: string[]): Promise<void> {
  await db
    .delete(blogTagTranslation)
    .where(and(eq(blogTagTranslation.tagId, tagId), inArray(blogTagTranslation.locale, locales)));
}

export type NewTagTranslation = Pick<
  typeof blogTagTranslation.$inferInsert,
  "tagId" | "locale" | "title" | "slug" | "description"
>;

export async function insertTagTranslation(db: Executor, row: NewTagTranslation): Promise<void> {
  await db.insert(blogTagTranslation).values(row);
}

/** Deletes the tags no post uses (as its category or a tag); answers how many went. */
export async function deleteUnusedTags(db: Executor, tagIds: number[]): Promise<number> {
  const removed = await queryRows<IdRow>(
    db,
    sql`delete from blog_tag t where t.id in (${sql.join(
      tagIds.map((id) => sql`${id}`),
      sql`, `,
    )})
        and not exists (select 1 from blog_post p where p.category_id = t.id)
        and not exists (select 1 from blog_post_tag x where x.tag_id = t.id) returning t.id`,
  );
  return removed.length;
}

/* ------------------------------------------------------------------ posts */

export type NewPost = Pick<typeof blogPost.$inferInsert, "key" | "categoryId" | "author" | "publishedAt">;

export async function insertPost(db: Executor, row: NewPost & { now: Date }): Promise<number> {
  const [created] = await db
    .insert(blogPost)
    .values({
      key: row.key,
      categoryId: row.categoryId,
      author: row.author,
      publishedAt: row.publishedAt,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning({ id: blogPost.id });
  return Number(created.id);
}

/** Sets a post's category, author and publication time (not its update time). */
export async function updatePost(
  db: Executor,
  id: number,
  row: Pick<NewPost, "categoryId" | "author" | "publishedAt">,
): Promise<void> {
  await db
    .update(blogPost)
    .set({ categoryId: row.categoryId, author: row.author, publishedAt: row.publishedAt })
    .where(eq(blogPost.id, id));
}

export async function touchPost(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(blogPost).set({ updatedAt: now }).where(eq(blogPost.id, id));
}

export async function deletePosts(db: Executor, ids: number[]): Promise<void> {
  await db.delete(blogPost).where(inArray(blogPost.id, ids));
}

export async function deletePostTags(db: Executor, postId: number): Promise<void> {
  await db.delete(blogPostTag).where(eq(blogPostTag.postId, postId));
}

export async function insertPostTag(db: Executor, postId: number, tagId: number): Promise<void> {
  await db.insert(blogPostTag).values({ postId, tagId });
}

export async function deletePostTemplates(db: Executor, postId: number): Promise<void> {
  await db.delete(blogPostTemplate).where(eq(blogPostTemplate.postId, postId));
}

export async function insertPostTemplate(
  db: Executor,
  row: { postId: number; templateId: number; position: number },
): Promise<void> {
  await db.insert(blogPostTemplate).values(row);
}

/** Deletes a post's translations into the locales. */
export async function deletePostTranslationLocales(db: Executor, postId: number, locales: string[]): Promise<void> {
  await db
    .delete(blogPostTranslation)
    .where(and(eq(blogPostTranslation.postId, postId), inArray(blogPostTranslation.locale, locales)));
}

/** A translation to write: rendered, its plain text for the search document. */
export type NewPostTranslation = Pick<
  typeof blogPostTranslation.$inferInsert,
  "title" | "slug" | "excerpt" | "bodyMd" | "bodyHtml" | "readingMinutes" | "coverKey" | "coverAlt" | "sourceHash"
> & { locale: Locale; text: string };

const weighted = (text: string, config: string, weight: "A" | "B" | "C") =>
  sql`setweight(to_tsvector(${config}::regconfig, slidenest_unaccent(lower(${text}))), ${sql.raw(`'${weight}'`)})`;

/** Writes a translation with its search document: title A, excerpt B, body C, in the locale's configuration. */
export async function insertPostTranslation(
  db: Executor,
  postId: number,
  t: NewPostTranslation,
  now: Date,
): Promise<void> {
  const config = SEARCH_CONFIG[t.locale];
  await db.execute(sql`
    insert into blog_post_translation
      (post_id, locale, title, slug, excerpt, body_md, body_html, reading_minutes, cover_key, cover_alt, source_hash, search, updated_at)
    values (${postId}, ${t.locale}, ${t.title}, ${t.slug}, ${t.excerpt}, ${t.bodyMd}, ${t.bodyHtml}, ${t.readingMinutes},
      ${t.coverKey}, ${t.coverAlt}, ${t.sourceHash},
      ${weighted(t.title, config, "A")} || ${weighted(t.excerpt, config, "B")} || ${weighted(t.text, config, "C")},
      ${now})`);
}

/**
 * Rebuilds the blog's typo dictionary (`blog_word`) from every translation: the words of titles, excerpts
 * and bodies (the rendered HTML without its tags and entities), normalised like search text
 * (`slidenest_search_normalize`), with the number of translations holding each. Migration 0024 filled it
 * the same way for articles imported before it.
 */
export async function rebuildBlogWords(db: Executor): Promise<void> {
  await db.execute(sql`delete from blog_word`);
  await db.execute(sql`
    insert into blog_word (word, frequency)
    select w.word, count(*)::int from blog_post_translation tr
    cross join lateral (select distinct x as word from regexp_split_to_table(slidenest_search_normalize(
      tr.title || ' ' || tr.excerpt || ' ' || regexp_replace(tr.body_html, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), ' ') as x) w
    where length(w.word) between ${SEARCH_CORRECTED_MIN_LENGTH} and ${MAX_WORD_LENGTH} and w.word !~ '^[0-9]+$'
    group by w.word`);
}

/**
 * After an import: the translations' and the dictionary's GIN indexes take their pending entries into
 * the index proper (PGlite has no autovacuum to do it, and the planner prices a long pending list
 * high enough to scan the table instead), and the planner's statistics are brought up to date.
 */
export async function tidyBlogSearchIndexes(db: Executor): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('blog_post_translation_search_idx'::regclass),
      gin_clean_pending_list('blog_word_trgm_idx'::regclass)`);
  await db.execute(sql`analyze blog_post_translation`);
  await db.execute(sql`analyze blog_word`);
}
