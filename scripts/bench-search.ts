/**
 * Search and autocomplete latency on a large catalogue (`npm run bench` runs it at its end).
 *
 * PGlite (default): copies `$BENCH_DATA_DIR/db` (default /tmp/slidenest-bench-100000/db, made by
 * `npm run catalog:large` or `npm run bench`) once to BENCH_SEARCH_DIR (default /tmp/search-bench-db,
 * or `$BENCH_DATA_DIR-search-db` when BENCH_DATA_DIR is set), so the original is never written; migrates
 * the copy, builds the search index when it is missing (BENCH_REFRESH=1 forces it) and VACUUM ANALYZEs.
 * BENCH_SEARCH_DIR=same uses `$BENCH_DATA_DIR/db` itself (no copy: a million templates are about 10 GB).
 * PostgreSQL: with BENCH_DATABASE_URL, the same against that database; an empty one first gets
 * BENCH_COUNT (default 100000) generated templates through seedLarge.
 *
 * Then 40 rotating searches (also once more with a filter each) and 40 rotating autocomplete prefixes,
 * one warm-up pass and BENCH_ROUNDS (default 5) measured passes each, printing p50/p95/p99 and whether
 * each goal of issue 11 (for 1,000,000 templates) is met: autocomplete p95 <= 30 ms, search with filters
 * p95 <= 100 ms. BENCH_STRATEGY=index finds candidates as before issue 11 (the GIN index for the whole
 * query); BENCH_STRATEGY=index,auto runs each search both ways in turn, to compare in one run. Nothing
 * is logged to the search log.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#db/client.server.ts";
import { emptyFilters, type Filters } from "#modules/catalog/filters.ts";
import { seedLarge } from "#modules/demo/seed.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { autocomplete, refreshSearchIndex, type SearchStrategy, searchTemplates } from "#modules/search/service.ts";

const SEARCHES = [
  "business",
  "thesis",
  "plantilla tesis",
  "negocios",
  "pitch deck inversores",
  "cronología",
  "infografía",
  "biology lesson",
  "bussines plan",
  "pich deck",
  "marketing plan",
  "plan de marketing",
  "presentation",
  "vintage",
  "minimalist portfolio",
  "timeline infographics",
  "hoja de ruta",
  "roadmap",
  "school",
  "colegio",
  "annual report",
  "informe anual",
  "social media strategy",
  "redes sociales",
  "swot",
  "dafo",
  "real estate",
  "healthcare infographics",
  "clase de historia",
  "math class",
  "restaurant menu",
  "travel guide",
  "kids lesson",
  "elegant thesis defense for masters students",
  "quarterly sales report",
  "brand guidelines",
  "tfg",
  "infografia salud",
  "wedding",
  "xyzzy",
];

const PREFIXES = [
  "b",
  "bu",
  "bus",
  "busi",
  "th",
  "the",
  "tes",
  "pi",
  "pitch",
  "pitch d",
  "in",
  "info",
  "infog",
  "infograf",
  "bio",
  "biology l",
  "mar",
  "marketing p",
  "plan de",
  "plan de m",
  "ro",
  "road",
  "hoja",
  "time",
  "cro",
  "sw",
  "da",
  "real",
  "inmo",
  "sch",
  "esc",
  "ann",
  "informe a",
  "soc",
  "redes",
  "min",
  "vin",
  "geo",
  "tra",
  "qu",
];

/** One filter set per query in turn, for the filtered pass. */
const FILTERS: Partial<Filters>[] = [
  { licenses: ["free"] },
  { styles: ["vintage"] },
  { colors: ["blue"] },
  { formats: ["google-slides"], ratios: ["16-9"] },
  { slides: ["11-20"], licenses: ["premium"] },
];

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
/**
 * How searches find their candidates (service.ts): "auto", or "index" as before issue 11; a list
 * ("index,auto") runs each query with each in turn, to compare in one run.
 */
const strategies = (process.env.BENCH_STRATEGY ?? "auto").split(",").map((s) => s.trim() as SearchStrategy);
/** Issue 11's goals, at 1,000,000 templates (p95, ms). */
const GOALS = { autocomplete: 30, filtered: 100 } as const;
const now = new Date();
const silent = { info() {}, warn() {}, error() {} };

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const fmt = (label: string, v: number[]) =>
  `${label.padEnd(19)} n=${String(v.length).padStart(4)}  p50 ${pct(v, 50).toFixed(1).padStart(6)} ms  p95 ${pct(v, 95)
    .toFixed(1)
    .padStart(6)} ms  p99 ${pct(v, 99).toFixed(1).padStart(6)} ms`;

async function count(database: Database, table: "template" | "template_search"): Promise<number> {
  const [r] = await database.rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(r.n);
}

async function prepare(database: Database): Promise<void> {
  await database.migrate();
  let changed = false;
  if (database.kind === "postgres" && (await count(database, "template")) === 0) {
    const n = Number(process.env.BENCH_COUNT ?? 100_000);
    console.log(`search bench: loading ${n} templates into PostgreSQL …`);
    const t = Date.now();
    await seedLarge(database.db, { now, count: n });
    console.log(`search bench: loaded (search index included) in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    changed = true;
  }
  const templates = await count(database, "template");
  if (process.env.BENCH_REFRESH === "1" || (await count(database, "template_search")) < templates) {
    const r = await refreshSearchIndex(database.db, { now });
    const phases = Object.entries(r.phases)
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
      .join(", ");
    console.log(
      `search bench: index of ${templates} templates built in ${(r.ms / 1000).toFixed(1)} s (${phases}; ${r.documents} documents written, ${r.suggestions} suggestion rows, ${r.words} words)`,
    );
    changed = true;
  }
  if (changed) {
    const t = Date.now();
    await database.rows(sql`vacuum analyze`);
    console.log(`search bench: vacuum analyze ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
}

type Figures = {
  search: number[];
  filtered: number[];
  searchByQuery: Map<string, number[]>;
  filteredByQuery: Map<string, number[]>;
};

const add = (map: Map<string, number[]>, key: string, ms: number) => map.set(key, [...(map.get(key) ?? []), ms]);

async function measure(database: Database, label: string): Promise<void> {
  const templates = await count(database, "template");
  const ctx = (locale: "en" | "es"): ServiceContext => ({
    db: database.db,
    locale,
    clock: { now: () => now },
    log: silent,
  });
  // Each query is run with every strategy in turn, so a noisy moment weighs on all of them alike.
  const figures = new Map<SearchStrategy, Figures>(
    strategies.map((s) => [s, { search: [], filtered: [], searchByQuery: new Map(), filteredByQuery: new Map() }]),
  );
  const suggest: number[] = [];
  let zero = 0;
  for (let round = 0; round <= rounds; round++) {
    for (const [i, q] of SEARCHES.entries()) {
      for (const [strategy, f] of figures) {
        const t = performance.now();
        const r = await searchTemplates(ctx(i % 3 === 2 ? "es" : "en"), { q, strategy });
        const ms = performance.now() - t;
        if (round === 0) {
          if (r.total === 0 && strategy === strategies[0]) zero++;
          continue;
        }
        f.search.push(ms);
        add(f.searchByQuery, q, ms);
      }
    }
    for (const [i, q] of SEARCHES.entries()) {
      const filters = { ...emptyFilters(), ...FILTERS[i % FILTERS.length] };
      for (const [strategy, f] of figures) {
        const t = performance.now();
        await searchTemplates(ctx("en"), { q, filters, sort: i % 5 === 4 ? "popular" : "relevance", strategy });
        const ms = performance.now() - t;
        if (round === 0) continue;
        f.filtered.push(ms);
        add(f.filteredByQuery, `${q} ${JSON.stringify(FILTERS[i % FILTERS.length])}`, ms);
      }
    }
    for (const [i, q] of PREFIXES.entries()) {
      const t = performance.now();
      await autocomplete(ctx(i % 3 === 2 ? "es" : "en"), q);
      if (round > 0) suggest.push(performance.now() - t);
    }
  }
  // For comparison: what a prefix match over every title costs without the suggestion table (left out
  // past 200,000 templates, where each costs seconds; BENCH_TITLE_SCAN=on/off decides).
  const scan: number[] = [];
  const titleScan = process.env.BENCH_TITLE_SCAN ? process.env.BENCH_TITLE_SCAN === "on" : templates <= 200_000;
  for (const q of titleScan ? PREFIXES : []) {
    const t = performance.now();
    await database.rows(
      sql`select title from template_translation where slidenest_unaccent(lower(title)) like ${`${q}%`} limit 8`,
    );
    scan.push(performance.now() - t);
  }
  console.log(`\nSearch on ${templates} templates (${label}), ${rounds} rounds of ${SEARCHES.length} queries:`);
  console.log(fmt("autocomplete", suggest));
  for (const [strategy, f] of figures) {
    const tag = strategies.length > 1 ? ` [${strategy}]` : "";
    console.log(fmt(`search${tag}`, f.search));
    console.log(fmt(`+ filters${tag}`, f.filtered), " <- the same queries with a filter each");
  }
  if (scan.length) console.log(fmt("(title scan)", scan), " <- prefix LIKE over all titles, for comparison");
  const slowest = (byQuery: Map<string, number[]>) =>
    [...byQuery.entries()]
      .map(([q, v]) => [q, pct(v, 50)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([q, ms]) => `"${q}" ${ms.toFixed(1)} ms`)
      .join(", ");
  for (const [strategy, f] of figures) {
    const tag = strategies.length > 1 ? ` [${strategy}]` : "";
    console.log(`slowest searches${tag} (p50): ${slowest(f.searchByQuery)}`);
    console.log(`slowest with filters${tag} (p50): ${slowest(f.filteredByQuery)}`);
  }
  console.log(`queries without results: ${zero} of ${SEARCHES.length}`);
  const goal = (what: string, values: number[], ms: number) => {
    const p95 = pct(values, 95);
    console.log(`goal: ${what} p95 ${p95.toFixed(1)} ms <= ${ms} ms: ${p95 <= ms ? "met" : "MISSED"}`);
  };
  goal("autocomplete", suggest, GOALS.autocomplete);
  for (const [strategy, f] of figures)
    goal(`search with filters${strategies.length > 1 ? ` [${strategy}]` : ""}`, f.filtered, GOALS.filtered);
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) {
    // Loading and indexing a large catalogue takes longer than a request's statement limit.
    const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, poolMax: 4, statementTimeoutMs: 0 });
    try {
      await prepare(database);
      await measure(database, "PostgreSQL");
    } finally {
      await database.close();
    }
    return;
  }
  const dataDir = process.env.BENCH_DATA_DIR ?? "/tmp/slidenest-bench-100000";
  const source = path.join(dataDir, "db");
  const chosen =
    process.env.BENCH_SEARCH_DIR ?? (process.env.BENCH_DATA_DIR ? `${dataDir}-search-db` : "/tmp/search-bench-db");
  const inPlace = chosen === "same" || path.resolve(chosen) === path.resolve(source);
  const work = inPlace ? source : chosen;
  // The copy remembers where it came from; a copy of another catalogue is replaced (never the original).
  const marker = `${work}.source`;
  if (inPlace) {
    if (!fs.existsSync(source)) {
      console.log(`search bench: no catalogue at ${source} (npm run catalog:large makes one); skipped`);
      return;
    }
    console.log(`search bench: using ${source} in place (no copy)`);
  } else if (fs.existsSync(work) && (!fs.existsSync(marker) || fs.readFileSync(marker, "utf8") !== source)) {
    console.log(`search bench: ${work} is not a copy of ${source}; copying again`);
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (!fs.existsSync(work)) {
    if (!fs.existsSync(source)) {
      console.log(`search bench: no catalogue at ${source} (npm run catalog:large makes one); skipped`);
      return;
    }
    console.log(`search bench: copying ${source} to ${work} …`);
    fs.cpSync(source, work, { recursive: true });
    fs.writeFileSync(marker, source);
  }
  const database = await openDatabase({ dataDir: work });
  try {
    await prepare(database);
    await measure(database, "PGlite");
  } finally {
    await database.close();
  }
}

await main();
