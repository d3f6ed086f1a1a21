import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendAttributionSlide, paletteFromTheme } from "./attribution.ts";
import { contrast } from "./color.ts";
import { DeckError, type DeckFacts, inspectDeck } from "./deck.ts";
import { parseXml } from "./xml.ts";
import { extract, readDirectory } from "./zip.ts";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));

function facts(buf: Uint8Array): DeckFacts {
  const r = inspectDeck(buf);
  if (!r.ok) throw new Error(`refused: ${r.code} (${r.detail})`);
  return r.value;
}

function part(buf: Buffer, name: string): string {
  const e = readDirectory(buf, 10_000).find((x) => x.name === name);
  if (!e) throw new Error(`no ${name}`);
  return Buffer.from(extract(buf, e, true) as Uint8Array).toString("utf8");
}

describe("appendAttributionSlide", () => {
  it.each([
    "libreoffice.pptx",
    "pptxgenjs.pptx",
    "theme.pptx",
    "ratio-4x3.pptx",
    "ratio-16x10.pptx",
    "custom.pptx",
    "links-and-objects.pptx",
  ])("appends one slide saying 'Template by SlideNest' to %s, keeping every other slide", async (file) => {
    const input = fixture(file);
    const before = facts(input);
    const out = await appendAttributionSlide(input, { brandName: "SlideNest" });
    const after = facts(out);
    expect(after.slideCount).toBe(before.slideCount + 1);
    expect(after.slideTexts.slice(0, -1)).toEqual(before.slideTexts);
    expect(after.slideTexts.at(-1)).toContain("Template by SlideNest");
    expect(after.slideTexts.at(-1)).toContain("Free licence: keep this slide to credit the author.");
    expect(after.size).toEqual(before.size);
    expect(after.aspectRatio).toBe(before.aspectRatio);
    expect(after.themeColors).toEqual(before.themeColors);
    expect(after.externalLinks).toEqual(before.externalLinks);
    expect(after.embeddedObjects).toEqual(before.embeddedObjects);
  });

  it("keeps the four parts in step: the slide and its layout, the content type, the relationship, an id above the others", async () => {
    const input = fixture("libreoffice.pptx");
    const out = await appendAttributionSlide(input, { brandName: "SlideNest" });
    const names = readDirectory(out, 10_000).map((e) => e.name);
    expect(names).toContain("ppt/slides/slide4.xml");
    expect(names).toContain("ppt/slides/_rels/slide4.xml.rels");

    const ids = [...part(out, "ppt/presentation.xml").matchAll(/<p:sldId id="(\d+)" r:id="(rId\d+)"\/>/g)];
    expect(ids.map((m) => Number(m[1]))).toEqual([256, 257, 258, 259]);
    const newRel = ids[3][2];
    const rels = parseXml(part(out, "ppt/_rels/presentation.xml.rels"));
    const rel = rels.children.find((c) => typeof c !== "string" && c.attrs.Id === newRel);
    expect(rel && typeof rel !== "string" && rel.attrs.Target).toBe("slides/slide4.xml");
    expect(new Set(rels.children.map((c) => typeof c !== "string" && c.attrs.Id)).size).toBe(rels.children.length);

    expect(part(out, "[Content_Types].xml")).toContain(
      '<Override PartName="/ppt/slides/slide4.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>',
    );
    // LibreOffice's decks name their blank layout "Blank Slide" (type="blank").
    const slideRels = part(out, "ppt/slides/_rels/slide4.xml.rels");
    const target = /Target="\.\.\/slideLayouts\/(slideLayout\d+\.xml)"/.exec(slideRels)?.[1];
    expect(target).toBeTruthy();
    expect(part(out, `ppt/slideLayouts/${target}`)).toContain('type="blank"');

    // Untouched parts are copied byte for byte.
    const inEntries = readDirectory(input, 10_000);
    const outEntries = readDirectory(out, 10_000);
    for (const name of ["ppt/slides/slide1.xml", "ppt/theme/theme1.xml", "ppt/slideMasters/slideMaster1.xml"]) {
      const a = inEntries.find((e) => e.name === name);
      const b = outEntries.find((e) => e.name === name);
      if (!a || !b) throw new Error(name);
      expect(b.crc).toBe(a.crc);
      expect(out.subarray(b.dataOffset, b.dataOffset + b.compressedSize)).toEqual(
        input.subarray(a.dataOffset, a.dataOffset + a.compressedSize),
      );
    }
  });

  it("counts the slide in docProps/app.xml when the deck keeps a count there", async () => {
    const input = fixture("pptxgenjs.pptx");
    expect(part(input, "docProps/app.xml")).toContain("<Slides>3</Slides>");
    const out = await appendAttributionSlide(input, { brandName: "SlideNest" });
    expect(part(out, "docProps/app.xml")).toContain("<Slides>4</Slides>");
  });

  it("draws the slide in the deck's theme fonts and colors, in Spanish when asked", async () => {
    const out = await appendAttributionSlide(fixture("theme.pptx"), { brandName: "SlideNest", locale: "es" });
    const f = facts(out);
    expect(f.slideTexts.at(-1)).toContain("Plantilla de SlideNest");
    const slide = part(out, "ppt/slides/slide4.xml");
    expect(slide).toContain('typeface="Playfair Display"');
    expect(slide).toContain('typeface="Source Sans 3"');
    expect(slide).toContain('<a:srgbClr val="FFF8F0"/>'); // lt1 as the background
    expect(slide).toContain('<a:srgbClr val="E4572E"/>'); // accent1
    expect(slide).toContain('lang="es-ES"');
    expect(slide).toContain('showMasterSp="0"');
  });

  it("keeps text readable when the theme's dark and light colors are too close", () => {
    const p = paletteFromTheme([
      { name: "dk1", hex: "#777777" },
      { name: "lt1", hex: "#888888" },
      { name: "dk2", hex: "#000000" },
    ]);
    expect(contrast(p.text, p.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.muted, p.background)).toBeGreaterThanOrEqual(4.5);
  });

  it("refuses what the deck reader refuses", async () => {
    await expect(appendAttributionSlide(fixture("no-slides.pptx"), { brandName: "SlideNest" })).rejects.toMatchObject({
      code: "slides.errors.noSlides",
    });
    await expect(appendAttributionSlide(fixture("notes.txt"), { brandName: "SlideNest" })).rejects.toBeInstanceOf(
      DeckError,
    );
    await expect(appendAttributionSlide(fixture("macros.pptm"), { brandName: "SlideNest" })).rejects.toMatchObject({
      code: "slides.errors.macros",
    });
  });
});

/** LibreOffice opens what we serve: a real office suite, not our own reader. .ci/run installs it. */
const soffice = spawnSync("sh", ["-c", "command -v soffice"]).stdout.toString().trim();
const pdfinfo = spawnSync("sh", ["-c", "command -v pdfinfo"]).stdout.toString().trim();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-attribution-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** PDF pages LibreOffice makes of a deck, and the text of the last one. One profile per conversion. */
function libreofficePages(buf: Buffer, name: string): { pages: number; lastText: string; ratio: number } {
  const dir = fs.mkdtempSync(path.join(tmp, `${name}-`));
  const file = path.join(dir, `${name}.pptx`);
  fs.writeFileSync(file, buf);
  execFileSync(
    soffice,
    [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, file],
    { stdio: "ignore", timeout: 120_000, killSignal: "SIGKILL" },
  );
  const pdf = path.join(dir, `${name}.pdf`);
  const info = execFileSync(pdfinfo, [pdf]).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info);
  const lastText = execFileSync("pdftotext", ["-f", String(pages), "-l", String(pages), pdf, "-"]).toString();
  return { pages, lastText, ratio: Number(size?.[1]) / Number(size?.[2]) };
}

describe.skipIf(!soffice || !pdfinfo)("the appended deck in LibreOffice (needs soffice and pdfinfo)", () => {
  it.each(["libreoffice.pptx", "ratio-16x10.pptx"])(
    "%s opens with exactly one page more, the attribution last, at the same ratio",
    async (file) => {
      const input = fixture(file);
      const out = await appendAttributionSlide(input, { brandName: "SlideNest" });
      const before = libreofficePages(input, "before");
      const after = libreofficePages(out, "after");
      expect(before.pages).toBe(facts(input).slideCount);
      expect(after.pages).toBe(before.pages + 1);
      expect(after.lastText).toContain("Template by SlideNest");
      expect(after.ratio).toBeCloseTo(before.ratio, 2);
    },
    240_000,
  );
});
