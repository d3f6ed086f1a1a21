import { BRAND, LOCALE_TAGS, type Locale } from "#config/constants.ts";
import { getLegalContent } from "./content.ts";
import { legalFacts } from "./facts.ts";
import type { PaidLicenceKind } from "./types.ts";

export type LicensePdfOptions = {
  kind: PaidLicenceKind;
  locale: Locale;
  /** Deflate the content streams (default true); tests turn it off to read the text. */
  compress?: boolean;
  /** Absolute site address (e.g. the PUBLIC_URL); when given, addresses are printed in full and clickable. */
  siteUrl?: string;
};

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { top: 72, bottom: 76, left: 62, right: 62 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

const COLOR = {
  accent: "#4f46e5",
  accentDark: "#3730a3",
  accentTint: "#eef2ff",
  ink: "#111827",
  body: "#374151",
  muted: "#6b7280",
  rule: "#e5e7eb",
  prohibited: "#b91c1c",
  white: "#ffffff",
};

const FONT = { regular: "Helvetica", bold: "Helvetica-Bold" };
/** Type scale in points. */
const SIZE = { title: 26, lead: 11.5, heading: 12.5, body: 9.75, label: 7.5, small: 8 };
const LINE_GAP = 2.6;

type Doc = PDFKit.PDFDocument;

/** A4 licence document for the Personal or Commercial licence, in the page's language. */
export async function renderLicensePdf(options: LicensePdfOptions): Promise<Buffer> {
  const { kind, locale, compress = true } = options;
  const content = getLegalContent(locale);
  const facts = legalFacts(locale);
  const licence = content.licences[kind];
  const common = content.licenceCommon;
  const labels = content.document;

  // pdfkit (about 30 MB resident) is loaded by the first PDF a process makes, not at start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    compress,
    bufferPages: true,
    pdfVersion: "1.7",
    tagged: true,
    lang: LOCALE_TAGS[locale],
    displayTitle: true,
    info: {
      Title: `${licence.name} – ${BRAND.name}`,
      Author: BRAND.name,
      Subject: labels.subject(licence.name),
      Keywords: [BRAND.name, licence.name, labels.documentType].join(", "),
      Creator: BRAND.name,
      // The document date is the legal update date, which also makes the output reproducible.
      CreationDate: facts.updatedDate,
      ModDate: facts.updatedDate,
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const root = doc.struct("Document");
  doc.addStructure(root);
  const tag = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));

  artifact(doc, () => drawMasthead(doc, labels.documentType));

  tag("H1", () => {
    doc.font(FONT.bold).fontSize(SIZE.title).fillColor(COLOR.ink);
    doc.text(licence.name, MARGIN.left, 112, { width: CONTENT_WIDTH });
  });
  doc.moveDown(0.35);
  tag("P", () => {
    doc.font(FONT.regular).fontSize(SIZE.lead).fillColor(COLOR.body);
    doc.text(licence.summary, { width: CONTENT_WIDTH, lineGap: 3 });
  });
  doc.moveDown(1.1);

  factsTable(doc, root, [
    [labels.licensor, BRAND.name],
    [labels.appliesTo, licence.appliesTo],
    [labels.attribution, licence.attributionShort],
    [labels.documentDate, facts.updated],
    [labels.contact, facts.supportEmail],
  ]);

  const section = (title: string, fill: (sect: Struct) => void, keepHeight?: number) => {
    const sect = doc.struct("Sect");
    root.add(sect);
    heading(doc, sect, title, keepHeight);
    fill(sect);
    sect.end();
  };
  section(labels.permitted, (sect) => list(doc, sect, licence.permitted, "permitted"));
  section(labels.prohibited, (sect) =>
    list(doc, sect, [...licence.notIncluded, ...common.prohibited.items], "prohibited"),
  );
  section(labels.attribution, (sect) => paragraphs(doc, sect, common.noAttribution));
  if (kind === "commercial") {
    section(common.clientWork.heading, (sect) => paragraphs(doc, sect, common.clientWork.paragraphs));
  }
  for (const block of [common.afterPlanEnds, common.thirdParty, common.ownership, common.questions]) {
    section(block.heading, (sect) => paragraphs(doc, sect, block.paragraphs));
  }
  const links: [string, string][] = [
    [content.pages["terms-conditions"].title, facts.path("/terms-conditions")],
    [content.pages.license.title, facts.path("/license")],
  ];
  doc.font(FONT.regular).fontSize(SIZE.body);
  const closingHeight =
    doc.heightOfString(labels.fullTermsText, { width: CONTENT_WIDTH, lineGap: LINE_GAP }) + links.length * 16 + 12;
  section(
    labels.fullTerms,
    (sect) => {
      paragraphs(doc, sect, [labels.fullTermsText]);
      addresses(doc, sect, links, options.siteUrl);
    },
    closingHeight,
  );
  root.end();

  drawPageChrome(doc, `${licence.name} · ${facts.updated}`, labels.page);
  doc.end();
  return done;
}

type Struct = PDFKit.PDFStructureElement;

/** Draws decoration that assistive technology should skip. */
function artifact(doc: Doc, draw: () => void, type: "Layout" | "Pagination" = "Layout"): void {
  doc.markContent("Artifact", { type });
  draw();
  doc.endMarkedContent();
}

/** The brand mark: three stacked slides, the front one in the accent colour. */
function drawLogo(doc: Doc, x: number, y: number, size: number): void {
  const w = size;
  const h = size * 0.72;
  const r = size * 0.12;
  doc.save();
  doc.roundedRect(x + size * 0.3, y, w * 0.7, h * 0.7, r * 0.8).fill("#c7d2fe");
  doc.roundedRect(x + size * 0.15, y + size * 0.12, w * 0.78, h * 0.78, r * 0.9).fill("#818cf8");
  doc.roundedRect(x, y + size * 0.26, w * 0.86, h * 0.86, r).fill(COLOR.accent);
  doc.restore();
}

function drawMasthead(doc: Doc, documentType: string): void {
  const top = 44;
  drawLogo(doc, MARGIN.left, top - 4, 24);
  doc.font(FONT.bold).fontSize(16).fillColor(COLOR.ink);
  doc.text(BRAND.name, MARGIN.left + 32, top + 2, { lineBreak: false });
  doc.font(FONT.bold).fontSize(SIZE.label).fillColor(COLOR.accent);
  doc.text(documentType.toUpperCase(), MARGIN.left, top + 7, {
    width: CONTENT_WIDTH,
    align: "right",
    characterSpacing: 1.2,
    lineBreak: false,
  });
  rule(doc, top + 36, COLOR.rule);
}

function rule(doc: Doc, y: number, color: string): void {
  doc
    .save()
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** Starts a new page unless `height` points still fit on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A section heading, kept on one page with `keepHeight` points of what follows (default: three lines). */
function heading(doc: Doc, parent: Struct, text: string, keepHeight = 3 * (SIZE.body + LINE_GAP + 2)): void {
  doc.font(FONT.bold).fontSize(SIZE.heading);
  const height = doc.heightOfString(text, { width: CONTENT_WIDTH });
  ensureSpace(doc, 18 + height + keepHeight);
  doc.y += 14;
  const y = doc.y;
  artifact(doc, () =>
    doc
      .save()
      .rect(MARGIN.left, y + 0.6, 3, SIZE.heading * 0.74)
      .fill(COLOR.accent)
      .restore(),
  );
  parent.add(
    doc.struct("H2", {}, () => {
      doc.font(FONT.bold).fontSize(SIZE.heading).fillColor(COLOR.ink);
      doc.text(text, MARGIN.left + 11, y, { width: CONTENT_WIDTH - 11 });
    }),
  );
  doc.y += 5;
}

function paragraphs(doc: Doc, parent: Struct, items: string[]): void {
  for (const text of items) {
    parent.add(
      doc.struct("P", {}, () => {
        doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.body);
        doc.text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: LINE_GAP, paragraphGap: 6 });
      }),
    );
  }
}

function list(doc: Doc, parent: Struct, items: string[], mark: "permitted" | "prohibited"): void {
  const indent = 20;
  const width = CONTENT_WIDTH - indent;
  const l = doc.struct("L");
  parent.add(l);
  for (const text of items) {
    doc.font(FONT.regular).fontSize(SIZE.body);
    const height = doc.heightOfString(text, { width, lineGap: LINE_GAP });
    ensureSpace(doc, height + 6);
    const y = doc.y;
    artifact(doc, () => drawMarker(doc, MARGIN.left + 5.5, y + 4.6, mark));
    const item = doc.struct("LI");
    l.add(item);
    item.add(
      doc.struct("LBody", {}, () => {
        doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.body);
        doc.text(text, MARGIN.left + indent, y, { width, lineGap: LINE_GAP });
      }),
    );
    item.end();
    doc.y += 5;
  }
  l.end();
}

/** "Label  address" lines; clickable when the site's absolute address is known. */
function addresses(doc: Doc, parent: Struct, rows: [label: string, path: string][], siteUrl?: string): void {
  const labelWidth = 132;
  const base = siteUrl?.replace(/\/+$/, "");
  doc.y += 2;
  for (const [label, path] of rows) {
    const y = doc.y;
    const url = base ? `${base}${path}` : path;
    parent.add(
      doc.struct("P", {}, () => {
        doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.ink);
        doc.text(label, MARGIN.left, y, { width: labelWidth - 10 });
        doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.accentDark);
        doc.text(url, MARGIN.left + labelWidth, y, {
          width: CONTENT_WIDTH - labelWidth,
          ...(base ? { link: url, underline: false } : {}),
        });
      }),
    );
    doc.y += 3;
  }
  doc.x = MARGIN.left;
}

/** A check in an accent disc, or a cross in a red ring. */
function drawMarker(doc: Doc, cx: number, cy: number, mark: "permitted" | "prohibited"): void {
  const r = 5;
  doc.save();
  if (mark === "permitted") {
    doc.circle(cx, cy, r).fill(COLOR.accent);
    doc
      .moveTo(cx - 2.4, cy + 0.1)
      .lineTo(cx - 0.7, cy + 1.9)
      .lineTo(cx + 2.5, cy - 1.8)
      .lineWidth(1.2)
      .lineCap("round")
      .lineJoin("round")
      .strokeColor(COLOR.white)
      .stroke();
  } else {
    doc
      .circle(cx, cy, r - 0.4)
      .lineWidth(0.9)
      .strokeColor(COLOR.prohibited)
      .stroke();
    const d = 1.9;
    doc
      .moveTo(cx - d, cy - d)
      .lineTo(cx + d, cy + d)
      .moveTo(cx + d, cy - d)
      .lineTo(cx - d, cy + d)
      .lineWidth(1.1)
      .lineCap("round")
      .strokeColor(COLOR.prohibited)
      .stroke();
  }
  doc.restore();
}

/** pdfkit supports `scope` on structure elements; its type definitions do not list it yet. */
const ROW_HEADER: PDFKit.Mixins.StructureElementOptions & { scope: "Row" } = { scope: "Row" };

/** The key facts in a tinted card, tagged as a two-column table (row headers, values). */
function factsTable(doc: Doc, parent: Struct, rows: [label: string, value: string][]): void {
  const pad = 14;
  const labelWidth = 132;
  const valueWidth = CONTENT_WIDTH - 2 * pad - labelWidth;
  const rowGap = 7;
  doc.font(FONT.regular).fontSize(SIZE.body);
  const heights = rows.map(([, value]) =>
    Math.max(doc.heightOfString(value, { width: valueWidth, lineGap: 1.5 }), SIZE.body + 2),
  );
  const height = pad * 2 + heights.reduce((a, h) => a + h, 0) + rowGap * (rows.length - 1);
  ensureSpace(doc, height);
  const top = doc.y;
  artifact(doc, () => {
    doc.save().roundedRect(MARGIN.left, top, CONTENT_WIDTH, height, 6).clip();
    doc.rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(COLOR.accentTint);
    doc.rect(MARGIN.left, top, 3.5, height).fill(COLOR.accent);
    doc.restore();
  });
  const table = doc.struct("Table");
  parent.add(table);
  let y = top + pad;
  rows.forEach(([label, value], i) => {
    const rowY = y;
    table.add(
      doc.struct("TR", {}, [
        doc.struct("TH", ROW_HEADER, () => {
          doc.font(FONT.bold).fontSize(SIZE.label).fillColor(COLOR.accentDark);
          doc.text(label.toUpperCase(), MARGIN.left + pad, rowY + 1.6, {
            width: labelWidth - 10,
            characterSpacing: 0.6,
          });
        }),
        doc.struct("TD", {}, () => {
          doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.ink);
          doc.text(value, MARGIN.left + pad + labelWidth, rowY, { width: valueWidth, lineGap: 1.5 });
        }),
      ]),
    );
    y += heights[i] + rowGap;
  });
  table.end();
  doc.x = MARGIN.left;
  doc.y = top + height + 6;
}

/** Accent strip, running header (after the first page) and numbered footer on every page. */
function drawPageChrome(doc: Doc, footerText: string, pageLabel: (n: number, total: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open a new page
    artifact(
      doc,
      () => {
        doc.save().rect(0, 0, PAGE.width, 5).fill(COLOR.accent).restore();
        if (i > start) {
          drawLogo(doc, MARGIN.left, 28, 12);
          doc.font(FONT.bold).fontSize(SIZE.small).fillColor(COLOR.ink);
          doc.text(BRAND.name, MARGIN.left + 17, 31, { lineBreak: false });
          doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
          doc.text(footerText, MARGIN.left, 31, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
          rule(doc, 48, COLOR.rule);
        }
        const footerY = PAGE.height - 46;
        rule(doc, footerY - 10, COLOR.rule);
        doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
        doc.text(`${BRAND.name} · ${footerText} · ${BRAND.supportEmail}`, MARGIN.left, footerY, {
          width: CONTENT_WIDTH,
          lineBreak: false,
        });
        doc.text(pageLabel(i - start + 1, count), MARGIN.left, footerY, {
          width: CONTENT_WIDTH,
          align: "right",
          lineBreak: false,
        });
      },
      "Pagination",
    );
    doc.page.margins.bottom = bottomMargin;
  }
}
