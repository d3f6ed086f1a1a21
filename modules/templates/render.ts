/**
 * Drawing a template version's previews (ADR 0021), as a job any process may take: the version is
 * claimed with a conditional update (queued -> rendering), so two processes never draw the same version;
 * a claim older than the conversion's time limit (a process that died) may be taken again. Each colour
 * variant's previews come from the operator's slide images, else from its deck through LibreOffice; the
 * free-licence file (the deck plus the attribution slide) is made once per deck. When every variant is
 * done, one transaction shows the new version in place of the old one and publishes the template when
 * that was asked for. A failure keeps the reason and leaves the template as it was.
 */
import { sql } from "drizzle-orm";
import { BRAND, DECK_PREVIEWS, PREVIEW_WIDTHS } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import type { VersionFacts } from "#db/schema/catalog.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import type { Scope } from "#modules/scope.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { appendAttributionSlide } from "#modules/slides/attribution.ts";
import { imagesToPreviews, type PreviewPage, renderDeckPreviews } from "#modules/slides/previews.ts";

export type RenderContext = Pick<Scope, "db" | "storage" | "clock" | "log">;

export type RenderOutcome =
  | { state: "ready"; ms: number; missingFonts: string[] }
  | { state: "failed"; reason: string; detail?: string }
  /** Another process has it, or it is done already. */
  | { state: "skipped" };

type VariantRow = { id: number; preview_sources: string[] | null; storage_key: string };

/** Storage key of a slide preview; the same scheme the demo's previews use. */
export const previewKey = (colorId: number, slide: number, width: number) =>
  `previews/v1/${colorId}/${slide}-${width}.webp`;

/** Versions waiting for their previews (the sweep hands them to the queue again). */
export async function queuedVersions(db: Db, now: Date): Promise<number[]> {
  const stale = new Date(now.getTime() - DECK_PREVIEWS.timeoutMs * 2);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from template_version where state = 'queued' or (state = 'rendering' and started_at < ${stale}) order by id limit 100`,
  );
  return rows.map((r) => r.id);
}

/** Draws one version's previews and shows it; see the module's comment. */
export async function renderTemplateVersion(ctx: RenderContext, versionId: number): Promise<RenderOutcome> {
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - DECK_PREVIEWS.timeoutMs * 2);
  const [claimed] = await queryRows<{ template_id: number; facts: VersionFacts }>(
    ctx.db,
    sql`update template_version set state = 'rendering', started_at = ${now}, reason = null, detail = null, progress = 0
        where id = ${versionId} and (state = 'queued' or (state = 'rendering' and started_at < ${stale}))
        returning template_id, facts`,
  );
  if (!claimed) return { state: "skipped" };
  const fail = async (reason: string, detail?: string): Promise<RenderOutcome> => {
    await ctx.db.execute(
      sql`update template_version set state = 'failed', reason = ${reason}, detail = ${detail?.slice(0, 2000) ?? null},
            finished_at = ${ctx.clock.now()} where id = ${versionId} and state = 'rendering'`,
    );
    ctx.log.warn("template version failed", { versionId, reason, detail });
    return { state: "failed", reason, detail };
  };
  const started = Date.now();
  const variants = await queryRows<VariantRow>(
    ctx.db,
    sql`select tc.id, tc.preview_sources, f.storage_key from template_color tc
        join template_file f on f.template_color_id = tc.id and f.variant = 'paid' and f.kind = 'pptx'
        where tc.version_id = ${versionId} order by tc.position`,
  );
  if (!variants.length) return fail("slides.errors.conversionFailed", "the version has no decks");
  const missing = new Set<string>();
  // How far the previews are, for the operator's progress bar: each variant is an equal share, its
  // drawing most of it.
  const progress = async (done: number) => {
    await ctx.db.execute(
      sql`update template_version set progress = ${Math.min(99, Math.round(done * 100))}
          where id = ${versionId} and state = 'rendering'`,
    );
  };
  try {
    for (const [i, v] of variants.entries()) {
      await progress((i + 0.05) / variants.length);
      const deck = await ctx.storage.get(v.storage_key);
      if (!deck) return fail("slides.errors.conversionFailed", `${v.storage_key} is not in the file storage`);
      let pages: PreviewPage[];
      if (v.preview_sources?.length) {
        const files: { name: string; data: Buffer }[] = [];
        for (const [i, key] of v.preview_sources.entries()) {
          const data = await ctx.storage.get(key);
          if (!data) return fail("slides.errors.conversionFailed", `${key} is not in the file storage`);
          files.push({ name: String(i + 1).padStart(4, "0"), data });
        }
        const r = await imagesToPreviews(files, PREVIEW_WIDTHS);
        if (!r.ok) return fail(r.code, r.detail);
        pages = r.pages;
      } else {
        const r = await renderDeckPreviews({ deck, widths: PREVIEW_WIDTHS, log: ctx.log });
        if (!r.ok) return fail(r.code, r.detail);
        for (const f of r.missingFonts) missing.add(f);
        pages = r.pages;
      }
      await progress((i + 0.7) / variants.length);
      for (const p of pages) await ctx.storage.put(previewKey(v.id, p.slide, p.width), p.webp);
      // The free licence's file: the deck and one attribution slide, made once per deck.
      const freeKey = v.storage_key.replace(/\.pptx$/, "-free.pptx");
      let size: number;
      const existing = await ctx.storage.get(freeKey);
      if (existing) size = existing.length;
      else {
        const free = await appendAttributionSlide(deck, { brandName: BRAND.name });
        await ctx.storage.put(freeKey, free);
        size = free.length;
      }
      await ctx.db.execute(
        sql`insert into template_file (template_color_id, variant, kind, storage_key, size_bytes)
            values (${v.id}, 'free', 'pptx', ${freeKey}, ${size})
            on conflict (template_color_id, variant, kind) do update set storage_key = excluded.storage_key, size_bytes = excluded.size_bytes`,
      );
      await progress((i + 1) / variants.length);
    }
  } catch (error) {
    return fail("slides.errors.conversionFailed", (error as Error).message);
  }
  const facts = claimed.facts;
  const shown = await ctx.db.transaction(async (db) => {
    const [t] = await queryRows<{ version_id: number | null; number: number | null }>(
      db,
      sql`select t.version_id, (select number from template_version where id = t.version_id) as number
          from template t where t.id = ${claimed.template_id} for update`,
    );
    const [mine] = await queryRows<{ number: number }>(
      db,
      sql`update template_version set state = 'ready', progress = 100, finished_at = ${ctx.clock.now()},
            missing_fonts = ${
              missing.size
                ? sql`array[${sql.join(
                    [...missing].sort().map((f) => sql`${f}`),
                    sql`, `,
                  )}]::text[]`
                : sql`array[]::text[]`
            }
          where id = ${versionId} and state = 'rendering' returning number`,
    );
    if (!mine) return false;
    // A newer version shown already (rendered first) stays; this one is ready but not shown.
    if (t.number !== null && t.number > mine.number) return false;
    await db.execute(
      sql`update template_color set active = false where template_id = ${claimed.template_id} and active`,
    );
    await db.execute(sql`update template_color set active = true where version_id = ${versionId}`);
    await db.execute(
      sql`update template set version_id = ${versionId}, slides_count = ${facts.slideCount}, aspect_ratio = ${facts.aspectRatio},
            heading_font = ${facts.headingFont ?? ""}, body_font = ${facts.bodyFont ?? ""},
            fonts = ${
              facts.fonts.length
                ? sql`array[${sql.join(
                    facts.fonts.map((f) => sql`${f}`),
                    sql`, `,
                  )}]::text[]`
                : sql`array[]::text[]`
            },
            slide_text = ${facts.slideText}, published_at = publish_at, updated_at = now()
          where id = ${claimed.template_id}`,
    );
    await bumpCatalogVersion({ db });
    return true;
  });
  if (shown) await refreshSearchIndex(ctx.db, { templateIds: [claimed.template_id], now: ctx.clock.now() });
  const ms = Date.now() - started;
  ctx.log.info("template version ready", { versionId, ms, shown, missingFonts: [...missing] });
  return { state: "ready", ms, missingFonts: [...missing] };
}
