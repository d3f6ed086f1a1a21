import { and, asc, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { color, designer, style, tag, tagTranslation, template, templateVersion } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The operator form's queries (editor.ts): the names it offers, an imported template as it shows it. */

/** The categories, tags, styles, colours (by id) and designers, named in `locale` (es or en). */
export async function selectEditorNames(db: Executor, locale: string) {
  const name =
    locale === "es" ? { style: style.nameEs, color: color.nameEs } : { style: style.nameEn, color: color.nameEn };
  const [tags, styles, colours, designers] = await Promise.all([
    db
      .select({ slug: tag.slug, type: tag.type, name: sql<string>`coalesce(${tagTranslation.name}, ${tag.slug})` })
      .from(tag)
      .leftJoin(tagTranslation, and(eq(tagTranslation.tagId, tag.id), eq(tagTranslation.locale, locale)))
      .where(inArray(tag.type, ["category", "tag"])),
    db.select({ slug: style.slug, name: name.style }).from(style),
    db.select({ slug: color.slug, name: name.color, hex: color.hex }).from(color).orderBy(asc(color.id)),
    db.select({ key: designer.key, name: designer.name }).from(designer),
  ]);
  return { tags, styles, colours, designers };
}

/** An imported template with its texts, filing and the colours shown, as the form reads it. */
export type EditorTemplateRow = {
  id: number;
  import_key: string | null;
  publish_at: Date | string | null;
  published_at: Date | string | null;
  is_premium: boolean;
  category: string;
  designer: string | null;
  texts: Record<"en" | "es", { title: string; description: string; slug: string }>;
  tags: string[];
  styles: string[];
  colours: string[];
};

/** An imported template (none for the demo's). */
export async function selectEditorTemplate(db: Executor, templateId: number): Promise<EditorTemplateRow | undefined> {
  const [row] = await queryRows<EditorTemplateRow>(
    db,
    sql`select t.id, t.import_key, t.publish_at, t.published_at, t.is_premium,
          (select slug from tag where id = t.category_id) as category,
          (select key from designer where id = t.designer_id) as designer,
          (select jsonb_object_agg(tr.locale, jsonb_build_object('title', tr.title, 'description', tr.description, 'slug', tr.slug))
             from template_translation tr where tr.template_id = t.id) as texts,
          coalesce((select array_agg(g.slug order by g.slug) from template_tag x join tag g on g.id = x.tag_id where x.template_id = t.id), '{}') as tags,
          coalesce((select array_agg(s.slug order by s.slug) from template_style x join style s on s.id = x.style_id where x.template_id = t.id), '{}') as styles,
          coalesce((select array_agg(c.slug order by tc.position) from template_color tc join color c on c.id = tc.color_id
             where tc.template_id = t.id and tc.active), '{}') as colours
        from template t where t.id = ${templateId} and t.source = 'import'`,
  );
  return row;
}

export type LatestVersionRow = Pick<
  typeof templateVersion.$inferSelect,
  "number" | "state" | "progress" | "reason" | "detail" | "missingFonts"
>;

/** A template's newest version. */
export async function selectLatestVersion(db: Executor, templateId: number): Promise<LatestVersionRow | undefined> {
  const [row] = await db
    .select({
      number: templateVersion.number,
      state: templateVersion.state,
      progress: templateVersion.progress,
      reason: templateVersion.reason,
      detail: templateVersion.detail,
      missingFonts: templateVersion.missingFonts,
    })
    .from(templateVersion)
    .where(eq(templateVersion.templateId, templateId))
    .orderBy(desc(templateVersion.number))
    .limit(1);
  return row;
}

/** The import keys that are `stem` or start with `stem-`. */
export async function importKeysLike(db: Executor, stem: string): Promise<string[]> {
  const rows = await db
    .select({ importKey: template.importKey })
    .from(template)
    .where(or(eq(template.importKey, stem), like(template.importKey, `${stem}-%`)));
  return rows.map((r) => r.importKey as string);
}

/** A template's import key (null for the demo's) and source. */
export async function findTemplateSource(
  db: Executor,
  templateId: number,
): Promise<Pick<typeof template.$inferSelect, "importKey" | "source"> | undefined> {
  const [row] = await db
    .select({ importKey: template.importKey, source: template.source })
    .from(template)
    .where(eq(template.id, templateId));
  return row;
}
