import { BRAND, PREVIEW_WIDTHS } from "#config/constants.ts";
import type { Scope } from "#modules/scope.ts";
import { images, isImageWorkerError } from "#modules/shared/images.ts";
import type { Result } from "#modules/shared/result.ts";
import { buildPptx } from "#modules/slides/build-pptx.ts";
import { renderSlideSvg } from "#modules/slides/render-svg.ts";
import { findPptx, findVariant, type StoredFileRow, upsertPptx, variantPublishedAt } from "./repo.ts";

export type FileContext = Pick<Scope, "db" | "storage" | "log" | "inflight">;

export type LicenseVariant = "free" | "paid";

/**
 * When each colour variant's template is published, remembered for a minute per process (previews are
 * the most frequent request; a template published or withdrawn shows within the minute).
 */
const publication = new Map<number, { at: Date | null; checked: number }>();
async function isPublished(fctx: FileContext, templateColorId: number, now: Date): Promise<boolean> {
  let known = publication.get(templateColorId);
  if (!known || Date.now() - known.checked > 60_000) {
    const at = await variantPublishedAt(fctx.db, templateColorId);
    if (publication.size > 50_000) publication.clear();
    known = { at: at ? new Date(at) : null, checked: Date.now() };
    publication.set(templateColorId, known);
  }
  return known.at !== null && known.at.getTime() <= now.getTime();
}

function once<T>(fctx: FileContext, key: string, work: () => Promise<T>): Promise<T> {
  const running = fctx.inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const p = work().finally(() => fctx.inflight.delete(key));
  fctx.inflight.set(key, p);
  return p;
}

export type StoredFile = { storageKey: string; sizeBytes: number };

/**
 * Why a file cannot be served: no such colour variant, no file and nothing to make it from, or a file that
 * is not a valid deck. Each is the translation key of what the download says.
 */
export const FILE_PROBLEMS = {
  unknown: "downloads.errors.unknown",
  missing: "downloads.errors.notAvailable",
  broken: "downloads.errors.broken",
} as const;
export type FileProblem = (typeof FILE_PROBLEMS)[keyof typeof FILE_PROBLEMS];
export type FileOutcome = Result<StoredFile, FileProblem>;

/**
 * A generated file by its storage key. One missing here (granted by a process with other storage) is made
 * again from the template's design, so a signed address works whichever process answers it.
 */
export async function readTemplateFile(fctx: FileContext, storageKey: string): Promise<Buffer | null> {
  const stored = await fctx.storage.get(storageKey).catch(() => null);
  if (stored) return stored;
  const m = /^templates\/\d+\/(\d+)-(free|paid)\.pptx$/.exec(storageKey);
  if (!m) return null;
  const made = await ensureTemplateFile(fctx, Number(m[1]), m[2] as LicenseVariant);
  return made.ok ? fctx.storage.get(made.value.storageKey).catch(() => null) : null;
}

/**
 * The .pptx of a colour variant in a licence variant: "free" ends with the attribution slide, "paid" does not.
 * Made from the template's design on first request, then stored; a stored file must still be there at the length
 * it was stored with (a truncated or replaced file is refused as broken). `stored` is the file's row where the
 * caller read it already (null: none yet).
 */
export async function ensureTemplateFile(
  fctx: FileContext,
  templateColorId: number,
  variant: LicenseVariant,
  stored?: StoredFileRow | null,
): Promise<FileOutcome> {
  // The stored file's row first (or as the caller read it: null for none): the variant and its design (the
  // whole deck's description) are read only to make one.
  const known = stored === undefined ? await findPptx(fctx.db, templateColorId, variant) : stored;
  if (known) {
    // Its content was checked when it was stored (made here, or a designer's deck read on upload or import):
    // here it must still be there at that length. A size, not a read: a grant is asked often, and reading the
    // whole deck (a GET of it on S3) held each grant behind the file's reads.
    const size = await fctx.storage.size(known.storageKey).catch(() => null);
    if (size !== null) {
      if (size !== known.sizeBytes) {
        fctx.log.error("stored file is not the deck that was stored", {
          storageKey: known.storageKey,
          expectedBytes: known.sizeBytes,
          sizeBytes: size,
        });
        return { ok: false, code: FILE_PROBLEMS.broken };
      }
      return { ok: true, value: { storageKey: known.storageKey, sizeBytes: size } };
    }
  }
  const v = await findVariant(fctx.db, templateColorId);
  if (!v) return { ok: false, code: FILE_PROBLEMS.unknown };
  const design = v.design;
  if (!design?.slides?.length) return { ok: false, code: FILE_PROBLEMS.missing };
  return once(fctx, `pptx:${templateColorId}:${variant}`, async (): Promise<FileOutcome> => {
    const started = Date.now();
    let body: Buffer;
    try {
      body = await buildPptx({
        design,
        palette: v.palette,
        format: { aspectRatio: v.aspect_ratio, headingFont: v.heading_font, bodyFont: v.body_font },
        title: v.title,
        attribution: variant === "free",
        brandName: BRAND.name,
      });
    } catch (error) {
      fctx.log.error("deck could not be made", { templateColorId, variant, error });
      return { ok: false, code: FILE_PROBLEMS.broken };
    }
    const storageKey = `templates/${v.template_id}/${templateColorId}-${variant}.pptx`;
    await fctx.storage.put(storageKey, body);
    await upsertPptx(fctx.db, { templateColorId, variant, storageKey, sizeBytes: body.length });
    fctx.log.info("file generated", { storageKey, bytes: body.length, ms: Date.now() - started });
    return { ok: true, value: { storageKey, sizeBytes: body.length } };
  });
}

/** Size of the paid .pptx of the first colour variant, making it if needed. */
export async function ensureFileSize(
  fctx: FileContext,
  template: { colors: { id: number }[] },
): Promise<number | null> {
  const first = template.colors[0];
  if (!first) return null;
  const outcome = await ensureTemplateFile(fctx, first.id, "paid");
  return outcome.ok ? outcome.value.sizeBytes : null;
}

export function isPreviewWidth(w: number): boolean {
  return (PREVIEW_WIDTHS as readonly number[]).includes(w);
}

/**
 * A slide preview as WebP at one of the preview widths; drawn from the same design as the file, then
 * stored. "limited" when the client may not have one drawn now, "unavailable" when the image worker
 * could not draw it (it died with the job, or too many wait): both worth asking again shortly.
 */
export async function getPreview(
  fctx: FileContext,
  templateColorId: number,
  slide: number,
  width: number,
  opts: {
    now: Date;
    /** Asked before a missing preview is rendered (the costly part): false refuses it for now. */
    allowRender?: () => Promise<boolean>;
  },
): Promise<Buffer | null | "limited" | "unavailable"> {
  if (!isPreviewWidth(width) || !Number.isInteger(slide) || slide < 1) return null;
  // A template not yet published shows nothing, rendered before or not.
  if (!(await isPublished(fctx, templateColorId, opts.now))) return null;
  const key = `previews/v1/${templateColorId}/${slide}-${width}.webp`;
  const cached = await fctx.storage.get(key);
  if (cached) return cached;
  if (opts.allowRender && !fctx.inflight.has(key) && !(await opts.allowRender())) return "limited";
  const drawn = once(fctx, key, async () => {
    const v = await findVariant(fctx.db, templateColorId);
    const spec = v?.design?.slides[slide - 1];
    if (!v || !spec) return null;
    const svg = renderSlideSvg(spec, v.palette, {
      aspectRatio: v.aspect_ratio,
      headingFont: v.heading_font,
      bodyFont: v.body_font,
    });
    // Drawn by the image worker (a fault in libvips ends it, not this process).
    const { data: body } = await images().encode({ input: Buffer.from(svg) }, [
      { op: "resize", options: { width } },
      { op: "webp", options: { quality: 78, effort: 3 } },
    ]);
    await fctx.storage.put(key, body);
    return body;
  });
  return drawn.catch((error: unknown) => {
    if (!isImageWorkerError(error)) throw error;
    fctx.log.warn("preview not drawn", { key, error: error.message });
    return "unavailable" as const;
  });
}
