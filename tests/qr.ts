import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import sharp from "sharp";

/**
 * What the QR code on a PDF's first page says, read as a phone would read it: the page drawn as an image
 * (poppler's pdftoppm), then the code found and decoded in its pixels (jsQR). Null when there is none.
 */
export async function qrOfPdf(pdf: Buffer): Promise<string | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-qr-"));
  try {
    fs.writeFileSync(path.join(dir, "doc.pdf"), pdf);
    const r = spawnSync("pdftoppm", ["-f", "1", "-l", "1", "-r", "150", "-png", "doc.pdf", "page"], { cwd: dir });
    if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr}`);
    const png = fs.readdirSync(dir).find((f) => f.endsWith(".png"));
    if (!png) return null;
    const { data, info } = await sharp(path.join(dir, png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return (
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF (poppler's pdftotext), for what a person reads on it. */
export function textOfPdf(pdf: Buffer): string {
  const r = spawnSync("pdftotext", ["-layout", "-", "-"], { input: pdf });
  if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
  return r.stdout.toString();
}
