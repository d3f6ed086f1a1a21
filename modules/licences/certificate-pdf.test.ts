import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverT } from "#modules/shared/messages.server.ts";
import { qrOfPdf } from "#tests/qr.ts";
import { licenceCheckUrl, renderCertificatePdf } from "./certificate-pdf.ts";
import type { LicenceView } from "./service.ts";

const licence: LicenceView = {
  code: "7K3Q-M9XD-2C8F-VN4T-H6RB",
  kind: "commercial",
  templateId: 12,
  templateSlug: "quarterly-review",
  templateTitle: "Quarterly Business Review",
  colorName: "Ocean blue",
  format: "PP",
  grantedAt: new Date("2026-11-20T10:00:00Z"),
  licensee: "Ana María López",
  licenseeGone: false,
  guest: false,
  project: "Client pitch for Acme",
};

/** The PDF's text with its line breaks as spaces (long lines wrap). */
const text = (pdf: Buffer) => spawnSync("pdftotext", ["-", "-"], { input: pdf }).stdout.toString().replace(/\s+/g, " ");
const pages = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", ["-"], { input: pdf }).stdout.toString())?.[1]);
const origin = "https://slidenest.example";

describe("license certificate PDF", () => {
  it("carries a QR code a phone reads as the license's check address, in each language", async () => {
    for (const locale of ["en", "es"] as const) {
      const pdf = await renderCertificatePdf(licence, { locale, origin, t: serverT(locale) });
      expect(await qrOfPdf(pdf)).toBe(licenceCheckUrl(origin, locale, licence.code));
    }
  });

  it("prints the code, the license, the licensee, what it covers and the check address, in English", async () => {
    const pdf = await renderCertificatePdf(licence, { locale: "en", origin, t: serverT("en") });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pages(pdf)).toBe(1);
    const out = text(pdf);
    expect(out).toContain("License certificate");
    expect(out).toContain("7K3Q-M9XD-2C8F-VN4T-H6RB");
    expect(out).toContain("Quarterly Business Review");
    expect(out).toContain("Ocean blue");
    expect(out).toContain("PowerPoint");
    expect(out).toContain("November 20, 2026");
    expect(out).toContain("Ana María López");
    expect(out).toContain("Commercial license");
    expect(out).toContain("Transfer the license of a presentation you delivered");
    expect(out).toContain("Client pitch for Acme");
    expect(out).toContain("It stays valid after the plan ends.");
    expect(out).toContain("https://slidenest.example/licence/7K3Q-M9XD-2C8F-VN4T-H6RB");
    expect(out).toContain("https://slidenest.example/license");
  });

  it("says it in Spanish, with the Spanish check address", async () => {
    const pdf = await renderCertificatePdf(
      { ...licence, kind: "personal", format: "GS", templateTitle: "Revisión trimestral" },
      { locale: "es", origin, t: serverT("es") },
    );
    expect(pages(pdf)).toBe(1);
    const out = text(pdf);
    expect(out).toContain("Certificado de licencia");
    expect(out).toContain("7K3Q-M9XD-2C8F-VN4T-H6RB");
    expect(out).toContain("Revisión trimestral");
    expect(out).toContain("Google Slides");
    expect(out).toContain("20 de noviembre de 2026");
    expect(out).toContain("Licencia Personal");
    expect(out).toContain("No hace falta atribución.");
    expect(out).toContain("Sigue siendo válida cuando el plan termina.");
    expect(out).toContain("https://slidenest.example/es/licence/7K3Q-M9XD-2C8F-VN4T-H6RB");
  });

  it("names a guest's download, keeps initials of a closed account, and promises nothing more for a free license", async () => {
    const guest = text(
      await renderCertificatePdf(
        { ...licence, kind: "free", guest: true, licensee: null, project: null },
        { locale: "en", origin, t: serverT("en") },
      ),
    );
    expect(guest).toContain("A guest download (no account)");
    expect(guest).toContain("Free license (with attribution)");
    expect(guest).toContain("Attribution required");
    expect(guest).not.toContain("stays valid after the plan ends");
    expect(guest).not.toContain("Project");
    const gone = text(
      await renderCertificatePdf(
        { ...licence, licensee: "A. M. L.", licenseeGone: true, project: null },
        { locale: "es", origin, t: serverT("es") },
      ),
    );
    expect(gone).toContain("A. M. L.");
    expect(gone).toContain("La cuenta se cerró después");
  });

  it("draws the QR code as vector squares (no image) and survives letters the standard fonts lack", async () => {
    const pdf = await renderCertificatePdf(
      { ...licence, templateTitle: "Łódź 李 deck ".repeat(8), project: "x".repeat(120) },
      { locale: "en", origin, t: serverT("en"), compress: false },
    );
    expect(pages(pdf)).toBe(1);
    expect(pdf.toString("latin1")).not.toContain("/Subtype /Image");
    expect(text(pdf)).toContain("?ódz ? deck");
    expect(licenceCheckUrl(origin, "es", licence.code)).toBe(
      "https://slidenest.example/es/licence/7K3Q-M9XD-2C8F-VN4T-H6RB",
    );
  });
});
