/**
 * Builds the downloadable .pptx of a template colour variant with pptxgenjs, drawing the same ops as
 * the SVG previews (layout.ts). Canvas units map to inches as 1600 units = 10 in (160 units per inch),
 * so 1 unit = 0.45 pt for font sizes and stroke widths.
 */
import type { Design, Palette, SlideFormat } from "./design.ts";
import { layoutAttribution, layoutSlide, type Op, type SlideDrawing } from "./layout.ts";
import { loadPptxGenJS, type PptxGenJS } from "./pptxgen.ts";

type PptxSlide = ReturnType<PptxGenJS["addSlide"]>;
type ShapeName = Parameters<PptxSlide["addShape"]>[0];
type ShapeOptions = NonNullable<Parameters<PptxSlide["addShape"]>[1]>;
type TextRuns = Exclude<Parameters<PptxSlide["addText"]>[0], string>;
type TextOptions = NonNullable<Parameters<PptxSlide["addText"]>[1]>;

/** Canvas units per inch: 160 draws the 1600-unit canvas 10 in wide (a real deck may be wider). */
const UNITS_PER_INCH = 160;

/** Canvas units to inches and points at one scale. */
type Units = { inch(v: number): number; pt(v: number): number };

function unitsAt(unitsPerInch: number): Units {
  return {
    inch: (v) => Math.round((v / unitsPerInch) * 10000) / 10000,
    pt: (v) => Math.round(v * (72 / unitsPerInch) * 100) / 100,
  };
}
const hex = (c: string) => c.replace("#", "").toUpperCase();
const norm = (deg: number) => Math.round((((deg % 360) + 360) % 360) * 100) / 100;

export type BuildPptxInput = {
  design: Design;
  palette: Palette;
  format: SlideFormat;
  /** Document title (metadata). */
  title: string;
  /** Free-licence variant: appends the "Template by {brandName}" slide. */
  attribution: boolean;
  brandName: string;
};

function shapeOptions(op: Exclude<Op, { kind: "line" } | { kind: "text" }>, { inch, pt }: Units): ShapeOptions {
  const o: ShapeOptions = { x: inch(op.x), y: inch(op.y), w: inch(op.w), h: inch(op.h) };
  if (op.fill) {
    o.fill = { color: hex(op.fill) };
    if (op.opacity !== undefined && op.opacity < 1) o.fill.transparency = Math.round((1 - op.opacity) * 100);
  }
  if (op.stroke) o.line = { color: hex(op.stroke), width: pt(op.strokeWidth ?? 1) };
  return o;
}

function drawOp(slide: PptxSlide, op: Op, u: Units) {
  const { inch, pt } = u;
  switch (op.kind) {
    case "rect": {
      const o = shapeOptions(op, u);
      if (op.radius) {
        o.rectRadius = inch(Math.min(op.radius, op.w / 2, op.h / 2));
        slide.addShape("roundRect" as ShapeName, o);
      } else {
        slide.addShape("rect" as ShapeName, o);
      }
      return;
    }
    case "ellipse":
      slide.addShape("ellipse" as ShapeName, shapeOptions(op, u));
      return;
    case "triangle":
      slide.addShape("triangle" as ShapeName, shapeOptions(op, u));
      return;
    case "homePlate":
      slide.addShape("homePlate" as ShapeName, shapeOptions(op, u));
      return;
    case "chevron":
      slide.addShape("chevron" as ShapeName, shapeOptions(op, u));
      return;
    case "pie":
      slide.addShape("pie" as ShapeName, { ...shapeOptions(op, u), angleRange: [norm(op.start), norm(op.end)] });
      return;
    case "line": {
      const x = Math.min(op.x1, op.x2);
      const y = Math.min(op.y1, op.y2);
      const o: ShapeOptions = {
        x: inch(x),
        y: inch(y),
        w: inch(Math.abs(op.x2 - op.x1)),
        h: inch(Math.abs(op.y2 - op.y1)),
        line: { color: hex(op.stroke), width: pt(op.strokeWidth) },
      };
      if ((op.x2 - op.x1) * (op.y2 - op.y1) < 0) o.flipV = true;
      slide.addShape("line" as ShapeName, o);
      return;
    }
    case "text": {
      const runs: TextRuns = op.lines.map((text, i) => ({
        text,
        options: i < op.lines.length - 1 ? { breakLine: true } : {},
      }));
      const o: TextOptions = {
        x: inch(op.x),
        y: inch(op.y),
        w: inch(op.w),
        h: inch(Math.max(op.h, op.lineHeight)),
        margin: 0,
        fontFace: op.fontFamily,
        fontSize: pt(op.size),
        color: hex(op.color),
        bold: op.bold,
        italic: op.italic,
        align: op.align,
        valign: op.valign,
        lineSpacing: pt(op.lineHeight),
        paraSpaceBefore: 0,
        paraSpaceAfter: 0,
        fit: "none",
        wrap: true,
      };
      if (op.letterSpacing) o.charSpacing = pt(op.letterSpacing);
      slide.addText(runs, o);
      return;
    }
    default: {
      const never: never = op;
      throw new Error(`Unknown op ${JSON.stringify(never)}`);
    }
  }
}

function addDrawing(pptx: PptxGenJS, d: SlideDrawing, u: Units = unitsAt(UNITS_PER_INCH)) {
  const slide = pptx.addSlide();
  slide.background = { color: hex(d.background) };
  for (const op of d.ops) drawOp(slide, op, u);
}

/**
 * One drawing as a one-slide deck `widthInches` wide (its height follows the drawing's canvas), for
 * taking its slide into another deck (attribution.ts).
 */
export async function buildDrawingPptx(d: SlideDrawing, widthInches: number): Promise<Buffer> {
  const pptx = new (await loadPptxGenJS())();
  const heightInches = (widthInches * d.height) / d.width;
  pptx.defineLayout({ name: "DRAWING", width: widthInches, height: heightInches });
  pptx.layout = "DRAWING";
  addDrawing(pptx, d, unitsAt(d.width / widthInches));
  const out = await pptx.stream({ compression: true });
  return Buffer.isBuffer(out) ? out : Buffer.from(out as ArrayBuffer);
}

/** The .pptx of one colour variant; with `attribution`, the free-licence file with its final credit slide. */
export async function buildPptx(input: BuildPptxInput): Promise<Buffer> {
  const { design, palette, format, title, attribution, brandName } = input;
  const pptx = new (await loadPptxGenJS())();
  pptx.layout = format.aspectRatio === "4:3" ? "LAYOUT_4x3" : "LAYOUT_16x9";
  pptx.title = title;
  pptx.subject = `${title} presentation template`;
  pptx.author = brandName;
  pptx.company = brandName;
  pptx.theme = { headFontFace: format.headingFont, bodyFontFace: format.bodyFont };
  for (const slide of design.slides) addDrawing(pptx, layoutSlide(slide, palette, format));
  if (attribution) addDrawing(pptx, layoutAttribution(palette, format, brandName));
  // `write({ outputType, compression })` ignores `compression` in pptxgenjs 4.0.1; `stream` honours it
  // and returns a Node Buffer (DEFLATE makes the files about 8x smaller).
  const out = await pptx.stream({ compression: true });
  return Buffer.isBuffer(out) ? out : Buffer.from(out as ArrayBuffer);
}
