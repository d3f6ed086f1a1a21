import { describe, expect, it } from "vitest";
import { generateDemoCatalog, slideFormatOf } from "#modules/catalog/demo/generate.ts";
import { readZip, type ZipEntry } from "#tests/zip.ts";
import { buildPptx } from "./build-pptx.ts";

const NOW = new Date("2026-11-22T12:00:00Z");

const slideFiles = (entries: ZipEntry[]) =>
  entries
    .map((e) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(e.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);

describe("buildPptx", () => {
  const catalog = generateDemoCatalog({ now: NOW });
  const wide = catalog.find((t) => t.aspectRatio === "16:9")!;
  const square = catalog.find((t) => t.aspectRatio === "4:3")!;

  for (const t of [wide, square]) {
    it(`builds paid and free variants (${t.aspectRatio})`, async () => {
      const input = {
        design: t.design,
        palette: t.colors[0].palette,
        format: slideFormatOf(t),
        title: t.translations.en.title,
        brandName: "SlideNest",
      };
      const paid = await buildPptx({ ...input, attribution: false });
      const free = await buildPptx({ ...input, attribution: true });
      for (const buf of [paid, free]) expect(buf.subarray(0, 2).toString("latin1")).toBe("PK");

      const paidZip = readZip(paid);
      const freeZip = readZip(free);
      expect(slideFiles(paidZip.entries)).toHaveLength(t.slidesCount);
      expect(slideFiles(freeZip.entries)).toHaveLength(t.slidesCount + 1);
      const last = freeZip.read(`ppt/slides/slide${t.slidesCount + 1}.xml`);
      expect(last).toContain("Template by SlideNest");
      expect(last).toContain("Free licence: keep this slide to credit the author.");
      expect(paidZip.read(`ppt/slides/slide${t.slidesCount}.xml`)).not.toContain("Template by SlideNest");

      const presentation = paidZip.read("ppt/presentation.xml");
      const cy = t.aspectRatio === "4:3" ? 6858000 : 5143500;
      expect(presentation).toContain(`cx="9144000" cy="${cy}"`);
      const core = paidZip.read("docProps/core.xml");
      expect(core).toContain(`<dc:title>${t.translations.en.title}</dc:title>`);
      expect(core).toContain("<dc:creator>SlideNest</dc:creator>");
      expect(paidZip.read("docProps/app.xml")).toContain("<Company>SlideNest</Company>");

      // The title slide carries the slide's own text, the template fonts and the palette background.
      const first = paidZip.read("ppt/slides/slide1.xml");
      const titleSlide = t.design.slides[0];
      if (titleSlide.layout === "title") expect(first).toContain(titleSlide.title.split(" ")[0]);
      expect(first).toContain(`typeface="${t.headingFont}"`);
      expect(first).toContain(`val="${t.colors[0].palette.background.slice(1)}"`);
    });
  }
});
