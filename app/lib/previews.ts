export { previewSrcSet, previewUrl } from "#modules/catalog/previews.ts";

export function ratioSize(aspectRatio: "16:9" | "4:3", width: number): { width: number; height: number } {
  return { width, height: Math.round(aspectRatio === "4:3" ? (width * 3) / 4 : (width * 9) / 16) };
}
