import { previewSrcSet, previewUrl } from "#app/lib/previews.ts";
import type { AspectRatio } from "#modules/catalog/views.ts";
import { FolderIcon } from "../icons.tsx";

/** A tile of a collection's collage: a template's first slide in its first colour. */
export type CollageTile = { templateId: number; colorId: number; aspectRatio: AspectRatio };

/** Where each tile sits: one fills the box; two share it; three put the first on the left, two on the right; four are 2 x 2. */
const PLACES: Record<number, readonly string[]> = {
  1: ["col-span-2 row-span-2"],
  2: ["row-span-2", "row-span-2"],
  3: ["row-span-2", "", ""],
  4: ["", "", "", ""],
};

/**
 * A collection's picture in the list: a 16:9 box (so the list's rows line up) with a collage of its first
 * templates' previews, 2 x 2 when it has four or more, fewer filling the box; an empty one shows the folder
 * icon. Decorative: the collection's name and count say what it is.
 */
export function FolderCollage({ tiles, eager = false }: { tiles: CollageTile[]; eager?: boolean }) {
  const shown = tiles.slice(0, 4);
  if (!shown.length)
    return (
      <span
        aria-hidden="true"
        className="flex aspect-video items-center justify-center bg-brand-50 text-brand-700"
        data-collage-tiles="0"
      >
        <FolderIcon width={36} height={36} />
      </span>
    );
  const places = PLACES[shown.length];
  return (
    <span
      aria-hidden="true"
      className="grid aspect-video grid-cols-2 grid-rows-2 gap-0.5 overflow-hidden bg-surface"
      data-collage-tiles={shown.length}
    >
      {shown.map((tile, i) => {
        const whole = shown.length === 1;
        return (
          <span key={tile.templateId} className={`relative block min-h-0 bg-line/50 ${places[i]}`}>
            <img
              src={previewUrl(tile.colorId, 1, whole ? 480 : 320)}
              srcSet={previewSrcSet(tile.colorId, 1, whole ? [320, 480, 640] : [320, 480])}
              sizes={whole ? "(min-width:1024px) 320px,50vw" : "(min-width:1024px) 160px,25vw"}
              width={whole ? 480 : 320}
              height={whole ? 270 : 180}
              alt=""
              loading={eager ? undefined : "lazy"}
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover"
              data-template-id={tile.templateId}
            />
          </span>
        );
      })}
    </span>
  );
}
