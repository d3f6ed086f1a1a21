/**
 * Approximate text measurement and line wrapping, shared by the SVG and .pptx renderers so that both
 * break lines at the same places. Widths come from Arial's advance widths scaled by a per-font factor;
 * the factor never goes below the widths of DejaVu (the usual fallback when a preview is rasterised on
 * a machine without the template fonts), so text fits in both the preview and the real file.
 */
import { fontInfo } from "./font-facts.ts";

// Arial advance widths (1/1000 em) for ASCII 32..126.
const ARIAL = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

const SPECIAL: Record<string, number> = {
  "\u2026": 1000,
  "\u2014": 1000,
  "\u2013": 556,
  "\u201c": 333,
  "\u201d": 333,
  "\u2018": 222,
  "\u2019": 222,
  "\u00b7": 278,
  "\u2022": 350,
  "\u20ac": 556,
  "\u00a3": 556,
  "\u00bf": 611,
  "\u00a1": 333,
  "\u00b0": 400,
};

/** Minimum width factors: DejaVu Sans / Serif against Arial, regular and bold. */
const FALLBACK_REGULAR = 1.17;
const FALLBACK_BOLD = 1.27;
const BOLD_FACTOR = 1.08;

function charWidth(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code <= 126) return ARIAL[code - 32];
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  const base = ch.normalize("NFD").charAt(0);
  const baseCode = base.charCodeAt(0);
  if (baseCode >= 32 && baseCode <= 126) return ARIAL[baseCode - 32];
  return 600;
}

export type FontSpec = { family: string; size: number; bold?: boolean; letterSpacing?: number };

export function widthFactor(family: string, bold = false): number {
  const own = fontInfo(family)?.width ?? 1.1;
  return bold ? Math.max(own * BOLD_FACTOR, FALLBACK_BOLD) : Math.max(own, FALLBACK_REGULAR);
}

/** Estimated rendered width of `text` in the same units as `size`. */
export function measure(text: string, font: FontSpec): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  const spacing = (font.letterSpacing ?? 0) * text.length;
  return (units / 1000) * font.size * widthFactor(font.family, font.bold) + spacing;
}

function truncate(line: string, maxWidth: number, font: FontSpec): string {
  let s = line.trimEnd();
  while (s.length > 0 && measure(`${s}\u2026`, font) > maxWidth) {
    const cut = s.lastIndexOf(" ");
    s = (cut > s.length * 0.6 ? s.slice(0, cut) : s.slice(0, -1)).trimEnd();
  }
  return `${s.replace(/[,.;:\-\u2013]+$/, "")}\u2026`;
}

/** Greedy word wrap; an over-long word is split; lines past `maxLines` are dropped and the last gets an ellipsis. */
export function wrap(text: string, maxWidth: number, font: FontSpec, maxLines = Number.POSITIVE_INFINITY): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  let overflow = false;
  for (let i = 0; i < words.length; i++) {
    let word = words[i];
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate, font) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = "";
    }
    while (measure(word, font) > maxWidth && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && measure(`${word.slice(0, cut)}-`, font) > maxWidth) cut--;
      lines.push(`${word.slice(0, cut)}-`);
      word = word.slice(cut);
    }
    current = word;
    if (lines.length >= maxLines) {
      overflow = true;
      break;
    }
  }
  if (current && !overflow) lines.push(current);
  if (lines.length > maxLines || overflow) {
    const kept = lines.slice(0, maxLines);
    kept[kept.length - 1] = truncate(kept[kept.length - 1], maxWidth, font);
    return kept;
  }
  return lines;
}

/**
 * Picks the largest size from `sizes` (descending) at which the text fits in `maxLines` lines,
 * otherwise the smallest size with the text truncated.
 */
export function fitText(
  text: string,
  maxWidth: number,
  font: Omit<FontSpec, "size">,
  sizes: readonly number[],
  maxLines: number,
): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrap(text, maxWidth, { ...font, size }, Number.POSITIVE_INFINITY);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1];
  return { size, lines: wrap(text, maxWidth, { ...font, size }, maxLines) };
}
