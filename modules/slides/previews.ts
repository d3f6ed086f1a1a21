/**
 * The preview maker (ADR 0019): a real deck's slides as WebP at the gallery's and the cards' widths.
 * LibreOffice headless converts the deck to PDF (a fresh profile folder per conversion, the project's
 * fonts, killed with its whole process group past the time limit), poppler's `pdftoppm` draws each
 * page at the largest width, and sharp makes the WebP at every width. Operator-supplied slide images
 * take the same last step. Conversions run `PREVIEW_CONCURRENCY` at a time per process (default 1).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { DECK_PREVIEWS } from "#config/constants.ts";
import { getEnv } from "#config/env.server.ts";
import type { Logger } from "#modules/shared/context.ts";
import { images, isImageWorkerBusy } from "#modules/shared/images.ts";
import type { Result } from "#modules/shared/result.ts";
import { fontconfigEnv, missingFonts } from "./fonts.ts";

/** Expected failures; each code is the translation key of its message (modules/shared/locales/<lang>/slides.json). */
export const PREVIEW_ERRORS = {
  converterMissing: "slides.errors.converterMissing",
  conversionTimeout: "slides.errors.conversionTimeout",
  conversionFailed: "slides.errors.conversionFailed",
  imageType: "slides.errors.imageType",
  imageTooLarge: "slides.errors.imageTooLarge",
  noImages: "slides.errors.noImages",
} as const;

export type PreviewPage = { slide: number; width: number; webp: Buffer };

/** A deck's preview pages and the fonts it names that this machine lacks, or the converter's refusal (its output as `detail`). */
export type DeckPreviewsResult = Result<
  { pages: PreviewPage[]; missingFonts: string[]; ms: number },
  | typeof PREVIEW_ERRORS.converterMissing
  | typeof PREVIEW_ERRORS.conversionTimeout
  | typeof PREVIEW_ERRORS.conversionFailed
>;

/** Preview pages from images, or the refusal with the file refused as `detail`. */
export type ImagePreviewsResult = Result<
  { pages: PreviewPage[]; ms: number },
  typeof PREVIEW_ERRORS.imageType | typeof PREVIEW_ERRORS.imageTooLarge | typeof PREVIEW_ERRORS.noImages
>;

/** The path of a command on PATH, or null. */
function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Whether this machine can draw previews from decks: LibreOffice (`soffice`) and poppler's `pdftoppm`. */
export function hasLibreOffice(): boolean {
  return onPath("soffice") !== null && onPath("pdftoppm") !== null;
}

/** The process's conversion slots (PREVIEW_CONCURRENCY). */
let running = 0;
const waiting: (() => void)[] = [];
function concurrency(): number {
  try {
    return getEnv().PREVIEW_CONCURRENCY;
  } catch {
    return DECK_PREVIEWS.concurrency;
  }
}
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= concurrency()) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Kills a detached child's whole process group (soffice forks soffice.bin); quiet when it is gone. */
function killGroup(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

type Run = { code: number | null; signal: NodeJS.Signals | null; timedOut: boolean; output: string };

/**
 * Runs a command in its own process group with a time limit; past it, or once it exits, whatever is
 * left of the group is killed. Keeps the last 4 KB of its output for the error detail.
 */
function runGrouped(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  return new Promise<Run>((resolve) => {
    let output = "";
    const keep = (d: Buffer) => {
      output = (output + d.toString()).slice(-4096);
    };
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, opts.timeoutMs);
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      // A child it forked may outlive it (and hold the pipes): the group goes with it.
      killGroup(child.pid);
      resolve({ code, signal, timedOut, output: output.trim() });
    };
    child.once("error", (error) => {
      output = error.message;
      done(null, null);
    });
    child.once("exit", done);
  });
}

/** Reads the deck's ZIP central directory and inflates the parts whose names match (bounded in size). */
function zipParts(deck: Buffer, wanted: RegExp, maxBytes = 32 * 1024 * 1024): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  let eocd = -1;
  for (let i = deck.length - 22; i >= Math.max(0, deck.length - 65_557); i--) {
    if (deck.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return parts;
  const entries = deck.readUInt16LE(eocd + 10);
  let p = deck.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries && p + 46 <= deck.length; n++) {
    if (deck.readUInt32LE(p) !== 0x02014b50) break;
    const method = deck.readUInt16LE(p + 10);
    const compressed = deck.readUInt32LE(p + 20);
    const nameLen = deck.readUInt16LE(p + 28);
    const extraLen = deck.readUInt16LE(p + 30);
    const commentLen = deck.readUInt16LE(p + 32);
    const local = deck.readUInt32LE(p + 42);
    const name = deck.toString("utf8", p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (!wanted.test(name) || local + 30 > deck.length) continue;
    const start = local + 30 + deck.readUInt16LE(local + 26) + deck.readUInt16LE(local + 28);
    const data = deck.subarray(start, start + compressed);
    const body =
      method === 0
        ? data
        : method === 8
          ? zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes - total) })
          : null;
    if (!body) continue;
    total += body.length;
    parts.set(name, body);
  }
  return parts;
}

/**
 * The Latin font families a .pptx names: its themes' heading and body fonts and those its masters,
 * layouts and slides set (theme references such as +mj-lt excluded). Empty for what it cannot read.
 */
export function deckFontFamilies(deck: Buffer): string[] {
  const families = new Set<string>();
  try {
    const parts = zipParts(
      deck,
      /^ppt\/(theme\/theme\d+|slides\/slide\d+|slideLayouts\/slideLayout\d+|slideMasters\/slideMaster\d+)\.xml$/,
    );
    for (const xml of parts.values()) {
      for (const m of xml.toString("utf8").matchAll(/<a:latin\b[^>]*\btypeface="([^"]*)"/g)) {
        const family = (m[1] ?? "")
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .trim();
        if (family && !family.startsWith("+")) families.add(family);
      }
    }
  } catch {
    /* a part that does not inflate: LibreOffice has read the deck already; no fonts to report */
  }
  return [...families];
}

/** pdftoppm's page files (page-1.jpg or page-01.jpg …) in page order. */
function pageFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^page-\d+\.jpg$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
    .map((f) => path.join(dir, f));
}

/**
 * Whether an image is a plain WebP: the RIFF container with one lossy (`VP8 `) or lossless (`VP8L`)
 * image and nothing else a browser would treat differently (the extended `VP8X` form carries animation,
 * alpha, a colour profile or metadata).
 */
export function isPlainWebp(image: Buffer): boolean {
  if (image.length < 16 || image.toString("latin1", 0, 4) !== "RIFF" || image.toString("latin1", 8, 12) !== "WEBP")
    return false;
  const chunk = image.toString("latin1", 12, 16);
  return chunk === "VP8 " || chunk === "VP8L";
}

/**
 * One image at every width, as WebP with the generated previews' settings: decoded once, the widths
 * encoded side by side (libvips spreads them over the cores). At the width a plain WebP already has, it
 * is kept as given when small enough (DECK_PREVIEWS.keepWebpMaxBytes).
 */
async function webpAtWidths(image: Buffer, slide: number, widths: readonly number[]): Promise<PreviewPage[]> {
  const kept = isPlainWebp(image) && image.length <= DECK_PREVIEWS.keepWebpMaxBytes;
  const asGiven = kept ? (await images().metadata({ input: image })).width : null;
  const encode = widths.filter((w) => w !== asGiven);
  const made = !encode.length
    ? []
    : await images().variants(
        { input: image },
        [],
        encode.map((width) => [
          { op: "resize", options: { width } },
          { op: "webp", options: DECK_PREVIEWS.webp },
        ]),
      );
  const byWidth = new Map(encode.map((width, i) => [width, made[i].data]));
  return widths.map((width) => ({ slide, width, webp: byWidth.get(width) ?? image }));
}

/**
 * A deck's previews: every slide as WebP at each of `widths` (PREVIEW_WIDTHS), and the fonts it names
 * that the machine lacks (drawn in a stand-in). `fonts` are the families the deck names when the caller
 * has read them already; otherwise they are read from the deck. Never throws for a bad deck: it answers
 * a code (no LibreOffice, past the time limit, a deck LibreOffice cannot read).
 */
export async function renderDeckPreviews(input: {
  deck: Buffer;
  widths: readonly number[];
  timeoutMs?: number;
  log?: Logger;
  fonts?: readonly string[];
}): Promise<DeckPreviewsResult> {
  const soffice = onPath("soffice");
  const pdftoppm = onPath("pdftoppm");
  if (!soffice || !pdftoppm)
    return {
      ok: false,
      code: PREVIEW_ERRORS.converterMissing,
      detail: `${!soffice ? "soffice" : "pdftoppm"} not found: ${DECK_PREVIEWS.installHint}`,
    };
  const widths = [...new Set(input.widths)].sort((a, b) => a - b);
  const largest = widths.at(-1);
  if (!largest) return { ok: false, code: PREVIEW_ERRORS.conversionFailed, detail: "no preview widths asked for" };
  const timeoutMs = input.timeoutMs ?? DECK_PREVIEWS.timeoutMs;
  return slot(async () => {
    const started = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-previews-"));
    try {
      const deckFile = path.join(dir, "deck.pptx");
      const outDir = path.join(dir, "out");
      fs.mkdirSync(outDir);
      fs.writeFileSync(deckFile, input.deck);
      const env = { ...process.env, ...fontconfigEnv(), HOME: dir, TMPDIR: dir };
      const converted = await runGrouped(
        soffice,
        [
          // Its own profile: two conversions sharing one make one of them fail silently.
          `-env:UserInstallation=file://${path.join(dir, "profile")}`,
          "--headless",
          "--norestore",
          "--nolockcheck",
          "--convert-to",
          "pdf",
          "--outdir",
          outDir,
          deckFile,
        ],
        { cwd: dir, env, timeoutMs },
      );
      if (converted.timedOut) {
        input.log?.warn("deck conversion timed out", { timeoutMs });
        return { ok: false, code: PREVIEW_ERRORS.conversionTimeout, detail: `no PDF within ${timeoutMs} ms` };
      }
      const pdf = path.join(outDir, "deck.pdf");
      if (!fs.existsSync(pdf) || fs.statSync(pdf).size === 0) {
        const detail = converted.output || `soffice exited with ${converted.code ?? converted.signal}`;
        input.log?.warn("deck conversion failed", { detail });
        return { ok: false, code: PREVIEW_ERRORS.conversionFailed, detail };
      }
      const converting = Date.now() - started;
      // Pages as JPEG of the highest quality: five times quicker for pdftoppm than PNG (which spends
      // its time compressing), a tenth of the disk of raw pixels, and re-encoded to WebP below anyway.
      const pngDir = path.join(dir, "pages");
      fs.mkdirSync(pngDir);
      const drawn = await runGrouped(
        pdftoppm,
        [
          "-jpeg",
          "-jpegopt",
          "quality=95",
          "-scale-to-x",
          String(largest),
          "-scale-to-y",
          "-1",
          pdf,
          path.join(pngDir, "page"),
        ],
        { cwd: dir, env, timeoutMs: Math.max(1_000, timeoutMs - converting) },
      );
      if (drawn.timedOut)
        return { ok: false, code: PREVIEW_ERRORS.conversionTimeout, detail: `pages not drawn within ${timeoutMs} ms` };
      const files = pageFiles(pngDir);
      if (drawn.code !== 0 || files.length === 0)
        return {
          ok: false,
          code: PREVIEW_ERRORS.conversionFailed,
          detail: drawn.output || `pdftoppm exited with ${drawn.code ?? drawn.signal}`,
        };
      const pages: PreviewPage[] = [];
      for (const [i, file] of files.entries())
        pages.push(...(await webpAtWidths(fs.readFileSync(file), i + 1, widths)));
      let missing: string[] = [];
      try {
        missing = await missingFonts(input.fonts ?? deckFontFamilies(input.deck));
      } catch (error) {
        input.log?.warn("fonts not checked (fontconfig's fc-match is missing)", { error: (error as Error).message });
      }
      const ms = Date.now() - started;
      input.log?.info("deck previews drawn", {
        slides: files.length,
        convertMs: converting,
        ms,
        missingFonts: missing,
      });
      return { ok: true, value: { pages, missingFonts: missing, ms } };
    } catch (error) {
      // Too many images waiting: not the deck's doing, the caller tries again later.
      if (isImageWorkerBusy(error)) throw error;
      // A page sharp cannot read (or that broke the image worker), a full disk: the deck's previews
      // failed, the process goes on.
      input.log?.error("deck previews failed", { error });
      return { ok: false, code: PREVIEW_ERRORS.conversionFailed, detail: (error as Error).message };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * Previews from slide images an operator supplied (a variant's `previews/` folder): PNG, JPEG or WebP
 * as told by their content, in the order of their names (01.png, 02.png … 10.png), each at every width.
 * Hidden files (.DS_Store) are skipped; anything else that is not such an image refuses the lot.
 */
export async function imagesToPreviews(
  files: readonly { name: string; data: Buffer }[],
  widths: readonly number[],
): Promise<ImagePreviewsResult> {
  const started = Date.now();
  const slides = files
    .filter((f) => !path.basename(f.name).startsWith("."))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  if (!slides.length) return { ok: false, code: PREVIEW_ERRORS.noImages };
  const formats: readonly string[] = DECK_PREVIEWS.imageFormats;
  for (const f of slides) {
    if (f.data.length > DECK_PREVIEWS.imageMaxBytes)
      return { ok: false, code: PREVIEW_ERRORS.imageTooLarge, detail: f.name };
    const format = await images()
      .metadata({ input: f.data })
      .then((m) => m.format)
      .catch((error: unknown) => {
        if (isImageWorkerBusy(error)) throw error;
        return undefined;
      });
    if (!format || !formats.includes(format)) return { ok: false, code: PREVIEW_ERRORS.imageType, detail: f.name };
  }
  const sorted = [...new Set(widths)].sort((a, b) => a - b);
  const pages: PreviewPage[] = [];
  for (const [i, f] of slides.entries()) {
    try {
      pages.push(...(await webpAtWidths(f.data, i + 1, sorted)));
    } catch (error) {
      if (isImageWorkerBusy(error)) throw error;
      // Its header said PNG/JPEG/WebP, its body is broken (or broke the decoder).
      return { ok: false, code: PREVIEW_ERRORS.imageType, detail: f.name };
    }
  }
  return { ok: true, value: { pages, ms: Date.now() - started } };
}
