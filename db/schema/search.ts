import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { account } from "./accounts.ts";
import { template } from "./catalog.ts";

/** PostgreSQL `tsvector`; written by SQL only (refreshSearchIndex), read as text when at all. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search document of a template: weighted tsvectors over both locales' text, English text through
 * the `english` configuration and Spanish text through `spanish`, all lower-cased and unaccented.
 * `head` holds titles (weight A), tags and the category (B) and styles (C) and ranks; `document` is
 * `head` plus the descriptions, stripped of positions and weights (smaller, it only matches, through
 * GIN), plus tokens for the catalogue filters (modules/search/filters.ts). The publication time and
 * download count are copied here, so a search never joins `template`.
 * Built by modules/search/refresh.ts.
 */
export const templateSearch = pgTable(
  "template_search",
  {
    templateId: integer("template_id")
      .primaryKey()
      .references(() => template.id, { onDelete: "cascade" }),
    head: tsvector("head").notNull(),
    document: tsvector("document").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** Copy of template.downloads_count as of the last refresh (refreshSearchStats). */
    downloadsCount: integer("downloads_count").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("template_search_document_idx").using("gin", t.document),
    // Broad queries take their candidates in these orders, stopping early (modules/search/service.ts).
    index("template_search_popular_idx").on(t.downloadsCount.desc(), t.templateId.desc()),
    index("template_search_published_idx").on(t.publishedAt.desc(), t.templateId.desc()),
  ],
);

/**
 * Templates whose document is out of date. Filled by triggers (migration 0003) on template (category,
 * publication time and the filtered attributes), template_translation, template_tag, template_style and
 * template_color; emptied by refreshSearchIndex and refreshStaleSearchDocuments.
 */
export const templateSearchStale = pgTable("template_search_stale", {
  templateId: integer("template_id").primaryKey(),
  markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The autocomplete dictionary: titles, tags, categories, styles and top searches in each locale, one
 * row per word a suggestion can be typed from (`key` is the normalised phrase from that word on), so
 * "biology l" finds "Geometric biology lesson plan". `template_ids` are the best templates for the
 * suggestion, most downloaded first, for the thumbnails under the suggestions.
 */
export const searchSuggestion = pgTable(
  "search_suggestion",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    /** title, tag, category, style or query. */
    kind: text("kind").notNull(),
    /** As shown. */
    phrase: text("phrase").notNull(),
    /** Lower case, unaccented, single spaces. */
    phraseNorm: text("phrase_norm").notNull(),
    /** phraseNorm from word `wordPos` on; the prefix index reads this. */
    key: text("key").notNull(),
    wordPos: smallint("word_pos").notNull().default(0),
    weight: real("weight").notNull(),
    templateIds: integer("template_ids").array().notNull().default([]),
    /**
     * The tag (tag, category) or style the suggestion names, so a match in one language can be shown in
     * the other (a title's twin is the title of its first template); null for titles and searches.
     */
    sourceId: integer("source_id"),
  },
  (t) => [
    uniqueIndex("search_suggestion_phrase_idx").on(t.locale, t.phraseNorm, t.wordPos),
    index("search_suggestion_key_idx").on(t.key.op("text_pattern_ops")),
  ],
);

/**
 * In how many search documents each lexeme occurs (ts_stat), and under the empty lexeme how many
 * documents there are: search estimates how broad a query is from these to pick its plan.
 */
export const searchLexeme = pgTable("search_lexeme", {
  lexeme: text("lexeme").primaryKey(),
  ndoc: integer("ndoc").notNull(),
});

/** Known words (normalised) with how often they occur: the typo-correction ("did you mean") dictionary. */
export const searchWord = pgTable(
  "search_word",
  {
    word: text("word").primaryKey(),
    frequency: integer("frequency").notNull(),
  },
  (t) => [index("search_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);

/**
 * One row per search: the normalised query, the locale, how many templates it found and when, and a
 * keyed hash of the client's network (never the account, the address or a fingerprint) so top searches
 * count distinct clients. Kept 30 days (the retention job).
 */
export const searchLog = pgTable(
  "search_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    query: text("query").notNull(),
    locale: text("locale").notNull(),
    resultCount: integer("result_count").notNull(),
    /** HMAC of the client's address key (IPv6 by /64) with the signing secret, cut to 16 bytes; null before it was kept. */
    client: text("client"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_log_created_idx").on(t.createdAt)],
);

/**
 * The search vocabulary the operators edit on the desk (was modules/search/synonyms.ts, which is now its
 * seed): a `group` of equivalent terms (a query using one matches the others), or a one-way `related`
 * addition (a query with `head` also matches `terms`). Terms are stored normalised.
 */
export const searchSynonym = pgTable(
  "search_synonym",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** The term a `related` entry starts from; null for a group. */
    head: text("head"),
    terms: text("terms").array().notNull(),
    createdBy: integer("created_by").references(() => account.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("search_synonym_kind_check", sql`${t.kind} in ('group', 'related')`),
    uniqueIndex("search_synonym_head_idx").on(t.head),
  ],
);

/**
 * One row: the vocabulary's version, raised by every change so every process reloads it at once, and
 * when the shipped list was written in (null: not yet, the first process to need it seeds it).
 */
export const searchVocabulary = pgTable(
  "search_vocabulary",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    seededAt: timestamp("seeded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("search_vocabulary_one_row", sql`${t.id} = 1`)],
);
