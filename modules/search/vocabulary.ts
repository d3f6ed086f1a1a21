import type { Executor } from "#db/client.server.ts";
import { RELATED_TERMS, SYNONYM_GROUPS } from "./synonyms.ts";
import * as repo from "./vocabulary-repo.ts";

/**
 * The search vocabulary (ADR 0030): groups of equivalent terms and one-way additions, kept in the
 * database (search_synonym) where the operators edit them on the desk; modules/search/synonyms.ts is
 * the seed written in once. Queries are expanded with it (terms.ts); the search documents hold no
 * synonyms, so a change needs no re-indexing: each process keeps the vocabulary with the version it
 * read, and every search reads the current version in the statement it already makes (the lexicon's),
 * reloading the vocabulary when another process (or this one) changed it.
 */

/** What a query's words may also find: phrase -> every phrase that counts for it (itself included). */
export type Vocabulary = {
  /** search_vocabulary.version this was read at (-1: the shipped lists, not read from a database). */
  version: number;
  expansions: ReadonlyMap<string, ReadonlySet<string>>;
  /** Words of the longest phrase (phrases are matched longest first). */
  longestPhrase: number;
};

export type VocabularyEntry = { kind: repo.SynonymKind; head: string | null; terms: readonly string[] };

/** Builds the expansion map: a group's members each find the whole group; a head finds its terms. */
export function buildVocabulary(version: number, entries: readonly VocabularyEntry[]): Vocabulary {
  const map = new Map<string, Set<string>>();
  const add = (key: string, values: readonly string[]) => {
    const set = map.get(key) ?? new Set([key]);
    for (const v of values) set.add(v);
    map.set(key, set);
  };
  for (const e of entries)
    if (e.kind === "group") for (const member of e.terms) add(member, e.terms);
    else if (e.head) add(e.head, e.terms);
  const longestPhrase = Math.max(1, ...[...map.keys()].map((k) => k.split(" ").length));
  return { version, expansions: map, longestPhrase };
}

/** The shipped lists (synonyms.ts) as entries: the seed. */
export function shippedEntries(): VocabularyEntry[] {
  return [
    ...SYNONYM_GROUPS.map((terms) => ({ kind: "group" as const, head: null, terms: [...terms] })),
    ...Object.entries(RELATED_TERMS).map(([head, terms]) => ({ kind: "related" as const, head, terms: [...terms] })),
  ];
}

/** The shipped lists as a vocabulary (pure code and its tests; searches use the database's). */
export function shippedVocabulary(): Vocabulary {
  return buildVocabulary(-1, shippedEntries());
}

/**
 * The words a misspelling may be corrected to (the typo dictionary's share of the vocabulary): those of
 * groups' members and of what one-way entries add, longer than two letters. A one-way entry's head is
 * left out: it is often itself a misspelling an operator taught the search ("bussines" -> "business").
 */
export function vocabularyWords(entries: readonly VocabularyEntry[]): string[] {
  const words = new Set<string>();
  for (const e of entries)
    for (const phrase of e.terms) for (const w of phrase.split(" ")) if (w.length > 2) words.add(w);
  return [...words];
}

/**
 * Writes the shipped lists in once: the first caller (of any process) claims the seed under the
 * vocabulary row's lock and inserts the entries in the same transaction; every later or concurrent
 * caller finds it claimed. An operator's later removals are never undone. Answers whether this call seeded.
 */
export async function seedVocabulary(db: Executor, at: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await repo.claimSeed(tx, at))) return false;
    const entries = shippedEntries();
    await repo.insertEntries(
      tx,
      entries.map((e) => ({ kind: e.kind, head: e.head, terms: [...e.terms], createdBy: null })),
      at,
    );
    await repo.insertDictionaryWords(tx, vocabularyWords(entries));
    return true;
  });
}

const json = <T>(v: T | string): T => (typeof v === "string" ? JSON.parse(v) : v);

/** Reads the vocabulary from the database (seeding it first when it never was). */
export async function readVocabulary(db: Executor): Promise<{ vocabulary: Vocabulary; entries: repo.SynonymRow[] }> {
  let row = await repo.selectVocabulary(db);
  if (!row?.seeded_at) {
    await seedVocabulary(db);
    row = await repo.selectVocabulary(db);
  }
  const entries = row ? json(row.entries) : [];
  return { vocabulary: buildVocabulary(Number(row?.version ?? 0), entries), entries };
}

/**
 * A process's copy of the vocabulary, per database (a transaction has its own, read once). `get`
 * answers the copy it holds without asking the database; `atVersion` answers it when it is of that
 * version, else reads it again. Concurrent reads of one database share one query.
 */
export class VocabularyCache {
  #held = new WeakMap<object, Vocabulary>();
  #reading = new WeakMap<object, Promise<Vocabulary>>();

  /** The held vocabulary, read (and seeded) the first time. */
  get(db: Executor): Promise<Vocabulary> {
    const held = this.#held.get(db);
    return held ? Promise.resolve(held) : this.reload(db);
  }

  /** The vocabulary of `version` (the database's current one, as a search just read it). */
  atVersion(db: Executor, version: number): Promise<Vocabulary> {
    const held = this.#held.get(db);
    return held && held.version === version ? Promise.resolve(held) : this.reload(db);
  }

  /** Reads it again (one read at a time per database). */
  reload(db: Executor): Promise<Vocabulary> {
    const pending = this.#reading.get(db);
    if (pending) return pending;
    const read = readVocabulary(db)
      .then(({ vocabulary }) => {
        this.#held.set(db, vocabulary);
        return vocabulary;
      })
      .finally(() => this.#reading.delete(db));
    this.#reading.set(db, read);
    return read;
  }
}

/** This process's vocabularies (the search service's). */
export const vocabularies = new VocabularyCache();
