/**
 * `importTemplateFolder`: a folder of real templates (manifest.ts) into the catalogue (ADR 0021). The
 * whole folder is checked first; one problem and nothing is written. Then decks, Keynote files and
 * slide images are stored content-addressed (what exists is not stored again), and the rows are
 * written in one transaction under an advisory lock (two imports take turns): designers, templates
 * with their texts, tags and styles, and, for a template whose files changed, a new version whose
 * previews a job draws. Importing the same folder again writes nothing.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#db/client.server.ts";
import type { VersionFacts } from "#db/schema/catalog.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { Scope } from "#modules/scope.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { paletteFromTheme } from "#modules/slides/attribution.ts";
import {
  type DesignerPlan,
  type FilePlan,
  type ImportProblem,
  readTemplateFolder,
  type TemplatePlan,
  type Vocabulary,
} from "./manifest.ts";

export type TemplateImportContext = Pick<Scope, "db" | "storage" | "clock" | "log" | "jobs">;

export type TemplateImportSummary = {
  templates: { created: number; updated: number; unchanged: number; unpublished: number };
  /** New versions queued for their previews. */
  versions: number;
  /** Of those, versions with a variant that has no slide images: LibreOffice draws them. */
  needConverter: number;
  designers: { created: number; updated: number; unchanged: number };
  problems: ImportProblem[];
  /** Each template written: its id, and the version queued for it (null: none). */
  items: { key: string; templateId: number; versionId: number | null; outcome: "created" | "updated" | "unchanged" }[];
};

const LOCK = "slidenest:templates-import";

/** Storage key of a stored source file, by its content. */
export const deckKey = (sha256: string, ext: "pptx" | "key") => `decks/${sha256}.${ext}`;
const imageKey = (sha256: string) => `imports/previews/${sha256}`;

/** The catalogue's names a manifest may use. */
export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [tags, styles, colors, designers] = await Promise.all([
    queryRows<{ slug: string; type: string }>(
      db,
      sql`select slug, type::text from tag where type in ('category', 'tag')`,
    ),
    queryRows<{ slug: string }>(db, sql`select slug from style`),
    queryRows<{ slug: string }>(db, sql`select slug from color order by id`),
    queryRows<{ key: string }>(db, sql`select key from designer`),
  ]);
  return {
    categories: new Set(tags.filter((t) => t.type === "category").map((t) => t.slug)),
    tags: new Set(tags.filter((t) => t.type === "tag").map((t) => t.slug)),
    styles: new Set(styles.map((s) => s.slug)),
    colors: new Set(colors.map((c) => c.slug)),
    designers: new Set(designers.map((d) => d.key)),
  };
}

/** What a version shows: the first variant's deck, every variant's fonts. */
function factsOf(plan: TemplatePlan): VersionFacts {
  const first = plan.variants[0].pptx.facts;
  return {
    slideCount: first.slideCount,
    aspectRatio: first.aspectRatio,
    headingFont: first.headingFont,
    bodyFont: first.bodyFont,
    fonts: [...new Set(plan.variants.flatMap((v) => v.pptx.facts.fonts))].sort(),
    slideText: first.slideTexts.join("\n").slice(0, 200_000),
  };
}

/** The apps a template is offered for: PowerPoint always, Google Slides and Keynote (both open a .pptx). */
const formatsOf = () => ["PP", "GS", "KN"];

type Existing = {
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

/** Reads, checks and imports a folder; `dryRun` checks and counts only. */
export async function importTemplateFolder(
  ctx: TemplateImportContext,
  folder: string,
  opts: { prune?: boolean; dryRun?: boolean; actor?: AuditActor } = {},
): Promise<TemplateImportSummary> {
  const plan = await readTemplateFolder(folder, await loadVocabulary(ctx.db));
  if (plan.problems.length) return { ...emptySummary(), problems: plan.problems };
  return applyTemplatePlans(ctx, plan, opts);
}

const emptySummary = (): TemplateImportSummary => ({
  templates: { created: 0, updated: 0, unchanged: 0, unpublished: 0 },
  versions: 0,
  needConverter: 0,
  designers: { created: 0, updated: 0, unchanged: 0 },
  problems: [],
  items: [],
});

const EXISTING = sql`select t.id, t.import_key, t.publish_at, t.published_at, t.version_id,
    (select v.source_hash from template_version v where v.template_id = t.id order by v.number desc limit 1) as latest_hash,
    (select v.id from template_version v where v.template_id = t.id and v.state = 'failed'
       and v.number = (select max(w.number) from template_version w where w.template_id = t.id)) as failed_id,
    (select max(v.number) from template_version v where v.template_id = t.id) as latest_number
  from template t where t.import_key is not null`;

/**
 * Writes checked plans (a folder's, or one template from the operator pages): files first, then the
 * rows in one transaction under the import lock, an audit entry for each template that changed when an
 * actor is named. A plan without variants keeps the template's current version (an edit of its texts).
 */
export async function applyTemplatePlans(
  ctx: TemplateImportContext,
  plan: { templates: TemplatePlan[]; designers: DesignerPlan[] },
  opts: { prune?: boolean; dryRun?: boolean; actor?: AuditActor; createdBy?: number } = {},
): Promise<TemplateImportSummary> {
  const summary = emptySummary();
  // Slugs another template already has (the demo's or another import's) are refused by name.
  const keys = plan.templates.map((t) => t.key);
  for (const t of plan.templates)
    for (const locale of ["en", "es"] as const) {
      const [taken] = await queryRows<{ import_key: string | null }>(
        ctx.db,
        sql`select t.import_key from template_translation tr join template t on t.id = tr.template_id
            where tr.locale = ${locale} and tr.slug = ${t.texts[locale].slug} and t.import_key is distinct from ${t.key}`,
      );
      if (taken)
        summary.problems.push({
          file: t.file,
          field: `${locale}.slug`,
          formCode: "account.operator.editor.errors.slugTaken",
          message: `"${locale}.slug" "${t.texts[locale].slug}" belongs to another template${taken.import_key ? ` (${taken.import_key})` : ""}`,
        });
    }
  if (summary.problems.length) return summary;
  const now = ctx.clock.now();
  const newVersion = (t: TemplatePlan, e: Existing | undefined) =>
    t.variants.length > 0 && (!e || e.latest_hash !== t.sourceHash || e.failed_id !== null);

  if (opts.dryRun) {
    const existing = new Map((await queryRows<Existing>(ctx.db, EXISTING)).map((r) => [r.import_key, r]));
    for (const t of plan.templates) {
      const e = existing.get(t.key);
      if (!e) summary.templates.created++;
      else summary.templates.updated++;
      if (newVersion(t, e)) {
        summary.versions++;
        if (t.variants.some((v) => !v.previews)) summary.needConverter++;
      }
    }
    if (opts.prune)
      summary.templates.unpublished = [...existing.values()].filter(
        (e) => !keys.includes(e.import_key) && e.publish_at,
      ).length;
    summary.designers.created = plan.designers.length;
    return summary;
  }

  // Files first: content-addressed, so a second import (or a failed transaction) stores nothing twice.
  for (const t of plan.templates)
    for (const v of t.variants) {
      await putOnce(ctx.storage, deckKey(v.pptx.sha256, "pptx"), v.pptx);
      if (v.keynote) await putOnce(ctx.storage, deckKey(v.keynote.sha256, "key"), v.keynote);
      for (const p of v.previews ?? []) await putOnce(ctx.storage, imageKey(p.sha256), p);
    }

  const queued: number[] = [];
  const touched: number[] = [];
  await ctx.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
    // Read under the lock: two saves of one template take turns and number their versions in order.
    const existing = new Map((await queryRows<Existing>(db, EXISTING)).map((r) => [r.import_key, r]));
    for (const d of plan.designers) {
      const [row] = await queryRows<{ created: boolean; changed: boolean }>(
        db,
        sql`insert into designer (key, slug, name, link, bio_en, bio_es)
            values (${d.key}, ${d.key}, ${d.name}, ${d.link}, ${d.bio.en}, ${d.bio.es})
            on conflict (key) do update set name = excluded.name, link = excluded.link, bio_en = excluded.bio_en,
              bio_es = excluded.bio_es, updated_at = now()
            where (designer.name, designer.link, designer.bio_en, designer.bio_es)
              is distinct from (excluded.name, excluded.link, excluded.bio_en, excluded.bio_es)
            returning (xmax = 0) as created, true as changed`,
      );
      if (!row) summary.designers.unchanged++;
      else if (row.created) summary.designers.created++;
      else summary.designers.updated++;
    }
    for (const t of plan.templates) {
      const e = existing.get(t.key);
      const before = e && opts.actor ? await templateSnapshot(db, e.id) : null;
      const result = await writeTemplate(db, t, e, now, newVersion(t, e), opts.createdBy ?? null);
      summary.templates[result.outcome]++;
      summary.items.push({
        key: t.key,
        templateId: result.templateId,
        versionId: result.versionId,
        outcome: result.outcome,
      });
      if (result.versionId) {
        queued.push(result.versionId);
        summary.versions++;
        if (t.variants.some((v) => !v.previews)) summary.needConverter++;
      }
      if (result.outcome !== "unchanged") touched.push(result.templateId);
      if (opts.actor && result.outcome !== "unchanged") {
        const after = await templateSnapshot(db, result.templateId);
        await recordAudit(
          { db, clock: ctx.clock },
          {
            actor: opts.actor,
            action: result.outcome === "created" ? "template.created" : "template.updated",
            target: { kind: "template", id: result.templateId, label: t.key },
            before,
            after,
          },
        );
      }
    }
    if (opts.prune) {
      const gone = await queryRows<{ id: number; import_key: string; publish_at: Date | string }>(
        db,
        sql`update template t set publish_at = null, published_at = null, updated_at = now()
            from (select id, publish_at from template where import_key is not null and publish_at is not null
                    and not (import_key = any(${textArray(keys)})) for update) old
            where t.id = old.id
            returning t.id, t.import_key, old.publish_at`,
      );
      summary.templates.unpublished = gone.length;
      touched.push(...gone.map((g) => g.id));
      if (opts.actor)
        for (const g of gone)
          await recordAudit(
            { db, clock: ctx.clock },
            {
              actor: opts.actor,
              action: "template.unpublished",
              target: { kind: "template", id: g.id, label: g.import_key },
              before: { publishAt: new Date(g.publish_at).toISOString() },
              after: { publishAt: null, reason: "pruned: no longer in the imported folder" },
            },
          );
    }
    if (touched.length || summary.designers.created || summary.designers.updated) await bumpCatalogVersion({ db });
  });
  if (touched.length) await refreshSearchIndex(ctx.db, { templateIds: touched, now });
  for (const id of queued) await ctx.jobs?.enqueueRender?.(id);
  ctx.log.info("templates imported", { ...summary.templates, versions: summary.versions });
  return summary;
}

/** What the audit log shows of a template: its texts, filing, licence, designer, publication and version. */
async function templateSnapshot(db: Db, templateId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
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
  if (!row) return null;
  const at = row.publishAt;
  return { ...row, publishAt: at ? new Date(at as string).toISOString() : null };
}

/** Stores a source file under its content address unless it is there: from memory, or copied from an upload. */
async function putOnce(storage: Storage, key: string, file: FilePlan) {
  if (await storage.exists(key)) return;
  if (file.storageKey !== undefined) await storage.copy(file.storageKey, key);
  else await storage.put(key, file.data);
}

/** One template's rows; a new version (queued) when its files changed. */
async function writeTemplate(
  db: Db,
  t: TemplatePlan,
  e: Existing | undefined,
  now: Date,
  makeVersion: boolean,
  createdBy: number | null,
): Promise<{ templateId: number; outcome: "created" | "updated" | "unchanged"; versionId: number | null }> {
  const facts = t.variants.length ? factsOf(t) : null;
  const publishAt =
    t.publish === false ? null : t.publish === true ? (e?.publish_at ? new Date(e.publish_at) : now) : t.publish;
  const [category] = await queryRows<{ id: number }>(
    db,
    sql`select id from tag where slug = ${t.category} and type = 'category'`,
  );
  const designer = t.designer
    ? ((await queryRows<{ id: number }>(db, sql`select id from designer where key = ${t.designer}`))[0]?.id ?? null)
    : null;
  let templateId: number;
  let changed = false;
  if (!e) {
    if (!facts) throw new Error(`template ${t.key}: a new template needs a deck`);
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into template (source, import_key, designer_id, category_id, is_premium, slides_count, aspect_ratio,
            heading_font, body_font, fonts, slide_text, formats, design, publish_at, published_at)
          values ('import', ${t.key}, ${designer}, ${category.id}, ${t.premium}, ${facts.slideCount}, ${facts.aspectRatio},
            ${facts.headingFont ?? ""}, ${facts.bodyFont ?? ""}, ${textArray(facts.fonts)}, ${facts.slideText},
            ${textArray(formatsOf())}, null, ${publishAt}, null)
          returning id`,
    );
    templateId = row.id;
    changed = true;
  } else {
    templateId = e.id;
    // Shared fields that are not the version's: category, licence, designer, publication.
    const publishedAt = publishAt === null ? null : e.version_id !== null ? publishAt : null;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`update template set category_id = ${category.id}, is_premium = ${t.premium}, designer_id = ${designer},
            publish_at = ${publishAt}, published_at = ${publishedAt}, updated_at = now()
          where id = ${templateId} and (category_id, is_premium, designer_id, publish_at, published_at)
            is distinct from (${category.id}, ${t.premium}, ${designer}::int, ${publishAt}::timestamptz, ${publishedAt}::timestamptz)
          returning id`,
    );
    changed = Boolean(row);
  }
  for (const locale of ["en", "es"] as const) {
    const x = t.texts[locale];
    const [row] = await queryRows<{ template_id: number }>(
      db,
      sql`insert into template_translation (template_id, locale, title, description, slug)
          values (${templateId}, ${locale}, ${x.title}, ${x.description}, ${x.slug})
          on conflict (template_id, locale) do update set title = excluded.title, description = excluded.description, slug = excluded.slug
          where (template_translation.title, template_translation.description, template_translation.slug)
            is distinct from (excluded.title, excluded.description, excluded.slug)
          returning template_id`,
    );
    if (row) changed = true;
  }
  changed =
    (await replaceLinks(
      db,
      templateId,
      "template_tag",
      "tag_id",
      sql`select id from tag where type = 'tag' and slug = any(${textArray(t.tags)})`,
    )) || changed;
  changed =
    (await replaceLinks(
      db,
      templateId,
      "template_style",
      "style_id",
      sql`select id from style where slug = any(${textArray(t.styles)})`,
    )) || changed;

  let versionId: number | null = null;
  if (!makeVersion || !facts) {
    // No new files: the version shown stays.
  } else if (e && e.latest_hash === t.sourceHash && e.failed_id !== null) {
    // The same files after a failed version (LibreOffice installed since, say): that version is tried again.
    await db.execute(
      sql`update template_version set state = 'queued', reason = null, detail = null, started_at = null, finished_at = null
          where id = ${e.failed_id} and state = 'failed'`,
    );
    versionId = e.failed_id;
    changed = true;
  } else {
    const [v] = await queryRows<{ id: number }>(
      db,
      sql`insert into template_version (template_id, number, state, source_hash, facts, created_at, created_by)
          values (${templateId}, ${(e?.latest_number ?? 0) + 1}, 'queued', ${t.sourceHash}, ${JSON.stringify(facts)}::jsonb, ${now}, ${createdBy})
          returning id`,
    );
    versionId = v.id;
    for (const [position, variant] of t.variants.entries()) {
      const [color] = await queryRows<{ id: number }>(
        db,
        sql`insert into template_color (template_id, color_id, position, palette, version_id, active, theme_colors, google_slides_url, preview_sources)
            select ${templateId}, c.id, ${position}, ${JSON.stringify(paletteFromTheme(variant.pptx.facts.themeColors))}::jsonb, ${versionId}, false,
              ${JSON.stringify(variant.pptx.facts.themeColors)}::jsonb, ${variant.googleSlides},
              ${variant.previews ? textArray(variant.previews.map((p) => imageKey(p.sha256))) : null}
            from color c where c.slug = ${variant.colour}
            returning id`,
      );
      await db.execute(
        sql`insert into template_file (template_color_id, variant, kind, storage_key, size_bytes)
            values (${color.id}, 'paid', 'pptx', ${deckKey(variant.pptx.sha256, "pptx")}, ${variant.pptx.size})`,
      );
      if (variant.keynote)
        await db.execute(
          sql`insert into template_file (template_color_id, variant, kind, storage_key, size_bytes)
              values (${color.id}, 'paid', 'key', ${deckKey(variant.keynote.sha256, "key")}, ${variant.keynote.size})`,
        );
    }
    changed = true;
  }
  return { templateId, outcome: !e ? "created" : changed ? "updated" : "unchanged", versionId };
}

const textArray = (values: string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;

/** Makes a template's links (tags or styles) exactly the given set; answers whether anything changed. */
async function replaceLinks(
  db: Db,
  templateId: number,
  table: "template_tag" | "template_style",
  column: "tag_id" | "style_id",
  wanted: ReturnType<typeof sql>,
) {
  const t = sql.raw(table);
  const c = sql.raw(column);
  const removed = await queryRows<{ n: number }>(
    db,
    sql`with d as (delete from ${t} where template_id = ${templateId} and ${c} not in (${wanted}) returning 1) select count(*)::int as n from d`,
  );
  const added = await queryRows<{ n: number }>(
    db,
    sql`with i as (insert into ${t} (template_id, ${c}) select ${templateId}, id from (${wanted}) w on conflict do nothing returning 1)
        select count(*)::int as n from i`,
  );
  return Number(removed[0]?.n ?? 0) + Number(added[0]?.n ?? 0) > 0;
}
