import type { AspectRatio } from "#modules/catalog/views.ts";

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

/** Each ratio's box: its width and height units and its Tailwind class (written out whole, so Tailwind finds it). */
const BOXES: Record<AspectRatio, [number, number, string]> = {
  "16:9": [16, 9, "aspect-video"],
  "4:3": [4, 3, "aspect-[4/3]"],
  "16:10": [16, 10, "aspect-[16/10]"],
  custom: [16, 9, "aspect-video"],
};

/**
 * The preview's box for each ratio a deck may have: 16:9, 4:3 and 16:10 as read from the deck; a deck of
 * its own size ("custom") is shown whole (contained, not cropped) in a 16:9 box. Cards, the gallery and
 * the thumbnails all use it (kept small: the home page's script budget pays for it).
 */
export function previewBox(aspectRatio: AspectRatio): PreviewBox {
  const [w, h, className] = BOXES[aspectRatio] ?? BOXES["16:9"];
  return { w, h, css: `${w} / ${h}`, className, fit: aspectRatio === "custom" ? "object-contain" : "object-cover" };
}
