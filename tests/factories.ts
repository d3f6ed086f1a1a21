import type { Db } from "#db/client.server.ts";
import * as s from "#db/schema/index.ts";
import { slugify } from "#modules/shared/text.ts";

export type Taxonomy = { tags: Record<string, number>; styles: Record<string, number>; colors: Record<string, number> };

const palette = {
  background: "#ffffff",
  surface: "#f1f5f9",
  text: "#0f172a",
  muted: "#475569",
  accent1: "#4f46e5",
  accent2: "#0ea5e9",
};

/** A small, known taxonomy: trending and latest, two categories, three tags, three styles, three colours. */
export async function createTaxonomy(db: Db): Promise<Taxonomy> {
  const tags: Record<string, number> = {};
  const defs = [
    ["trending", "service", "trending", "Trending", "Tendencias"],
    ["latest", "service", "sparkles", "Latest", "Novedades"],
    ["marketing", "category", null, "Marketing", "Marketing"],
    ["education", "category", null, "Education", "Educación"],
    ["thesis", "tag", null, "Thesis", "Tesis"],
    ["pitch-deck", "tag", null, "Pitch deck", "Pitch deck"],
    ["timeline", "tag", null, "Timeline", "Cronología"],
  ] as const;
  for (const [slug, type, icon, en, es] of defs) {
    const [row] = await db.insert(s.tag).values({ slug, type, iconName: icon }).returning({ id: s.tag.id });
    tags[slug] = row.id;
    await db.insert(s.tagTranslation).values([
      {
        tagId: row.id,
        locale: "en",
        name: en,
        title: `${en} templates`,
        description: `${en} presentation templates.`,
        tabName: en,
      },
      {
        tagId: row.id,
        locale: "es",
        name: es,
        title: `Plantillas de ${es}`,
        description: `Plantillas de ${es}.`,
        tabName: es,
      },
    ]);
  }
  const styles: Record<string, number> = {};
  for (const [slug, en, es] of [
    ["minimalist", "Minimalist", "Minimalista"],
    ["corporate", "Corporate", "Corporativo"],
    ["playful", "Playful", "Divertido"],
  ]) {
    const [row] = await db.insert(s.style).values({ slug, nameEn: en, nameEs: es }).returning({ id: s.style.id });
    styles[slug] = row.id;
  }
  const colors: Record<string, number> = {};
  for (const [slug, en, es, hex] of [
    ["blue", "Blue", "Azul", "#2563eb"],
    ["red", "Red", "Rojo", "#dc2626"],
    ["green", "Green", "Verde", "#16a34a"],
  ]) {
    const [row] = await db.insert(s.color).values({ slug, nameEn: en, nameEs: es, hex }).returning({ id: s.color.id });
    colors[slug] = row.id;
  }
  return { tags, styles, colors };
}

export type TemplateSpec = {
  title: string;
  titleEs?: string;
  category?: string;
  tags?: string[];
  styles?: string[];
  colors?: string[];
  isPremium?: boolean;
  slides?: number;
  ratio?: "16:9" | "4:3";
  formats?: string[];
  publishedAt?: Date;
  downloads?: number;
  trending?: number;
};

export async function createTemplate(db: Db, tax: Taxonomy, spec: TemplateSpec) {
  const [row] = await db
    .insert(s.template)
    .values({
      categoryId: tax.tags[spec.category ?? "marketing"],
      isPremium: spec.isPremium ?? false,
      slidesCount: spec.slides ?? 12,
      aspectRatio: spec.ratio ?? "16:9",
      headingFont: "Montserrat",
      bodyFont: "Open Sans",
      formats: spec.formats ?? ["PP", "GS", "KN"],
      design: { slides: [] },
      publishedAt: spec.publishedAt ?? new Date("2026-01-01T00:00:00Z"),
      downloadsCount: spec.downloads ?? 0,
      trendingScore: spec.trending ?? 0,
    })
    .returning({ id: s.template.id });
  const titleEs = spec.titleEs ?? `${spec.title} ES`;
  await db.insert(s.templateTranslation).values([
    {
      templateId: row.id,
      locale: "en",
      title: spec.title,
      description: `About ${spec.title}.`,
      slug: slugify(spec.title),
    },
    { templateId: row.id, locale: "es", title: titleEs, description: `Sobre ${titleEs}.`, slug: slugify(titleEs) },
  ]);
  for (const t of spec.tags ?? []) await db.insert(s.templateTag).values({ templateId: row.id, tagId: tax.tags[t] });
  for (const st of spec.styles ?? [])
    await db.insert(s.templateStyle).values({ templateId: row.id, styleId: tax.styles[st] });
  const colorIds: number[] = [];
  for (const [position, c] of (spec.colors ?? ["blue"]).entries()) {
    const [cr] = await db
      .insert(s.templateColor)
      .values({ templateId: row.id, colorId: tax.colors[c], position, palette })
      .returning({ id: s.templateColor.id });
    colorIds.push(cr.id);
  }
  return { id: row.id, slugEn: slugify(spec.title), slugEs: slugify(titleEs), colorIds };
}
