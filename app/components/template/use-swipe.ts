import { useRef } from "react";

/** How far (px) a horizontal drag must go to count as a swipe. */
const SWIPE_PX = 40;

/**
 * Pointer handlers that turn a horizontal swipe into the next (`+1`, swiped left) or previous (`-1`)
 * slide: the gallery's preview and the full-screen viewer share them.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const startX = useRef<number | null>(null);
  return {
    onPointerDown: (e: React.PointerEvent) => {
      startX.current = e.clientX;
    },
    onPointerUp: (e: React.PointerEvent) => {
      if (startX.current === null) return;
      const dx = e.clientX - startX.current;
      startX.current = null;
      if (Math.abs(dx) > SWIPE_PX) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      startX.current = null;
    },
  };
}
