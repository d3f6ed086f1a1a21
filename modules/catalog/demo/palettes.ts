/**
 * Palette generation: one harmonious, readable palette per (colour, mode, harmony). Text and muted
 * text reach at least 4.5:1 against both the background and the surface.
 */
import { contrast, ensureContrast, hsl, isDark } from "#modules/slides/color.ts";
import type { Palette } from "#modules/slides/design.ts";
import type { ColorSlug } from "./taxonomy.ts";

export type PaletteMode = "light" | "tinted" | "cream" | "dark" | "vivid";
export type Harmony = "analogous" | "complementary" | "triadic" | "split" | "monochrome";

export const PALETTE_MODES: readonly PaletteMode[] = ["light", "tinted", "cream", "dark", "vivid"];
export const HARMONIES: readonly Harmony[] = ["analogous", "complementary", "triadic", "split", "monochrome"];

/** Hue, saturation and the lightness of the accent on light backgrounds. */
const HUES: Record<Exclude<ColorSlug, "black" | "white" | "gray">, { h: number; s: number; l: number }> = {
  red: { h: 2, s: 74, l: 52 },
  orange: { h: 24, s: 92, l: 52 },
  yellow: { h: 46, s: 96, l: 52 },
  green: { h: 140, s: 48, l: 40 },
  teal: { h: 174, s: 72, l: 34 },
  blue: { h: 214, s: 78, l: 50 },
  purple: { h: 272, s: 56, l: 48 },
  pink: { h: 336, s: 72, l: 54 },
  brown: { h: 24, s: 40, l: 36 },
};

const OFFSETS: Record<Harmony, number> = { analogous: 34, complementary: 180, triadic: 120, split: 150, monochrome: 0 };

/** Modes that make sense for a colour (the generator picks among them). */
export function modesFor(color: ColorSlug): readonly PaletteMode[] {
  if (color === "white") return ["light"];
  if (color === "black") return ["dark"];
  if (color === "gray") return ["light", "tinted", "dark"];
  return PALETTE_MODES;
}

/** `jitter` in [-1, 1] nudges hue and lightness so two templates in the same colour differ a little. */
export function buildPalette(color: ColorSlug, mode: PaletteMode, harmony: Harmony, jitter = 0): Palette {
  return finalize(rawPalette(color, mode, harmony, jitter));
}

function rawPalette(color: ColorSlug, mode0: PaletteMode, harmony: Harmony, jitter: number): Palette {
  const mode = modesFor(color).includes(mode0) ? mode0 : modesFor(color)[0];
  if (color === "white") {
    return {
      background: "#FFFFFF",
      surface: "#F3F4F6",
      text: "#111827",
      muted: "#4B5563",
      accent1: jitter > 0 ? "#1F2937" : "#334155",
      accent2: jitter > 0.3 ? "#C8A97E" : jitter < -0.3 ? "#94A3B8" : "#D6B370",
    };
  }
  if (color === "black") {
    return {
      background: "#0E0E10",
      surface: "#1C1C21",
      text: "#F4F4F5",
      muted: "#A1A1AA",
      accent1: jitter > 0 ? "#D4AF37" : "#F4F4F5",
      accent2: jitter > 0 ? "#6B7280" : "#D4AF37",
    };
  }
  if (color === "gray") {
    if (mode === "dark") {
      return {
        background: "#24272C",
        surface: "#30343A",
        text: "#F2F3F5",
        muted: "#B3B8BF",
        accent1: "#C9CED6",
        accent2: "#8A919B",
      };
    }
    return {
      background: mode === "tinted" ? "#EEF0F2" : "#FAFAFA",
      surface: mode === "tinted" ? "#FFFFFF" : "#EEEFF1",
      text: "#1F2328",
      muted: "#555B63",
      accent1: "#5B6470",
      accent2: jitter > 0 ? "#AEB4BC" : "#E0A458",
    };
  }
  const base = HUES[color];
  const h = base.h + jitter * 6;
  const s = base.s;
  const aL = base.l + jitter * 3;
  const h2 = h + OFFSETS[harmony] * (jitter < -0.5 && harmony !== "complementary" ? -1 : 1);
  const mono = harmony === "monochrome";
  switch (mode) {
    case "light":
      return {
        background: hsl(h, 20, 98.5),
        surface: hsl(h, Math.min(s, 60) * 0.7, 95),
        text: hsl(h, 30, 12),
        muted: hsl(h, 12, 36),
        accent1: hsl(h, s, aL),
        accent2: mono ? hsl(h, s * 0.7, 74) : hsl(h2, Math.min(s, 80), 58),
      };
    case "tinted":
      return {
        background: hsl(h, Math.min(s, 70) * 0.75, 95),
        surface: hsl(h, 40, 99),
        text: hsl(h, 40, 13),
        muted: hsl(h, 16, 32),
        accent1: hsl(h, s, aL),
        accent2: mono ? hsl(h, s * 0.6, 76) : hsl(h2, Math.min(s, 80), 60),
      };
    case "cream":
      return {
        background: hsl(40, 45, 95),
        surface: hsl(38, 38, 89),
        text: hsl(25, 30, 14),
        muted: hsl(25, 14, 34),
        accent1: hsl(h, s * 0.72, aL - 4),
        accent2: mono ? hsl(h, s * 0.45, 70) : hsl(h2, s * 0.55, 55),
      };
    case "dark":
      return {
        background: hsl(h, Math.min(s, 45) * 0.55, 9),
        surface: hsl(h, Math.min(s, 45) * 0.5, 15),
        text: hsl(h, 25, 95),
        muted: hsl(h, 12, 72),
        accent1: hsl(h, s, Math.max(aL, 56)),
        accent2: mono ? hsl(h, s * 0.6, 78) : hsl(h2, Math.min(s, 85), 66),
      };
    default: {
      // vivid: the colour itself is the background
      if (color === "yellow" || color === "orange") {
        return {
          background: hsl(h, s, color === "yellow" ? 56 : 58),
          surface: hsl(h, s, color === "yellow" ? 70 : 70),
          text: hsl(h, 45, 9),
          muted: hsl(h, 50, 18),
          accent1: mono ? hsl(h, 70, 22) : harmony === "analogous" ? hsl(h - 22, 75, 28) : hsl(222, 55, 24),
          accent2: hsl(h, 90, 92),
        };
      }
      const bgL = color === "teal" || color === "green" ? 26 : color === "brown" ? 24 : 32;
      return {
        background: hsl(h, s * 0.85, bgL),
        surface: hsl(h, s * 0.75, bgL + 7),
        text: hsl(h, 30, 97),
        muted: hsl(h, 40, 86),
        accent1: mono ? hsl(h, s * 0.9, 74) : hsl(h2, 72, 70),
        accent2: hsl(h, 70, 82),
      };
    }
  }
}

function finalize(p: Palette): Palette {
  const text = ensureContrast(ensureContrast(p.text, p.background, 7), p.surface, 4.5);
  let muted = ensureContrast(ensureContrast(p.muted, p.background, 4.6), p.surface, 4.6);
  if (contrast(muted, p.background) < 4.5 || contrast(muted, p.surface) < 4.5) muted = text;
  let surface = p.surface;
  if (contrast(text, surface) < 4.5) surface = p.background;
  return { ...p, text, muted, surface };
}

export function paletteIsDark(p: Palette): boolean {
  return isDark(p.background);
}
