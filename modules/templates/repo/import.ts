import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import {
  color,
  designer,
  type Palette,
  style,
  tag,
  template,
  templateFile,
  templateVersion,
  type VersionFacts,
} from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The import's queries (import.ts): the catalogue's names, the imported templates as they stand, and
 * the rows one template is written as. The conditional writes (designers, a template's filing and
 * texts, its links, pruning) stay hand-written: each answers whether anything changed.
 */

/** A text[] literal of the given values (`array[]::text[]` when there are none). */
export const textArray = (values: string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;

/** Rows of the hand-written statements below that answer one value. */
type IdRow = { id: number };
type CountRow = { n: number };
type TranslationKeyRow = { template_id: number };
/** The template that has a slug (its import key; null for the demo's). */
export type SlugOwnerRow = { import_key: string | null };
/** A designer made (true) or changed (false). */
export type DesignerUpsertRow = { created: boolean };

/** The catalogue's names a manifest may use: categories and tags, styles, colours (by id), designers' keys. */
export async function selectVocabulary(db: Executor) {
  const [tags, styles, colors, designers] = await Promise.all([
    db
      .select({ slug: tag.slug, type: tag.type })
      .from(tag)
      .where(inArray(tag.type, ["category", "tag"])),
    db.select({ slug: style.slug }).from(style),
    db.select({ slug: color.slug }).from(color).orderBy(asc(color.id)),
    db.select({ key: designer.key }).from(designer),
  ]);
  return { tags, styles, colors, designers };
}

/** The template another than `importKey` whose slug in `locale` is `slug`, if any. */
export async function findSlugOwner(
  db: Executor,
  locale: string,
  slug: string,
  importKey: string,
): Promise<SlugOwnerRow | undefined> {
  const [row] = await queryRows<SlugOwnerRow>(
    db,
    sql`select t.import_key from template_translation tr join template t on t.id = tr.template_id
        where tr.locale = ${locale} and tr.slug = ${slug} and t.import_key is distinct from ${importKey}`,
  );
  return row;
}

/** An imported template as it stands, with its latest version. */
export type ImportedTemplateRow = {
  id: number;
  import_key: string;
  publish_at: Date | string | null;
  published_at: Date | string | null;
  version_id: number | null;
  latest_hash: string | null;
  latest_number: number | null;
  /** The latest version, when it failed: importing the same files again queues it again. */
  failed_id: number | null;
};

/** Every imported template as it stands. */
export function selectImportedTemplates(db: Executor): Promise<ImportedTemplateRow[]> {
  return queryRows<ImportedTemplateRow>(
    db,
    sql`select t.id, t.import_key, t.publish_at, t.published_at, t.version_id,
    (select v.source_hash from template_version v where v.template_id = t.id order by v.number desc limit 1) as latest_hash,
    (select v.id from template_version v where v.template_id = t.id and v.state = 'failed'
       and v.number = (select max(w.number) from template_version w where w.template_id = t.id)) as failed_id,
    (select max(v.number) from template_version v where v.template_id = t.id) as latest_number
  from template t where t.import_key is not null`,
  );
}

/** Two imports take turns: held until the transaction ends. */
export async function lockTemplateImport(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${"slidenest:templates-import"}))`);
}

export type ManifestDesigner = { key: string; name: string; link: string | null; bio: { en: string; es: string } };

/** Makes or changes a designer by key; no row when nothing changed, else whether it was made. */
export async function upsertDesigner(db: Executor, d: ManifestDesigner): Promise<DesignerUpsertRow | undefined> {
  const [row] = await queryRows<DesignerUpsertRow>(
    db,
    sql`insert into designer (key, slug, name, link, bio_en, bio_es)
        values (${d.key}, ${d.key}, ${d.name}, ${d.link}, ${d.bio.en}, ${d.bio.es})
        on conflict (key) do update set name = excluded.name, link = excluded.link, bio_en = excluded.bio_en,
          bio_es = excluded.bio_es, updated_at = now()
        where (designer.name, designer.link, designer.bio_en, designer.bio_es)
          is distinct from (excluded.name, excluded.link, excluded.bio_en, excluded.bio_es)
        returning (xmax = 0) as created`,
  );
  return row;
}

export type PrunedTemplateRow = { id: number; import_key: string; publish_at: Date | string };

/** Unpublishes the imported templates whose keys are not `keys`; answers them with their date before. */
export function unpublishImportsNotIn(db: Executor, keys: string[]): Promise<PrunedTemplateRow[]> {
  return queryRows<PrunedTemplateRow>(
    db,
    sql`update template t set publish_at = null, published_at = null, updated_at = now()
        from (select id, publish_at from template where import_key is not null and publish_at is not null
                and not (import_key = any(${textArray(keys)})) for update) old
        where t.id = old.id
        returning t.id, t.import_key, old.publish_at`,
  );
}

/** What the audit log shows of a template (raw: `publishAt` as the driver gives it). */
export type TemplateSnapshotRow = {
  texts: Record<string, { title: string; description: string; slug: string }> | null;
  category: string | null;
  tags: string[];
  styles: string[];
  licence: "premium" | "free";
  designer: string | null;
  publishAt: Date | string | null;
  version: number | null;
};

export async function selectTemplateSnapshot(
  db: Executor,
  templateId: number,
): Promise<TemplateSnapshotRow | undefined> {
  const [row] = await queryRows<TemplateSnapshotRow>(
    db,
    sql`select
          (select jsonb_object_agg(tr.locale, jsonb_build_object('title', tr.title, 'description', tr.description, 'slug', tr.slug))
             from template_translation tr where tr.template_id = t.id) as texts,
          (select slug from tag where id = t.category_id) as category,
          coalesce((select array_agg(g.slug order by g.slug) from template_tag x join tag g on g.id = x.tag_id where x.template_id = t.id), '{}') as tags,
          coalesce((select array_agg(s.slug order by s.slug) from template_style x join style s on s.id = x.style_id where x.template_id = t.id), '{}') as styles,
          case when t.is_premium then 'premium' else 'free' end as licence,
          (select key from designer where id = t.designer_id) as designer,
          t.publish_at as "publishAt",
          (select max(number) from template_version v where v.template_id = t.id) as version
        from template t where t.id = ${templateId}`,
  );
  return row;
}

/** A category tag's id by its slug. */
export async function findCategory(db: Executor, slug: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: tag.id })
    .from(tag)
    .where(and(eq(tag.slug, slug), eq(tag.type, "category")));
  return row;
}

/** A designer's id by its key, or null. */
export async function findDesignerId(db: Executor, key: string): Promise<number | null> {
  const [row] = await db.select({ id: designer.id }).from(designer).where(eq(designer.key, key));
  return row?.id ?? null;
}

export type NewImportedTemplate = Pick<
  typeof template.$inferInsert,
  | "importKey"
  | "designerId"
  | "categoryId"
  | "isPremium"
  | "slidesCount"
  | "aspectRatio"
  | "headingFont"
  | "bodyFont"
  | "fonts"
  | "slideText"
  | "formats"
  | "publishAt"
>;

/** A new imported template: no design, not public until a version of it is ready. */
export async function insertImportedTemplate(db: Executor, row: NewImportedTemplate): Promise<number> {
  const [inserted] = await db
    .insert(template)
    .values({ ...row, source: "import", design: null, publishedAt: null })
    .returning({ id: template.id });
  return inserted.id;
}

export type TemplateFiling = {
  categoryId: number;
  isPremium: boolean;
  designerId: number | null;
  publishAt: Date | null;
  publishedAt: Date | null;
};

/** Sets a template's category, licence, designer and publication; answers whether any of them changed. */
export async function updateTemplateFiling(db: Executor, templateId: number, f: TemplateFiling): Promise<boolean> {
  const [row] = await queryRows<IdRow>(
    db,
    sql`update template set category_id = ${f.categoryId}, is_premium = ${f.isPremium}, designer_id = ${f.designerId},
          publish_at = ${f.publishAt}, published_at = ${f.publishedAt}, updated_at = now()
        where id = ${templateId} and (category_id, is_premium, designer_id, publish_at, published_at)
          is distinct from (${f.categoryId}, ${f.isPremium}, ${f.designerId}::int, ${f.publishAt}::timestamptz, ${f.publishedAt}::timestamptz)
        returning id`,
  );
  return Boolean(row);
}

/** Sets a template's texts in one language; answers whether they changed. */
export async function upsertTemplateTranslation(
  db: Executor,
  templateId: number,
  locale: string,
  x: { title: string; description: string; slug: string },
): Promise<boolean> {
  const [row] = await queryRows<TranslationKeyRow>(
    db,
    sql`insert into template_translation (template_id, locale, title, description, slug)
        values (${templateId}, ${locale}, ${x.title}, ${x.description}, ${x.slug})
        on conflict (template_id, locale) do update set title = excluded.title, description = excluded.description, slug = excluded.slug
        where (template_translation.title, template_translation.description, template_translation.slug)
          is distinct from (excluded.title, excluded.description, excluded.slug)
        returning template_id`,
  );
  return Boolean(row);
}

/** Makes a template's links (tags or styles) exactly the given set; answers whether anything changed. */
async function replaceLinks(
  db: Executor,
  templateId: number,
  table: "template_tag" | "template_style",
  column: "tag_id" | "style_id",
  wanted: SQL,
): Promise<boolean> {
  const t = sql.raw(table);
  const c = sql.raw(column);
  const removed = await queryRows<CountRow>(
    db,
    sql`with d as (delete from ${t} where template_id = ${templateId} and ${c} not in (${wanted}) returning 1) select count(*)::int as n from d`,
  );
  const added = await queryRows<CountRow>(
    db,
    sql`with i as (insert into ${t} (template_id, ${c}) select ${templateId}, id from (${wanted}) w on conflict do nothing returning 1)
        select count(*)::int as n from i`,
  );
  return Number(removed[0]?.n ?? 0) + Number(added[0]?.n ?? 0) > 0;
}

/** Makes a template's tags exactly those with these slugs; answers whether anything changed. */
export const replaceTemplateTags = (db: Executor, templateId: number, slugs: string[]) =>
  replaceLinks(
    db,
    templateId,
    "template_tag",
    "tag_id",
    sql`select id from tag where type = 'tag' and slug = any(${textArray(slugs)})`,
  );

/** Makes a template's styles exactly those with these slugs; answers whether anything changed. */
export const replaceTemplateStyles = (db: Executor, templateId: number, slugs: string[]) =>
  replaceLinks(
    db,
    templateId,
    "template_style",
    "style_id",
    sql`select id from style where slug = any(${textArray(slugs)})`,
  );

/** A failed version queued again (its previews are drawn again). */
export async function requeueFailedVersion(db: Executor, versionId: number): Promise<void> {
  await db
    .update(templateVersion)
    .set({ state: "queued", reason: null, detail: null, startedAt: null, finishedAt: null })
    .where(and(eq(templateVersion.id, versionId), eq(templateVersion.state, "failed")));
}

export type NewTemplateVersion = {
  templateId: number;
  number: number;
  sourceHash: string;
  facts: VersionFacts;
  createdAt: Date;
  createdBy: number | null;
};

/** A new version, queued for its previews; answers its id. */
export async function insertQueuedVersion(db: Executor, v: NewTemplateVersion): Promise<number> {
  const [row] = await db
    .insert(templateVersion)
    .values({ ...v, state: "queued" })
    .returning({ id: templateVersion.id });
  return row.id;
}

export type NewVersionColour = {
  templateId: number;
  /** The colour it is filed under, by slug. */
  colour: string;
  position: number;
  palette: Palette;
  versionId: number;
  themeColors: { name: string; hex: string }[];
  googleSlidesUrl: string | null;
  /** Storage keys of its slide images, or null (drawn from the deck). */
  previewSources: string[] | null;
};

/** A version's colour variant, not shown until the version is; no row when the colour is unknown. */
export async function insertVersionColour(db: Executor, c: NewVersionColour): Promise<{ id: number } | undefined> {
  const [row] = await queryRows<IdRow>(
    db,
    sql`insert into template_color (template_id, color_id, position, palette, version_id, active, theme_colors, google_slides_url, preview_sources)
        select ${c.templateId}, c.id, ${c.position}, ${JSON.stringify(c.palette)}::jsonb, ${c.versionId}, false,
          ${JSON.stringify(c.themeColors)}::jsonb, ${c.googleSlidesUrl},
          ${c.previewSources ? textArray(c.previewSources) : null}
        from color c where c.slug = ${c.colour}
        returning id`,
  );
  return row;
}

export type NewTemplateFile = Omit<typeof templateFile.$inferInsert, "createdAt">;

/** A variant's file (a licence variant and kind). */
export async function insertTemplateFile(db: Executor, f: NewTemplateFile): Promise<void> {
  await db.insert(templateFile).values(f);
}
