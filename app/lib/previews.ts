import { PREVIEW_WIDTHS } from "#config/constants.ts";

/** Address of a slide preview image. Slides count from 1. */
export function previewUrl(colorVariantId: number, slide: number, width: number): string {
  return `/files/previews/v1/${colorVariantId}/${slide}-${width}.webp`;
}

export function previewSrcSet(
  colorVariantId: number,
  slide: number,
  widths: readonly number[] = PREVIEW_WIDTHS,
): string {
  return widths.map((w) => `${previewUrl(colorVariantId, slide, w)} ${w}w`).join(", ");
}

export function ratioSize(aspectRatio: "16:9" | "4:3", width: number): { width: number; height: number } {
  return { width, height: Math.round(aspectRatio === "4:3" ? (width * 3) / 4 : (width * 9) / 16) };
}
