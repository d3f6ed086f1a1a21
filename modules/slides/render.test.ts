import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog, slideFormatOf } from "#modules/catalog/demo/generate.ts";
import { buildPalette } from "#modules/catalog/demo/palettes.ts";
import { DECORS, SLIDE_LAYOUTS, type Slide, type SlideFormat } from "./design.ts";
import { layoutSlide } from "./layout.ts";
import { escapeXml, renderAttributionSvg, renderSlideSvg } from "./render-svg.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const catalog = generateDemoCatalog({ now: NOW });

/** One generated slide per layout. */
function sampleSlides(): Slide[] {
  const byLayout = new Map<string, Slide>();
  for (const t of catalog) for (const s of t.design.slides) if (!byLayout.has(s.layout)) byLayout.set(s.layout, s);
  return SLIDE_LAYOUTS.map((l) => byLayout.get(l)!);
}

/**
 * A small well-formedness check: balanced tags, quoted attributes, no raw "<" or bare "&" in text,
 * exactly one root element.
 */
function checkXml(xml: string): string | null {
  const stack: string[] = [];
  let roots = 0;
  const token = /<[^>]*>|[^<]+/g;
  for (const m of xml.matchAll(token)) {
    const t = m[0];
    if (!t.startsWith("<")) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(t)) return `bare & in ${t.slice(0, 40)}`;
      if (stack.length === 0 && t.trim()) return "text outside root";
      continue;
    }
    if (t.startsWith("<?") || t.startsWith("<!--")) continue;
    const close = /^<\/([\w:-]+)\s*>$/.exec(t);
    if (close) {
      if (stack.pop() !== close[1]) return `mismatched </${close[1]}>`;
      continue;
    }
    const open = /^<([\w:-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(t);
    if (!open) return `malformed tag ${t.slice(0, 60)}`;
    if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(open[2])) return "bare & in attribute";
    if (stack.length === 0) roots++;
    if (!open[3]) stack.push(open[1]);
  }
  if (stack.length) return `unclosed <${stack[stack.length - 1]}>`;
  return roots === 1 ? null : `${roots} root elements`;
}

const FORMATS: SlideFormat[] = [
  { aspectRatio: "16:9", headingFont: "Montserrat", bodyFont: "Open Sans" },
  { aspectRatio: "4:3", headingFont: "Playfair Display", bodyFont: "Lato" },
];

describe("renderSlideSvg", () => {
  it("renders every layout in every decor and ratio as a well-formed, sized SVG", () => {
    const palettes = [
      buildPalette("blue", "light", "analogous"),
      buildPalette("teal", "dark", "complementary"),
      buildPalette("orange", "vivid", "split"),
    ];
    const slides = sampleSlides();
    expect(slides.map((s) => s.layout)).toEqual([...SLIDE_LAYOUTS]);
    for (const slide of slides) {
      for (const decor of DECORS) {
        for (const format of FORMATS) {
          const svg = renderSlideSvg({ ...slide, decor }, palettes[(slide.layout.length + decor.length) % 3], format);
          expect(checkXml(svg), `${slide.layout}/${decor}/${format.aspectRatio}`).toBeNull();
          const h = format.aspectRatio === "4:3" ? 1200 : 900;
          expect(svg).toContain(`viewBox="0 0 1600 ${h}"`);
          expect(svg).toContain(`width="1600" height="${h}"`);
          const generic = format.headingFont === "Montserrat" ? "sans-serif" : "serif";
          expect(svg).toContain(`font-family="'${format.headingFont}', ${generic}"`);
        }
      }
    }
  });

  it("escapes text", () => {
    const slide: Slide = { layout: "quote", quote: `Fish & "chips" <b>tonight</b>`, author: "A & B", role: "R'n'D" };
    const svg = renderSlideSvg(slide, buildPalette("red", "light", "triadic"), FORMATS[0]);
    expect(checkXml(svg)).toBeNull();
    expect(svg).toContain("Fish &amp; &quot;chips&quot; &lt;b&gt;tonight&lt;/b&gt;");
    expect(escapeXml(`<&>"'`)).toBe("&lt;&amp;&gt;&quot;&apos;");
  });

  it("keeps every text box on the slide", () => {
    for (const t of catalog.slice(0, 80)) {
      const format = slideFormatOf(t);
      for (const slide of t.design.slides) {
        const d = layoutSlide(slide, t.colors[0].palette, format);
        for (const op of d.ops) {
          if (op.kind !== "text") continue;
          const where = `${t.translations.en.slug} ${slide.layout}: ${op.lines.join(" / ")}`;
          expect(op.x, where).toBeGreaterThanOrEqual(0);
          expect(op.x + op.w, where).toBeLessThanOrEqual(d.width);
          expect(op.y, where).toBeGreaterThanOrEqual(0);
          expect(op.y + op.h, where).toBeLessThanOrEqual(d.height);
          expect(op.lines.length, where).toBeGreaterThan(0);
        }
      }
    }
  });

  it("rasterises with sharp at preview size", async () => {
    const t = catalog[0];
    const svg = renderSlideSvg(t.design.slides[0], t.colors[0].palette, slideFormatOf(t));
    const png = await sharp(Buffer.from(svg)).resize({ width: 640 }).png().toBuffer();
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(t.aspectRatio === "4:3" ? 480 : 360);
    const stats = await sharp(png).stats();
    // Not a blank image: the channels vary.
    expect(stats.channels.some((c) => c.stdev > 5)).toBe(true);
  });
});

describe("renderAttributionSvg", () => {
  it("credits the brand", () => {
    const svg = renderAttributionSvg(buildPalette("green", "tinted", "analogous"), FORMATS[1], "SlideNest");
    expect(checkXml(svg)).toBeNull();
    expect(svg).toContain("Template by SlideNest");
    expect(svg).toContain("Free licence: keep this slide to credit the author.");
  });
});
