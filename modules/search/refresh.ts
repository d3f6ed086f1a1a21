import { TOP_SEARCHES_WINDOW_DAYS } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import * as repo from "./refresh-repo.ts";
import { readVocabulary, vocabularyWords } from "./vocabulary.ts";

export type RefreshOptions = {
  /** Only these templates' documents (and their titles as suggestions); the whole catalogue when absent. */
  templateIds?: number[];
  /** The moment that decides which templates are published and which searches are recent. */
  now?: Date;
  /**
   * Rewrites the search table most downloaded first after a whole-catalogue refresh (default true).
   * CLUSTER locks the table for its duration (seconds on 100,000 templates): run it off-peak.
   */
  cluster?: boolean;
};

export type RefreshResult = {
  documents: number;
  suggestions: number;
  words: number;
  ms: number;
  /**
   * Milliseconds per phase: documents, cluster, index (the GIN index, on a first build only),
   * suggestions (with the word list), statistics (lexeme counts); a scoped refresh: documents, suggestions.
   */
  phases: Record<string, number>;
};

/**
 * (Re)builds search documents, set-based: one statement for all templates in scope. Only documents whose
 * text changed are written, so a second full refresh writes almost nothing.
 */
async function refreshDocuments(db: Db, templateIds: number[] | undefined): Promise<number> {
  // A draft (or an unpublished template) has no document: nothing can find it.
  await repo.deleteUnpublishedDocuments(db, templateIds);
  return repo.upsertDocuments(db, templateIds);
}

/** Rebuilds the suggestion dictionary and the word list from the catalogue and recent searches. */
async function rebuildSuggestions(db: Db, now: Date): Promise<{ suggestions: number; words: number }> {
  const since = new Date(now.getTime() - TOP_SEARCHES_WINDOW_DAYS * 86_400_000);
  // The vocabulary's words (as the operators keep it: vocabulary.ts) join the typo dictionary.
  const synonymWords = vocabularyWords((await readVocabulary(db)).entries);
  return db.transaction(async (tx) => {
    await repo.deleteSuggestions(tx);
    // Titles first; a tag or category with the same name then raises the row to its own kind and weight.
    await repo.insertTitleSuggestions(tx, now);
    await repo.upsertTaxonomySuggestions(tx, now, since);
    await repo.deleteWords(tx);
    await repo.insertSuggestionWords(tx, synonymWords);
    return repo.countSuggestionsAndWords(tx);
  });
}

/** Document frequencies of lexemes (and the number of documents under ''), for query cost estimates. */
async function refreshLexemeStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.deleteLexemeStats(tx);
    await repo.insertLexemeStats(tx);
  });
}

/**
 * Builds the search documents of the catalogue (or of `templateIds`) and, for a whole-catalogue refresh,
 * the autocomplete dictionary and the typo-correction word list. Call after seeding or importing, and
 * after renaming a tag, category or style; `refreshStaleSearchDocuments` handles edits of single templates.
 */
export async function refreshSearchIndex(db: Db, opts: RefreshOptions = {}): Promise<RefreshResult> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const t = Date.now();
    phases[name] = t - mark;
    mark = t;
  };
  const now = opts.now ?? new Date();
  const at = await repo.databaseNow(db);
  const ids = opts.templateIds ? [...new Set(opts.templateIds)].filter(Number.isInteger) : undefined;
  if (ids && !ids.length) return { documents: 0, suggestions: 0, words: 0, ms: 0, phases };
  // A first build writes every document: the GIN index is made once at the end (after CLUSTER, which
  // would rebuild it again) instead of taking every document one by one (at 200,000 templates on
  // PostgreSQL 15: 23 s to insert with the index, 2.7 s without plus 5.8 s to build it). The index is
  // the one of migration 0003, and the table is empty, so nothing searches it meanwhile; one transaction.
  const empty = ids ? false : await repo.searchTableEmpty(db);
  let documents = 0;
  let clustered = false;
  if (empty) {
    await db.transaction(async (tx) => {
      await repo.dropDocumentIndex(tx);
      documents = await refreshDocuments(tx, undefined);
      phase("documents");
      if (opts.cluster !== false) {
        await repo.clusterSearchTable(tx);
        phase("cluster");
        clustered = true;
      }
      await repo.createDocumentIndex(tx);
      phase("index");
    });
    await repo.analyzeSearchTable(db);
  } else {
    documents = await refreshDocuments(db, ids);
    phase("documents");
  }
  let suggestions = 0;
  let words = 0;
  if (ids) {
    await repo.insertTitleSuggestions(db, now, ids);
    await repo.insertTitleWords(db, ids);
    // New words must be known to the statistics, or queries would leave them out (at least these counts).
    await repo.raiseLexemeCounts(db, ids);
    await repo.deleteStaleMarks(db, at, ids);
    phase("suggestions");
  } else {
    if (opts.cluster !== false && !clustered) {
      // Most downloaded first on disk: a search reads its first matches in table order (service.ts).
      await repo.clusterSearchTable(db);
      await repo.analyzeSearchTable(db);
      phase("cluster");
    }
    ({ suggestions, words } = await rebuildSuggestions(db, now));
    phase("suggestions");
    await refreshLexemeStats(db);
    await repo.deleteStaleMarks(db, at);
    phase("statistics");
  }
  // What searches answer has changed: the answers each process keeps for the catalogue version go
  // (searchTemplates). Callers may have bumped it with their change already, before the documents were
  // rebuilt: a search between the two would otherwise be kept with the old documents.
  await bumpCatalogVersion({ db });
  return { documents, suggestions, words, ms: Date.now() - started, phases };
}

/**
 * Copies publication times and download counts into the search table (they order "popular" and "newest"
 * results and break ties in relevance). Cheap; meant to run with the catalogue's periodic stats refresh.
 */
export async function refreshSearchStats(db: Db): Promise<number> {
  return repo.copySearchStats(db);
}

/**
 * Rebuilds the documents of templates whose text changed since (triggers mark them), at most `limit` at
 * a time; answers how many were refreshed. Meant for a periodic job.
 */
export async function refreshStaleSearchDocuments(db: Db, opts: { limit?: number; now?: Date } = {}): Promise<number> {
  const ids = await repo.selectStaleTemplateIds(db, opts.limit ?? 1000);
  if (!ids.length) return 0;
  await refreshSearchIndex(db, { templateIds: ids, now: opts.now });
  return ids.length;
}
