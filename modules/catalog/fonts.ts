import { FONTS } from "#modules/slides/font-facts.ts";
import { shippedFonts } from "#modules/slides/fonts.ts";

/**
 * Which fonts are open (free to download, with a page of their own) and where that page is. The open
 * families are the catalogue's Google Fonts (FONTS, flag `google`) and the families SlideNest ships
 * (modules/slides/fonts.ts, all open-licence): one list, so the template page never links a font that
 * is not open (Calibri, Helvetica Neue…) and never misses one that is.
 */
let open: Map<string, string> | undefined;

function openFamilies(): Map<string, string> {
  if (open) return open;
  const families = [...FONTS.filter((f) => f.google).map((f) => f.family), ...shippedFonts().map((f) => f.family)];
  open = new Map(families.map((family) => [family.toLowerCase(), family]));
  return open;
}

/** Style words a deck may add to a family's name ("Montserrat SemiBold", "Lato Light Italic"). */
const STYLE_WORDS =
  /\s+(?:thin|hairline|extralight|extra light|ultralight|light|regular|book|medium|semibold|semi bold|demibold|bold|extrabold|extra bold|ultrabold|black|heavy|italic|oblique)$/i;

/** The open family a typeface name belongs to (its canonical spelling), or null. */
export function openFontFamily(typeface: string): string | null {
  let name = typeface.trim().replace(/\s+/g, " ");
  const families = openFamilies();
  for (let i = 0; i < 4 && name; i++) {
    const hit = families.get(name.toLowerCase());
    if (hit) return hit;
    const shorter = name.replace(STYLE_WORDS, "");
    if (shorter === name) break;
    name = shorter;
  }
  return null;
}

/** The page of an open font (Google Fonts' specimen page), or null when the font is not open. */
export function openFontPage(typeface: string): string | null {
  const family = openFontFamily(typeface);
  return family ? `https://fonts.google.com/specimen/${family.split(" ").map(encodeURIComponent).join("+")}` : null;
}
