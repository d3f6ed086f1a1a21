import { BRAND, LOCALE_TAGS, type Locale } from "#config/constants.ts";
import { formatDay } from "#modules/shared/format.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { LICENCE_ALLOWS } from "./allows.ts";
import type { LicenceView } from "./view.ts";

type T = (key: string, params?: Record<string, string | number>) => string;

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const M = 56;
const W = PAGE.width - 2 * M;
const COLOR = {
  accent: "#4f46e5",
  ink: "#111827",
  body: "#374151",
  muted: "#6b7280",
  rule: "#e5e7eb",
  tint: "#eef2ff",
  valid: "#065f46",
  validTint: "#ecfdf5",
};

/** The verification page of a code, in a language: `https://…/licence/CODE` or `…/es/licence/CODE`. */
export function licenceCheckUrl(origin: string, locale: Locale, code: string): string {
  return `${origin}${localePath(locale, `/licence/${code}`)}`;
}

/** Punctuation outside Latin-1 that the standard fonts' encoding (WinAnsi) has. */
const WIN_ANSI = new Set([..."–—‘’‚“”„•…€™‰‹›"]);

/** The standard PDF fonts cover WinAnsi: other letters lose their accents, anything else becomes "?". */
function latin1(text: string): string {
  return [...text]
    .map((ch) => {
      if (ch.charCodeAt(0) <= 0xff || WIN_ANSI.has(ch)) return ch;
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return base && [...base].every((c) => c.charCodeAt(0) <= 0xff) ? base : "?";
    })
    .join("");
}

/**
 * A licence's certificate: one A4 page in the holder's language with the code, what was licensed (template,
 * variant, format, date), to whom, the kind and what it covers, the project when the member named one, and a
 * QR code (vector) with the address of the public verification page. `t` translates for `locale`.
 */
export async function renderCertificatePdf(
  licence: LicenceView,
  options: { locale: Locale; origin: string; t: T; compress?: boolean },
): Promise<Buffer> {
  const { locale, origin, t } = options;
  const tag = LOCALE_TAGS[locale];
  const checkUrl = licenceCheckUrl(origin, locale, licence.code);
  const title = t("licences.certificate.title");
  // pdfkit and qrcode (about 45 MB resident together) are loaded by the first certificate, not at start.
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import("pdfkit"), import("qrcode")]);
  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    compress: options.compress ?? true,
    lang: tag,
    displayTitle: true,
    info: {
      Title: latin1(`${title} ${licence.code} – ${BRAND.name}`),
      Author: BRAND.name,
      Creator: BRAND.name,
      Subject: latin1(`${t(`licences.kinds.${licence.kind}`)}: ${licence.templateTitle}`),
      // The grant's date, which also makes the document the same each time it is asked for.
      CreationDate: licence.grantedAt,
      ModDate: licence.grantedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const text = (s: string, x: number, y: number, opts: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(latin1(s), x, y, opts);
  const height = (s: string, opts: PDFKit.Mixins.TextOptions) => doc.heightOfString(latin1(s), opts);

  // Masthead: brand and document title.
  doc.rect(0, 0, PAGE.width, 6).fill(COLOR.accent);
  doc.font("Helvetica-Bold").fontSize(20).fillColor(COLOR.accent);
  text(BRAND.name, M, 44);
  doc.font("Helvetica-Bold").fontSize(24).fillColor(COLOR.ink);
  text(title, M, 80, { width: W });
  doc.font("Helvetica").fontSize(10).fillColor(COLOR.body);
  const intro = t("licences.certificate.intro");
  text(intro, M, 114, { width: W, lineGap: 2 });
  let y = 114 + height(intro, { width: W, lineGap: 2 }) + 16;

  // The code, large, in a monospaced face.
  doc.rect(M, y, W, 66).fill(COLOR.tint);
  doc.font("Helvetica-Bold").fontSize(8).fillColor(COLOR.muted);
  text(t("licences.fields.code").toUpperCase(), M + 16, y + 12, { characterSpacing: 0.6 });
  doc.font("Courier-Bold").fontSize(24).fillColor(COLOR.ink);
  text(licence.code, M + 16, y + 28, { characterSpacing: 1 });
  y += 66 + 22;

  // What was licensed, and to whom.
  const labelWidth = 120;
  const valueWidth = W - labelWidth;
  const row = (label: string, value: string, note?: string) => {
    doc.font("Helvetica").fontSize(9.5).fillColor(COLOR.muted);
    text(label, M, y + 1, { width: labelWidth - 10 });
    doc.font("Helvetica-Bold").fontSize(11).fillColor(COLOR.ink);
    text(value, M + labelWidth, y, { width: valueWidth });
    y += height(value, { width: valueWidth });
    if (note) {
      doc.font("Helvetica-Oblique").fontSize(8.5).fillColor(COLOR.muted);
      text(note, M + labelWidth, y + 2, { width: valueWidth });
      y += 2 + height(note, { width: valueWidth });
    }
    y += 9;
  };
  row(t("licences.fields.template"), licence.templateTitle);
  if (licence.colorName) row(t("licences.fields.color"), licence.colorName);
  row(t("licences.fields.format"), t(`catalog.card.formatNames.${licence.format}`));
  row(t("licences.fields.granted"), formatDay(locale, licence.grantedAt));
  if (licence.guest) row(t("licences.fields.licensee"), t("licences.fields.guest"));
  else
    row(
      t("licences.fields.licensee"),
      licence.licensee ?? "–",
      licence.licenseeGone ? t("licences.fields.gone") : undefined,
    );
  row(t("licences.fields.kind"), t(`licences.kinds.${licence.kind}`));
  if (licence.project) row(t("licences.fields.project"), licence.project);

  // What the kind covers.
  y += 6;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  y += 16;
  doc.font("Helvetica-Bold").fontSize(12).fillColor(COLOR.ink);
  text(t("licences.allows.title"), M, y);
  y += 22;
  doc.font("Helvetica").fontSize(10).fillColor(COLOR.body);
  for (const key of LICENCE_ALLOWS[licence.kind]) {
    const line = t(`licences.allows.${licence.kind}.${key}`);
    doc.circle(M + 4, y + 5, 1.8).fill(COLOR.accent);
    doc.fillColor(COLOR.body);
    text(line, M + 14, y, { width: W - 14, lineGap: 1.5 });
    y += height(line, { width: W - 14, lineGap: 1.5 }) + 6;
  }
  if (licence.kind !== "free") {
    y += 8;
    const sentence = t("licences.staysValid");
    const boxHeight = height(sentence, { width: W - 28 }) + 20;
    doc.rect(M, y, W, boxHeight).fill(COLOR.validTint);
    doc.rect(M, y, 3, boxHeight).fill(COLOR.valid);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(COLOR.valid);
    text(sentence, M + 14, y + 10, { width: W - 28 });
    y += boxHeight;
  }

  // The verification page: a QR code drawn as vector squares, with its address under the words.
  const qr = QRCode.create(checkUrl, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const side = 104;
  const cell = side / size;
  const qrTop = Math.max(y + 24, PAGE.height - M - 60 - side);
  doc.fillColor(COLOR.ink);
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && qr.modules.get(r, c)) c++;
      // A run of dark modules as one rectangle (slightly overlapping rows, so no hairlines show).
      doc.rect(M + start * cell, qrTop + r * cell, (c - start) * cell, cell + 0.05);
    }
  }
  doc.fill(COLOR.ink);
  const textX = M + side + 20;
  const textW = W - side - 20;
  doc.font("Helvetica-Bold").fontSize(12).fillColor(COLOR.ink);
  text(t("licences.certificate.verify"), textX, qrTop + 6, { width: textW });
  doc.font("Helvetica").fontSize(9.5).fillColor(COLOR.body);
  const verifyText = t("licences.certificate.verifyText");
  text(verifyText, textX, qrTop + 26, { width: textW, lineGap: 1.5 });
  const urlTop = qrTop + 26 + height(verifyText, { width: textW, lineGap: 1.5 }) + 6;
  doc.font("Courier").fontSize(9).fillColor(COLOR.accent);
  text(checkUrl, textX, urlTop, { width: textW, link: checkUrl });

  // Footer.
  doc.font("Helvetica").fontSize(8.5).fillColor(COLOR.muted);
  text(
    t("licences.certificate.footer", {
      url: `${origin}${localePath(locale, "/license")}`,
      email: BRAND.supportEmail,
    }),
    M,
    PAGE.height - M - 30,
    { width: W, align: "center" },
  );
  doc.end();
  return done;
}
