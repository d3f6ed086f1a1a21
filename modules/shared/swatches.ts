/**
 * Colour swatches drawn on the site's white surfaces (cards, the filter menu): which need a darker ring to
 * be seen at all. The catalogue marks a card's light colours (reshapeCard), so the browser's card code
 * carries no colour arithmetic (the colour filter's does).
 */

/** The surface swatches sit on (the theme's --color-surface). */
const SURFACE = "#ffffff";

/** WCAG 1.4.11: a graphical object needs 3:1 against what is next to it. */
export const SWATCH_MIN_CONTRAST = 3;

/** The channels of `#rgb` or `#rrggbb` (0-255), or null for anything else. */
export function hexChannels(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a hex colour (0 black to 1 white); null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const rgb = hexChannels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a) ?? 0;
  const lb = relativeLuminance(b) ?? 0;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Whether a swatch of this colour would fade into the white surface (less than 3:1), so it needs a visible
 * ring of its own. A value that is no hex colour gets the ring too (nothing is known of it).
 */
export function isLightSwatch(hex: string, surface = SURFACE): boolean {
  if (relativeLuminance(hex) === null) return true;
  return contrastRatio(hex, surface) < SWATCH_MIN_CONTRAST;
}
