import { type SQL, sql } from "drizzle-orm";
import { TOP_SEARCHES_MIN_CLIENTS } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { templateSearchStale } from "#db/schema/search.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { filterTokensSql } from "./filters.ts";

/**
 * The search index's queries (refresh.ts runs them): documents, the suggestion dictionary, the word
 * list and the lexeme statistics, all set-based hand-written SQL exercised by service.test.ts; the
 * stale-document queue is read and emptied with Drizzle's builder.
 */

/** A count (`count(*)::int as n`). */
type CountRow = { n: number };
type EmptyRow = { empty: boolean };
type NowRow = { at: DbTime };
/** Suggestions and known words. */
type DictionaryCountRow = { s: number; w: number };

/** Templates kept per suggestion for the thumbnails under the autocomplete list. */
const SUGGESTION_TEMPLATES = 6;
/** Suggestions can be typed from any of their first words, except these. */
const KEY_SKIP_WORDS = [
  "a",
  "an",
  "and",
  "the",
  "for",
  "in",
  "of",
  "with",
  "to",
  "de",
  "del",
  "la",
  "las",
  "el",
  "los",
  "y",
  "e",
  "en",
  "para",
  "con",
  "por",
  "un",
  "una",
  "sobre",
  "como",
];
const KEY_MAX_WORDS = 6;
/** Kinds of suggestions and the weight each starts from (the number of templates adds to it). */
const KIND_WEIGHT = { category: 3, tag: 2, query: 2, style: 1, title: 1 } as const;
const num = (n: number) => sql.raw(String(Number(n)));

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const norm = (expr: SQL) => sql`slidenest_unaccent(lower(coalesce(${expr}, '')))`;

/* ------------------------------------------------------------------ documents */

/** Deletes the documents of drafts and unpublished templates (of `templateIds`, or all): nothing can find them. */
export async function deleteUnpublishedDocuments(db: Executor, templateIds: number[] | undefined): Promise<void> {
  await db.execute(
    sql`delete from template_search s using template t where t.id = s.template_id and t.published_at is null
        ${templateIds ? sql`and t.id in (${idList(templateIds)})` : sql``}`,
  );
}

/**
 * (Re)builds the documents of published templates (of `templateIds`, or all), one statement; only
 * documents whose text changed are written. Answers how many were.
 */
export async function upsertDocuments(db: Executor, templateIds: number[] | undefined): Promise<number> {
  const scope = templateIds ? sql`where t.id in (${idList(templateIds)})` : sql``;
  const scopeX = templateIds ? sql`where x.template_id in (${idList(templateIds)})` : sql``;
  const rows = await queryRows<CountRow>(
    db,
    sql`with
      tags as (
        select x.template_id, string_agg(en.name, ' , ' order by x.tag_id) as en, string_agg(es.name, ' , ' order by x.tag_id) as es
        from template_tag x
        left join tag_translation en on en.tag_id = x.tag_id and en.locale = 'en'
        left join tag_translation es on es.tag_id = x.tag_id and es.locale = 'es'
        ${scopeX}
        group by x.template_id),
      styles as (
        select x.template_id, string_agg(s.name_en, ' , ' order by s.id) as en, string_agg(s.name_es, ' , ' order by s.id) as es,
          array_agg(s.slug) as slugs
        from template_style x join style s on s.id = x.style_id
        ${scopeX}
        group by x.template_id),
      colors as (
        select x.template_id, array_agg(distinct c.slug) as slugs
        from template_color x join color c on c.id = x.color_id and x.active
        ${scopeX}
        group by x.template_id),
      heads as (
        select t.id, t.published_at, t.downloads_count, en.description as en_description, es.description as es_description,
          t.slide_text,
          ${filterTokensSql(sql`styles.slugs`, sql`colors.slugs`)} as filter_tokens,
          setweight(to_tsvector('english', ${norm(sql`en.title`)}), 'A') ||
          setweight(to_tsvector('spanish', ${norm(sql`es.title`)}), 'A') ||
          setweight(to_tsvector('english', ${norm(sql`concat_ws(' , ', ce.name, tags.en)`)}), 'B') ||
          setweight(to_tsvector('spanish', ${norm(sql`concat_ws(' , ', cs.name, tags.es)`)}), 'B') ||
          setweight(to_tsvector('english', ${norm(sql`styles.en`)}), 'C') ||
          setweight(to_tsvector('spanish', ${norm(sql`styles.es`)}), 'C') as head
        from template t
        left join template_translation en on en.template_id = t.id and en.locale = 'en'
        left join template_translation es on es.template_id = t.id and es.locale = 'es'
        left join tag_translation ce on ce.tag_id = t.category_id and ce.locale = 'en'
        left join tag_translation cs on cs.tag_id = t.category_id and cs.locale = 'es'
        left join tags on tags.template_id = t.id
        left join styles on styles.template_id = t.id
        left join colors on colors.template_id = t.id
        ${scope} ${templateIds ? sql`and` : sql`where`} t.published_at is not null),
      written as (
        insert into template_search (template_id, head, document, published_at, downloads_count, updated_at)
        select id, head,
          strip(head || to_tsvector('english', ${norm(sql`en_description`)}) || to_tsvector('spanish', ${norm(sql`es_description`)})
            -- The slides' own words (imported decks), at the lowest weight like the descriptions.
            || to_tsvector('english', ${norm(sql`slide_text`)}) || to_tsvector('spanish', ${norm(sql`slide_text`)}))
            || array_to_tsvector(filter_tokens),
          published_at, downloads_count, now()
        from heads
        on conflict (template_id) do update set head = excluded.head, document = excluded.document,
          published_at = excluded.published_at, downloads_count = excluded.downloads_count, updated_at = excluded.updated_at
        where template_search.document is distinct from excluded.document
          or template_search.published_at is distinct from excluded.published_at
          or template_search.downloads_count is distinct from excluded.downloads_count
        returning 1)
    select count(*)::int as n from written`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Drops the GIN index of the documents (a first build makes it once at the end). */
export async function dropDocumentIndex(db: Executor): Promise<void> {
  await db.execute(sql`drop index if exists template_search_document_idx`);
}

/** Makes the GIN index of the documents (migration 0003's). */
export async function createDocumentIndex(db: Executor): Promise<void> {
  await db.execute(sql`create index template_search_document_idx on template_search using gin (document)`);
}

/** Rewrites the search table most downloaded first (CLUSTER locks it meanwhile). */
export async function clusterSearchTable(db: Executor): Promise<void> {
  await db.execute(sql`cluster template_search using template_search_popular_idx`);
}

export async function analyzeSearchTable(db: Executor): Promise<void> {
  await db.execute(sql`analyze template_search`);
}

/** True when the search table holds no document (a first build). */
export async function searchTableEmpty(db: Executor): Promise<boolean> {
  const [{ empty }] = await queryRows<EmptyRow>(db, sql`select not exists (select 1 from template_search) as empty`);
  return empty;
}

/** A time as the database answers it: a Date, or text on some drivers. */
export type DbTime = Date | string;

/** The database's clock (stale marks up to it are cleared once their documents are rebuilt). */
export async function databaseNow(db: Executor): Promise<DbTime> {
  const [{ at }] = await queryRows<NowRow>(db, sql`select now() as at`);
  return at;
}

/** Copies publication times and download counts into the search table; answers how many rows changed. */
export async function copySearchStats(db: Executor): Promise<number> {
  const rows = await queryRows<CountRow>(
    db,
    sql`with changed as (
          update template_search s set published_at = t.published_at, downloads_count = t.downloads_count
          from template t
          where t.id = s.template_id and (s.published_at <> t.published_at or s.downloads_count <> t.downloads_count)
          returning 1)
        select count(*)::int as n from changed`,
  );
  return Number(rows[0]?.n ?? 0);
}

/* ------------------------------------------------------------------ stale documents */

/** Templates whose document is out of date, the longest waiting first. */
export async function selectStaleTemplateIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ templateId: templateSearchStale.templateId })
    .from(templateSearchStale)
    .orderBy(templateSearchStale.markedAt)
    .limit(limit);
  return rows.map((r) => Number(r.templateId));
}

/**
 * Clears the stale marks made up to `at` (of `templateIds`, or all). `at` is the database's own time
 * as it answered it (text with microseconds on some drivers), compared as is: hand SQL, not the
 * builder, which would want a Date and drop the microseconds.
 */
export async function deleteStaleMarks(db: Executor, at: DbTime, templateIds?: number[]): Promise<void> {
  await db.execute(
    templateIds
      ? sql`delete from template_search_stale where template_id in (${idList(templateIds)}) and marked_at <= ${at}`
      : sql`delete from template_search_stale where marked_at <= ${at}`,
  );
}

/* ------------------------------------------------------------------ suggestions */

/** Suggestion rows (one per word a suggestion can be typed from) for a set of phrases. */
function keyedInsert(source: SQL, onConflict: SQL): SQL {
  return sql`
    with src as (${source}),
    keyed as (
      select src.*, w.pos::int - 1 as word_pos, array_to_string((string_to_array(src.norm, ' '))[w.pos:], ' ') as key
      from src cross join lateral unnest(string_to_array(src.norm, ' ')) with ordinality as w(word, pos)
      where src.norm <> '' and w.pos <= ${num(KEY_MAX_WORDS)}
        and (w.pos = 1 or w.word not in (${sql.join(
          KEY_SKIP_WORDS.map((x) => sql`${x}`),
          sql`, `,
        )})))
    insert into search_suggestion (locale, kind, phrase, phrase_norm, key, word_pos, weight, template_ids, source_id)
    select locale, kind, phrase, norm, key, word_pos, weight, ids, source_id from keyed
    ${onConflict}`;
}

/** Titles of published templates, one suggestion per distinct title and locale. */
function titleSource(now: Date, templateIds?: number[]): SQL {
  const scope = templateIds
    ? sql`and slidenest_search_normalize(tr.title) in (select slidenest_search_normalize(y.title) from template_translation y where y.template_id in (${idList(templateIds)}))`
    : sql``;
  return sql`
    select tr.locale, 'title'::text as kind, min(tr.title) as phrase, slidenest_search_normalize(tr.title) as norm,
      (${num(KIND_WEIGHT.title)} + ln(1 + count(*)) + ln(1 + sum(t.downloads_count)) / 4)::real as weight,
      (array_agg(t.id order by t.downloads_count desc, t.id desc))[1:${num(SUGGESTION_TEMPLATES)}] as ids,
      null::int as source_id
    from template_translation tr join template t on t.id = tr.template_id
    where t.published_at <= ${now} ${scope}
    group by tr.locale, slidenest_search_normalize(tr.title)`;
}

/** Adds the titles of published templates (of `templateIds`, or all) as suggestions; existing rows stay. */
export async function insertTitleSuggestions(db: Executor, now: Date, templateIds?: number[]): Promise<void> {
  await db.execute(keyedInsert(titleSource(now, templateIds), sql`on conflict do nothing`));
}

export async function deleteSuggestions(db: Executor): Promise<void> {
  await db.execute(sql`delete from search_suggestion`);
}

/**
 * Adds categories, tags, styles and the top searches of (since, now] as suggestions; a title with the
 * same name is raised to their kind and weight.
 */
export async function upsertTaxonomySuggestions(db: Executor, now: Date, since: Date): Promise<void> {
  const best = (filter: SQL) =>
    sql`array(select t.id from template t where t.published_at <= ${now} and ${filter}
              order by t.downloads_count desc nulls last, t.id desc nulls last limit ${num(SUGGESTION_TEMPLATES)})`;
  const taxonomy = sql`
    select tt.locale, g.type::text as kind, tt.name as phrase, slidenest_search_normalize(tt.name) as norm,
      ((case g.type when 'category' then ${num(KIND_WEIGHT.category)} else ${num(KIND_WEIGHT.tag)} end) + ln(1 + g.templates_count))::real as weight,
      case g.type when 'category' then ${best(sql`t.category_id = g.id`)}
        else ${best(sql`exists (select 1 from template_tag x where x.template_id = t.id and x.tag_id = g.id)`)} end as ids,
      g.id as source_id
    from tag g join tag_translation tt on tt.tag_id = g.id
    where g.type in ('category', 'tag')
    union all
    select l.locale, 'style', l.name, slidenest_search_normalize(l.name),
      (${num(KIND_WEIGHT.style)} + ln(1 + (select count(*) from template_style x where x.style_id = s.id)))::real,
      ${best(sql`exists (select 1 from template_style x where x.template_id = t.id and x.style_id = s.id)`)}, s.id
    from style s cross join lateral (values ('en', s.name_en), ('es', s.name_es)) as l(locale, name)
    union all
    select q.locale, 'query', q.query, q.query, (${num(KIND_WEIGHT.query)} + ln(1 + q.n))::real, '{}'::int[], null::int
    from (select locale, query, count(distinct client) as n from search_log
          where created_at > ${since} and created_at <= ${now} and result_count > 0
          group by locale, query having count(distinct client) >= ${num(TOP_SEARCHES_MIN_CLIENTS)}
          order by count(distinct client) desc limit 500) q`;
  await db.execute(
    keyedInsert(
      sql`select distinct on (locale, norm) * from (${taxonomy}) x order by locale, norm, weight desc`,
      sql`on conflict (locale, phrase_norm, word_pos) do update set kind = excluded.kind, phrase = excluded.phrase,
            weight = greatest(search_suggestion.weight, excluded.weight), source_id = excluded.source_id,
            template_ids = case when cardinality(excluded.template_ids) > 0 then excluded.template_ids else search_suggestion.template_ids end`,
    ),
  );
}

/* ------------------------------------------------------------------ words and statistics */

export async function deleteWords(db: Executor): Promise<void> {
  await db.execute(sql`delete from search_word`);
}

/** Fills the word list from the suggestions' words (not the searches') and the synonyms' words. */
export async function insertSuggestionWords(db: Executor, synonymWords: string[]): Promise<void> {
  await db.execute(sql`
    insert into search_word (word, frequency)
    select w.word, count(*)::int from search_suggestion s
    cross join lateral unnest(string_to_array(s.phrase_norm, ' ')) as w(word)
    where s.word_pos = 0 and s.kind <> 'query' and length(w.word) > 2
    group by w.word
    union all
    select v.word, 1 from (values ${sql.join(
      synonymWords.map((w) => sql`(${w})`),
      sql`, `,
    )}) as v(word)
    on conflict (word) do nothing`);
}

/** The numbers of suggestions and of known words. */
export async function countSuggestionsAndWords(db: Executor): Promise<{ suggestions: number; words: number }> {
  const [counts] = await queryRows<DictionaryCountRow>(
    db,
    sql`select (select count(*)::int from search_suggestion) as s, (select count(*)::int from search_word) as w`,
  );
  return { suggestions: Number(counts.s), words: Number(counts.w) };
}

/** Adds the words of the templates' titles to the word list. */
export async function insertTitleWords(db: Executor, templateIds: number[]): Promise<void> {
  await db.execute(sql`
    insert into search_word (word, frequency)
    select w.word, 1 from template_translation tr
    cross join lateral unnest(string_to_array(slidenest_search_normalize(tr.title), ' ')) as w(word)
    where tr.template_id in (${idList(templateIds)}) and length(w.word) > 2
    group by w.word
    on conflict (word) do nothing`);
}

/** Raises the statistics to at least the counts of the templates' lexemes (new words must be known). */
export async function raiseLexemeCounts(db: Executor, templateIds: number[]): Promise<void> {
  await db.execute(sql`
    insert into search_lexeme (lexeme, ndoc)
    select u.lexeme, count(*)::int from template_search s cross join lateral unnest(s.document) as u
    where s.template_id in (${idList(templateIds)}) group by u.lexeme
    on conflict (lexeme) do update set ndoc = greatest(search_lexeme.ndoc, excluded.ndoc)`);
}

export async function deleteLexemeStats(db: Executor): Promise<void> {
  await db.execute(sql`delete from search_lexeme`);
}

/** Document frequencies of lexemes (and the number of documents under ''), for query cost estimates. */
export async function insertLexemeStats(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into search_lexeme (lexeme, ndoc)
    select word, ndoc from ts_stat('select document from template_search')
    union all select '', count(*)::int from template_search`);
}
