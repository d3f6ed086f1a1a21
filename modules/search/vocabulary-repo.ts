import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { searchSynonym, searchVocabulary } from "#db/schema/search.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The search vocabulary's queries (modules/search/vocabulary.ts, ADR 0030): the one-row version, the
 * entries, the once-only seed and the desk's edits on Drizzle's builder; hand SQL where one statement
 * must see one snapshot (the vocabulary with its version), for the stop-word check (the stemmers) and
 * for the search log's zero-result report. vocabulary.test.ts and desk.test.ts run each of them.
 */

/** Text values as one bound text[] (each a parameter). */
const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

export type SynonymKind = "group" | "related";

/** An entry as stored: a group of equivalent terms, or a one-way addition from `head`. */
export type SynonymRow = {
  id: number;
  kind: SynonymKind;
  head: string | null;
  terms: string[];
  createdAt: Date | string;
  updatedAt: Date | string;
};

/** The vocabulary as one snapshot: its version, whether it was seeded, and every entry. */
export type VocabularyRow = {
  version: number | string;
  seeded_at: Date | string | null;
  entries: SynonymRow[] | string;
};

/** The version, the seed mark and every entry (oldest first), read in one statement (one snapshot). */
export async function selectVocabulary(db: Executor): Promise<VocabularyRow | null> {
  const [row] = await queryRows<VocabularyRow>(
    db,
    sql`select v.version, v.seeded_at,
          coalesce((select json_agg(json_build_object('id', s.id, 'kind', s.kind, 'head', s.head, 'terms', s.terms,
                      'createdAt', s.created_at, 'updatedAt', s.updated_at) order by s.id)
                    from search_synonym s), '[]'::json) as entries
        from search_vocabulary v where v.id = 1`,
  );
  return row ?? null;
}

/**
 * Claims the seed: marks the vocabulary seeded and raises its version when it never was, answering
 * true for the one caller that did it. Two processes at once: the second waits for the first's row
 * lock, then finds `seeded_at` set and answers false.
 */
export async function claimSeed(db: Executor, at: Date): Promise<boolean> {
  await db.insert(searchVocabulary).values({ id: 1 }).onConflictDoNothing();
  const rows = await db
    .update(searchVocabulary)
    .set({ seededAt: at, version: sql`${searchVocabulary.version} + 1`, updatedAt: at })
    .where(and(eq(searchVocabulary.id, 1), sql`${searchVocabulary.seededAt} is null`))
    .returning({ version: searchVocabulary.version });
  return rows.length > 0;
}

/** Locks the vocabulary's row for the rest of the transaction (edits take turns); answers its state. */
export async function lockVocabulary(db: Executor): Promise<{ version: number; seededAt: Date | null } | null> {
  const [row] = await db
    .select({ version: searchVocabulary.version, seededAt: searchVocabulary.seededAt })
    .from(searchVocabulary)
    .where(eq(searchVocabulary.id, 1))
    .for("update");
  return row ? { version: Number(row.version), seededAt: row.seededAt } : null;
}

/** Raises the version (every process reloads the vocabulary at its next search); answers the new one. */
export async function bumpVersion(db: Executor, at: Date): Promise<number> {
  const [row] = await db
    .update(searchVocabulary)
    .set({ version: sql`${searchVocabulary.version} + 1`, updatedAt: at })
    .where(eq(searchVocabulary.id, 1))
    .returning({ version: searchVocabulary.version });
  return Number(row?.version ?? 0);
}

export type NewEntry = { kind: SynonymKind; head: string | null; terms: string[]; createdBy: number | null };

/** Inserts entries; a one-way entry whose head exists already is left out. Answers the new ids. */
export async function insertEntries(db: Executor, rows: NewEntry[], at: Date): Promise<number[]> {
  if (!rows.length) return [];
  const made = await db
    .insert(searchSynonym)
    .values(rows.map((r) => ({ ...r, createdAt: at, updatedAt: at })))
    .onConflictDoNothing()
    .returning({ id: searchSynonym.id });
  return made.map((r) => r.id);
}

const entryColumns = {
  id: searchSynonym.id,
  kind: searchSynonym.kind,
  head: searchSynonym.head,
  terms: searchSynonym.terms,
  createdAt: searchSynonym.createdAt,
  updatedAt: searchSynonym.updatedAt,
};

export async function findEntry(db: Executor, id: number): Promise<SynonymRow | null> {
  const [row] = await db.select(entryColumns).from(searchSynonym).where(eq(searchSynonym.id, id));
  return row ? { ...row, kind: row.kind as SynonymKind } : null;
}

/** The one-way entry starting from `head`, if any. */
export async function findRelated(db: Executor, head: string): Promise<SynonymRow | null> {
  const [row] = await db
    .select(entryColumns)
    .from(searchSynonym)
    .where(and(eq(searchSynonym.kind, "related"), eq(searchSynonym.head, head)));
  return row ? { ...row, kind: row.kind as SynonymKind } : null;
}

/** Every group (for the "a term in two groups" explanation), oldest first. */
export async function selectGroups(db: Executor): Promise<SynonymRow[]> {
  const rows = await db
    .select(entryColumns)
    .from(searchSynonym)
    .where(eq(searchSynonym.kind, "group"))
    .orderBy(asc(searchSynonym.id));
  return rows.map((r) => ({ ...r, kind: r.kind as SynonymKind }));
}

export async function countEntries(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(searchSynonym);
  return Number(row?.n ?? 0);
}

/** Changes an entry's head and terms; answers false when it is gone. */
export async function updateEntry(
  db: Executor,
  id: number,
  values: { head: string | null; terms: string[] },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(searchSynonym)
    .set({ head: values.head, terms: values.terms, updatedAt: at })
    .where(eq(searchSynonym.id, id))
    .returning({ id: searchSynonym.id });
  return rows.length > 0;
}

export async function deleteEntry(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(searchSynonym).where(eq(searchSynonym.id, id)).returning({ id: searchSynonym.id });
  return rows.length > 0;
}

/** Every entry of these ids (the desk's list after a change). */
export async function selectEntries(db: Executor, ids: number[]): Promise<SynonymRow[]> {
  if (!ids.length) return [];
  const rows = await db.select(entryColumns).from(searchSynonym).where(inArray(searchSynonym.id, ids));
  return rows.map((r) => ({ ...r, kind: r.kind as SynonymKind }));
}

/** Adds words to the typo-correction dictionary (search_word), so a misspelling can find them too. */
export async function insertDictionaryWords(db: Executor, words: string[]): Promise<void> {
  if (!words.length) return;
  await db.execute(sql`insert into search_word (word, frequency)
      select w, 1 from unnest(${textArray(words)}) as w
      on conflict (word) do nothing`);
}

/** Of these words, those the English or the Spanish stemmer drops (stop words: "de", "the"). */
export async function selectStopWords(db: Executor, words: string[]): Promise<string[]> {
  if (!words.length) return [];
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select w as word from unnest(${textArray(words)}) as w
        where to_tsvector('english', slidenest_unaccent(w)) = ''::tsvector
           or to_tsvector('spanish', slidenest_unaccent(w)) = ''::tsvector`,
  );
  return rows.map((r) => r.word);
}

/* ------------------------------------------------------------------ the search log's zero results */

/** A query of the search log that found nothing: by how many distinct clients, how often, in which languages, last when. */
export type ZeroQueryRow = {
  query: string;
  clients: number;
  searches: number;
  locales: string[] | string;
  last_at: Date | string;
  /** Zero-result queries in the window (the same on every row). */
  total: number;
};

/**
 * Queries of (since, until] that found nothing, the most distinct clients first, then the most
 * searched; `limit` from `offset`, each row with the number of such queries.
 */
export function selectZeroResultQueries(
  db: Executor,
  q: { since: Date; until: Date; limit: number; offset: number },
): Promise<ZeroQueryRow[]> {
  return queryRows<ZeroQueryRow>(
    db,
    sql`select query, count(distinct client)::int as clients, count(*)::int as searches,
          array_agg(distinct locale order by locale) as locales, max(created_at) as last_at, count(*) over ()::int as total
        from search_log
        where created_at > ${q.since} and created_at <= ${q.until} and result_count = 0
        group by query
        order by count(distinct client) desc, count(*) desc, query
        limit ${q.limit} offset ${q.offset}`,
  );
}

/** A known word near a typed one: trigram similarity and how often it occurs. */
export type NearWordRow = { input: string; word: string; sim: number | string; frequency: number | string };

/**
 * Up to eight known words per input at least `minSimilarity` alike (looser than the search's own
 * correction, which takes pg_trgm's 0.3), and the known words an input of four letters or more starts.
 * The dictionary is small (titles', tags' and synonyms' words): read whole.
 */
export function selectNearWords(db: Executor, inputs: string[], minSimilarity: number): Promise<NearWordRow[]> {
  if (!inputs.length) return Promise.resolve([]);
  return queryRows<NearWordRow>(
    db,
    sql`select q.input, c.word, c.sim, c.frequency
        from unnest(${textArray(inputs)}) as q(input)
        cross join lateral (
          select w.word, similarity(w.word, q.input) as sim, w.frequency from search_word w
          where w.word <> q.input
            and (similarity(w.word, q.input) >= ${minSimilarity}
                 or (length(q.input) >= 4 and left(w.word, length(q.input)) = q.input))
          order by sim desc, w.frequency desc, w.word limit 8) c`,
  );
}
