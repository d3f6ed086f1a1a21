import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverT } from "#modules/shared/messages.server.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { InvoiceDocument } from "./invoices.ts";

const invoice: InvoiceDocument = {
  number: "SN-2026-000042",
  status: "paid",
  locale: "es",
  currency: "USD",
  subtotalCents: 1499,
  creditCents: 399,
  totalCents: 1100,
  plan: "COMMERCIAL_MONTHLY",
  periodStart: new Date("2026-11-16T00:00:00Z"),
  periodEnd: new Date("2026-12-16T00:00:00Z"),
  buyer: {
    name: "Łukasz Żółć 李",
    email: "lz@example.com",
    address: "Calle Mayor 1",
    city: "Madrid",
    zip: "28013",
    country: "ES",
  },
  lines: [
    {
      kind: "plan",
      plan: "COMMERCIAL_MONTHLY",
      from: "2026-11-16T00:00:00Z",
      to: "2026-12-16T00:00:00Z",
      amountCents: 1499,
    },
    {
      kind: "credit",
      plan: "PERSONAL_MONTHLY",
      from: "2026-11-16T00:00:00Z",
      to: "2026-12-01T00:00:00Z",
      amountCents: -399,
    },
  ],
  issuedAt: new Date("2026-11-16T00:00:00Z"),
  paidAt: new Date("2026-11-16T00:00:00Z"),
};

const text = (pdf: Buffer) => spawnSync("pdftotext", ["-", "-"], { input: pdf }).stdout.toString();

describe("invoice PDF", () => {
  it("prints seller, buyer, the plan line, the proration credit and the totals in the invoice's language", async () => {
    const pdf = await renderInvoicePdf(invoice, serverT("es"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const out = text(pdf);
    expect(out).toContain("Factura");
    expect(out).toContain("SN-2026-000042");
    expect(out).toContain("Pagada");
    expect(out).toContain("SlideNest Ltd.");
    expect(out).toContain("FACTURADO A");
    expect(out).toContain("lz@example.com");
    expect(out).toContain("España");
    expect(out).toContain("Membresía de SlideNest: Comercial, mensual");
    expect(out).toContain("Descuento por el tiempo sin usar de Personal, mensual");
    expect(out).toMatch(/14,99\s*US\$/);
    expect(out).toMatch(/-3,99\s*US\$/);
    expect(out).toMatch(/11,00\s*US\$/);
    // Letters outside the standard fonts lose their marks rather than breaking the document.
    expect(out).toContain("?ukasz Zó?c ?");
  });

  it("says Invoice in English, with the status of an open invoice and no credit line", async () => {
    const out = text(
      await renderInvoicePdf(
        {
          ...invoice,
          locale: "en",
          status: "open",
          creditCents: 0,
          totalCents: 1499,
          lines: [invoice.lines[0]],
          paidAt: null,
        },
        serverT("en"),
      ),
    );
    expect(out).toContain("Invoice");
    expect(out).toContain("Open");
    expect(out).toContain("$14.99");
    expect(out).not.toContain("Credit");
  });
});
