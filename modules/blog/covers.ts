/**
 * The blog's images. A cover is drawn like a template preview (the title slide of the demo designs,
 * with the article's title and category, in a palette picked from the post's key) or made from an image
 * the operator gives; either way it is stored as WebP at each BLOG.coverWidths width (16:9). Images of
 * an article's body are re-encoded to WebP. Every stored name is a hash of what made it, so a file that
 * exists is never made again, and a changed input gets a new name (and can be cached for a year).
 */
import { createHash } from "node:crypto";
import { BLOG, BRAND } from "#config/constants.ts";
import { buildPalette, HARMONIES, modesFor } from "#modules/catalog/demo/palettes.ts";
import { COLORS } from "#modules/catalog/demo/taxonomy.ts";
import type { Storage } from "#modules/files/storage.ts";
import { type ImageSource, type ImageStep, images } from "#modules/shared/images.ts";
import { DECORS, type Palette, type TitleSlide } from "#modules/slides/design.ts";
import { CANVAS_WIDTH } from "#modules/slides/layout.ts";
import { renderSlideSvg } from "#modules/slides/render-svg.ts";
import { bodyImageKey, type CoverWidth, coverKey, coverPrefix } from "./files.ts";

/** Changes when covers would be drawn or encoded differently: every cover gets a new name. */
export const COVER_VERSION = 1;
/** Changes when body images would be encoded differently. */
export const IMAGE_VERSION = 1;

/** Image types the import reads (told by the decoder, not by the file's name). */
const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "svg"]);
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP = { quality: 80, effort: 3 } as const;
const FORMAT = { aspectRatio: "16:9", headingFont: "Inter", bodyFont: "Inter" } as const;

export type DrawnCover = { postKey: string; title: string; category: string };
export type CoverSource = { kind: "drawn"; cover: DrawnCover } | { kind: "image"; bytes: Uint8Array };

export type StoredImage = { key: string; width: number; height: number };

/** Hex sha256 of the parts, each length-prefixed (so no two lists of parts hash alike), first `size` characters. */
export function hashOf(parts: (string | Uint8Array)[], size = 32): string {
  const h = createHash("sha256");
  for (const part of parts) {
    const bytes = typeof part === "string" ? Buffer.from(part, "utf8") : part;
    h.update(`${bytes.length}:`);
    h.update(bytes);
  }
  return h.digest("hex").slice(0, size);
}

/** The cover's storage prefix: a hash of everything the cover is made from. */
export function coverHash(source: CoverSource): string {
  return source.kind === "drawn"
    ? hashOf([`cover-v${COVER_VERSION}`, "drawn", source.cover.postKey, source.cover.title, source.cover.category])
    : hashOf([`cover-v${COVER_VERSION}`, "image", source.bytes]);
}

/** The look of a post's covers, the same for all its translations: palette and decor, picked from its key. */
export function coverLook(postKey: string): { palette: Palette; decor: (typeof DECORS)[number] } {
  const b = createHash("sha256").update(`blog-cover:${postKey}`).digest();
  const color = COLORS[b[0] % COLORS.length].slug;
  const modes = modesFor(color);
  const mode = modes[b[1] % modes.length];
  const harmony = HARMONIES[b[2] % HARMONIES.length];
  const jitter = (b[3] / 255) * 2 - 1;
  return { palette: buildPalette(color, mode, harmony, jitter), decor: DECORS[b[4] % DECORS.length] };
}

/** A drawn cover as SVG (1600 x 900): the title slide of the template designs. */
export function coverSvg(cover: DrawnCover): string {
  const { palette, decor } = coverLook(cover.postKey);
  const slide: TitleSlide = {
    layout: "title",
    decor,
    kicker: cover.category,
    title: cover.title,
    subtitle: "",
    presenter: `${BRAND.name} blog`,
    date: "",
  };
  return renderSlideSvg(slide, palette, FORMAT);
}

const heightOf = (width: number) => Math.round(width * BLOG.coverHeightRatio);
const widest = () => Math.max(...BLOG.coverWidths) as CoverWidth;

/** The first step for an image the import reads: turned upright (EXIF orientation). */
const UPRIGHT: ImageStep = { op: "rotate" };

/**
 * How to open an image the import reads (decoded in the image worker); throws a readable message for
 * anything that is not one of the accepted types.
 */
async function openImage(bytes: Uint8Array, minWidth = 0): Promise<ImageSource> {
  if (bytes.length > BLOG.maxImageBytes) throw new Error(`image is larger than ${BLOG.maxImageBytes} bytes`);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let format: string | undefined;
  let width = 0;
  try {
    const meta = await images().metadata({ input: bytes, options });
    format = meta.format;
    width = meta.width ?? 0;
  } catch {
    throw new Error("not a readable image (JPEG, PNG, WebP, GIF or SVG)");
  }
  if (!format || !IMAGE_FORMATS.has(format))
    throw new Error(`image type ${format ?? "unknown"} is not accepted (JPEG, PNG, WebP, GIF or SVG)`);
  // A small SVG is drawn at a density that gives enough pixels, not enlarged afterwards.
  const density =
    format === "svg" && width > 0 && width < minWidth ? Math.min(600, Math.ceil((72 * minWidth) / width)) : undefined;
  return { input: bytes, options: { ...options, animated: false, ...(density ? { density } : {}) } };
}

/** Checks that bytes are an image the import accepts, without encoding it. Throws with the reason. */
export async function checkImage(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await images().metadata(await openImage(bytes));
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
}

/** The cover at every width, from its source (16:9; an operator's image is cropped where its interest is). */
export async function renderCover(source: CoverSource): Promise<Map<CoverWidth, Buffer>> {
  const top = widest();
  // Drawn once at the widest size (the SVG straight at that density), kept as pixels, then encoded per width.
  const { source: input, steps } =
    source.kind === "drawn"
      ? {
          source: { input: Buffer.from(coverSvg(source.cover)), options: { density: (72 * top) / CANVAS_WIDTH } },
          steps: [{ op: "resize", options: { width: top, height: heightOf(top) } }] satisfies ImageStep[],
        }
      : {
          source: await openImage(source.bytes, top),
          steps: [
            UPRIGHT,
            { op: "resize", options: { width: top, height: heightOf(top), fit: "cover", position: "attention" } },
          ] satisfies ImageStep[],
        };
  const made = await images().variants(
    input,
    steps,
    BLOG.coverWidths.map((width) => [
      { op: "resize", options: { width, height: heightOf(width) } },
      { op: "webp", options: WEBP },
    ]),
  );
  return new Map(BLOG.coverWidths.map((width, i) => [width, made[i].data]));
}

/**
 * Makes and stores a cover unless storage holds it already; answers its prefix (the `cover_key` of a
 * translation). With `dryRun` nothing is drawn or stored: only the prefix is worked out.
 */
export async function ensureCover(
  storage: Storage,
  source: CoverSource,
  opts: { dryRun?: boolean } = {},
): Promise<{ prefix: string; created: boolean }> {
  const prefix = coverPrefix(coverHash(source));
  if (opts.dryRun) return { prefix, created: false };
  const present = await Promise.all(BLOG.coverWidths.map((w) => storage.exists(coverKey(prefix, w))));
  if (present.every(Boolean)) return { prefix, created: false };
  const files = await renderCover(source);
  for (const [width, body] of files) await storage.put(coverKey(prefix, width), body);
  return { prefix, created: true };
}

/**
 * An image of an article's body, stored as WebP at most BLOG.maxImageWidth wide under a name made from
 * its bytes; a stored one is not encoded again. Answers its key and size. With `dryRun` nothing is stored.
 */
export async function ensureBodyImage(
  storage: Storage,
  bytes: Uint8Array,
  opts: { dryRun?: boolean } = {},
): Promise<StoredImage> {
  const key = bodyImageKey(hashOf([`image-v${IMAGE_VERSION}`, bytes]));
  if (opts.dryRun) {
    const { width, height } = await checkImage(bytes);
    const scale = Math.min(1, BLOG.maxImageWidth / Math.max(1, width));
    return { key, width: Math.round(width * scale), height: Math.round(height * scale) };
  }
  const stored = await storage.get(key);
  if (stored) {
    const meta = await images().metadata({ input: stored });
    return { key, width: meta.width ?? 0, height: meta.height ?? 0 };
  }
  // An SVG is drawn at its own size (its width and height say how large it is meant to be shown).
  const { data, info } = await images().encode(await openImage(bytes), [
    UPRIGHT,
    { op: "resize", options: { width: BLOG.maxImageWidth, withoutEnlargement: true } },
    { op: "webp", options: WEBP },
  ]);
  await storage.put(key, data);
  return { key, width: info.width, height: info.height };
}
