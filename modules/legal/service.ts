import type { Locale } from "#config/constants.ts";
import { renderLicensePdf } from "./license-pdf.ts";
import type { PaidLicenceKind } from "./types.ts";

const pdfs = new Map<string, Promise<Buffer>>();

/** The licence PDF of a kind in a locale, with full addresses on `siteUrl`; made once per process, then kept. */
export function licensePdf(kind: PaidLicenceKind, locale: Locale, siteUrl?: string): Promise<Buffer> {
  const key = `${kind}:${locale}:${siteUrl ?? ""}`;
  let pdf = pdfs.get(key);
  if (!pdf) {
    pdf = renderLicensePdf({ kind, locale, siteUrl });
    pdf.catch(() => pdfs.delete(key));
    pdfs.set(key, pdf);
  }
  return pdf;
}
