import { BILLING, BRAND, LOCALE_TAGS } from "#config/constants.ts";
import type { InvoiceDocument } from "./invoices.ts";

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
};

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
 * An A4 invoice in the invoice's language: seller, buyer, the plan line and any proration credit,
 * totals and status. `t` translates for the invoice's locale.
 */
export async function renderInvoicePdf(
  inv: InvoiceDocument,
  t: T,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const tag = LOCALE_TAGS[inv.locale];
  const money = (cents: number) =>
    new Intl.NumberFormat(tag, { style: "currency", currency: inv.currency }).format(cents / 100);
  const day = (d: Date | string) =>
    new Date(d).toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  // pdfkit (about 30 MB resident) is loaded by the first PDF a process makes, not at start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: M,
    compress: options.compress ?? true,
    lang: tag,
    displayTitle: true,
    info: {
      Title: `${t("billing.invoice.title")} ${inv.number} – ${BRAND.name}`,
      Author: BRAND.name,
      Creator: BRAND.name,
      CreationDate: inv.issuedAt,
      ModDate: inv.paidAt ?? inv.issuedAt,
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

  // Masthead: brand, document title and number.
  doc.rect(0, 0, PAGE.width, 6).fill(COLOR.accent);
  doc.font("Helvetica-Bold").fontSize(20).fillColor(COLOR.accent);
  text(BRAND.name, M, 48);
  doc.font("Helvetica-Bold").fontSize(22).fillColor(COLOR.ink);
  text(t("billing.invoice.title"), M, 48, { width: W, align: "right" });
  doc.font("Helvetica").fontSize(10).fillColor(COLOR.muted);
  text(inv.number, M, 76, { width: W, align: "right" });

  // Facts: dates and status.
  const facts: [string, string][] = [
    [t("billing.invoice.number"), inv.number],
    [t("billing.invoice.issued"), day(inv.issuedAt)],
    [t("billing.invoice.status"), t(`billing.invoiceStatus.${inv.status}`)],
  ];
  if (inv.paidAt) facts.push([t("billing.invoice.paid"), day(inv.paidAt)]);
  let y = 120;
  for (const [label, value] of facts) {
    doc.font("Helvetica").fontSize(9).fillColor(COLOR.muted);
    text(label, M, y, { width: 110 });
    doc.font("Helvetica-Bold").fillColor(COLOR.ink);
    text(value, M + 110, y, { width: 200 });
    y += 15;
  }

  // Seller and buyer.
  y = Math.max(y, 190) + 10;
  const col = W / 2;
  doc.font("Helvetica-Bold").fontSize(8).fillColor(COLOR.muted);
  text(t("billing.invoice.from").toUpperCase(), M, y);
  text(t("billing.invoice.billedTo").toUpperCase(), M + col, y);
  doc.font("Helvetica").fontSize(10).fillColor(COLOR.body);
  const seller = [...BILLING.seller.address, BILLING.seller.email];
  const country = inv.buyer.country
    ? (new Intl.DisplayNames([tag], { type: "region" }).of(inv.buyer.country) ?? inv.buyer.country)
    : "";
  const buyer = [
    inv.buyer.name,
    inv.buyer.email,
    inv.buyer.address,
    [inv.buyer.zip, inv.buyer.city].filter(Boolean).join(" "),
    country,
  ].filter(Boolean);
  const block = { width: col - 16, lineGap: 2 };
  text(seller.join("\n"), M, y + 14, block);
  text(buyer.join("\n"), M + col, y + 14, block);
  // Long addresses wrap: the lines table starts below the taller of the two blocks.
  const tallest = Math.max(
    doc.heightOfString(latin1(seller.join("\n")), block),
    doc.heightOfString(latin1(buyer.join("\n")), block),
  );
  y += 14 + tallest + 24;

  // Lines.
  doc.rect(M, y, W, 24).fill(COLOR.tint);
  doc.font("Helvetica-Bold").fontSize(9).fillColor(COLOR.ink);
  text(t("billing.invoice.description"), M + 10, y + 8, { width: W - 140 });
  text(t("billing.invoice.amount"), M + W - 130, y + 8, { width: 120, align: "right" });
  y += 32;
  for (const line of inv.lines) {
    const label =
      line.kind === "plan"
        ? t("billing.invoice.planLine", { plan: t(`account.profile.plans.${line.plan}`) })
        : t("billing.invoice.creditLine", { plan: t(`account.profile.plans.${line.plan}`) });
    doc.font("Helvetica").fontSize(10).fillColor(COLOR.ink);
    text(label, M + 10, y, { width: W - 150 });
    doc.font("Helvetica").fontSize(8.5).fillColor(COLOR.muted);
    text(`${day(line.from)} – ${day(line.to)}`, M + 10, y + 14, { width: W - 150 });
    doc.font("Helvetica").fontSize(10).fillColor(COLOR.ink);
    text(money(line.amountCents), M + W - 130, y, { width: 120, align: "right" });
    y += 36;
    doc
      .moveTo(M, y - 8)
      .lineTo(M + W, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  }

  // Totals.
  y += 6;
  const totals: [string, string, boolean][] = [[t("billing.invoice.subtotal"), money(inv.subtotalCents), false]];
  if (inv.creditCents > 0) totals.push([t("billing.invoice.credit"), money(-inv.creditCents), false]);
  totals.push([t("billing.invoice.total"), money(inv.totalCents), true]);
  for (const [label, value, strong] of totals) {
    doc
      .font(strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(strong ? 12 : 10)
      .fillColor(COLOR.ink);
    text(label, M + W - 300, y, { width: 160, align: "right" });
    text(value, M + W - 130, y, { width: 120, align: "right" });
    y += strong ? 22 : 18;
  }

  // Footer.
  doc.font("Helvetica").fontSize(8.5).fillColor(COLOR.muted);
  text(t("billing.invoice.footer", { email: BRAND.supportEmail }), M, PAGE.height - M - 30, {
    width: W,
    align: "center",
  });
  doc.end();
  return done;
}
