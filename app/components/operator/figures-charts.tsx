import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { HatchPattern } from "#app/components/ui/hatch-pattern.tsx";
import { LOCALE_TAGS, type Locale } from "#config/constants.ts";
import type { Cell, CellKind, FigureTable } from "#modules/figures/tables.ts";
import { formatMoney } from "#modules/shared/format.ts";
import { useI18n } from "../i18n.tsx";

/**
 * The figures page's charts (issue 23), in the profile chart's style: drawn on the server as SVG, the
 * drawing hidden from screen readers; a sentence sums each chart up for everyone, the same figures are a
 * table under "Show the numbers" (a disclosure, so a long table is not read out unasked), and each chart
 * has its CSV. The
 * bucket still counting (today, this month) is hatched and said so, not told by colour alone.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

const amounts = new Map<string, string>();

/** A cell as the page's language writes it; "—" where there is no figure. */
export function formatCell(locale: Locale, kind: CellKind, value: Cell, style: "long" | "short" = "long"): string {
  if (value === null) return "—";
  const tag = LOCALE_TAGS[locale];
  if (typeof value === "string") {
    if (kind === "day")
      return cached(`${tag}:day:${style}`, () =>
        style === "long"
          ? new Intl.DateTimeFormat(tag, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })
          : new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" }),
      ).format(new Date(`${value}T00:00:00Z`));
    if (kind === "month")
      return cached(`${tag}:month:${style}`, () =>
        style === "long"
          ? new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" })
          : new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }),
      ).format(new Date(`${value}T00:00:00Z`));
    return value;
  }
  if (kind === "money") {
    // formatMoney makes its formatter each time; a 90-day page writes a few hundred amounts.
    const key = `${locale}:${value}`;
    let text = amounts.get(key);
    if (text === undefined) {
      if (amounts.size > 5_000) amounts.clear();
      text = formatMoney(locale, value);
      amounts.set(key, text);
    }
    return text;
  }
  if (kind === "percent")
    return cached(
      `${tag}:pct`,
      () => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 }),
    ).format(value);
  return cached(`${tag}:n`, () => new Intl.NumberFormat(tag)).format(value);
}

/** One chart's card: its title, its sentence, the drawing, the table and the CSV link. */
export function FigureCard(props: {
  table: FigureTable;
  summary: string;
  note?: string;
  csvHref: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const { table } = props;
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-chart={table.id}
      className="flex min-w-0 flex-col gap-4 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="min-w-0 text-lg font-semibold text-ink">
          {table.title}
        </h2>
        <a
          href={props.csvHref}
          download
          className="btn-ghost shrink-0 px-2 py-1 text-sm"
          aria-label={t("deskFigures.csvLabel", { chart: table.title })}
        >
          {t("deskFigures.csv")}
        </a>
      </div>
      <p className="text-sm text-ink-soft" data-testid="chart-summary">
        {props.summary}
      </p>
      <div aria-hidden="true">{props.children}</div>
      {props.note ? <p className="text-xs text-ink-muted">{props.note}</p> : null}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t("deskFigures.showTable")}</summary>
        <FigureTableView table={table} />
      </details>
    </section>
  );
}

/**
 * The table of a chart, under "Show the numbers": a region of its own that scrolls (a 90-day table is
 * long, a wide one scrolls sideways on a phone), focusable so a keyboard can scroll it.
 */
export function FigureTableView({ table }: { table: FigureTable }) {
  const { t, href, locale } = useI18n();
  const cell = (kind: CellKind, v: Cell) =>
    v === null ? (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("deskFigures.notComputed")}</span>
      </>
    ) : (
      formatCell(locale, kind, v)
    );
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
      tabIndex={0}
      aria-label={table.title}
      className="mt-3 max-h-96 overflow-auto rounded-md ring-1 ring-line"
    >
      {/* Cell styles set once on the table: a 90-day table has a few thousand cells. */}
      <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:whitespace-nowrap [&_td]:tabular-nums [&_th]:px-3 [&_th]:py-2 [&_tbody_td]:text-ink-soft [&_tbody_th]:font-medium [&_tbody_th]:text-ink [&_thead_th]:font-semibold [&_thead_th]:whitespace-nowrap">
        <caption className="sr-only">{table.title}</caption>
        <thead className="sticky top-0 bg-canvas text-ink-muted">
          <tr>
            {table.columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {table.rows.map((row, r) => (
            <tr key={`${String(row[0])}-${r}`}>
              {row.map((v, i) =>
                i === 0 ? (
                  <th key={table.columns[i].label} scope="row">
                    {table.links?.[r] ? (
                      <Link to={href(table.links[r] as string)} className="text-link">
                        {cell(table.columns[i].kind, v)}
                      </Link>
                    ) : (
                      cell(table.columns[i].kind, v)
                    )}
                  </th>
                ) : (
                  <td key={table.columns[i].label}>{cell(table.columns[i].kind, v)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {table.total ? (
          <tfoot className="border-t-2 border-line font-semibold text-ink">
            <tr>
              {table.total.map((v, i) =>
                i === 0 ? (
                  <th key={table.columns[i].label} scope="row">
                    {v}
                  </th>
                ) : (
                  <td key={table.columns[i].label}>{v === "" ? "" : cell(table.columns[i].kind, v)}</td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

/**
 * Columns over the period's buckets (days or months): a number on each when there are few, the first,
 * middle and last labels when there are many; the bucket still counting hatched; none where not computed.
 */
export function ColumnChart(props: {
  values: (number | null)[];
  labels: string[];
  current: boolean[];
  format: (v: number) => string;
  height?: number;
  caption?: string;
}) {
  const patternId = useId();
  const { values, labels, current, format } = props;
  const h = props.height ?? 150;
  const n = values.length;
  const max = Math.max(0, ...values.map((v) => v ?? 0));
  const few = n <= 12;
  if (!few) return <ManyColumns {...props} height={h} max={max} patternId={patternId} />;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {props.caption ? <p className="text-sm font-medium text-ink">{props.caption}</p> : null}
      <svg width="0" height="0" className="absolute">
        <HatchPattern id={patternId} />
      </svg>
      <div className="flex items-end gap-1.5 border-b border-line sm:gap-2" style={{ height: h + 20 }}>
        {values.map((v, i) => {
          const height = v === null ? 0 : v === 0 || max === 0 ? 2 : Math.max(3, Math.round((v / max) * h));
          return (
            <div key={labels[i] ?? i} className="flex min-w-0 flex-1 flex-col items-center justify-end gap-1">
              {v !== null ? (
                <span className="max-w-full truncate text-[0.7rem] font-semibold tabular-nums text-ink">
                  {format(v)}
                </span>
              ) : null}
              {v === null ? null : (
                <svg width="100%" height={height} preserveAspectRatio="none" className="block rounded-t-sm">
                  <rect
                    width="100%"
                    height={height}
                    fill={current[i] ? `url(#${patternId})` : undefined}
                    className={current[i] ? undefined : v ? "fill-brand-500" : "fill-line"}
                  />
                </svg>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex gap-1.5 sm:gap-2">
        {labels.map((l, i) => (
          <span key={`${l}-${i}`} className="min-w-0 flex-1 truncate text-center text-[0.7rem] text-ink-muted">
            {l}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * Many columns (a 30- or 90-day period) in one SVG stretched to the width: a rectangle each, the largest
 * figure above, the first, middle and last labels under it.
 */
function ManyColumns(props: {
  values: (number | null)[];
  labels: string[];
  current: boolean[];
  format: (v: number) => string;
  height: number;
  max: number;
  patternId: string;
  caption?: string;
}) {
  const { values, labels, current, height: h, max, patternId } = props;
  const n = values.length;
  const bar = (v: number) => (v === 0 || max === 0 ? 1 : Math.max(2, (v / max) * h));
  const rects = (pick: (v: number | null, i: number) => boolean) =>
    values.map((v, i) =>
      v !== null && pick(v, i) ? (
        <rect key={labels[i] ?? i} x={i * 4 + 0.5} y={h - bar(v)} width="3" height={bar(v)} />
      ) : null,
    );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {props.caption ? <p className="text-sm font-medium text-ink">{props.caption}</p> : null}
      <p className="text-xs text-ink-muted tabular-nums">{props.format(max)}</p>
      <svg
        viewBox={`0 0 ${n * 4} ${h}`}
        preserveAspectRatio="none"
        className="block w-full border-b border-line"
        style={{ height: h }}
      >
        <HatchPattern id={patternId} size={2} />
        <g className="fill-brand-500">{rects((v, i) => Boolean(v) && !current[i])}</g>
        <g className="fill-line">{rects((v, i) => v === 0 && !current[i])}</g>
        <g fill={`url(#${patternId})`}>{rects((_, i) => current[i])}</g>
      </svg>
      <div className="flex justify-between gap-2 text-[0.7rem] whitespace-nowrap text-ink-muted">
        <span>{labels[0]}</span>
        <span>{labels[Math.floor((n - 1) / 2)]}</span>
        <span>{labels[n - 1]}</span>
      </div>
    </div>
  );
}

/** Horizontal bars: a label (and a detail under it), a bar in proportion to the largest, its figure. */
export function BarList(props: {
  caption?: string;
  items: { label: string; value: number; display: string; detail?: string }[];
  empty: string;
}) {
  const max = Math.max(0, ...props.items.map((i) => i.value));
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {props.caption ? <p className="text-sm font-medium text-ink">{props.caption}</p> : null}
      {props.items.length === 0 ? (
        <p className="text-sm text-ink-muted">{props.empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {props.items.map((item, i) => (
            <li
              key={`${item.label}-${i}`}
              className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(0,14rem)_1fr_auto]"
            >
              <span className="col-span-2 flex min-w-0 flex-col sm:col-span-1">
                <span className="truncate text-ink" title={item.label}>
                  {item.label}
                </span>
                {item.detail ? <span className="truncate text-xs text-ink-muted">{item.detail}</span> : null}
              </span>
              <svg className="h-3 w-full" viewBox="0 0 100 10" preserveAspectRatio="none">
                <rect width="100" height="10" rx="1.5" className="fill-canvas" />
                {item.value > 0 ? (
                  <rect
                    width={Math.max(1, (item.value / (max || 1)) * 100)}
                    height="10"
                    rx="1.5"
                    className="fill-brand-500"
                  />
                ) : null}
              </svg>
              <span className="text-right font-semibold tabular-nums whitespace-nowrap text-ink">{item.display}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
