import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import PptxGenJS from "pptxgenjs";
import { describe, expect, it } from "vitest";
import { DECK_LIMITS } from "#config/constants.ts";
import { generateDemoCatalog, slideFormatOf } from "#modules/catalog/demo/generate.ts";
import { buildPptx } from "./build-pptx.ts";
import { DECK_PROBLEMS, type DeckFacts, type DeckProblem, inspectDeck } from "./deck.ts";
import { parseXml, XmlError } from "./xml.ts";
import { readDirectory, rewriteZip, writeZip } from "./zip.ts";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));

function facts(buf: Uint8Array): DeckFacts {
  const r = inspectDeck(buf);
  if (!r.ok) throw new Error(`refused: ${r.code} (${r.detail})`);
  return r.value;
}

function refusal(buf: Uint8Array, limits = DECK_LIMITS): { code: DeckProblem; detail?: string } {
  const r = inspectDeck(buf, limits);
  if (r.ok) throw new Error("accepted");
  return r;
}

const OFFICE_COLORS = [
  ["dk1", "#000000"],
  ["lt1", "#FFFFFF"],
  ["dk2", "#44546A"],
  ["lt2", "#E7E6E6"],
  ["accent1", "#4472C4"],
  ["accent2", "#ED7D31"],
  ["accent3", "#A5A5A5"],
  ["accent4", "#FFC000"],
  ["accent5", "#5B9BD5"],
  ["accent6", "#70AD47"],
  ["hlink", "#0563C1"],
  ["folHlink", "#954F72"],
].map(([name, hex]) => ({ name, hex }));

const TEXTS = [
  "Quarterly Review\nAño fiscal 2026: señales clave",
  "Café ☕ y más\n日本語のテキスト",
  "Visit SlideNest",
];

describe("inspectDeck: facts read from the file", () => {
  it("reads a deck LibreOffice saved: slides, ratio, size, text with accents and other scripts, fonts, colours, links", () => {
    const f = facts(fixture("libreoffice.pptx"));
    expect(f.slideCount).toBe(3);
    expect(f.aspectRatio).toBe("16:9");
    expect(f.size).toEqual({ cx: 9144000, cy: 5143500 });
    expect(f.slideTexts).toEqual(TEXTS);
    // LibreOffice writes its own theme fonts (Arial) and keeps the fonts the runs name.
    expect(f.headingFont).toBe("Arial");
    expect(f.bodyFont).toBe("Arial");
    expect(f.fonts).toEqual(expect.arrayContaining(["Arial", "Lora", "Montserrat", "Open Sans"]));
    expect(f.fonts).toEqual([...f.fonts].sort((a, b) => a.localeCompare(b, "en")));
    expect(new Set(f.fonts).size).toBe(f.fonts.length);
    expect(f.fonts.some((x) => x.startsWith("+"))).toBe(false);
    // Its theme writes lower-case hex: read as "#RRGGBB".
    expect(f.themeColors).toEqual(OFFICE_COLORS);
    expect(f.externalLinks).toEqual(["https://example.com/slidenest"]);
    expect(f.embeddedObjects).toEqual([]);
  });

  it("reads theme fonts and system colors (sysClr lastClr) from a pptxgenjs deck", () => {
    const f = facts(fixture("pptxgenjs.pptx"));
    expect(f.headingFont).toBe("Montserrat");
    expect(f.bodyFont).toBe("Open Sans");
    expect(f.themeColors).toEqual(OFFICE_COLORS);
    expect(f.fonts).toEqual(["Arial", "Lora", "Montserrat", "Open Sans"]);
    expect(f.slideTexts).toEqual(TEXTS);
  });

  it("reads a designer's own theme colors and fonts", () => {
    const f = facts(fixture("theme.pptx"));
    expect(f.headingFont).toBe("Playfair Display");
    expect(f.bodyFont).toBe("Source Sans 3");
    expect(f.fonts).toEqual(expect.arrayContaining(["Playfair Display", "Source Sans 3", "Lora", "Montserrat"]));
    expect(f.themeColors.map((c) => `${c.name}${c.hex}`)).toEqual([
      "dk1#1B1B3A",
      "lt1#FFF8F0",
      "dk2#2E294E",
      "lt2#F4E9DC",
      "accent1#E4572E",
      "accent2#F3A712",
      "accent3#29335C",
      "accent4#669BBC",
      "accent5#A8C686",
      "accent6#7D5BA6",
      "hlink#0B6E4F",
      "folHlink#8F2D56",
    ]);
  });

  it.each([
    ["ratio-4x3.pptx", "4:3", { cx: 9144000, cy: 6858000 }, "Cuatro por tres"],
    ["ratio-16x10.pptx", "16:10", { cx: 9144000, cy: 5715000 }, "Sixteen by ten"],
    ["custom.pptx", "custom", { cx: 7772400, cy: 10058400 }, "Letter, portrait"],
  ] as const)("reads the ratio of %s as %s", (file, ratio, size, text) => {
    const f = facts(fixture(file));
    expect(f.aspectRatio).toBe(ratio);
    expect(f.size).toEqual(size);
    expect(f.slideCount).toBe(1);
    expect(f.slideTexts).toEqual([text]);
  });

  it("lists an external link and an embedded object for the operator", () => {
    const f = facts(fixture("links-and-objects.pptx"));
    expect(f.externalLinks).toEqual(["https://example.com/slidenest"]);
    expect(f.embeddedObjects).toEqual(["ppt/embeddings/Document1.docx"]);
    expect(f.slideTexts).toEqual(TEXTS);
  });

  it("reads the text of alternate content once (mc:Choice, not its mc:Fallback copy)", () => {
    const alt = `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="a14"><p:sp><p:txBody><a:p><a:r><a:rPr><a:latin typeface="Fira Sans"/></a:rPr><a:t>Fórmula &amp; más</a:t></a:r></a:p></p:txBody></p:sp></mc:Choice><mc:Fallback><p:sp><p:txBody><a:p><a:r><a:rPr><a:latin typeface="Old Font"/></a:rPr><a:t>Fórmula &amp; más</a:t></a:r></a:p></p:txBody></p:sp></mc:Fallback></mc:AlternateContent>`;
    const buf = rewriteZip(fixture("libreoffice.pptx"), (n, text) =>
      n === "ppt/slides/slide3.xml" ? text().replace("</p:spTree>", `${alt}</p:spTree>`) : undefined,
    );
    const f = facts(buf);
    expect(f.slideTexts[2]).toBe("Visit SlideNest\nFórmula & más");
    expect(f.fonts).toContain("Fira Sans");
    expect(f.fonts).not.toContain("Old Font");
  });

  describe("text in charts and SmartArt", () => {
    const NS = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
    const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const frame = (data: string) =>
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="90" name="Graphic"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="x">${data}</a:graphicData></a:graphic></p:graphicFrame>`;
    const chartRef = (id: string) =>
      frame(`<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="${id}"/>`);
    const smartArtRef = (id: string) =>
      frame(
        `<dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="${id}" r:lo="rIdLo" r:qs="rIdQs" r:cs="rIdCs"/>`,
      );
    const strCache = (values: string[]) =>
      `<c:strRef><c:f>Sheet1!$A$2</c:f><c:strCache><c:ptCount val="${values.length}"/>${values
        .map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`)
        .join("")}</c:strCache></c:strRef>`;
    const numCache = (values: number[]) =>
      `<c:numRef><c:f>Sheet1!$B$2</c:f><c:numCache><c:formatCode>General</c:formatCode>${values
        .map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`)
        .join("")}</c:numCache></c:numRef>`;
    // Grouped categories (c:multiLvlStrRef), as pptxgenjs writes every category axis.
    const categories = `<c:multiLvlStrRef><c:f>Sheet1!$A$2:$A$3</c:f><c:multiLvlStrCache><c:ptCount val="2"/><c:lvl><c:pt idx="0"><c:v>Norte</c:v></c:pt><c:pt idx="1"><c:v>Sur</c:v></c:pt></c:lvl></c:multiLvlStrCache></c:multiLvlStrRef>`;
    const series = (name: string, values: number[]) =>
      `<c:ser><c:idx val="0"/><c:tx>${strCache([name])}</c:tx><c:cat>${categories}</c:cat><c:val>${numCache(values)}</c:val></c:ser>`;
    const chart = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ${NS}><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Ventas por región</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart>${series("Ingresos 2026", [4217, 3908])}${series("Costes", [1200, 1100])}<c:ser><c:idx val="2"/><c:tx><c:v>Literal series</c:v></c:tx></c:ser></c:barChart><c:valAx><c:title><c:tx><c:rich><a:p><a:r><a:t>Millones</a:t></a:r></a:p></c:rich></c:tx></c:title><c:txPr><a:bodyPr/><a:p><a:pPr/><a:endParaRPr/></a:p></c:txPr></c:valAx></c:plotArea></c:chart></c:chartSpace>`;
    const node = (id: string, text: string) =>
      `<dgm:pt modelId="${id}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></dgm:t></dgm:pt>`;
    const data = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" ${NS}><dgm:ptLst><dgm:pt modelId="0" type="doc"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt>${node("1", "Idea")}${node("2", "Prototype")}${node("3", "Lanzamiento")}<dgm:pt modelId="4" type="parTrans"><dgm:prSet/><dgm:spPr/><dgm:t><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt></dgm:ptLst><dgm:cxnLst/></dgm:dataModel>`;
    const drawing = `<?xml version="1.0" encoding="UTF-8"?><dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" ${NS}><dsp:spTree><dsp:sp><dsp:txBody><a:p><a:r><a:t>Drawing copy</a:t></a:r></a:p></dsp:txBody></dsp:sp></dsp:spTree></dsp:drawing>`;
    const rel = (id: string, type: string, target: string) =>
      `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`;

    /** LibreOffice's deck with a chart and a SmartArt on slide 2, the same chart on slide 3, and an unplaced chart. */
    function deckWithGraphics() {
      return rewriteZip(
        fixture("libreoffice.pptx"),
        (n, text) => {
          if (n === "ppt/slides/slide2.xml")
            return text().replace("</p:spTree>", `${chartRef("rIdC1")}${smartArtRef("rIdDm")}</p:spTree>`);
          if (n === "ppt/slides/slide3.xml") return text().replace("</p:spTree>", `${chartRef("rIdC")}</p:spTree>`);
          if (n === "ppt/slides/_rels/slide2.xml.rels")
            return text().replace(
              "</Relationships>",
              `${rel("rIdC1", `${REL}/chart`, "../charts/chart1.xml")}${rel("rIdDm", `${REL}/diagramData`, "../diagrams/data1.xml")}${rel("rIdDd", "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing", "../diagrams/drawing1.xml")}</Relationships>`,
            );
          if (n === "ppt/slides/_rels/slide3.xml.rels")
            return text().replace(
              "</Relationships>",
              `${rel("rIdC", `${REL}/chart`, "../charts/chart1.xml")}${rel("rIdOrphan", `${REL}/chart`, "../charts/chart2.xml")}</Relationships>`,
            );
          return undefined;
        },
        [
          { name: "ppt/charts/chart1.xml", content: chart },
          { name: "ppt/charts/chart2.xml", content: chart.replace("Ventas por región", "Not on any slide") },
          { name: "ppt/diagrams/data1.xml", content: data },
          { name: "ppt/diagrams/drawing1.xml", content: drawing },
        ],
      );
    }

    it("adds to a slide's text its charts' titles, series and category names (not the numbers) and its SmartArt's nodes", () => {
      const f = facts(deckWithGraphics());
      expect(f.slideTexts[0]).toBe(TEXTS[0]);
      expect(f.slideTexts[1].split("\n")).toEqual([
        ...TEXTS[1].split("\n"),
        "Ventas por región",
        "Millones",
        "Ingresos 2026",
        "Norte",
        "Sur",
        "Costes",
        "Literal series",
        "Idea",
        "Prototype",
        "Lanzamiento",
      ]);
      expect(f.slideTexts[1]).not.toMatch(/4217|3908|Drawing copy/);
      // The same chart on another slide counts there too; a chart no slide places is not read.
      expect(f.slideTexts[2]).toBe(
        `${TEXTS[2]}\nVentas por región\nMillones\nIngresos 2026\nNorte\nSur\nCostes\nLiteral series`,
      );
      expect(f.slideTexts.join("\n")).not.toContain("Not on any slide");
    });

    it("reads the chart pptxgenjs writes (its categories are grouped: c:multiLvlStrRef)", async () => {
      const pptx = new PptxGenJS();
      const slide = pptx.addSlide();
      slide.addText("Resultados", { x: 1, y: 0.2, w: 3, h: 0.5 });
      slide.addChart(pptx.ChartType.bar, [{ name: "Revenue", labels: ["North", "South"], values: [10, 20] }], {
        x: 1,
        y: 1,
        w: 6,
        h: 4,
        showTitle: true,
        title: "Sales by region",
      });
      const buf = (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
      expect(facts(buf).slideTexts).toEqual(["Resultados\nSales by region\nRevenue\nNorth\nSouth"]);
    });

    it("reads a chart only within the XML limit of a part, and refuses a slide's chart that is missing", () => {
      const buf = deckWithGraphics();
      const padded = rewriteZip(buf, (n, text) =>
        n === "ppt/charts/chart1.xml"
          ? text().replace("<c:chart>", `<!--${" ".repeat(200_000)}--><c:chart>`)
          : undefined,
      );
      expect(facts(padded).slideTexts[1]).toContain("Ventas por región");
      expect(refusal(padded, { ...DECK_LIMITS, maxXmlPartBytes: 150_000 })).toMatchObject({
        code: "slides.errors.zipBomb",
        detail: expect.stringContaining("chart1.xml"),
      });
      const missing = rewriteZip(buf, (n) => (n === "ppt/charts/chart1.xml" ? null : undefined));
      expect(refusal(missing)).toMatchObject({
        code: "slides.errors.broken",
        detail: expect.stringContaining("chart1.xml"),
      });
    });
  });

  it("reads a part saved as UTF-16 with a byte order mark", () => {
    const buf = rewriteZip(fixture("libreoffice.pptx"), (n, text) =>
      n === "ppt/slides/slide1.xml"
        ? Buffer.concat([
            Buffer.from([0xff, 0xfe]),
            Buffer.from(text().replace('encoding="UTF-8"', 'encoding="UTF-16"'), "utf16le"),
          ])
        : undefined,
    );
    expect(facts(buf).slideTexts[0]).toBe(TEXTS[0]);
  });

  it("reads a generated demo deck: one slide per design slide plus the attribution, in the template fonts", async () => {
    const t = generateDemoCatalog({ count: 8, now: new Date("2026-11-22T12:00:00Z") }).find(
      (x) => x.aspectRatio === "4:3",
    );
    if (!t) throw new Error("no 4:3 template in the sample");
    const buf = await buildPptx({
      design: t.design,
      palette: t.colors[0].palette,
      format: slideFormatOf(t),
      title: t.translations.en.title,
      attribution: true,
      brandName: "SlideNest",
    });
    const f = facts(buf);
    expect(f.slideCount).toBe(t.design.slides.length + 1);
    expect(f.aspectRatio).toBe("4:3");
    expect(f.headingFont).toBe(t.headingFont);
    expect(f.fonts).toEqual(expect.arrayContaining([t.headingFont, t.bodyFont]));
    expect(f.slideTexts.at(-1)).toContain("Template by SlideNest");
  });
});

/** LibreOffice's deck with one more entry. */
const withEntry = (entry: Parameters<typeof writeZip>[0][number]) =>
  rewriteZip(fixture("libreoffice.pptx"), () => undefined, [entry]);

describe("inspectDeck: refusals", () => {
  it.each([
    ["document.docx", "a renamed Word document"],
    ["document.pdf", "a PDF"],
    ["notes.txt", "a text file"],
  ])("refuses %s (%s) as not a presentation", (file) => {
    expect(refusal(fixture(file)).code).toBe("slides.errors.notPresentation");
  });

  it("refuses a legacy binary compound file (.ppt) without encryption as not a presentation", () => {
    const cfb = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(cfb);
    Buffer.from("PowerPoint Document", "utf16le").copy(cfb, 1024);
    expect(refusal(cfb).code).toBe("slides.errors.notPresentation");
  });

  it("refuses a zip that is no Office package", () => {
    expect(refusal(writeZip([{ name: "hello.txt", content: "hello" }])).code).toBe("slides.errors.notPresentation");
  });

  it("refuses a macro-enabled deck (.pptm) and a deck that only carries a vbaProject part", () => {
    expect(refusal(fixture("macros.pptm")).code).toBe("slides.errors.macros");
    expect(refusal(withEntry({ name: "ppt/vbaProject.bin", content: "Sub AutoOpen()" })).code).toBe(
      "slides.errors.macros",
    );
  });

  it("refuses a password-protected deck (agile-encrypted OOXML) and a zip with encrypted entries", () => {
    expect(refusal(fixture("encrypted.pptx"))).toMatchObject({ code: "slides.errors.encrypted" });
    const data = deflateRawSync(Buffer.from("secret"));
    const zipCrypto = withEntry({
      name: "ppt/media/locked.bin",
      forged: { method: 8, data, crc: crc32(Buffer.from("secret")), size: 6, flags: 0x801 },
    });
    expect(refusal(zipCrypto).code).toBe("slides.errors.encrypted");
  });

  it("refuses a deck without slides", () => {
    expect(refusal(fixture("no-slides.pptx")).code).toBe("slides.errors.noSlides");
  });

  it("refuses a file over 100 MB before reading it", () => {
    const big = Buffer.alloc(DECK_LIMITS.maxBytes + 1);
    fixture("libreoffice.pptx").copy(big);
    expect(DECK_LIMITS.maxBytes).toBe(100 * 1024 * 1024);
    expect(refusal(big).code).toBe("slides.errors.tooLarge");
  });

  describe("zip bombs", () => {
    it("refuses an entry that declares an inflated size far past its compressed size (ratio)", () => {
      const zeros = Buffer.alloc(32 * 1024 * 1024);
      const bomb = withEntry({ name: "ppt/media/zeros.bin", content: zeros });
      expect(refusal(bomb)).toMatchObject({
        code: "slides.errors.zipBomb",
        detail: expect.stringContaining("zeros.bin"),
      });
    });

    it("stops inflating an entry whose real output passes the size it declares", () => {
      const zeros = Buffer.alloc(8 * 1024 * 1024);
      const lying = withEntry({
        name: "ppt/media/liar.bin",
        forged: { method: 8, data: deflateRawSync(zeros), crc: crc32(zeros), size: 4096 },
      });
      const r = refusal(lying);
      expect(r.code).toBe("slides.errors.zipBomb");
      expect(r.detail).toContain("inflates past its declared 4096 bytes");
    });

    it("streams entries over 16 MB through the bounded inflater: a true one passes, a lying one is stopped", () => {
      const data = Buffer.concat([randomBytes(12 * 1024 * 1024), Buffer.alloc(12 * 1024 * 1024)]);
      const packed = deflateRawSync(data);
      const honest = withEntry({
        name: "ppt/media/video.bin",
        forged: { method: 8, data: packed, crc: crc32(data), size: data.length },
      });
      expect(facts(honest).slideCount).toBe(3);
      const lying = withEntry({
        name: "ppt/media/video.bin",
        forged: { method: 8, data: packed, crc: crc32(data), size: 17 * 1024 * 1024 },
      });
      const r = refusal(lying);
      expect(r.code).toBe("slides.errors.zipBomb");
      expect(r.detail).toContain(`inflates past its declared ${17 * 1024 * 1024} bytes`);
    });

    it("refuses more than 10 000 entries", () => {
      const many = Array.from({ length: DECK_LIMITS.maxEntries }, (_, i) => ({
        name: `ppt/media/e${i}.txt`,
        content: "x",
      }));
      const buf = rewriteZip(fixture("libreoffice.pptx"), () => undefined, many, 20_000);
      expect(readDirectory(buf, 20_000).length).toBeGreaterThan(DECK_LIMITS.maxEntries);
      expect(refusal(buf).code).toBe("slides.errors.zipBomb");
    });

    it("refuses entries whose declared sizes add up past 1 GB, each under the ratio", () => {
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const entries = Array.from({ length: 6 }, (_, i) => ({
        name: `ppt/media/part${i}.bin`,
        forged: { method: 8, data: chunk, crc: 0, size: 190 * 1024 * 1024 },
      }));
      const buf = rewriteZip(fixture("libreoffice.pptx"), () => undefined, entries);
      const r = refusal(buf);
      expect(r.code).toBe("slides.errors.zipBomb");
      expect(r.detail).toContain("uncompressed");
    });

    it("refuses entries whose data overlap (the trick of non-recursive bombs)", () => {
      const buf = writeZip([
        { name: "a.xml", content: "<a/>" },
        { name: "b.xml", content: "<b/>" },
      ]);
      // Point the second central directory record at the first local header.
      const cd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      buf.writeUInt32LE(0, cd + 42);
      expect(refusal(buf).code).toBe("slides.errors.zipBomb");
    });
  });

  describe("broken packages", () => {
    it("refuses a truncated zip", () => {
      expect(refusal(fixture("truncated.pptx")).code).toBe("slides.errors.broken");
    });

    it("refuses a deck whose compressed data is corrupt", () => {
      const buf = Buffer.from(fixture("libreoffice.pptx"));
      const slide = readDirectory(buf, 100).find((e) => e.name === "ppt/slides/slide1.xml");
      if (!slide) throw new Error("no slide1");
      for (let i = 0; i < 16; i++) buf[slide.dataOffset + 20 + i] ^= 0x5a;
      expect(refusal(buf).code).toBe("slides.errors.broken");
    });

    it("refuses unparsable XML, a DTD (no entity is expanded) and a slide pointing at a missing layout", () => {
      const lo = fixture("libreoffice.pptx");
      const bad = rewriteZip(lo, (n) => (n === "ppt/slides/slide2.xml" ? "<p:sld><p:cSld>" : undefined));
      expect(refusal(bad)).toMatchObject({
        code: "slides.errors.broken",
        detail: expect.stringContaining("slide2.xml"),
      });
      const laughs = `<?xml version="1.0"?><!DOCTYPE p:sld [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]><p:sld xmlns:p="p"><p:cSld/></p:sld>`;
      expect(refusal(rewriteZip(lo, (n) => (n === "ppt/slides/slide1.xml" ? laughs : undefined))).code).toBe(
        "slides.errors.broken",
      );
      const noLayout = rewriteZip(lo, (n) => (n === "ppt/slideLayouts/slideLayout1.xml" ? null : undefined));
      expect(refusal(noLayout)).toMatchObject({
        code: "slides.errors.broken",
        detail: expect.stringContaining("slideLayout1.xml"),
      });
    });

    it("refuses a CRC that does not match", () => {
      const text = "<a/>";
      const buf = withEntry({
        name: "ppt/media/x.xml",
        forged: { method: 8, data: deflateRawSync(Buffer.from(text)), crc: 1234, size: text.length },
      });
      expect(refusal(buf)).toMatchObject({ code: "slides.errors.broken", detail: expect.stringContaining("CRC") });
    });
  });
});

describe("refusal messages", () => {
  it.each(["en", "es"])("every refusal code has its message in %s", (locale) => {
    const file = path.join(import.meta.dirname, "../shared/locales", locale, "slides.json");
    const messages = JSON.parse(fs.readFileSync(file, "utf8")) as { errors: Record<string, string> };
    for (const code of DECK_PROBLEMS) {
      expect(messages.errors[code.replace("slides.errors.", "")], code).toMatch(/\S/);
    }
  });
});

describe("parseXml", () => {
  it("decodes the predefined entities and character references, and keeps CDATA as text", () => {
    const root = parseXml(
      `<?xml version="1.0"?><a x="&lt;&amp;&quot;"><b>Caf&#xE9; &#26085; &gt;</b><![CDATA[<raw>]]></a>`,
    );
    expect(root.attrs.x).toBe('<&"');
    expect(root.children).toEqual([{ name: "b", local: "b", attrs: {}, children: ["Café 日 >"] }, "<raw>"]);
  });

  it.each([
    ["an external entity", "<!DOCTYPE a [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><a>&x;</a>", "DOCTYPE"],
    ["an undeclared entity", "<a>&x;</a>", "unknown entity"],
    ["crossed tags", "<a><b></a></b>", "does not close"],
    ["an unclosed root", "<a>", "never closed"],
    ["two roots", "<a/><b/>", "more than one root"],
    ["a bare ampersand", "<a>x & y</a>", "bare &"],
    ["300 nested elements", `${"<a>".repeat(300)}${"</a>".repeat(300)}`, "too deep"],
  ])("refuses %s", (_label, xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });
});
