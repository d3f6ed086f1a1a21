import { inArray, type SQL, sql } from "drizzle-orm";
import type { Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { searchLexeme } from "#db/schema/search.ts";
import type { SearchSort } from "#modules/catalog/filters.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The search's queries (the index itself is built by refresh-repo.ts). The ranking, the lexicon, the
 * typo candidates, the suggestions and the search log's reports are hand-written SQL, exercised by
 * service.test.ts (and plan.test.ts, relevance.test.ts); the statistics' counts are Drizzle's builder.
 */

/** A count (`count(*)::int as n`). */
type CountRow = { n: number };
type QueryRow = { query: string };
/** Searches, and those that found nothing. */
type SearchCountRow = { n: number; z: number };

const values = (items: string[]) =>
  sql.join(
    items.map((w) => sql`(${w})`),
    sql`, `,
  );

/* ------------------------------------------------------------------ query preparation */

/** A word's English and Spanish lexemes, how many documents hold each, and whether the dictionary knows it. */
export type LexiconRow = {
  word: string;
  en: string[] | string;
  es: string[] | string;
  ndoc: Record<string, number> | string;
  known: boolean;
  /** Documents counted by the statistics. */
  total: number | null;
  /** Pages of the search table. */
  pages: number | null;
  /** The search vocabulary's version (search_vocabulary), read in the same statement. */
  vocabulary: number | string | null;
};

/**
 * Each word's lexemes through the same unaccent and stemmers that built the documents, their document
 * counts, whether the typo dictionary knows the word, and the search vocabulary's version (a search
 * checks its copy of the vocabulary with it: vocabulary.ts): one round trip.
 */
export function selectLexicon(db: Executor, words: string[]): Promise<LexiconRow[]> {
  return queryRows<LexiconRow>(
    db,
    sql`select v.word, to_json(tsvector_to_array(x.en)) as en, to_json(tsvector_to_array(x.es)) as es,
          (select coalesce(json_object_agg(l.lexeme, l.ndoc), '{}'::json) from search_lexeme l
            where l.lexeme = any(tsvector_to_array(x.en || x.es))) as ndoc,
          exists (select 1 from search_word w where w.word = v.word) as known,
          (select l.ndoc from search_lexeme l where l.lexeme = '') as total,
          (select c.relpages from pg_class c where c.oid = 'template_search'::regclass) as pages,
          (select sv.version from search_vocabulary sv where sv.id = 1) as vocabulary
        from (values ${values(words)}) as v(word)
        cross join lateral (select slidenest_unaccent(v.word) as u) u
        cross join lateral (select to_tsvector('english', u.u) as en, to_tsvector('spanish', u.u) as es) x`,
  );
}

/** A known word close to a typed one: its trigram similarity and frequency. */
export type CorrectionRow = { input: string; word: string; sim: number; frequency: number };

/** Up to eight known words per input by trigram similarity (the word table's trigram index). */
export function selectCorrections(db: Executor, inputs: string[]): Promise<CorrectionRow[]> {
  return queryRows<CorrectionRow>(
    db,
    sql`select q.input, c.word, c.sim, c.frequency
        from (values ${values(inputs)}) as q(input)
        cross join lateral (
          select w.word, similarity(w.word, q.input) as sim, w.frequency from search_word w
          where w.word % q.input order by sim desc, w.frequency desc limit 8) c`,
  );
}

/** Document counts of the given lexemes (filter tokens), from the statistics. */
export function selectLexemeCounts(db: Executor, lexemes: string[]): Promise<(typeof searchLexeme.$inferSelect)[]> {
  return db
    .select({ lexeme: searchLexeme.lexeme, ndoc: searchLexeme.ndoc })
    .from(searchLexeme)
    .where(inArray(searchLexeme.lexeme, lexemes));
}

/* ------------------------------------------------------------------ ranking */

/** ts_rank weights for D, C, B, A: (descriptions, not in the ranked vector), styles, tags and category, titles. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::float4[]`);
/** Weight of the synonyms' rank beside the typed words' rank. */
const EXPANDED_RANK = sql.raw("0.3");
/** Weight of the share of a title's words the query holds. */
const TITLE_SHARE = sql.raw("0.5");
const lexemeArray = (lexemes: string[]) =>
  lexemes.length
    ? sql`array[${sql.join(
        lexemes.map((l) => sql`${l}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** What a search matches: tsquery text (words and filters), published by `now`, at most `candidates`. */
export type CandidateQuery = {
  match: string;
  now: Date;
  candidates: number;
  /** One tsquery per term, whose matches are counted first ("any" mode); empty counts none. */
  covered: string[];
};

/**
 * How candidates are read: "index" through the GIN index (its bitmap in table order, about the most
 * downloaded first), "newest" in publication order, "window" from the table's start up to a page.
 */
export type CandidateScan = { kind: "index" } | { kind: "newest" } | { kind: "window"; lastPage: number };

function candidatesSql(q: CandidateQuery, scan: CandidateScan): SQL {
  const covered = q.covered.length
    ? sql.join(
        q.covered.map((t) => sql`(s.document @@ ${t}::tsquery)::int`),
        sql` + `,
      )
    : sql`0`;
  const columns = sql`s.template_id as id, s.head, s.downloads_count, s.published_at, ${covered} as covered`;
  const published = sql`s.published_at <= ${q.now}`;
  if (scan.kind === "newest")
    return sql`select ${columns} from template_search s where s.document @@ ${q.match}::tsquery and ${published}
            order by s.published_at desc nulls last, s.template_id desc nulls last limit ${q.candidates}`;
  if (scan.kind === "window")
    // The window as a range of pages from the first (a TID range scan: no index, no sort).
    return sql`select ${columns} from template_search s
              where s.ctid < ${`(${scan.lastPage},0)`}::tid and s.document @@ ${q.match}::tsquery and ${published}
              limit ${q.candidates}`;
  return sql`select ${columns} from template_search s where s.document @@ ${q.match}::tsquery and ${published}
      limit ${q.candidates}`;
}

/** How a page of candidates is ranked: by relevance to the typed words, or by a list order. */
export type RankQuery = {
  sort: SearchSort;
  /** Ranking tsqueries: the words as typed, and with every synonym. */
  exact: string;
  expanded: string;
  /** Lexemes whose share of a title raises its rank. */
  titleLexemes: string[];
  limit: number;
  offset: number;
};

/** A ranked template id, and how many candidates there were. */
export type RankedRow = { id: number; total: number };

/**
 * A page of candidates, ranked. What was typed counts most, synonyms and related words less; ranked on
 * titles, tags, category and styles. In "any" mode the number of words matched comes first. A title
 * made mostly of the query's words ("Colorful Marketing Plan" for "marketing plan") beats one that
 * merely has them.
 */
export function selectRankedIds(
  db: Executor,
  q: CandidateQuery & RankQuery,
  scan: CandidateScan,
): Promise<RankedRow[]> {
  const cand = candidatesSql(q, scan);
  return queryRows<RankedRow>(
    db,
    q.sort === "relevance"
      ? sql`with cand as (${cand})
            select c.id, c.covered + ts_rank(${RANK_WEIGHTS}, c.head, ${q.exact}::tsquery)
              + ${EXPANDED_RANK} * ts_rank(${RANK_WEIGHTS}, c.head, ${q.expanded}::tsquery)
              + ${TITLE_SHARE} * case when length(c.title) = 0 then 0
                  else 1 - length(ts_delete(c.title, ${lexemeArray(q.titleLexemes)}))::float4 / length(c.title) end as score,
              count(*) over () as total
            from (select cand.*, ts_filter(cand.head, '{a}') as title from cand) c
            order by score desc, c.downloads_count desc, c.id desc limit ${q.limit} offset ${q.offset}`
      : sql`with cand as (${cand}) select c.id, count(*) over () as total from cand c
            order by ${q.sort === "newest" ? sql`c.published_at desc, c.id desc` : sql`c.downloads_count desc, c.id desc`}
            limit ${q.limit} offset ${q.offset}`,
  );
}

/** The number of candidates (a page past the end still tells how many there are). */
export async function countCandidates(db: Executor, q: CandidateQuery, scan: CandidateScan): Promise<number> {
  const [c] = await queryRows<CountRow>(db, sql`select count(*)::int as n from (${candidatesSql(q, scan)}) x`);
  return Number(c?.n ?? 0);
}

/** Sets planner settings for the rest of the transaction (set_config, local). */
export async function setLocalSettings(db: Executor, settings: Record<string, string>): Promise<void> {
  await db.execute(
    sql`select ${sql.join(
      Object.entries(settings).map(([k, v]) => sql`set_config(${k}, ${v}, true)`),
      sql`, `,
    )}`,
  );
}

/* ------------------------------------------------------------------ autocomplete */

export type SuggestionRow = {
  /** The suggestion in the reader's locale: as stored, or its twin's name when it matched in the other language (null: none). */
  phrase: string | null;
  /** The locale the typed text matched in. */
  locale: Locale;
  kind: string;
  template_ids: number[] | string;
};

/**
 * Suggestions whose key starts with `prefix` (a LIKE pattern, read from the prefix index), the locale's
 * first, then those typed from their first word, the heavier, the shorter. One matched in the other
 * language is answered in the reader's: a tag's, category's or style's name in the locale, a title's
 * first template's title (through primary keys); a search typed in the other language has no twin (null).
 */
export function selectSuggestions(
  db: Executor,
  q: { pattern: string; locale: Locale; limit: number },
): Promise<SuggestionRow[]> {
  const style = q.locale === "es" ? sql.raw("st.name_es") : sql.raw("st.name_en");
  return queryRows<SuggestionRow>(
    db,
    sql`select case when s.locale = ${q.locale} then s.phrase
            when s.kind in ('tag', 'category') then
              (select tt.name from tag_translation tt where tt.tag_id = s.source_id and tt.locale = ${q.locale})
            when s.kind = 'style' then (select ${style} from style st where st.id = s.source_id)
            when s.kind = 'title' then
              (select tr.title from template_translation tr where tr.template_id = s.template_ids[1] and tr.locale = ${q.locale})
          end as phrase, s.locale, s.kind, s.template_ids
        from search_suggestion s
        where s.key like ${q.pattern}
        order by (s.locale = ${q.locale}) desc, (s.word_pos = 0) desc, s.weight desc, length(s.phrase), s.phrase
        limit ${q.limit}`,
  );
}

/* ------------------------------------------------------------------ search log */

/** Records a search; the query is normalised by the database's own function, and an empty one is not kept. */
export async function insertSearchLog(
  db: Executor,
  row: { text: string; locale: Locale; count: number; client: string | null; at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into search_log (query, locale, result_count, client, created_at)
    select q, ${row.locale}, ${row.count}, ${row.client}, ${row.at}
    from (select slidenest_search_normalize(${row.text}) as q) n where q <> ''`);
}

/**
 * Queries of (since, until] that found something and that at least `minClients` different clients
 * searched, the most searched in `locale` first.
 */
export async function selectTopQueries(
  db: Executor,
  q: { since: Date; until: Date; minClients: number; locale: Locale; limit: number },
): Promise<string[]> {
  const rows = await queryRows<QueryRow>(
    db,
    sql`select query from search_log
        where created_at > ${q.since} and created_at <= ${q.until} and result_count > 0
        group by query
        having count(distinct client) >= ${q.minClients}
        order by count(distinct client) filter (where locale = ${q.locale}) desc, count(distinct client) desc, query
        limit ${q.limit}`,
  );
  return rows.map((r) => r.query);
}

/** Searches of (since, until], and how many of them found nothing. */
export async function countSearches(
  db: Executor,
  q: { since: Date; until: Date },
): Promise<{ searches: number; zeroResults: number }> {
  const [r] = await queryRows<SearchCountRow>(
    db,
    sql`select count(*)::int as n, (count(*) filter (where result_count = 0))::int as z
        from search_log where created_at > ${q.since} and created_at <= ${q.until}`,
  );
  return { searches: Number(r?.n ?? 0), zeroResults: Number(r?.z ?? 0) };
}

/* ------------------------------------------------------------------ search menu */

/** A category and one of its trending templates (with its active colours' ids). */
export type TrendingRow = {
  id: number;
  slug: string;
  icon_name: string | null;
  templates_count: number;
  name: string;
  template_id: number;
  template_slug: string;
  title: string;
  slides_count: number;
  colors: { id: number }[] | string;
};

/**
 * The `perCategory` most trending templates of the `limit` categories whose trending templates score
 * highest, from the top `window` of the trending index; by category, then rank.
 */
export function selectTrendingByCategory(
  db: Executor,
  q: { now: Date; locale: Locale; window: number; perCategory: number; limit: number },
): Promise<TrendingRow[]> {
  return queryRows<TrendingRow>(
    db,
    sql`with top as (
          select t.id, t.category_id, t.trending_score, t.downloads_count, t.slides_count,
            row_number() over (partition by t.category_id order by t.trending_score desc, t.id desc) as rn
          from (select id, category_id, trending_score, downloads_count, slides_count from template
                where published_at <= ${q.now}
                order by trending_score desc nulls last, id desc nulls last limit ${q.window}) t),
        picked as (select * from top where rn <= ${q.perCategory}),
        cats as (
          select category_id, sum(trending_score) as score, max(downloads_count) as dl from picked
          group by category_id order by score desc, dl desc, category_id limit ${q.limit})
        select g.id, g.slug, g.icon_name, g.templates_count, gt.name,
          p.id as template_id, tr.slug as template_slug, tr.title, p.slides_count,
          (select coalesce(json_agg(json_build_object('id', tc.id) order by tc.position), '[]'::json)
             from template_color tc where tc.template_id = p.id and tc.active) as colors
        from cats
        join tag g on g.id = cats.category_id
        join tag_translation gt on gt.tag_id = g.id and gt.locale = ${q.locale}
        join picked p on p.category_id = cats.category_id
        join template_translation tr on tr.template_id = p.id and tr.locale = ${q.locale}
        order by cats.score desc, cats.dl desc, cats.category_id, p.rn`,
  );
}
