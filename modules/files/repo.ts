import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { type Palette, templateFile } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { Design } from "#modules/slides/design.ts";

/** The files module's queries (service.ts): a colour variant with what its files are made from, and its files. */

/** A colour variant with what its deck and previews are drawn from: its template's design, format and English title. */
export type VariantRow = {
  template_id: number;
  palette: Palette;
  /** Null for an imported template: its files and previews are made by the import, not drawn here. */
  design: Design | null;
  aspect_ratio: "16:9" | "4:3";
  heading_font: string;
  body_font: string;
  title: string;
};

export async function findVariant(db: Executor, templateColorId: number): Promise<VariantRow | null> {
  const rows = await queryRows<VariantRow>(
    db,
    sql`select t.id as template_id, tc.palette, t.design, t.aspect_ratio, t.heading_font, t.body_font, tr.title
        from template_color tc
        join template t on t.id = tc.template_id
        join template_translation tr on tr.template_id = t.id and tr.locale = 'en'
        where tc.id = ${templateColorId}`,
  );
  return rows[0] ?? null;
}

export type PublishedAtRow = { published_at: Date | string | null };

/** When a colour variant's template is public from (null: not public, or the variant is not shown). */
export async function variantPublishedAt(db: Executor, templateColorId: number): Promise<Date | string | null> {
  const [row] = await queryRows<PublishedAtRow>(
    db,
    sql`select case when tc.active then t.published_at end as published_at from template_color tc join template t on t.id = tc.template_id where tc.id = ${templateColorId}`,
  );
  return row?.published_at ?? null;
}

export type StoredFileRow = Pick<typeof templateFile.$inferSelect, "storageKey" | "sizeBytes">;

/** A colour variant's stored .pptx in a licence variant, if any. */
export async function findPptx(
  db: Executor,
  templateColorId: number,
  variant: string,
): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select({ storageKey: templateFile.storageKey, sizeBytes: templateFile.sizeBytes })
    .from(templateFile)
    .where(
      and(
        eq(templateFile.templateColorId, templateColorId),
        eq(templateFile.variant, variant),
        eq(templateFile.kind, "pptx"),
      ),
    );
  return row;
}

/** A .pptx made for a colour variant, stored or replaced. */
export async function upsertPptx(
  db: Executor,
  f: { templateColorId: number; variant: string; storageKey: string; sizeBytes: number },
): Promise<void> {
  await db.execute(sql`
      insert into template_file (template_color_id, variant, kind, storage_key, size_bytes)
      values (${f.templateColorId}, ${f.variant}, 'pptx', ${f.storageKey}, ${f.sizeBytes})
      on conflict (template_color_id, variant, kind) do update set storage_key = excluded.storage_key, size_bytes = excluded.size_bytes, created_at = now()`);
}
