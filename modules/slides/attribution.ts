/**
 * Appends the "Template by {brand}" slide to a real deck (free-licence downloads). The slide is the
 * renderer's attribution drawing (layout.ts, the look of the generated decks' last slide) in the
 * deck's own theme colours and fonts, at the deck's own size and ratio, on a layout of that deck
 * (its blank layout when it has one). Four parts must agree (STACK-NOTES): the new
 * ppt/slides/slideN.xml with its _rels pointing at the layout, [Content_Types].xml,
 * ppt/_rels/presentation.xml.rels and p:sldIdLst (an id above every existing one); docProps/app.xml's
 * slide count follows. Every other part is copied byte for byte.
 */

import { LOCALE_TAGS } from "#config/constants.ts";
import { buildDrawingPptx } from "./build-pptx.ts";
import { contrast, ensureContrast, mix, readableOn } from "./color.ts";
import { DeckError, openPresentation, Package, readTheme, rIdOf } from "./deck.ts";
import type { Palette } from "./design.ts";
import { ATTRIBUTION_TITLE, type AttributionLocale, CANVAS_WIDTH, layoutAttribution } from "./layout.ts";
import { attr, child, children, escapeXmlText, type XmlElement } from "./xml.ts";
import { rewriteZip, type WriteEntry } from "./zip.ts";

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const SLIDE_REL = `${REL}/slide`;
const LAYOUT_REL = `${REL}/slideLayout`;
const SLIDE_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";
const EMU_PER_INCH = 914_400;
/** p:sldId ids live in [256, 2^31). */
const MAX_SLIDE_ID = 2_147_483_647;

export type AttributionOptions = { brandName: string; locale?: AttributionLocale };

/** A palette from the deck's theme: light 1 behind dark 1, accents 1 and 2, every text readable. */
export function paletteFromTheme(colors: { name: string; hex: string }[]): Palette {
  const get = (name: string) => colors.find((c) => c.name === name)?.hex;
  const background = get("lt1") ?? "#FFFFFF";
  const dark = get("dk1") ?? "#000000";
  const text = contrast(dark, background) >= 4.5 ? dark : readableOn(background, [dark, get("dk2") ?? dark]);
  return {
    background,
    surface: mix(background, text, 0.06),
    text,
    muted: ensureContrast(mix(text, background, 0.3), background, 4.5),
    accent1: get("accent1") ?? "#E4572E",
    accent2: get("accent2") ?? get("accent1") ?? "#F3A712",
  };
}

/** The prefix an element's name uses ("p" for "p:sldIdLst", "" for none). */
const prefixOf = (el: XmlElement) => (el.name.includes(":") ? el.name.slice(0, el.name.indexOf(":")) : "");
const q = (prefix: string, local: string) => (prefix ? `${prefix}:${local}` : local);

/** The prefix bound to a namespace on the root element. */
function nsPrefix(root: XmlElement, ns: string): string | null {
  for (const [k, v] of Object.entries(root.attrs)) if (v === ns && k.startsWith("xmlns:")) return k.slice(6);
  return null;
}

/** Inserts `insert` before the closing tag of the last element named `qname` (or in place of its `<x/>`). */
function insertInto(xml: string, qname: string, insert: string): string | null {
  const close = xml.lastIndexOf(`</${qname}>`);
  if (close >= 0) return xml.slice(0, close) + insert + xml.slice(close);
  const empty = new RegExp(`<${qname.replace(".", "\\.")}(\\s[^>]*)?/>`).exec(xml);
  if (empty)
    return `${xml.slice(0, empty.index)}<${qname}${empty[1] ?? ""}>${insert}</${qname}>${xml.slice(empty.index + empty[0].length)}`;
  return null;
}

/** The layout for the new slide: the blank layout of the last slide's master, else the last slide's layout. */
function pickLayout(pkg: Package, lastSlide: string): string {
  const slideLayout = pkg.rels(lastSlide).find((r) => r.type === LAYOUT_REL && !r.external);
  if (!slideLayout || !pkg.has(slideLayout.target))
    throw new DeckError("slides.errors.broken", `${lastSlide} has no layout`);
  const master = pkg.rels(slideLayout.target).find((r) => r.type.endsWith("/slideMaster") && !r.external);
  if (master && pkg.has(master.target)) {
    for (const r of pkg.rels(master.target)) {
      if (r.type !== LAYOUT_REL || r.external || !pkg.has(r.target)) continue;
      const layout = pkg.xml(r.target);
      const name = child(layout, "cSld") && attr(child(layout, "cSld") as XmlElement, "name");
      if (attr(layout, "type") === "blank" || /^blank$/i.test(name ?? "")) return r.target;
    }
  }
  return slideLayout.target;
}

/** The attribution drawing as the inner XML of a p:cSld (background and shapes), from pptxgenjs. */
async function attributionShapes(
  pkg: Package,
  main: string,
  masters: string[],
  cx: number,
  cy: number,
  opts: AttributionOptions,
) {
  const theme = readTheme(pkg, main, masters);
  const heading = theme.headingFont ?? theme.bodyFont ?? "Arial";
  const body = theme.bodyFont ?? heading;
  const height = Math.round((CANVAS_WIDTH * cy) / cx);
  const drawing = layoutAttribution(
    paletteFromTheme(theme.colors),
    { aspectRatio: "16:9", headingFont: heading, bodyFont: body },
    opts.brandName,
    { locale: opts.locale, height },
  );
  const one = new Package(await buildDrawingPptx(drawing, cx / EMU_PER_INCH));
  const xml = Buffer.from(one.bytes("ppt/slides/slide1.xml")).toString("utf8");
  const inner = /<p:cSld[^>]*>([\s\S]*)<\/p:cSld>/.exec(xml);
  if (!inner) throw new Error("pptxgenjs wrote no p:cSld");
  const lang = LOCALE_TAGS[opts.locale ?? "en"];
  return inner[1].replaceAll('lang="en-US"', `lang="${lang}"`);
}

/**
 * The deck with the attribution slide appended last. Throws a DeckError when the deck cannot be
 * read (inspectDeck refuses the same files at import).
 */
export async function appendAttributionSlide(pptx: Buffer, opts: AttributionOptions): Promise<Buffer> {
  const pkg = new Package(pptx);
  const { main } = openPresentation(pkg);
  const presentation = pkg.xml(main);
  const mainRels = pkg.rels(main);
  const relById = new Map(mainRels.map((r) => [r.id, r]));
  const sldSz = child(presentation, "sldSz");
  const cx = Number(sldSz && attr(sldSz, "cx"));
  const cy = Number(sldSz && attr(sldSz, "cy"));
  if (!(cx > 0 && cy > 0)) throw new DeckError("slides.errors.broken", "no slide size (p:sldSz)");
  const sldIdLst = child(presentation, "sldIdLst");
  const slideIds = sldIdLst ? children(sldIdLst, "sldId") : [];
  if (slideIds.length === 0) throw new DeckError("slides.errors.noSlides", "the presentation lists no slide");
  const lastRel = relById.get(rIdOf(slideIds[slideIds.length - 1]) ?? "");
  if (!lastRel || lastRel.external) throw new DeckError("slides.errors.broken", "the last slide has no part");
  const masterList = child(presentation, "sldMasterIdLst");
  const masters = (masterList ? children(masterList, "sldMasterId") : [])
    .map((m) => relById.get(rIdOf(m) ?? ""))
    .filter((r) => r !== undefined && !r.external)
    .map((r) => r?.target as string);

  // Names and ids nobody uses yet.
  const mainDir = main.slice(0, main.lastIndexOf("/") + 1);
  let n = 1;
  for (const e of pkg.entries) {
    const m = /^(?:.*\/)?slides\/slide(\d+)\.xml$/.exec(e.name);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  while (pkg.has(`${mainDir}slides/slide${n}.xml`)) n++;
  const slidePart = `${mainDir}slides/slide${n}.xml`;
  const relNumbers = mainRels.map((r) => Number(/^rId(\d+)$/.exec(r.id)?.[1] ?? 0));
  let relId = `rId${Math.max(0, ...relNumbers) + 1}`;
  while (relById.has(relId)) relId = `${relId}x`;
  const ids = slideIds.map((s) => Number(attr(s, "id")));
  let slideId = Math.max(255, ...ids.filter(Number.isFinite)) + 1;
  if (slideId > MAX_SLIDE_ID) {
    slideId = 256;
    while (ids.includes(slideId)) slideId++;
  }

  const layout = pickLayout(pkg, lastRel.target);
  const layoutTarget = relativeTarget(slidePart, layout);
  const shapes = await attributionShapes(pkg, main, masters, cx, cy, opts);
  const slideXml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}" ` +
    `xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" showMasterSp="0">` +
    `<p:cSld name="${escapeXmlText(ATTRIBUTION_TITLE(opts.brandName, opts.locale))}">${shapes}</p:cSld>` +
    `<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
  const slideRels =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${LAYOUT_REL}" Target="${escapeXmlText(layoutTarget)}"/></Relationships>`;

  const p = prefixOf(presentation);
  const r = nsPrefix(presentation, REL);
  const sldId = `<${q(p, "sldId")} id="${slideId}" ${r ? `${r}:id` : `xmlns:r="${REL}" r:id`}="${relId}"/>`;
  const presentationRels = `${mainDir}_rels/${main.slice(mainDir.length)}.rels`;
  const edits = new Map<string, (text: string) => string>([
    [
      main,
      (text) => {
        const done = insertInto(text, q(p, "sldIdLst"), sldId);
        if (done) return done;
        throw new DeckError("slides.errors.broken", "no p:sldIdLst to extend");
      },
    ],
    [
      presentationRels,
      (text) =>
        insertInto(
          text,
          "Relationships",
          `<Relationship Id="${relId}" Type="${SLIDE_REL}" Target="${escapeXmlText(relativeTarget(main, slidePart))}"/>`,
        ) ?? text,
    ],
    [
      "[Content_Types].xml",
      (text) => insertInto(text, "Types", `<Override PartName="/${slidePart}" ContentType="${SLIDE_TYPE}"/>`) ?? text,
    ],
    [
      "docProps/app.xml",
      (text) => text.replace(/<Slides>(\d+)<\/Slides>/, (_m, count: string) => `<Slides>${Number(count) + 1}</Slides>`),
    ],
  ]);
  const added: WriteEntry[] = [
    { name: slidePart, content: slideXml },
    { name: `${mainDir}slides/_rels/slide${n}.xml.rels`, content: slideRels },
  ];
  return rewriteZip(
    pptx,
    (name, text) => {
      const edit = edits.get(name);
      return edit ? edit(text()) : undefined;
    },
    added,
    pkg.limits.maxEntries,
  );
}

/** The target of a relationship from `fromPart` to `toPart`, relative to the source's folder. */
function relativeTarget(fromPart: string, toPart: string): string {
  const from = fromPart.split("/").slice(0, -1);
  const to = toPart.split("/");
  let i = 0;
  while (i < from.length && i < to.length - 1 && from[i] === to[i]) i++;
  return [...Array(from.length - i).fill(".."), ...to.slice(i)].join("/");
}
