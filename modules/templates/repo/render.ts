import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { template, templateColor, templateFile, templateVersion, type VersionFacts } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { textArray } from "./import.ts";

/**
 * The render job's queries (render.ts): a version is claimed with a conditional update (queued ->
 * rendering, or a claim older than `stale`), and shown in one transaction that locks its template.
 */

/** Queued versions, and claims older than `stale` (a process that died), oldest first. */
export async function selectQueuedVersionIds(db: Executor, stale: Date): Promise<number[]> {
  const rows = await db
    .select({ id: templateVersion.id })
    .from(templateVersion)
    .where(
      or(
        eq(templateVersion.state, "queued"),
        and(eq(templateVersion.state, "rendering"), lt(templateVersion.startedAt, stale)),
      ),
    )
    .orderBy(asc(templateVersion.id))
    .limit(100);
  return rows.map((r) => r.id);
}

export type ClaimedVersionRow = { template_id: number; facts: VersionFacts };

/** Takes a version to draw (queued, or a claim older than `stale`); nothing when another process has it. */
export async function claimVersion(
  db: Executor,
  versionId: number,
  now: Date,
  stale: Date,
): Promise<ClaimedVersionRow | undefined> {
  const [row] = await queryRows<ClaimedVersionRow>(
    db,
    sql`update template_version set state = 'rendering', started_at = ${now}, reason = null, detail = null, progress = 0
        where id = ${versionId} and (state = 'queued' or (state = 'rendering' and started_at < ${stale}))
        returning template_id, facts`,
  );
  return row;
}

/** A version being drawn failed, with why. */
export async function failVersion(
  db: Executor,
  versionId: number,
  f: { reason: string; detail: string | null; finishedAt: Date },
): Promise<void> {
  await db
    .update(templateVersion)
    .set({ state: "failed", reason: f.reason, detail: f.detail, finishedAt: f.finishedAt })
    .where(and(eq(templateVersion.id, versionId), eq(templateVersion.state, "rendering")));
}

/**
 * Gives a claimed version back to the queue (a fault of the machine or the database met while drawing it):
 * the next try claims it at once instead of waiting for the claim to go stale.
 */
export async function releaseVersion(db: Executor, versionId: number): Promise<void> {
  await db
    .update(templateVersion)
    .set({ state: "queued", progress: 0 })
    .where(and(eq(templateVersion.id, versionId), eq(templateVersion.state, "rendering")));
}

/** How far a version being drawn is, 0-99. */
export async function setVersionProgress(db: Executor, versionId: number, progress: number): Promise<void> {
  await db
    .update(templateVersion)
    .set({ progress })
    .where(and(eq(templateVersion.id, versionId), eq(templateVersion.state, "rendering")));
}

export type VersionVariantRow = { id: number; previewSources: string[] | null; storageKey: string };

/** A version's colour variants in order, each with its paid deck. */
export function selectVersionVariants(db: Executor, versionId: number): Promise<VersionVariantRow[]> {
  return db
    .select({ id: templateColor.id, previewSources: templateColor.previewSources, storageKey: templateFile.storageKey })
    .from(templateColor)
    .innerJoin(
      templateFile,
      and(
        eq(templateFile.templateColorId, templateColor.id),
        eq(templateFile.variant, "paid"),
        eq(templateFile.kind, "pptx"),
      ),
    )
    .where(eq(templateColor.versionId, versionId))
    .orderBy(asc(templateColor.position));
}

/** A variant's free-licence deck, made or replaced. */
export async function upsertFreeDeck(
  db: Executor,
  f: { templateColorId: number; storageKey: string; sizeBytes: number },
): Promise<void> {
  await db.execute(
    sql`insert into template_file (template_color_id, variant, kind, storage_key, size_bytes)
        values (${f.templateColorId}, 'free', 'pptx', ${f.storageKey}, ${f.sizeBytes})
        on conflict (template_color_id, variant, kind) do update set storage_key = excluded.storage_key, size_bytes = excluded.size_bytes`,
  );
}

/** The version a template shows (null: none yet) and its number. */
export type ShownVersionRow = { version_id: number | null; number: number | null };

/** The template's shown version and its number, the template locked until the transaction ends. */
export async function lockTemplateShownVersion(db: Executor, templateId: number): Promise<ShownVersionRow | undefined> {
  const [row] = await queryRows<ShownVersionRow>(
    db,
    sql`select t.version_id, (select number from template_version where id = t.version_id) as number
        from template t where t.id = ${templateId} for update`,
  );
  return row;
}

/** A version being drawn is ready, with the fonts the machine lacked; answers its number (none: not ours). */
export async function markVersionReady(
  db: Executor,
  versionId: number,
  finishedAt: Date,
  missingFonts: string[],
): Promise<Pick<typeof templateVersion.$inferSelect, "number"> | undefined> {
  const [row] = await queryRows<Pick<typeof templateVersion.$inferSelect, "number">>(
    db,
    sql`update template_version set state = 'ready', progress = 100, finished_at = ${finishedAt},
          missing_fonts = ${textArray(missingFonts)}
        where id = ${versionId} and state = 'rendering' returning number`,
  );
  return row;
}

/** Shows a version's variants in place of the template's others. */
export async function showVersionColours(db: Executor, templateId: number, versionId: number): Promise<void> {
  await db
    .update(templateColor)
    .set({ active: false })
    .where(and(eq(templateColor.templateId, templateId), eq(templateColor.active, true)));
  await db.update(templateColor).set({ active: true }).where(eq(templateColor.versionId, versionId));
}

/** Shows a version: its facts on the template, which is public from its publication date. */
export async function showVersionOnTemplate(
  db: Executor,
  templateId: number,
  versionId: number,
  facts: VersionFacts,
): Promise<void> {
  await db
    .update(template)
    .set({
      versionId,
      slidesCount: facts.slideCount,
      aspectRatio: facts.aspectRatio,
      headingFont: facts.headingFont ?? "",
      bodyFont: facts.bodyFont ?? "",
      fonts: facts.fonts,
      slideText: facts.slideText,
      publishedAt: sql`publish_at`,
      updatedAt: sql`now()`,
    })
    .where(eq(template.id, templateId));
}
