import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A tab strip that scrolls sideways on a phone (the profile's tabs, the operator area's navigation): after
 * each navigation its active tab is brought into view (centred in the strip, by the strip's own scrollLeft:
 * the page does not move), and the strip says which ends have more tabs (`data-more`: a fade at that edge;
 * before scripts run, at the end: the `tab-strip` class in app.css).
 */
export function useTabStrip<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (pathname) has another active tab to bring into view
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => {
      const max = strip.scrollWidth - strip.clientWidth;
      const left = strip.scrollLeft > 1;
      const right = strip.scrollLeft < max - 1;
      setMore(max <= 1 ? "none" : left && right ? "both" : left ? "start" : right ? "end" : "none");
    };
    const active = strip.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && strip.scrollWidth > strip.clientWidth) {
      const s = strip.getBoundingClientRect();
      const a = active.getBoundingClientRect();
      strip.scrollLeft += a.left + a.width / 2 - (s.left + s.width / 2);
    }
    update();
    strip.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      strip.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [pathname]);
  return { ref, more };
}
