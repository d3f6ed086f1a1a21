/**
 * Drawing a template version's previews (ADR 0021), as a job any process may take: the version is
 * claimed with a conditional update (queued -> rendering), so two processes never draw the same version;
 * a claim older than the conversion's time limit (a process that died) may be taken again. Each colour
 * variant's previews come from the operator's slide images, else from its deck through LibreOffice; the
 * free-licence file (the deck plus the attribution slide) is made once per deck. When every variant is
 * done, one transaction shows the new version in place of the old one and publishes the template when
 * that was asked for. A failure keeps the reason and leaves the template as it was. A fault of the machine
 * rather than the deck (the database or the file storage unreachable, a full disk) fails nothing: the
 * version goes back to the queue and the job is tried again.
 */
import { BRAND, DECK_PREVIEWS, PREVIEW_WIDTHS } from "#config/constants.ts";
import { type Db, isDatabaseUnavailable } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import { isStorageUnavailable } from "#modules/files/faults.ts";
import type { Scope } from "#modules/scope.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import { isImageWorkerBusy } from "#modules/shared/images.ts";
import type { Result } from "#modules/shared/result.ts";
import { appendAttributionSlide } from "#modules/slides/attribution.ts";
import { imagesToPreviews, type PreviewPage, renderDeckPreviews } from "#modules/slides/previews.ts";
import {
  claimVersion,
  failVersion,
  lockTemplateShownVersion,
  markVersionReady,
  releaseVersion,
  selectQueuedVersionIds,
  selectVersionVariants,
  setVersionProgress,
  showVersionColours,
  showVersionOnTemplate,
  upsertFreeDeck,
} from "./repo/render.ts";

export type RenderContext = Pick<Scope, "db" | "storage" | "clock" | "log">;

/**
 * A version's render: drawn ("ready", with the fonts this machine lacks) or "skipped" (another process has
 * it, or it is done already); or failed, its reason (a translation key) as code and what went wrong as
 * detail, both stored on the version.
 */
export type RenderOutcome = Result<{ state: "ready"; ms: number; missingFonts: string[] } | { state: "skipped" }>;

/** Storage key of a slide preview; the same scheme the demo's previews use. */
export const previewKey = (colorId: number, slide: number, width: number) =>
  `previews/v1/${colorId}/${slide}-${width}.webp`;

/** Versions waiting for their previews (the sweep hands them to the queue again). */
export async function queuedVersions(db: Db, now: Date): Promise<number[]> {
  const stale = new Date(now.getTime() - DECK_PREVIEWS.timeoutMs * 2);
  return selectQueuedVersionIds(db, stale);
}

/** Draws one version's previews and shows it; see the module's comment. */
export async function renderTemplateVersion(ctx: RenderContext, versionId: number): Promise<RenderOutcome> {
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - DECK_PREVIEWS.timeoutMs * 2);
  const claimed = await claimVersion(ctx.db, versionId, now, stale);
  if (!claimed) return { ok: true, value: { state: "skipped" } };
  const fail = async (reason: string, detail?: string): Promise<RenderOutcome> => {
    await failVersion(ctx.db, versionId, {
      reason,
      detail: detail?.slice(0, 2000) ?? null,
      finishedAt: ctx.clock.now(),
    });
    ctx.log.warn("template version failed", { versionId, reason, detail });
    return { ok: false, code: reason, detail };
  };
  const started = Date.now();
  const missing = new Set<string>();
  // How far the previews are, for the operator's progress bar: each variant is an equal share, its
  // drawing most of it.
  const progress = async (done: number) => {
    await setVersionProgress(ctx.db, versionId, Math.min(99, Math.round(done * 100)));
  };
  try {
    const variants = await selectVersionVariants(ctx.db, versionId);
    if (!variants.length) return fail("slides.errors.conversionFailed", "the version has no decks");
    for (const [i, v] of variants.entries()) {
      await progress((i + 0.05) / variants.length);
      const deck = await ctx.storage.get(v.storageKey);
      if (!deck) return fail("slides.errors.conversionFailed", `${v.storageKey} is not in the file storage`);
      let pages: PreviewPage[];
      if (v.previewSources?.length) {
        const files: { name: string; data: Buffer }[] = [];
        for (const [i, key] of v.previewSources.entries()) {
          const data = await ctx.storage.get(key);
          if (!data) return fail("slides.errors.conversionFailed", `${key} is not in the file storage`);
          files.push({ name: String(i + 1).padStart(4, "0"), data });
        }
        const r = await imagesToPreviews(files, PREVIEW_WIDTHS);
        if (!r.ok) return fail(r.code, r.detail);
        pages = r.value.pages;
      } else {
        const r = await renderDeckPreviews({ deck, widths: PREVIEW_WIDTHS, log: ctx.log });
        if (!r.ok) return fail(r.code, r.detail);
        for (const f of r.value.missingFonts) missing.add(f);
        pages = r.value.pages;
      }
      await progress((i + 0.7) / variants.length);
      for (const p of pages) await ctx.storage.put(previewKey(v.id, p.slide, p.width), p.webp);
      // The free licence's file: the deck and one attribution slide, made once per deck.
      const freeKey = v.storageKey.replace(/\.pptx$/, "-free.pptx");
      let size: number;
      const existing = await ctx.storage.get(freeKey);
      if (existing) size = existing.length;
      else {
        const free = await appendAttributionSlide(deck, { brandName: BRAND.name });
        await ctx.storage.put(freeKey, free);
        size = free.length;
      }
      await upsertFreeDeck(ctx.db, { templateColorId: v.id, storageKey: freeKey, sizeBytes: size });
      await progress((i + 1) / variants.length);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error) || isStorageUnavailable(error) || isImageWorkerBusy(error)) {
      // Not the deck's fault: back to the queue (when the database answers), and the job is tried again.
      await releaseVersion(ctx.db, versionId).catch(() => {});
      ctx.log.warn("template version put back", { versionId, error: (error as Error).message });
      throw error;
    }
    return fail("slides.errors.conversionFailed", (error as Error).message);
  }
  const facts = claimed.facts;
  const shown = await ctx.db.transaction(async (db) => {
    const t = await lockTemplateShownVersion(db, claimed.template_id);
    const mine = await markVersionReady(db, versionId, ctx.clock.now(), [...missing].sort());
    if (!mine) return false;
    // A newer version shown already (rendered first) stays; this one is ready but not shown.
    if (t!.number !== null && t!.number > mine.number) return false;
    await showVersionColours(db, claimed.template_id, versionId);
    await showVersionOnTemplate(db, claimed.template_id, versionId, facts);
    await bumpCatalogVersion({ db });
    return true;
  });
  if (shown) await refreshSearchIndex(ctx.db, { templateIds: [claimed.template_id], now: ctx.clock.now() });
  const ms = Date.now() - started;
  ctx.log.info("template version ready", { versionId, ms, shown, missingFonts: [...missing] });
  return { ok: true, value: { state: "ready", ms, missingFonts: [...missing] } };
}
