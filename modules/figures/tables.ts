/**
 * The figures page's tables, one per chart: the table screen readers read under each chart, the numbers
 * each chart draws, and the chart's CSV, all from this one description, so they cannot disagree. Cells
 * hold raw values (counts, cents, ratios, days); the page formats them for its language and the CSV
 * writes them plainly (csv.ts).
 */
import { DOWNLOAD_FORMATS, FIGURES } from "#config/constants.ts";
import type { Translate } from "#modules/scope.ts";
import { DOWNLOAD_TIERS, type Figures } from "./service.ts";

export const CHARTS = [
  "members",
  "signups",
  "subscriptions",
  "mrr",
  "churn",
  "downloads",
  "templates",
  "searches",
  "queries",
  "zeroQueries",
] as const;
export type ChartId = (typeof CHARTS)[number];

export const TOP_MEASURES = ["downloads", "views", "favorites"] as const;
export type TopMeasure = (typeof TOP_MEASURES)[number];

export function isChartId(v: unknown): v is ChartId {
  return typeof v === "string" && (CHARTS as readonly string[]).includes(v);
}
export function isTopMeasure(v: unknown): v is TopMeasure {
  return typeof v === "string" && (TOP_MEASURES as readonly string[]).includes(v);
}

/** How a column's cells read: words, a day (YYYY-MM-DD), a month (its first day), a count, cents, a ratio. */
export type CellKind = "text" | "day" | "month" | "count" | "money" | "percent";
/** A cell's raw value; null where there is no figure (a day not computed yet, a rate of nothing). */
export type Cell = string | number | null;
export type FigureTable = {
  id: ChartId;
  title: string;
  columns: { label: string; kind: CellKind }[];
  rows: Cell[][];
  /** The period's totals, when summing means something. */
  total: Cell[] | null;
  /** The first cell's link, per row (a template's page), when it has one. */
  links?: (string | null)[];
};

const F = "deskFigures";
const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);
const sum = (values: (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

/** Every chart's table for figures of a period, in a language (`t`), top templates by `top`. */
export function figureTables(f: Figures, t: Translate, top: TopMeasure): Record<ChartId, FigureTable> {
  const when = { label: t(`${F}.columns.${f.unit}`), kind: f.unit } as const;
  const bucket = (i: number) => f.buckets[i].start;
  const computed = (i: number) => f.buckets[i].computed;
  const rows = <T>(values: T[], cells: (v: T, i: number) => Cell[]) =>
    values.map((v, i) => [bucket(i), ...(computed(i) ? cells(v, i) : cells(v, i).map(() => null))]);
  const plan = (code: string) => t(`${F}.plans.${code}`);

  const members: FigureTable = {
    id: "members",
    title: t(`${F}.charts.members.title`),
    columns: [
      { label: t(`${F}.columns.plan`), kind: "text" },
      { label: t(`${F}.columns.atStart`), kind: "count" },
      { label: t(`${F}.columns.atEnd`), kind: "count" },
      { label: t(`${F}.columns.change`), kind: "count" },
    ],
    rows: f.members.map((m) => [
      plan(m.plan),
      m.start,
      m.end,
      m.start === null || m.end === null ? null : m.end - m.start,
    ]),
    total: (() => {
      const start = f.members.some((m) => m.start !== null) ? sum(f.members.map((m) => m.start)) : null;
      const end = f.members.some((m) => m.end !== null) ? sum(f.members.map((m) => m.end)) : null;
      return [t(`${F}.columns.total`), start, end, start === null || end === null ? null : end - start];
    })(),
  };

  const signups: FigureTable = {
    id: "signups",
    title: t(`${F}.charts.signups.title`),
    columns: [when, { label: t(`${F}.columns.signups`), kind: "count" }],
    rows: rows(f.signups, (v) => [v]),
    total: [t(`${F}.columns.total`), sum(f.signups)],
  };

  const subscriptions: FigureTable = {
    id: "subscriptions",
    title: t(`${F}.charts.subscriptions.title`),
    columns: [
      { label: t(`${F}.columns.plan`), kind: "text" },
      { label: t(`${F}.columns.billed`), kind: "text" },
      { label: t(`${F}.columns.subscriptions`), kind: "count" },
      { label: t(`${F}.columns.mrr`), kind: "money" },
    ],
    rows: f.subscriptions.map((s) => [plan(s.plan), t(`${F}.intervals.${s.interval}`), s.count, s.mrrCents]),
    total: f.subscriptions.some((s) => s.count !== null)
      ? [
          t(`${F}.columns.total`),
          "",
          sum(f.subscriptions.map((s) => s.count)),
          sum(f.subscriptions.map((s) => s.mrrCents)),
        ]
      : null,
  };

  const mrr: FigureTable = {
    id: "mrr",
    title: t(`${F}.charts.mrr.title`),
    columns: [
      when,
      { label: t(`${F}.columns.subscriptions`), kind: "count" },
      { label: t(`${F}.columns.mrr`), kind: "money" },
    ],
    rows: rows(f.mrr, (v) => [v.count, v.mrrCents]),
    total: null,
  };

  const churn: FigureTable = {
    id: "churn",
    title: t(`${F}.charts.churn.title`),
    columns: [
      when,
      { label: t(`${F}.columns.started`), kind: "count" },
      { label: t(`${F}.columns.cancellations`), kind: "count" },
      { label: t(`${F}.columns.failed`), kind: "count" },
      { label: t(`${F}.columns.recovered`), kind: "count" },
      { label: t(`${F}.columns.lost`), kind: "count" },
    ],
    rows: rows(f.churn, (v) => [v.started, v.cancellations, v.failed, v.recovered, v.lost]),
    total: [
      t(`${F}.columns.total`),
      sum(f.churn.map((v) => v.started)),
      sum(f.churn.map((v) => v.cancellations)),
      sum(f.churn.map((v) => v.failed)),
      sum(f.churn.map((v) => v.recovered)),
      sum(f.churn.map((v) => v.lost)),
    ],
  };

  const downloadCells = (v: Figures["downloads"][number]): number[] => [
    v.total,
    ...DOWNLOAD_TIERS.map((tier) => v.tiers[tier]),
    ...DOWNLOAD_FORMATS.map((format) => v.formats[format] ?? 0),
  ];
  const downloadTotals = f.downloads.map(downloadCells);
  const downloads: FigureTable = {
    id: "downloads",
    title: t(`${F}.charts.downloads.title`),
    columns: [
      when,
      { label: t(`${F}.columns.downloads`), kind: "count" },
      ...DOWNLOAD_TIERS.map((tier) => ({ label: t(`${F}.tiers.${tier}`), kind: "count" as const })),
      ...DOWNLOAD_FORMATS.map((format) => ({ label: t(`${F}.formats.${format}`), kind: "count" as const })),
    ],
    rows: rows(f.downloads, downloadCells),
    total: [
      t(`${F}.columns.total`),
      ...downloadTotals[0].map((_, c) => sum(downloadTotals.filter((_, i) => computed(i)).map((row) => row[c]))),
    ],
  };

  const ranked = f.templates
    .filter((x) => x[top] > 0)
    .sort((a, b) => b[top] - a[top] || a.id - b.id)
    .slice(0, FIGURES.topTemplates);
  const templates: FigureTable = {
    id: "templates",
    title: t(`${F}.charts.templates.title`, { measure: t(`${F}.measures.${top}`) }),
    columns: [
      { label: t(`${F}.columns.template`), kind: "text" },
      { label: t(`${F}.columns.downloads`), kind: "count" },
      { label: t(`${F}.columns.views`), kind: "count" },
      { label: t(`${F}.columns.favorites`), kind: "count" },
      { label: t(`${F}.columns.conversion`), kind: "percent" },
    ],
    rows: ranked.map((x) => [x.title, x.downloads, x.views, x.favorites, ratio(x.downloads, x.views)]),
    total: null,
    links: ranked.map((x) => (x.slug ? `/template/${x.slug}` : null)),
  };

  const searches: FigureTable = {
    id: "searches",
    title: t(`${F}.charts.searches.title`),
    columns: [
      when,
      { label: t(`${F}.columns.searches`), kind: "count" },
      { label: t(`${F}.columns.zero`), kind: "count" },
      { label: t(`${F}.columns.zeroRate`), kind: "percent" },
    ],
    rows: rows(f.searches, (v) => [v.searches, v.zero, ratio(v.zero, v.searches)]),
    total: (() => {
      const all = sum(f.searches.map((v) => v.searches));
      const zero = sum(f.searches.map((v) => v.zero));
      return [t(`${F}.columns.total`), all, zero, ratio(zero, all)];
    })(),
  };

  const queryTable = (id: "queries" | "zeroQueries", list: Figures["queries"]): FigureTable => ({
    id,
    title: t(`${F}.charts.${id}.title`),
    columns: [
      { label: t(`${F}.columns.query`), kind: "text" },
      { label: t(`${F}.columns.searches`), kind: "count" },
    ],
    rows: list.map((q) => [q.query, q.count]),
    total: null,
  });

  return {
    members,
    signups,
    subscriptions,
    mrr,
    churn,
    downloads,
    templates,
    searches,
    queries: queryTable("queries", f.queries),
    zeroQueries: queryTable("zeroQueries", f.zeroQueries),
  };
}
