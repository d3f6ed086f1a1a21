import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import type { EditorVersion as RenderVersion } from "#modules/templates/editor.ts";

const R = "account.operator.editor.render";

/** How often the page asks again while a version's previews are being drawn. */
export const RENDER_POLL_MS = 1500;

/** A version's state as the editor service reads it (modules/templates/editor.ts). */
export type { EditorVersion as RenderVersion } from "#modules/templates/editor.ts";

/**
 * Where the latest version's previews stand. While it is queued or being drawn the page reloads its
 * data every RENDER_POLL_MS (not while the tab is hidden; at once when it shows again), until the
 * version is ready or failed.
 */
export function RenderProgress({ version }: { version: RenderVersion | null }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const working = version?.state === "queued" || version?.state === "rendering";

  useEffect(() => {
    if (!working) return;
    const ask = () => {
      if (document.hidden) return;
      const r = revalidatorRef.current;
      if (r.state === "idle") void r.revalidate();
    };
    const timer = window.setInterval(ask, RENDER_POLL_MS);
    const onVisible = () => {
      if (!document.hidden) ask();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [working]);

  if (!version) return null;
  const progress = Math.max(0, Math.min(100, Math.round(version.progress)));
  const tone =
    version.state === "failed"
      ? "bg-red-50 ring-red-200"
      : version.state === "ready"
        ? "bg-emerald-50 ring-emerald-200"
        : "bg-surface ring-line/60";
  return (
    <div className={`rounded-card p-4 shadow-card ring-1 sm:p-5 ${tone}`}>
      <p aria-live="polite" className="text-sm font-semibold text-ink">
        {t(`${R}.title`, { number: version.number, state: t(`${R}.state.${version.state}`) })}
      </p>
      {working ? (
        <div className="mt-3 flex items-center gap-3">
          <progress
            max={100}
            value={progress}
            aria-label={t(`${R}.progress`)}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-brand-600"
          />
          <span className="w-12 shrink-0 text-right text-xs tabular-nums text-ink-muted" aria-hidden="true">
            {t(`${R}.percent`, { value: progress })}
          </span>
        </div>
      ) : null}
      {version.state === "failed" ? (
        <div className="mt-2 text-sm text-red-800">
          <p>{version.reason ? t(version.reason) : t(`${R}.failedUnknown`)}</p>
          {version.detail ? <p className="mt-1 break-words text-xs opacity-80">{version.detail}</p> : null}
        </div>
      ) : null}
      {version.state === "ready" && version.missingFonts.length > 0 ? (
        <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-medium">{t(`${R}.missingFonts`, { count: version.missingFonts.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {version.missingFonts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
