import { type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE, TOP_SEARCHES_MIN_CLIENTS, TOP_SEARCHES_WINDOW_DAYS } from "#config/constants.ts";
import { type Filters, SEARCH_SORTS, type SearchSort } from "#modules/catalog/filters.ts";
import { previewUrl } from "#modules/catalog/previews.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { filterQuery, filterTokens, tokenGroupQuery } from "./filters.ts";
import { editDistance, MAX_QUERY_WORDS, normalizeQuery, queryId, queryWords } from "./normalize.ts";
import {
  allShare,
  anyShare,
  buildTerms,
  type CompiledQuery,
  compileQuery,
  isStop,
  isUnseen,
  type Lexicon,
  type Part,
  type Term,
  termsText,
  wordsToLookUp,
} from "./terms.ts";

export { normalizeQuery } from "./normalize.ts";
export { refreshSearchIndex, refreshSearchStats, refreshStaleSearchDocuments } from "./refresh.ts";

/* ------------------------------------------------------------------ sorts */

/** Search sorts ("relevance" = matching query, the default) are defined with the list sorts. */
export { SEARCH_SORTS, type SearchSort };

/** Reads a sort from a URL parameter; anything unknown is the default, never an error. */
export function parseSearchSort(value: string | null | undefined): SearchSort {
  const v = (value ?? "").trim().toLowerCase();
  return (SEARCH_SORTS as readonly string[]).includes(v) ? (v as SearchSort) : "relevance";
}

/* ------------------------------------------------------------------ query preparation */

/** Words looked at in a query (before stop words are dropped). */
const MAX_WORDS_READ = MAX_QUERY_WORDS * 3;

/**
 * Asks the database, in one round trip, for each word's English and Spanish lexemes (through the same
 * unaccent and stemmers that built the documents), how many documents hold each lexeme, and whether
 * the typo dictionary knows the word.
 */
async function loadLexicon(ctx: ServiceContext, words: string[], into?: Lexicon): Promise<Lexicon> {
  const lexicon: Lexicon = into ?? { words: new Map(), total: 0 };
  const missing = [...new Set(words)].filter((w) => w && !lexicon.words.has(w));
  if (!missing.length) return lexicon;
  const rows = await queryRows<{
    word: string;
    en: string[] | string;
    es: string[] | string;
    ndoc: Record<string, number> | string;
    known: boolean;
    total: number | null;
    pages: number | null;
  }>(
    ctx.db,
    sql`select v.word, to_json(tsvector_to_array(x.en)) as en, to_json(tsvector_to_array(x.es)) as es,
          (select coalesce(json_object_agg(l.lexeme, l.ndoc), '{}'::json) from search_lexeme l
            where l.lexeme = any(tsvector_to_array(x.en || x.es))) as ndoc,
          exists (select 1 from search_word w where w.word = v.word) as known,
          (select l.ndoc from search_lexeme l where l.lexeme = '') as total,
          (select c.relpages from pg_class c where c.oid = 'template_search'::regclass) as pages
        from (values ${sql.join(
          missing.map((w) => sql`(${w})`),
          sql`, `,
        )}) as v(word)
        cross join lateral (select slidenest_unaccent(v.word) as u) u
        cross join lateral (select to_tsvector('english', u.u) as en, to_tsvector('spanish', u.u) as es) x`,
  );
  const json = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) : v);
  for (const r of rows) {
    lexicon.words.set(r.word, {
      en: json(r.en) ?? [],
      es: json(r.es) ?? [],
      ndoc: json(r.ndoc) ?? {},
      known: !!r.known,
    });
    if (r.total) lexicon.total = Number(r.total);
    if (r.pages) lexicon.pages = Number(r.pages);
  }
  return lexicon;
}

function termsFor(words: string[], lexicon: Lexicon): Term[] {
  return buildTerms(words, (w) => isStop(lexicon, w));
}

/* ------------------------------------------------------------------ did you mean */

/** Most edits allowed between a word and its correction, by the word's length. */
function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * Corrects words no document holds against the dictionary of known words: candidates by trigram
 * similarity (the small word table has a trigram index), the closest by edit distance wins, then the
 * more similar, then the more frequent. Answers the corrected words, or null when nothing changed.
 */
async function correctWords(ctx: ServiceContext, words: string[], lexicon: Lexicon): Promise<string[] | null> {
  const unknown = [
    ...new Set(words.filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !isStop(lexicon, w) && isUnseen(lexicon, w))),
  ];
  if (!unknown.length) return null;
  const rows = await queryRows<{ input: string; word: string; sim: number; frequency: number }>(
    ctx.db,
    sql`select q.input, c.word, c.sim, c.frequency
        from (values ${sql.join(
          unknown.map((w) => sql`(${w})`),
          sql`, `,
        )}) as q(input)
        cross join lateral (
          select w.word, similarity(w.word, q.input) as sim, w.frequency from search_word w
          where w.word % q.input order by sim desc, w.frequency desc limit 8) c`,
  );
  const best = new Map<string, { word: string; d: number; sim: number; frequency: number }>();
  for (const r of rows) {
    const d = editDistance(r.input, r.word);
    if (d > maxEdits(r.input.length)) continue;
    const cur = best.get(r.input);
    const sim = Number(r.sim);
    const frequency = Number(r.frequency);
    const better =
      !cur ||
      d < cur.d ||
      (d === cur.d && sim > cur.sim) ||
      (d === cur.d && sim === cur.sim && frequency > cur.frequency);
    if (better) best.set(r.input, { word: r.word, d, sim, frequency });
  }
  if (!best.size) return null;
  return words.map((w) => best.get(w)?.word ?? w);
}

/* ------------------------------------------------------------------ search */

export type SearchInput = {
  q: string;
  filters?: Filters;
  sort?: SearchSort | null;
  page?: number;
  pageSize?: number;
  /**
   * How candidates are found: "auto" (default) picks the cheaper way (windowFor); "index" reads the
   * whole query from the GIN index (as before issue 11); "window" reads the table from its start first,
   * whatever the estimates say. All find the same templates: tests and benchmarks compare them.
   */
  strategy?: SearchStrategy;
};

export type SearchStrategy = "auto" | "index" | "window";

export type SearchResult = Page<TemplateCard> & {
  /** The query as searched: normalised (lower case, no accents, single spaces). */
  query: string;
  /** "Did you mean": a corrected query that finds more, or null. */
  suggestion: string | null;
  /** True when the query found nothing and the items are those of `suggestion` ("showing results for"). */
  usedSuggestion: boolean;
  /** True when no template matched every word and the items match only some of them. */
  partial: boolean;
};

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
/** Fewer matches than this and a correction is looked for. */
const FEW_RESULTS = 3;
/**
 * Matches considered per search. A broad query ("business" matches a quarter of the catalogue) ranks the
 * first CANDIDATES matches in popularity order only and reports "1,000+" (totalCapped), like capped list
 * counts; the work per search then stays flat however large the catalogue grows.
 */
export const CANDIDATES = 1000;

type Hits = { ids: number[]; total: number };

/**
 * Costs of the ways of finding candidates, in rows read in table order and tested against a tsquery
 * (about 0.9 µs on PostgreSQL 15 and 3 µs on PGlite, measured at 1,000,000 templates on 2 shared cores):
 * in that time the GIN index decodes about ENTRIES_PER_ROW entries and puts about RESULTS_PER_ROW
 * matches into its bitmap.
 */
const ENTRIES_PER_ROW = 30;
const RESULTS_PER_ROW = 5;
/** A window is this many times the rows it is expected to need (estimates are rough). */
const WINDOW_SLACK = 3;

/**
 * How many rows to read from the start of the search table for a query's candidates (the parts must all
 * hold), or null to read them through the GIN index; either way they are the first CANDIDATES + 1
 * matches in table order. The index decodes every entry of the query's lexemes and keeps every match
 * before the first row is read; from the table's start a search reads about CANDIDATES / share rows. A
 * broad query ("business", "marketing plan" with 16:9) has all its candidates near the start, where
 * reading them costs less than decoding hundreds of thousands of entries. The window is a few times the
 * rows it should need, so a wrong estimate costs a bounded read before the index.
 * (Testing broad filters on the rows a narrower word finds instead of reading them from the index was
 * tried: twice as fast on PGlite for some queries, 1.6 times slower on PostgreSQL, no better overall.)
 */
export function windowFor(parts: Part[], documents: number): number | null {
  const need = CANDIDATES + 1;
  if (!parts.length) return null;
  const share = allShare(parts.map((p) => p.share));
  // The table must surely hold enough matches.
  if (share * documents < need * WINDOW_SLACK) return null;
  const rows = need / share;
  const entries = parts.reduce((n, p) => n + p.entries, 0);
  const index = entries / ENTRIES_PER_ROW + (share * documents) / RESULTS_PER_ROW + need;
  return rows < index ? Math.ceil(rows * WINDOW_SLACK) : null;
}

/** Document counts of filter tokens, from the statistics. */
async function tokenCounts(ctx: ServiceContext, tokens: string[]): Promise<Map<string, number>> {
  if (!tokens.length) return new Map();
  const rows = await queryRows<{ lexeme: string; ndoc: number }>(
    ctx.db,
    sql`select lexeme, ndoc from search_lexeme where lexeme in (${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.lexeme, Number(r.ndoc)]));
}

async function findIds(
  ctx: ServiceContext,
  query: CompiledQuery,
  mode: "all" | "any",
  input: { filters?: Filters; sort: SearchSort; limit: number; offset: number; strategy?: SearchStrategy },
): Promise<Hits> {
  if (!query.match) return { ids: [], total: 0 };
  // Filters are tokens of the documents (filters.ts): the GIN index applies them with the words.
  const filter = filterQuery(input.filters);
  const match = filter ? `(${query.match}) & ${filter}` : query.match;
  const now = ctx.clock.now();
  const covered =
    mode === "any" && query.terms.length > 1
      ? sql.join(
          query.terms.map((t) => sql`(s.document @@ ${t}::tsquery)::int`),
          sql` + `,
        )
      : sql`0`;
  // The candidates. The search table is stored most downloaded first (refreshSearchIndex clusters it),
  // so the first CANDIDATES matches in table order are about the most popular ones, and reading stops
  // there: by reading the table from its start (broad queries), or through the GIN index, whose bitmap
  // is read in table order too (windowFor). "newest" reads matches in publication order instead.
  const columns = sql`s.template_id as id, s.head, s.downloads_count, s.published_at, ${covered} as covered`;
  const select = (cand: SQL) =>
    input.sort === "relevance"
      ? // What was typed counts most, synonyms and related words less; ranked on titles, tags, category
        // and styles. In "any" mode the number of words matched comes first. A title made mostly of the
        // query's words ("Colorful Marketing Plan" for "marketing plan") beats one that merely has them.
        sql`with cand as (${cand})
            select c.id, c.covered + ts_rank(${RANK_WEIGHTS}, c.head, ${query.exact}::tsquery)
              + ${EXPANDED_RANK} * ts_rank(${RANK_WEIGHTS}, c.head, ${query.expanded}::tsquery)
              + ${TITLE_SHARE} * case when length(c.title) = 0 then 0
                  else 1 - length(ts_delete(c.title, ${lexemeArray(query.titleLexemes)}))::float4 / length(c.title) end as score,
              count(*) over () as total
            from (select cand.*, ts_filter(cand.head, '{a}') as title from cand) c
            order by score desc, c.downloads_count desc, c.id desc limit ${input.limit} offset ${input.offset}`
      : sql`with cand as (${cand}) select c.id, count(*) over () as total from cand c
            order by ${input.sort === "newest" ? sql`c.published_at desc, c.id desc` : sql`c.downloads_count desc, c.id desc`}
            limit ${input.limit} offset ${input.offset}`;
  // Planner settings for one statement: only the access path chosen here, in table order (no parallel
  // workers, no synchronised scans starting mid-table).
  const run = (settings: Record<string, string>, statement: SQL) =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select ${sql.join(
          Object.entries(settings).map(([k, v]) => sql`set_config(${k}, ${v}, true)`),
          sql`, `,
        )}`,
      );
      return queryRows<{ id: number; total: number }>(tx, statement);
    });
  const published = sql`s.published_at <= ${now}`;
  const ordered = { max_parallel_workers_per_gather: "0", synchronize_seqscans: "off" };
  const answer = (rows: { id: number; total: number }[]): Hits => ({
    ids: rows.map((r) => Number(r.id)),
    total: Number(rows[0]?.total ?? 0),
  });

  let cand = sql`select ${columns} from template_search s where s.document @@ ${match}::tsquery and ${published}
      limit ${CANDIDATES + 1}`;
  let settings: Record<string, string> = { ...ordered, enable_seqscan: "off", enable_indexscan: "off" };
  if (input.sort === "newest") {
    cand = sql`select ${columns} from template_search s where s.document @@ ${match}::tsquery and ${published}
            order by s.published_at desc nulls last, s.template_id desc nulls last limit ${CANDIDATES + 1}`;
    settings = { enable_seqscan: "off" };
  } else if (query.estimate && query.estimate.pages > 0 && input.strategy !== "index") {
    const { documents, pages, parts } = query.estimate;
    // Filters narrow a query and cost index entries: both count.
    const groups = filterTokens(input.filters);
    const counts = await tokenCounts(ctx, groups.flat());
    const filterParts: Part[] = groups.map((g) => {
      const n = g.map((t) => counts.get(t) ?? 0);
      return {
        query: tokenGroupQuery(g),
        share: anyShare(n.map((x) => x / documents)),
        entries: n.reduce((a, b) => a + b, 0),
      };
    });
    const window = input.strategy === "window" ? documents : windowFor([...parts, ...filterParts], documents);
    if (window && input.offset + input.limit <= CANDIDATES) {
      // The window as a range of pages from the first (a TID range scan: no index, no sort).
      const last = Math.min(pages, Math.ceil((pages * window) / documents) + 1);
      const rows = await run(
        { ...ordered, enable_bitmapscan: "off", enable_indexscan: "off" },
        select(
          sql`select ${columns} from template_search s
              where s.ctid < ${`(${last},0)`}::tid and s.document @@ ${match}::tsquery and ${published}
              limit ${CANDIDATES + 1}`,
        ),
      );
      // Enough matches in the window: the same candidates the index gives. Else the index.
      if (rows.length && Number(rows[0].total) > CANDIDATES) return answer(rows);
    }
  }
  const rows = await run(settings, select(cand));
  if (rows.length) return answer(rows);
  if (input.offset === 0) return { ids: [], total: 0 };
  // A page past the end: the count still tells the page how many there are.
  const [c] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from (${cand}) x`);
  return { ids: [], total: Number(c?.n ?? 0) };
}

/**
 * Searches the catalogue in both languages: titles, tags, category, styles and descriptions, stemmed in
 * English and Spanish, accents and case ignored, synonyms from synonyms.ts. Catalogue filters apply.
 * When fewer than three templates match, words no template holds are corrected against the dictionary
 * ("did you mean"); a query that finds nothing shows the corrected query's results, and failing that,
 * templates matching some of the words. Never throws on odd input: empty, long, emoji, SQL or tsquery
 * syntax are all just text.
 */
export async function searchTemplates(ctx: ServiceContext, input: SearchInput): Promise<SearchResult> {
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? PAGE_SIZE.templates) || 1, 1), 100);
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 100_000);
  const sort: SearchSort =
    input.sort && (SEARCH_SORTS as readonly string[]).includes(input.sort) ? input.sort : "relevance";
  const query = normalizeQuery(input.q);
  const words = queryWords(query).slice(0, MAX_WORDS_READ);
  const result = (hits: Hits, extra: Partial<SearchResult>, items: TemplateCard[] = []): SearchResult => {
    const total = Math.min(hits.total, CANDIDATES);
    return {
      items,
      total,
      totalCapped: hits.total > CANDIDATES,
      page,
      pageSize,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      query,
      suggestion: null,
      usedSuggestion: false,
      partial: false,
      ...extra,
    };
  };
  if (!words.length) return result({ ids: [], total: 0 }, {});
  const lexicon = await loadLexicon(ctx, wordsToLookUp(words));
  const terms = termsFor(words, lexicon);
  if (!terms.length) return result({ ids: [], total: 0 }, {});

  const opts = {
    filters: input.filters,
    sort,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    strategy: input.strategy,
  };
  let hits = await findIds(ctx, compileQuery(terms, lexicon, "all"), "all", opts);
  let suggestion: string | null = null;
  let usedSuggestion = false;
  let partial = false;
  let best = terms;
  if (hits.total < FEW_RESULTS) {
    const corrected = await correctWords(ctx, words, lexicon);
    if (corrected) {
      await loadLexicon(ctx, wordsToLookUp(corrected), lexicon);
      const fixedTerms = termsFor(corrected, lexicon);
      if (fixedTerms.length && termsText(fixedTerms) !== termsText(terms)) {
        const fixed = await findIds(ctx, compileQuery(fixedTerms, lexicon, "all"), "all", opts);
        if (fixed.total > hits.total) {
          suggestion = corrected.join(" ");
          best = fixedTerms;
          if (hits.total === 0) {
            hits = fixed;
            usedSuggestion = true;
          }
        }
      }
    }
    if (hits.total === 0 && best.length > 1) {
      hits = await findIds(ctx, compileQuery(best, lexicon, "any"), "any", opts);
      partial = hits.total > 0;
      usedSuggestion = partial && best !== terms;
    }
  }
  return result(hits, { suggestion, usedSuggestion, partial }, await cardsForIds(ctx, hits.ids));
}

/* ------------------------------------------------------------------ autocomplete */

export type Autocomplete = { suggestions: string[]; templates: TemplateCard[] };

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function suggestionsFor(
  ctx: ServiceContext,
  prefix: string,
  limit: number,
): Promise<{ phrase: string; norm: string; ids: number[] }[]> {
  const rows = await queryRows<{ phrase: string; phrase_norm: string; template_ids: number[] | string }>(
    ctx.db,
    sql`select phrase, phrase_norm, template_ids from search_suggestion
        where key like ${likePrefix(prefix)}
        order by (locale = ${ctx.locale}) desc, (word_pos = 0) desc, weight desc, length(phrase), phrase
        limit ${limit * 4}`,
  );
  const seen = new Set<string>();
  const out: { phrase: string; norm: string; ids: number[] }[] = [];
  for (const r of rows) {
    if (seen.has(r.phrase_norm)) continue;
    seen.add(r.phrase_norm);
    const ids = Array.isArray(r.template_ids)
      ? r.template_ids
      : String(r.template_ids ?? "")
          .replace(/[{}]/g, "")
          .split(",")
          .filter(Boolean);
    out.push({ phrase: r.phrase, norm: r.phrase_norm, ids: ids.map(Number) });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Suggestions for what has been typed so far, from the suggestion dictionary (titles, tags, categories,
 * styles and top searches in both locales) by prefix of any of their first words, the context's locale
 * first; and the best three templates of the first suggestions, for thumbnails.
 */
export async function autocomplete(ctx: ServiceContext, q: string, limit = 8): Promise<Autocomplete> {
  const n = Math.min(Math.max(Math.trunc(limit) || 8, 1), 20);
  const words = queryWords(normalizeQuery(q)).slice(0, MAX_WORDS_READ);
  const prefix = words.join(" ");
  if (!prefix) return { suggestions: [], templates: [] };
  let found = await suggestionsFor(ctx, prefix, n);
  if (!found.length && prefix.length >= 4) {
    // A typo: correct the words no template holds and try again.
    const lexicon = await loadLexicon(ctx, words);
    const fixed = await correctWords(ctx, words, lexicon);
    if (fixed) found = await suggestionsFor(ctx, fixed.join(" "), n);
  }
  const ids: number[] = [];
  for (const s of found) for (const id of s.ids) if (!ids.includes(id)) ids.push(id);
  const templates = (await cardsForIds(ctx, ids.slice(0, 9))).slice(0, 3);
  return { suggestions: found.map((s) => s.phrase), templates };
}

/* ------------------------------------------------------------------ search log */

/** Queries that look like they carry personal data (e-mail addresses, phone or card numbers) are not kept. */
function looksPersonal(raw: string): boolean {
  return /@/.test(raw) || /\d[\d\s.-]{4,}\d/.test(raw);
}

/**
 * Records one search: the normalised query, the locale, the number of results, the time and the client's
 * opaque tag (a keyed hash, never the address or the account), so that top searches count distinct
 * clients. Empty queries and ones that look like personal data are not recorded.
 */
export async function logSearch(
  ctx: ServiceContext,
  input: { query: string; resultCount: number; client: string },
): Promise<void> {
  const raw = typeof input.query === "string" ? input.query : "";
  const text = normalizeQuery(raw);
  if (!text || looksPersonal(raw)) return;
  const count = Math.max(0, Math.trunc(Number(input.resultCount)) || 0);
  const client = typeof input.client === "string" && input.client ? input.client.slice(0, 64) : null;
  await ctx.db.execute(sql`
    insert into search_log (query, locale, result_count, client, created_at)
    select q, ${ctx.locale}, ${count}, ${client}, ${ctx.clock.now()}
    from (select slidenest_search_normalize(${text}) as q) n where q <> ''`);
}

export type TopSearch = { id: number; searchRequest: string };

/**
 * The most frequent normalised queries of the last TOP_SEARCHES_WINDOW_DAYS days that found something
 * and that at least TOP_SEARCHES_MIN_CLIENTS different clients searched (one client, however many times
 * it searches, writes nothing there); the context's locale first.
 */
export async function topSearches(ctx: ServiceContext, input: { limit?: number } = {}): Promise<TopSearch[]> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 8) || 8, 1), 50);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - TOP_SEARCHES_WINDOW_DAYS * 86_400_000);
  const rows = await queryRows<{ query: string }>(
    ctx.db,
    sql`select query from search_log
        where created_at > ${since} and created_at <= ${now} and result_count > 0
        group by query
        having count(distinct client) >= ${TOP_SEARCHES_MIN_CLIENTS}
        order by count(distinct client) filter (where locale = ${ctx.locale}) desc, count(distinct client) desc, query
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: queryId(r.query), searchRequest: r.query }));
}

/** Share of searches of the last `days` days that found nothing. */
export async function zeroResultRate(
  ctx: ServiceContext,
  input: { days: number },
): Promise<{ searches: number; zeroResults: number; rate: number }> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - Math.max(0, input.days) * 86_400_000);
  const [r] = await queryRows<{ n: number; z: number }>(
    ctx.db,
    sql`select count(*)::int as n, (count(*) filter (where result_count = 0))::int as z
        from search_log where created_at > ${since} and created_at <= ${now}`,
  );
  const searches = Number(r?.n ?? 0);
  const zeroResults = Number(r?.z ?? 0);
  return { searches, zeroResults, rate: searches ? zeroResults / searches : 0 };
}

/* ------------------------------------------------------------------ search menu: trending by category */

export type TrendingCategoryGroup = {
  id: number;
  slug: string;
  iconName: string | null;
  templatesCount: number;
  content: { name: string };
  templates: {
    id: number;
    slug: string;
    slidesCount: number;
    content: { title: string };
    colors: { id: number; previewImages: string[] }[];
  }[];
};

/** Preview images per colour in the search menu: the first slides, small. */
const MENU_PREVIEW = { slides: 3, width: 320 } as const;
/** Trending templates read to group by category (from the trending index, not the whole catalogue). */
const TRENDING_WINDOW = 400;

/**
 * Categories with their trending templates (3-4 each) for the search menu, the categories whose
 * trending templates score highest first. Reads the top of the trending index only, so it costs the
 * same on any catalogue size.
 */
export async function categorizedTrendingBySearchTemplates(
  ctx: ServiceContext,
  input: { limit?: number; perCategory?: number } = {},
): Promise<TrendingCategoryGroup[]> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 5) || 5, 1), 20);
  const per = Math.min(Math.max(Math.trunc(input.perCategory ?? 4) || 4, 1), 8);
  const rows = await queryRows<{
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
  }>(
    ctx.db,
    sql`with top as (
          select t.id, t.category_id, t.trending_score, t.downloads_count, t.slides_count,
            row_number() over (partition by t.category_id order by t.trending_score desc, t.id desc) as rn
          from (select id, category_id, trending_score, downloads_count, slides_count from template
                where published_at <= ${ctx.clock.now()}
                order by trending_score desc nulls last, id desc nulls last limit ${TRENDING_WINDOW}) t),
        picked as (select * from top where rn <= ${per}),
        cats as (
          select category_id, sum(trending_score) as score, max(downloads_count) as dl from picked
          group by category_id order by score desc, dl desc, category_id limit ${limit})
        select g.id, g.slug, g.icon_name, g.templates_count, gt.name,
          p.id as template_id, tr.slug as template_slug, tr.title, p.slides_count,
          (select coalesce(json_agg(json_build_object('id', tc.id) order by tc.position), '[]'::json)
             from template_color tc where tc.template_id = p.id and tc.active) as colors
        from cats
        join tag g on g.id = cats.category_id
        join tag_translation gt on gt.tag_id = g.id and gt.locale = ${ctx.locale}
        join picked p on p.category_id = cats.category_id
        join template_translation tr on tr.template_id = p.id and tr.locale = ${ctx.locale}
        order by cats.score desc, cats.dl desc, cats.category_id, p.rn`,
  );
  const groups: TrendingCategoryGroup[] = [];
  for (const r of rows) {
    let g = groups.at(-1);
    if (!g || g.id !== r.id) {
      g = {
        id: r.id,
        slug: r.slug,
        iconName: r.icon_name,
        templatesCount: Number(r.templates_count),
        content: { name: r.name },
        templates: [],
      };
      groups.push(g);
    }
    const colors = (typeof r.colors === "string" ? JSON.parse(r.colors) : r.colors) as { id: number }[];
    const slides = Math.min(MENU_PREVIEW.slides, Number(r.slides_count));
    g.templates.push({
      id: r.template_id,
      slug: r.template_slug,
      slidesCount: Number(r.slides_count),
      content: { title: r.title },
      colors: colors.map((c) => ({
        id: c.id,
        previewImages: Array.from({ length: slides }, (_, i) => previewUrl(c.id, i + 1, MENU_PREVIEW.width)),
      })),
    });
  }
  return groups;
}

/** Both parts of the search menu shown for an empty search box (SPEC §7 mainPageSearchMenu). */
export async function mainPageSearchMenu(
  ctx: ServiceContext,
  input: { topLimit?: number; categoryLimit?: number } = {},
): Promise<{ topSearches: TopSearch[]; categorizedTrendingBySearchTemplates: TrendingCategoryGroup[] }> {
  const [top, trending] = await Promise.all([
    topSearches(ctx, { limit: input.topLimit }),
    categorizedTrendingBySearchTemplates(ctx, { limit: input.categoryLimit }),
  ]);
  return { topSearches: top, categorizedTrendingBySearchTemplates: trending };
}
