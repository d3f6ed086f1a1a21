import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { BLOG } from "#config/constants.ts";
import { diskStorage } from "#modules/files/storage.ts";
import {
  type CoverSource,
  coverHash,
  coverLook,
  coverSvg,
  ensureBodyImage,
  ensureCover,
  renderCover,
} from "./covers.ts";
import { BLOG_FILE_KEY, coverKey } from "./files.ts";

const drawn: CoverSource = {
  kind: "drawn",
  cover: { postKey: "pitch-decks", title: "Ten slides for a pitch deck", category: "Presenting" },
};
const dirs: string[] = [];
async function tempStorage() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "sn-covers-"));
  dirs.push(dir);
  return diskStorage(dir);
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("covers", () => {
  it("draws the title slide of the template designs, with the title and category, the same for the same input", async () => {
    const svg = coverSvg({ postKey: "pitch-decks", title: "Ten slides for a pitch deck", category: "Presenting" });
    expect(svg).toContain('viewBox="0 0 1600 900"');
    expect(svg).toContain("PRESENTING");
    expect(svg).toContain("Ten slides");
    const a = await renderCover(drawn);
    const b = await renderCover(drawn);
    for (const width of BLOG.coverWidths) {
      expect(a.get(width)!.equals(b.get(width)!)).toBe(true);
      const meta = await sharp(a.get(width)!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "webp",
        width,
        Math.round(width * BLOG.coverHeightRatio),
      ]);
    }
  });

  it("names covers by their inputs; the palette comes from the post key alone", () => {
    const hash = coverHash(drawn);
    expect(hash).toMatch(/^[a-f0-9]{32}$/);
    expect(coverHash(drawn)).toBe(hash);
    const other = { ...drawn.cover, title: "Diez diapositivas" };
    expect(coverHash({ kind: "drawn", cover: other })).not.toBe(hash);
    expect(coverLook("pitch-decks")).toEqual(coverLook("pitch-decks"));
    const looks = new Set(["a", "b", "c", "d", "e", "f"].map((k) => JSON.stringify(coverLook(k).palette)));
    expect(looks.size).toBeGreaterThan(1);
  });

  it("crops an operator's image to 16:9 at every width (JPEG, PNG, GIF, SVG)", async () => {
    const base = sharp({ create: { width: 800, height: 600, channels: 3, background: "#2563eb" } });
    const inputs = [
      await base.clone().jpeg().toBuffer(),
      await base.clone().png().toBuffer(),
      await base.clone().gif().toBuffer(),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#e11d48"/></svg>',
      ),
    ];
    for (const bytes of inputs) {
      const files = await renderCover({ kind: "image", bytes });
      for (const width of BLOG.coverWidths) {
        const meta = await sharp(files.get(width)!).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([
          "webp",
          width,
          Math.round(width * BLOG.coverHeightRatio),
        ]);
      }
    }
    await expect(renderCover({ kind: "image", bytes: Buffer.from("%PDF-1.4 not an image") })).rejects.toThrow(
      /readable image/,
    );
  });

  it("stores a cover once under its content-addressed keys", async () => {
    const storage = await tempStorage();
    const first = await ensureCover(storage, drawn);
    expect(first.created).toBe(true);
    for (const width of BLOG.coverWidths) {
      const key = coverKey(first.prefix, width);
      expect(key).toMatch(BLOG_FILE_KEY);
      expect(await storage.exists(key)).toBe(true);
    }
    expect(await ensureCover(storage, drawn)).toEqual({ prefix: first.prefix, created: false });
    const dry = await tempStorage();
    expect((await ensureCover(dry, drawn, { dryRun: true })).prefix).toBe(first.prefix);
    expect(await dry.exists(coverKey(first.prefix, 640))).toBe(false);
  });

  it("draws the width a cover stored before that width existed lacks, at the next import", async () => {
    const storage = await tempStorage();
    const { prefix } = await ensureCover(storage, drawn);
    // As stored when the widths were 640 and 1280 only: the phone's 800 is missing.
    await storage.delete(coverKey(prefix, 800));
    expect(await ensureCover(storage, drawn)).toEqual({ prefix, created: true });
    const meta = await sharp((await storage.get(coverKey(prefix, 800)))!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 450]);
  });

  it("re-encodes a body image to WebP, no wider than the limit", async () => {
    const storage = await tempStorage();
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#fde047" } })
      .png()
      .toBuffer();
    const image = await ensureBodyImage(storage, png);
    expect(image.key).toMatch(BLOG_FILE_KEY);
    expect([image.width, image.height]).toEqual([BLOG.maxImageWidth, BLOG.maxImageWidth / 2]);
    const stored = await storage.get(image.key);
    expect((await sharp(stored!).metadata()).format).toBe("webp");
    expect(await ensureBodyImage(storage, png)).toEqual(image);
    expect(await ensureBodyImage(await tempStorage(), png, { dryRun: true })).toEqual(image);
  });
});
