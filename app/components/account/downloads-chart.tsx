import { useId } from "react";
import { HatchPattern } from "#app/components/ui/hatch-pattern.tsx";
import { LOCALE_TAGS } from "#config/constants.ts";
import type { MonthCount } from "#modules/downloads/history.ts";
import { useI18n } from "../i18n.tsx";

/**
 * Downloads per month for the last twelve months (profile index). Every bar carries its number, the
 * current month is marked by a pattern and a word (not by colour alone), and the same figures are a
 * table for screen readers; a sentence sums it up for everyone.
 */
export function DownloadsChart({ months }: { months: MonthCount[] }) {
  const { t, locale } = useI18n();
  const captionId = useId();
  const patternId = useId();
  const tag = LOCALE_TAGS[locale];
  const label = (month: string, style: "short" | "long") =>
    new Intl.DateTimeFormat(tag, {
      month: style,
      year: style === "long" ? "numeric" : undefined,
      timeZone: "UTC",
    }).format(new Date(`${month}-15T00:00:00Z`));
  const max = Math.max(1, ...months.map((m) => m.count));
  const total = months.reduce((s, m) => s + m.count, 0);
  const busiest = months.reduce((a, b) => (b.count > a.count ? b : a), months[0]);
  const current = months[months.length - 1]?.month;
  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-4">
      <figcaption id={captionId} className="text-lg font-semibold text-ink">
        {t("account.profile.chartTitle")}
      </figcaption>
      <p className="text-sm text-ink-soft" data-testid="chart-summary">
        {total === 0
          ? t("account.profile.chartNone")
          : t("account.profile.chartSummary", {
              count: total,
              month: label(busiest.month, "long"),
              busiest: busiest.count,
            })}
      </p>
      <div aria-hidden="true" className="flex h-48 items-end gap-1.5 sm:gap-2">
        <svg width="0" height="0" className="absolute">
          <HatchPattern id={patternId} />
        </svg>
        {months.map((m) => {
          const isCurrent = m.month === current;
          const height = m.count === 0 ? 2 : Math.max(6, Math.round((m.count / max) * 150));
          return (
            <div key={m.month} className="flex min-w-0 flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold tabular-nums text-ink">{m.count}</span>
              <svg
                width="100%"
                height={height}
                preserveAspectRatio="none"
                className={`rounded-t ${isCurrent ? "ring-2 ring-brand-700" : ""}`}
              >
                <rect
                  width="100%"
                  height={height}
                  fill={isCurrent ? `url(#${patternId})` : undefined}
                  className={isCurrent ? undefined : m.count ? "fill-brand-500" : "fill-line"}
                />
              </svg>
              <span className={`truncate text-[0.7rem] ${isCurrent ? "font-bold text-ink" : "text-ink-muted"}`}>
                {label(m.month, "short")}
              </span>
            </div>
          );
        })}
      </div>
      <p className="text-xs text-ink-muted">{t("account.profile.chartCurrent")}</p>
      <table className="sr-only">
        <caption>{t("account.profile.chartTitle")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("account.profile.chartMonth")}</th>
            <th scope="col">{t("account.profile.chartDownloads")}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">
                {label(m.month, "long")}
                {m.month === current ? ` (${t("account.profile.chartThisMonth")})` : ""}
              </th>
              <td>{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
