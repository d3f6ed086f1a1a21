import { describe, expect, it } from "vitest";
import { BRAND, LOCALE_TAGS, LOCALES } from "#config/constants.ts";
import { getLegalContent } from "./content.ts";
import { renderLicensePdf } from "./license-pdf.ts";
import type { PaidLicenceKind } from "./types.ts";

const winAnsi = new TextDecoder("windows-1252");

/**
 * The text of an uncompressed pdfkit PDF, one line per text object. pdfkit writes the standard
 * fonts' text as hex strings in WinAnsi inside TJ arrays, with kerning numbers between them.
 */
function extractText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const [, block] of raw.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
    let line = "";
    for (const [, array] of block.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      for (const [, hex] of array.matchAll(/<([0-9a-fA-F]*)>/g)) line += winAnsi.decode(Buffer.from(hex, "hex"));
    }
    lines.push(line);
  }
  return lines.join("\n");
}

/** A string of the document information dictionary (pdfkit writes each as an indirect object). */
function infoString(pdf: Buffer, key: string): string | undefined {
  const raw = pdf.toString("latin1");
  const ref = raw.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1];
  const literal = ref && raw.match(new RegExp(`\\n${ref} 0 obj\\n\\(((?:\\\\.|[^\\\\)])*)\\)\\nendobj`))?.[1];
  if (literal === undefined || literal === "") return undefined;
  const bytes = Buffer.from(literal.replace(/\\([\\()])/g, "$1").replace(/\\n/g, "\n"), "latin1");
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString("utf16le");
  return bytes.toString("latin1");
}

function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

const kinds: PaidLicenceKind[] = ["personal", "commercial"];

describe("renderLicensePdf", () => {
  for (const locale of LOCALES) {
    for (const kind of kinds) {
      it(`${kind} / ${locale}: a valid PDF in the page's language`, async () => {
        const pdf = await renderLicensePdf({ kind, locale, compress: false });
        const raw = pdf.toString("latin1");
        const content = getLegalContent(locale);
        const licence = content.licences[kind];
        expect(raw.startsWith("%PDF-")).toBe(true);
        expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
        expect(pdf.length).toBeGreaterThan(2048);
        const pages = pageCount(pdf);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(raw).toContain(`/Lang (${LOCALE_TAGS[locale]})`);
        expect(infoString(pdf, "Author")).toBe(BRAND.name);
        expect(infoString(pdf, "Title")).toBe(`${licence.name} – ${BRAND.name}`);
        expect(infoString(pdf, "Subject")).toBe(content.document.subject(licence.name));
        expect(raw).toContain("/StructTreeRoot");

        const text = extractText(pdf);
        expect(text).toContain(licence.name);
        expect(text).toContain(content.document.permitted);
        expect(text).toContain(content.document.prohibited);
        expect(text).toContain(BRAND.supportEmail);
        expect(text).toContain(content.document.page(1, pages));
        expect(text).toContain(content.document.page(pages, pages));
        // Every permitted and prohibited item is printed (wrapped lines joined again; a wrapped line keeps its trailing space).
        const flowing = text.replace(/\s+/g, " ");
        for (const item of [...licence.permitted, ...content.licenceCommon.prohibited.items]) {
          expect(flowing).toContain(item);
        }
        expect(flowing.includes(content.licenceCommon.clientWork.paragraphs[0])).toBe(kind === "commercial");
      });
    }
  }

  it("English: titles and the legal update date", async () => {
    const personal = extractText(await renderLicensePdf({ kind: "personal", locale: "en", compress: false }));
    const commercial = extractText(await renderLicensePdf({ kind: "commercial", locale: "en", compress: false }));
    expect(personal).toContain("Personal license");
    expect(commercial).toContain("Commercial license");
    expect(personal).toContain("November 2021");
    expect(commercial).toContain("Work for clients");
  });

  it("Spanish: titles and accented text come out as written", async () => {
    const personal = extractText(await renderLicensePdf({ kind: "personal", locale: "es", compress: false }));
    const commercial = extractText(await renderLicensePdf({ kind: "commercial", locale: "es", compress: false }));
    expect(personal).toContain("Licencia personal");
    expect(commercial).toContain("Licencia comercial");
    expect(personal).toContain("noviembre de 2021");
    expect(personal).toContain("Atribución");
    expect(personal).toContain("ATRIBUCIÓN");
    expect(personal).toContain("diseñadores");
    expect(commercial).toContain("autónomo");
    expect(commercial).toContain("Página 1 de");
    expect(personal).not.toContain("Personal license");
  });

  it("compresses by default and is reproducible", async () => {
    const a = await renderLicensePdf({ kind: "personal", locale: "es" });
    const b = await renderLicensePdf({ kind: "personal", locale: "es" });
    expect(a.equals(b)).toBe(true);
    expect(a.toString("latin1")).toContain("/FlateDecode");
    const plain = await renderLicensePdf({ kind: "personal", locale: "es", compress: false });
    expect(a.length).toBeLessThan(plain.length);
    expect(pageCount(a)).toBe(pageCount(plain));
  });

  it("prints full, clickable addresses when the site address is given", async () => {
    const pdf = await renderLicensePdf({
      kind: "commercial",
      locale: "es",
      compress: false,
      siteUrl: "https://slidenest.example/",
    });
    expect(extractText(pdf)).toContain("https://slidenest.example/es/terms-conditions");
    expect(pdf.toString("latin1")).toContain("/URI (https://slidenest.example/es/license)");
    const relative = extractText(await renderLicensePdf({ kind: "commercial", locale: "en", compress: false }));
    expect(relative).toContain("/terms-conditions");
  });
});
