/**
 * `importTemplateFolder`: a folder of real templates (manifest.ts) into the catalogue (ADR 0021). The
 * whole folder is checked first; one problem and nothing is written. Then decks, Keynote files and
 * slide images are stored content-addressed (what exists is not stored again), and the rows are
 * written in one transaction under an advisory lock (two imports take turns): designers, templates
 * with their texts, tags and styles, and, for a template whose files changed, a new version whose
 * previews a job draws. Importing the same folder again writes nothing.
 */
import type { Db, Executor } from "#db/client.server.ts";
import type { VersionFacts } from "#db/schema/catalog.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { Scope } from "#modules/scope.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import { paletteFromTheme } from "#modules/slides/attribution.ts";
import {
  type DesignerPlan,
  type FilePlan,
  type ImportProblem,
  readTemplateFolder,
  type TemplatePlan,
  type Vocabulary,
} from "./manifest.ts";
import {
  findCategory,
  findDesignerId,
  findSlugOwner,
  type ImportedTemplateRow,
  insertImportedTemplate,
  insertQueuedVersion,
  insertTemplateFile,
  insertVersionColour,
  lockTemplateImport,
  replaceTemplateStyles,
  replaceTemplateTags,
  requeueFailedVersion,
  selectImportedTemplates,
  selectTemplateSnapshot,
  selectVocabulary,
  unpublishImportsNotIn,
  updateTemplateFiling,
  upsertDesigner,
  upsertTemplateTranslation,
} from "./repo/import.ts";

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

/** Storage key of a stored source file, by its content. */
export const deckKey = (sha256: string, ext: "pptx" | "key") => `decks/${sha256}.${ext}`;
const imageKey = (sha256: string) => `imports/previews/${sha256}`;

/** The catalogue's names a manifest may use. */
export async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const { tags, styles, colors, designers } = await selectVocabulary(db);
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

type Existing = ImportedTemplateRow;

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
      const taken = await findSlugOwner(ctx.db, locale, t.texts[locale].slug, t.key);
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
    const existing = new Map((await selectImportedTemplates(ctx.db)).map((r) => [r.import_key, r]));
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
    await lockTemplateImport(db);
    // Read under the lock: two saves of one template take turns and number their versions in order.
    const existing = new Map((await selectImportedTemplates(db)).map((r) => [r.import_key, r]));
    for (const d of plan.designers) {
      const row = await upsertDesigner(db, d);
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
      const gone = await unpublishImportsNotIn(db, keys);
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
async function templateSnapshot(db: Executor, templateId: number) {
  const row = await selectTemplateSnapshot(db, templateId);
  if (!row) return null;
  const at = row.publishAt;
  return { ...row, publishAt: at ? new Date(at).toISOString() : null };
}

/** Stores a source file under its content address unless it is there: from memory, or copied from an upload. */
async function putOnce(storage: Storage, key: string, file: FilePlan) {
  if (await storage.exists(key)) return;
  if (file.storageKey !== undefined) await storage.copy(file.storageKey, key);
  else await storage.put(key, file.data);
}

/** One template's rows; a new version (queued) when its files changed. */
async function writeTemplate(
  db: Executor,
  t: TemplatePlan,
  e: Existing | undefined,
  now: Date,
  makeVersion: boolean,
  createdBy: number | null,
): Promise<{ templateId: number; outcome: "created" | "updated" | "unchanged"; versionId: number | null }> {
  const facts = t.variants.length ? factsOf(t) : null;
  const publishAt =
    t.publish === false ? null : t.publish === true ? (e?.publish_at ? new Date(e.publish_at) : now) : t.publish;
  const category = await findCategory(db, t.category);
  const designer = t.designer ? await findDesignerId(db, t.designer) : null;
  let templateId: number;
  let changed = false;
  if (!e) {
    if (!facts) throw new Error(`template ${t.key}: a new template needs a deck`);
    templateId = await insertImportedTemplate(db, {
      importKey: t.key,
      designerId: designer,
      categoryId: category!.id,
      isPremium: t.premium,
      slidesCount: facts.slideCount,
      aspectRatio: facts.aspectRatio,
      headingFont: facts.headingFont ?? "",
      bodyFont: facts.bodyFont ?? "",
      fonts: facts.fonts,
      slideText: facts.slideText,
      formats: formatsOf(),
      publishAt,
    });
    changed = true;
  } else {
    templateId = e.id;
    // Shared fields that are not the version's: category, licence, designer, publication.
    const publishedAt = publishAt === null ? null : e.version_id !== null ? publishAt : null;
    changed = await updateTemplateFiling(db, templateId, {
      categoryId: category!.id,
      isPremium: t.premium,
      designerId: designer,
      publishAt,
      publishedAt,
    });
  }
  for (const locale of ["en", "es"] as const) {
    const x = t.texts[locale];
    if (await upsertTemplateTranslation(db, templateId, locale, x)) changed = true;
  }
  changed = (await replaceTemplateTags(db, templateId, t.tags)) || changed;
  changed = (await replaceTemplateStyles(db, templateId, t.styles)) || changed;

  let versionId: number | null = null;
  if (!makeVersion || !facts) {
    // No new files: the version shown stays.
  } else if (e && e.latest_hash === t.sourceHash && e.failed_id !== null) {
    // The same files after a failed version (LibreOffice installed since, say): that version is tried again.
    await requeueFailedVersion(db, e.failed_id);
    versionId = e.failed_id;
    changed = true;
  } else {
    const id = await insertQueuedVersion(db, {
      templateId,
      number: (e?.latest_number ?? 0) + 1,
      sourceHash: t.sourceHash,
      facts,
      createdAt: now,
      createdBy,
    });
    versionId = id;
    for (const [position, variant] of t.variants.entries()) {
      const color = await insertVersionColour(db, {
        templateId,
        colour: variant.colour,
        position,
        palette: paletteFromTheme(variant.pptx.facts.themeColors),
        versionId: id,
        themeColors: variant.pptx.facts.themeColors,
        googleSlidesUrl: variant.googleSlides,
        previewSources: variant.previews ? variant.previews.map((p) => imageKey(p.sha256)) : null,
      });
      await insertTemplateFile(db, {
        templateColorId: color!.id,
        variant: "paid",
        kind: "pptx",
        storageKey: deckKey(variant.pptx.sha256, "pptx"),
        sizeBytes: variant.pptx.size,
      });
      if (variant.keynote)
        await insertTemplateFile(db, {
          templateColorId: color!.id,
          variant: "paid",
          kind: "key",
          storageKey: deckKey(variant.keynote.sha256, "key"),
          sizeBytes: variant.keynote.size,
        });
    }
    changed = true;
  }
  return { templateId, outcome: !e ? "created" : changed ? "updated" : "unchanged", versionId };
}
