import type { ReactNode } from "react";

/**
 * Holds a page's main responsive image (its `<img>` as the child) so that React's server rendering does not
 * hoist a `<link rel="preload" as="image" imagesrcset>` for it into the head: React leaves images inside a
 * `<picture>` alone. Such a preload is weighed against the page's width before the phone's
 * `<meta name="viewport">` has taken effect (980 px then), so a phone fetched the widest candidate about one
 * page load in eight (Chromium, 412 px at a density of 1.75: the 1280 px article cover instead of the 800
 * px one, and it then showed the wider one it held). The `<img>` itself, high in the body with
 * `fetchpriority="high"`, is found as early by the browser's preload scanner, which reads the viewport
 * first. `display: contents`: the wrapper draws no box of its own.
 */
export function ViewportImage({ children }: { children: ReactNode }) {
  return <picture className="contents">{children}</picture>;
}
