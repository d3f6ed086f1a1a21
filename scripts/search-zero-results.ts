/**
 * The zero-result rate of the demo search log before and after the search desk's suggestions (issue 23;
 * docs/benchmarks.md "Search desk"). On a fresh database (PGlite in memory, or the empty PostgreSQL
 * database of MEASURE_DATABASE_URL): the demo catalogue and its search log (modules/demo/search-log.ts,
 * SEARCH_SEED and SEARCH_COUNT to change them), then every zero-result query's suggestion applied
 * through the desk's own action (addQueryAsSynonym, as the command line), then every logged search run
 * again through the real search. Each applied suggestion is checked against what its searcher meant
 * (the generator's intent): right when the corrected query is the one meant (or, for a word the
 * catalogue does not use, names one of the terms meant). Prints the figures as a table.
 *
 *   node scripts/search-zero-results.ts
 */
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#db/client.server.ts";
import { DEMO_SEARCH_COUNT, DEMO_SEARCH_SEED, generateDemoSearches, seedSearchLog } from "#modules/demo/search-log.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { addQueryAsSynonym, zeroResultQueries } from "#modules/search/desk.ts";
import { normalizeQuery } from "#modules/search/normalize.ts";
import { searchTemplates } from "#modules/search/service.ts";

const now = new Date("2026-11-30T12:00:00Z");
const seed = Number(process.env.SEARCH_SEED ?? DEMO_SEARCH_SEED);
const count = Number(process.env.SEARCH_COUNT ?? DEMO_SEARCH_COUNT);
const silent = { info() {}, warn() {}, error() {} };

async function main() {
  const url = process.env.MEASURE_DATABASE_URL;
  const database: Database = await openDatabase(url ? { url } : {});
  await database.migrate();
  const started = Date.now();
  await seedDemo(database.db, { now });
  const seeded = await seedSearchLog(database.db, { now, seed, count });
  const ctx: ServiceContext = { db: database.db, locale: "en", clock: { now: () => now }, log: silent };
  console.log(
    `demo catalogue and search log on ${database.kind}: ${seeded.searches} searches, ${seeded.queries} distinct queries (${Math.round((Date.now() - started) / 1000)} s)`,
  );

  const searches = generateDemoSearches({ now, seed, count }).map((s) => ({ ...s, query: normalizeQuery(s.text) }));
  const intents = new Map<string, Set<string>>();
  for (const s of searches) for (const i of s.intent) intents.set(s.query, (intents.get(s.query) ?? new Set()).add(i));

  // Before: as logged.
  const zeroBefore = searches.filter((s) => s.query).length ? seeded.zeroResults : 0;

  // The desk: every page of zero-result queries, each suggestion applied as an operator's click would.
  const actor = { kind: "command" as const, label: "measure" };
  const applied: { query: string; phrase: string; term: string; right: boolean }[] = [];
  let unsuggested = 0;
  let listed = 0;
  const deskStarted = Date.now();
  for (let page = 1; ; page++) {
    const report = await zeroResultQueries(ctx, { page });
    for (const z of report.items) {
      listed++;
      if (!z.suggestion) {
        if (!z.nowFinds) unsuggested++;
        continue;
      }
      const { phrase, term } = z.suggestion;
      const corrected = z.query.replace(phrase, term);
      const meant = intents.get(z.query) ?? new Set<string>();
      // The same words, a plural for a singular aside ("congresos" for "congreso"), or a term meant.
      const same = (a: string, b: string) => {
        const x = a.split(" ");
        const y = b.split(" ");
        return (
          x.length === y.length &&
          x.every(
            (w, i) => w === y[i] || `${w}s` === y[i] || `${y[i]}s` === w || `${w}es` === y[i] || `${y[i]}es` === w,
          )
        );
      };
      const right = [...meant].some((m) => same(m, corrected) || m === term || corrected.includes(m));
      const r = await addQueryAsSynonym(ctx, actor, { query: z.query, phrase, term });
      if (r.ok) applied.push({ query: z.query, phrase, term, right });
    }
    if (!report.hasNext) break;
  }
  const deskMs = Date.now() - deskStarted;

  // After: every logged search run again.
  const finds = new Map<string, number>();
  for (const s of searches)
    if (s.query && !finds.has(s.query))
      finds.set(s.query, (await searchTemplates(ctx, { q: s.query, pageSize: 1 })).total);
  const logged = searches.filter((s) => s.query);
  const wrong = new Set(applied.filter((a) => !a.right).map((a) => a.query));
  const zeroAfter = logged.filter((s) => !finds.get(s.query)).length;
  const zeroAfterRight = logged.filter((s) => !finds.get(s.query) || wrong.has(s.query)).length;
  const pct = (n: number) => `${((100 * n) / logged.length).toFixed(1)}%`;

  console.log("\n| | searches | found nothing | zero-result rate |");
  console.log("|---|---|---|---|");
  console.log(`| before (as logged) | ${logged.length} | ${zeroBefore} | ${pct(zeroBefore)} |`);
  console.log(`| after every suggestion | ${logged.length} | ${zeroAfter} | ${pct(zeroAfter)} |`);
  console.log(`| after the right suggestions only | ${logged.length} | ${zeroAfterRight} | ${pct(zeroAfterRight)} |`);
  console.log(
    `\nzero-result queries listed: ${listed}; suggestions applied: ${applied.length} (right ${applied.length - wrong.size}, wrong ${wrong.size}); without a suggestion: ${unsuggested}; desk time ${deskMs} ms`,
  );
  const kinds = [...new Set(logged.map((s) => s.kind))];
  console.log("\n| kind | searches | zero before | zero after |");
  console.log("|---|---|---|---|");
  const before = new Map<string, number>();
  for (const r of await database.rows<{ query: string; n: number }>(
    sql`select query, min(result_count)::int as n from search_log group by query`,
  ))
    before.set(r.query, Number(r.n));
  for (const k of kinds) {
    const rows = logged.filter((s) => s.kind === k);
    console.log(
      `| ${k} | ${rows.length} | ${rows.filter((s) => !before.get(s.query)).length} | ${rows.filter((s) => !finds.get(s.query)).length} |`,
    );
  }
  if (process.env.SHOW) {
    console.log("\napplied:");
    for (const a of applied)
      console.log(
        `${a.right ? "right" : "WRONG"}  ${a.query}  :  ${a.phrase} -> ${a.term}  (meant: ${[...(intents.get(a.query) ?? [])].join(" | ")})`,
      );
  }
  await database.close();
}

await main();
