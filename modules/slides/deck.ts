/**
 * Reads a PowerPoint deck (.pptx) for import: refuses what SlideNest will not serve and reads the
 * facts the template page and search show (ADR 0018). Pure TypeScript, synchronous, no process:
 * the zip is read with zip.ts (limits checked on declared sizes, then on real output) and each XML
 * part with xml.ts (no DTD, no entity expansion).
 */
import { DECK_LIMITS } from "#config/constants.ts";
import type { Result } from "#modules/shared/result.ts";
import { attr, child, children, descendants, parseXml, textOf, type XmlElement, XmlError } from "./xml.ts";
import { extract, readDirectory, type ZipEntry, ZipError } from "./zip.ts";

export type AspectRatio = "16:9" | "4:3" | "16:10" | "custom";

export type DeckFacts = {
  slideCount: number;
  aspectRatio: AspectRatio;
  /** EMU, from ppt/presentation.xml sldSz. */
  size: { cx: number; cy: number };
  /** The theme's major (heading) latin font. */
  headingFont: string | null;
  /** The theme's minor (body) latin font. */
  bodyFont: string | null;
  /** Every typeface the slides, layouts, masters and theme name, deduplicated, sorted. */
  fonts: string[];
  /** dk1, lt1, dk2, lt2, accent1..6, hlink, folHlink as "#RRGGBB" (sysClr gives its lastClr). */
  themeColors: { name: string; hex: string }[];
  /**
   * The visible text of each slide in order: runs joined, paragraphs (and line breaks) by "\n"; then the
   * text of the charts and SmartArt the slide shows (titles, series and category names, nodes), once each.
   */
  slideTexts: string[];
  /** Targets of TargetMode="External" relationships (hyperlinks, linked media), deduplicated, sorted. */
  externalLinks: string[];
  /** Zip paths ("ppt/embeddings/oleObject1.bin") of OLE objects and embedded packages, sorted. */
  embeddedObjects: string[];
};

/** Every refusal; each is a translation key (modules/shared/locales/{en,es}/slides.json). */
export const DECK_PROBLEMS = [
  "slides.errors.notPresentation",
  "slides.errors.macros",
  "slides.errors.encrypted",
  "slides.errors.noSlides",
  "slides.errors.tooLarge",
  "slides.errors.zipBomb",
  "slides.errors.broken",
] as const;
export type DeckProblem = (typeof DECK_PROBLEMS)[number];

/** A deck's facts, or its refusal with a detail for the operator. */
export type DeckResult = Result<DeckFacts, DeckProblem>;

export type DeckLimits = { [K in keyof typeof DECK_LIMITS]: number };

const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const OFFICE_DOCUMENT = `${REL_NS}/officeDocument`;
const STRICT_OFFICE_DOCUMENT = "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument";

/** Main-part content types of decks SlideNest takes: presentation, show, template. */
const PRESENTATION_TYPES = [
  "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
  "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
  "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
];
/** Their macro-enabled twins (.pptm, .ppsm, .potm). */
const MACRO_TYPES = [
  "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml",
  "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml",
  "application/vnd.ms-powerpoint.template.macroenabled.main+xml",
];

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const THEME_COLOR_NAMES = [
  "dk1",
  "lt1",
  "dk2",
  "lt2",
  "accent1",
  "accent2",
  "accent3",
  "accent4",
  "accent5",
  "accent6",
  "hlink",
  "folHlink",
] as const;

/** A refusal raised while reading; inspectDeck turns it into a result. */
export class DeckError extends Error {
  readonly code: DeckProblem;
  readonly detail: string;
  constructor(code: DeckProblem, detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

export type Relationship = { id: string; type: string; target: string; external: boolean };

/** An opened package: its entries and a reader of its parts, all checked against the limits. */
export class Package {
  readonly entries: ZipEntry[];
  readonly byName = new Map<string, ZipEntry>();
  private readonly checked = new Set<string>();
  private readonly parsed = new Map<string, XmlElement>();

  readonly buf: Uint8Array;
  readonly limits: DeckLimits;

  constructor(buf: Uint8Array, limits: DeckLimits = DECK_LIMITS) {
    this.buf = buf;
    this.limits = limits;
    try {
      this.entries = readDirectory(buf, limits.maxEntries);
    } catch (err) {
      throw zipToDeck(err);
    }
    let total = 0;
    for (const e of this.entries) {
      total += e.size;
      if (e.size > limits.ratioMinBytes && e.size / Math.max(1, e.compressedSize) > limits.maxRatio) {
        throw new DeckError(
          "slides.errors.zipBomb",
          `${e.name} declares ${e.size} bytes from ${e.compressedSize} (over ${limits.maxRatio}:1)`,
        );
      }
      if (this.byName.has(e.name)) throw new DeckError("slides.errors.broken", `${e.name} twice in the package`);
      this.byName.set(e.name, e);
    }
    if (total > limits.maxUncompressedBytes) {
      throw new DeckError("slides.errors.zipBomb", `${total} bytes uncompressed (over ${limits.maxUncompressedBytes})`);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** A part's bytes, checked (size and CRC) as it inflates. */
  bytes(name: string): Uint8Array {
    const e = this.byName.get(name);
    if (!e) throw new DeckError("slides.errors.broken", `missing part ${name}`);
    try {
      const out = extract(this.buf, e, true) as Uint8Array;
      this.checked.add(name);
      return out;
    } catch (err) {
      throw zipToDeck(err);
    }
  }

  /** A part parsed as XML (bounded by maxXmlPartBytes). */
  xml(name: string): XmlElement {
    const e = this.byName.get(name);
    if (!e) throw new DeckError("slides.errors.broken", `missing part ${name}`);
    if (e.size > this.limits.maxXmlPartBytes) {
      throw new DeckError("slides.errors.zipBomb", `${name} is ${e.size} bytes of XML`);
    }
    const cached = this.parsed.get(name);
    if (cached) return cached;
    const raw = Buffer.from(this.bytes(name));
    // OPC allows UTF-16 parts (with a byte order mark); Office writes UTF-8.
    const text =
      raw[0] === 0xff && raw[1] === 0xfe
        ? raw.toString("utf16le")
        : raw[0] === 0xfe && raw[1] === 0xff
          ? Buffer.from(raw).swap16().toString("utf16le")
          : raw.toString("utf8");
    try {
      const root = parseXml(text);
      this.parsed.set(name, root);
      return root;
    } catch (err) {
      if (err instanceof XmlError) throw new DeckError("slides.errors.broken", `${name}: ${err.message}`);
      throw err;
    }
  }

  /** The relationships of a part (from its _rels/<name>.rels); none when that part is absent. */
  rels(part: string): Relationship[] {
    const relsName = relsOf(part);
    if (!this.has(relsName)) return [];
    const base = part.slice(0, part.lastIndexOf("/") + 1);
    return children(this.xml(relsName), "Relationship").map((r) => {
      const external = attr(r, "TargetMode") === "External";
      const target = attr(r, "Target") ?? "";
      return {
        id: attr(r, "Id") ?? "",
        type: attr(r, "Type") ?? "",
        target: external ? target : resolvePart(base, target),
        external,
      };
    });
  }

  /** Inflates every entry not read yet, counting and checksumming without keeping the output. */
  verifyAll(): void {
    for (const e of this.entries) {
      if (this.checked.has(e.name)) continue;
      try {
        extract(this.buf, e, false);
      } catch (err) {
        throw zipToDeck(err);
      }
      this.checked.add(e.name);
    }
  }
}

function zipToDeck(err: unknown): unknown {
  if (!(err instanceof ZipError)) return err;
  const code: DeckProblem =
    err.kind === "notZip"
      ? "slides.errors.notPresentation"
      : err.kind === "bomb"
        ? "slides.errors.zipBomb"
        : err.kind === "encrypted"
          ? "slides.errors.encrypted"
          : "slides.errors.broken";
  return new DeckError(code, err.message);
}

export function relsOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** A relationship target resolved against the folder of its source part, as a zip path. */
export function resolvePart(base: string, target: string): string {
  let t = target;
  try {
    t = decodeURIComponent(target);
  } catch {
    // keep it as written
  }
  const segments = (t.startsWith("/") ? t.slice(1) : base + t).split("/");
  const out: string[] = [];
  for (const s of segments) {
    if (s === "" || s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  return out.join("/");
}

/** The main part (ppt/presentation.xml in practice) and the content types, or a refusal. */
export function openPresentation(pkg: Package): { main: string; contentTypes: XmlElement } {
  if (!pkg.has("[Content_Types].xml")) {
    throw new DeckError("slides.errors.notPresentation", "no [Content_Types].xml: not an Office package");
  }
  const contentTypes = pkg.xml("[Content_Types].xml");
  const rootRels = pkg.rels("");
  const office = rootRels.find((r) => r.type === OFFICE_DOCUMENT || r.type === STRICT_OFFICE_DOCUMENT);
  const main = office && !office.external ? office.target : "ppt/presentation.xml";
  const typeOf = (part: string): string => {
    // Part names compare case-insensitively (OPC).
    const override = children(contentTypes, "Override").find(
      (o) => attr(o, "PartName")?.toLowerCase() === `/${part}`.toLowerCase(),
    );
    if (override) return (attr(override, "ContentType") ?? "").toLowerCase();
    const ext = part.slice(part.lastIndexOf(".") + 1).toLowerCase();
    const def = children(contentTypes, "Default").find((d) => (attr(d, "Extension") ?? "").toLowerCase() === ext);
    return (def && attr(def, "ContentType")?.toLowerCase()) ?? "";
  };
  const mainType = pkg.has(main) ? typeOf(main) : "";
  const macros =
    pkg.entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name)) ||
    MACRO_TYPES.includes(mainType) ||
    children(contentTypes, "Override").some((o) => /vbaProject/i.test(attr(o, "ContentType") ?? "")) ||
    children(contentTypes, "Default").some((o) => /vbaProject/i.test(attr(o, "ContentType") ?? ""));
  if (!pkg.has(main) || !(PRESENTATION_TYPES.includes(mainType) || MACRO_TYPES.includes(mainType))) {
    if (macros && pkg.has(main) && /^ppt\//.test(main))
      throw new DeckError("slides.errors.macros", "macro-enabled deck");
    throw new DeckError(
      "slides.errors.notPresentation",
      pkg.has(main) ? `main part ${main} is ${mainType || "of no known type"}` : `no ${main}`,
    );
  }
  if (macros) throw new DeckError("slides.errors.macros", "the package holds a VBA project (macro-enabled deck)");
  return { main, contentTypes };
}

function isCfb(buf: Uint8Array): boolean {
  return buf.length >= 512 && CFB_MAGIC.every((b, i) => buf[i] === b);
}

/** An OLE compound file: a password-protected OOXML package if it holds EncryptionInfo, else a legacy binary file. */
function cfbProblem(buf: Uint8Array): DeckError {
  const needle = Buffer.from("EncryptionInfo", "utf16le");
  if (Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).includes(needle)) {
    return new DeckError("slides.errors.encrypted", "password-protected (encrypted OOXML in a compound file)");
  }
  return new DeckError("slides.errors.notPresentation", "a legacy binary Office file (.ppt/.doc), not a .pptx");
}

const nearly = (a: number, b: number) => Math.abs(a - b) / b < 0.005;

export function aspectRatioOf(cx: number, cy: number): AspectRatio {
  const r = cx / cy;
  if (nearly(r, 16 / 9)) return "16:9";
  if (nearly(r, 4 / 3)) return "4:3";
  if (nearly(r, 16 / 10)) return "16:10";
  return "custom";
}

const FONT_ELEMENTS = ["latin", "ea", "cs", "sym", "buFont"] as const;
/** mc:Fallback repeats its mc:Choice for older readers: read the choice only. */
const ALTERNATIVES = ["Fallback"] as const;

/** Typefaces named by runs, bullets and styles ("+mj-lt" and the like point at the theme: skipped). */
function typefaces(root: XmlElement, into: Set<string>) {
  for (const el of descendants(root, FONT_ELEMENTS, ALTERNATIVES)) {
    const face = attr(el, "typeface")?.trim();
    if (face && !face.startsWith("+")) into.add(face);
  }
}

function hexOf(el: XmlElement | undefined): string | null {
  if (!el) return null;
  const srgb = child(el, "srgbClr");
  const sys = child(el, "sysClr");
  const v = srgb ? attr(srgb, "val") : sys ? attr(sys, "lastClr") : undefined;
  return v && /^[0-9a-fA-F]{6}$/.test(v) ? `#${v.toUpperCase()}` : null;
}

/**
 * The text of a slide (or of any part written in DrawingML text): each a:p's runs (a:t), with a:br as a
 * line break; empty paragraphs dropped. Text in charts and SmartArt lives in other parts: graphicText.
 */
export function slideText(slide: XmlElement): string {
  const paragraphs: string[] = [];
  for (const p of descendants(slide, ["p"], ALTERNATIVES)) {
    let line = "";
    const walk = (el: XmlElement) => {
      for (const c of el.children) {
        if (typeof c === "string") continue;
        if (c.local === "t") line += textOf(c);
        else if (c.local === "br") line += "\n";
        else if (c.local !== "p") walk(c);
      }
    };
    walk(p);
    if (line.trim()) paragraphs.push(line.replace(/\s+$/, ""));
  }
  return paragraphs.join("\n");
}

/** Relationship types of the parts whose text a slide shows: charts (and Office 2016 chartEx), SmartArt data. */
const GRAPHIC_TEXT_TYPE = /\/(chart|chartEx|diagramData)$/;

/**
 * The text a slide shows from other parts, in the order the slide places them: each chart's titles and
 * rich labels, its series and category names (cached strings, not the numbers) and each SmartArt's
 * nodes (its data part; the drawing Office keeps beside it repeats them). Only parts the slide's own
 * XML references through its relationships are read, each through the package (so within its limits,
 * and parsed once however many slides show it); a line is given once per slide.
 */
export function graphicText(pkg: Package, slide: XmlElement, rels: Relationship[]): string {
  const byId = new Map(rels.map((r) => [r.id, r]));
  const parts: string[] = [];
  // c:chart / cx:chart r:id="…" in a graphic frame; dgm:relIds r:dm="…" for SmartArt.
  for (const el of descendants(slide, ["chart", "relIds"], ALTERNATIVES)) {
    const rel = byId.get((el.local === "chart" ? rIdOf(el) : attr(el, "dm")) ?? "");
    if (!rel || rel.external || !GRAPHIC_TEXT_TYPE.test(rel.type) || !pkg.has(rel.target)) continue;
    if (!parts.includes(rel.target)) parts.push(rel.target);
  }
  const lines: string[] = [];
  for (const part of parts) {
    const root = pkg.xml(part);
    lines.push(...slideText(root).split("\n"));
    if (root.local === "dataModel") continue;
    // c:strCache (c:pt/c:v), c:strLit, c:multiLvlStrCache (c:lvl/c:pt/c:v: grouped categories, as
    // pptxgenjs writes every category axis), and chartEx's cx:strDim (cx:pt holds its text).
    for (const cache of descendants(root, ["strCache", "strLit", "multiLvlStrCache", "strDim"], ALTERNATIVES)) {
      for (const pt of descendants(cache, ["pt"])) {
        const v = child(pt, "v");
        lines.push(textOf(v ?? pt));
      }
    }
    // A series or title named by a literal: c:tx/c:v, cx:tx/cx:txData/cx:v.
    for (const tx of descendants(root, ["tx", "txData"], ALTERNATIVES)) {
      const v = child(tx, "v");
      if (v) lines.push(textOf(v));
    }
  }
  const unique = new Set(lines.map((l) => l.trim()).filter(Boolean));
  return [...unique].join("\n");
}

/** The theme of the first slide master (or of the presentation), its fonts and colours. */
export function readTheme(
  pkg: Package,
  main: string,
  masters: string[],
): {
  headingFont: string | null;
  bodyFont: string | null;
  colors: { name: string; hex: string }[];
  part: string | null;
} {
  const themeRel =
    masters.flatMap((m) => pkg.rels(m)).find((r) => r.type.endsWith("/theme") && !r.external) ??
    pkg.rels(main).find((r) => r.type.endsWith("/theme") && !r.external);
  if (!themeRel) return { headingFont: null, bodyFont: null, colors: [], part: null };
  const theme = pkg.xml(themeRel.target);
  const elements = child(theme, "themeElements");
  const scheme = elements && child(elements, "clrScheme");
  const colors: { name: string; hex: string }[] = [];
  if (scheme) {
    for (const name of THEME_COLOR_NAMES) {
      const hex = hexOf(child(scheme, name));
      if (hex) colors.push({ name, hex });
    }
  }
  const fontScheme = elements && child(elements, "fontScheme");
  const latinOf = (which: string) => {
    const f = fontScheme && child(fontScheme, which);
    const face = f && child(f, "latin") && attr(child(f, "latin") as XmlElement, "typeface")?.trim();
    return face || null;
  };
  return { headingFont: latinOf("majorFont"), bodyFont: latinOf("minorFont"), colors, part: themeRel.target };
}

/** Reads the deck; throws DeckError on a refusal. inspectDeck is the version that returns a result. */
export function readDeck(file: Uint8Array, limits: DeckLimits = DECK_LIMITS): DeckFacts {
  if (file.byteLength > limits.maxBytes) {
    throw new DeckError("slides.errors.tooLarge", `${file.byteLength} bytes (over ${limits.maxBytes})`);
  }
  if (isCfb(file)) throw cfbProblem(file);
  const pkg = new Package(file, limits);
  const { main } = openPresentation(pkg);
  const presentation = pkg.xml(main);
  const mainRels = pkg.rels(main);
  const relById = new Map(mainRels.map((r) => [r.id, r]));

  const sldSz = child(presentation, "sldSz");
  const cx = Number(sldSz && attr(sldSz, "cx"));
  const cy = Number(sldSz && attr(sldSz, "cy"));
  if (!(cx > 0 && cy > 0)) throw new DeckError("slides.errors.broken", "no slide size (p:sldSz) in the presentation");

  const sldIdLst = child(presentation, "sldIdLst");
  const slideIds = sldIdLst ? children(sldIdLst, "sldId") : [];
  if (slideIds.length === 0) throw new DeckError("slides.errors.noSlides", "the presentation lists no slide");
  const slides = slideIds.map((s) => {
    const rel = relById.get(rIdOf(s) ?? "");
    if (!rel || rel.external || !pkg.has(rel.target)) {
      throw new DeckError("slides.errors.broken", `slide ${attr(s, "id")} points at no slide part`);
    }
    return rel.target;
  });

  const masterList = child(presentation, "sldMasterIdLst");
  const masters = (masterList ? children(masterList, "sldMasterId") : [])
    .map((m) => relById.get(rIdOf(m) ?? ""))
    .filter((r) => r && !r.external)
    .map((r) => (r as Relationship).target);
  for (const m of masters) if (!pkg.has(m)) throw new DeckError("slides.errors.broken", `missing master ${m}`);

  const theme = readTheme(pkg, main, masters);
  const fonts = new Set<string>();
  for (const f of [theme.headingFont, theme.bodyFont]) if (f) fonts.add(f);
  if (theme.part) {
    const elements = child(pkg.xml(theme.part), "themeElements");
    const fontScheme = elements && child(elements, "fontScheme");
    for (const which of ["majorFont", "minorFont"]) {
      const f = fontScheme && child(fontScheme, which);
      if (!f) continue;
      for (const local of ["latin", "ea", "cs"]) {
        const face = child(f, local) && attr(child(f, local) as XmlElement, "typeface")?.trim();
        if (face) fonts.add(face);
      }
    }
  }

  const external = new Set<string>();
  const embedded = new Set<string>();
  const seen = new Set<string>();
  const layouts = new Set<string>();
  const visit = (part: string): Relationship[] => {
    const rels = pkg.rels(part);
    for (const r of rels) {
      if (r.external) {
        if (r.target) external.add(r.target);
        continue;
      }
      if (r.target === "NULL" || r.target.endsWith("/NULL")) continue;
      if (!pkg.has(r.target)) throw new DeckError("slides.errors.broken", `${part} points at missing ${r.target}`);
      if (/\/(oleObject|package)$/.test(r.type)) embedded.add(r.target);
    }
    return rels;
  };
  visit(main);

  const slideTexts: string[] = [];
  for (const part of slides) {
    const xml = pkg.xml(part);
    typefaces(xml, fonts);
    const rels = visit(part);
    slideTexts.push([slideText(xml), graphicText(pkg, xml, rels)].filter(Boolean).join("\n"));
    const layout = rels.find((r) => r.type.endsWith("/slideLayout"));
    if (!layout) throw new DeckError("slides.errors.broken", `${part} has no layout`);
    layouts.add(layout.target);
    seen.add(part);
  }
  const allMasters = new Set(masters);
  for (const part of layouts) {
    typefaces(pkg.xml(part), fonts);
    const master = visit(part).find((r) => r.type.endsWith("/slideMaster"));
    if (!master) throw new DeckError("slides.errors.broken", `${part} has no master`);
    allMasters.add(master.target);
  }
  for (const part of allMasters) {
    typefaces(pkg.xml(part), fonts);
    visit(part);
  }
  // Other parts (charts, notes, diagrams) may link out or embed too.
  for (const e of pkg.entries) {
    if (!e.name.endsWith(".rels") || !e.name.startsWith("ppt/")) continue;
    const source = e.name.replace(/_rels\/([^/]+)\.rels$/, "$1");
    if (seen.has(source) || layouts.has(source) || allMasters.has(source) || source === main) continue;
    for (const r of pkg.rels(source)) {
      if (r.external && r.target) external.add(r.target);
      else if (/\/(oleObject|package)$/.test(r.type)) embedded.add(r.target);
    }
  }
  for (const e of pkg.entries) if (/^ppt\/embeddings\/[^/]+$/.test(e.name)) embedded.add(e.name);

  pkg.verifyAll();

  return {
    slideCount: slides.length,
    aspectRatio: aspectRatioOf(cx, cy),
    size: { cx, cy },
    headingFont: theme.headingFont,
    bodyFont: theme.bodyFont,
    fonts: [...fonts].sort((a, b) => a.localeCompare(b, "en")),
    themeColors: theme.colors,
    slideTexts,
    externalLinks: [...external].sort(),
    embeddedObjects: [...embedded].sort(),
  };
}

/** The relationship id of an element (r:id, whatever the prefix). */
export function rIdOf(el: XmlElement): string | undefined {
  for (const [k, v] of Object.entries(el.attrs)) if (k.endsWith(":id") && k !== "id") return v;
  return undefined;
}

/** Reads a deck for import: its facts, or the refusal (a translation key) with a detail for the operator. */
export function inspectDeck(file: Buffer | Uint8Array, limits: DeckLimits = DECK_LIMITS): DeckResult {
  try {
    return { ok: true, value: readDeck(file, limits) };
  } catch (err) {
    if (err instanceof DeckError) return { ok: false, code: err.code, detail: err.detail };
    if (err instanceof RangeError) return { ok: false, code: "slides.errors.broken", detail: err.message };
    throw err;
  }
}
