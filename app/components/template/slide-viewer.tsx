import { useEffect, useId, useRef, useState } from "react";
import { previewSrcSet, previewUrl, ratioSize } from "#app/lib/previews.ts";
import type { AspectRatio } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";
import { ChevronLeft, ChevronRight, CloseIcon } from "../icons.tsx";
import { useSwipe } from "./use-swipe.ts";

/**
 * The slides full screen, on a dark backdrop: a modal on the native <dialog> (focus kept inside, the page
 * behind inert and still, Escape closes), labelled by the template's title. ← and →, Home and End, the
 * arrows' buttons or a swipe move between slides; the counter says where (n / N). Closing hands back the
 * slide last shown. Loaded on demand by the gallery (the template page's own script stays small).
 */
export default function SlideViewer({
  title,
  colorId,
  slidesCount,
  aspectRatio,
  start,
  onClose,
}: {
  title: string;
  colorId: number;
  slidesCount: number;
  aspectRatio: AspectRatio;
  /** The slide it opens at (from 1). */
  start: number;
  /** Called once closed, with the slide shown last. */
  onClose: (slide: number) => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hintId = useId();
  const [slide, setSlide] = useState(start);
  const shown = useRef(start);
  shown.current = slide;
  const swipe = useSwipe((step) => go(slide + step));
  const wrap = (n: number) => ((n - 1 + slidesCount) % slidesCount) + 1;
  const go = (n: number) => setSlide(wrap(n));
  const size = ratioSize(aspectRatio, 1280);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    // The page behind does not scroll while the slides are shown.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, []);

  // The slides either side are fetched ahead, so moving shows them at once.
  useEffect(() => {
    const around = [slide + 1, slide - 1].map((n) => ((n - 1 + slidesCount) % slidesCount) + 1);
    for (const n of new Set(around)) {
      const img = new Image();
      img.sizes = "100vw";
      img.srcset = previewSrcSet(colorId, n);
    }
  }, [slide, slidesCount, colorId]);

  const slideName = t("template.gallery.slideAlt", { title, n: slide, total: slidesCount });
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-testid="slide-viewer"
      onClose={() => onClose(shown.current)}
      onKeyDown={(e) => {
        if (e.key === "Tab") {
          // Focus goes round the viewer's own controls, never out to the page or the browser's.
          const controls = [...e.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled])")];
          const first = controls[0];
          const last = controls.at(-1);
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last?.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first?.focus();
          }
          return;
        }
        const to =
          e.key === "ArrowRight"
            ? slide + 1
            : e.key === "ArrowLeft"
              ? slide - 1
              : e.key === "Home"
                ? 1
                : e.key === "End"
                  ? slidesCount
                  : 0;
        if (!to) return;
        e.preventDefault();
        go(to);
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-ink p-0 text-white backdrop:bg-ink"
    >
      <div className="flex h-full flex-col pb-[env(safe-area-inset-bottom,0px)]">
        <div className="flex items-center gap-3 py-2 pr-2 pl-4 pt-[max(0.5rem,env(safe-area-inset-top,0px))] sm:pl-6">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
            {title}
          </h2>
          <p
            className="shrink-0 text-sm font-medium text-white/85 tabular-nums"
            aria-live="polite"
            data-testid="viewer-counter"
          >
            {t("template.gallery.counter", { current: slide, total: slidesCount })}
          </p>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-white"
            aria-label={t("template.viewer.close")}
          >
            <CloseIcon />
          </button>
        </div>
        <p id={hintId} className="sr-only">
          {t("template.viewer.hint")}
        </p>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-20 select-none sm:px-20 sm:pb-4"
          {...swipe}
        >
          <img
            key={`${colorId}-${slide}`}
            src={previewUrl(colorId, slide, 1280)}
            srcSet={previewSrcSet(colorId, slide)}
            sizes="100vw"
            width={size.width}
            height={size.height}
            alt={slideName}
            draggable={false}
            className="h-full w-full object-contain"
            data-testid="viewer-image"
          />
          <button
            type="button"
            onClick={() => go(slide - 1)}
            className="absolute bottom-4 left-[calc(50%-4rem)] inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-lift hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white sm:top-1/2 sm:bottom-auto sm:left-4 sm:-translate-y-1/2"
            aria-label={t("template.gallery.previous")}
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={() => go(slide + 1)}
            className="absolute right-[calc(50%-4rem)] bottom-4 inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-lift hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white sm:top-1/2 sm:right-4 sm:bottom-auto sm:-translate-y-1/2"
            aria-label={t("template.gallery.next")}
          >
            <ChevronRight />
          </button>
        </div>
      </div>
    </dialog>
  );
}
