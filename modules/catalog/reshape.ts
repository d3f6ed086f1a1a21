import type { Locale } from "#config/constants.ts";
import type { ColorVariantView, TagType, TagView, TemplateCard } from "./views.ts";

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
  aspect_ratio: "16:9" | "4:3";
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
    colors: colors.map(([id, hex]) => ({ id, hex })),
  };
}
