import { SEARCH_MAX_LENGTH } from "#config/constants.ts";

/** Meaningful words considered per query; the rest of a long query is ignored. */
export const MAX_QUERY_WORDS = 8;
/** Longest word looked at; longer "words" are not words. */
export const MAX_WORD_LENGTH = 40;

/**
 * The text people type, made safe and comparable: trimmed, cut to SEARCH_MAX_LENGTH characters, lower
 * case, accents removed, everything but letters and digits turned into single spaces. The database
 * applies the same steps to what it stores (`slidenest_search_normalize`, over `unaccent`), and query
 * words still pass through `unaccent` before stemming, so both sides agree.
 */
export function normalizeQuery(input: unknown): string {
  if (typeof input !== "string") return "";
  return Array.from(input.trim())
    .slice(0, SEARCH_MAX_LENGTH)
    .join("")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[æœßøłđþ]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Letters `unaccent` spells out that Unicode decomposition leaves alone. */
const LETTERS: Record<string, string> = { æ: "ae", œ: "oe", ß: "ss", ø: "o", ł: "l", đ: "d", þ: "th" };

/** Words of a normalised query, each cut to MAX_WORD_LENGTH. */
export function queryWords(normalized: string): string[] {
  return normalized
    .split(" ")
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (!m) return n;
  if (!n) return m;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 1; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
}

/** Most edits allowed between a word and its correction, by the word's length. */
export function maxEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** A known word close to a typed one (`input`), found by trigram similarity: how similar, how frequent. */
export type CorrectionCandidate = { input: string; word: string; sim: number | string; frequency: number | string };

/**
 * The typed words with each one that has candidates replaced by the closest within maxEdits: the fewest
 * edits, then the most similar, then the most frequent. Null when no word has a close enough candidate.
 */
export function closestWords(words: string[], candidates: CorrectionCandidate[]): string[] | null {
  const best = new Map<string, { word: string; d: number; sim: number; frequency: number }>();
  for (const r of candidates) {
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

/** A stable positive 31-bit id for a normalised query (FNV-1a), so top searches keep their ids. */
export function queryId(normalized: string): number {
  let h = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(normalized)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 1 || 1;
}
