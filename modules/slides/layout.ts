/**
 * Slide geometry. `layoutSlide` turns one structured slide into a list of primitive drawing ops
 * (rectangles, ellipses, lines, triangles, chevrons, pie slices and pre-wrapped text boxes) on a
 * 1600 x 900 canvas (16:9) or 1600 x 1200 canvas (4:3). The SVG renderer and the .pptx builder both
 * draw these ops, so a preview and the downloaded file always match.
 */

import { contrast, isDark, mix, readableOn } from "./color.ts";
import type { Decor, Palette, Slide, SlideFormat } from "./design.ts";
import { fontInfo } from "./font-facts.ts";
import { fitText, measure } from "./text.ts";

export type Shape = {
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** 0-1; omitted means opaque. */
  opacity?: number;
};

export type TextOp = {
  kind: "text";
  x: number;
  y: number;
  w: number;
  h: number;
  /** Already wrapped: renderers never re-wrap. */
  lines: string[];
  fontFamily: string;
  generic: "serif" | "sans-serif";
  size: number;
  lineHeight: number;
  color: string;
  bold: boolean;
  italic: boolean;
  align: "left" | "center" | "right";
  valign: "top" | "middle" | "bottom";
  letterSpacing: number;
};

export type Op =
  | (Shape & { kind: "rect"; radius?: number })
  | (Shape & { kind: "ellipse" })
  /** Isosceles triangle, apex at the top centre of its box. */
  | (Shape & { kind: "triangle" })
  /** Arrow-like pentagon pointing right; the tip is h / 2 deep. */
  | (Shape & { kind: "homePlate" })
  /** Chevron pointing right; notch and tip are h / 2 deep. */
  | (Shape & { kind: "chevron" })
  /** Pie slice of the ellipse in the box, clockwise from `start` to `end` degrees (0 = 3 o'clock). */
  | (Shape & { kind: "pie"; start: number; end: number })
  | { kind: "line"; x1: number; y1: number; x2: number; y2: number; stroke: string; strokeWidth: number }
  | TextOp;

export type SlideDrawing = { width: number; height: number; background: string; ops: Op[] };

export const CANVAS_WIDTH = 1600;

export function canvasSize(format: Pick<SlideFormat, "aspectRatio">): { width: number; height: number } {
  return { width: CANVAS_WIDTH, height: format.aspectRatio === "4:3" ? 1200 : 900 };
}

// ---------------------------------------------------------------------------------------------------
// Context

type Ctx = {
  W: number;
  H: number;
  tall: boolean;
  decor: Decor;
  fmt: SlideFormat;
  ops: Op[];
  background: string;
  bg: string;
  surface: string;
  text: string;
  muted: string;
  a1: string;
  a2: string;
  /** accent1 adjusted to be readable as text on the background. */
  a1Text: string;
  /** Thin separators. */
  hair: string;
  L: number;
  R: number;
  T: number;
  B: number;
};

function makeCtx(palette: Palette, fmt: SlideFormat, decor: Decor, height?: number): Ctx {
  const W = CANVAS_WIDTH;
  const H = height ?? canvasSize(fmt).height;
  const tall = H > 1000;
  const L = decor === "band" ? 156 : decor === "frame" ? 144 : 120;
  const R = decor === "frame" ? W - 144 : W - 120;
  const T = (decor === "frame" ? 112 : 96) + (tall ? 28 : 0);
  const B = H - (decor === "frame" ? 104 : 88) - (tall ? 28 : 0);
  return {
    W,
    H,
    tall,
    decor,
    fmt,
    ops: [],
    background: palette.background,
    bg: palette.background,
    surface: palette.surface,
    text: palette.text,
    muted: palette.muted,
    a1: palette.accent1,
    a2: palette.accent2,
    a1Text: accentOn(palette.accent1, palette.background, palette.text),
    hair: mix(palette.background, palette.text, 0.14),
    L,
    R,
    T,
    B,
  };
}

/** An accent colour that reads as text on `fill`: the accent itself, or the closest readable shade. */
function accentOn(accent: string, fill: string, fallback: string): string {
  if (contrast(accent, fill) >= 4.5) return accent;
  for (let t = 0.1; t <= 1.0001; t += 0.1) {
    const c = mix(accent, isDark(fill) ? "#FFFFFF" : "#000000", t);
    if (contrast(c, fill) >= 4.5) return c;
  }
  return fallback;
}

/** Text colour for content placed on a filled shape. */
function on(c: Ctx, fill: string): string {
  return readableOn(fill, [c.bg, c.text, "#FFFFFF"]);
}

/** A softer text colour on a fill that still reaches 4.5:1. */
function softOn(c: Ctx, fill: string): string {
  const strong = on(c, fill);
  for (const t of [0.3, 0.2, 0.1]) {
    const soft = mix(strong, fill, t);
    if (contrast(soft, fill) >= 4.5) return soft;
  }
  return strong;
}

// ---------------------------------------------------------------------------------------------------
// Primitive helpers

function rect(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: Partial<Shape> & { radius?: number } = {},
) {
  c.ops.push({ kind: "rect", x, y, w, h, fill, ...extra });
}

function strokeRect(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  stroke: string,
  strokeWidth: number,
  radius = 0,
) {
  c.ops.push({ kind: "rect", x, y, w, h, stroke, strokeWidth, radius });
}

function circle(c: Ctx, cx: number, cy: number, r: number, fill: string, opacity?: number) {
  c.ops.push({
    kind: "ellipse",
    x: cx - r,
    y: cy - r,
    w: r * 2,
    h: r * 2,
    fill,
    ...(opacity === undefined ? {} : { opacity }),
  });
}

function ring(c: Ctx, cx: number, cy: number, r: number, stroke: string, strokeWidth: number) {
  c.ops.push({ kind: "ellipse", x: cx - r, y: cy - r, w: r * 2, h: r * 2, stroke, strokeWidth });
}

function line(c: Ctx, x1: number, y1: number, x2: number, y2: number, stroke: string, strokeWidth = 2) {
  c.ops.push({ kind: "line", x1, y1, x2, y2, stroke, strokeWidth });
}

type TextOpts = {
  x: number;
  y: number;
  w: number;
  h?: number;
  size: number;
  minSize?: number;
  maxLines?: number;
  font?: "heading" | "body";
  bold?: boolean;
  italic?: boolean;
  color: string;
  align?: TextOp["align"];
  valign?: TextOp["valign"];
  /** Line height as a multiple of the font size. */
  lh?: number;
  letterSpacing?: number;
  upper?: boolean;
};

/** Builds a text op (not yet drawn) with the text wrapped and, if needed, shrunk to fit. */
function textOp(c: Ctx, raw: string, o: TextOpts): TextOp {
  const family = o.font === "heading" ? c.fmt.headingFont : c.fmt.bodyFont;
  const content = o.upper ? raw.toUpperCase() : raw;
  const sizes: number[] = [];
  const min = o.minSize ?? o.size;
  for (let s = o.size; s > min; s -= Math.max(2, Math.round(s * 0.08))) sizes.push(s);
  sizes.push(min);
  const bold = o.bold ?? false;
  const letterSpacing = o.letterSpacing ?? 0;
  const { size, lines } = fitText(content, o.w, { family, bold, letterSpacing }, sizes, o.maxLines ?? 3);
  const lineHeight = Math.round(size * (o.lh ?? 1.3));
  return {
    kind: "text",
    x: o.x,
    y: o.y,
    w: o.w,
    h: o.h ?? lines.length * lineHeight,
    lines,
    fontFamily: family,
    generic: fontInfo(family)?.generic ?? "sans-serif",
    size,
    lineHeight,
    color: o.color,
    bold,
    italic: o.italic ?? false,
    align: o.align ?? "left",
    valign: o.valign ?? "top",
    letterSpacing,
  };
}

/** Draws text and returns the height it takes. */
function text(c: Ctx, raw: string, o: TextOpts): number {
  const op = textOp(c, raw, o);
  c.ops.push(op);
  return op.h;
}

/** A vertical stack of ops (positioned at y = 0) and gaps, placed later as a block. */
type Stack = { items: { op: Op; dy: number }[]; height: number };

/** Several ops drawn at the same stack position (their own y is relative to it), taking `h`. */
type Group = { group: Op[]; h: number };

function stack(parts: (Op | Group | Stack | number | null | undefined | false)[]): Stack {
  const items: { op: Op; dy: number }[] = [];
  let y = 0;
  for (const part of parts) {
    if (part === null || part === undefined || part === false) continue;
    if (typeof part === "number") {
      y += part;
    } else if ("group" in part) {
      for (const op of part.group) items.push({ op, dy: y });
      y += part.h;
    } else if ("items" in part) {
      for (const it of part.items) items.push({ op: it.op, dy: y + it.dy });
      y += part.height;
    } else {
      items.push({ op: part, dy: y });
      y += opHeight(part);
    }
  }
  return { items, height: y };
}

function opHeight(op: Op): number {
  return op.kind === "line" ? Math.abs(op.y2 - op.y1) : op.h;
}

function place(c: Ctx, s: Stack, y: number) {
  for (const { op, dy } of s.items) {
    if (op.kind === "line") c.ops.push({ ...op, y1: op.y1 + y + dy, y2: op.y2 + y + dy });
    else c.ops.push({ ...op, y: op.y + y + dy });
  }
}

function barOp(x: number, w: number, h: number, fill: string): Op {
  return { kind: "rect", x, y: 0, w, h, fill };
}

function kickerOp(c: Ctx, s: string, x: number, w: number, color: string, align: TextOp["align"] = "left"): TextOp {
  return textOp(c, s, { x, y: 0, w, size: 20, bold: true, color, upper: true, letterSpacing: 3, maxLines: 1, align });
}

/** The image stand-in: a tinted panel with a sun and two mountains, like a photo placeholder. */
function picture(c: Ctx, x: number, y: number, w: number, h: number, radius = 0) {
  const dark = isDark(c.bg);
  const base = mix(c.a1, c.bg, dark ? 0.72 : 0.8);
  rect(c, x, y, w, h, base, radius ? { radius } : {});
  const sr = Math.min(w, h) * 0.085;
  circle(c, x + w * 0.72, y + h * 0.3, sr, mix(c.a2, c.bg, 0.08));
  const inset = radius;
  c.ops.push({
    kind: "triangle",
    x: x + w * 0.36,
    y: y + h * 0.44,
    w: w * 0.64 - inset,
    h: h * 0.56,
    fill: mix(c.a1, c.bg, 0.48),
  });
  c.ops.push({
    kind: "triangle",
    x: x + inset,
    y: y + h * 0.56,
    w: w * 0.64,
    h: h * 0.44,
    fill: mix(c.a1, c.bg, dark ? 0.1 : 0.18),
  });
}

// ---------------------------------------------------------------------------------------------------
// Decor: background elements of content slides, and the slide header

function backdrop(c: Ctx) {
  const { W, H } = c;
  switch (c.decor) {
    case "band":
      rect(c, 0, 0, 28, H, c.a1);
      rect(c, 0, 0, 28, 150, c.a2);
      break;
    case "blobs":
      circle(c, W - 40, -20, 230, c.a2, 0.16);
      circle(c, -60, H + 30, 190, c.a1, 0.12);
      break;
    case "frame":
      strokeRect(c, 40, 40, W - 80, H - 80, mix(c.a1, c.bg, 0.45), 3);
      break;
    case "geometric":
      dotGrid(c, W - 72 - 5 * 26, H - 64 - 3 * 26, 6, 4, 26, c.a1, 0.5);
      ring(c, -10, H + 10, 96, c.a2, 14);
      break;
    case "split":
      rect(c, 0, H - 14, W, 14, c.a1);
      rect(c, 0, H - 14, 360, 14, c.a2);
      break;
    default:
      break;
  }
}

function dotGrid(c: Ctx, x: number, y: number, cols: number, rows: number, gap: number, fill: string, opacity: number) {
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) circle(c, x + k * gap, y + r * gap, 4.5, fill, opacity);
  }
}

/** Kicker + title at the top of a content slide. Returns the y where content starts. */
function header(c: Ctx, title: string, kicker?: string, width?: number): number {
  const w = width ?? c.R - c.L;
  const parts: (Op | number | null)[] = [];
  if (kicker) parts.push(kickerOp(c, kicker, c.L, w, c.a1Text), 18);
  parts.push(
    textOp(c, title, {
      x: c.L,
      y: 0,
      w,
      size: 54,
      minSize: 40,
      maxLines: 2,
      font: "heading",
      bold: true,
      color: c.text,
      lh: 1.14,
    }),
  );
  if (c.decor === "clean" || c.decor === "geometric" || c.decor === "blobs") parts.push(22, barOp(c.L, 72, 6, c.a1));
  const s = stack(parts);
  let top = c.T;
  if (c.decor === "split") {
    top = c.T - 16;
    rect(c, 0, 0, c.W, top + s.height + 40, c.surface);
    rect(c, c.L, top + s.height + 40 - 5, 96, 10, c.a1);
    place(c, s, top);
    return top + s.height + 40 + (c.tall ? 72 : 52);
  }
  place(c, s, top);
  return top + s.height + (c.tall ? 72 : 52);
}

// ---------------------------------------------------------------------------------------------------
// Layouts

function titleSlide(c: Ctx, s: Extract<Slide, { layout: "title" }>) {
  heroSlide(c, {
    kicker: s.kicker,
    title: s.title,
    subtitle: s.subtitle,
    footer: [s.presenter, s.date].filter(Boolean).join("  \u00b7  "),
    titleSize: 80,
    mirror: false,
  });
}

function thankYouSlide(c: Ctx, s: Extract<Slide, { layout: "thank-you" }>) {
  heroSlide(c, {
    title: s.title,
    subtitle: s.subtitle,
    contact: s.contact,
    titleSize: 104,
    mirror: true,
  });
}

type Hero = {
  kicker?: string;
  title: string;
  subtitle: string;
  footer?: string;
  contact?: { email: string; website: string; phone: string };
  titleSize: number;
  /** The thank-you slide mirrors some title compositions. */
  mirror: boolean;
};

function contactStack(
  c: Ctx,
  contact: NonNullable<Hero["contact"]>,
  x: number,
  w: number,
  label: string,
  value: string,
  align: TextOp["align"] = "left",
): Stack {
  const rows: [string, string][] = [
    ["Email", contact.email],
    ["Website", contact.website],
    ["Phone", contact.phone],
  ];
  const parts: (Op | number)[] = [];
  rows.forEach(([k, v], i) => {
    if (i > 0) parts.push(18);
    parts.push(
      textOp(c, k, {
        x,
        y: 0,
        w,
        size: 17,
        bold: true,
        color: label,
        upper: true,
        letterSpacing: 2.5,
        maxLines: 1,
        align,
      }),
    );
    parts.push(6);
    parts.push(textOp(c, v, { x, y: 0, w, size: 26, color: value, maxLines: 1, align }));
  });
  return stack(parts);
}

function heroText(
  c: Ctx,
  h: Hero,
  x: number,
  w: number,
  colors: { kicker: string; title: string; body: string; bar: string },
  align: TextOp["align"] = "left",
  maxTitleLines = 3,
): Stack {
  const parts: (Op | number | null)[] = [];
  if (h.kicker) parts.push(kickerOp(c, h.kicker, x, w, colors.kicker, align), 26);
  parts.push(
    textOp(c, h.title, {
      x,
      y: 0,
      w,
      size: h.titleSize,
      minSize: 48,
      maxLines: maxTitleLines,
      font: "heading",
      bold: true,
      color: colors.title,
      lh: 1.06,
      align,
    }),
  );
  parts.push(30);
  if (align === "center") {
    parts.push(barOp(x + w / 2 - 36, 72, 6, colors.bar));
  } else {
    parts.push(barOp(x, 72, 6, colors.bar));
  }
  parts.push(30);
  parts.push(
    textOp(c, h.subtitle, { x, y: 0, w, size: 28, minSize: 24, maxLines: 3, color: colors.body, lh: 1.4, align }),
  );
  return stack(parts);
}

function heroSlide(c: Ctx, h: Hero) {
  const { W, H } = c;
  const k = H / 900;
  const std = { kicker: c.a1Text, title: c.text, body: c.muted, bar: c.a1 };
  const footerOp = (x: number, w: number, color: string, align: TextOp["align"] = "left") =>
    h.footer ? textOp(c, h.footer, { x, y: H - 96 - (c.tall ? 24 : 0), w, size: 22, color, maxLines: 1, align }) : null;
  const withContact = (s: Stack, x: number, w: number, label: string, value: string): Stack => {
    if (!h.contact) return s;
    return stack([s, 48, contactStack(c, h.contact, x, w, label, value)]);
  };
  switch (c.decor) {
    case "band": {
      const pw = 760;
      rect(c, 0, 0, pw, H, c.a1);
      rect(c, pw - 14, 0, 14, H, c.a2);
      const colors = { kicker: softOn(c, c.a1), title: on(c, c.a1), body: softOn(c, c.a1), bar: on(c, c.a1) };
      const s = heroText(c, { ...h, titleSize: Math.min(h.titleSize, 76) }, 112, pw - 200, colors, "left", 4);
      place(c, s, (H - s.height) / 2);
      if (h.contact) {
        const cs = contactStack(c, h.contact, pw + 120, W - pw - 240, c.a1Text, c.text);
        place(c, cs, (H - cs.height) / 2);
      } else {
        picture(c, pw + 100, 110 * k, W - pw - 220, H - 220 * k);
      }
      const f = footerOp(112, pw - 220, softOn(c, c.a1));
      if (f) c.ops.push(f);
      break;
    }
    case "blobs": {
      circle(c, W - 270, 250 * k, 330, c.a1);
      circle(c, W - 520, H - 210 * k, 180, c.a2, 0.92);
      ring(c, W - 96, H - 140 * k, 64, c.a1, 9);
      circle(c, W - 660, 190 * k, 16, c.a2);
      circle(c, -40, H + 20, 160, c.a2, 0.14);
      const s = withContact(heroText(c, h, c.L, 760, std), c.L, 640, c.a1Text, c.text);
      place(c, s, (H - s.height) / 2);
      const f = footerOp(c.L, 760, c.muted);
      if (f) c.ops.push(f);
      break;
    }
    case "frame": {
      strokeRect(c, 40, 40, W - 80, H - 80, mix(c.a1, c.bg, 0.45), 3);
      strokeRect(c, 56, 56, W - 112, H - 112, mix(c.a1, c.bg, 0.7), 1.5);
      const w = 1120;
      const x = (W - w) / 2;
      const parts: (Op | Group | number | null)[] = [];
      if (h.kicker) parts.push(kickerOp(c, h.kicker, x, w, c.a1Text, "center"), 30);
      parts.push(
        textOp(c, h.title, {
          x,
          y: 0,
          w,
          size: h.titleSize,
          minSize: 52,
          maxLines: 3,
          font: "heading",
          bold: true,
          color: c.text,
          lh: 1.08,
          align: "center",
        }),
        34,
        {
          group: [
            { kind: "line", x1: W / 2 - 110, y1: 9, x2: W / 2 - 24, y2: 9, stroke: c.a1, strokeWidth: 2 },
            { kind: "ellipse", x: W / 2 - 9, y: 0, w: 18, h: 18, fill: c.a1 },
            { kind: "line", x1: W / 2 + 24, y1: 9, x2: W / 2 + 110, y2: 9, stroke: c.a1, strokeWidth: 2 },
          ],
          h: 18,
        },
        34,
        textOp(c, h.subtitle, {
          x: x + 100,
          y: 0,
          w: w - 200,
          size: 28,
          minSize: 24,
          maxLines: 3,
          color: c.muted,
          lh: 1.4,
          align: "center",
        }),
      );
      const s = stack([stack(parts), h.contact ? 56 : 0, h.contact ? contactRow(c, h.contact, x, w) : null]);
      place(c, s, (H - s.height) / 2 - 10);
      const f = footerOp(x, w, c.muted, "center");
      if (f) c.ops.push({ ...f, y: H - 140 - (c.tall ? 20 : 0) });
      break;
    }
    case "geometric": {
      const size = c.tall ? 160 : 148;
      const gap = 16;
      const gx = W - 120 - 3 * size - 2 * gap;
      const gy = (H - 3 * size - 2 * gap) / 2;
      mosaic(c, gx, gy, size, gap, h.mirror);
      dotGrid(c, c.L, 64, 8, 2, 26, c.a1, 0.45);
      const s = withContact(heroText(c, h, c.L, gx - c.L - 90, std), c.L, 600, c.a1Text, c.text);
      place(c, s, (H - s.height) / 2);
      const f = footerOp(c.L, 700, c.muted);
      if (f) c.ops.push(f);
      break;
    }
    case "split": {
      const pw = 620;
      const px = h.mirror ? 0 : W - pw;
      picture(c, px, 0, pw, H);
      const sq = 120;
      rect(c, h.mirror ? pw - sq / 2 : px - sq / 2, H - 150 * k - sq, sq, sq, c.a1);
      rect(c, h.mirror ? pw - sq / 2 : px - sq / 2, H - 150 * k, sq, 14, c.a2);
      const tx = h.mirror ? pw + 140 : c.L;
      const tw = h.mirror ? W - pw - 260 : px - c.L - 140;
      const s = withContact(heroText(c, h, tx, tw, std), tx, tw, c.a1Text, c.text);
      place(c, s, (H - s.height) / 2);
      const f = footerOp(tx, tw, c.muted);
      if (f) c.ops.push(f);
      break;
    }
    default: {
      // clean
      const px = 920;
      const tw = px - c.L - 100;
      if (h.mirror) {
        const cx = W - 380;
        const cy = H / 2;
        circle(c, cx, cy, 270, mix(c.a1, c.bg, 0.84));
        circle(c, cx + 60, cy + 40, 150, c.a1);
        circle(c, cx - 150, cy - 170, 46, c.a2);
        ring(c, cx + 230, cy - 200, 34, c.a1, 6);
      } else {
        picture(c, px, 88 * k, W - px - 88, H - 176 * k, 28);
      }
      const s = withContact(heroText(c, h, c.L, tw, std), c.L, tw, c.a1Text, c.text);
      place(c, s, (H - s.height) / 2);
      const f = footerOp(c.L, tw, c.muted);
      if (f) c.ops.push(f);
      break;
    }
  }
}

function contactRow(c: Ctx, contact: NonNullable<Hero["contact"]>, x: number, w: number): Stack {
  const cols: [string, string][] = [
    ["Email", contact.email],
    ["Website", contact.website],
    ["Phone", contact.phone],
  ];
  const cw = w / 3;
  const group: Op[] = [];
  let h = 0;
  cols.forEach(([k, v], i) => {
    group.push(
      textOp(c, k, {
        x: x + i * cw,
        y: 0,
        w: cw,
        size: 17,
        bold: true,
        color: c.a1Text,
        upper: true,
        letterSpacing: 2.5,
        maxLines: 1,
        align: "center",
      }),
    );
    const value = textOp(c, v, {
      x: x + i * cw + 10,
      y: 32,
      w: cw - 20,
      size: 24,
      color: c.text,
      maxLines: 1,
      align: "center",
    });
    group.push(value);
    h = Math.max(h, 32 + value.h);
    if (i > 0)
      group.push({ kind: "line", x1: x + i * cw, y1: 0, x2: x + i * cw, y2: h, stroke: c.hair, strokeWidth: 2 });
  });
  return stack([{ group, h }]);
}

function mosaic(c: Ctx, x: number, y: number, s: number, gap: number, alt: boolean) {
  const cell = (i: number) => ({ cx: x + (i % 3) * (s + gap), cy: y + Math.floor(i / 3) * (s + gap) });
  const soft = mix(c.a1, c.bg, 0.8);
  const kinds = alt
    ? ["circleA2", "sqA1", "soft", "sqA1", "tri", "ring", "soft", "circleA1", "sqA2"]
    : ["sqA1", "circleA2", "soft", "tri", "ring", "sqA2", "circleA1", "soft", "roundA1"];
  kinds.forEach((kind, i) => {
    const { cx, cy } = cell(i);
    switch (kind) {
      case "sqA1":
        rect(c, cx, cy, s, s, c.a1);
        break;
      case "sqA2":
        rect(c, cx, cy, s, s, c.a2);
        break;
      case "roundA1":
        rect(c, cx, cy, s, s, c.a1, { radius: s / 2.6 });
        break;
      case "circleA1":
        circle(c, cx + s / 2, cy + s / 2, s / 2, c.a1);
        break;
      case "circleA2":
        circle(c, cx + s / 2, cy + s / 2, s / 2, c.a2);
        break;
      case "tri":
        rect(c, cx, cy, s, s, soft);
        c.ops.push({ kind: "triangle", x: cx + s * 0.12, y: cy + s * 0.18, w: s * 0.76, h: s * 0.64, fill: c.a2 });
        break;
      case "ring":
        rect(c, cx, cy, s, s, soft);
        ring(c, cx + s / 2, cy + s / 2, s * 0.3, c.a1, 12);
        break;
      default:
        rect(c, cx, cy, s, s, soft);
    }
  });
}

function agendaSlide(c: Ctx, s: Extract<Slide, { layout: "agenda" }>) {
  const { H } = c;
  const leftW = 420;
  const colX = c.L + leftW + 100;
  if (c.decor === "split" || c.decor === "band") {
    rect(c, c.decor === "band" ? 28 : 0, 0, c.L + leftW + 40 - (c.decor === "band" ? 28 : 0), H, c.surface);
  }
  if (c.decor === "blobs") circle(c, c.L + 120, H - 180, 150, c.a1, 0.14);
  const titleColor = c.text;
  const left = stack([
    kickerOp(
      c,
      `${s.items.length} topics`,
      c.L,
      leftW,
      c.decor === "split" || c.decor === "band" ? accentOn(c.a1, c.surface, c.text) : c.a1Text,
    ),
    18,
    textOp(c, s.title, {
      x: c.L,
      y: 0,
      w: leftW,
      size: 72,
      minSize: 48,
      maxLines: 2,
      font: "heading",
      bold: true,
      color: titleColor,
      lh: 1.05,
    }),
    28,
    barOp(c.L, 72, 6, c.a1),
  ]);
  place(c, left, (H - left.height) / 2);
  const n = s.items.length;
  const top = c.T + 8;
  const rowH = (c.B - top) / n;
  const colW = c.R - colX;
  s.items.forEach((item, i) => {
    const y = top + i * rowH;
    const num = textOp(c, String(i + 1).padStart(2, "0"), {
      x: colX,
      y: 0,
      w: 90,
      size: 40,
      font: "heading",
      bold: true,
      color: c.a1Text,
      maxLines: 1,
      lh: 1.1,
    });
    const title = textOp(c, item.title, {
      x: colX + 110,
      y: 0,
      w: colW - 110,
      size: 28,
      minSize: 24,
      font: "heading",
      bold: true,
      color: c.text,
      maxLines: 1,
      lh: 1.25,
    });
    const body = textOp(c, item.text, {
      x: colX + 110,
      y: 0,
      w: colW - 110,
      size: 21,
      color: c.muted,
      maxLines: rowH > 130 ? 2 : 1,
      lh: 1.35,
    });
    const block = stack([title, 6, body]);
    const by = y + (rowH - block.height) / 2;
    place(c, block, by);
    c.ops.push({ ...num, y: by - 4 });
    if (i < n - 1) line(c, colX, y + rowH, c.R, y + rowH, c.hair, 2);
  });
}

function sectionSlide(c: Ctx, s: Extract<Slide, { layout: "section" }>) {
  const { W, H } = c;
  const filled = c.decor === "band" || c.decor === "blobs" || c.decor === "split";
  if (filled) {
    c.background = c.a1;
    const fg = on(c, c.a1);
    if (c.decor === "blobs") {
      circle(c, W - 200, 180, 300, mix(c.a1, fg, 0.12));
      circle(c, W - 420, H - 80, 150, mix(c.a1, c.a2, 0.55));
    } else if (c.decor === "band") {
      rect(c, 0, 0, 28, H, c.a2);
      rect(c, W - 420, 0, 420, H, mix(c.a1, fg, 0.08));
    } else {
      rect(c, 0, H - 14, W, 14, c.a2);
      rect(c, W - 520, 0, 520, H - 14, mix(c.a1, fg, 0.1));
    }
    const x = c.decor === "band" ? 160 : c.L;
    const st = stack([
      textOp(c, s.number, {
        x,
        y: 0,
        w: 700,
        size: 220,
        font: "heading",
        bold: true,
        color: mix(fg, c.a1, 0.55),
        maxLines: 1,
        lh: 1.0,
      }),
      12,
      textOp(c, s.title, {
        x,
        y: 0,
        w: 1000,
        size: 76,
        minSize: 52,
        maxLines: 2,
        font: "heading",
        bold: true,
        color: fg,
        lh: 1.08,
      }),
      26,
      textOp(c, s.subtitle, { x, y: 0, w: 860, size: 28, minSize: 24, maxLines: 2, color: softOn(c, c.a1), lh: 1.4 }),
    ]);
    place(c, st, (H - st.height) / 2);
    return;
  }
  backdrop(c);
  const numW = 440;
  const tx = c.L + numW + 90;
  const num = textOp(c, s.number, {
    x: c.L,
    y: 0,
    w: numW,
    size: 260,
    font: "heading",
    bold: true,
    color: c.decor === "frame" ? c.a1Text : c.a1,
    maxLines: 1,
    lh: 1.0,
    align: "right",
  });
  const right = stack([
    kickerOp(c, `Section ${s.number}`, tx, c.R - tx, c.a1Text),
    20,
    textOp(c, s.title, {
      x: tx,
      y: 0,
      w: c.R - tx,
      size: 68,
      minSize: 48,
      maxLines: 3,
      font: "heading",
      bold: true,
      color: c.text,
      lh: 1.08,
    }),
    24,
    textOp(c, s.subtitle, {
      x: tx,
      y: 0,
      w: c.R - tx - 40,
      size: 28,
      minSize: 24,
      maxLines: 3,
      color: c.muted,
      lh: 1.4,
    }),
  ]);
  const blockH = Math.max(num.h, right.height);
  const top = (H - blockH) / 2;
  c.ops.push({ ...num, y: top + (blockH - num.h) / 2 });
  line(c, c.L + numW + 45, top, c.L + numW + 45, top + blockH, c.a1, 4);
  place(c, right, top + (blockH - right.height) / 2);
}

function bulletsSlide(c: Ctx, s: Extract<Slide, { layout: "bullets" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker);
  const full = c.R - c.L;
  const listW = s.note ? full * 0.58 : full;
  const avail = c.B - y0;
  let chosen: TextOp[] = [];
  let gap = c.tall ? 40 : 30;
  for (const size of [28, 26, 24, 22]) {
    chosen = s.bullets.map((b) =>
      textOp(c, b, { x: c.L + 40, y: 0, w: listW - 40, size, maxLines: 2, color: c.text, lh: 1.4 }),
    );
    const total = chosen.reduce((sum, op) => sum + op.h, 0) + gap * (chosen.length - 1);
    if (total <= avail) break;
    gap = Math.max(18, gap - 4);
  }
  let y = y0;
  const round = c.decor === "blobs" || c.decor === "frame";
  chosen.forEach((op, i) => {
    const cy = y + op.lineHeight / 2;
    if (round) circle(c, c.L + 8, cy, 8, i % 2 ? c.a2 : c.a1);
    else rect(c, c.L, cy - 7, 14, 14, c.a1, { radius: c.decor === "clean" ? 0 : 3 });
    c.ops.push({ ...op, y });
    y += op.h + gap;
  });
  if (s.note) {
    const x = c.L + full * 0.66;
    const w = c.R - x;
    const h = Math.min(c.B - y0, c.tall ? 560 : 420);
    const radius = c.decor === "split" || c.decor === "band" ? 0 : 20;
    rect(c, x, y0, w, h, c.surface, radius ? { radius } : {});
    rect(c, x + 44, y0 + 44, 56, 6, c.a1);
    const inner = stack([
      kickerOp(c, "Key takeaway", x + 44, w - 88, accentOn(c.a1, c.surface, c.text)),
      20,
      textOp(c, s.note, {
        x: x + 44,
        y: 0,
        w: w - 88,
        size: 30,
        minSize: 24,
        maxLines: 7,
        font: "heading",
        color: c.text,
        lh: 1.35,
      }),
    ]);
    place(c, inner, y0 + 80);
  }
}

function twoColumnsSlide(c: Ctx, s: Extract<Slide, { layout: "two-columns" }>) {
  backdrop(c);
  let y = header(c, s.title, s.kicker);
  if (s.intro) {
    y +=
      text(c, s.intro, {
        x: c.L,
        y: y - 12,
        w: (c.R - c.L) * 0.8,
        size: 26,
        minSize: 22,
        maxLines: 2,
        color: c.muted,
        lh: 1.4,
      }) + 28;
  }
  const n = s.columns.length;
  const gap = 56;
  const cw = (c.R - c.L - gap * (n - 1)) / n;
  const cards = c.decor !== "clean" && c.decor !== "frame";
  const pad = cards ? 40 : 0;
  const h = c.B - y;
  s.columns.forEach((col, i) => {
    const x = c.L + i * (cw + gap);
    if (cards) rect(c, x, y, cw, h, c.surface, c.decor === "split" || c.decor === "band" ? {} : { radius: 18 });
    else line(c, x, y, x + cw, y, c.a1, 3);
    const fill = i % 2 ? c.a2 : c.a1;
    const top = y + (cards ? pad : 32);
    circle(c, x + pad + 28, top + 28, 28, fill);
    text(c, String(i + 1).padStart(2, "0"), {
      x: x + pad,
      y: top,
      w: 56,
      h: 56,
      size: 20,
      bold: true,
      color: on(c, fill),
      align: "center",
      valign: "middle",
      maxLines: 1,
    });
    const textColor = c.text;
    const mutedColor = c.muted;
    const body = stack([
      textOp(c, col.heading, {
        x: x + pad,
        y: 0,
        w: cw - pad * 2,
        size: 32,
        minSize: 26,
        maxLines: 2,
        font: "heading",
        bold: true,
        color: textColor,
        lh: 1.2,
      }),
      16,
      textOp(c, col.text, {
        x: x + pad,
        y: 0,
        w: cw - pad * 2,
        size: 24,
        minSize: 21,
        maxLines: Math.max(2, Math.floor((h - 200) / 34)),
        color: mutedColor,
        lh: 1.45,
      }),
    ]);
    place(c, body, top + 84);
  });
}

function imageTextSlide(c: Ctx, s: Extract<Slide, { layout: "image-text" }>) {
  const { W, H } = c;
  const bleed = c.decor === "split" || c.decor === "band" || c.decor === "clean";
  const left = s.imageSide === "left";
  if (c.decor !== "band" || !left) backdrop(c);
  let ix: number;
  let iy: number;
  let iw: number;
  let ih: number;
  if (bleed) {
    iw = Math.round(W * 0.46);
    ix = left ? 0 : W - iw;
    iy = 0;
    ih = H;
    picture(c, ix, iy, iw, ih);
  } else {
    iw = Math.round(W * 0.42);
    ix = left ? c.L : c.R - iw;
    iy = c.T;
    ih = c.B - c.T;
    picture(c, ix, iy, iw, ih, 24);
  }
  if (s.caption) {
    const cap = textOp(c, s.caption, { x: 0, y: 0, w: iw - 120, size: 18, color: c.muted, maxLines: 1 });
    const capW = Math.min(iw - 80, measureLine(cap) + 40);
    const cx = ix + 40;
    const cy = iy + ih - 40 - 48;
    rect(c, cx, cy, capW, 48, c.bg, { radius: 24 });
    c.ops.push({ ...cap, x: cx + 20, y: cy, w: capW - 40, h: 48, valign: "middle" });
  }
  const tx = left ? ix + iw + 100 : c.L;
  const tw = left ? c.R - tx : ix - 100 - c.L;
  const parts: (Op | number | null)[] = [];
  if (s.kicker) parts.push(kickerOp(c, s.kicker, tx, tw, c.a1Text), 18);
  parts.push(
    textOp(c, s.title, {
      x: tx,
      y: 0,
      w: tw,
      size: 50,
      minSize: 38,
      maxLines: 3,
      font: "heading",
      bold: true,
      color: c.text,
      lh: 1.12,
    }),
    24,
  );
  parts.push(barOp(tx, 64, 6, c.a1), 28);
  parts.push(
    textOp(c, s.text, {
      x: tx,
      y: 0,
      w: tw,
      size: 26,
      minSize: 22,
      maxLines: s.bullets?.length ? 5 : 8,
      color: c.muted,
      lh: 1.45,
    }),
  );
  const st = stack(parts);
  const bullets = (s.bullets ?? [])
    .slice(0, 3)
    .map((b) => textOp(c, b, { x: tx + 34, y: 0, w: tw - 34, size: 24, maxLines: 2, color: c.text, lh: 1.35 }));
  const bh = bullets.reduce((sum, op) => sum + op.h + 16, bullets.length ? 24 : 0);
  let y = (H - st.height - bh) / 2;
  place(c, st, y);
  y += st.height + 24;
  for (const op of bullets) {
    rect(c, tx, y + op.lineHeight / 2 - 6, 12, 12, c.a1, { radius: 6 });
    c.ops.push({ ...op, y });
    y += op.h + 16;
  }
}

function measureLine(op: TextOp): number {
  let max = 0;
  for (const l of op.lines)
    max = Math.max(
      max,
      measure(l, { family: op.fontFamily, size: op.size, bold: op.bold, letterSpacing: op.letterSpacing }),
    );
  return Math.min(max, op.w);
}

function bigNumberSlide(c: Ctx, s: Extract<Slide, { layout: "big-number" }>) {
  const { W, H } = c;
  const panel = c.decor === "band" || c.decor === "split";
  const pw = Math.round(W * 0.42);
  let valueColor = c.a1Text;
  let labelColor = c.text;
  if (panel) {
    rect(c, 0, 0, pw, H, c.a1);
    if (c.decor === "split") rect(c, 0, H - 14, pw, 14, c.a2);
    else rect(c, pw - 14, 0, 14, H, c.a2);
    valueColor = on(c, c.a1);
    labelColor = softOn(c, c.a1);
  } else {
    backdrop(c);
  }
  const r = c.tall ? 320 : 300;
  const ccx = c.L + r - 20;
  if (!panel) circle(c, ccx, H / 2, r, mix(c.a1, c.bg, isDark(c.bg) ? 0.8 : 0.86));
  const lx = panel ? 100 : ccx - r * 0.84;
  const lw = panel ? pw - 180 : r * 1.68;
  const left = stack([
    textOp(c, s.value, {
      x: lx,
      y: 0,
      w: lw,
      size: 200,
      minSize: 110,
      maxLines: 1,
      font: "heading",
      bold: true,
      color: valueColor,
      lh: 1.05,
      align: panel ? "left" : "center",
    }),
    8,
    textOp(c, s.label, {
      x: lx,
      y: 0,
      w: lw,
      size: 28,
      minSize: 22,
      maxLines: 2,
      bold: true,
      color: labelColor,
      lh: 1.3,
      align: panel ? "left" : "center",
    }),
  ]);
  place(c, left, (H - left.height) / 2);
  const rx = panel ? pw + 110 : ccx + r + 90;
  const rw = c.R - rx;
  const parts: (Op | number | null)[] = [];
  if (s.kicker) parts.push(kickerOp(c, s.kicker, rx, rw, c.a1Text), 18);
  parts.push(
    textOp(c, s.title, {
      x: rx,
      y: 0,
      w: rw,
      size: 46,
      minSize: 36,
      maxLines: 3,
      font: "heading",
      bold: true,
      color: c.text,
      lh: 1.14,
    }),
    24,
  );
  parts.push(textOp(c, s.text, { x: rx, y: 0, w: rw, size: 25, minSize: 22, maxLines: 5, color: c.muted, lh: 1.45 }));
  const st = stack(parts);
  const stats = s.stats.slice(0, 3);
  const sw = rw / Math.max(1, stats.length);
  const statOps = stats.map((stat, i) => ({
    value: textOp(c, stat.value, {
      x: rx + i * sw + (i ? 32 : 0),
      y: 0,
      w: sw - 40,
      size: 46,
      minSize: 32,
      maxLines: 1,
      font: "heading",
      bold: true,
      color: c.a1Text,
      lh: 1.1,
    }),
    label: textOp(c, stat.label, {
      x: rx + i * sw + (i ? 32 : 0),
      y: 0,
      w: sw - 40,
      size: 20,
      maxLines: 2,
      color: c.muted,
      lh: 1.35,
    }),
  }));
  const statsH = statOps.length ? Math.max(...statOps.map((o) => o.value.h + 8 + o.label.h)) : 0;
  const total = st.height + (statsH ? 56 + statsH : 0);
  const top = (H - total) / 2;
  place(c, st, top);
  const sy = top + st.height + 56;
  statOps.forEach((o, i) => {
    if (i > 0) line(c, rx + i * sw, sy, rx + i * sw, sy + statsH, c.hair, 2);
    c.ops.push({ ...o.value, y: sy }, { ...o.label, y: sy + o.value.h + 8 });
  });
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v * 1.08) return m * p;
  return 10 * p;
}

const TEMPORAL = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Q\d|\d{4}|Week|Day)/;

/** Whether chart labels are points in time (months, quarters, years...), so growth can be computed. */
export function isTemporal(labels: readonly string[]): boolean {
  return labels.length > 0 && labels.every((l) => TEMPORAL.test(l));
}

/** Units short enough to print next to the value; longer ones are named once in the insight card. */
function inlineUnit(unit: string): boolean {
  return unit === "" || unit.startsWith("$") || /^(%|k|M|B|h|°C)$/.test(unit);
}

export function formatValue(v: number, unit: string): string {
  const n = Number.isInteger(v) ? v.toLocaleString("en-US") : v.toFixed(1);
  if (unit.startsWith("$")) return `$${n}${unit.slice(1)}`;
  return inlineUnit(unit) ? `${n}${unit}` : n;
}

function chartBarsSlide(c: Ctx, s: Extract<Slide, { layout: "chart-bars" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker);
  const full = c.R - c.L;
  const cw = full * 0.62;
  const h = c.B - y0;
  const plotTop = y0 + 46;
  const plotBottom = c.B - 50;
  const plotH = plotBottom - plotTop;
  const max = niceMax(Math.max(...s.bars.map((b) => b.value)));
  for (let g = 0; g <= 4; g++) {
    const gy = plotBottom - (plotH * g) / 4;
    line(c, c.L, gy, c.L + cw, gy, g === 0 ? mix(c.bg, c.text, 0.4) : c.hair, g === 0 ? 3 : 1.5);
  }
  const n = s.bars.length;
  const slot = cw / n;
  const bw = Math.min(slot * 0.56, 110);
  const top = Math.max(...s.bars.map((b) => b.value));
  s.bars.forEach((b, i) => {
    const bh = Math.max(4, (b.value / max) * plotH);
    const bx = c.L + i * slot + (slot - bw) / 2;
    const fill = b.value === top ? c.a2 : c.a1;
    rect(c, bx, plotBottom - bh, bw, bh, fill, { radius: Math.min(8, bw / 6) });
    text(c, formatValue(b.value, s.unit), {
      x: bx - 30,
      y: plotBottom - bh - 40,
      w: bw + 60,
      size: 22,
      bold: true,
      color: c.text,
      maxLines: 1,
      align: "center",
      lh: 1.2,
    });
    text(c, b.label, {
      x: c.L + i * slot + 4,
      y: plotBottom + 14,
      w: slot - 8,
      size: 19,
      color: c.muted,
      maxLines: 1,
      align: "center",
      lh: 1.2,
    });
  });
  const x = c.L + full * 0.68;
  const w = c.R - x;
  const radius = c.decor === "split" || c.decor === "band" ? 0 : 20;
  rect(c, x, y0, w, h, c.surface, radius ? { radius } : {});
  const acc = accentOn(c.a1, c.surface, c.text);
  const first = s.bars[0].value;
  const last = s.bars[n - 1].value;
  const parts: (Op | number | null)[] = [kickerOp(c, "Key insight", x + 44, w - 88, acc), 18];
  let headline: string | null = null;
  let caption = "";
  if (isTemporal(s.bars.map((b) => b.label)) && first > 0) {
    const pct = Math.round(((last - first) / first) * 100);
    headline = `${pct >= 0 ? "+" : ""}${pct}%`;
    caption = `${s.bars[0].label} to ${s.bars[n - 1].label}`;
  } else {
    const best = s.bars.find((b) => b.value === top) ?? s.bars[0];
    headline = best.label;
    caption = `leads with ${formatValue(best.value, s.unit)}`;
  }
  parts.push(
    textOp(c, headline, {
      x: x + 44,
      y: 0,
      w: w - 88,
      size: 60,
      minSize: 36,
      font: "heading",
      bold: true,
      color: acc,
      maxLines: 1,
      lh: 1.1,
    }),
    4,
    textOp(c, caption, { x: x + 44, y: 0, w: w - 88, size: 19, color: c.muted, maxLines: 1, lh: 1.3 }),
    24,
  );
  parts.push(
    textOp(c, s.takeaway, {
      x: x + 44,
      y: 0,
      w: w - 88,
      size: 24,
      minSize: 20,
      maxLines: c.tall ? 8 : 5,
      color: c.text,
      lh: 1.4,
    }),
  );
  if (!inlineUnit(s.unit)) {
    parts.push(
      16,
      textOp(c, `Values in ${s.unit}`, { x: x + 44, y: 0, w: w - 88, size: 18, color: c.muted, maxLines: 1 }),
    );
  }
  const st = stack(parts);
  place(c, st, y0 + Math.max(40, (h - st.height) / 2));
}

function sliceColors(c: Ctx): string[] {
  return [c.a1, c.a2, mix(c.a1, c.text, 0.45), mix(c.a2, c.bg, 0.5), mix(c.a1, c.bg, 0.55), mix(c.text, c.bg, 0.45)];
}

function chartPieSlide(c: Ctx, s: Extract<Slide, { layout: "chart-pie" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker);
  const total = s.slices.reduce((sum, sl) => sum + sl.value, 0) || 1;
  const pct = s.slices.map((sl) => Math.round((sl.value / total) * 100));
  const r = Math.min((c.B - y0) / 2, c.tall ? 280 : 240);
  const cx = c.L + r + 10;
  const cy = y0 + (c.B - y0) / 2;
  const colors = sliceColors(c);
  let angle = -90;
  s.slices.forEach((sl, i) => {
    const sweep = (sl.value / total) * 360;
    c.ops.push({
      kind: "pie",
      x: cx - r,
      y: cy - r,
      w: 2 * r,
      h: 2 * r,
      start: angle,
      end: angle + sweep,
      fill: colors[i % colors.length],
    });
    angle += sweep;
  });
  const hole = r * 0.6;
  circle(c, cx, cy, hole, c.bg);
  const centre = stack([
    textOp(c, `${pct[0]}%`, {
      x: cx - hole,
      y: 0,
      w: hole * 2,
      size: 60,
      minSize: 40,
      font: "heading",
      bold: true,
      color: c.text,
      maxLines: 1,
      align: "center",
      lh: 1.1,
    }),
    4,
    textOp(c, s.slices[0].label, {
      x: cx - hole * 0.75,
      y: 0,
      w: hole * 1.5,
      size: 19,
      color: c.muted,
      maxLines: 2,
      align: "center",
      lh: 1.3,
    }),
  ]);
  place(c, centre, cy - centre.height / 2);
  const lx = cx + r + 130;
  const lw = c.R - lx;
  const rowH = c.tall ? 76 : 64;
  const legendH = rowH * s.slices.length;
  const take = textOp(c, s.takeaway, {
    x: lx,
    y: 0,
    w: lw,
    size: 24,
    minSize: 20,
    maxLines: 3,
    color: c.muted,
    lh: 1.4,
  });
  const blockH = legendH + 36 + take.h;
  const top = Math.max(y0, cy - blockH / 2);
  s.slices.forEach((sl, i) => {
    const ry = top + i * rowH;
    rect(c, lx, ry + rowH / 2 - 12, 24, 24, colors[i % colors.length], { radius: 6 });
    text(c, sl.label, {
      x: lx + 48,
      y: ry,
      w: lw - 48 - 120,
      h: rowH,
      size: 26,
      minSize: 22,
      color: c.text,
      maxLines: 1,
      valign: "middle",
    });
    text(c, `${pct[i]}%`, {
      x: c.R - 120,
      y: ry,
      w: 120,
      h: rowH,
      size: 26,
      bold: true,
      color: c.a1Text,
      maxLines: 1,
      align: "right",
      valign: "middle",
    });
    line(c, lx, ry + rowH, c.R, ry + rowH, c.hair, 1.5);
  });
  c.ops.push({ ...take, y: top + legendH + 36 });
}

/** Top of a block of height `h` in [y0, B], centred but biased towards the top. */
function settle(c: Ctx, y0: number, h: number): number {
  return y0 + Math.max(0, (c.B - y0 - h) / 2) * 0.8;
}

function timelineSlide(c: Ctx, s: Extract<Slide, { layout: "timeline" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker);
  const n = s.events.length;
  const slot = (c.R - c.L) / n;
  const maxText = Math.max(2, Math.min(6, Math.floor((c.B - y0 - 240) / 32)));
  const stacks = s.events.map((ev, i) => {
    const cx = c.L + slot * (i + 0.5);
    return stack([
      textOp(c, ev.title, {
        x: cx - slot / 2 + 14,
        y: 0,
        w: slot - 28,
        size: 27,
        minSize: 22,
        font: "heading",
        bold: true,
        color: c.text,
        maxLines: 2,
        align: "center",
        lh: 1.2,
      }),
      10,
      textOp(c, ev.text, {
        x: cx - slot / 2 + 14,
        y: 0,
        w: slot - 28,
        size: 22,
        minSize: 20,
        color: c.muted,
        maxLines: maxText,
        align: "center",
        lh: 1.4,
      }),
    ]);
  });
  const textH = Math.max(...stacks.map((st) => st.height));
  const top = settle(c, y0, 82 + 50 + textH);
  const ly = top + 82;
  line(c, c.L, ly, c.R, ly, mix(c.bg, c.text, 0.3), 4);
  s.events.forEach((ev, i) => {
    const cx = c.L + slot * (i + 0.5);
    const fill = i === n - 1 ? c.a2 : c.a1;
    text(c, ev.date, {
      x: cx - slot / 2 + 8,
      y: ly - 82,
      w: slot - 16,
      size: 34,
      minSize: 24,
      font: "heading",
      bold: true,
      color: c.a1Text,
      maxLines: 1,
      align: "center",
      lh: 1.2,
    });
    circle(c, cx, ly, 18, fill);
    circle(c, cx, ly, 7, c.bg);
    place(c, stacks[i], ly + 50);
  });
}

function processSlide(c: Ctx, s: Extract<Slide, { layout: "process" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker);
  const n = s.steps.length;
  const h = c.tall ? 100 : 90;
  const d = h / 2;
  const gap = 10;
  const w = (c.R - c.L + (n - 1) * (d - gap)) / n;
  const maxText = Math.max(2, Math.min(7, Math.floor((c.B - y0 - h - 120) / 32)));
  const stacks = s.steps.map((step, i) => {
    const x = c.L + i * (w - d + gap);
    const tx = x + (i === 0 ? 8 : d * 0.6);
    const tw = w - d - 16;
    return stack([
      textOp(c, step.title, {
        x: tx,
        y: 0,
        w: tw,
        size: 28,
        minSize: 22,
        font: "heading",
        bold: true,
        color: c.text,
        maxLines: 2,
        lh: 1.2,
      }),
      12,
      textOp(c, step.text, { x: tx, y: 0, w: tw, size: 22, minSize: 20, color: c.muted, maxLines: maxText, lh: 1.45 }),
    ]);
  });
  const top = settle(c, y0, h + 44 + Math.max(...stacks.map((st) => st.height)));
  s.steps.forEach((_, i) => {
    const x = c.L + i * (w - d + gap);
    const fill = n > 1 ? mix(c.a1, c.a2, i / (n - 1)) : c.a1;
    c.ops.push({ kind: i === 0 ? "homePlate" : "chevron", x, y: top, w, h, fill });
    const bodyX = x + (i === 0 ? 0 : d);
    const bodyW = w - d - (i === 0 ? 0 : d);
    text(c, `Step ${String(i + 1).padStart(2, "0")}`, {
      x: bodyX + 8,
      y: top,
      w: bodyW - 8,
      h,
      size: 22,
      bold: true,
      color: on(c, fill),
      maxLines: 1,
      align: "center",
      valign: "middle",
      upper: true,
      letterSpacing: 2,
    });
    place(c, stacks[i], top + h + 44);
  });
}

function quoteSlide(c: Ctx, s: Extract<Slide, { layout: "quote" }>) {
  const { W, H } = c;
  const filled = c.decor === "band" || c.decor === "blobs" || c.decor === "split";
  const fill = filled ? c.a1 : c.surface;
  c.background = fill;
  const fg = filled ? on(c, fill) : c.text;
  const soft = filled ? softOn(c, fill) : c.muted;
  const mark = filled ? mix(fg, fill, 0.45) : accentOn(c.a1, fill, c.text);
  if (c.decor === "blobs") {
    circle(c, W - 160, H - 120, 260, mix(fill, fg, 0.1));
    circle(c, 140, 110, 70, c.a2, 0.9);
  } else if (c.decor === "band") {
    rect(c, 0, 0, 28, H, c.a2);
  } else if (c.decor === "split") {
    rect(c, 0, H - 14, W, 14, c.a2);
  } else if (c.decor === "frame") {
    strokeRect(c, 40, 40, W - 80, H - 80, mix(c.a1, fill, 0.45), 3);
  } else if (c.decor === "geometric") {
    dotGrid(c, W - 72 - 5 * 26, 64, 6, 4, 26, c.a1, 0.5);
  } else {
    rect(c, 0, 0, 18, H, c.a1);
  }
  const center = c.decor === "frame" || c.decor === "blobs";
  const w = center ? 1100 : 1160;
  const x = center ? (W - w) / 2 : c.L + 40;
  const align: TextOp["align"] = center ? "center" : "left";
  const st = stack([
    textOp(c, "\u201c", {
      x,
      y: 0,
      w,
      size: 220,
      font: "heading",
      bold: true,
      color: mark,
      maxLines: 1,
      lh: 0.62,
      align,
    }),
    26,
    textOp(c, s.quote, { x, y: 0, w, size: 48, minSize: 34, maxLines: 5, font: "heading", color: fg, lh: 1.3, align }),
    40,
    barOp(center ? W / 2 - 28 : x, 56, 5, filled ? fg : c.a1),
    22,
    textOp(c, s.author, { x, y: 0, w, size: 26, bold: true, color: fg, maxLines: 1, align }),
    6,
    textOp(c, s.role, { x, y: 0, w, size: 21, color: soft, maxLines: 1, align }),
  ]);
  place(c, st, (H - st.height) / 2);
}

function teamSlide(c: Ctx, s: Extract<Slide, { layout: "team" }>) {
  backdrop(c);
  let y = header(c, s.title, s.kicker);
  y +=
    text(c, s.subtitle, {
      x: c.L,
      y: y - 16,
      w: (c.R - c.L) * 0.75,
      size: 25,
      minSize: 22,
      maxLines: 2,
      color: c.muted,
      lh: 1.4,
    }) + 24;
  const members = s.members.slice(0, 4);
  const n = members.length;
  const gap = 40;
  const cw = (c.R - c.L - gap * (n - 1)) / n;
  const cards = c.decor !== "clean" && c.decor !== "frame";
  const d = Math.min(c.tall ? 200 : 150, cw * 0.55, c.B - y - 150);
  const cardH = Math.min(c.B - y, d + 180 + (cards ? 40 : 0));
  const top = y + (c.B - y - cardH) / 2;
  members.forEach((m, i) => {
    const x = c.L + i * (cw + gap);
    if (cards) rect(c, x, top, cw, cardH, c.surface, c.decor === "split" || c.decor === "band" ? {} : { radius: 20 });
    const fill = i % 2 ? c.a2 : c.a1;
    const ay = top + (cards ? 36 : 0);
    if (c.decor === "frame") ring(c, x + cw / 2, ay + d / 2, d / 2 + 10, mix(c.a1, c.bg, 0.5), 2);
    circle(c, x + cw / 2, ay + d / 2, d / 2, fill);
    text(c, m.initials, {
      x: x + cw / 2 - d / 2,
      y: ay,
      w: d,
      h: d,
      size: Math.round(d * 0.32),
      font: "heading",
      bold: true,
      color: on(c, fill),
      maxLines: 1,
      align: "center",
      valign: "middle",
    });
    const st = stack([
      textOp(c, m.name, {
        x: x + 16,
        y: 0,
        w: cw - 32,
        size: 27,
        minSize: 22,
        font: "heading",
        bold: true,
        color: c.text,
        maxLines: 1,
        align: "center",
        lh: 1.25,
      }),
      6,
      textOp(c, m.role, {
        x: x + 16,
        y: 0,
        w: cw - 32,
        size: 20,
        color: c.muted,
        maxLines: 2,
        align: "center",
        lh: 1.35,
      }),
    ]);
    place(c, st, ay + d + 28);
  });
}

function comparisonTableSlide(c: Ctx, s: Extract<Slide, { layout: "comparison-table" }>) {
  backdrop(c);
  const y0 = header(c, s.title, s.kicker) + (s.highlight ? 20 : 0);
  const cols = s.columns.length;
  const full = c.R - c.L;
  const labelW = full * 0.32;
  const colW = (full - labelW) / Math.max(1, cols - 1);
  const headH = c.tall ? 76 : 66;
  const rowH = Math.min(c.tall ? 96 : 76, (c.B - y0 - headH) / s.rows.length);
  const headerFill = c.a1;
  rect(c, c.L, y0, full, headH, headerFill);
  s.columns.forEach((col, i) => {
    const x = i === 0 ? c.L + 28 : c.L + labelW + (i - 1) * colW + 10;
    const w = i === 0 ? labelW - 40 : colW - 20;
    text(c, col, {
      x,
      y: y0,
      w,
      h: headH,
      size: 23,
      minSize: 19,
      bold: true,
      color: on(c, headerFill),
      maxLines: 1,
      align: i === 0 ? "left" : "center",
      valign: "middle",
    });
  });
  s.rows.forEach((row, r) => {
    const y = y0 + headH + r * rowH;
    if (r % 2 === 1) rect(c, c.L, y, full, rowH, c.surface);
    text(c, row.label, {
      x: c.L + 28,
      y,
      w: labelW - 40,
      h: rowH,
      size: 23,
      minSize: 19,
      bold: true,
      color: c.text,
      maxLines: rowH > 80 ? 2 : 1,
      valign: "middle",
    });
    row.values.forEach((v, i) => {
      const x = c.L + labelW + i * colW + 10;
      text(c, v, {
        x,
        y,
        w: colW - 20,
        h: rowH,
        size: 22,
        minSize: 18,
        color: i + 1 === s.highlight ? c.text : c.muted,
        bold: i + 1 === s.highlight,
        maxLines: rowH > 80 ? 2 : 1,
        align: "center",
        valign: "middle",
      });
    });
  });
  const bottom = y0 + headH + s.rows.length * rowH;
  line(c, c.L, bottom, c.R, bottom, c.a1, 3);
  if (s.highlight && s.highlight > 0 && s.highlight < cols) {
    const hx = c.L + labelW + (s.highlight - 1) * colW;
    strokeRect(c, hx + 2, y0 - 2, colW - 4, bottom - y0 + 4, c.a2, 5);
    const bw = Math.min(colW - 40, 200);
    rect(c, hx + (colW - bw) / 2, y0 - 40, bw, 36, c.a2, { radius: 18 });
    text(c, "Recommended", {
      x: hx + (colW - bw) / 2,
      y: y0 - 40,
      w: bw,
      h: 36,
      size: 15,
      bold: true,
      color: on(c, c.a2),
      maxLines: 1,
      align: "center",
      valign: "middle",
      upper: true,
      letterSpacing: 1.5,
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Entry points

export function layoutSlide(slide: Slide, palette: Palette, format: SlideFormat): SlideDrawing {
  const c = makeCtx(palette, format, slide.decor ?? "clean");
  switch (slide.layout) {
    case "title":
      titleSlide(c, slide);
      break;
    case "agenda":
      backdrop(c);
      agendaSlide(c, slide);
      break;
    case "section":
      sectionSlide(c, slide);
      break;
    case "bullets":
      bulletsSlide(c, slide);
      break;
    case "two-columns":
      twoColumnsSlide(c, slide);
      break;
    case "image-text":
      imageTextSlide(c, slide);
      break;
    case "big-number":
      bigNumberSlide(c, slide);
      break;
    case "chart-bars":
      chartBarsSlide(c, slide);
      break;
    case "chart-pie":
      chartPieSlide(c, slide);
      break;
    case "timeline":
      timelineSlide(c, slide);
      break;
    case "process":
      processSlide(c, slide);
      break;
    case "quote":
      quoteSlide(c, slide);
      break;
    case "team":
      teamSlide(c, slide);
      break;
    case "comparison-table":
      comparisonTableSlide(c, slide);
      break;
    case "thank-you":
      thankYouSlide(c, slide);
      break;
    default: {
      const never: never = slide;
      throw new Error(`Unknown slide layout: ${JSON.stringify(never)}`);
    }
  }
  return { width: c.W, height: c.H, background: c.background, ops: c.ops };
}

export type AttributionLocale = "en" | "es";

const ATTRIBUTION_TEXT: Record<AttributionLocale, { title: (brand: string) => string; line: string; premium: string }> =
  {
    en: {
      title: (brand) => `Template by ${brand}`,
      line: "Free licence: keep this slide to credit the author.",
      premium: "Premium plans download this template without this slide.",
    },
    es: {
      title: (brand) => `Plantilla de ${brand}`,
      line: "Licencia gratuita: conserva esta diapositiva para reconocer al autor.",
      premium: "Los planes de pago descargan esta plantilla sin esta diapositiva.",
    },
  };

export const ATTRIBUTION_TITLE = (brandName: string, locale: AttributionLocale = "en") =>
  ATTRIBUTION_TEXT[locale].title(brandName);
export const ATTRIBUTION_LINE = ATTRIBUTION_TEXT.en.line;

/**
 * The slide appended to free-licence downloads. `height` draws it on a 1600-wide canvas of that
 * height instead of the format's (a real deck's own ratio: 16:10, custom).
 */
export function layoutAttribution(
  palette: Palette,
  format: SlideFormat,
  brandName: string,
  opts: { locale?: AttributionLocale; height?: number } = {},
): SlideDrawing {
  const words = ATTRIBUTION_TEXT[opts.locale ?? "en"];
  const c = makeCtx(palette, format, "clean", opts.height);
  const { W, H } = c;
  rect(c, 0, 0, W, 12, c.a1);
  rect(c, 0, 0, 280, 12, c.a2);
  const size = 104;
  const st = stack([
    { kind: "rect", x: (W - size) / 2, y: 0, w: size, h: size, fill: c.a1, radius: 26 },
    44,
    textOp(c, words.title(brandName), {
      x: 200,
      y: 0,
      w: W - 400,
      size: 64,
      minSize: 44,
      font: "heading",
      bold: true,
      color: c.text,
      maxLines: 2,
      align: "center",
      lh: 1.15,
    }),
    24,
    textOp(c, words.line, {
      x: 200,
      y: 0,
      w: W - 400,
      size: 28,
      color: c.muted,
      maxLines: 2,
      align: "center",
      lh: 1.4,
    }),
    14,
    textOp(c, words.premium, {
      x: 200,
      y: 0,
      w: W - 400,
      size: 22,
      color: c.muted,
      maxLines: 2,
      align: "center",
      lh: 1.4,
    }),
  ]);
  const top = (H - st.height) / 2;
  place(c, st, top);
  text(c, brandName.charAt(0).toUpperCase(), {
    x: (W - size) / 2,
    y: top,
    w: size,
    h: size,
    size: 56,
    font: "heading",
    bold: true,
    color: on(c, c.a1),
    align: "center",
    valign: "middle",
    maxLines: 1,
  });
  return { width: W, height: H, background: c.background, ops: c.ops };
}
