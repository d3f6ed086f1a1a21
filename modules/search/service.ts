import {
  AUTOCOMPLETE,
  PAGE_SIZE,
  SEARCH_FEW_RESULTS,
  TOP_SEARCHES_MIN_CLIENTS,
  TOP_SEARCHES_WINDOW_DAYS,
} from "#config/constants.ts";
import { type Filters, SEARCH_SORTS, type SearchSort } from "#modules/catalog/filters.ts";
import { previewUrl } from "#modules/catalog/previews.ts";
import { fromReference } from "#modules/catalog/reference.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { filterQuery, filterTokens, tokenGroupQuery } from "./filters.ts";
import { closestWords, MAX_QUERY_WORDS, normalizeQuery, queryId, queryWords } from "./normalize.ts";
import * as repo from "./repo.ts";
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
import { type Vocabulary, vocabularies } from "./vocabulary.ts";

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
  const rows = await repo.selectLexicon(ctx.db, missing);
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
    if (r.vocabulary !== null && r.vocabulary !== undefined) lexicon.vocabulary = Number(r.vocabulary);
  }
  return lexicon;
}

/** What the database says about these words (lexemes, document counts, the dictionary): the desk's suggestions read it. */
export function lexiconOf(ctx: ServiceContext, words: string[]): Promise<Lexicon> {
  return loadLexicon(ctx, words);
}

function termsFor(words: string[], lexicon: Lexicon, vocabulary: Vocabulary): Term[] {
  return buildTerms(words, (w) => isStop(lexicon, w), vocabulary);
}

/**
 * The words' lexicon with the current vocabulary: the process's copy is used to know which words to
 * look up, and the lookup reads the vocabulary's version in the same statement; when another process
 * (or an edit here) changed it meanwhile, the vocabulary is read again and its new words looked up.
 * An edit is so seen by the very next search of every process, at no extra round trip.
 */
async function lexiconWithVocabulary(
  ctx: ServiceContext,
  words: string[],
): Promise<{ lexicon: Lexicon; vocabulary: Vocabulary }> {
  let vocabulary = await vocabularies.get(ctx.db);
  const lexicon = await loadLexicon(ctx, wordsToLookUp(words, vocabulary));
  if (lexicon.vocabulary !== undefined && lexicon.vocabulary !== vocabulary.version) {
    vocabulary = await vocabularies.atVersion(ctx.db, lexicon.vocabulary);
    await loadLexicon(ctx, wordsToLookUp(words, vocabulary), lexicon);
  }
  return { lexicon, vocabulary };
}

/* ------------------------------------------------------------------ did you mean */

/**
 * Corrects words no document holds against the dictionary of known words: candidates by trigram
 * similarity (the small word table has a trigram index), the closest by edit distance wins, then the
 * more similar, then the more frequent (closestWords). Answers the corrected words, or null when nothing changed.
 */
async function correctWords(ctx: ServiceContext, words: string[], lexicon: Lexicon): Promise<string[] | null> {
  const unknown = [
    ...new Set(words.filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !isStop(lexicon, w) && isUnseen(lexicon, w))),
  ];
  if (!unknown.length) return null;
  return closestWords(words, await repo.selectCorrections(ctx.db, unknown));
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

/** Fewer matches than this and a correction is looked for. */
const FEW_RESULTS = SEARCH_FEW_RESULTS;
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
  const rows = await repo.selectLexemeCounts(ctx.db, tokens);
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
  const candidates: repo.CandidateQuery = {
    match,
    now: ctx.clock.now(),
    candidates: CANDIDATES + 1,
    covered: mode === "any" && query.terms.length > 1 ? query.terms : [],
  };
  // The candidates. The search table is stored most downloaded first (refreshSearchIndex clusters it),
  // so the first CANDIDATES matches in table order are about the most popular ones, and reading stops
  // there: by reading the table from its start (broad queries), or through the GIN index, whose bitmap
  // is read in table order too (windowFor). "newest" reads matches in publication order instead.
  // Relevance ranks on what was typed, then synonyms and related words (repo.ts selectRankedIds).
  const rank: repo.CandidateQuery & repo.RankQuery = {
    ...candidates,
    sort: input.sort,
    exact: query.exact,
    expanded: query.expanded,
    titleLexemes: query.titleLexemes,
    limit: input.limit,
    offset: input.offset,
  };
  // Planner settings for one statement: only the access path chosen here, in table order (no parallel
  // workers, no synchronised scans starting mid-table).
  const run = (settings: Record<string, string>, scan: repo.CandidateScan) =>
    ctx.db.transaction(async (tx) => {
      await repo.setLocalSettings(tx, settings);
      return repo.selectRankedIds(tx, rank, scan);
    });
  const ordered = { max_parallel_workers_per_gather: "0", synchronize_seqscans: "off" };
  const answer = (rows: repo.RankedRow[]): Hits => ({
    ids: rows.map((r) => Number(r.id)),
    total: Number(rows[0]?.total ?? 0),
  });

  let scan: repo.CandidateScan = { kind: "index" };
  let settings: Record<string, string> = { ...ordered, enable_seqscan: "off", enable_indexscan: "off" };
  if (input.sort === "newest") {
    scan = { kind: "newest" };
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
        { kind: "window", lastPage: last },
      );
      // Enough matches in the window: the same candidates the index gives. Else the index.
      if (rows.length && Number(rows[0].total) > CANDIDATES) return answer(rows);
    }
  }
  const rows = await run(settings, scan);
  if (rows.length) return answer(rows);
  if (input.offset === 0) return { ids: [], total: 0 };
  // A page past the end: the count still tells the page how many there are.
  return { ids: [], total: await repo.countCandidates(ctx.db, candidates, scan) };
}

/**
 * Searches the catalogue in both languages: titles, tags, category, styles and descriptions, stemmed in
 * English and Spanish, accents and case ignored, synonyms from the vocabulary (vocabulary.ts: the
 * operators' desk edits it, synonyms.ts seeds it). Catalogue filters apply.
 * When fewer than three templates match, words no template holds are corrected against the dictionary
 * ("did you mean"); a query that finds nothing shows the corrected query's results, and failing that,
 * templates matching some of the words. Never throws on odd input: empty, long, emoji, SQL or tsquery
 * syntax are all just text.
 */
export function searchTemplates(ctx: ServiceContext, input: SearchInput): Promise<SearchResult> {
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? PAGE_SIZE.templates) || 1, 1), 100);
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 100_000);
  const sort: SearchSort =
    input.sort && (SEARCH_SORTS as readonly string[]).includes(input.sort) ? input.sort : "relevance";
  const query = normalizeQuery(input.q);
  // The answer depends on the catalogue, its search documents and the vocabulary, each of which bumps the
  // catalogue version when it changes (refreshSearchIndex, the desk's vocabulary), and on the clock
  // (scheduled publications, popularity): kept per version for at most a minute, as a list page is.
  const key = JSON.stringify([query, input.filters ?? null, sort, page, pageSize, input.strategy ?? null]);
  return fromReference(ctx, `search:${key}`, () => runSearch(ctx, { ...input, pageSize, page, sort }, query));
}

async function runSearch(
  ctx: ServiceContext,
  input: SearchInput & { pageSize: number; page: number; sort: SearchSort },
  query: string,
): Promise<SearchResult> {
  const { pageSize, page, sort } = input;
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
  const { lexicon, vocabulary } = await lexiconWithVocabulary(ctx, words);
  const terms = termsFor(words, lexicon, vocabulary);
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
      await loadLexicon(ctx, wordsToLookUp(corrected, vocabulary), lexicon);
      const fixedTerms = termsFor(corrected, lexicon, vocabulary);
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

type Found = { phrase: string; norm: string; ids: number[] };

/**
 * Suggestions starting like `prefix`, in the context's locale: those typed in it first, then those typed
 * in the other language, shown by their name in this one (repo.selectSuggestions); each phrase once.
 */
async function suggestionsFor(ctx: ServiceContext, prefix: string, limit: number): Promise<Found[]> {
  const rows = await repo.selectSuggestions(ctx.db, {
    pattern: likePrefix(prefix),
    locale: ctx.locale,
    limit: limit * 4,
  });
  const seen = new Set<string>();
  const out: Found[] = [];
  for (const r of rows) {
    const norm = r.phrase ? normalizeQuery(r.phrase) : "";
    if (!r.phrase || !norm || seen.has(norm)) continue;
    seen.add(norm);
    const ids = Array.isArray(r.template_ids)
      ? r.template_ids
      : String(r.template_ids ?? "")
          .replace(/[{}]/g, "")
          .split(",")
          .filter(Boolean);
    out.push({ phrase: r.phrase, norm, ids: ids.map(Number) });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Suggestions for what has been typed so far, from the suggestion dictionary (titles, tags, categories,
 * styles and top searches) by prefix of any of their first words, typed in either language but always
 * named in the context's locale; and the best templates of the first suggestions (AUTOCOMPLETE.templates),
 * whose titles are then not offered again as suggestions: a template is a row to open, a suggestion a
 * search to run.
 */
export async function autocomplete(
  ctx: ServiceContext,
  q: string,
  limit: number = AUTOCOMPLETE.suggestions,
): Promise<Autocomplete> {
  const n = Math.min(Math.max(Math.trunc(limit) || AUTOCOMPLETE.suggestions, 1), AUTOCOMPLETE.maxSuggestions);
  const words = queryWords(normalizeQuery(q)).slice(0, MAX_WORDS_READ);
  const prefix = words.join(" ");
  if (!prefix) return { suggestions: [], templates: [] };
  // Enough to fill the list after the templates' own titles leave it.
  const wanted = n + AUTOCOMPLETE.templates;
  let found = await suggestionsFor(ctx, prefix, wanted);
  if (!found.length && prefix.length >= 4) {
    // A typo: correct the words no template holds and try again.
    const lexicon = await loadLexicon(ctx, words);
    const fixed = await correctWords(ctx, words, lexicon);
    if (fixed) found = await suggestionsFor(ctx, fixed.join(" "), wanted);
  }
  const ids: number[] = [];
  for (const s of found) for (const id of s.ids) if (!ids.includes(id)) ids.push(id);
  const templates = (await cardsForIds(ctx, ids.slice(0, AUTOCOMPLETE.templatesRead))).slice(0, AUTOCOMPLETE.templates);
  const titles = new Set(templates.map((t) => normalizeQuery(t.title)));
  const suggestions = found
    .filter((s) => !titles.has(s.norm))
    .slice(0, n)
    .map((s) => s.phrase);
  return { suggestions, templates };
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
  await repo.insertSearchLog(ctx.db, { text, locale: ctx.locale, count, client, at: ctx.clock.now() });
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
  const queries = await repo.selectTopQueries(ctx.db, {
    since,
    until: now,
    minClients: TOP_SEARCHES_MIN_CLIENTS,
    locale: ctx.locale,
    limit,
  });
  return queries.map((query) => ({ id: queryId(query), searchRequest: query }));
}

/** Share of searches of the last `days` days that found nothing. */
export async function zeroResultRate(
  ctx: ServiceContext,
  input: { days: number },
): Promise<{ searches: number; zeroResults: number; rate: number }> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - Math.max(0, input.days) * 86_400_000);
  const { searches, zeroResults } = await repo.countSearches(ctx.db, { since, until: now });
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
  const rows = await repo.selectTrendingByCategory(ctx.db, {
    now: ctx.clock.now(),
    locale: ctx.locale,
    window: TRENDING_WINDOW,
    perCategory: per,
    limit,
  });
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
