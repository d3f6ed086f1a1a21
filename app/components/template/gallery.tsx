import { lazy, Suspense, useId, useRef, useState } from "react";
import { previewBox } from "#app/lib/preview-box.ts";
import { previewSrcSet, previewUrl, ratioSize } from "#app/lib/previews.ts";
import { PREVIEW_WIDTHS } from "#config/browser.ts";
import type { AspectRatio } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";
import { ChevronLeft, ChevronRight } from "../icons.tsx";
import { ViewportImage } from "../ui/viewport-image.tsx";
import { useSwipe } from "./use-swipe.ts";

/** The full-screen viewer's module: fetched when first wanted (pointer over or focus on its button), not with the page. */
const loadViewer = () => import("./slide-viewer.tsx");
const SlideViewer = lazy(loadViewer);
/** The slide spans two thirds of a wide screen, the whole width of a narrow one. */
const SLIDE_SIZES = "(min-width: 1024px) 66vw, 100vw";

/** Four arrows out to the corners: "full screen". */
function ExpandIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    </svg>
  );
}

/**
 * The template's slides as a tabbed carousel (WAI-ARIA APG): the large preview is the tab panel, with the
 * slide counter (n / N), arrows, keyboard and swipe; the thumbnails are its tab list, one tab stop whose
 * arrow keys (and Home, End) move the selection with the focus. "View full screen" opens the slide viewer.
 */
export function Gallery({
  title,
  colorId,
  slidesCount,
  aspectRatio,
}: {
  title: string;
  colorId: number;
  slidesCount: number;
  aspectRatio: AspectRatio;
}) {
  const { t } = useI18n();
  const [slide, setSlide] = useState(1);
  const [viewer, setViewer] = useState(false);
  const swipe = useSwipe((step) => go(slide + step));
  const stripRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const panelId = `${ids}-panel`;
  const tabId = (n: number) => `${ids}-tab-${n}`;
  const wrap = (n: number) => ((n - 1 + slidesCount) % slidesCount) + 1;
  const thumbOf = (n: number) => stripRef.current?.children[n - 1] as HTMLElement | undefined;
  const go = (n: number, focusTab = false) => {
    const next = wrap(n);
    setSlide(next);
    const thumb = thumbOf(next);
    const strip = stripRef.current;
    if (!thumb || !strip) return;
    if (focusTab) thumb.focus({ preventScroll: true });
    // The strip scrolls sideways to centre the thumbnail; the page itself does not move.
    const s = strip.getBoundingClientRect();
    const r = thumb.getBoundingClientRect();
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({
      left: strip.scrollLeft + r.left - s.left - (s.width - r.width) / 2,
      behavior: still ? "auto" : "smooth",
    });
  };
  /** The keys of a slide list: previous and next (wrapping), first and last; whether the key was one. */
  const moveByKey = (key: string, focusTab: boolean): boolean => {
    const to =
      key === "ArrowRight"
        ? slide + 1
        : key === "ArrowLeft"
          ? slide - 1
          : key === "Home"
            ? 1
            : key === "End"
              ? slidesCount
              : 0;
    if (!to) return false;
    go(to, focusTab);
    return true;
  };
  // 16:9, 4:3 and 16:10 as read from the deck; a deck of its own size is shown whole in a 16:9 box.
  const box = previewBox(aspectRatio);
  const size = ratioSize(aspectRatio, 1280);
  const thumbSize = ratioSize(aspectRatio, 320);
  const fit = box.fit;
  const slideName = t("template.gallery.slideAlt", { title, n: slide, total: slidesCount });
  return (
    <section aria-label={t("template.gallery.label")} aria-roledescription="carousel" className="flex flex-col gap-3">
      <figure
        id={panelId}
        role="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the slide is focusable so it can take arrow keys (APG carousel)
        tabIndex={0}
        aria-roledescription="slide"
        aria-label={slideName}
        data-testid="gallery"
        className="relative m-0 touch-pan-y overflow-hidden rounded-card bg-line/40 shadow-card ring-1 ring-line/60 select-none"
        style={{ aspectRatio: box.css }}
        onKeyDown={(e) => {
          if (moveByKey(e.key, false)) e.preventDefault();
        }}
        {...swipe}
      >
        <ViewportImage wide={{ srcSet: previewSrcSet(colorId, slide), sizes: SLIDE_SIZES }}>
          <img
            key={`${colorId}-${slide}`}
            src={previewUrl(colorId, slide, 1280)}
            srcSet={previewSrcSet(colorId, slide, PREVIEW_WIDTHS.slice(0, -1))}
            sizes={SLIDE_SIZES}
            width={size.width}
            height={size.height}
            alt={slideName}
            fetchPriority={slide === 1 ? "high" : "auto"}
            draggable={false}
            className={`absolute inset-0 h-full w-full ${fit}`}
          />
        </ViewportImage>
        <button
          type="button"
          onClick={() => go(slide - 1)}
          className="absolute top-1/2 left-3 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink shadow-card hover:bg-surface"
          aria-label={t("template.gallery.previous")}
        >
          <ChevronLeft />
        </button>
        <button
          type="button"
          onClick={() => go(slide + 1)}
          className="absolute top-1/2 right-3 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 text-ink shadow-card hover:bg-surface"
          aria-label={t("template.gallery.next")}
        >
          <ChevronRight />
        </button>
        <button
          ref={openerRef}
          type="button"
          onClick={() => setViewer(true)}
          onPointerEnter={() => void loadViewer()}
          onFocus={() => void loadViewer()}
          className="absolute top-3 right-3 inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-ink/80 px-3 text-sm font-semibold text-white shadow-card hover:bg-ink"
          data-testid="open-viewer"
        >
          <ExpandIcon />
          <span className="sr-only sm:not-sr-only">{t("template.viewer.open")}</span>
        </button>
        <p
          className="absolute right-3 bottom-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-medium text-white tabular-nums"
          aria-live="polite"
          data-testid="slide-counter"
        >
          {t("template.gallery.counter", { current: slide, total: slidesCount })}
        </p>
      </figure>
      <p className="sr-only">{t("template.gallery.hint")}</p>
      <div
        ref={stripRef}
        role="tablist"
        aria-label={t("template.gallery.thumbnails")}
        data-testid="thumbnails"
        className="flex gap-2 overflow-x-auto p-1 pb-2"
        onKeyDown={(e) => {
          if (moveByKey(e.key, true)) e.preventDefault();
          else if (e.key === "Enter" || e.key === " ") {
            // Selection follows focus; Enter and Space select the focused thumbnail all the same.
            const n = Number((e.target as HTMLElement).dataset.slide);
            if (n) {
              e.preventDefault();
              go(n);
            }
          }
        }}
      >
        {Array.from({ length: slidesCount }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            id={tabId(n)}
            type="button"
            role="tab"
            tabIndex={n === slide ? 0 : -1}
            aria-selected={n === slide}
            aria-controls={panelId}
            aria-label={t("template.gallery.goTo", { n })}
            data-slide={n}
            onClick={() => go(n)}
            className={`block w-28 shrink-0 overflow-hidden rounded-lg ring-2 transition sm:w-32 ${n === slide ? "ring-brand-600" : "ring-transparent hover:ring-brand-200"}`}
          >
            <img
              src={previewUrl(colorId, n, 320)}
              width={thumbSize.width}
              height={thumbSize.height}
              alt=""
              loading="lazy"
              decoding="async"
              draggable={false}
              style={{ aspectRatio: box.css }}
              className={`h-auto w-full bg-line/40 ${fit}`}
            />
          </button>
        ))}
      </div>
      {viewer ? (
        <Suspense fallback={null}>
          <SlideViewer
            title={title}
            colorId={colorId}
            slidesCount={slidesCount}
            aspectRatio={aspectRatio}
            start={slide}
            onClose={(last) => {
              setViewer(false);
              go(last);
              openerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
