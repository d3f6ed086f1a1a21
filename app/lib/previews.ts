import type { AspectRatio } from "#modules/catalog/views.ts";

export { previewSrcSet, previewUrl } from "#modules/catalog/previews.ts";

const HEIGHTS: Partial<Record<AspectRatio, number>> = { "4:3": 3 / 4, "16:10": 10 / 16 };

/** The width and height attributes of a preview `width` pixels wide, in its box's ratio (16:9 unless listed). */
export function ratioSize(aspectRatio: AspectRatio, width: number): { width: number; height: number } {
  return { width, height: Math.round(width * (HEIGHTS[aspectRatio] ?? 9 / 16)) };
}
