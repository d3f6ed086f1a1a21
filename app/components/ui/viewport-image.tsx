import type { ReactNode } from "react";
import { WIDE_IMAGE_MEDIA } from "#config/browser.ts";

/**
 * Holds a page's main responsive image (its `<img>` as the child) so that React's server rendering does not
 * hoist a `<link rel="preload" as="image" imagesrcset>` for it into the head: React leaves images inside a
 * `<picture>` alone. Such a preload is weighed against the page's width before the phone's
 * `<meta name="viewport">` has taken effect (980 px then), so a phone fetched the widest candidate about one
 * page load in eight (Chromium, 412 px at a density of 1.75: the 1280 px article cover instead of the 800
 * px one, and it then showed the wider one it held). The `<img>` itself, high in the body with
 * `fetchpriority="high"`, is found as early by the browser's preload scanner, which reads the viewport
 * first. `display: contents`: the wrapper draws no box of its own.
 *
 * The `<img>` itself can be weighed at 980 px too, on a slow machine one first load in three: so it offers
 * the candidates without the widest, and `wide` (every candidate, the widest included) is a `<source>` only
 * for screens that can use it (WIDE_IMAGE_MEDIA), which a phone's 980 px before its viewport is not.
 */
export function ViewportImage({ children, wide }: { children: ReactNode; wide?: { srcSet: string; sizes: string } }) {
  return (
    <picture className="contents">
      {wide ? <source media={WIDE_IMAGE_MEDIA} srcSet={wide.srcSet} sizes={wide.sizes} /> : null}
      {children}
    </picture>
  );
}
