/**
 * What the slide renderer knows of a font family: its CSS generic family (the previews' fallback) and its
 * average width (text fitting), and where it is available (Google Fonts, macOS). The demo catalogue picks
 * its templates' fonts from this list (modules/catalog/demo), and the template page links the open ones.
 */

export type FontEntry = {
  family: string;
  /** Served by Google Fonts (free to use in Google Slides and to install anywhere). */
  google: boolean;
  /** Installed with macOS, so Keynote has it. */
  apple: boolean;
  /** CSS generic family used as the fallback in previews. */
  generic: "sans-serif" | "serif";
  /** Average advance width relative to Arial/Helvetica at the same size (for text fitting). */
  width: number;
};

export const FONTS = [
  // Google Fonts (not bundled with macOS).
  { family: "Montserrat", google: true, apple: false, generic: "sans-serif", width: 1.15 },
  { family: "Poppins", google: true, apple: false, generic: "sans-serif", width: 1.14 },
  { family: "Inter", google: true, apple: false, generic: "sans-serif", width: 1.07 },
  { family: "Roboto", google: true, apple: false, generic: "sans-serif", width: 1.0 },
  { family: "Open Sans", google: true, apple: false, generic: "sans-serif", width: 1.06 },
  { family: "Lato", google: true, apple: false, generic: "sans-serif", width: 0.98 },
  { family: "Raleway", google: true, apple: false, generic: "sans-serif", width: 1.06 },
  { family: "Nunito", google: true, apple: false, generic: "sans-serif", width: 1.02 },
  { family: "Work Sans", google: true, apple: false, generic: "sans-serif", width: 1.08 },
  { family: "DM Sans", google: true, apple: false, generic: "sans-serif", width: 1.03 },
  { family: "Source Sans 3", google: true, apple: false, generic: "sans-serif", width: 0.95 },
  { family: "Oswald", google: true, apple: false, generic: "sans-serif", width: 0.82 },
  { family: "Space Grotesk", google: true, apple: false, generic: "sans-serif", width: 1.06 },
  { family: "Josefin Sans", google: true, apple: false, generic: "sans-serif", width: 1.0 },
  { family: "Quicksand", google: true, apple: false, generic: "sans-serif", width: 1.02 },
  { family: "Fredoka", google: true, apple: false, generic: "sans-serif", width: 1.05 },
  { family: "Playfair Display", google: true, apple: false, generic: "serif", width: 1.0 },
  { family: "Merriweather", google: true, apple: false, generic: "serif", width: 1.12 },
  { family: "Lora", google: true, apple: false, generic: "serif", width: 1.02 },
  { family: "Libre Baskerville", google: true, apple: false, generic: "serif", width: 1.12 },
  { family: "Cormorant Garamond", google: true, apple: false, generic: "serif", width: 0.88 },
  { family: "EB Garamond", google: true, apple: false, generic: "serif", width: 0.9 },
  { family: "Fraunces", google: true, apple: false, generic: "serif", width: 1.05 },
  // Installed with macOS (not on Google Fonts).
  { family: "Helvetica Neue", google: false, apple: true, generic: "sans-serif", width: 1.0 },
  { family: "Avenir Next", google: false, apple: true, generic: "sans-serif", width: 1.04 },
  { family: "Futura", google: false, apple: true, generic: "sans-serif", width: 1.02 },
  { family: "Gill Sans", google: false, apple: true, generic: "sans-serif", width: 0.94 },
  { family: "Optima", google: false, apple: true, generic: "sans-serif", width: 1.0 },
  { family: "Arial", google: false, apple: true, generic: "sans-serif", width: 1.0 },
  { family: "Verdana", google: false, apple: true, generic: "sans-serif", width: 1.2 },
  { family: "Trebuchet MS", google: false, apple: true, generic: "sans-serif", width: 0.98 },
  { family: "Georgia", google: false, apple: true, generic: "serif", width: 1.08 },
  { family: "Baskerville", google: false, apple: true, generic: "serif", width: 0.98 },
  { family: "Didot", google: false, apple: true, generic: "serif", width: 1.0 },
  { family: "Palatino", google: false, apple: true, generic: "serif", width: 1.0 },
  { family: "Times New Roman", google: false, apple: true, generic: "serif", width: 0.92 },
  // Microsoft Office fonts: neither on Google Fonts nor installed with macOS.
  { family: "Calibri", google: false, apple: false, generic: "sans-serif", width: 0.9 },
  { family: "Cambria", google: false, apple: false, generic: "serif", width: 0.98 },
  { family: "Segoe UI", google: false, apple: false, generic: "sans-serif", width: 1.02 },
  { family: "Century Gothic", google: false, apple: false, generic: "sans-serif", width: 1.15 },
] as const satisfies readonly FontEntry[];

export type FontFamily = (typeof FONTS)[number]["family"];

const FONT_INDEX = new Map<string, FontEntry>(FONTS.map((f) => [f.family, f]));

export function fontInfo(family: string): FontEntry | undefined {
  return FONT_INDEX.get(family);
}
