/**
 * What the generated decks show: each opens on its template's own subject, its description promises
 * only what it holds, and the 240 decks differ in their layouts and decor, not only in colour.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DECORS, SLIDE_LAYOUTS, type Slide, type SlideLayout } from "#modules/slides/design.ts";
import { type DemoTemplate, generateDemoCatalog, requiredLayouts } from "./generate.ts";
import { getKit, type Kit } from "./kits.ts";
import { CATEGORIES } from "./taxonomy.ts";
import { TOPICS, type Topic } from "./topics.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const catalog = generateDemoCatalog({ now: NOW });

const CONTENT: SlideLayout[] = [
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

/** The topic a template is named after: the longest topic name of its category inside its English title. */
function topicOf(t: DemoTemplate): Topic | undefined {
  const title = t.translations.en.title.toLowerCase();
  return TOPICS.filter((x) => x.category === t.categorySlug && title.includes(x.en.toLowerCase())).sort(
    (a, b) => b.en.length - a.en.length,
  )[0];
}

const layoutsOf = (t: DemoTemplate) => t.design.slides.map((s) => s.layout);
const contentSetOf = (t: DemoTemplate) => new Set(layoutsOf(t).filter((l) => CONTENT.includes(l)));

/** The headline of a content slide, as its kit writes it. */
function headline(s: Slide): string {
  return s.layout === "quote" ? s.quote : "title" in s ? s.title : "";
}

/** Headlines a kit offers for a layout. */
function kitHeadlines(kit: Kit, layout: SlideLayout): string[] {
  switch (layout) {
    case "bullets":
      return kit.bullets.map((x) => x.title);
    case "two-columns":
      return kit.columns.map((x) => x.title);
    case "image-text":
      return kit.images.map((x) => x.title);
    case "big-number":
      return kit.stats.map((x) => x.title);
    case "chart-bars":
      return kit.bars.map((x) => x.title);
    case "chart-pie":
      return kit.pies.map((x) => x.title);
    case "timeline":
      return kit.timelines.map((x) => x.title);
    case "process":
      return kit.processes.map((x) => x.title);
    case "quote":
      return kit.quotes.map((x) => x.quote);
    case "team":
      return kit.teams.map((x) => x.title);
    case "comparison-table":
      return kit.tables.map((x) => x.title);
    default:
      return [];
  }
}

describe("each deck is written for its template's subject", () => {
  it("keeps the names the blog and the search relevance set cite", () => {
    const slugs = new Set(catalog.map((t) => t.translations.en.slug));
    for (const slug of [
      "vintage-swot-analysis",
      "annual-report-for-nonprofits",
      "thesis-defense-for-masters-students",
      "elegant-thesis-defense",
      "geometric-startup-pitch-deck-for-saas-companies",
      "colorful-healthcare-infographics",
    ])
      expect(slugs.has(slug), slug).toBe(true);
  });

  it("names every template after one topic of its category, in both languages", () => {
    for (const t of catalog) {
      const topic = topicOf(t);
      expect(topic, t.translations.en.title).toBeDefined();
      const es = t.translations.es.title.toLowerCase();
      expect(es).toContain(topic!.es.head.toLowerCase());
      if (topic!.es.tail) expect(es).toContain(topic!.es.tail.toLowerCase());
    }
  });

  it("opens on the topic's name, with the topic's agenda, sections and slide texts", () => {
    const mismatches: string[] = [];
    for (const t of catalog) {
      const topic = topicOf(t)!;
      const kit = getKit(topic.kit);
      const general = getKit("general");
      const [first] = t.design.slides;
      if (first.layout !== "title" || !first.title.toLowerCase().includes(topic.en.toLowerCase()))
        mismatches.push(`${t.translations.en.title}: ${headline(first)}`);
      const agendaTitles = kit.agenda.map((a) => a.title);
      for (const s of t.design.slides) {
        if (s.layout === "agenda") expect(s.items).toEqual(kit.agenda.slice(0, s.items.length));
        if (s.layout === "section") expect(agendaTitles).toContain(s.title);
        if (CONTENT.includes(s.layout)) {
          const known = [...kitHeadlines(kit, s.layout), ...kitHeadlines(general, s.layout)];
          expect(known, `${t.translations.en.title}: ${s.layout}`).toContain(headline(s));
        }
      }
      // The topic's own texts come before the general kit's: no general slide while a text of the
      // topic's kit for that layout is still unused (an image slide may take a bullet list's points).
      const imageBullets = t.design.slides.flatMap((s) =>
        s.layout === "image-text" && s.bullets ? [s.bullets.join("|")] : [],
      );
      for (const layout of CONTENT) {
        const own = kitHeadlines(kit, layout);
        const shown = t.design.slides.filter((s) => s.layout === layout).map(headline);
        const used = new Set(shown.filter((h) => own.includes(h)));
        if (layout === "bullets")
          for (const b of kit.bullets) if (imageBullets.includes(b.bullets.slice(0, 3).join("|"))) used.add(b.title);
        if (shown.some((h) => !own.includes(h)))
          expect(used.size, `${t.translations.en.title}: ${layout}`).toBe(own.length);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("fills most content slides with the topic's own texts", () => {
    // The general kit fills the rest (long decks need more text than a topic's kit has): 25.3% of
    // content slides before the layouts were drawn per deck, 25.6% now.
    let own = 0;
    let all = 0;
    for (const t of catalog) {
      const kit = getKit(topicOf(t)!.kit);
      for (const s of t.design.slides) {
        if (!CONTENT.includes(s.layout)) continue;
        all++;
        if (kitHeadlines(kit, s.layout).includes(headline(s))) own++;
      }
    }
    expect(own / all).toBeGreaterThanOrEqual(0.73);
  });

  it("shows the same slide twice in few decks, and a quote or the team at most twice", () => {
    let decks = 0;
    for (const t of catalog) {
      const heads = t.design.slides.filter((s) => CONTENT.includes(s.layout)).map((s) => `${s.layout}:${headline(s)}`);
      if (new Set(heads).size < heads.length) decks++;
    }
    expect(decks).toBeLessThanOrEqual(6);
    for (const t of catalog)
      for (const l of ["quote", "team"] as const)
        expect(layoutsOf(t).filter((x) => x === l).length, `${t.translations.en.title}: ${l}`).toBeLessThanOrEqual(2);
  });
});

/** Each feature a description may name, with the layouts the deck must then have. */
const FEATURES: { en: string; es: string; layouts: SlideLayout[] }[] = [
  {
    en: "editable bar and pie charts",
    es: "gráficos de barras y circulares editables",
    layouts: ["chart-bars", "chart-pie"],
  },
  { en: "a timeline", es: "una línea de tiempo", layouts: ["timeline"] },
  { en: "process diagrams", es: "diagramas de procesos", layouts: ["process"] },
  { en: "a comparison table", es: "una tabla comparativa", layouts: ["comparison-table"] },
  { en: "a team slide", es: "una diapositiva de equipo", layouts: ["team"] },
  { en: "big-number stats", es: "cifras destacadas", layouts: ["big-number"] },
  { en: "a bar chart", es: "un gráfico de barras", layouts: ["chart-bars"] },
  { en: "a pie chart", es: "un gráfico circular", layouts: ["chart-pie"] },
  { en: "a quote slide", es: "una diapositiva de cita", layouts: ["quote"] },
  { en: "image placeholders", es: "marcadores de imagen", layouts: ["image-text"] },
  { en: "an agenda", es: "una agenda", layouts: ["agenda"] },
];

const APPS = { PP: "PowerPoint", GS: "Google Slides", KN: "Keynote" } as const;

/** The features listed in "…, with a, b and c." (the description's second sentence), in order. */
function promised(description: string, locale: "en" | "es"): string[] {
  const [withWord, and] = locale === "en" ? ["with", "and"] : ["con", "y"];
  const second = description.split(/(?<=\.)\s+/)[1];
  const phrases = FEATURES.map((f) => f[locale]);
  const start = phrases
    .map((p) => second.indexOf(`, ${withWord} ${p}`))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  if (start === undefined) return [];
  let rest = second.slice(start + withWord.length + 3).replace(/\.$/, "");
  const items: string[] = [];
  while (rest.length > 0) {
    const p = phrases.filter((x) => rest.startsWith(x)).sort((a, b) => b.length - a.length)[0];
    if (!p) {
      items.push(rest); // not a known feature: the caller fails on it
      break;
    }
    items.push(p);
    rest = rest.slice(p.length).replace(new RegExp(`^(, | ${and} )`), "");
  }
  return items;
}

describe("descriptions promise only what the deck has", () => {
  it("states the real slide count, features and apps in English and Spanish", () => {
    let withFeatures = 0;
    for (const t of catalog) {
      const layouts = new Set(layoutsOf(t));
      const { en, es } = t.translations;
      expect(en.description).toContain(` ${t.slidesCount} slides`);
      expect(es.description).toContain(` ${t.slidesCount} diapositivas`);
      const itemsEn = promised(en.description, "en");
      const itemsEs = promised(es.description, "es");
      expect(itemsEs.length).toBe(itemsEn.length);
      if (itemsEn.length) withFeatures++;
      itemsEn.forEach((item, i) => {
        const f = FEATURES.find((x) => x.en === item);
        expect(f, `${en.title}: "${item}"`).toBeDefined();
        expect(itemsEs[i]).toBe(f!.es);
        for (const l of f!.layouts) expect(layouts.has(l), `${en.title} promises ${item}`).toBe(true);
      });
      const apps = t.formats.map((f) => APPS[f]);
      expect(
        en.description.endsWith(
          `Works in ${apps.length > 1 ? `${apps.slice(0, -1).join(", ")} and ${apps.at(-1)}` : apps[0]}.`,
        ),
      ).toBe(true);
      expect(
        es.description.endsWith(
          `Compatible con ${apps.length > 1 ? `${apps.slice(0, -1).join(", ")} y ${apps.at(-1)}` : apps[0]}.`,
        ),
      ).toBe(true);
    }
    expect(withFeatures).toBe(catalog.length);
  });
});

describe("the decks differ in layouts and decor", () => {
  // Before the layouts were drawn per deck (2026-11-25): 134 distinct layout sets (123 of content
  // layouts), 8.6 of the 11 content layouts per deck on average (46 decks had all 11, 10 had five or
  // fewer), a mean Jaccard similarity of 0.655 between decks' content layouts, 60 distinct
  // first-four-slide openings, 25 style/decor pairs, 54 decks showing a slide twice. Now: 172, 149,
  // 7.7 (57 with all 11 — long decks need every text — and 58 with five or fewer), 0.546, 129, 42, 3.
  it("draws many distinct layout sets, with every layout in many decks", () => {
    expect(new Set(catalog.map((t) => layoutsOf(t).join(","))).size).toBe(catalog.length);
    expect(new Set(catalog.map((t) => [...new Set(layoutsOf(t))].sort().join(","))).size).toBeGreaterThanOrEqual(160);
    const sets = catalog.map(contentSetOf);
    expect(new Set(sets.map((s) => [...s].sort().join(","))).size).toBeGreaterThanOrEqual(140);
    for (const layout of SLIDE_LAYOUTS) {
      const n = catalog.filter((t) => layoutsOf(t).includes(layout)).length;
      expect(n, layout).toBeGreaterThanOrEqual(100);
    }
    let jaccard = 0;
    let pairs = 0;
    for (let i = 0; i < sets.length; i++)
      for (let j = i + 1; j < sets.length; j++) {
        const inter = [...sets[i]].filter((l) => sets[j].has(l)).length;
        jaccard += inter / (sets[i].size + sets[j].size - inter);
        pairs++;
      }
    expect(jaccard / pairs).toBeLessThanOrEqual(0.58);
    const sizes = sets.map((s) => s.size);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(4);
    expect(sizes.filter((n) => n <= 5).length).toBeGreaterThanOrEqual(50);
    expect(sizes.filter((n) => n >= 9).length).toBeGreaterThanOrEqual(20);
    const openings = new Set(catalog.map((t) => layoutsOf(t).slice(0, 4).join(",")));
    expect(openings.size).toBeGreaterThanOrEqual(100);
  });

  it("gives each category and topic its telling layouts", () => {
    for (const t of catalog) {
      const has = contentSetOf(t);
      const topic = topicOf(t)!;
      for (const group of requiredLayouts(topic))
        expect(
          group.some((l) => has.has(l)),
          `${t.translations.en.title} lacks ${group.join("/")}`,
        ).toBe(true);
      if (t.categorySlug === "education") expect(has.has("timeline") || has.has("process")).toBe(true);
      if (topic.tags.includes("pitch-deck"))
        for (const l of ["big-number", "chart-bars", "team"] as const) expect(has.has(l)).toBe(true);
      if (t.categorySlug === "infographics") {
        const data = ["chart-bars", "chart-pie", "big-number", "timeline", "process", "comparison-table"] as const;
        expect(data.filter((l) => has.has(l)).length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("never repeats a layout sequence within a category, and mixes decors", () => {
    for (const c of CATEGORIES) {
      const inCategory = catalog.filter((t) => t.categorySlug === c.slug);
      const sequences = new Set(inCategory.map((t) => layoutsOf(t).join(",")));
      expect(sequences.size).toBe(inCategory.length);
      const decors = new Set(inCategory.map((t) => t.design.slides[0].decor));
      expect(decors.size, c.slug).toBe(DECORS.length);
    }
    for (const t of catalog) expect(new Set(t.design.slides.map((s) => s.decor)).size).toBe(1);
    for (const d of DECORS)
      expect(catalog.filter((t) => t.design.slides[0].decor === d).length, d).toBeGreaterThanOrEqual(20);
    const styleDecor = new Set(catalog.map((t) => `${t.styleSlugs[0]}/${t.design.slides[0].decor}`));
    expect(styleDecor.size).toBeGreaterThanOrEqual(40);
  });
});

describe("the home page's meta description", () => {
  const read = (locale: string) =>
    JSON.parse(fs.readFileSync(new URL(`../../shared/locales/${locale}/catalog.json`, import.meta.url), "utf8")).home
      .description as string;

  it("promises the count, licenses, apps and languages the demo catalog has", () => {
    const en = read("en");
    const es = read("es");
    // "240+": the seeded catalogue alone holds at least that many.
    for (const d of [en, es]) expect(catalog.length).toBeGreaterThanOrEqual(Number(d.match(/^(\d+)\+ /)![1]));
    expect(catalog.some((t) => t.isPremium) && catalog.some((t) => !t.isPremium)).toBe(true);
    expect(en).toContain("free and premium");
    expect(es).toContain("gratis y premium");
    // PowerPoint for every template, Keynote or Google Slides for most.
    expect(catalog.every((t) => t.formats.includes("PP"))).toBe(true);
    expect(en).toContain("for PowerPoint, most also for Keynote or Google Slides");
    expect(es).toContain("para PowerPoint, la mayoría también para Keynote o Google Slides");
    const other = catalog.filter((t) => t.formats.includes("KN") || t.formats.includes("GS")).length;
    expect(other).toBeGreaterThan(catalog.length / 2);
    // The kinds it names are categories or topics the catalogue has.
    const titles = catalog.map((t) => t.translations.en.title.toLowerCase());
    for (const kind of ["marketing plan", "business plan", "report", "lesson", "portfolio", "infographics"])
      expect(titles.filter((t) => t.includes(kind)).length, kind).toBeGreaterThanOrEqual(5);
    // Titles and descriptions in both languages; the slides themselves are not said to be Spanish.
    for (const t of catalog) for (const l of ["en", "es"] as const) expect(t.translations[l].description).not.toBe("");
    expect(en).toContain("described in English and Spanish");
    expect(es).toContain("descritas en español e inglés");
    for (const d of [en, es]) expect(d).not.toMatch(/thousands|miles|every week|cada semana/i);
  });
});
