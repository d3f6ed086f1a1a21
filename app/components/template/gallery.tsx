import { useRef, useState } from "react";
import { previewBox } from "#app/lib/preview-box.ts";
import { previewSrcSet, previewUrl, ratioSize } from "#app/lib/previews.ts";
import type { AspectRatio } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";
import { ChevronLeft, ChevronRight } from "../icons.tsx";

const SWIPE_PX = 40;

/** Large preview with the slide counter (n / N), arrows, keyboard and swipe, and a strip of thumbnails. */
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
  const startX = useRef<number | null>(null);
  const stripRef = useRef<HTMLOListElement>(null);
  const go = (n: number) => {
    const next = ((n - 1 + slidesCount) % slidesCount) + 1;
    setSlide(next);
    const thumb = stripRef.current?.children[next - 1] as HTMLElement | undefined;
    thumb?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
  };
  // 16:9, 4:3 and 16:10 as read from the deck; a deck of its own size is shown whole in a 16:9 box.
  const box = previewBox(aspectRatio);
  const size = ratioSize(aspectRatio, 1280);
  const thumbSize = ratioSize(aspectRatio, 320);
  const fit = box.fit;
  return (
    <section aria-label={t("template.gallery.label")} aria-roledescription="carousel" className="flex flex-col gap-3">
      <figure
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the slide viewer is focusable so it can take arrow keys (APG carousel)
        tabIndex={0}
        aria-roledescription="slide"
        aria-label={t("template.gallery.slideAlt", { title, n: slide, total: slidesCount })}
        data-testid="gallery"
        className="relative m-0 overflow-hidden rounded-card bg-line/40 shadow-card ring-1 ring-line/60 select-none"
        style={{ aspectRatio: box.css }}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") {
            e.preventDefault();
            go(slide + 1);
          } else if (e.key === "ArrowLeft") {
            e.preventDefault();
            go(slide - 1);
          } else if (e.key === "Home") {
            e.preventDefault();
            go(1);
          } else if (e.key === "End") {
            e.preventDefault();
            go(slidesCount);
          }
        }}
        onPointerDown={(e) => {
          startX.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (startX.current === null) return;
          const dx = e.clientX - startX.current;
          startX.current = null;
          if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? slide + 1 : slide - 1);
        }}
      >
        <img
          key={`${colorId}-${slide}`}
          src={previewUrl(colorId, slide, 1280)}
          srcSet={previewSrcSet(colorId, slide)}
          sizes="(min-width: 1024px) 66vw, 100vw"
          width={size.width}
          height={size.height}
          alt={t("template.gallery.slideAlt", { title, n: slide, total: slidesCount })}
          fetchPriority={slide === 1 ? "high" : "auto"}
          draggable={false}
          className={`absolute inset-0 h-full w-full ${fit}`}
        />
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
        <p
          className="absolute right-3 bottom-3 rounded-full bg-ink/80 px-3 py-1 text-sm font-medium text-white tabular-nums"
          aria-live="polite"
          data-testid="slide-counter"
        >
          {t("template.gallery.counter", { current: slide, total: slidesCount })}
        </p>
      </figure>
      <p className="sr-only">{t("template.gallery.hint")}</p>
      <ol ref={stripRef} aria-label={t("template.gallery.thumbnails")} className="flex gap-2 overflow-x-auto pb-2">
        {Array.from({ length: slidesCount }, (_, i) => i + 1).map((n) => (
          <li key={n} className="shrink-0">
            <button
              type="button"
              onClick={() => go(n)}
              aria-label={t("template.gallery.goTo", { n })}
              aria-current={n === slide ? "true" : undefined}
              className={`block w-28 overflow-hidden rounded-lg ring-2 transition sm:w-32 ${n === slide ? "ring-brand-600" : "ring-transparent hover:ring-brand-200"}`}
            >
              <img
                src={previewUrl(colorId, n, 320)}
                width={thumbSize.width}
                height={thumbSize.height}
                alt=""
                loading="lazy"
                decoding="async"
                style={{ aspectRatio: box.css }}
                className={`h-auto w-full bg-line/40 ${fit}`}
              />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
