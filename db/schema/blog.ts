import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { template } from "./catalog.ts";

/** PostgreSQL `tsvector`; written by SQL only (modules/blog/import.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A blog tag (SPEC §3 "Blog category"): the categories of the blog's navigation strip have
 * `isCategory`; plain tags only label articles. `key` is the stable name an operator's Markdown
 * folder gives it (its file name), so importing again updates instead of duplicating.
 */
export const blogTag = pgTable("blog_tag", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  isCategory: boolean("is_category").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A blog tag in one locale; a tag may lack a locale (then its page says so). Slugs are unique per locale. */
export const blogTagTranslation = pgTable(
  "blog_tag_translation",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => blogTag.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.locale] }),
    uniqueIndex("blog_tag_translation_slug_idx").on(t.locale, t.slug),
  ],
);

/** An article: what all its translations share (category, cover design, author, dates, templates it names). */
export const blogPost = pgTable(
  "blog_post",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => blogTag.id),
    author: text("author").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_post_published_idx").on(t.publishedAt.desc(), t.id.desc()),
    index("blog_post_category_idx").on(t.categoryId, t.publishedAt.desc()),
  ],
);

/**
 * An article in one locale. `bodyHtml` is `bodyMd` rendered and sanitised on the server when it was
 * imported (images carry width and height); `search` is its weighted document in the locale's text
 * search configuration (title A, excerpt B, body C), unaccented.
 */
export const blogPostTranslation = pgTable(
  "blog_post_translation",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    bodyMd: text("body_md").notNull(),
    bodyHtml: text("body_html").notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    /** Storage key prefix of the cover (`{prefix}-{width}.webp` for each COVER width). */
    coverKey: text("cover_key").notNull(),
    coverAlt: text("cover_alt").notNull(),
    /** Hash of what the translation was made from (source file, images, renderer version). */
    sourceHash: text("source_hash").notNull(),
    search: tsvector("search").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.locale] }),
    uniqueIndex("blog_post_translation_slug_idx").on(t.locale, t.slug),
    index("blog_post_translation_search_idx").using("gin", t.search),
  ],
);

/** Plain tags of an article (its category is `blog_post.category_id`). */
export const blogPostTag = pgTable(
  "blog_post_tag",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => blogTag.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tag_tag_idx").on(t.tagId, t.postId)],
);

/** Templates an article names, shown as cards under it, in the order the article names them. */
export const blogPostTemplate = pgTable(
  "blog_post_template",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.templateId] })],
);

/**
 * Words of the articles (titles, excerpts and bodies of every translation, normalised like search text)
 * with the number of translations holding each: the blog search's "did you mean" dictionary, read by
 * trigram similarity. Rebuilt by the import (modules/blog/import-repo.ts).
 */
export const blogWord = pgTable(
  "blog_word",
  {
    word: text("word").primaryKey(),
    frequency: integer("frequency").notNull(),
  },
  (t) => [index("blog_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);
