/**
 * Deterministic demo catalogue generator.
 *
 * `generateDemoCatalog({ seed, count, now })` returns the same templates, texts, palettes, designs and
 * histories for the same seed and `now`: every random choice comes from seeded mulberry32 streams
 * (prng.ts) derived from the seed and the template index; nothing reads the clock or Math.random.
 */

import { contrast, isDark } from "#modules/slides/color.ts";
import type { AspectRatio, Decor, Design, Palette, Slide, SlideLayout } from "#modules/slides/design.ts";
import { fontInfo } from "#modules/slides/font-facts.ts";
import { isTemporal } from "#modules/slides/layout.ts";
import type { DownloadFormat } from "../../../config/constants.ts";
import { getKit, type Kit, type KitList } from "./kits.ts";
import { buildPalette, HARMONIES, type Harmony, modesFor, type PaletteMode } from "./palettes.ts";
import { createRng, hash32, type Rng } from "./prng.ts";
import { CATEGORIES, type CategorySlug, COLORS, type ColorSlug, STYLES, type StyleSlug } from "./taxonomy.ts";
import { KIT_TAGS, STYLE_ADJECTIVES, STYLE_PHRASES, TOPICS, type Topic } from "./topics.ts";

export type TemplateFormat = DownloadFormat;

export type TemplateText = { title: string; description: string; slug: string };

export type DemoHistory = {
  /** Only days with views; UTC dates. */
  views: { day: string; views: number }[];
  /** Every download, oldest first; colorIndex points into `colors`. */
  downloads: { at: Date; colorIndex: number; format: TemplateFormat }[];
};

export type DemoTemplate = {
  categorySlug: CategorySlug;
  tagSlugs: string[];
  styleSlugs: StyleSlug[];
  isPremium: boolean;
  aspectRatio: AspectRatio;
  headingFont: string;
  bodyFont: string;
  formats: TemplateFormat[];
  publishedAt: Date;
  slidesCount: number;
  translations: { en: TemplateText; es: TemplateText };
  colors: { colorSlug: ColorSlug; palette: Palette }[];
  design: Design;
  history: DemoHistory;
  /** All-time downloads (equals history.downloads.length in the demo catalogue). */
  downloadsCount: number;
  /** All-time views (the sum of history.views in the demo catalogue). */
  viewsCount: number;
  /** downloads x 5 + views over the last 7 days (DECISIONS.md), as of `now`. */
  trendingScore: number;
};

export type GenerateOptions = { seed?: number; count?: number; now: Date };

export const DEFAULT_SEED = 20261122;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Style-driven choices

/** Decors per style, repeated entries weigh more; every style can take four or five of the six. */
const STYLE_DECOR: Record<StyleSlug, Decor[]> = {
  minimalist: ["clean", "clean", "clean", "frame", "frame", "split", "band"],
  corporate: ["split", "split", "band", "band", "clean", "geometric", "frame"],
  creative: ["blobs", "blobs", "geometric", "geometric", "split", "band", "frame"],
  elegant: ["frame", "frame", "frame", "clean", "clean", "split"],
  playful: ["blobs", "blobs", "blobs", "geometric", "geometric", "band", "split"],
  modern: ["geometric", "band", "clean", "split", "frame"],
  vintage: ["frame", "frame", "frame", "split", "clean", "band"],
  bold: ["band", "band", "band", "split", "split", "geometric", "blobs"],
  geometric: ["geometric", "geometric", "geometric", "band", "split", "clean"],
  colorful: ["blobs", "blobs", "geometric", "geometric", "split", "band"],
};

const STYLE_MODES: Record<StyleSlug, PaletteMode[]> = {
  minimalist: ["light", "light", "light", "dark"],
  corporate: ["light", "tinted", "light"],
  creative: ["tinted", "light", "dark", "vivid"],
  elegant: ["dark", "cream", "light"],
  playful: ["tinted", "tinted", "light"],
  modern: ["light", "dark", "tinted"],
  vintage: ["cream", "cream", "tinted"],
  bold: ["vivid", "dark", "vivid"],
  geometric: ["light", "dark", "tinted"],
  colorful: ["tinted", "light", "vivid"],
};

/** Styles that combine naturally with a primary style (for the 1-3 style tags). */
const STYLE_COMPANIONS: Record<StyleSlug, StyleSlug[]> = {
  minimalist: ["modern", "elegant", "corporate"],
  corporate: ["modern", "minimalist", "geometric"],
  creative: ["colorful", "modern", "bold", "playful"],
  elegant: ["minimalist", "vintage", "modern"],
  playful: ["colorful", "creative"],
  modern: ["minimalist", "geometric", "bold", "corporate"],
  vintage: ["elegant", "creative"],
  bold: ["modern", "creative", "colorful"],
  geometric: ["modern", "creative", "minimalist"],
  colorful: ["playful", "creative", "bold"],
};

/** Heading / body pairs per style; see FONTS (modules/slides/font-facts.ts) for which are on Google Fonts or on macOS. */
const FONT_PAIRS: Record<StyleSlug, [string, string][]> = {
  minimalist: [
    ["Inter", "Inter"],
    ["Helvetica Neue", "Helvetica Neue"],
    ["Work Sans", "Work Sans"],
    ["DM Sans", "DM Sans"],
    ["Montserrat", "Lato"],
  ],
  corporate: [
    ["Montserrat", "Open Sans"],
    ["Roboto", "Roboto"],
    ["Calibri", "Calibri"],
    ["Arial", "Arial"],
    ["Source Sans 3", "Source Sans 3"],
    ["Avenir Next", "Avenir Next"],
    ["Segoe UI", "Segoe UI"],
  ],
  creative: [
    ["Space Grotesk", "DM Sans"],
    ["Poppins", "Nunito"],
    ["Fraunces", "Work Sans"],
    ["Raleway", "Lato"],
  ],
  elegant: [
    ["Playfair Display", "Lato"],
    ["Cormorant Garamond", "Montserrat"],
    ["Didot", "Avenir Next"],
    ["Georgia", "Helvetica Neue"],
    ["Baskerville", "Gill Sans"],
  ],
  playful: [
    ["Fredoka", "Nunito"],
    ["Quicksand", "Nunito"],
    ["Poppins", "Quicksand"],
  ],
  modern: [
    ["Montserrat", "Inter"],
    ["Poppins", "Inter"],
    ["Futura", "Avenir Next"],
    ["Josefin Sans", "Lato"],
  ],
  vintage: [
    ["Libre Baskerville", "Lato"],
    ["Lora", "Open Sans"],
    ["Palatino", "Optima"],
    ["EB Garamond", "Raleway"],
    ["Cambria", "Calibri"],
  ],
  bold: [
    ["Oswald", "Roboto"],
    ["Montserrat", "Roboto"],
    ["Poppins", "Open Sans"],
    ["Century Gothic", "Century Gothic"],
  ],
  geometric: [
    ["Josefin Sans", "Work Sans"],
    ["Futura", "Helvetica Neue"],
    ["Montserrat", "DM Sans"],
  ],
  colorful: [
    ["Poppins", "Nunito"],
    ["Fredoka", "Open Sans"],
    ["Raleway", "Open Sans"],
  ],
};

/**
 * Formats a template is offered in:
 * - PP (PowerPoint) always: the .pptx is the master file.
 * - GS (Google Slides) only when both fonts are on Google Fonts, because Google Slides can only use
 *   those; anything else would be substituted on import.
 * - KN (Keynote) when each font is either installed with macOS or on Google Fonts (free to install on
 *   a Mac). Microsoft Office fonts such as Calibri or Segoe UI are neither, so those templates are
 *   PowerPoint only.
 */
export function formatsForFonts(headingFont: string, bodyFont: string): TemplateFormat[] {
  const fonts = [fontInfo(headingFont), fontInfo(bodyFont)];
  const formats: TemplateFormat[] = ["PP"];
  if (fonts.every((f) => f?.google)) formats.push("GS");
  if (fonts.every((f) => f && (f.apple || f.google))) formats.push("KN");
  return formats;
}

// ---------------------------------------------------------------------------------------------------
// Text helpers

const ACRONYM = /[A-Z].*[A-Z]/;
const KEEP_CASE = new Set(["Instagram", "TikTok", "LinkedIn", "Black", "Friday", "PhD", "Master's", "SaaS"]);

function lowerEn(s: string): string {
  return s
    .split(" ")
    .map((w) => (ACRONYM.test(w) || KEEP_CASE.has(w) ? w : w.toLowerCase()))
    .join(" ");
}

function capFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function article(word: string): string {
  return /^(uni|use|eu)/i.test(word) ? "a" : /^[aeiou]/i.test(word) ? "an" : "a";
}

export function slugify(s: string, max = 80): string {
  const base = s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (base.length <= max) return base;
  const cut = base.slice(0, max + 1).lastIndexOf("-");
  return base.slice(0, cut > 20 ? cut : max).replace(/-+$/, "");
}

function esAdjective(style: StyleSlug, topic: Topic): string {
  const forms = STYLE_ADJECTIVES[style].es;
  const idx = (topic.es.g === "f" ? 1 : 0) + (topic.es.pl ? 2 : 0);
  return forms[idx];
}

type TitleParts = { styles: StyleSlug[]; qual?: [string, string]; color?: ColorSlug; number?: number };

function titleFor(topic: Topic, p: TitleParts): { en: string; es: string } {
  const adjsEn = p.styles.map((s) => STYLE_ADJECTIVES[s].en);
  const adjsEs = p.styles.map((s) => esAdjective(s, topic));
  let en = [...adjsEn.slice().reverse(), topic.en].join(" ");
  const esAdj = adjsEs.length === 2 ? `${adjsEs[0]} y ${adjsEs[1]}` : adjsEs.join(" ");
  let es = [topic.es.head, esAdj, topic.es.tail].filter(Boolean).join(" ");
  if (p.qual) {
    en += ` ${p.qual[0]}`;
    es += ` ${p.qual[1]}`;
  }
  if (p.color) {
    const c = COLORS.find((x) => x.slug === p.color)!;
    en += ` in ${c.nameEn}`;
    es += ` en ${c.nameEs.toLowerCase()}`;
  }
  if (p.number) {
    en += ` ${p.number}`;
    es += ` ${p.number}`;
  }
  return { en, es: capFirst(es) };
}

const FEATURES: [SlideLayout | "charts", string, string][] = [
  ["charts", "editable bar and pie charts", "gráficos de barras y circulares editables"],
  ["timeline", "a timeline", "una línea de tiempo"],
  ["process", "process diagrams", "diagramas de procesos"],
  ["comparison-table", "a comparison table", "una tabla comparativa"],
  ["team", "a team slide", "una diapositiva de equipo"],
  ["big-number", "big-number stats", "cifras destacadas"],
  ["chart-bars", "a bar chart", "un gráfico de barras"],
  ["chart-pie", "a pie chart", "un gráfico circular"],
  ["quote", "a quote slide", "una diapositiva de cita"],
  ["image-text", "image placeholders", "marcadores de imagen"],
  ["agenda", "an agenda", "una agenda"],
];

function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

const APPS: Record<TemplateFormat, string> = { PP: "PowerPoint", GS: "Google Slides", KN: "Keynote" };

function descriptions(
  topic: Topic,
  style: StyleSlug,
  qual: [string, string] | undefined,
  design: Design,
  formats: TemplateFormat[],
  rng: Rng,
): { en: string; es: string } {
  const n = design.slides.length;
  const adjEn = STYLE_ADJECTIVES[style].en.toLowerCase();
  const nameEn = `${adjEn} ${topic.enLower ?? lowerEn(topic.en)}${qual ? ` ${lowerEn(qual[0])}` : ""}`;
  const leadEn = rng.pick(["made for", "ideal for", "designed for"]);
  const s1En = topic.plural
    ? `${capFirst(nameEn)} with ${n} slides, ${leadEn} ${topic.purpose[0]}.`
    : `${capFirst(article(nameEn))} ${nameEn} with ${n} slides, ${leadEn} ${topic.purpose[0]}.`;

  const esAdj = esAdjective(style, topic);
  const nameEs = [topic.es.head, esAdj, topic.es.tail].filter(Boolean).join(" ") + (qual ? ` ${qual[1]}` : "");
  const suffix = (topic.es.g === "f" ? "a" : "o") + (topic.es.pl ? "s" : "");
  const leadEs = rng
    .pick([`pensad${suffix} para`, "ideal para", `diseñad${suffix} para`])
    .replace("ideal para", topic.es.pl ? "ideales para" : "ideal para");
  const art = topic.es.pl ? "" : topic.es.g === "f" ? "Una " : "Un ";
  const s1Es = `${art}${art ? nameEs : capFirst(nameEs)} con ${n} diapositivas, ${leadEs} ${topic.purpose[1]}.`;

  const layouts = new Set<string>(design.slides.map((s) => s.layout));
  if (layouts.has("chart-bars") && layouts.has("chart-pie")) {
    layouts.delete("chart-bars");
    layouts.delete("chart-pie");
    layouts.add("charts");
  }
  let present = FEATURES.filter(([key]) => layouts.has(key));
  if (present.length > 3) present = present.filter(([key]) => key !== "agenda");
  const picked = rng.sample(present, rng.int(2, 3)).map(([, en, es]) => [en, es] as [string, string]);
  const [phraseEn, phraseEs] = STYLE_PHRASES[style];
  const s2En = picked.length
    ? `${phraseEn}, with ${joinList(
        picked.map((p) => p[0]),
        "and",
      )}.`
    : `${phraseEn}, fully editable.`;
  const s2Es = picked.length
    ? `${phraseEs}, con ${joinList(
        picked.map((p) => p[1]),
        "y",
      )}.`
    : `${phraseEs}, totalmente editables.`;
  const apps = formats.map((f) => APPS[f]);
  const s3En = `Works in ${joinList(apps, "and")}.`;
  const s3Es = `Compatible con ${joinList(apps, "y")}.`;
  return { en: `${s1En} ${s2En} ${s3En}`, es: `${s1Es} ${s2Es} ${s3Es}` };
}

// ---------------------------------------------------------------------------------------------------
// Designs

const NAMES = [
  "Maya Chen",
  "Daniel Okafor",
  "Sofía Álvarez",
  "Tom Becker",
  "Aisha Rahman",
  "Lucas Moreau",
  "Elena Petrova",
  "Javier Ortega",
  "Priya Nair",
  "Oliver Grant",
  "Hana Sato",
  "Mateo Rossi",
  "Grace Kim",
  "Samuel Adeyemi",
  "Clara Jensen",
  "Diego Fernández",
  "Amelia Brooks",
  "Yusuf Demir",
  "Lena Fischer",
  "Marcus Hill",
  "Valentina Cruz",
  "Noah Williams",
  "Ines Carvalho",
  "Ethan Park",
  "Zara Malik",
  "Hugo Lambert",
  "Nora Lindgren",
  "Carlos Mendoza",
  "Ruth Abebe",
  "Leo Novak",
  "Chloe Martin",
  "Ravi Patel",
  "Lucía Romero",
  "Felix Wagner",
  "Mia Johansson",
  "Andrés Vidal",
];

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const LAYOUT_WEIGHTS: Record<CategorySlug, Partial<Record<SlideLayout, number>>> = {
  marketing: {
    bullets: 3,
    "two-columns": 2,
    "image-text": 3,
    "big-number": 2,
    "chart-bars": 2,
    "chart-pie": 2,
    timeline: 1.5,
    process: 2,
    quote: 1,
    team: 1,
    "comparison-table": 1.5,
  },
  business: {
    bullets: 3,
    "two-columns": 2,
    "image-text": 2,
    "big-number": 2.5,
    "chart-bars": 2.5,
    "chart-pie": 1.5,
    timeline: 2,
    process: 2,
    quote: 1,
    team: 1.5,
    "comparison-table": 2,
  },
  education: {
    bullets: 3.5,
    "two-columns": 3,
    "image-text": 3,
    "big-number": 1,
    "chart-bars": 1.5,
    "chart-pie": 1.5,
    timeline: 2,
    process: 2.5,
    quote: 1.5,
    team: 0.5,
    "comparison-table": 1.5,
  },
  "multi-purpose": {
    bullets: 2.5,
    "two-columns": 2,
    "image-text": 3.5,
    "big-number": 2,
    "chart-bars": 1.5,
    "chart-pie": 1.5,
    timeline: 1.5,
    process: 1.5,
    quote: 2,
    team: 1.5,
    "comparison-table": 1,
  },
  infographics: {
    bullets: 1,
    "two-columns": 1,
    "image-text": 0.5,
    "big-number": 3,
    "chart-bars": 4,
    "chart-pie": 4,
    timeline: 3.5,
    process: 3.5,
    quote: 0.3,
    team: 0.3,
    "comparison-table": 3,
  },
};

function initials(name: string): string {
  const parts = name.split(" ");
  return (parts[0].charAt(0) + (parts[parts.length - 1]?.charAt(0) ?? "")).toUpperCase();
}

/** Draws kit entries without repeating until both the topic kit and the general kit are used up. */
function makePicker(rng: Rng, kit: Kit, general: Kit) {
  const queues = new Map<KitList, unknown[]>();
  return function take<K extends KitList>(field: K): Kit[K][number] {
    let q = queues.get(field);
    if (!q) {
      const own = kit[field] as unknown[];
      const gen = kit === general ? [] : (general[field] as unknown[]);
      q = [...rng.shuffle(own), ...rng.shuffle(gen)];
      queues.set(field, q);
    }
    if (q.length > 0) return q.shift() as Kit[K][number];
    const all = [...(kit[field] as unknown[]), ...(general[field] as unknown[])];
    return rng.pick(all) as Kit[K][number];
  };
}

function barValues(rng: Rng, labels: string[], from: number, to: number, ordered: boolean): number[] {
  const temporal = ordered || isTemporal(labels);
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const decimals = hi < 10 ? 1 : 0;
  const round = (v: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
  const n = labels.length;
  return labels.map((_, i) => {
    if (!temporal) return round(lo + (hi - lo) * rng.next());
    const t = n > 1 ? i / (n - 1) : 1;
    const v = from + (to - from) * t + (hi - lo) * (rng.next() - 0.5) * 0.1;
    return round(Math.min(hi * 1.04, Math.max(lo * 0.92, v)));
  });
}

function pieValues(rng: Rng, n: number): number[] {
  const raw = Array.from({ length: n }, (_, i) => (n - i) * (0.7 + rng.next() * 0.6));
  const total = raw.reduce((a, b) => a + b, 0);
  const vals = raw.map((v) => Math.max(4, Math.round((v / total) * 100)));
  const diff = 100 - vals.reduce((a, b) => a + b, 0);
  vals[0] += diff;
  return vals.sort((a, b) => b - a);
}

function contentSlide(
  layout: SlideLayout,
  take: ReturnType<typeof makePicker>,
  rng: Rng,
  kicker: string | undefined,
  imageLeft: boolean,
): Slide {
  switch (layout) {
    case "bullets": {
      const b = take("bullets");
      const withNote = rng.chance(0.7);
      return { layout, kicker, title: b.title, bullets: b.bullets, ...(withNote ? { note: b.note } : {}) };
    }
    case "two-columns": {
      const c = take("columns");
      return { layout, kicker, title: c.title, intro: c.intro, columns: c.columns };
    }
    case "image-text": {
      const im = take("images");
      const bullets = rng.chance(0.3) ? take("bullets").bullets.slice(0, 3) : undefined;
      return {
        layout,
        kicker: im.kicker,
        title: im.title,
        text: im.text,
        caption: im.caption,
        imageSide: imageLeft ? "left" : "right",
        ...(bullets ? { bullets } : {}),
      };
    }
    case "big-number": {
      const s = take("stats");
      return { layout, kicker, title: s.title, value: s.value, label: s.label, text: s.text, stats: s.stats };
    }
    case "chart-bars": {
      const b = take("bars");
      const values = barValues(rng, b.labels, b.from, b.to, b.ordered);
      return {
        layout,
        kicker,
        title: b.title,
        unit: b.unit,
        bars: b.labels.map((label, i) => ({ label, value: values[i] })),
        takeaway: b.takeaway,
      };
    }
    case "chart-pie": {
      const p = take("pies");
      const values = pieValues(rng, p.labels.length);
      return {
        layout,
        kicker,
        title: p.title,
        slices: p.labels.map((label, i) => ({ label, value: values[i] })),
        takeaway: p.takeaway,
      };
    }
    case "timeline": {
      const t = take("timelines");
      return { layout, kicker, title: t.title, events: t.events.slice(0, 5) };
    }
    case "process": {
      const p = take("processes");
      return { layout, kicker, title: p.title, steps: p.steps.slice(0, 5) };
    }
    case "quote": {
      const q = take("quotes");
      return { layout, quote: q.quote, author: q.author, role: q.role };
    }
    case "team": {
      const t = take("teams");
      const count = rng.chance(0.6) ? 4 : 3;
      const names = rng.sample(NAMES, count);
      return {
        layout,
        kicker,
        title: t.title,
        subtitle: t.subtitle,
        members: names.map((name, i) => ({ name, role: t.roles[i % t.roles.length], initials: initials(name) })),
      };
    }
    case "comparison-table": {
      const t = take("tables");
      return {
        layout,
        kicker,
        title: t.title,
        columns: t.columns,
        rows: t.rows,
        ...(t.highlight ? { highlight: t.highlight } : {}),
      };
    }
    default:
      throw new Error(`Not a content layout: ${layout}`);
  }
}

const THANKS_TITLES = ["Thank you!", "Thank you!", "Thank you", "Thanks for watching!", "Questions?", "Let's talk"];

/** Title-slide kickers by category: neutral placeholders that never name another subject. */
const CATEGORY_KICKERS: Record<CategorySlug, string[]> = {
  marketing: ["Your Brand", "Marketing team", "Agency name", "Your Company"],
  business: ["Your Company", "Company name", "Board meeting", "Strategy meeting"],
  education: ["School name", "Class presentation", "Your Name", "Academic year 2026"],
  "multi-purpose": ["Your Name", "Presentation 2026", "Your Company", "Studio name"],
  infographics: ["Key figures", "Data overview", "Your Company", "Report 2026"],
};

const CONTENT_LAYOUTS: SlideLayout[] = [
  "bullets",
  "two-columns",
  "image-text",
  "big-number",
  "chart-bars",
  "chart-pie",
  "timeline",
  "process",
  "quote",
  "team",
  "comparison-table",
];

/** The kit list that fills each content layout. */
const LAYOUT_FIELD: Partial<Record<SlideLayout, KitList>> = {
  bullets: "bullets",
  "two-columns": "columns",
  "image-text": "images",
  "big-number": "stats",
  "chart-bars": "bars",
  "chart-pie": "pies",
  timeline: "timelines",
  process: "processes",
  quote: "quotes",
  team: "teams",
  "comparison-table": "tables",
};

/**
 * Layouts a deck must contain, by category and by the topic's tags; each inner list reads "at least
 * one of". Education decks explain a sequence (a timeline or a process), pitch decks show big numbers,
 * a chart and the team, infographics are mostly charts and diagrams.
 */
export function requiredLayouts(topic: Topic): SlideLayout[][] {
  const req: SlideLayout[][] = [];
  switch (topic.category) {
    case "education":
      req.push(["timeline", "process"], ["two-columns", "image-text"]);
      break;
    case "business":
      req.push(["chart-bars", "chart-pie", "big-number"], ["comparison-table", "process", "timeline"]);
      break;
    case "marketing":
      req.push(["chart-bars", "chart-pie", "big-number"], ["image-text", "quote"]);
      break;
    case "multi-purpose":
      req.push(["image-text"], ["quote", "team", "big-number"]);
      break;
    case "infographics":
      req.push(["chart-bars", "chart-pie"], ["big-number", "comparison-table"], ["timeline", "process"]);
      break;
  }
  const tags = new Set(topic.tags);
  if (tags.has("pitch-deck")) req.push(["big-number"], ["chart-bars"], ["team"]);
  if (tags.has("timeline") || tags.has("roadmap")) req.push(["timeline"]);
  if (tags.has("workshop") || tags.has("training")) req.push(["process"]);
  if (tags.has("portfolio")) req.push(["image-text"]);
  if (tags.has("company-profile")) req.push(["team"]);
  if (tags.has("report") || tags.has("finance") || tags.has("sales") || tags.has("annual-report"))
    req.push(["chart-bars", "chart-pie"], ["big-number"]);
  if (tags.has("swot")) req.push(["two-columns", "comparison-table"]);
  return req;
}

/**
 * The title slide: the topic's own name (or a kit title that contains it, with its subtitle), so the
 * deck opens on the subject its template is named after.
 */
function heroFor(rng: Rng, topic: Topic, kit: Kit): { title: string; subtitle: string } {
  const name = topic.en.toLowerCase();
  const fits = kit.titles.map((title, i) => ({ title, i })).filter((t) => t.title.toLowerCase().includes(name));
  if (fits.length > 0 && rng.chance(0.6)) {
    const f = rng.pick(fits);
    if (kit.subtitles[f.i]) return { title: f.title, subtitle: kit.subtitles[f.i] };
  }
  const title = topic.en === "Presentation" ? "Your Presentation Title" : topic.en;
  return { title, subtitle: `For ${topic.purpose[0]}.` };
}

/** The share of a deck's content slides its pool must be able to fill with the topic's own texts. */
const OWN_SHARE = 0.8;

/**
 * The content layouts of one deck: the required ones, then a weighted draw of others (favouring those
 * the topic's own kit has text for). Short decks use few layouts, long ones more, so decks of the same
 * category differ in which layouts they show, not only in colour.
 */
function layoutPool(rng: Rng, topic: Topic, kit: Kit, contentCount: number): SlideLayout[] {
  const weights = LAYOUT_WEIGHTS[topic.category];
  const own = (l: SlideLayout) => (kit[LAYOUT_FIELD[l]!] as unknown[]).length;
  const weightOf = (l: SlideLayout) => (weights[l] ?? 0) * (own(l) > 0 ? 1 : 0.15);
  const pool: SlideLayout[] = [];
  for (const group of rng.shuffle(requiredLayouts(topic))) {
    if (group.some((l) => pool.includes(l))) continue;
    const withText = group.filter((l) => own(l) > 0);
    const choices = withText.length ? withText : group;
    pool.push(
      rng.weighted(
        choices,
        choices.map((l) => Math.max(0.1, weights[l] ?? 0)),
      ),
    );
  }
  const target = Math.min(
    contentCount,
    rng.int(7, CONTENT_LAYOUTS.length),
    Math.max(pool.length, 4, Math.round(contentCount / 2) + rng.int(-1, 1)),
  );
  // A longer deck takes more layouts: enough of the topic's own texts for most of its slides (the
  // general kit's fill the rest), and no slide has to repeat while another text is unused.
  const general = getKit("general");
  const ownText = () => pool.reduce((n, l) => n + own(l), 0);
  const allText = () => pool.reduce((n, l) => n + own(l) + (general[LAYOUT_FIELD[l]!] as unknown[]).length, 0);
  const enough = () => ownText() >= Math.ceil(contentCount * OWN_SHARE) && allText() >= contentCount;
  while (pool.length < CONTENT_LAYOUTS.length && (pool.length < target || !enough())) {
    const rest = CONTENT_LAYOUTS.filter((l) => !pool.includes(l));
    const short = ownText() < Math.ceil(contentCount * OWN_SHARE);
    pool.push(
      rng.weighted(
        rest,
        rest.map((l) => weightOf(l) * (short ? own(l) : 1)),
      ),
    );
  }
  return pool;
}

export function buildDesign(rng: Rng, topic: Topic, slidesCount: number, decor: Decor, date: Date): Design {
  const kit = getKit(topic.kit);
  const general = getKit("general");
  const take = makePicker(rng, kit, general);
  const slides: Slide[] = [];
  const hero = heroFor(rng, topic, kit);
  slides.push({
    layout: "title",
    decor,
    kicker: rng.pick(CATEGORY_KICKERS[topic.category]),
    title: hero.title,
    subtitle: hero.subtitle,
    presenter: `Presented by ${rng.pick(NAMES)}`,
    date: `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
  });
  const withAgenda = rng.chance(slidesCount >= 13 ? 0.85 : 0.45);
  const agendaItems = kit.agenda.slice(0, rng.int(4, Math.min(6, kit.agenda.length)));
  if (withAgenda)
    slides.push({
      layout: "agenda",
      decor,
      title: rng.pick(["Agenda", "Agenda", "Contents", "Today's plan"]),
      items: agendaItems,
    });
  const bodyCount = slidesCount - slides.length - 1;
  const withSections = slidesCount >= 13 && rng.chance(withAgenda ? 0.8 : 0.4);
  const sections = withSections ? Math.max(2, Math.min(agendaItems.length, Math.round(bodyCount / 4))) : 0;
  // Positions in the body where a section header goes (the first one opens the body, or follows an
  // opening slide).
  const lead = sections > 0 && rng.chance(0.35) ? 1 : 0;
  const sectionAt = new Set<number>();
  for (let k = 0; k < sections; k++) sectionAt.add(lead + Math.floor((k * (bodyCount - lead)) / sections));
  const contentCount = bodyCount - sections;
  const pool = layoutPool(rng, topic, kit, contentCount);
  const weights = LAYOUT_WEIGHTS[topic.category];
  const field = (l: SlideLayout) => LAYOUT_FIELD[l]!;
  const ownLeft = new Map<SlideLayout, number>(pool.map((l) => [l, (kit[field(l)] as unknown[]).length]));
  const allLeft = new Map<SlideLayout, number>(
    pool.map((l) => [l, (kit[field(l)] as unknown[]).length + (general[field(l)] as unknown[]).length]),
  );
  const used = new Map<SlideLayout, number>();
  let prev: SlideLayout | null = null;
  let sectionNo = 0;
  let kicker: string | undefined;
  let imageLeft = rng.chance(0.5);
  let contentLeft = contentCount;
  for (let i = 0; i < bodyCount; i++) {
    if (sectionAt.has(i)) {
      const item = agendaItems[sectionNo];
      sectionNo++;
      slides.push({
        layout: "section",
        decor,
        number: String(sectionNo).padStart(2, "0"),
        title: item.title,
        subtitle: item.text,
      });
      kicker = item.title;
      prev = "section";
      continue;
    }
    // Every layout of the pool appears once before any repeats run out of room; then the topic's own
    // text goes first, the general kit's after.
    const unused = pool.filter((l) => !used.has(l));
    const candidates = unused.length >= contentLeft ? unused : pool;
    const w = candidates.map((l) => {
      if (l === prev && candidates.length > 1) return 0;
      // A deck quotes someone or shows its team at most twice, unless nothing else is left.
      if ((l === "quote" || l === "team") && (used.get(l) ?? 0) >= 2 && candidates.some((c) => c !== l && c !== prev))
        return 0;
      const base = Math.max(0.2, weights[l] ?? 0);
      const n = used.get(l) ?? 0;
      const text = (ownLeft.get(l) ?? 0) > 0 ? 1 : (allLeft.get(l) ?? 0) > 0 ? 0.06 : 0.002;
      return base * text * (n === 0 ? 2.5 : 1 / (1 + n * 0.8));
    });
    const layout = rng.weighted(candidates, w);
    used.set(layout, (used.get(layout) ?? 0) + 1);
    ownLeft.set(layout, (ownLeft.get(layout) ?? 0) - 1);
    allLeft.set(layout, (allLeft.get(layout) ?? 0) - 1);
    contentLeft--;
    const k = kicker ?? (agendaItems.length ? agendaItems[i % agendaItems.length].title : undefined);
    const slide = contentSlide(layout, take, rng, k, imageLeft);
    if (layout === "image-text") imageLeft = !imageLeft;
    slides.push({ ...slide, decor });
    prev = layout;
  }
  const thanks = kit.thanks.length ? kit.thanks : general.thanks;
  slides.push({
    layout: "thank-you",
    decor,
    title: rng.pick(THANKS_TITLES),
    subtitle: rng.pick(thanks),
    contact: { email: "hello@yourcompany.com", website: "www.yourcompany.com", phone: "+1 (555) 123-4567" },
  });
  return { slides };
}

/**
 * Advances a template's plan stream exactly as the 2025-2026 generator's design did (it drew the slides
 * from this stream, before the names). Replaying those draws keeps every name, slug, tag and
 * description choice of the catalogue as published: the blog, the search relevance set and seeded sites
 * cite these slugs. The slides themselves come from their own stream (`buildDesign`); nothing drawn
 * here is kept.
 */
function replayLegacyDesignDraws(rng: Rng, topic: Topic, slidesCount: number): void {
  const kit = getKit(topic.kit);
  const take = makePicker(rng, kit, getKit("general"));
  rng.int(0, Math.min(kit.titles.length, kit.subtitles.length) - 1);
  rng.next(); // kicker
  rng.next(); // presenter
  const withAgenda = slidesCount >= 10 || rng.chance(0.5);
  const agendaItems = kit.agenda.slice(0, rng.int(4, Math.min(6, kit.agenda.length)));
  if (withAgenda) rng.next(); // agenda title
  const bodyCount = slidesCount - (withAgenda ? 2 : 1) - 1;
  const sections = slidesCount >= 13 ? Math.max(2, Math.min(agendaItems.length, Math.round(bodyCount / 5))) : 0;
  const sectionAt = new Set<number>();
  for (let k = 0; k < sections; k++) sectionAt.add(Math.floor((k * bodyCount) / sections));
  const weights = LAYOUT_WEIGHTS[topic.category];
  const candidates = Object.keys(weights) as SlideLayout[];
  const used = new Map<SlideLayout, number>();
  let prev: SlideLayout | null = null;
  rng.next(); // first image side
  for (let i = 0; i < bodyCount; i++) {
    if (sectionAt.has(i)) {
      prev = "section";
      continue;
    }
    const w = candidates.map((l) => {
      if (l === prev) return 0;
      const n = used.get(l) ?? 0;
      return (weights[l] ?? 0) * (n === 0 ? 2.2 : 1 / (1 + n * 0.8));
    });
    const layout = rng.weighted(candidates, w);
    used.set(layout, (used.get(layout) ?? 0) + 1);
    contentSlide(layout, take, rng, undefined, false);
    prev = layout;
  }
  rng.next(); // thank-you title
  rng.next(); // thank-you subtitle
}

// ---------------------------------------------------------------------------------------------------
// Planning one template (everything except history)

type Plan = Omit<DemoTemplate, "history" | "downloadsCount" | "viewsCount" | "trendingScore" | "translations"> & {
  topic: Topic;
  style: StyleSlug;
  qualIndex: number;
  titlePattern: "adj" | "adj-qual" | "qual";
  rng: Rng;
};

const ALL_STYLES = STYLES.map((s) => s.slug) as StyleSlug[];
const ALL_COLORS = COLORS.map((c) => c.slug) as ColorSlug[];

function slidesCountFor(rng: Rng): number {
  const band = rng.weighted(["short", "medium", "long"], [0.25, 0.45, 0.3]);
  return band === "short" ? rng.int(8, 12) : band === "medium" ? rng.int(13, 20) : rng.int(21, 30);
}

function planTemplate(
  seed: number,
  index: number,
  topic: Topic,
  isPremium: boolean,
  aspectRatio: AspectRatio,
  publishedAt: Date,
  colorBias: ColorSlug | null,
): Plan {
  const rng = createRng(hash32(seed, "template", index));
  const styles = topic.styles ?? ALL_STYLES;
  const style = rng.pick(styles);
  const extra = rng.sample(STYLE_COMPANIONS[style], rng.weighted([0, 1, 2], [0.35, 0.45, 0.2]));
  const styleSlugs = [style, ...extra];
  const decor = rng.pick(STYLE_DECOR[style]);
  const mode = rng.pick(STYLE_MODES[style]);
  const harmony: Harmony = rng.pick(HARMONIES);
  const [headingFont, bodyFont] = rng.pick(FONT_PAIRS[style]);
  const formats = formatsForFonts(headingFont, bodyFont);

  const nColors = rng.weighted([1, 2, 3, 4], [0.25, 0.35, 0.25, 0.15]);
  const colorSlugs: ColorSlug[] = [];
  const first = colorBias ?? (topic.colors && rng.chance(0.7) ? rng.pick(topic.colors) : rng.pick(ALL_COLORS));
  colorSlugs.push(first);
  for (const c of rng.shuffle(ALL_COLORS)) {
    if (colorSlugs.length >= nColors) break;
    if (!colorSlugs.includes(c)) colorSlugs.push(c);
  }
  const colors = colorSlugs.map((colorSlug) => {
    const m = modesFor(colorSlug).includes(mode) ? mode : rng.pick(modesFor(colorSlug));
    return { colorSlug, palette: buildPalette(colorSlug, m, harmony, rng.next() * 2 - 1) };
  });

  const slidesCount = slidesCountFor(rng);
  // The slides draw from their own stream, so a change in how decks are built leaves names and tags alone.
  const design = buildDesign(createRng(hash32(seed, "design", index)), topic, slidesCount, decor, publishedAt);
  replayLegacyDesignDraws(rng, topic, slidesCount);

  const tags = new Set(topic.tags);
  if (styleSlugs.includes("minimalist")) tags.add("minimal");
  if (isDark(colors[0].palette.background)) tags.add("dark");
  const target = Math.max(Math.min(6, tags.size), rng.int(2, 5));
  for (const t of rng.shuffle(KIT_TAGS[topic.kit] ?? [])) {
    if (tags.size >= target) break;
    tags.add(t);
  }

  const quals = topic.quals ?? [];
  const qualIndex = quals.length ? rng.int(0, quals.length - 1) : -1;
  const titlePattern = quals.length ? rng.weighted(["adj", "adj-qual", "qual"] as const, [0.45, 0.35, 0.2]) : "adj";

  return {
    categorySlug: topic.category,
    tagSlugs: [...tags].slice(0, 6),
    styleSlugs,
    isPremium,
    aspectRatio,
    headingFont,
    bodyFont,
    formats,
    publishedAt,
    slidesCount: design.slides.length,
    colors,
    design,
    topic,
    style,
    qualIndex,
    titlePattern,
    rng,
  };
}

/** Candidate titles, most natural first; the first one free in both locales wins. */
function* titleCandidates(p: Plan): Generator<{ parts: TitleParts; qual?: [string, string] }> {
  const quals = p.topic.quals ?? [];
  const q = p.qualIndex >= 0 ? quals[p.qualIndex] : undefined;
  const preferred: TitleParts[] = [];
  if (p.titlePattern === "adj") preferred.push({ styles: [p.style] });
  if (p.titlePattern === "adj-qual" && q) preferred.push({ styles: [p.style], qual: q });
  if (p.titlePattern === "qual" && q) preferred.push({ styles: [], qual: q });
  for (const parts of preferred) yield { parts, qual: parts.qual };
  yield { parts: { styles: [p.style] } };
  for (const qq of quals) yield { parts: { styles: [p.style], qual: qq }, qual: qq };
  for (const c of p.colors) yield { parts: { styles: [p.style], color: c.colorSlug } };
  for (const other of p.styleSlugs.slice(1)) yield { parts: { styles: [p.style, other] } };
  for (const other of STYLE_COMPANIONS[p.style]) yield { parts: { styles: [p.style, other] } };
  for (let n = 2; ; n++) yield { parts: { styles: [p.style], number: n } };
}

type Registry = { en: Set<string>; es: Set<string>; enSlug: Set<string>; esSlug: Set<string> };

function newRegistry(): Registry {
  return { en: new Set(), es: new Set(), enSlug: new Set(), esSlug: new Set() };
}

function nameTemplate(p: Plan, reg: Registry): DemoTemplate["translations"] {
  for (const cand of titleCandidates(p)) {
    const t = titleFor(p.topic, cand.parts);
    const enSlug = slugify(t.en);
    const esSlug = slugify(t.es);
    if (
      reg.en.has(t.en.toLowerCase()) ||
      reg.es.has(t.es.toLowerCase()) ||
      reg.enSlug.has(enSlug) ||
      reg.esSlug.has(esSlug)
    )
      continue;
    reg.en.add(t.en.toLowerCase());
    reg.es.add(t.es.toLowerCase());
    reg.enSlug.add(enSlug);
    reg.esSlug.add(esSlug);
    const d = descriptions(p.topic, p.style, cand.qual, p.design, p.formats, p.rng);
    return {
      en: { title: t.en, description: d.en, slug: enSlug },
      es: { title: t.es, description: d.es, slug: esSlug },
    };
  }
  throw new Error("unreachable");
}

/** Exactly `round(count * share)` indices, spread by a seeded shuffle. */
function pickShare(rng: Rng, count: number, share: number): Set<number> {
  const idx = rng.shuffle(Array.from({ length: count }, (_, i) => i));
  return new Set(idx.slice(0, Math.round(count * share)));
}

/** Category and topic per index: categories rotate in seeded blocks, topics cycle per category. */
function topicSequence(rng: Rng, count: number): Topic[] {
  const byCategory = new Map<CategorySlug, Topic[]>();
  for (const c of CATEGORIES)
    byCategory.set(
      c.slug,
      TOPICS.filter((t) => t.category === c.slug),
    );
  const queues = new Map<CategorySlug, Topic[]>();
  const out: Topic[] = [];
  let block: CategorySlug[] = [];
  for (let i = 0; i < count; i++) {
    if (block.length === 0) block = rng.shuffle(CATEGORIES.map((c) => c.slug));
    const cat = block.shift()!;
    let q = queues.get(cat);
    if (!q || q.length === 0) {
      q = rng.shuffle(byCategory.get(cat)!);
      queues.set(cat, q);
    }
    out.push(q.shift()!);
  }
  return out;
}

function publishDates(rng: Rng, count: number, now: Date): Date[] {
  const dates: Date[] = [];
  for (let i = 0; i < count; i++) {
    const week = Math.floor((i * 52) / count);
    const offset = rng.next() * 7 * DAY;
    const t = now.getTime() - week * 7 * DAY - offset - 3_600_000;
    dates.push(new Date(Math.floor(t / 60_000) * 60_000));
  }
  return dates.sort((a, b) => b.getTime() - a.getTime());
}

// ---------------------------------------------------------------------------------------------------
// History

const dayKey = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayStart = (t: number) => Math.floor(t / DAY) * DAY;

type Popularity = { base: number; burst: number; viewsPerDownload: number };

function popularity(rng: Rng, isPremium: boolean): Popularity {
  const u = rng.next();
  const base = Math.min(40, (1 - u * 0.999) ** (-1 / 1.5)) * (isPremium ? 1 : 1.35);
  return { base, burst: 1, viewsPerDownload: 8 + rng.next() * 8 };
}

/** Relative download rate for a day, `since` days after publication and `ago` days before today. */
function rate(p: Popularity, since: number, ago: number, weekday: number): number {
  const launch = 0.55 + 1.6 * Math.exp(-since / 12);
  const burst = ago < 7 ? p.burst * (1 - ago * 0.06) : 1;
  const week = weekday === 0 || weekday === 6 ? 0.8 : 1.05;
  return p.base * launch * Math.max(1, burst) * week;
}

/**
 * Picks the templates that trend this week: a few well-liked but not top-selling ones get a 6-14x
 * burst over the last 7 days. The all-time favourites and the newest ones are left out, so trending,
 * latest and popular show clearly different lists.
 */
function assignBursts(rng: Rng, pops: Popularity[], published: Date[], now: Date) {
  const expectedAllTime = pops.map((p, i) => p.base * (now.getTime() - published[i].getTime()));
  const order = pops.map((_, i) => i).sort((a, b) => expectedAllTime[b] - expectedAllTime[a]);
  const top = new Set(order.slice(0, Math.max(12, Math.round(pops.length * 0.06))));
  const newest = published
    .map((d, i) => [d.getTime(), i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, Math.max(12, Math.round(pops.length * 0.05)))
    .map(([, i]) => i);
  const excluded = new Set([...top, ...newest]);
  const pool = pops.map((_, i) => i).filter((i) => !excluded.has(i));
  const count = Math.max(3, Math.round(pops.length * 0.07));
  for (const i of rng.sample(pool, count)) pops[i].burst = (6 + rng.next() * 8) * Math.max(1, 2.2 / pops[i].base);
}

function formatWeights(formats: TemplateFormat[]): number[] {
  return formats.map((f) => (f === "PP" ? 0.6 : f === "GS" ? 0.25 : 0.15));
}

function colorWeights(n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i === 0 ? 0.5 : 0.5 / (n - 1)));
}

function buildHistory(
  rng: Rng,
  t: Omit<DemoTemplate, "history" | "downloadsCount" | "viewsCount" | "trendingScore">,
  p: Popularity,
  scale: number,
  now: Date,
): DemoHistory {
  const nowMs = now.getTime();
  const pub = t.publishedAt.getTime();
  const today = dayStart(nowMs);
  const downloads: DemoHistory["downloads"] = [];
  const views: DemoHistory["views"] = [];
  let bucket = 0;
  let bucketDays: number[] = [];
  const colorIdx = t.colors.map((_, i) => i);
  const cw = colorWeights(t.colors.length);
  const fw = formatWeights(t.formats);
  for (let d = dayStart(pub); d <= today; d += DAY) {
    const from = Math.max(d, pub);
    const to = Math.min(d + DAY, nowMs);
    if (to <= from) continue;
    const frac = (to - from) / DAY;
    const since = (d - dayStart(pub)) / DAY;
    const ago = (today - d) / DAY;
    const r = rate(p, since, ago, new Date(d).getUTCDay()) * scale * frac;
    const nd = rng.poisson(r);
    for (let k = 0; k < nd; k++) {
      downloads.push({
        at: new Date(Math.floor(from + rng.next() * (to - from))),
        colorIndex: rng.weighted(colorIdx, cw),
        format: rng.weighted(t.formats, fw),
      });
    }
    const lambdaViews = r * p.viewsPerDownload;
    if (ago < 14) {
      const v = rng.poisson(lambdaViews);
      if (v > 0) views.push({ day: dayKey(d), views: v });
    } else {
      // Older views are stored weekly (on one day of each 7-day block) to keep the table small.
      bucket += lambdaViews;
      bucketDays.push(d);
      if ((ago - 14) % 7 === 0) {
        const v = rng.poisson(bucket);
        if (v > 0) views.push({ day: dayKey(rng.pick(bucketDays)), views: v });
        bucket = 0;
        bucketDays = [];
      }
    }
  }
  if (bucket > 0 && bucketDays.length) {
    const v = rng.poisson(bucket);
    if (v > 0) views.push({ day: dayKey(rng.pick(bucketDays)), views: v });
  }
  downloads.sort((a, b) => a.at.getTime() - b.at.getTime());
  views.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { views, downloads };
}

/** downloads x 5 + views over the last 7 days (today and the 6 days before, for views), as of `now`. */
export function trendingScoreOf(history: DemoHistory, now: Date): number {
  const since = now.getTime() - 7 * DAY;
  const firstDay = dayKey(dayStart(now.getTime()) - 6 * DAY);
  let downloads = 0;
  for (const d of history.downloads) if (d.at.getTime() > since) downloads++;
  let views = 0;
  for (const v of history.views) if (v.day >= firstDay) views += v.views;
  return downloads * 5 + views;
}

const TARGET_DOWNLOADS_PER_TEMPLATE = 125;

// ---------------------------------------------------------------------------------------------------
// Public API

export function generateDemoCatalog({ seed = DEFAULT_SEED, count = 240, now }: GenerateOptions): DemoTemplate[] {
  const rng = createRng(hash32(seed, "catalog"));
  const topics = topicSequence(rng, count);
  const free = pickShare(rng, count, 0.4);
  const square = pickShare(rng, count, 0.15);
  const dates = publishDates(rng, count, now);
  // Make sure every colour leads at least one template.
  const colorBias = rng.shuffle(ALL_COLORS);
  const biasAt = new Map<number, ColorSlug>();
  const slots = rng.sample(
    Array.from({ length: count }, (_, i) => i),
    Math.min(count, colorBias.length),
  );
  slots.forEach((slot, k) => {
    biasAt.set(slot, colorBias[k]);
  });

  const plans = topics.map((topic, i) =>
    planTemplate(seed, i, topic, !free.has(i), square.has(i) ? "4:3" : "16:9", dates[i], biasAt.get(i) ?? null),
  );
  const reg = newRegistry();
  const named = plans.map((p) => {
    const translations = nameTemplate(p, reg);
    const { topic: _t, style: _s, qualIndex: _q, titlePattern: _p, rng: _r, ...rest } = p;
    return { ...rest, translations };
  });

  const hrng = createRng(hash32(seed, "history"));
  const pops = named.map((t) => popularity(hrng, t.isPremium));
  assignBursts(hrng, pops, dates, now);
  // Scale rates so the catalogue totals about TARGET_DOWNLOADS_PER_TEMPLATE x count downloads.
  let expected = 0;
  const nowMs = now.getTime();
  named.forEach((t, i) => {
    const pub = t.publishedAt.getTime();
    for (let d = dayStart(pub); d <= dayStart(nowMs); d += DAY) {
      expected += rate(pops[i], (d - dayStart(pub)) / DAY, (dayStart(nowMs) - d) / DAY, new Date(d).getUTCDay());
    }
  });
  const scale = (TARGET_DOWNLOADS_PER_TEMPLATE * count) / expected;
  return named.map((t, i) => {
    const history = buildHistory(createRng(hash32(seed, "history", i)), t, pops[i], scale, now);
    const viewsCount = history.views.reduce((s, v) => s + v.views, 0);
    return {
      ...t,
      history,
      downloadsCount: history.downloads.length,
      viewsCount,
      trendingScore: trendingScoreOf(history, now),
    };
  });
}

/**
 * A large catalogue for load tests: same generator, no history (counts are stored directly),
 * produced lazily. Titles may repeat; slugs stay unique per locale thanks to a numeric suffix.
 */
export function* generateLargeCatalog({
  seed = DEFAULT_SEED,
  count = 100_000,
  now,
}: GenerateOptions): Generator<DemoTemplate> {
  const rng = createRng(hash32(seed, "large"));
  const issued = { en: new Set<string>(), es: new Set<string>() };
  const counters = { en: new Map<string, number>(), es: new Map<string, number>() };
  const unique = (slug: string, locale: "en" | "es") => {
    if (!issued[locale].has(slug)) {
      issued[locale].add(slug);
      return slug;
    }
    let k = counters[locale].get(slug) ?? 1;
    const stem = slug.slice(0, 72).replace(/-+$/, "");
    let candidate: string;
    do {
      k++;
      candidate = `${stem}-${k}`;
    } while (issued[locale].has(candidate));
    counters[locale].set(slug, k);
    issued[locale].add(candidate);
    return candidate;
  };
  const topics = TOPICS;
  const nowMs = now.getTime();
  for (let i = 0; i < count; i++) {
    const topic = topics[(i + rng.int(0, topics.length - 1)) % topics.length];
    const publishedAt = new Date(Math.floor((nowMs - rng.next() * 364 * DAY - 3_600_000) / 60_000) * 60_000);
    const plan = planTemplate(
      seed ^ 0x5bd1e995,
      i,
      topic,
      !rng.chance(0.4),
      rng.chance(0.15) ? "4:3" : "16:9",
      publishedAt,
      null,
    );
    const quals = topic.quals ?? [];
    const q = plan.qualIndex >= 0 ? quals[plan.qualIndex] : undefined;
    const parts: TitleParts =
      plan.titlePattern === "qual" && q
        ? { styles: [], qual: q }
        : plan.titlePattern === "adj-qual" && q
          ? { styles: [plan.style], qual: q }
          : { styles: [plan.style] };
    const t = titleFor(topic, parts);
    const d = descriptions(topic, plan.style, parts.qual, plan.design, plan.formats, plan.rng);
    const pop = popularity(rng, plan.isPremium);
    const age = (nowMs - publishedAt.getTime()) / DAY;
    const downloadsCount = Math.round(pop.base * (0.55 * age + 1.6 * 12 * (1 - Math.exp(-age / 12))) * 0.45);
    const viewsCount = Math.round(downloadsCount * pop.viewsPerDownload);
    const recent = Math.min(7, age) / Math.max(age, 1);
    const trendingScore = Math.round(recent * (downloadsCount * 5 + viewsCount));
    const { topic: _t, style: _s, qualIndex: _q, titlePattern: _p, rng: _r, ...rest } = plan;
    yield {
      ...rest,
      translations: {
        en: { title: t.en, description: d.en, slug: unique(slugify(t.en), "en") },
        es: { title: t.es, description: d.es, slug: unique(slugify(t.es), "es") },
      },
      history: { views: [], downloads: [] },
      downloadsCount,
      viewsCount,
      trendingScore,
    };
  }
}

/** The SlideFormat of a template (for renderSlideSvg and buildPptx). */
export function slideFormatOf(t: Pick<DemoTemplate, "aspectRatio" | "headingFont" | "bodyFont">) {
  return { aspectRatio: t.aspectRatio, headingFont: t.headingFont, bodyFont: t.bodyFont };
}

/** Minimum text/background contrast of a palette (for checks). */
export function paletteContrast(p: Palette): number {
  return Math.min(
    contrast(p.text, p.background),
    contrast(p.muted, p.background),
    contrast(p.text, p.surface),
    contrast(p.muted, p.surface),
  );
}
