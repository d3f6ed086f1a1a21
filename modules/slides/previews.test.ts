import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PREVIEW_WIDTHS } from "#config/constants.ts";
import { generateDemoCatalog, slideFormatOf } from "#modules/catalog/demo/generate.ts";
import type { Logger } from "#modules/shared/context.ts";
import { buildPptx } from "./build-pptx.ts";
import {
  deckFontFamilies,
  hasLibreOffice,
  imagesToPreviews,
  isPlainWebp,
  PREVIEW_ERRORS,
  renderDeckPreviews,
} from "./previews.ts";

const quiet: Logger = { info() {}, warn() {}, error() {} };

/** An 8-slide 16:9 demo deck whose heading font is Poppins and body font Nunito (shipped fonts). */
async function demoDeck() {
  const templates = generateDemoCatalog({ count: 240, now: new Date("2026-11-22T12:00:00Z") });
  const t = templates.find(
    (x) => x.headingFont === "Poppins" && x.aspectRatio === "16:9" && x.design.slides.length === 8,
  );
  if (!t) throw new Error("no 8-slide Poppins deck in the demo catalog");
  const deck = await buildPptx({
    design: t.design,
    palette: t.colors[0].palette,
    format: slideFormatOf(t),
    title: t.translations.en.title,
    attribution: false,
    brandName: "SlideNest",
  });
  return { deck, template: t };
}

/** Our temp folders left in `dir`. */
const leftovers = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith("slidenest-previews-"));

/** Whether a process is gone (a zombie nobody reaped yet counts as gone: it runs nothing). */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return /^\d+ \(.*\) Z/.test(stat);
  } catch {
    return true;
  }
}

describe("deck fonts", () => {
  it("reads the heading and body fonts a deck names, and nothing from what is not a deck", async () => {
    const { deck } = await demoDeck();
    expect(deckFontFamilies(deck).sort()).toEqual(["Nunito", "Poppins"]);
    expect(deckFontFamilies(Buffer.from("not a zip"))).toEqual([]);
  });
});

describe("deck previews", () => {
  let tmp: string;
  let savedPath: string | undefined;
  let savedTmp: string | undefined;
  beforeEach(() => {
    savedPath = process.env.PATH;
    savedTmp = process.env.TMPDIR;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-previews-test-"));
    // This test's own temp folder: what a conversion leaves behind shows there.
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it.runIf(hasLibreOffice())(
    "converts a real 8-slide deck to one WebP per slide at every preview width, in the deck's ratio and fonts",
    async () => {
      const { deck } = await demoDeck();
      const result = await renderDeckPreviews({ deck, widths: PREVIEW_WIDTHS, log: quiet });
      if (!result.ok) throw new Error(`${result.code}: ${result.detail}`);
      expect(result.value.pages).toHaveLength(8 * PREVIEW_WIDTHS.length);
      for (const slide of [1, 2, 3, 4, 5, 6, 7, 8])
        expect(result.value.pages.filter((p) => p.slide === slide).map((p) => p.width)).toEqual([...PREVIEW_WIDTHS]);
      for (const page of result.value.pages) {
        const meta = await sharp(page.webp).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(page.width);
        expect(Math.abs((meta.height ?? 0) - (page.width * 9) / 16)).toBeLessThanOrEqual(1);
      }
      // Different slides, different pictures.
      const at320 = result.value.pages.filter((p) => p.width === 320).map((p) => p.webp.toString("base64"));
      expect(new Set(at320).size).toBe(8);
      // Poppins and Nunito are shipped: nothing missing.
      expect(result.value.missingFonts).toEqual([]);
      expect(result.value.ms).toBeGreaterThan(0);
      expect(leftovers(tmp)).toEqual([]);
      console.info(`8-slide deck: previews at ${PREVIEW_WIDTHS.length} widths in ${result.value.ms} ms`);
    },
    180_000,
  );

  it.runIf(hasLibreOffice())(
    "answers conversionFailed for a broken deck, and leaves nothing behind",
    async () => {
      const { deck } = await demoDeck();
      // Cut in half: a ZIP without its central directory.
      const result = await renderDeckPreviews({ deck: deck.subarray(0, deck.length >> 1), widths: [320], log: quiet });
      expect(result).toMatchObject({ ok: false, code: PREVIEW_ERRORS.conversionFailed });
      expect(leftovers(tmp)).toEqual([]);
    },
    120_000,
  );

  it("kills a conversion that hangs, with the processes it forked, and answers conversionTimeout", async () => {
    // A fake soffice that forks a child and hangs, as soffice does with soffice.bin.
    const bin = path.join(tmp, "bin");
    fs.mkdirSync(bin);
    const pids = path.join(tmp, "pids");
    fs.writeFileSync(
      path.join(bin, "soffice"),
      `#!/bin/sh\nsleep 600 &\necho $! > "${pids}.child"\necho $$ > "${pids}.parent"\nwait\n`,
      { mode: 0o755 },
    );
    fs.writeFileSync(path.join(bin, "pdftoppm"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    const started = Date.now();
    const result = await renderDeckPreviews({ deck: Buffer.from("deck"), widths: [320], timeoutMs: 1_500, log: quiet });
    expect(result).toMatchObject({ ok: false, code: PREVIEW_ERRORS.conversionTimeout });
    expect(Date.now() - started).toBeLessThan(10_000);
    const parent = Number(fs.readFileSync(`${pids}.parent`, "utf8"));
    const child = Number(fs.readFileSync(`${pids}.child`, "utf8"));
    expect(parent).toBeGreaterThan(1);
    expect(child).toBeGreaterThan(1);
    const until = Date.now() + 5_000;
    while ((!gone(parent) || !gone(child)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(gone(parent), "the soffice process").toBe(true);
    expect(gone(child), "the process soffice forked").toBe(true);
    expect(leftovers(tmp)).toEqual([]);
  });

  it("answers converterMissing, with how to install it, where LibreOffice is not installed", async () => {
    const empty = path.join(tmp, "empty");
    fs.mkdirSync(empty);
    process.env.PATH = empty;
    expect(hasLibreOffice()).toBe(false);
    const result = await renderDeckPreviews({ deck: Buffer.from("deck"), widths: [320] });
    expect(result).toMatchObject({ ok: false, code: PREVIEW_ERRORS.converterMissing });
    expect(result.ok ? "" : result.detail).toContain("libreoffice");
  });
});

describe("slide images to previews", () => {
  const solid = (r: number, g: number, b: number) =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background: { r, g, b } } });

  it("orders images by name (2 before 10), reads PNG, JPEG and WebP by content, and makes every width", async () => {
    const files = [
      { name: "10.png", data: await solid(0, 0, 255).png().toBuffer() },
      { name: "02.jpg", data: await solid(0, 255, 0).jpeg().toBuffer() },
      // A WebP named .png: its content decides.
      { name: "1.png", data: await solid(255, 0, 0).webp().toBuffer() },
      { name: ".DS_Store", data: Buffer.from("finder") },
    ];
    const result = await imagesToPreviews(files, [320, 640]);
    if (!result.ok) throw new Error(result.code);
    expect(result.value.pages.map((p) => [p.slide, p.width])).toEqual([
      [1, 320],
      [1, 640],
      [2, 320],
      [2, 640],
      [3, 320],
      [3, 640],
    ]);
    const colours = [];
    for (const p of result.value.pages.filter((x) => x.width === 320)) {
      const { data, info } = await sharp(p.webp).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(320);
      expect(info.height).toBe(180);
      expect((await sharp(p.webp).metadata()).format).toBe("webp");
      colours.push([...data.subarray(0, 3)].map((v) => (v > 128 ? 1 : 0)).join(""));
    }
    expect(colours).toEqual(["100", "010", "001"]);
  });

  it("keeps a plain WebP as given at the width it already has, and draws the other widths", async () => {
    const plain = await solid(10, 120, 200).resize({ width: 640 }).webp({ quality: 90 }).toBuffer();
    // The same picture with a colour profile (the extended form) and one with an alpha channel.
    const profiled = await solid(10, 120, 200).resize({ width: 640 }).withIccProfile("p3").webp().toBuffer();
    const alpha = await solid(10, 120, 200).resize({ width: 640 }).ensureAlpha(0.5).webp().toBuffer();
    const result = await imagesToPreviews(
      [
        { name: "1.webp", data: plain },
        { name: "2.webp", data: profiled },
        { name: "3.webp", data: alpha },
        // A PNG of that width is encoded all the same.
        { name: "4.png", data: await solid(10, 120, 200).resize({ width: 640 }).png().toBuffer() },
      ],
      [320, 640],
    );
    if (!result.ok) throw new Error(result.code);
    const at = (slide: number, width: number) =>
      result.value.pages.find((p) => p.slide === slide && p.width === width)?.webp;
    expect(at(1, 640)?.equals(plain)).toBe(true);
    expect(at(1, 320)?.equals(plain)).toBe(false);
    expect((await sharp(at(1, 320)).metadata()).width).toBe(320);
    // Drawn again: the profiled one as sRGB without its profile, the others from their pixels.
    expect(at(2, 640)?.equals(profiled)).toBe(false);
    expect(at(3, 640)?.equals(alpha)).toBe(false);
    for (const slide of [2, 3, 4]) {
      const meta = await sharp(at(slide, 640)).metadata();
      expect([meta.format, meta.width, meta.icc === undefined], `slide ${slide}`).toEqual(["webp", 640, true]);
    }
    expect(isPlainWebp(profiled)).toBe(false);
    expect(isPlainWebp(alpha)).toBe(false);
    expect(isPlainWebp(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe(true);
    expect(isPlainWebp(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBe(false);
  });

  it("refuses a file that is not a PNG, JPEG or WebP image, naming it", async () => {
    const good = { name: "01.png", data: await solid(1, 2, 3).png().toBuffer() };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9"/></svg>',
    );
    for (const bad of [
      { name: "02.png", data: Buffer.from("this is text, not a picture") },
      { name: "02.png", data: svg },
      { name: "02.gif", data: await solid(1, 2, 3).gif().toBuffer() },
      // A PNG header over a broken body.
      {
        name: "02.png",
        data: Buffer.concat([(await solid(1, 2, 3).png().toBuffer()).subarray(0, 60), Buffer.alloc(200)]),
      },
    ]) {
      const result = await imagesToPreviews([good, bad], [320]);
      expect(result, bad.name).toMatchObject({
        ok: false,
        code: PREVIEW_ERRORS.imageType,
        detail: "02" + path.extname(bad.name),
      });
    }
    expect(await imagesToPreviews([], [320])).toMatchObject({ ok: false, code: PREVIEW_ERRORS.noImages });
  });
});
