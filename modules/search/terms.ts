import { MAX_QUERY_WORDS } from "./normalize.ts";
import { LOW_VALUE_WORDS } from "./synonyms.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** One concept of a query: a word or a known phrase, and every way of saying it that also counts. */
export type Term = { text: string; alternatives: string[]; lowValue: boolean };

const LOW_VALUE = new Set(LOW_VALUE_WORDS);

/** Every phrase of the vocabulary that starts at word `i`, longest first. */
function phrasesAt(vocabulary: Vocabulary, words: string[], i: number): string[] {
  const out: string[] = [];
  for (let len = Math.min(vocabulary.longestPhrase, words.length - i); len >= 2; len--) {
    const phrase = words.slice(i, i + len).join(" ");
    if (vocabulary.expansions.has(phrase)) out.push(phrase);
  }
  return out;
}

/**
 * Turns the words of a normalised query into terms: known phrases ("hoja de ruta", "pitch deck") first,
 * longest match wins; stop words (of either language) and, when something else is left, low-value
 * words ("plantilla", "template") are dropped. At most MAX_QUERY_WORDS terms.
 */
export function buildTerms(words: string[], isStopWord: (w: string) => boolean, vocabulary: Vocabulary): Term[] {
  const expansions = vocabulary.expansions;
  const terms: Term[] = [];
  const seen = new Set<string>();
  const push = (text: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    terms.push({ text, alternatives: [...(expansions.get(text) ?? [text])], lowValue: LOW_VALUE.has(text) });
  };
  let i = 0;
  while (i < words.length && terms.length < MAX_QUERY_WORDS * 2) {
    const phrase = phrasesAt(vocabulary, words, i)[0];
    if (phrase) {
      push(phrase);
      i += phrase.split(" ").length;
      continue;
    }
    const w = words[i++];
    if (!isStopWord(w) || expansions.has(w)) push(w);
  }
  const meaningful = terms.filter((t) => !t.lowValue);
  return (meaningful.length ? meaningful : terms).slice(0, MAX_QUERY_WORDS);
}

/** Every word buildTerms may use for these words (theirs and their synonyms'), to look up at once. */
export function wordsToLookUp(words: string[], vocabulary: Vocabulary): string[] {
  const out = new Set(words);
  const addAll = (key: string) => {
    for (const alt of vocabulary.expansions.get(key) ?? []) for (const w of alt.split(" ")) out.add(w);
  };
  for (let i = 0; i < words.length; i++) {
    addAll(words[i]);
    for (const p of phrasesAt(vocabulary, words, i)) addAll(p);
  }
  return [...out];
}

/** The text of terms as a query string again (for "did you mean"). */
export function termsText(terms: Term[]): string {
  return terms.map((t) => t.text).join(" ");
}

/* ------------------------------------------------------------------ lexemes and tsqueries */

/** What the database says about a word: its English and Spanish lexemes and in how many documents each is. */
export type WordInfo = { en: string[]; es: string[]; ndoc: Record<string, number>; known: boolean };
/** Word information and the number of documents (0 when statistics are missing: every lexeme is kept). */
export type Lexicon = {
  words: Map<string, WordInfo>;
  total: number;
  /** Pages of the search table (pg_class), to turn a number of rows into a range of pages. */
  pages?: number;
  /** The search vocabulary's version when the words were read (vocabulary.ts). */
  vocabulary?: number;
};

/** A stop word in English or Spanish ("de", "for"): it has no lexeme in one of the languages. */
export function isStop(lexicon: Lexicon, word: string): boolean {
  const info = lexicon.words.get(word);
  return !!info && (info.en.length === 0 || info.es.length === 0);
}

/** True when no document has any lexeme of the word (a typo, or a word the catalogue never uses). */
export function isUnseen(lexicon: Lexicon, word: string): boolean {
  const info = lexicon.words.get(word);
  if (!info || info.known || !lexicon.total) return false;
  return [...info.en, ...info.es].every((l) => !info.ndoc[l]);
}

/** A lexeme as a tsquery operand: quoted, with quotes doubled and backslashes escaped. */
function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * A piece of a tsquery, with the estimated share of documents it matches and about how many index
 * entries the GIN index reads to find them, from the lexemes' document counts (search_lexeme). The
 * English and Spanish stems of a word, and the ways of saying a term, mostly find the same templates
 * (each holds both languages): their share is the largest of theirs, not a union. The words of a known
 * phrase ("social media", "hoja de ruta") come together: its share is that of its rarest word. The
 * terms of a query are taken as independent, which errs towards fewer matches than there are.
 * `entries` counts every index entry of its lexemes: the GIN index decodes them all.
 */
export type Part = { query: string; share: number; entries: number };

/** Share matching all of the parts, taken as independent. */
export const allShare = (shares: number[]) => shares.reduce((p, s) => p * Math.min(1, s), 1);
/** Share matching any of the parts, taken as independent. */
export const anyShare = (shares: number[]) => 1 - shares.reduce((p, s) => p * (1 - Math.min(1, s)), 1);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A word's usable lexemes (found in some document), or "skip" for stop words, or null when none. */
function wordPart(lexicon: Lexicon, word: string): Part | "skip" | null {
  const info = lexicon.words.get(word);
  if (!info) return null;
  if (info.en.length === 0 || info.es.length === 0) return "skip";
  const lexemes = [...new Set([...info.en, ...info.es])].filter((l) => !lexicon.total || info.ndoc[l] > 0);
  if (!lexemes.length) return null;
  const counts = lexemes.map((l) => info.ndoc[l] ?? 0);
  return {
    query: lexemes.length === 1 ? quote(lexemes[0]) : `(${lexemes.map(quote).join(" | ")})`,
    share: lexicon.total ? Math.max(...counts) / lexicon.total : 1,
    entries: sum(counts),
  };
}

/** An alternative phrase: all its words (stop words aside). */
function alternativePart(lexicon: Lexicon, phrase: string): Part | null {
  const parts: Part[] = [];
  for (const w of phrase.split(" ")) {
    const p = wordPart(lexicon, w);
    if (p === "skip") continue;
    if (!p) return null;
    parts.push(p);
  }
  if (!parts.length) return null;
  if (parts.length === 1) return parts[0];
  return {
    query: `(${parts.map((p) => p.query).join(" & ")})`,
    share: Math.min(...parts.map((p) => p.share)),
    entries: sum(parts.map((p) => p.entries)),
  };
}

/** A term: any of its alternatives. */
function termPart(lexicon: Lexicon, term: Term): Part | null {
  const found = term.alternatives.map((a) => alternativePart(lexicon, a)).filter((p): p is Part => !!p);
  if (!found.length) return null;
  if (found.length === 1) return found[0];
  const parts = [...new Map(found.map((p) => [p.query, p])).values()];
  return {
    query: `(${parts.map((p) => p.query).join(" | ")})`,
    share: Math.max(...parts.map((p) => p.share)),
    entries: sum(parts.map((p) => p.entries)),
  };
}

/** Every usable lexeme of these phrases' words. */
function lexemesOf(lexicon: Lexicon, phrases: string[]): string[] {
  const lexemes = new Set<string>();
  for (const phrase of phrases)
    for (const w of phrase.split(" ")) {
      const info = lexicon.words.get(w);
      if (!info || info.en.length === 0 || info.es.length === 0) continue;
      for (const l of [...info.en, ...info.es]) if (!lexicon.total || info.ndoc[l] > 0) lexemes.add(l);
    }
  return [...lexemes];
}

/** OR of lexemes, for ranking. */
function anyOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quote).join(" | ") : null;
}

export type CompiledQuery = {
  /** tsquery text that selects the matches; null when nothing can match. */
  match: string | null;
  /**
   * `match` as parts that must all hold (each term in "all" mode; the whole query in "any" mode), with
   * their estimated shares and index entries, the number of documents the statistics counted and the
   * pages of the search table; null without statistics. The search picks its plan from these.
   */
  estimate: { parts: Part[]; documents: number; pages: number } | null;
  /** One tsquery per term that can match ("any" mode counts how many a template matches). */
  terms: string[];
  /** Ranking tsqueries: the words as typed, and with every synonym. */
  exact: string;
  expanded: string;
  /** Lexemes whose share of a title raises its rank (the typed words', else the synonyms'). */
  titleLexemes: string[];
};

/**
 * Builds the tsqueries of terms from the lexemes the database gave for their words (English and
 * Spanish stems), keeping only lexemes that occur in some document. The texts are tsquery syntax made
 * here from quoted lexemes, bound as parameters, never spliced into SQL.
 */
export function compileQuery(terms: Term[], lexicon: Lexicon, mode: "all" | "any"): CompiledQuery {
  const parts = terms.map((t) => termPart(lexicon, t));
  const usable = parts.filter((p): p is Part => !!p);
  const impossible = mode === "all" ? parts.some((p) => !p) : !usable.length;
  const match = impossible || !usable.length ? null : usable.map((p) => p.query).join(mode === "all" ? " & " : " | ");
  const whole: Part = {
    query: match ?? "",
    share: anyShare(usable.map((p) => p.share)),
    entries: sum(usable.map((p) => p.entries)),
  };
  const estimate =
    match && lexicon.total
      ? { parts: mode === "all" ? usable : [whole], documents: lexicon.total, pages: lexicon.pages ?? 0 }
      : null;
  const expandedLexemes = lexemesOf(
    lexicon,
    terms.flatMap((t) => t.alternatives),
  );
  const exactLexemes = lexemesOf(
    lexicon,
    terms.map((t) => t.text),
  );
  const expanded = anyOf(expandedLexemes);
  return {
    match,
    estimate,
    terms: usable.map((p) => p.query),
    expanded: expanded ?? match ?? "",
    exact: anyOf(exactLexemes) ?? expanded ?? match ?? "",
    titleLexemes: exactLexemes.length ? exactLexemes : expandedLexemes,
  };
}
