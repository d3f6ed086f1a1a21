import type { AspectRatio } from "#modules/catalog/views.ts";

export { previewSrcSet, previewUrl } from "#modules/catalog/previews.ts";

export type PreviewBox = {
  w: number;
  h: number;
  /** The box's CSS aspect-ratio. */
  css: string;
  /** The Tailwind class of that ratio (written out whole, so Tailwind finds it). */
  className: string;
  /** How the image fills the box: a deck of its own size is shown whole, never cropped. */
  fit: "object-cover" | "object-contain";
};

/**
 * The preview's box for each ratio a deck may have: 16:9, 4:3 and 16:10 as read from the deck; a deck of
 * its own size ("custom") is shown whole (contained, not cropped) in a 16:9 box. Cards, the gallery and
 * the thumbnails all use it.
 */
const BOXES: Record<AspectRatio, PreviewBox> = {
  "16:9": { w: 16, h: 9, css: "16 / 9", className: "aspect-video", fit: "object-cover" },
  "4:3": { w: 4, h: 3, css: "4 / 3", className: "aspect-[4/3]", fit: "object-cover" },
  "16:10": { w: 16, h: 10, css: "16 / 10", className: "aspect-[16/10]", fit: "object-cover" },
  custom: { w: 16, h: 9, css: "16 / 9", className: "aspect-video", fit: "object-contain" },
};

export function previewBox(aspectRatio: AspectRatio): PreviewBox {
  return BOXES[aspectRatio] ?? BOXES["16:9"];
}

/** The width and height attributes of a preview `width` pixels wide, in its box's ratio. */
export function ratioSize(aspectRatio: AspectRatio, width: number): { width: number; height: number } {
  const box = previewBox(aspectRatio);
  return { width, height: Math.round((width * box.h) / box.w) };
}
