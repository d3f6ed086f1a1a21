import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "#config/constants.ts";
import { emptyFilters } from "#modules/catalog/filters.ts";
import { filterQuery } from "./filters.ts";
import { editDistance, normalizeQuery, queryId, queryWords } from "./normalize.ts";
import { LOW_VALUE_WORDS, RELATED_TERMS, SYNONYM_GROUPS } from "./synonyms.ts";
import { buildTerms as build, compileQuery, type Lexicon, wordsToLookUp as lookUp, type WordInfo } from "./terms.ts";
import { shippedVocabulary } from "./vocabulary.ts";

const shipped = shippedVocabulary();
const buildTerms = (words: string[], isStop: (w: string) => boolean) => build(words, isStop, shipped);
const wordsToLookUp = (words: string[]) => lookUp(words, shipped);

describe("normalizeQuery", () => {
  it("lower-cases, removes accents, keeps letters and digits, collapses the rest to single spaces", () => {
    expect(normalizeQuery("  Plantilla   TESIS — Cronología!  ")).toBe("plantilla tesis cronologia");
    expect(normalizeQuery("Ñandú  café\tCAFÉ")).toBe("nandu cafe cafe");
    expect(normalizeQuery("Straße Œuvre Ærø")).toBe("strasse oeuvre aero");
    expect(normalizeQuery("e-commerce & SWOT (2026)")).toBe("e commerce swot 2026");
  });

  it("is never an error and turns non-text into nothing", () => {
    for (const input of ["", "   ", "🎉🚀", "&|!():*", "\u0000\u0001", "<>'\"%_\\"])
      expect(normalizeQuery(input)).toBe("");
    expect(normalizeQuery(undefined)).toBe("");
    expect(normalizeQuery(42)).toBe("");
  });

  it("cuts the input to SEARCH_MAX_LENGTH characters before anything else", () => {
    expect(normalizeQuery("a".repeat(10_000)).length).toBe(SEARCH_MAX_LENGTH);
    expect(normalizeQuery(`${"x".repeat(SEARCH_MAX_LENGTH)} thesis`)).toBe("x".repeat(SEARCH_MAX_LENGTH));
    // Emoji are one character each, and never cut in half.
    expect(normalizeQuery(`${"🎉".repeat(SEARCH_MAX_LENGTH)}abc`)).toBe("");
  });

  it("splits into words of bounded length", () => {
    expect(queryWords("pitch deck")).toEqual(["pitch", "deck"]);
    expect(queryWords("")).toEqual([]);
    expect(queryWords("a".repeat(100))[0]).toHaveLength(40);
  });
});

describe("editDistance and queryId", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps", () => {
    expect(editDistance("bussines", "business")).toBe(2);
    expect(editDistance("pich", "pitch")).toBe(1);
    expect(editDistance("teh", "the")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("gives every query a stable positive 31-bit id", () => {
    expect(queryId("pitch deck")).toBe(queryId("pitch deck"));
    expect(queryId("pitch deck")).not.toBe(queryId("thesis"));
    for (const q of ["", "a", "plantilla tesis", "x".repeat(200)]) {
      expect(queryId(q)).toBeGreaterThan(0);
      expect(queryId(q)).toBeLessThan(2 ** 31);
    }
  });
});

describe("synonym data", () => {
  it("is written normalised, so it can match normalised queries", () => {
    const all = [
      ...LOW_VALUE_WORDS,
      ...SYNONYM_GROUPS.flat(),
      ...Object.keys(RELATED_TERMS),
      ...Object.values(RELATED_TERMS).flat(),
    ];
    for (const entry of all) expect(normalizeQuery(entry), entry).toBe(entry);
  });
});

describe("buildTerms", () => {
  const stop = new Set(["de", "para", "for", "the", "la"]);
  const isStop = (w: string) => stop.has(w);

  it("keeps known phrases together, longest first, with their synonyms", () => {
    const terms = buildTerms(queryWords("hoja de ruta para startups"), isStop);
    expect(terms.map((t) => t.text)).toEqual(["hoja de ruta", "startups"]);
    expect(terms[0].alternatives).toContain("roadmap");
  });

  it("drops stop words and low-value words, unless nothing else is left", () => {
    expect(buildTerms(queryWords("plantilla de tesis"), isStop).map((t) => t.text)).toEqual(["tesis"]);
    expect(buildTerms(queryWords("plantilla"), isStop).map((t) => t.text)).toEqual(["plantilla"]);
    expect(buildTerms(queryWords("de la"), isStop)).toEqual([]);
  });

  it("adds one-way related terms", () => {
    const [term] = buildTerms(["inversores"], isStop);
    expect(term.alternatives).toEqual(expect.arrayContaining(["inversores", "investors", "pitch deck"]));
  });

  it("lists every word its terms may need", () => {
    expect(wordsToLookUp(["hoja", "de", "ruta"])).toEqual(expect.arrayContaining(["hoja", "de", "ruta", "roadmap"]));
  });

  it("stops at a bounded number of terms", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`);
    expect(buildTerms(words, isStop).length).toBeLessThanOrEqual(8);
  });
});

describe("compileQuery", () => {
  const lexicon: Lexicon = {
    total: 100,
    words: new Map<string, WordInfo>([
      ["thesis", { en: ["thesi"], es: ["thesis"], ndoc: { thesi: 8 }, known: true }],
      ["tesis", { en: ["tesi"], es: ["tesis"], ndoc: { tesis: 8 }, known: true }],
      ["de", { en: ["de"], es: [], ndoc: {}, known: false }],
      ["xyzzy", { en: ["xyzzi"], es: ["xyzzy"], ndoc: {}, known: false }],
      ["it's", { en: ["it's"], es: ["it's"], ndoc: { "it's": 1 }, known: false }],
    ]),
  };
  const term = (text: string, alternatives = [text]) => ({ text, alternatives, lowValue: false });

  it("keeps only lexemes some document holds, English or Spanish", () => {
    const q = compileQuery([term("thesis", ["thesis", "tesis"])], lexicon, "all");
    expect(q.match).toBe("('thesi' | 'tesis')");
    expect(q.titleLexemes).toEqual(["thesi"]);
  });

  it("answers no query when a required word matches nothing", () => {
    expect(compileQuery([term("thesis"), term("xyzzy")], lexicon, "all").match).toBeNull();
    expect(compileQuery([term("thesis"), term("xyzzy")], lexicon, "any").match).toBe("'thesi'");
  });

  it("quotes lexemes, doubling quotes, so tsquery syntax in them is only text", () => {
    expect(compileQuery([term("it's")], lexicon, "all").match).toBe("'it''s'");
  });
});

describe("filterQuery", () => {
  it("turns the catalogue filters into document tokens: any value within a filter, every filter", () => {
    expect(filterQuery(undefined)).toBeNull();
    expect(filterQuery(emptyFilters())).toBeNull();
    expect(filterQuery({ ...emptyFilters(), licenses: ["free", "premium"] })).toBeNull();
    expect(
      filterQuery({
        ...emptyFilters(),
        styles: ["vintage", "modern"],
        licenses: ["free"],
        formats: ["keynote"],
        slides: ["up-to-10"],
        ratios: ["4-3"],
      }),
    ).toBe("('~style~vintage' | '~style~modern') & '~license~free' & '~format~KN' & '~slides~up-to-10' & '~ratio~4-3'");
    expect(filterQuery({ ...emptyFilters(), colors: ["it's"] })).toBe("'~color~it''s'");
  });
});
