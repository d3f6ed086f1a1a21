import { Form } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { BarList, ColumnChart, FigureCard, formatCell } from "#app/components/operator/figures-charts.tsx";
import { seo } from "#app/lib/seo.ts";
import { DOWNLOAD_FORMATS, FIGURES, LOCALE_TAGS } from "#config/constants.ts";
import type { Cell, ChartId, FigureTable } from "#modules/figures/tables.ts";
import type { Route } from "./+types/figures";
import { figuresLoader } from "./figures.server.ts";

/** The operator's figures (issue 23): a period's charts, read from the daily figures the job keeps. */
export const loader = (args: Route.LoaderArgs) => figuresLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const F = "deskFigures";
const num = (v: Cell) => (typeof v === "number" ? v : 0);
const TOPS = ["downloads", "views", "favorites"] as const;

export default function OperatorFigures({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { tables, period, unit, top, current, notices } = loaderData;
  const tag = LOCALE_TAGS[locale];
  const n = (v: number) => formatCell(locale, "count", v);
  const money = (v: number) => formatCell(locale, "money", v);
  const pct = (v: number | null) => formatCell(locale, "percent", v);
  const csv = (chart: ChartId) =>
    `${href("/operator/figures.csv")}?chart=${chart}&period=${period}${chart === "templates" ? `&top=${top}` : ""}`;
  const updated = loaderData.updatedAt
    ? new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
        new Date(loaderData.updatedAt),
      )
    : null;
  /** A series table's first column (the buckets) as axis labels, and one of its columns as values. */
  const series = (table: FigureTable, column: number) => ({
    labels: table.rows.map((r) => formatCell(locale, unit, r[0], "short")),
    values: table.rows.map((r) => (r[column] === null ? null : Number(r[column]))),
    current,
  });
  /** The busiest bucket of a series column (for the sentence), or null when all are zero. */
  const busiest = (table: FigureTable, column: number) => {
    let best: Cell[] | null = null;
    for (const r of table.rows) if (num(r[column]) > 0 && (!best || num(r[column]) > num(best[column]))) best = r;
    return best
      ? { when: t(`${F}.when.${unit}`, { when: formatCell(locale, unit, best[0]) }), most: num(best[column]) }
      : null;
  };
  const total = (table: FigureTable, column: number) => num(table.total?.[column] ?? 0);

  const { members, signups, subscriptions, mrr, churn, downloads, templates, searches, queries, zeroQueries } = tables;
  const mrrComputed = mrr.rows.filter((r) => r[2] !== null);
  const signupsMost = busiest(signups, 1);
  const downloadsMost = busiest(downloads, 1);
  const tierColumns = downloads.columns.slice(2, 6);
  const formatColumns = downloads.columns.slice(6, 6 + DOWNLOAD_FORMATS.length);
  const zeroRate = searches.total?.[3] ?? null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">{t(`${F}.title`)}</h1>
        <p className="max-w-3xl text-ink-muted">{t(`${F}.intro`)}</p>
        <p className="text-sm text-ink-soft" data-testid="figures-updated">
          {updated
            ? t(`${F}.updated`, { time: updated, minutes: FIGURES.refreshMinutes })
            : t(`${F}.notYet`, { minutes: FIGURES.refreshMinutes })}
        </p>
      </header>
      {notices.map((code) => (
        <p
          key={code}
          role="status"
          className="rounded-card bg-amber-50 p-4 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          {t(code)}
        </p>
      ))}
      <Form
        method="get"
        aria-label={t(`${F}.form.label`)}
        className="flex flex-wrap items-end gap-3 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60"
      >
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="figures-period" className="field-label">
            {t(`${F}.form.period`)}
          </label>
          <select id="figures-period" name="period" defaultValue={period} className="field-input min-w-48">
            {FIGURES.periods.map((p) => (
              <option key={p} value={p}>
                {t(`${F}.periods.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor="figures-top" className="field-label">
            {t(`${F}.form.top`)}
          </label>
          <select id="figures-top" name="top" defaultValue={top} className="field-input min-w-48">
            {TOPS.map((m) => (
              <option key={m} value={m}>
                {t(`${F}.measures.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t(`${F}.form.apply`)}
        </button>
        <p className="w-full text-sm text-ink-muted sm:ml-auto sm:w-auto">
          {t(`${F}.range`, {
            from: formatCell(locale, "day", loaderData.from),
            to: formatCell(locale, "day", loaderData.to),
          })}
        </p>
      </Form>

      <section aria-label={t(`${F}.kpis.label`)}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {[
            { label: t(`${F}.kpis.members`), value: formatCell(locale, "count", members.total?.[2] ?? null) },
            { label: t(`${F}.kpis.signups`), value: n(total(signups, 1)) },
            {
              label: t(`${F}.kpis.subscriptions`),
              value: formatCell(locale, "count", subscriptions.total?.[2] ?? null),
            },
            { label: t(`${F}.kpis.mrr`), value: formatCell(locale, "money", subscriptions.total?.[3] ?? null) },
            { label: t(`${F}.kpis.downloads`), value: n(total(downloads, 1)) },
            { label: t(`${F}.kpis.zeroRate`), value: pct(typeof zeroRate === "number" ? zeroRate : null) },
          ].map((k) => (
            <div
              key={k.label}
              className="flex flex-col gap-1 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60"
            >
              <dt className="text-xs font-medium text-ink-muted">{k.label}</dt>
              <dd className="text-xl font-semibold tabular-nums text-ink">{k.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <FigureCard
          table={members}
          csvHref={csv("members")}
          summary={t(`${F}.charts.members.summary`, {
            count: n(num(members.total?.[2] ?? 0)),
            change: signed(num(members.total?.[3] ?? 0), n),
          })}
          note={t(`${F}.charts.members.note`)}
        >
          <BarList
            empty={t(`${F}.none`)}
            items={members.rows.map((r) => ({
              label: String(r[0]),
              value: num(r[2]),
              display: formatCell(locale, "count", r[2]),
              detail: r[3] === null ? undefined : signed(num(r[3]), n),
            }))}
          />
        </FigureCard>
        <FigureCard
          table={subscriptions}
          csvHref={csv("subscriptions")}
          summary={t(`${F}.charts.subscriptions.summary`, {
            count: n(num(subscriptions.total?.[2] ?? 0)),
            mrr: money(num(subscriptions.total?.[3] ?? 0)),
          })}
        >
          <BarList
            empty={t(`${F}.none`)}
            items={subscriptions.rows.map((r) => ({
              label: String(r[0]),
              value: num(r[3]),
              display: formatCell(locale, "money", r[3]),
              detail: t(`${F}.charts.subscriptions.count`, { count: num(r[2]) }),
            }))}
          />
        </FigureCard>
      </div>

      <FigureCard
        table={signups}
        csvHref={csv("signups")}
        summary={
          signupsMost
            ? t(`${F}.charts.signups.summary`, {
                count: n(total(signups, 1)),
                ...signupsMost,
                most: n(signupsMost.most),
              })
            : t(`${F}.none`)
        }
        note={t(`${F}.current.${unit}`)}
      >
        <ColumnChart {...series(signups, 1)} format={n} />
      </FigureCard>

      <FigureCard
        table={mrr}
        csvHref={csv("mrr")}
        summary={
          mrrComputed.length
            ? t(`${F}.charts.mrr.summary`, {
                start: money(num(mrrComputed[0][2])),
                end: money(num(mrrComputed[mrrComputed.length - 1][2])),
              })
            : t(`${F}.none`)
        }
        note={t(`${F}.current.${unit}`)}
      >
        <ColumnChart {...series(mrr, 2)} format={money} />
      </FigureCard>

      <FigureCard
        table={churn}
        csvHref={csv("churn")}
        summary={t(`${F}.charts.churn.summary`, {
          started: n(total(churn, 1)),
          cancellations: n(total(churn, 2)),
          failed: n(total(churn, 3)),
          recovered: n(total(churn, 4)),
          lost: n(total(churn, 5)),
        })}
        note={t(`${F}.charts.churn.note`)}
      >
        <div className="grid gap-6 sm:grid-cols-2">
          {churn.columns.slice(1).map((c, i) => (
            <ColumnChart key={c.label} caption={c.label} {...series(churn, i + 1)} format={n} height={70} />
          ))}
        </div>
      </FigureCard>

      <FigureCard
        table={downloads}
        csvHref={csv("downloads")}
        summary={
          downloadsMost
            ? t(`${F}.charts.downloads.summary`, {
                count: n(total(downloads, 1)),
                ...downloadsMost,
                most: n(downloadsMost.most),
              })
            : t(`${F}.none`)
        }
        note={t(`${F}.current.${unit}`)}
      >
        <div className="flex flex-col gap-6">
          <ColumnChart {...series(downloads, 1)} format={n} />
          <div className="grid gap-6 md:grid-cols-2">
            <BarList
              caption={t(`${F}.charts.downloads.byPlan`)}
              empty={t(`${F}.none`)}
              items={tierColumns.map((c, i) => ({
                label: c.label,
                value: total(downloads, i + 2),
                display: n(total(downloads, i + 2)),
              }))}
            />
            <BarList
              caption={t(`${F}.charts.downloads.byFormat`)}
              empty={t(`${F}.none`)}
              items={formatColumns.map((c, i) => ({
                label: c.label,
                value: total(downloads, i + 6),
                display: n(total(downloads, i + 6)),
              }))}
            />
          </div>
        </div>
      </FigureCard>

      <FigureCard
        table={templates}
        csvHref={csv("templates")}
        summary={
          templates.rows.length
            ? t(`${F}.charts.templates.summary`, { count: templates.rows.length, measure: t(`${F}.measures.${top}`) })
            : t(`${F}.charts.templates.empty`)
        }
      >
        <BarList
          empty={t(`${F}.charts.templates.empty`)}
          items={templates.rows.map((r) => {
            const column = 1 + TOPS.indexOf(top);
            return {
              label: String(r[0]),
              value: num(r[column]),
              display: n(num(r[column])),
              detail: `${templates.columns[4].label}: ${pct(typeof r[4] === "number" ? r[4] : null)}`,
            };
          })}
        />
      </FigureCard>

      <FigureCard
        table={searches}
        csvHref={csv("searches")}
        summary={t(`${F}.charts.searches.summary`, {
          count: n(total(searches, 1)),
          zero: n(total(searches, 2)),
          rate: pct(typeof zeroRate === "number" ? zeroRate : null),
        })}
        note={t(`${F}.current.${unit}`)}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <ColumnChart caption={searches.columns[1].label} {...series(searches, 1)} format={n} height={100} />
          <ColumnChart
            caption={t(`${F}.charts.searches.rate`)}
            {...series(searches, 3)}
            format={(v) => pct(v)}
            height={100}
          />
        </div>
      </FigureCard>

      <div className="grid gap-6 lg:grid-cols-2">
        {[queries, zeroQueries].map((table) => (
          <FigureCard
            key={table.id}
            table={table}
            csvHref={csv(table.id)}
            summary={t(`${F}.charts.${table.id}.summary`)}
          >
            <BarList
              empty={t(`${F}.charts.${table.id}.empty`)}
              items={table.rows.map((r) => ({ label: String(r[0]), value: num(r[1]), display: n(num(r[1])) }))}
            />
          </FigureCard>
        ))}
      </div>
    </div>
  );
}

/** A change with its sign: +3, −2, 0. */
function signed(v: number, format: (v: number) => string): string {
  return v > 0 ? `+${format(v)}` : v < 0 ? `−${format(-v)}` : format(0);
}
