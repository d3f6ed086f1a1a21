/**
 * Makes the project's own real templates (README: "Importing templates"): every deck of every
 * content/templates/<key>/ folder and its committed slide images. Run by hand after changing a deck,
 * then commit the output:
 *
 *   sh scripts/with-node.sh node content/templates/make.ts [KEY …]
 *
 * Each deck is drawn with pptxgenjs (theme fonts from the shipped open fonts), opened and saved again
 * by LibreOffice (`soffice --convert-to pptx`, its own profile per conversion) so the committed file is
 * one a real office suite wrote, then given its theme back (LibreOffice 7 writes its own "Office" colour
 * and Arial font schemes): the deck reader reads the heading and body fonts and the theme colours from
 * it. Its previews are drawn as the server draws them (renderDeckPreviews: LibreOffice to PDF, pdftoppm,
 * WebP) at 1280 px and written to previews/<colour>/01.webp …, so importing the folder needs no
 * LibreOffice. Needs LibreOffice (`soffice`) and poppler's `pdftoppm`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PptxGenJSImport from "pptxgenjs";
import { inspectDeck } from "#modules/slides/deck.ts";
import { applyProjectFonts } from "#modules/slides/fonts.ts";
import { deckFontFamilies, renderDeckPreviews } from "#modules/slides/previews.ts";
import { rewriteZip } from "#modules/slides/zip.ts";

const PptxGenJS: typeof PptxGenJSImport =
  (PptxGenJSImport as unknown as { default?: typeof PptxGenJSImport }).default ?? PptxGenJSImport;
type Pres = PptxGenJSImport;
type Slide = ReturnType<Pres["addSlide"]>;

const here = path.dirname(fileURLToPath(import.meta.url));

/** A variant's look: its colours (hex without "#") and the theme's fonts. */
export type Palette = {
  /** Slide background, cards on it, body text, secondary text. */
  bg: string;
  surface: string;
  text: string;
  muted: string;
  /** Main accent, second and third accents (charts, highlights). */
  accent: string;
  accent2: string;
  accent3: string;
  /** Background of the title and closing slides, and the text on it. */
  dark: string;
  onDark: string;
  /** Lines and grid. */
  line: string;
  /** Text in the accent's hue on the background (the accent itself, or a darker shade where it is light). */
  ink: string;
};

type Fonts = { head: string; body: string };

type SlideSpec =
  | { kind: "title"; kicker: string; title: string; subtitle: string; meta: string }
  | { kind: "agenda"; title: string; items: [string, string][] }
  | { kind: "stats"; title: string; intro: string; stats: [value: string, label: string, note: string][] }
  | { kind: "bullets"; title: string; points: string[]; side: { value: string; label: string } }
  | { kind: "cards"; title: string; intro?: string; cards: [heading: string, text: string][] }
  | {
      kind: "bars";
      title: string;
      data: [label: string, value: number][];
      format: (v: number) => string;
      highlight: number;
      takeaway: [heading: string, text: string];
    }
  | {
      kind: "hbars";
      title: string;
      data: [label: string, value: number][];
      format: (v: number) => string;
      note: string;
    }
  | { kind: "table"; title: string; columns: string[]; rows: string[][]; note: string }
  | { kind: "timeline"; title: string; steps: [when: string, what: string, detail: string][] }
  | { kind: "quote"; quote: string; author: string; role: string }
  | { kind: "matrix"; title: string; x: [string, string]; y: [string, string]; points: [string, number, number][] }
  | { kind: "rings"; title: string; rings: [label: string, value: string, note: string][] }
  | { kind: "team"; title: string; people: [name: string, role: string, line: string][] }
  | { kind: "planets"; title: string; planets: [name: string, diameterKm: number, colour: string][]; note: string }
  | { kind: "quiz"; title: string; questions: [question: string, answers: string[]][] }
  | { kind: "closing"; title: string; subtitle: string; lines: string[] };

export type DeckSpec = {
  key: string;
  ratio: "16:9" | "4:3";
  fonts: Fonts;
  /** Small text at the foot of the content slides. */
  footer: string;
  variants: { colour: string; file: string; palette: Palette }[];
  slides: SlideSpec[];
};

const heightOf = (ratio: DeckSpec["ratio"]) => (ratio === "16:9" ? 5.625 : 7.5);

/** Draws one deck of a spec in one palette. */
function drawDeck(spec: DeckSpec, p: Palette): Pres {
  const pres = new PptxGenJS();
  pres.layout = spec.ratio === "16:9" ? "LAYOUT_16x9" : "LAYOUT_4x3";
  pres.theme = { headFontFace: spec.fonts.head, bodyFontFace: spec.fonts.body };
  pres.author = "SlideNest Studio";
  pres.company = "SlideNest";
  const title = spec.slides.find((s) => s.kind === "title");
  pres.title = title && "title" in title ? title.title : spec.key;
  const H = heightOf(spec.ratio);
  const d = new Drawer(pres, spec, p, H);
  spec.slides.forEach((s, i) => {
    d.slide(s, i + 1);
  });
  return pres;
}

class Drawer {
  readonly pres: Pres;
  readonly spec: DeckSpec;
  readonly p: Palette;
  readonly H: number;
  constructor(pres: Pres, spec: DeckSpec, p: Palette, H: number) {
    this.pres = pres;
    this.spec = spec;
    this.p = p;
    this.H = H;
  }

  get f() {
    return this.spec.fonts;
  }

  /** Relative luminance of a colour (WCAG). */
  static luminance(hex: string): number {
    const [r, g, b] = [0, 2, 4].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }

  /** Of the second and third accents, the one that stands out more on the dark title background. */
  get highlight(): string {
    const l = Drawer.luminance;
    const ratio = (a: string) => {
      const [x, y] = [l(a), l(this.p.dark)].sort((m, n) => n - m);
      return (x + 0.05) / (y + 0.05);
    };
    return ratio(this.p.accent2) >= ratio(this.p.accent3) ? this.p.accent2 : this.p.accent3;
  }

  /** Text colour that reads on a fill: the deck's dark text on light fills, white on dark ones. */
  on(fill: string): string {
    return Drawer.luminance(fill) > 0.4 ? this.p.text : "FFFFFF";
  }

  /** Top of the content area under a slide's heading. */
  get top() {
    return this.H > 6 ? 1.75 : 1.45;
  }

  rect(s: Slide, x: number, y: number, w: number, h: number, color: string, radius = 0) {
    s.addShape(radius ? this.pres.ShapeType.roundRect : this.pres.ShapeType.rect, {
      x,
      y,
      w,
      h,
      fill: { color },
      line: { color, width: 0 },
      ...(radius ? { rectRadius: Math.min(radius, w / 2, h / 2) } : {}),
    });
  }

  circle(s: Slide, x: number, y: number, size: number, color: string, line?: string) {
    s.addShape(this.pres.ShapeType.ellipse, {
      x,
      y,
      w: size,
      h: size,
      fill: line ? { color, transparency: 100 } : { color },
      line: line ? { color: line, width: 1.5 } : { color, width: 0 },
    });
  }

  hline(s: Slide, x: number, y: number, w: number, color: string, width = 1) {
    s.addShape(this.pres.ShapeType.line, { x, y, w, h: 0, line: { color, width } });
  }

  text(s: Slide, t: string | PptxGenJSImport.TextProps[], o: PptxGenJSImport.TextPropsOptions & { head?: boolean }) {
    const { head, ...rest } = o;
    s.addText(t, {
      fontFace: head ? this.f.head : this.f.body,
      color: this.p.text,
      margin: 0,
      valign: "top",
      ...rest,
    });
  }

  /** Heading, accent bar and footer of a content slide. */
  frame(s: Slide, heading: string, n: number) {
    s.background = { color: this.p.bg };
    this.rect(s, 0.6, 0.5, 0.5, 0.07, this.p.accent);
    this.text(s, heading, { x: 0.6, y: 0.68, w: 8.8, h: 0.7, fontSize: 26, bold: true, head: true });
    const fy = this.H - 0.42;
    this.text(s, this.spec.footer, { x: 0.6, y: fy, w: 6, h: 0.25, fontSize: 9, color: this.p.muted });
    this.text(s, String(n).padStart(2, "0"), {
      x: 8.4,
      y: fy,
      w: 1,
      h: 0.25,
      fontSize: 9,
      color: this.p.muted,
      align: "right",
      bold: true,
    });
  }

  slide(spec: SlideSpec, n: number) {
    const s = this.pres.addSlide();
    switch (spec.kind) {
      case "title":
        return this.title(s, spec);
      case "closing":
        return this.closing(s, spec);
      case "quote":
        return this.quote(s, spec);
      default:
        this.frame(s, spec.title, n);
    }
    switch (spec.kind) {
      case "agenda":
        return this.agenda(s, spec);
      case "stats":
        return this.stats(s, spec);
      case "bullets":
        return this.bullets(s, spec);
      case "cards":
        return this.cards(s, spec);
      case "bars":
        return this.bars(s, spec);
      case "hbars":
        return this.hbars(s, spec);
      case "table":
        return this.table(s, spec);
      case "timeline":
        return this.timeline(s, spec);
      case "matrix":
        return this.matrix(s, spec);
      case "rings":
        return this.rings(s, spec);
      case "team":
        return this.team(s, spec);
      case "planets":
        return this.planets(s, spec);
      case "quiz":
        return this.quiz(s, spec);
    }
  }

  title(s: Slide, t: Extract<SlideSpec, { kind: "title" }>) {
    const { p, H } = this;
    s.background = { color: p.dark };
    // A large disc and a smaller one, cut by the slide's right edge.
    this.circle(s, 6.6, -1.2, H * 0.95, p.accent);
    this.circle(s, 8.3, H * 0.55, H * 0.42, p.accent2);
    this.circle(s, 6.1, H * 0.62, 0.5, p.accent3);
    this.rect(s, 0.7, H * 0.26, 0.6, 0.08, this.highlight);
    this.text(s, t.kicker.toUpperCase(), {
      x: 0.7,
      y: H * 0.26 + 0.25,
      w: 5.6,
      h: 0.35,
      fontSize: 12,
      bold: true,
      color: this.highlight,
      charSpacing: 2,
    });
    this.text(s, t.title, {
      x: 0.7,
      y: H * 0.26 + 0.7,
      w: 5.8,
      h: 1.55,
      fontSize: H > 6 ? 40 : 36,
      bold: true,
      head: true,
      color: p.onDark,
      lineSpacingMultiple: 0.95,
      fit: "shrink",
    });
    this.text(s, t.subtitle, {
      x: 0.7,
      y: H * 0.26 + 2.38,
      w: 5.4,
      h: 0.8,
      fontSize: 15,
      color: p.onDark,
    });
    this.text(s, t.meta, { x: 0.7, y: H - 0.75, w: 5.4, h: 0.3, fontSize: 10, color: p.onDark, transparency: 25 });
  }

  closing(s: Slide, t: Extract<SlideSpec, { kind: "closing" }>) {
    const { p, H } = this;
    s.background = { color: p.dark };
    this.circle(s, -1.4, H - 2.6, 4, p.accent);
    this.circle(s, 8.2, 0.5, 1.1, p.accent2);
    this.text(s, t.title, {
      x: 3.2,
      y: H * 0.28,
      w: 6.2,
      h: 1.1,
      fontSize: 44,
      bold: true,
      head: true,
      color: this.on(p.accent),
    });
    this.text(s, t.subtitle, { x: 3.2, y: H * 0.28 + 1.15, w: 6, h: 0.6, fontSize: 16, color: p.onDark });
    this.rect(s, 3.2, H * 0.28 + 1.95, 0.6, 0.06, p.accent2);
    this.text(
      s,
      t.lines.map((line, i) => ({ text: line, options: { breakLine: i < t.lines.length - 1 } })),
      { x: 3.2, y: H * 0.28 + 2.2, w: 6, h: 1.2, fontSize: 13, color: p.onDark, paraSpaceAfter: 4 },
    );
  }

  quote(s: Slide, t: Extract<SlideSpec, { kind: "quote" }>) {
    const { p, H } = this;
    s.background = { color: p.surface };
    this.rect(s, 0, 0, 0.35, H, p.accent);
    this.text(s, "\u201C", {
      x: 0.9,
      y: H * 0.12,
      w: 1.5,
      h: 1.4,
      fontSize: 120,
      bold: true,
      head: true,
      color: p.ink,
    });
    this.text(s, t.quote, {
      x: 1.3,
      y: H * 0.3,
      w: 7.7,
      h: H * 0.38,
      fontSize: H > 6 ? 28 : 25,
      head: true,
      color: p.text,
      lineSpacingMultiple: 1.1,
      valign: "middle",
    });
    this.hline(s, 1.3, H * 0.72, 0.8, p.accent2, 2.5);
    this.text(s, t.author, { x: 1.3, y: H * 0.72 + 0.2, w: 7, h: 0.35, fontSize: 15, bold: true, head: true });
    this.text(s, t.role, { x: 1.3, y: H * 0.72 + 0.55, w: 7, h: 0.3, fontSize: 12, color: p.muted });
  }

  agenda(s: Slide, t: Extract<SlideSpec, { kind: "agenda" }>) {
    const { p, H } = this;
    const n = t.items.length;
    const gap = 0.14;
    const rowH = Math.min(0.92, (H - this.top - 0.75 - gap * (n - 1)) / n);
    t.items.forEach(([head, detail], i) => {
      const y = this.top + i * (rowH + gap);
      this.rect(s, 0.6, y, 8.8, rowH, i === 0 ? p.accent : p.surface, 0.08);
      const on = i === 0 ? this.on(p.accent) : p.text;
      this.text(s, String(i + 1).padStart(2, "0"), {
        x: 0.85,
        y,
        w: 0.8,
        h: rowH,
        fontSize: 22,
        bold: true,
        head: true,
        color: i === 0 ? this.on(p.accent) : p.ink,
        valign: "middle",
      });
      this.text(s, head, {
        x: 1.75,
        y,
        w: 3.2,
        h: rowH,
        fontSize: 16,
        bold: true,
        head: true,
        color: on,
        valign: "middle",
      });
      this.text(s, detail, { x: 5, y, w: 4.2, h: rowH, fontSize: 12, color: on, valign: "middle" });
    });
  }

  stats(s: Slide, t: Extract<SlideSpec, { kind: "stats" }>) {
    const { p, H } = this;
    this.text(s, t.intro, { x: 0.6, y: this.top - 0.05, w: 8.8, h: 0.6, fontSize: 13, color: p.muted });
    const n = t.stats.length;
    const gap = 0.25;
    const w = (8.8 - gap * (n - 1)) / n;
    const y = this.top + 0.75;
    const h = H - y - 0.75;
    const colors = [p.accent, p.accent2, p.accent3, p.text];
    t.stats.forEach(([value, label, note], i) => {
      const x = 0.6 + i * (w + gap);
      this.rect(s, x, y, w, h, p.surface, 0.1);
      this.rect(s, x, y, w, 0.09, colors[i % colors.length]);
      this.text(s, value, {
        x: x + 0.25,
        y: y + 0.35,
        w: w - 0.5,
        h: 0.8,
        fontSize: n > 3 ? 30 : 36,
        bold: true,
        head: true,
        color: p.ink,
        fit: "shrink",
      });
      this.text(s, label, {
        x: x + 0.25,
        y: y + 1.2,
        w: w - 0.5,
        h: 0.6,
        fontSize: 14,
        bold: true,
        head: true,
      });
      this.text(s, note, { x: x + 0.25, y: y + 1.85, w: w - 0.5, h: h - 2, fontSize: 11, color: p.muted });
    });
  }

  bullets(s: Slide, t: Extract<SlideSpec, { kind: "bullets" }>) {
    const { p, H } = this;
    const bottom = H - 0.75;
    this.text(
      s,
      t.points.map((point, i) => ({
        text: point,
        options: { bullet: { indent: 20 }, breakLine: i < t.points.length - 1 },
      })),
      {
        x: 0.6,
        y: this.top + 0.05,
        w: 5.4,
        h: bottom - this.top - 0.05,
        fontSize: 15,
        paraSpaceAfter: 12,
        lineSpacingMultiple: 1.05,
        color: p.text,
      },
    );
    const x = 6.4;
    this.rect(s, x, this.top, 3, bottom - this.top, p.accent, 0.12);
    this.circle(s, x + 1.9, this.top - 0.2, 1.3, p.accent2);
    this.text(s, t.side.value, {
      x: x + 0.3,
      y: this.top + (bottom - this.top) * 0.3,
      w: 2.4,
      h: 1,
      fontSize: 44,
      bold: true,
      head: true,
      color: this.on(p.accent),
      fit: "shrink",
    });
    this.text(s, t.side.label, {
      x: x + 0.3,
      y: this.top + (bottom - this.top) * 0.3 + 1.05,
      w: 2.4,
      h: 1.2,
      fontSize: 13,
      color: this.on(p.accent),
    });
  }

  cards(s: Slide, t: Extract<SlideSpec, { kind: "cards" }>) {
    const { p, H } = this;
    let y = this.top;
    if (t.intro) {
      this.text(s, t.intro, { x: 0.6, y: y - 0.05, w: 8.8, h: 0.55, fontSize: 13, color: p.muted });
      y += 0.65;
    }
    const n = t.cards.length;
    const gap = 0.25;
    const w = (8.8 - gap * (n - 1)) / n;
    const h = Math.min(H - y - 0.75, 3.3);
    const colors = [p.accent, p.accent2, p.accent3, p.accent];
    t.cards.forEach(([head, body], i) => {
      const x = 0.6 + i * (w + gap);
      this.rect(s, x, y, w, h, p.surface, 0.1);
      this.circle(s, x + 0.25, y + 0.3, 0.62, colors[i % colors.length]);
      this.text(s, String(i + 1), {
        x: x + 0.25,
        y: y + 0.3,
        w: 0.62,
        h: 0.62,
        fontSize: 18,
        bold: true,
        head: true,
        color: this.on(colors[i % colors.length]),
        align: "center",
        valign: "middle",
      });
      this.text(s, head, {
        x: x + 0.25,
        y: y + 1.1,
        w: w - 0.5,
        h: 0.7,
        fontSize: n > 3 ? 14 : 16,
        bold: true,
        head: true,
      });
      this.text(s, body, {
        x: x + 0.25,
        y: y + 1.8,
        w: w - 0.5,
        h: h - 1.95,
        fontSize: n > 3 ? 11 : 12,
        color: p.muted,
        lineSpacingMultiple: 1.1,
      });
    });
  }

  bars(s: Slide, t: Extract<SlideSpec, { kind: "bars" }>) {
    const { p, H } = this;
    const chart = { x: 0.6, y: this.top + 0.1, w: 5.9, h: H - this.top - 0.95 };
    const labelH = 0.35;
    const valueH = 0.3;
    const plotH = chart.h - labelH - valueH;
    const base = chart.y + valueH + plotH;
    const max = Math.max(...t.data.map(([, v]) => v));
    const n = t.data.length;
    const slot = chart.w / n;
    const barW = slot * 0.58;
    for (const f of [0.25, 0.5, 0.75, 1]) this.hline(s, chart.x, base - plotH * f, chart.w, p.line, 0.75);
    t.data.forEach(([label, v], i) => {
      const h = Math.max(0.04, (v / max) * plotH);
      const x = chart.x + i * slot + (slot - barW) / 2;
      this.rect(s, x, base - h, barW, h, i === t.highlight ? p.accent : p.accent3);
      this.text(s, t.format(v), {
        x: x - 0.2,
        y: base - h - valueH,
        w: barW + 0.4,
        h: valueH - 0.03,
        fontSize: 10,
        bold: true,
        align: "center",
        valign: "bottom",
        color: i === t.highlight ? p.ink : p.muted,
      });
      this.text(s, label, {
        x: x - 0.2,
        y: base + 0.08,
        w: barW + 0.4,
        h: labelH,
        fontSize: 10,
        align: "center",
        color: p.muted,
      });
    });
    this.hline(s, chart.x, base, chart.w, p.text, 1.25);
    const x = 6.95;
    const y = this.top + 0.1;
    this.rect(s, x, y, 2.45, chart.h, p.surface, 0.1);
    this.rect(s, x, y, 0.08, chart.h, p.accent);
    this.text(s, t.takeaway[0], {
      x: x + 0.3,
      y: y + 0.3,
      w: 1.95,
      h: 1,
      fontSize: 18,
      bold: true,
      head: true,
      color: p.ink,
    });
    this.text(s, t.takeaway[1], {
      x: x + 0.3,
      y: y + 1.35,
      w: 1.95,
      h: chart.h - 1.5,
      fontSize: 11.5,
      color: p.text,
      lineSpacingMultiple: 1.1,
    });
  }

  hbars(s: Slide, t: Extract<SlideSpec, { kind: "hbars" }>) {
    const { p, H } = this;
    const n = t.data.length;
    const area = H - this.top - 1.3;
    const rowH = Math.min(0.7, area / n);
    const max = Math.max(...t.data.map(([, v]) => v));
    const colors = [p.accent, p.accent2, p.accent3];
    t.data.forEach(([label, v], i) => {
      const y = this.top + 0.1 + i * rowH;
      this.text(s, label, {
        x: 0.6,
        y,
        w: 2.3,
        h: rowH * 0.7,
        fontSize: 13,
        bold: true,
        valign: "middle",
      });
      this.rect(s, 3, y + rowH * 0.15, 5.6, rowH * 0.4, p.surface, 0.05);
      this.rect(s, 3, y + rowH * 0.15, Math.max(0.1, (v / max) * 5.6), rowH * 0.4, colors[i % 3], 0.05);
      this.text(s, t.format(v), {
        x: 8.7,
        y,
        w: 0.7,
        h: rowH * 0.7,
        fontSize: 13,
        bold: true,
        head: true,
        color: p.text,
        valign: "middle",
        align: "right",
      });
    });
    this.text(s, t.note, {
      x: 0.6,
      y: H - 1.15,
      w: 8.8,
      h: 0.4,
      fontSize: 11,
      color: p.muted,
      italic: true,
    });
  }

  table(s: Slide, t: Extract<SlideSpec, { kind: "table" }>) {
    const { p, H } = this;
    const cols = t.columns.length;
    const first = 8.8 * (cols > 3 ? 0.34 : 0.42);
    const rest = (8.8 - first) / (cols - 1);
    const widths = [first, ...Array(cols - 1).fill(rest)];
    const rows = t.rows.length + 1;
    const rowH = Math.min(0.58, (H - this.top - 1.3) / rows);
    const xs = widths.map((_, i) => 0.6 + widths.slice(0, i).reduce((a, b) => a + b, 0));
    this.rect(s, 0.6, this.top, 8.8, rowH, p.accent, 0.06);
    t.columns.forEach((c, i) => {
      this.text(s, c, {
        x: xs[i] + 0.2,
        y: this.top,
        w: widths[i] - 0.4,
        h: rowH,
        fontSize: 12,
        bold: true,
        head: true,
        color: this.on(p.accent),
        valign: "middle",
        align: i === 0 ? "left" : "right",
      });
    });
    t.rows.forEach((row, r) => {
      const y = this.top + (r + 1) * rowH;
      if (r % 2 === 1) this.rect(s, 0.6, y, 8.8, rowH, p.surface);
      row.forEach((cell, i) => {
        const signed = /^[+\u2212-]\d/.test(cell);
        this.text(s, cell, {
          x: xs[i] + 0.2,
          y,
          w: widths[i] - 0.4,
          h: rowH,
          fontSize: 12,
          bold: i === 0,
          color: signed ? (cell.startsWith("+") ? p.ink : p.muted) : p.text,
          valign: "middle",
          align: i === 0 ? "left" : "right",
        });
      });
    });
    this.hline(s, 0.6, this.top + rows * rowH, 8.8, p.line, 1);
    this.text(s, t.note, {
      x: 0.6,
      y: this.top + rows * rowH + 0.15,
      w: 8.8,
      h: 0.4,
      fontSize: 10.5,
      color: p.muted,
      italic: true,
    });
  }

  timeline(s: Slide, t: Extract<SlideSpec, { kind: "timeline" }>) {
    const { p, H } = this;
    const n = t.steps.length;
    const slot = 8.8 / n;
    const y = this.top + (H - this.top) / 2 - 0.8;
    this.hline(s, 0.6, y, 8.8, p.line, 2);
    const colors = [p.accent, p.accent2, p.accent3];
    t.steps.forEach(([when, what, detail], i) => {
      const x = 0.6 + i * slot;
      const c = colors[i % 3];
      this.text(s, when.toUpperCase(), {
        x,
        y: y - 0.75,
        w: slot - 0.15,
        h: 0.35,
        fontSize: 11,
        bold: true,
        color: p.ink,
        charSpacing: 1,
      });
      this.circle(s, x, y - 0.16, 0.32, c);
      this.circle(s, x + 0.1, y - 0.06, 0.12, p.bg);
      this.text(s, what, {
        x,
        y: y + 0.4,
        w: slot - 0.2,
        h: 0.65,
        fontSize: 14,
        bold: true,
        head: true,
      });
      this.text(s, detail, {
        x,
        y: y + 1.05,
        w: slot - 0.25,
        h: H - y - 1.85,
        fontSize: 11,
        color: p.muted,
        lineSpacingMultiple: 1.1,
      });
    });
  }

  matrix(s: Slide, t: Extract<SlideSpec, { kind: "matrix" }>) {
    const { p, H } = this;
    const size = H - this.top - 0.95;
    const x0 = 2.6;
    const y0 = this.top + 0.05;
    const w = 5.6;
    this.rect(s, x0, y0, w, size, p.surface, 0.06);
    this.hline(s, x0, y0 + size / 2, w, p.line, 1.25);
    s.addShape(this.pres.ShapeType.line, {
      x: x0 + w / 2,
      y: y0,
      w: 0,
      h: size,
      line: { color: p.line, width: 1.25 },
    });
    this.text(s, `\u2190 ${t.x[0]}`, { x: x0, y: y0 + size + 0.05, w: w / 2, h: 0.3, fontSize: 10, color: p.muted });
    this.text(s, `${t.x[1]} \u2192`, {
      x: x0 + w / 2,
      y: y0 + size + 0.05,
      w: w / 2,
      h: 0.3,
      fontSize: 10,
      color: p.muted,
      align: "right",
    });
    this.text(s, `${t.y[1]} \u2191`, { x: 0.6, y: y0, w: 1.85, h: 0.5, fontSize: 10, color: p.muted, align: "right" });
    this.text(s, `${t.y[0]} \u2193`, {
      x: 0.6,
      y: y0 + size - 0.5,
      w: 1.85,
      h: 0.5,
      fontSize: 10,
      color: p.muted,
      align: "right",
      valign: "bottom",
    });
    t.points.forEach(([label, px, py], i) => {
      const mine = i === 0;
      const d = mine ? 0.5 : 0.3;
      const cx = x0 + px * w;
      const cy = y0 + (1 - py) * size;
      this.circle(s, cx - d / 2, cy - d / 2, d, mine ? p.accent : p.muted);
      this.text(s, label, {
        x: cx + d / 2 + 0.08,
        y: cy - 0.18,
        w: 1.6,
        h: 0.36,
        fontSize: mine ? 13 : 11,
        bold: mine,
        head: mine,
        color: mine ? p.ink : p.text,
        valign: "middle",
      });
    });
  }

  rings(s: Slide, t: Extract<SlideSpec, { kind: "rings" }>) {
    const { p, H } = this;
    const size = H - this.top - 0.8;
    const cx = 0.6 + size / 2;
    const bottom = this.top + size;
    const colors = [p.accent3, p.accent2, p.accent];
    t.rings.forEach((_, i) => {
      const d = size * (1 - i * 0.3);
      this.circle(s, cx - d / 2, bottom - d, d, colors[i % 3]);
    });
    t.rings.forEach(([label, value], i) => {
      const d = size * (1 - i * 0.3);
      const top = bottom - d;
      this.text(s, value, {
        x: cx - 1,
        y: top + (i === 2 ? d / 2 - 0.3 : 0.15),
        w: 2,
        h: 0.4,
        fontSize: 16,
        bold: true,
        head: true,
        color: this.on(colors[i % 3]),
        align: "center",
      });
      this.text(s, label, {
        x: cx - 1,
        y: top + (i === 2 ? d / 2 + 0.08 : 0.5),
        w: 2,
        h: 0.3,
        fontSize: 10,
        color: this.on(colors[i % 3]),
        align: "center",
        bold: true,
      });
    });
    const x = 0.6 + size + 0.6;
    const rowH = size / t.rings.length;
    t.rings.forEach(([label, value, note], i) => {
      const y = this.top + i * rowH;
      this.rect(s, x, y + 0.1, 0.08, rowH - 0.3, colors[i % 3]);
      this.text(s, `${label}  \u00B7  ${value}`, {
        x: x + 0.3,
        y: y + 0.1,
        w: 9.4 - x - 0.3,
        h: 0.4,
        fontSize: 15,
        bold: true,
        head: true,
      });
      this.text(s, note, {
        x: x + 0.3,
        y: y + 0.5,
        w: 9.4 - x - 0.3,
        h: rowH - 0.65,
        fontSize: 11.5,
        color: p.muted,
      });
    });
  }

  team(s: Slide, t: Extract<SlideSpec, { kind: "team" }>) {
    const { p } = this;
    const n = t.people.length;
    const slot = 8.8 / n;
    const colors = [p.accent, p.accent2, p.accent3, p.text];
    t.people.forEach(([name, role, line], i) => {
      const x = 0.6 + i * slot;
      const d = 1.3;
      const cx = x + (slot - d) / 2;
      this.circle(s, cx, this.top + 0.1, d, colors[i % colors.length]);
      const initials = name
        .split(" ")
        .map((w) => w[0])
        .join("");
      this.text(s, initials, {
        x: cx,
        y: this.top + 0.1,
        w: d,
        h: d,
        fontSize: 28,
        bold: true,
        head: true,
        color: this.on(colors[i % colors.length]),
        align: "center",
        valign: "middle",
      });
      this.text(s, name, {
        x: x + 0.1,
        y: this.top + 1.6,
        w: slot - 0.2,
        h: 0.4,
        fontSize: 15,
        bold: true,
        head: true,
        align: "center",
      });
      this.text(s, role, {
        x: x + 0.1,
        y: this.top + 1.98,
        w: slot - 0.2,
        h: 0.3,
        fontSize: 11,
        bold: true,
        color: p.ink,
        align: "center",
      });
      this.text(s, line, {
        x: x + 0.15,
        y: this.top + 2.35,
        w: slot - 0.3,
        h: 0.9,
        fontSize: 10.5,
        color: p.muted,
        align: "center",
      });
    });
  }

  planets(s: Slide, t: Extract<SlideSpec, { kind: "planets" }>) {
    const { p, H } = this;
    const max = Math.max(...t.planets.map(([, d]) => d));
    const n = t.planets.length;
    const slot = 8.8 / n;
    const maxD = slot * 0.95;
    const axis = this.top + 0.4 + maxD / 2;
    this.hline(s, 0.4, axis, 9.2, p.line, 1);
    t.planets.forEach(([name, km, colour], i) => {
      const d = Math.max(0.16, Math.sqrt(km / max) * maxD);
      const cx = 0.6 + i * slot + slot / 2;
      this.circle(s, cx - d / 2, axis - d / 2, d, colour);
      this.text(s, name, {
        x: cx - slot / 2,
        y: axis + maxD / 2 + 0.15,
        w: slot,
        h: 0.35,
        fontSize: 12,
        bold: true,
        head: true,
        align: "center",
      });
      this.text(s, `${km.toLocaleString("en-US")} km`, {
        x: cx - slot / 2,
        y: axis + maxD / 2 + 0.5,
        w: slot,
        h: 0.3,
        fontSize: 9,
        color: p.muted,
        align: "center",
      });
    });
    this.rect(s, 0.6, H - 1.65, 8.8, 0.85, p.surface, 0.1);
    this.text(s, t.note, {
      x: 0.85,
      y: H - 1.65,
      w: 8.3,
      h: 0.85,
      fontSize: 13,
      valign: "middle",
    });
  }

  quiz(s: Slide, t: Extract<SlideSpec, { kind: "quiz" }>) {
    const { p, H } = this;
    const n = t.questions.length;
    const gap = 0.2;
    const h = (H - this.top - 0.75 - gap * (n - 1)) / n;
    const colors = [p.accent, p.accent2, p.accent3];
    t.questions.forEach(([q, answers], i) => {
      const y = this.top + i * (h + gap);
      this.rect(s, 0.6, y, 8.8, h, p.surface, 0.1);
      this.rect(s, 0.6, y, 0.12, h, colors[i % 3]);
      this.text(s, `${i + 1}. ${q}`, {
        x: 0.95,
        y: y + 0.15,
        w: 8.2,
        h: 0.45,
        fontSize: 15,
        bold: true,
        head: true,
      });
      const aw = 8.2 / answers.length;
      answers.forEach((a, j) => {
        const x = 0.95 + j * aw;
        this.circle(s, x, y + h - 0.55, 0.32, p.bg, colors[i % 3]);
        this.text(s, String.fromCharCode(65 + j), {
          x,
          y: y + h - 0.55,
          w: 0.32,
          h: 0.32,
          fontSize: 10,
          bold: true,
          align: "center",
          valign: "middle",
          color: p.text,
        });
        this.text(s, a, {
          x: x + 0.42,
          y: y + h - 0.55,
          w: aw - 0.5,
          h: 0.32,
          fontSize: 12,
          valign: "middle",
        });
      });
    });
  }
}

/** The theme part with the palette's colours and the deck's fonts in place of LibreOffice's. */
export function themeXml(xml: string, name: string, p: Palette, f: Fonts): string {
  const c = (tag: string, hex: string) => `<a:${tag}><a:srgbClr val="${hex.toUpperCase()}"/></a:${tag}>`;
  const colours = `<a:clrScheme name="${name}">${c("dk1", p.text)}${c("lt1", p.bg)}${c("dk2", p.dark)}${c("lt2", p.surface)}${c("accent1", p.accent)}${c("accent2", p.accent2)}${c("accent3", p.accent3)}${c("accent4", p.muted)}${c("accent5", p.line)}${c("accent6", p.ink)}${c("hlink", p.accent)}${c("folHlink", p.muted)}</a:clrScheme>`;
  const font = (tag: string, face: string) =>
    `<a:${tag}><a:latin typeface="${face}"/><a:ea typeface=""/><a:cs typeface=""/></a:${tag}>`;
  const fonts = `<a:fontScheme name="${name}">${font("majorFont", f.head)}${font("minorFont", f.body)}</a:fontScheme>`;
  const out = xml
    .replace(/<a:clrScheme\b[\s\S]*?<\/a:clrScheme>/, colours)
    .replace(/<a:fontScheme\b[\s\S]*?<\/a:fontScheme>/, fonts);
  if (!out.includes(`<a:clrScheme name="${name}">`) || !out.includes(`<a:fontScheme name="${name}">`))
    throw new Error("the theme part has no colour or font scheme to replace");
  return out;
}

/**
 * A slide, layout or master part naming only the deck's own fonts: LibreOffice writes its default
 * Arial on empty paragraphs and its symbol fonts (StarSymbol, Wingdings, Symbol) for bullets; those
 * become the body font and a round bullet it has.
 */
export function ownFontsXml(xml: string, body: string): string {
  return xml
    .replace(
      /<a:buFont typeface="(?:StarSymbol|Wingdings|Symbol|OpenSymbol)"[^>]*\/>\s*<a:buChar char="[^"]*"\/>/g,
      `<a:buFont typeface="${body}"/><a:buChar char="\u2022"/>`,
    )
    .replace(/typeface="Arial"/g, `typeface="${body}"`);
}

/** LibreOffice opens the deck and saves it as .pptx (its own profile folder). */
function libreofficeRoundTrip(deck: Buffer, work: string): Buffer {
  const dir = fs.mkdtempSync(path.join(work, "lo-"));
  fs.writeFileSync(path.join(dir, "deck.pptx"), deck);
  fs.mkdirSync(path.join(dir, "out"));
  execFileSync(
    "soffice",
    [
      `-env:UserInstallation=file://${dir}/profile`,
      "--headless",
      "--norestore",
      "--convert-to",
      "pptx",
      "--outdir",
      path.join(dir, "out"),
      path.join(dir, "deck.pptx"),
    ],
    { stdio: "ignore", timeout: 180_000, env: { ...process.env, HOME: dir } },
  );
  const saved = fs.readFileSync(path.join(dir, "out", "deck.pptx"));
  fs.rmSync(dir, { recursive: true, force: true });
  return saved;
}

async function makeTemplate(spec: DeckSpec, work: string) {
  const dir = path.join(here, spec.key);
  for (const v of spec.variants) {
    const drawn = Buffer.from(
      (await drawDeck(spec, v.palette).write({ outputType: "nodebuffer", compression: true })) as ArrayBuffer,
    );
    const saved = libreofficeRoundTrip(drawn, work);
    const themeName = `SlideNest ${spec.key} ${v.colour}`;
    const deck = rewriteZip(saved, (name, text) => {
      if (/^ppt\/theme\/theme\d+\.xml$/.test(name)) return themeXml(text(), themeName, v.palette, spec.fonts);
      if (/^ppt\/(slides|slideLayouts|slideMasters)\/[^/]+\.xml$/.test(name))
        return ownFontsXml(text(), spec.fonts.body);
      return undefined;
    });
    const named = deckFontFamilies(deck).filter((f) => f !== spec.fonts.head && f !== spec.fonts.body);
    if (named.length) throw new Error(`${spec.key}/${v.file}: names other fonts: ${named.join(", ")}`);
    const read = inspectDeck(deck);
    if (!read.ok) throw new Error(`${spec.key}/${v.file}: ${read.code} ${read.detail ?? ""}`);
    const f = read.value;
    if (f.slideCount !== spec.slides.length) throw new Error(`${spec.key}/${v.file}: ${f.slideCount} slides`);
    if (f.headingFont !== spec.fonts.head || f.bodyFont !== spec.fonts.body)
      throw new Error(`${spec.key}/${v.file}: theme fonts ${f.headingFont} / ${f.bodyFont}`);
    if (f.themeColors.find((c) => c.name === "accent1")?.hex !== `#${v.palette.accent.toUpperCase()}`)
      throw new Error(`${spec.key}/${v.file}: theme colours not set`);
    fs.writeFileSync(path.join(dir, v.file), deck);
    const previews = await renderDeckPreviews({ deck, widths: [1280] });
    if (!previews.ok) throw new Error(`${spec.key}/${v.file}: ${previews.code} ${previews.detail ?? ""}`);
    if (previews.value.missingFonts.length)
      throw new Error(
        `${spec.key}/${v.file}: fonts missing on this machine: ${previews.value.missingFonts.join(", ")}`,
      );
    const out = path.join(dir, "previews", v.colour);
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    for (const page of previews.value.pages)
      fs.writeFileSync(path.join(out, `${String(page.slide).padStart(2, "0")}.webp`), page.webp);
    console.log(
      `${spec.key}/${v.file}: ${f.slideCount} slides, ${f.aspectRatio}, ${f.headingFont} / ${f.bodyFont}, ${Math.round(deck.length / 1024)} KB, previews in ${previews.value.ms} ms`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { DECKS } = await import("./decks.ts");
  const only = process.argv.slice(2);
  applyProjectFonts();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-templates-"));
  try {
    for (const spec of DECKS) if (!only.length || only.includes(spec.key)) await makeTemplate(spec, work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
