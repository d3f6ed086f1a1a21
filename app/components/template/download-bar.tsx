import { useEffect, useState } from "react";
import { useI18n } from "../i18n.tsx";
import { DownloadIcon } from "../icons.tsx";

/**
 * On a phone (under 640 px) the download choices come after the gallery, the description and the tags:
 * this bar, pinned to the bottom of the screen (above the home indicator's inset), leads to them. It is
 * the page's last child, sticky at the bottom: while the page scrolls it stays in view, and at the page's
 * end it rests in its own room, before the footer, so it never covers anything for good (without scripts
 * too). It steps aside while the download choices are in view. A link to the panel's anchor, so it works
 * before scripts load; with them it scrolls there and moves the focus to the panel without changing the
 * address.
 */
export function DownloadBar({
  targetId,
  isPremium,
  slidesCount,
}: {
  /** The id of the download panel it leads to. */
  targetId: string;
  isPremium: boolean;
  slidesCount: number;
}) {
  const { t } = useI18n();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const panel = document.getElementById(targetId);
    if (!panel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) setHidden(e.isIntersecting);
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [targetId]);

  return (
    <aside
      aria-label={t("template.downloadBar.label")}
      data-testid="download-bar"
      data-hidden={hidden || undefined}
      className={`sticky bottom-0 z-30 -mx-4 mt-10 border-t border-line bg-surface/95 shadow-lift backdrop-blur transition-[translate,visibility] duration-200 sm:hidden ${hidden ? "invisible translate-y-full" : "visible translate-y-0"}`}
    >
      <div className="flex items-center gap-3 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom,0px))]">
        <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
          <span className={isPremium ? "badge-premium" : "badge-free"}>
            {isPremium ? t("catalog.card.premium") : t("catalog.card.free")}
          </span>
          <span className="whitespace-nowrap">{t("template.downloadBar.slides", { count: slidesCount })}</span>
        </p>
        <a
          href={`#${targetId}`}
          className="btn-primary shrink-0 px-5"
          onClick={(e) => {
            const panel = document.getElementById(targetId);
            if (!panel) return;
            e.preventDefault();
            const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            panel.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
            panel.focus({ preventScroll: true });
          }}
        >
          <DownloadIcon /> {t("template.downloadBar.button")}
        </a>
      </div>
    </aside>
  );
}
