/**
 * The demo search log (issue 23): a month of searches as people type them, in English and Spanish, for
 * the desk's zero-result report and the figures. Deterministic for a seed and a date (seeded streams,
 * modules/catalog/demo/prng.ts): the same seed gives the same searches, clients and times. Each search
 * carries what its searcher meant (`intent`), so a measurement can tell a right suggestion from a
 * wrong one (scripts/search-zero-results.ts); the log itself keeps only what logSearch keeps.
 *
 * The mix: clean queries (a topic's, category's, tag's or style's name, often wrapped as people write:
 * "plantilla de …", "… ppt", "free … template"), popular ones far more often (Zipf); misspellings of
 * them (a letter dropped, doubled, swapped or a key's neighbour; one or two edits; accents left out or
 * not); two words run together ("pitchdeck"); words the catalogue does not use for what it has
 * ("capacitacion" for training, "global warming" for climate change) and things it does not have
 * ("curriculum vitae", "halloween"); long phrases; a little noise ("asdf", "ppt").
 */
import type { Locale } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { createRng, hash32, type Rng } from "#modules/catalog/demo/prng.ts";
import { CATEGORIES, STYLES, TAGS } from "#modules/catalog/demo/taxonomy.ts";
import { TOPICS } from "#modules/catalog/demo/topics.ts";
import { normalizeQuery } from "#modules/search/normalize.ts";
import { searchTemplates } from "#modules/search/service.ts";
import type { Logger } from "#modules/shared/context.ts";
import { insertSearchLogRows } from "./repo.ts";

export const DEMO_SEARCH_SEED = 20261123;
export const DEMO_SEARCH_COUNT = 3000;
/** Days back the searches spread over (the search log keeps 30). */
const DAYS = 29;

export type SearchKind = "clean" | "typo" | "joined" | "gap" | "phrase" | "noise";

export type DemoSearch = {
  /** As typed (accents, capitals); the log keeps it normalised. */
  text: string;
  locale: Locale;
  /** A pseudonymous client tag, as the real log's (32 hex digits). */
  client: string;
  at: Date;
  kind: SearchKind;
  /**
   * What the searcher meant, normalised: the clean query a misspelling came from, or the catalogue's
   * terms a gap query means (any of them is right); empty when the catalogue has nothing for it.
   */
  intent: string[];
};

type Base = { text: string; locale: Locale; quals: string[] };

/** Topic, category, tag and style names in both languages: what people look for. */
function baseQueries(): Base[] {
  const out: Base[] = [];
  for (const t of TOPICS) {
    out.push({ text: t.en, locale: "en", quals: (t.quals ?? []).map((q) => q[0]) });
    out.push({
      text: [t.es.head, t.es.tail].filter(Boolean).join(" "),
      locale: "es",
      quals: (t.quals ?? []).map((q) => q[1]),
    });
  }
  for (const c of [...CATEGORIES, ...TAGS]) {
    out.push({ text: c.en.name, locale: "en", quals: [] });
    out.push({ text: c.es.name, locale: "es", quals: [] });
  }
  for (const s of STYLES) {
    out.push({ text: s.nameEn, locale: "en", quals: [] });
    out.push({ text: s.nameEs, locale: "es", quals: [] });
  }
  const seen = new Set<string>();
  return out.filter((b) => {
    const key = `${b.locale}:${normalizeQuery(b.text)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How people wrap what they look for. */
const WRAPS: Record<Locale, { form: string; weight: number }[]> = {
  en: [
    { form: "{x}", weight: 10 },
    { form: "{x} template", weight: 4 },
    { form: "{x} templates", weight: 2 },
    { form: "{x} ppt", weight: 2 },
    { form: "free {x} template", weight: 2 },
    { form: "{x} powerpoint", weight: 1 },
    { form: "{x} google slides", weight: 1 },
    { form: "{x} presentation", weight: 1 },
    { form: "{x} {q}", weight: 2 },
  ],
  es: [
    { form: "{x}", weight: 10 },
    { form: "plantilla {x}", weight: 3 },
    { form: "plantillas de {x}", weight: 2 },
    { form: "plantilla de {x} gratis", weight: 2 },
    { form: "{x} ppt", weight: 2 },
    { form: "presentación de {x}", weight: 1 },
    { form: "diapositivas {x}", weight: 1 },
    { form: "{x} {q}", weight: 2 },
  ],
};

/** Words the catalogue does not use: [as typed, locale, what it means in the catalogue's words (none: it has nothing)]. */
const GAPS: [string, Locale, string[]][] = [
  ["capacitación de personal", "es", ["formacion de empleados", "employee training"]],
  ["capacitacion", "es", ["formacion", "training"]],
  ["calentamiento global", "es", ["cambio climatico", "climate change"]],
  ["global warming", "en", ["climate change", "cambio climatico"]],
  ["webinar", "en", ["workshop", "conference", "taller"]],
  ["onboarding", "en", ["employee training", "training"]],
  ["tesina", "es", ["tesis", "thesis"]],
  ["monografía", "es", ["tesis", "research", "investigacion"]],
  ["gimnasio", "es", ["fitness"]],
  ["gym", "en", ["fitness"]],
  ["fútbol", "es", ["deportes", "sports", "deportiva"]],
  ["soccer", "en", ["sports"]],
  ["vacaciones", "es", ["viaje", "travel", "viajes"]],
  ["vacation", "en", ["travel"]],
  ["ecología", "es", ["medio ambiente", "ciencias ambientales", "environmental"]],
  ["temario", "es", ["guia docente", "syllabus"]],
  ["sílabo", "es", ["guia docente", "syllabus"]],
  ["mercadeo digital", "es", ["marketing digital", "digital marketing"]],
  ["kpi dashboard", "en", ["report", "informe"]],
  ["lanzamiento de app", "es", ["lanzamiento de producto", "product launch"]],
  ["curriculum vitae", "es", []],
  ["cv", "en", []],
  ["resume", "en", []],
  ["halloween", "en", []],
  ["navidad", "es", []],
  ["christmas", "en", []],
  ["boda", "es", []],
  ["baby shower", "en", []],
  ["cumpleaños", "es", []],
  ["organigrama", "es", []],
];

const PHRASES: [string, Locale][] = [
  ["presentacion para defensa de tesis doctoral", "es"],
  ["how to present quarterly sales results", "en"],
  ["plantilla powerpoint para exponer un proyecto escolar", "es"],
  ["slides for a startup investor meeting", "en"],
  ["presentación de resultados anuales de la empresa", "es"],
  ["lesson plan template for teachers", "en"],
  ["infografia de linea de tiempo para historia", "es"],
  ["marketing plan for a small coffee shop", "en"],
  ["presentacion de empresa tecnologica moderna", "es"],
  ["minimalist portfolio for designers", "en"],
];

const NOISE: [string, Locale][] = [
  ["asdf", "en"],
  ["test", "en"],
  ["hola", "es"],
  ["ppt", "en"],
  ["plantillas gratis", "es"],
  ["free templates", "en"],
  ["qwerty", "en"],
  ["a", "es"],
];

/** Keys next to each other on a QWERTY keyboard (substitutions people make). */
const NEIGHBOURS: Record<string, string> = {
  a: "qsz",
  b: "vn",
  c: "xv",
  d: "sf",
  e: "wr",
  f: "dg",
  g: "fh",
  h: "gj",
  i: "uo",
  j: "hk",
  k: "jl",
  l: "k",
  m: "n",
  n: "bm",
  o: "ip",
  p: "o",
  q: "w",
  r: "et",
  s: "ad",
  t: "ry",
  u: "yi",
  v: "cb",
  w: "qe",
  x: "zc",
  y: "tu",
  z: "x",
};

/** One typing slip in a word of four letters or more: dropped, doubled, swapped or a neighbour's key. */
function slip(rng: Rng, word: string): string {
  const i = rng.int(1, word.length - 2);
  const op = rng.weighted(["drop", "double", "swap", "near"], [3, 2, 3, 3]);
  if (op === "drop") return word.slice(0, i) + word.slice(i + 1);
  if (op === "double") return word.slice(0, i) + word[i] + word.slice(i);
  if (op === "swap") return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  const near = NEIGHBOURS[word[i]];
  return near ? word.slice(0, i) + rng.pick(near.split("")) + word.slice(i + 1) : word.slice(0, i) + word.slice(i + 1);
}

/** The query with one or two slips in its longer words. */
function misspell(rng: Rng, text: string): string {
  const words = normalizeQuery(text).split(" ");
  const long = words.map((w, i) => (w.length >= 4 ? i : -1)).filter((i) => i >= 0);
  if (!long.length) return text;
  const slips = rng.chance(0.7) ? 1 : 2;
  for (let n = 0; n < slips; n++) {
    const i = rng.pick(long);
    words[i] = slip(rng, words[i]);
  }
  return words.join(" ");
}

/** Clients: pseudonymous tags, some searching far more than others. */
function clientTag(seed: number, n: number): string {
  return [0, 1, 2, 3].map((k) => hash32(seed, "client", n, k).toString(16).padStart(8, "0")).join("");
}

/**
 * `count` searches over the `DAYS` days before `now`, most recent days a little busier, weekdays busier
 * than weekends, ordered by time.
 */
export function generateDemoSearches(
  opts: { now: Date; seed?: number; count?: number } = { now: new Date() },
): DemoSearch[] {
  const seed = opts.seed ?? DEMO_SEARCH_SEED;
  const count = opts.count ?? DEMO_SEARCH_COUNT;
  const rng = createRng(hash32(seed, "searches"));
  const bases = rng.shuffle(baseQueries());
  // Zipf-like popularity: the first names are searched far more than the last.
  const popularity = bases.map((_, r) => 1 / (r + 1) ** 0.9);
  const clients = Math.max(50, Math.round(count * 0.45));
  const clientWeights = Array.from({ length: clients }, (_, r) => 1 / (r + 1) ** 0.5);
  const clientIds = Array.from({ length: clients }, (_, r) => r);
  const out: DemoSearch[] = [];
  const end = opts.now.getTime();
  const dayMs = 86_400_000;
  for (let n = 0; n < count; n++) {
    // A day (weekends half as busy, the recent ones a little more), then a time of that day.
    let at = 0;
    for (let tries = 0; tries < 10; tries++) {
      at = end - Math.floor(rng.next() * DAYS * dayMs) - 60_000;
      const day = new Date(at).getUTCDay();
      const recency = 1 - (end - at) / (DAYS * dayMs) / 2;
      if (rng.chance((day === 0 || day === 6 ? 0.5 : 1) * recency)) break;
    }
    const client = clientTag(seed, rng.weighted(clientIds, clientWeights));
    const kind = rng.weighted<SearchKind>(["clean", "typo", "joined", "gap", "phrase", "noise"], [58, 22, 4, 9, 4, 3]);
    const wrap = (b: Base) => {
      const w = rng.weighted(
        WRAPS[b.locale],
        WRAPS[b.locale].map((x) => (x.form.includes("{q}") && !b.quals.length ? 0 : x.weight)),
      );
      return w.form.replace("{x}", b.text.toLowerCase()).replace("{q}", b.quals.length ? rng.pick(b.quals) : "");
    };
    // A searcher mostly searches in the page's language.
    const localeOf = (l: Locale): Locale => (rng.chance(0.9) ? l : l === "en" ? "es" : "en");
    if (kind === "clean" || kind === "typo" || kind === "joined") {
      const b = rng.weighted(bases, popularity);
      const clean = kind === "joined" ? b.text.toLowerCase() : wrap(b);
      const intent = normalizeQuery(clean);
      let text = clean;
      if (kind === "typo") text = misspell(rng, clean);
      if (kind === "joined") {
        const words = intent.split(" ");
        if (words.length < 2) text = misspell(rng, clean);
        else {
          const i = rng.int(0, words.length - 2);
          text = [...words.slice(0, i), words[i] + words[i + 1], ...words.slice(i + 2)].join(" ");
        }
      }
      const typed = kind !== "clean" && normalizeQuery(text) !== intent;
      out.push({
        text,
        locale: localeOf(b.locale),
        client,
        at: new Date(at),
        kind: typed ? kind : "clean",
        intent: [intent],
      });
    } else if (kind === "gap") {
      const [text, locale, intent] = rng.pick(GAPS);
      out.push({ text, locale: localeOf(locale), client, at: new Date(at), kind, intent });
    } else {
      const [text, locale] = rng.pick(kind === "phrase" ? PHRASES : NOISE);
      out.push({ text, locale: localeOf(locale), client, at: new Date(at), kind, intent: [] });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Writes the demo searches into the search log (normalised as logSearch keeps them), each with the
 * number of templates the real search finds for it now: each distinct query searched once. Answers
 * how many rows and distinct queries were written.
 */
export async function seedSearchLog(
  db: Db,
  opts: { now: Date; seed?: number; count?: number; log?: Logger },
): Promise<{ searches: number; queries: number; zeroResults: number }> {
  const searches = generateDemoSearches(opts).map((s) => ({ ...s, query: normalizeQuery(s.text) }));
  const ctx = { db, locale: "en" as const, clock: { now: () => opts.now }, log: opts.log ?? silent };
  const counts = new Map<string, number>();
  for (const s of searches)
    if (s.query && !counts.has(s.query))
      counts.set(s.query, (await searchTemplates(ctx, { q: s.query, pageSize: 1 })).total);
  const rows = searches
    .filter((s) => s.query)
    .map((s) => ({
      query: s.query,
      locale: s.locale,
      resultCount: counts.get(s.query) ?? 0,
      client: s.client,
      createdAt: s.at,
    }));
  for (let i = 0; i < rows.length; i += 1000) await insertSearchLogRows(db, rows.slice(i, i + 1000));
  return { searches: rows.length, queries: counts.size, zeroResults: rows.filter((r) => r.resultCount === 0).length };
}

const silent: Logger = { info() {}, warn() {}, error() {} };
