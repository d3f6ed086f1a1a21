/**
 * SVG previews of slides. Draws the ops of layout.ts, so the preview matches the .pptx file.
 * The SVG is standalone (no external references) and rasterises with sharp/librsvg.
 */
import { BRAND } from "../../config/constants.ts";
import type { Palette, Slide, SlideFormat } from "./design.ts";
import { layoutAttribution, layoutSlide, type Op, type SlideDrawing, type TextOp } from "./layout.ts";

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : ch === '"' ? "&quot;" : "&apos;",
  );
}

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2).replace(/\.?0+$/, ""));

function paint(op: { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number }): string {
  let out = ` fill="${op.fill ?? "none"}"`;
  if (op.stroke) out += ` stroke="${op.stroke}" stroke-width="${n(op.strokeWidth ?? 1)}"`;
  if (op.opacity !== undefined && op.opacity < 1) out += ` opacity="${n(op.opacity)}"`;
  return out;
}

function polygon(points: [number, number][], op: Parameters<typeof paint>[0]): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}"${paint(op)}/>`;
}

function fontFamily(op: TextOp): string {
  return `'${op.fontFamily.replace(/['"<>&]/g, "")}', ${op.generic}`;
}

function textSvg(op: TextOp): string {
  const block = op.lines.length * op.lineHeight;
  const top = op.valign === "top" ? op.y : op.valign === "middle" ? op.y + (op.h - block) / 2 : op.y + op.h - block;
  const x = op.align === "left" ? op.x : op.align === "center" ? op.x + op.w / 2 : op.x + op.w;
  const anchor = op.align === "left" ? "start" : op.align === "center" ? "middle" : "end";
  let attrs = ` font-family="${fontFamily(op)}" font-size="${n(op.size)}" fill="${op.color}"`;
  if (op.bold) attrs += ` font-weight="700"`;
  if (op.italic) attrs += ` font-style="italic"`;
  if (op.letterSpacing) attrs += ` letter-spacing="${n(op.letterSpacing)}"`;
  if (anchor !== "start") attrs += ` text-anchor="${anchor}"`;
  const spans = op.lines
    .map((line, i) => {
      const baseline = top + i * op.lineHeight + op.lineHeight / 2 + op.size * 0.35;
      return `<tspan x="${n(x)}" y="${n(baseline)}">${escapeXml(line)}</tspan>`;
    })
    .join("");
  return `<text${attrs}>${spans}</text>`;
}

function opSvg(op: Op): string {
  switch (op.kind) {
    case "rect": {
      const r = op.radius ? ` rx="${n(op.radius)}" ry="${n(op.radius)}"` : "";
      return `<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}"${r}${paint(op)}/>`;
    }
    case "ellipse":
      return `<ellipse cx="${n(op.x + op.w / 2)}" cy="${n(op.y + op.h / 2)}" rx="${n(op.w / 2)}" ry="${n(op.h / 2)}"${paint(op)}/>`;
    case "triangle":
      return polygon(
        [
          [op.x + op.w / 2, op.y],
          [op.x + op.w, op.y + op.h],
          [op.x, op.y + op.h],
        ],
        op,
      );
    case "homePlate": {
      const d = Math.min(op.w, op.h) / 2;
      return polygon(
        [
          [op.x, op.y],
          [op.x + op.w - d, op.y],
          [op.x + op.w, op.y + op.h / 2],
          [op.x + op.w - d, op.y + op.h],
          [op.x, op.y + op.h],
        ],
        op,
      );
    }
    case "chevron": {
      const d = Math.min(op.w, op.h) / 2;
      return polygon(
        [
          [op.x, op.y],
          [op.x + op.w - d, op.y],
          [op.x + op.w, op.y + op.h / 2],
          [op.x + op.w - d, op.y + op.h],
          [op.x, op.y + op.h],
          [op.x + d, op.y + op.h / 2],
        ],
        op,
      );
    }
    case "pie": {
      const rx = op.w / 2;
      const ry = op.h / 2;
      const cx = op.x + rx;
      const cy = op.y + ry;
      const a0 = (op.start * Math.PI) / 180;
      const a1 = (op.end * Math.PI) / 180;
      const large = op.end - op.start > 180 ? 1 : 0;
      const d = `M${n(cx)} ${n(cy)} L${n(cx + rx * Math.cos(a0))} ${n(cy + ry * Math.sin(a0))} A${n(rx)} ${n(ry)} 0 ${large} 1 ${n(cx + rx * Math.cos(a1))} ${n(cy + ry * Math.sin(a1))} Z`;
      return `<path d="${d}"${paint(op)}/>`;
    }
    case "line":
      return `<line x1="${n(op.x1)}" y1="${n(op.y1)}" x2="${n(op.x2)}" y2="${n(op.y2)}" stroke="${op.stroke}" stroke-width="${n(op.strokeWidth)}"/>`;
    case "text":
      return textSvg(op);
    default: {
      const never: never = op;
      throw new Error(`Unknown op ${JSON.stringify(never)}`);
    }
  }
}

/** Any drawing (from layoutSlide or layoutAttribution) as a standalone SVG document. */
export function drawingToSvg(d: SlideDrawing): string {
  const body = d.ops.map(opSvg).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}"><rect width="${d.width}" height="${d.height}" fill="${d.background}"/>${body}</svg>`;
}

/** A slide as a standalone SVG: viewBox 0 0 1600 900 (16:9) or 0 0 1600 1200 (4:3). */
export function renderSlideSvg(slide: Slide, palette: Palette, format: SlideFormat): string {
  return drawingToSvg(layoutSlide(slide, palette, format));
}

/** The attribution slide of free-licence files, as an SVG. */
export function renderAttributionSvg(palette: Palette, format: SlideFormat, brandName: string = BRAND.name): string {
  return drawingToSvg(layoutAttribution(palette, format, brandName));
}
