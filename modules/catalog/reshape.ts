import type { Locale } from "#config/constants.ts";
import type { Palette } from "#db/schema/catalog.ts";
import { isLightSwatch } from "#modules/shared/swatches.ts";
import { openFontPage } from "./fonts.ts";
import type {
  AspectRatio,
  ColorVariantView,
  DesignerView,
  FontRef,
  Swatch,
  TagType,
  TagView,
  TemplateCard,
  TemplateDetail,
} from "./views.ts";

export type TagRow = {
  id: number;
  slug: string;
  type: TagType;
  icon_name: string | null;
  meta: Record<string, unknown> | null;
  updated_at: Date | string;
  templates_count: number | string | null;
  name: string;
  title: string;
  description: string;
  tab_name: string;
};

export function reshapeTag(row: TagRow): TagView {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    iconName: row.icon_name,
    templatesCount: Number(row.templates_count ?? 0),
    updatedAt: new Date(row.updated_at),
    meta: row.meta ?? {},
    content: { name: row.name, title: row.title, description: row.description, tabName: row.tab_name },
  };
}

export type TemplateRow = {
  id: number;
  slug: string;
  title: string;
  is_premium: boolean;
  slides_count: number;
  aspect_ratio: AspectRatio;
  formats: string[] | string;
  /** [colour variant id, hex] in order (json_agg). */
  colors: [number, string][] | string;
};

export type ColorRow = {
  id: number;
  template_id: number;
  slug: string;
  name_en: string;
  name_es: string;
  hex: string;
};

/** Postgres arrays arrive as arrays from pg and PGlite, but as '{a,b}' text through some paths. */
export function pgArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value) return [];
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

export function reshapeColor(row: ColorRow, locale: Locale): ColorVariantView {
  return { id: row.id, slug: row.slug, name: locale === "es" ? row.name_es : row.name_en, hex: row.hex };
}

export function reshapeCard(row: TemplateRow): TemplateCard {
  const colors = (typeof row.colors === "string" ? JSON.parse(row.colors) : row.colors) as [number, string][];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    isPremium: row.is_premium,
    slidesCount: row.slides_count,
    aspectRatio: row.aspect_ratio,
    formats: pgArray(row.formats),
    colors: colors.map(([id, hex]) => (isLightSwatch(hex) ? { id, hex, light: true } : { id, hex })),
  };
}

export type DesignerRow = {
  id: number;
  slug: string;
  name: string;
  link: string | null;
  bio_en: string;
  bio_es: string;
};

export function reshapeDesigner(row: DesignerRow, locale: Locale): DesignerView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    link: row.link,
    bio: (locale === "es" ? row.bio_es : row.bio_en).trim(),
  };
}

function fontRef(family: string): FontRef {
  return { family, url: openFontPage(family) };
}

/**
 * The fonts a template page lists: the heading and body fonts (none when the deck's theme names none),
 * then every other font the slides use, once each, in the order read.
 */
export function reshapeFonts(heading: string, body: string, fonts: string[] | string | null): TemplateDetail["fonts"] {
  const h = heading.trim();
  const b = body.trim();
  const seen = new Set([h, b].filter(Boolean).map((f) => f.toLowerCase()));
  const others: FontRef[] = [];
  for (const f of pgArray(fonts)) {
    const name = f.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    others.push(fontRef(name));
  }
  return { heading: h ? fontRef(h) : null, body: b ? fontRef(b) : null, others };
}

/** The demo palette's colours, in the order a designer reads them. */
const PALETTE_ORDER = ["background", "surface", "text", "muted", "accent1", "accent2"] as const;

const HEX = /^#?([0-9a-f]{6})$/i;

/** A variant's swatches: the deck's theme colours when read from the file, else the demo palette's. */
export function reshapeSwatches(row: {
  theme_colors: { name: string; hex: string }[] | string | null;
  palette: Palette | string | null;
}): Swatch[] {
  const theme = (typeof row.theme_colors === "string" ? JSON.parse(row.theme_colors) : row.theme_colors) as
    | { name: string; hex: string }[]
    | null;
  const palette = (typeof row.palette === "string" ? JSON.parse(row.palette) : row.palette) as Palette | null;
  const pairs: [string, string][] = theme?.length
    ? theme.map((c) => [c.name, c.hex])
    : palette
      ? PALETTE_ORDER.map((name) => [name, palette[name]])
      : [];
  return pairs.flatMap(([name, hex]) => {
    const m = HEX.exec(String(hex ?? "").trim());
    return m ? [{ name, hex: `#${m[1].toUpperCase()}` }] : [];
  });
}
