import { createHash } from "node:crypto";
import { SEARCH_DESK } from "#config/constants.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import type { TemplateCard } from "#modules/catalog/views.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Result } from "#modules/shared/result.ts";
import { editDistance, MAX_QUERY_WORDS, maxEdits, normalizeQuery, queryWords } from "./normalize.ts";
import { lexiconOf, searchTemplates, zeroResultRate } from "./service.ts";
import { LOW_VALUE_WORDS } from "./synonyms.ts";
import { isStop, type Lexicon } from "./terms.ts";
import { seedVocabulary, vocabularyWords } from "./vocabulary.ts";
import * as repo from "./vocabulary-repo.ts";

/**
 * The operators' search desk (issue 23, ADR 0030): the vocabulary listed, added to, changed and
 * removed with the same rules everywhere, each change audited in its transaction and seen by every
 * process's next search; and the searches that found nothing, each with a known term to teach the
 * search, added in one action that then shows what the query finds.
 */

const E = "deskSearch.errors";
const LOW_VALUE = new Set(LOW_VALUE_WORDS);

export type DeskRefusal = { params?: Record<string, string | number> };
export type DeskResult<V> = Result<V, string, DeskRefusal>;

/** An entry as the desk shows it; `stamp` tells whether it changed since a form was drawn. */
export type DeskEntry = {
  id: number;
  kind: repo.SynonymKind;
  head: string | null;
  terms: string[];
  stamp: string;
  /** For a group: each of its terms that other groups hold too, with those groups' first terms. */
  alsoIn: { term: string; groups: string[] }[];
};

/** A short fingerprint of an entry's content: a form drawn from another content is stale. */
export function entryStamp(e: { kind: string; head: string | null; terms: readonly string[] }): string {
  return createHash("sha256")
    .update(JSON.stringify([e.kind, e.head, e.terms]))
    .digest("base64url")
    .slice(0, 16);
}

function sharedTerms(entry: { id: number; terms: string[] }, groups: repo.SynonymRow[]): DeskEntry["alsoIn"] {
  const out: DeskEntry["alsoIn"] = [];
  for (const term of entry.terms) {
    const others = groups.filter((g) => g.id !== entry.id && g.terms.includes(term)).map((g) => g.terms[0]);
    if (others.length) out.push({ term, groups: others });
  }
  return out;
}

function toDesk(row: repo.SynonymRow, groups: repo.SynonymRow[]): DeskEntry {
  return {
    id: row.id,
    kind: row.kind,
    head: row.head,
    terms: row.terms,
    stamp: entryStamp(row),
    alsoIn: row.kind === "group" ? sharedTerms(row, groups) : [],
  };
}

export type DeskVocabulary = { groups: DeskEntry[]; related: DeskEntry[]; total: number; find: string };

/**
 * The vocabulary: groups and one-way entries, oldest first; with `find`, only the entries holding a
 * term that contains it (accents and case aside).
 */
export async function listVocabulary(
  ctx: Pick<ServiceContext, "db">,
  input: { find?: string | null } = {},
): Promise<DeskVocabulary> {
  await seedVocabulary(ctx.db);
  const row = await repo.selectVocabulary(ctx.db);
  const all = row ? (typeof row.entries === "string" ? JSON.parse(row.entries) : row.entries) : [];
  const entries = (all as repo.SynonymRow[]).map((e) => ({ ...e, terms: [...e.terms] }));
  const groups = entries.filter((e) => e.kind === "group");
  const find = normalizeQuery(input.find ?? "").slice(0, SEARCH_DESK.termMaxLength);
  const shown = find
    ? entries.filter((e) => [e.head ?? "", ...e.terms].some((t) => ` ${t} `.includes(find) || t.includes(find)))
    : entries;
  const desk = shown.map((e) => toDesk(e, groups));
  return {
    groups: desk.filter((e) => e.kind === "group"),
    related: desk.filter((e) => e.kind === "related"),
    total: entries.length,
    find,
  };
}

/* ------------------------------------------------------------------ validation */

type Refused = { ok: false; code: string; field: string; params?: Record<string, string | number> };
const refuse = (code: string, field: string, params?: Record<string, string | number>): Refused => ({
  ok: false,
  code: `${E}.${code}`,
  field,
  params,
});
/** A typed term as a message quotes it: whole when short. */
const shown = (s: string) => {
  const chars = Array.from(s.trim());
  return chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : chars.join("");
};

/** The terms of a text box: one a line, or separated by commas or semicolons; blank ones left out. */
export function splitTerms(raw: string): string[] {
  return raw
    .split(/[\n\r,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Normalises terms (lower case, no accents, single spaces: as queries are) and checks them: letters or
 * digits in each, at most SEARCH_DESK.termMaxLength characters and termMaxWords words, no term twice,
 * at least `min` and at most termsPerEntry, none made only of words every search ignores ("de", "the").
 */
async function checkTerms(
  ctx: Pick<ServiceContext, "db">,
  typed: string[],
  field: string,
  min: number,
): Promise<{ ok: true; value: string[] } | Refused> {
  if (typed.length > SEARCH_DESK.termsPerEntry)
    return refuse("tooManyTerms", field, { max: SEARCH_DESK.termsPerEntry });
  const terms: string[] = [];
  for (const t of typed) {
    const n = normalizeQuery(t);
    if (!n) return refuse("termInvalid", field, { term: shown(t) });
    if (n.length > SEARCH_DESK.termMaxLength || Array.from(t.trim()).length > SEARCH_DESK.termMaxLength * 2)
      return refuse("termTooLong", field, { term: shown(t), max: SEARCH_DESK.termMaxLength });
    if (n.split(" ").length > SEARCH_DESK.termMaxWords)
      return refuse("termTooManyWords", field, { term: shown(t), max: SEARCH_DESK.termMaxWords });
    if (terms.includes(n)) return refuse("duplicate", field, { term: shown(t) });
    terms.push(n);
  }
  if (terms.length < min) return refuse(min > 1 ? "termsMissing" : "termMissing", field, { min });
  const stop = new Set(await repo.selectStopWords(ctx.db, [...new Set(terms.flatMap((t) => t.split(" ")))]));
  const ignored = terms.find((t) => t.split(" ").every((w) => stop.has(w)));
  if (ignored) return refuse("stopWord", field, { term: ignored });
  return { ok: true, value: terms };
}

/* ------------------------------------------------------------------ changes */

export type EntryInput = {
  /** null: a new entry. */
  id: number | null;
  kind: repo.SynonymKind;
  /** A one-way entry's starting term (as typed). */
  head?: string;
  /** The terms as typed (splitTerms). */
  terms: string[];
  /** The stamp of the entry the form was drawn from (a change of an existing entry). */
  stamp?: string;
};

export type SavedEntry = { entry: DeskEntry; created: boolean; changed: boolean };

const describeEntry = (e: { kind: string; head: string | null; terms: readonly string[] }) =>
  e.kind === "related" ? `${e.head} → ${e.terms.join(", ")}` : e.terms.join(", ");
const auditState = (e: { kind: string; head: string | null; terms: readonly string[] }) => ({
  kind: e.kind,
  ...(e.kind === "related" ? { head: e.head } : {}),
  terms: [...e.terms],
});

/** Every change's common steps: the seed first, then one transaction under the vocabulary's lock. */
async function underLock<V>(
  ctx: Pick<ServiceContext, "db" | "clock" | "reference">,
  work: (tx: ServiceContext["db"], at: Date) => Promise<DeskResult<V>>,
): Promise<DeskResult<V>> {
  await seedVocabulary(ctx.db, ctx.clock.now());
  const result = (await ctx.db.transaction(async (tx) => {
    await repo.lockVocabulary(tx);
    return work(tx, ctx.clock.now());
  })) as DeskResult<V>;
  // Committed: this process's next search reads the new catalogue version (written() raised it).
  if (result.ok) ctx.reference?.recheck();
  return result;
}

/** Raises the version, teaches the typo dictionary the new words and audits the change (same transaction). */
async function written(
  tx: ServiceContext["db"],
  ctx: Pick<ServiceContext, "clock">,
  actor: AuditActor,
  change: {
    action: "created" | "updated" | "removed";
    id: number;
    before: repo.SynonymRow | null;
    after: { kind: repo.SynonymKind; head: string | null; terms: string[] } | null;
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  await repo.bumpVersion(tx, ctx.clock.now());
  // Searches kept for the catalogue version (searchTemplates) are answered again with the new vocabulary.
  await bumpCatalogVersion({ db: tx });
  if (change.after) await repo.insertDictionaryWords(tx, vocabularyWords([change.after]));
  const label = describeEntry(change.after ?? change.before ?? { kind: "group", head: null, terms: [] });
  await recordAudit(
    { db: tx, clock: ctx.clock },
    {
      actor,
      action: `searchSynonym.${change.action}`,
      target: { kind: "searchSynonym", id: change.id, label },
      before: change.before ? auditState(change.before) : null,
      after: change.after ? { ...auditState(change.after), ...change.extra } : null,
    },
  );
}

/**
 * Makes or changes an entry: a group (at least two terms) or a one-way entry (a head and at least one
 * term, never itself; one entry per head). A term may sit in two groups (a query for it then finds
 * both): the answer names those groups so the desk can say so. A change of an entry someone changed
 * since the form was drawn is refused (`stale`), as is one of an entry gone (`notFound`).
 */
export async function saveEntry(
  ctx: Pick<ServiceContext, "db" | "clock">,
  actor: AuditActor,
  input: EntryInput,
): Promise<DeskResult<SavedEntry>> {
  const kind: repo.SynonymKind = input.kind === "related" ? "related" : "group";
  const terms = await checkTerms(ctx, input.terms, "terms", kind === "group" ? 2 : 1);
  if (!terms.ok) return terms;
  let head: string | null = null;
  if (kind === "related") {
    const heads = splitTerms(input.head ?? "");
    if (heads.length > 1) return refuse("headOne", "head");
    const h = await checkTerms(ctx, heads, "head", 1);
    if (!h.ok) return h;
    head = h.value[0];
    if (terms.value.includes(head)) return refuse("headInTerms", "terms", { term: head });
  }
  const id = input.id;
  if (id !== null && (!Number.isSafeInteger(id) || id < 1)) return refuse("notFound", "form");
  return underLock(ctx, async (tx, at) => {
    const before = id !== null ? await repo.findEntry(tx, id) : null;
    if (id !== null && (!before || before.kind !== kind)) return refuse("notFound", "form");
    if (before && input.stamp !== entryStamp(before)) return refuse("stale", "form");
    if (!before && (await repo.countEntries(tx)) >= SEARCH_DESK.maxEntries)
      return refuse("full", "form", { max: SEARCH_DESK.maxEntries });
    if (head) {
      const taken = await repo.findRelated(tx, head);
      if (taken && taken.id !== id) return refuse("headTaken", "head", { term: head });
    }
    const after = { kind, head, terms: terms.value };
    let entryId = id ?? 0;
    const changed = !before || entryStamp(before) !== entryStamp(after);
    if (!before) {
      [entryId] = await repo.insertEntries(
        tx,
        [{ ...after, createdBy: actor.kind === "account" ? actor.id : null }],
        at,
      );
    } else if (changed) await repo.updateEntry(tx, entryId, { head, terms: terms.value }, at);
    if (changed) await written(tx, ctx, actor, { action: before ? "updated" : "created", id: entryId, before, after });
    const row = (await repo.findEntry(tx, entryId)) as repo.SynonymRow;
    return { ok: true, value: { entry: toDesk(row, await repo.selectGroups(tx)), created: !before, changed } };
  });
}

/** Removes an entry (as drawn: `stamp`); searches stop using it at once. */
export async function removeEntry(
  ctx: Pick<ServiceContext, "db" | "clock">,
  actor: AuditActor,
  input: { id: number; stamp: string },
): Promise<DeskResult<{ id: number }>> {
  if (!Number.isSafeInteger(input.id) || input.id < 1) return refuse("notFound", "form");
  return underLock(ctx, async (tx) => {
    const before = await repo.findEntry(tx, input.id);
    if (!before) return refuse("notFound", "form");
    if (input.stamp !== entryStamp(before)) return refuse("stale", "form");
    await repo.deleteEntry(tx, input.id);
    await written(tx, ctx, actor, { action: "removed", id: input.id, before, after: null });
    return { ok: true, value: { id: input.id } };
  });
}

/* ------------------------------------------------------------------ zero-result queries */

/** A known term to teach the search for a query that found nothing: `phrase` (part of the query) finds `term`. */
export type Suggestion = { phrase: string; term: string; finds: number };

export type ZeroQuery = {
  query: string;
  clients: number;
  searches: number;
  locales: string[];
  lastAt: Date;
  /** What the query finds today (a synonym added since, or new templates): 0 when still nothing. */
  nowFinds: number;
  suggestion: Suggestion | null;
};

export type ZeroResults = {
  items: ZeroQuery[];
  /** Distinct queries that found nothing in the window. */
  total: number;
  page: number;
  hasNext: boolean;
  /** All searches of the window, those that found nothing, and their share. */
  rate: { searches: number; zeroResults: number; rate: number };
};

/** A low-value word ("plantilla"), or a misspelling of one of five letters or more ("plantilka", "templaate"). */
const lowValueLike = (w: string) =>
  LOW_VALUE.has(w) || (w.length >= 5 && LOW_VALUE_WORDS.some((v) => editDistance(w, v) <= maxEdits(w.length)));

const heldBy = (lexicon: Lexicon, word: string) => {
  const info = lexicon.words.get(word);
  return !!info && [...info.en, ...info.es].some((l) => (info.ndoc[l] ?? 0) > 0);
};

type Candidate = { text: string; tier: number; d: number; sim: number; frequency: number };

/**
 * Suggestions for queries that find nothing. Each word no template holds (stop words and low-value
 * words aside) gets the nearest known word some template holds: from the typo dictionary by trigram
 * similarity, looser than the search's own correction (SEARCH_DESK.suggestMinSimilarity), within the
 * edits the search allows (maxEdits), or a word the typed one starts ("infog" -> "infographics"); or
 * two known words run together ("pitchdeck" -> "pitch deck"). The phrase is the query's words from the
 * first such word to the last; the term, those words corrected. A term is suggested only when the
 * query with it finds templates by itself (up to three tries, the nearest first).
 */
export async function suggestTerms(ctx: ServiceContext, queries: string[]): Promise<Map<string, Suggestion | null>> {
  const out = new Map<string, Suggestion | null>();
  const parsed = queries.map((q) => ({ q, words: queryWords(normalizeQuery(q)).slice(0, MAX_QUERY_WORDS * 3) }));
  const all = [...new Set(parsed.flatMap((p) => p.words))];
  if (!all.length) return out;
  const lexicon = await lexiconOf(ctx, all);
  const unknownWord = (w: string) =>
    w.length >= 3 && !/^\d+$/.test(w) && !isStop(lexicon, w) && !lowValueLike(w) && !heldBy(lexicon, w);
  const unknown = all.filter(unknownWord);
  const splits = new Map<string, [string, string][]>();
  for (const w of unknown)
    for (let i = 2; i <= w.length - 2; i++) splits.set(w, [...(splits.get(w) ?? []), [w.slice(0, i), w.slice(i)]]);
  const near = await repo.selectNearWords(ctx.db, unknown, SEARCH_DESK.suggestMinSimilarity);
  const more = await lexiconOf(ctx, [
    ...new Set([...near.map((r) => r.word), ...[...splits.values()].flat(2)].filter((w) => !lexicon.words.has(w))),
  ]);
  const held = (w: string) => heldBy(lexicon, w) || heldBy(more, w);
  const stop = (w: string) => isStop(lexicon, w) || isStop(more, w);
  const candidates = new Map<string, Candidate[]>();
  const add = (w: string, c: Candidate) => candidates.set(w, [...(candidates.get(w) ?? []), c]);
  for (const r of near) {
    if (!held(r.word) || stop(r.word)) continue;
    const d = editDistance(r.input, r.word);
    const allowed = maxEdits(r.input.length);
    // One edit more than the search allows was tried: on the demo log it suggested more wrong words
    // ("soccer" -> "social", "vacation" -> "education") than right ones.
    const tier = d <= allowed ? 0 : r.input.length >= 4 && r.word.startsWith(r.input) ? 2 : null;
    if (tier === null) continue;
    add(r.input, { text: r.word, tier, d, sim: Number(r.sim), frequency: Number(r.frequency) });
  }
  // Two words run together: words of the dictionary first (a stem some template holds may be a
  // stemmer's accident: "estudy" is held through the Spanish "estudio"), evenly cut first.
  const known = (w: string) => !!(lexicon.words.get(w)?.known || more.words.get(w)?.known);
  for (const [w, pairs] of splits)
    for (const [a, b] of pairs)
      if (held(a) && held(b) && !stop(a) && !stop(b))
        add(w, {
          text: `${a} ${b}`,
          tier: known(a) && known(b) ? 0 : 1,
          d: 1,
          sim: Math.min(a.length, b.length) / w.length,
          frequency: 0,
        });
  for (const list of candidates.values())
    list.sort((x, y) => x.tier - y.tier || x.d - y.d || y.sim - x.sim || y.frequency - x.frequency);

  for (const { q, words } of parsed) {
    out.set(q, null);
    const at = words.map((w, i) => (unknownWord(w) ? i : -1)).filter((i) => i >= 0);
    if (!at.length || at.some((i) => !candidates.get(words[i])?.length)) continue;
    const start = at[0];
    const end = at[at.length - 1];
    const tried = new Set<string>();
    for (let k = 0; k < 3; k++) {
      const fixed = words.map((w, i) => {
        const list = candidates.get(w);
        return at.includes(i) && list ? list[Math.min(k, list.length - 1)].text : w;
      });
      const corrected = fixed.join(" ");
      if (tried.has(corrected)) break;
      tried.add(corrected);
      const found = await searchTemplates(ctx, { q: corrected, pageSize: 1 });
      if (found.total > 0 && !found.usedSuggestion && !found.partial) {
        out.set(q, {
          phrase: words.slice(start, end + 1).join(" "),
          term: fixed.slice(start, end + 1).join(" "),
          finds: found.total,
        });
        break;
      }
    }
  }
  return out;
}

/**
 * The searches of the last SEARCH_DESK.zeroResultsWindowDays days that found nothing, the most
 * distinct clients first, a page at a time; each with what it finds today and, while that is nothing,
 * a suggested term (suggestTerms); and the window's zero-result rate.
 */
export async function zeroResultQueries(ctx: ServiceContext, input: { page?: number } = {}): Promise<ZeroResults> {
  const size = SEARCH_DESK.zeroResultsPageSize;
  const page =
    Number.isSafeInteger(input.page) && (input.page as number) >= 1 ? Math.min(input.page as number, 1000) : 1;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - SEARCH_DESK.zeroResultsWindowDays * 86_400_000);
  const [rows, rate] = await Promise.all([
    repo.selectZeroResultQueries(ctx.db, { since, until: now, limit: size + 1, offset: (page - 1) * size }),
    zeroResultRate(ctx, { days: SEARCH_DESK.zeroResultsWindowDays }),
  ]);
  const listed = rows.slice(0, size);
  const nowFinds = new Map<string, number>();
  for (const r of listed) nowFinds.set(r.query, (await searchTemplates(ctx, { q: r.query, pageSize: 1 })).total);
  const suggestions = await suggestTerms(
    ctx,
    listed.filter((r) => !nowFinds.get(r.query)).map((r) => r.query),
  );
  return {
    items: listed.map((r) => ({
      query: r.query,
      clients: Number(r.clients),
      searches: Number(r.searches),
      locales: Array.isArray(r.locales) ? r.locales : String(r.locales).replace(/[{}]/g, "").split(",").filter(Boolean),
      lastAt: new Date(r.last_at),
      nowFinds: nowFinds.get(r.query) ?? 0,
      suggestion: suggestions.get(r.query) ?? null,
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    hasNext: rows.length > size,
    rate,
  };
}

export type AddedSynonym = {
  phrase: string;
  term: string;
  entryId: number;
  /** What the query finds now, run through the real search. */
  found: { query: string; total: number; totalCapped: boolean; items: TemplateCard[] };
};

/**
 * From a query that found nothing: teaches the search that `phrase` (the query, or the part of it no
 * template holds) also finds `term`, as a one-way entry (a misspelling or a word of the searchers'
 * should find the catalogue's term, not the other way round); one already starting from the phrase
 * gets the term added. Then runs the real search for the query and answers what it finds.
 */
export async function addQueryAsSynonym(
  ctx: ServiceContext,
  actor: AuditActor,
  input: { query: string; phrase: string; term: string },
): Promise<DeskResult<AddedSynonym>> {
  const query = normalizeQuery(input.query);
  const phrase = await checkTerms(ctx, splitTerms(input.phrase || input.query).slice(0, 1), "phrase", 1);
  if (!phrase.ok) return phrase;
  if (splitTerms(input.term).length > 1) return refuse("termOne", "term");
  const term = await checkTerms(ctx, splitTerms(input.term), "term", 1);
  if (!term.ok) return term;
  const [p] = phrase.value;
  const [t] = term.value;
  if (p === t) return refuse("sameTerm", "term", { term: t });
  const saved = await underLock<number>(ctx, async (tx, at) => {
    const before = await repo.findRelated(tx, p);
    if (before?.terms.includes(t)) return refuse("already", "term", { phrase: p, term: t });
    if (before && before.terms.length >= SEARCH_DESK.termsPerEntry)
      return refuse("tooManyTerms", "term", { max: SEARCH_DESK.termsPerEntry });
    if (!before && (await repo.countEntries(tx)) >= SEARCH_DESK.maxEntries)
      return refuse("full", "form", { max: SEARCH_DESK.maxEntries });
    const after = { kind: "related" as const, head: p, terms: [...(before?.terms ?? []), t] };
    let id = before?.id ?? 0;
    if (before) await repo.updateEntry(tx, id, { head: p, terms: after.terms }, at);
    else [id] = await repo.insertEntries(tx, [{ ...after, createdBy: actor.kind === "account" ? actor.id : null }], at);
    await written(tx, ctx, actor, {
      action: before ? "updated" : "created",
      id,
      before,
      after,
      extra: { fromQuery: query || p },
    });
    return { ok: true, value: id };
  });
  if (!saved.ok) return saved;
  const q = query || p;
  const found = await searchTemplates(ctx, { q, pageSize: SEARCH_DESK.resultsShown });
  return {
    ok: true,
    value: {
      phrase: p,
      term: t,
      entryId: saved.value,
      found: { query: q, total: found.total, totalCapped: found.totalCapped, items: found.items },
    },
  };
}
