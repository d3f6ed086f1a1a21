import { PREVIEW_WIDTHS } from "#config/browser.ts";

/** Address of a slide preview image (served by /files/previews). Slides count from 1. */
export function previewUrl(colorVariantId: number, slide: number, width: number): string {
  return `/files/previews/v1/${colorVariantId}/${slide}-${width}.webp`;
}

export function previewSrcSet(
  colorVariantId: number,
  slide: number,
  widths: readonly number[] = PREVIEW_WIDTHS,
): string {
  return widths.map((w) => `${previewUrl(colorVariantId, slide, w)} ${w}w`).join(",");
}
