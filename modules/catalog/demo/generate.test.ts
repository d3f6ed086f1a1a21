import { describe, expect, it } from "vitest";
import { contrast } from "#modules/slides/color.ts";
import { FONTS, fontInfo } from "#modules/slides/font-facts.ts";
import {
  type DemoTemplate,
  formatsForFonts,
  generateDemoCatalog,
  generateLargeCatalog,
  slugify,
  trendingScoreOf,
} from "./generate.ts";
import { CATEGORIES, COLORS, STYLES, TAGS } from "./taxonomy.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DAY = 86_400_000;

const catalog = generateDemoCatalog({ now: NOW });

function top10(list: DemoTemplate[], score: (t: DemoTemplate) => number): string[] {
  return [...list]
    .sort((a, b) => score(b) - score(a))
    .slice(0, 10)
    .map((t) => t.translations.en.slug);
}

describe("generateDemoCatalog", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const again = generateDemoCatalog({ now: NOW });
    expect(again).toEqual(catalog);
    const other = generateDemoCatalog({ seed: 7, now: NOW });
    expect(other).not.toEqual(catalog);
    expect(other.map((t) => t.translations.en.title)).not.toEqual(catalog.map((t) => t.translations.en.title));
  });

  it("makes 240 templates spread over every category", () => {
    expect(catalog).toHaveLength(240);
    const categories = new Set(catalog.map((t) => t.categorySlug));
    expect([...categories].sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
    for (const c of CATEGORIES)
      expect(catalog.filter((t) => t.categorySlug === c.slug).length).toBeGreaterThanOrEqual(40);
  });

  it("uses most of the vocabulary", () => {
    const tags = new Set(catalog.flatMap((t) => t.tagSlugs));
    const styles = new Set(catalog.flatMap((t) => t.styleSlugs));
    const colors = new Set(catalog.flatMap((t) => t.colors.map((c) => c.colorSlug)));
    expect(tags.size).toBeGreaterThanOrEqual(30);
    expect(styles.size).toBeGreaterThanOrEqual(8);
    expect(colors.size).toBeGreaterThanOrEqual(10);
    const knownTags = new Set(TAGS.map((t) => t.slug));
    const knownStyles = new Set<string>(STYLES.map((s) => s.slug));
    const knownColors = new Set<string>(COLORS.map((c) => c.slug));
    for (const t of tags) expect(knownTags.has(t)).toBe(true);
    for (const s of styles) expect(knownStyles.has(s)).toBe(true);
    for (const c of colors) expect(knownColors.has(c)).toBe(true);
  });

  it("has about 40% free templates and some 4:3 ones", () => {
    const free = catalog.filter((t) => !t.isPremium).length / catalog.length;
    expect(free).toBeGreaterThanOrEqual(0.35);
    expect(free).toBeLessThanOrEqual(0.45);
    const square = catalog.filter((t) => t.aspectRatio === "4:3").length;
    expect(square).toBeGreaterThan(10);
    expect(square).toBeLessThan(catalog.length * 0.25);
  });

  it("keeps per-template shapes within bounds", () => {
    for (const t of catalog) {
      expect(t.colors.length).toBeGreaterThanOrEqual(1);
      expect(t.colors.length).toBeLessThanOrEqual(4);
      expect(new Set(t.colors.map((c) => c.colorSlug)).size).toBe(t.colors.length);
      expect(t.tagSlugs.length).toBeGreaterThanOrEqual(2);
      expect(t.tagSlugs.length).toBeLessThanOrEqual(6);
      expect(t.styleSlugs.length).toBeGreaterThanOrEqual(1);
      expect(t.styleSlugs.length).toBeLessThanOrEqual(3);
      const slides = t.design.slides;
      expect(slides.length).toBe(t.slidesCount);
      expect(slides.length).toBeGreaterThanOrEqual(8);
      expect(slides.length).toBeLessThanOrEqual(30);
      expect(slides[0].layout).toBe("title");
      expect(slides[slides.length - 1].layout).toBe("thank-you");
      expect(new Set(slides.map((s) => s.layout)).size).toBeGreaterThanOrEqual(Math.min(6, slides.length - 2));
      for (let i = 1; i < slides.length; i++) {
        if (slides[i].layout !== "section") expect(slides[i].layout).not.toBe(slides[i - 1].layout);
      }
    }
  });

  it("names fonts from FONTS and derives the formats from them", () => {
    const families = new Set<string>(FONTS.map((f) => f.family));
    for (const t of catalog) {
      expect(families.has(t.headingFont)).toBe(true);
      expect(families.has(t.bodyFont)).toBe(true);
      expect(t.formats[0]).toBe("PP");
      expect(t.formats).toEqual(formatsForFonts(t.headingFont, t.bodyFont));
      const h = fontInfo(t.headingFont)!;
      const b = fontInfo(t.bodyFont)!;
      expect(t.formats.includes("GS")).toBe(h.google && b.google);
      expect(t.formats.includes("KN")).toBe((h.apple || h.google) && (b.apple || b.google));
    }
    const formats = new Set(catalog.map((t) => t.formats.join(",")));
    expect(formats).toContain("PP,GS,KN");
    expect(formats).toContain("PP,KN");
    expect(formats).toContain("PP");
  });

  it("has unique titles and slugs per locale", () => {
    for (const locale of ["en", "es"] as const) {
      const titles = catalog.map((t) => t.translations[locale].title.toLowerCase());
      const slugs = catalog.map((t) => t.translations[locale].slug);
      expect(new Set(titles).size).toBe(catalog.length);
      expect(new Set(slugs).size).toBe(catalog.length);
      for (const slug of slugs) {
        expect(slug).toMatch(SLUG);
        expect(slug.length).toBeLessThanOrEqual(80);
      }
      // A number-only suffix is the last resort; the default catalogue never needs it.
      for (const title of catalog.map((t) => t.translations[locale].title)) expect(title).not.toMatch(/ \d+$/);
    }
  });

  it("writes 2-3 sentence descriptions that mention slide count and purpose", () => {
    for (const t of catalog) {
      const { en, es } = t.translations;
      for (const d of [en.description, es.description]) {
        const sentences = d.split(/(?<=\.)\s+/).length;
        expect(sentences).toBeGreaterThanOrEqual(2);
        expect(sentences).toBeLessThanOrEqual(3);
      }
      expect(en.description).toContain(`${t.slidesCount} slides`);
      expect(es.description).toContain(`${t.slidesCount} diapositivas`);
      expect(es.title).not.toBe(en.title);
    }
  });

  it("builds readable palettes (text and muted text at least 4.5:1)", () => {
    for (const t of catalog) {
      for (const { palette } of t.colors) {
        for (const v of Object.values(palette)) expect(v).toMatch(/^#[0-9A-F]{6}$/);
        expect(contrast(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(palette.muted, palette.background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(palette.text, palette.surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(palette.muted, palette.surface)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("publishes weekly over the last 52 weeks, newest first", () => {
    const times = catalog.map((t) => t.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 365 * DAY);
    const weeks = new Set(times.map((t) => Math.floor((NOW.getTime() - t) / (7 * DAY))));
    expect(weeks.size).toBeGreaterThanOrEqual(50);
  });

  it("records a plausible, skewed history with no event outside [publishedAt, now]", () => {
    let downloads = 0;
    let viewRows = 0;
    for (const t of catalog) {
      downloads += t.history.downloads.length;
      viewRows += t.history.views.length;
      expect(t.downloadsCount).toBe(t.history.downloads.length);
      expect(t.viewsCount).toBe(t.history.views.reduce((s, v) => s + v.views, 0));
      expect(t.trendingScore).toBe(trendingScoreOf(t.history, NOW));
      const firstDay = t.publishedAt.toISOString().slice(0, 10);
      const lastDay = NOW.toISOString().slice(0, 10);
      for (const d of t.history.downloads) {
        expect(d.at.getTime()).toBeGreaterThanOrEqual(t.publishedAt.getTime());
        expect(d.at.getTime()).toBeLessThanOrEqual(NOW.getTime());
        expect(d.colorIndex).toBeLessThan(t.colors.length);
        expect(t.formats).toContain(d.format);
      }
      for (const v of t.history.views) {
        expect(v.views).toBeGreaterThan(0);
        expect(v.day >= firstDay && v.day <= lastDay).toBe(true);
      }
    }
    expect(downloads).toBeGreaterThanOrEqual(20_000);
    expect(downloads).toBeLessThanOrEqual(40_000);
    expect(viewRows).toBeLessThan(20_000);
    const counts = catalog.map((t) => t.downloadsCount).sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThan(counts[Math.floor(counts.length / 2)] * 8);
  });

  it("gives clearly different trending, latest and popular top-10 lists", () => {
    const trending = top10(catalog, (t) => t.trendingScore);
    const latest = top10(catalog, (t) => t.publishedAt.getTime());
    const popular = top10(catalog, (t) => t.downloadsCount);
    const overlap = (a: string[], b: string[]) => a.filter((x) => b.includes(x)).length;
    expect(overlap(trending, latest)).toBeLessThanOrEqual(3);
    expect(overlap(trending, popular)).toBeLessThanOrEqual(4);
    expect(overlap(latest, popular)).toBeLessThanOrEqual(1);
  });
});

describe("slugify", () => {
  it("strips accents and punctuation", () => {
    expect(slugify("Infografías de análisis DAFO")).toBe("infografias-de-analisis-dafo");
    expect(slugify("Thesis Defense for Master's Students")).toBe("thesis-defense-for-masters-students");
    expect(slugify("x ".repeat(100)).length).toBeLessThanOrEqual(80);
  });
});

describe("generateLargeCatalog", () => {
  it("yields 5,000 templates quickly, without history, with unique slugs", () => {
    const started = performance.now();
    const en = new Set<string>();
    const es = new Set<string>();
    let n = 0;
    for (const t of generateLargeCatalog({ seed: 3, count: 5000, now: NOW })) {
      n++;
      en.add(t.translations.en.slug);
      es.add(t.translations.es.slug);
      expect(t.history.downloads).toHaveLength(0);
      expect(t.history.views).toHaveLength(0);
      expect(t.downloadsCount).toBeGreaterThanOrEqual(0);
      expect(t.viewsCount).toBeGreaterThanOrEqual(t.downloadsCount);
      expect(t.translations.en.slug).toMatch(SLUG);
      expect(t.translations.es.slug).toMatch(SLUG);
    }
    expect(n).toBe(5000);
    expect(en.size).toBe(5000);
    expect(es.size).toBe(5000);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
