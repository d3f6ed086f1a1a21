/**
 * The operator's figures (issue 23): a job on the queue computes each day's figures from the live tables
 * into daily_figure (one transaction per day, replacing that day's rows), and the figures page reads
 * them for a period. The job computes today again every FIGURES.refreshMinutes, yesterday in its first
 * run after midnight UTC, and days never computed after they ended (at most FIGURES.backfillDays back).
 * Searches are aggregated while the search log still holds them (30 days): the figures are what lasts.
 */
import {
  DOWNLOAD_FORMATS,
  FIGURES,
  type FiguresPeriod,
  PAID_PLANS,
  type PaidPlanCode,
  PLAN_CODES,
  type PlanCode,
} from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock, Logger } from "#modules/shared/context.ts";
import type { Result } from "#modules/shared/result.ts";
import {
  closedDays,
  type DayRange,
  deleteFamily,
  FAMILIES,
  type Family,
  type FigureRow,
  familyKept,
  insertFamily,
  lockDay,
  replaceTops,
  runsIn,
  selectSeries,
  selectStocksOn,
  selectTops,
  templateNames,
  upsertRun,
} from "./repo.ts";

const DAY_MS = 86_400_000;

/** A moment's day in UTC, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
/** The day `n` days after another (before, when negative). */
export const addDays = (day: string, n: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const dayRange = (day: string): DayRange => {
  const start = new Date(`${day}T00:00:00Z`);
  return { day, start, end: new Date(start.getTime() + DAY_MS) };
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

export function isFiguresPeriod(v: unknown): v is FiguresPeriod {
  return typeof v === "string" && (FIGURES.periods as readonly string[]).includes(v);
}

type JobContext = { db: ServiceContext["db"]; clock: Clock };

/**
 * Computes one day's figures from the live tables, in one transaction under the day's lock: each family
 * still whole in its tables (FIGURES.recomputeDays) replaces its rows; an older family keeps the rows it
 * has (or gets what the tables still hold, when it has none). Then the day is marked computed.
 */
export async function computeFiguresDay(ctx: JobContext, day: string): Promise<{ families: Family[] }> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new Error(`not a day: ${day}`);
  const now = ctx.clock.now();
  const age = daysBetween(day, dayOf(now));
  const range = dayRange(day);
  const done: Family[] = [];
  await ctx.db.transaction(async (tx) => {
    await lockDay(tx, day);
    for (const family of Object.keys(FAMILIES) as Family[]) {
      const whole = age <= FIGURES.recomputeDays[family];
      if (!whole && (await familyKept(tx, family, day))) continue;
      await deleteFamily(tx, family, day);
      await insertFamily(tx, family, range);
      done.push(family);
    }
    await upsertRun(tx, day, now);
  });
  return { families: done };
}

/** The first day of each period ending on a day. */
export function periodStart(period: FiguresPeriod, to: string): string {
  if (period === "12m") {
    const d = new Date(`${to}T00:00:00Z`);
    return dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)));
  }
  return addDays(to, -(Number.parseInt(period, 10) - 1));
}

/** Keeps every period's top lists, ending on a day (after the days were computed). */
export async function refreshFiguresTops(ctx: JobContext, to: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockDay(tx, "tops");
    for (const period of FIGURES.periods) await replaceTops(tx, period, periodStart(period, to), to);
  });
}

/**
 * The figures job: today again, the last FIGURES.settleDays days again (late records), then the days up
 * to FIGURES.backfillDays back never computed after they ended (newest first; at most FIGURES.backfillPerRun a run, the rest next time), then the top lists.
 * Safe in two processes at once (each day under its own lock, replaced whole); answers the days done.
 * `rest`, when given, is awaited after each day with the milliseconds it took (the queue's handler leaves
 * the database to the requests between days: modules/jobs/handlers.ts).
 */
export async function runFiguresJob(
  ctx: JobContext & { log?: Logger; rest?: (tookMs: number) => Promise<void> },
): Promise<string[]> {
  const today = dayOf(ctx.clock.now());
  const oldest = addDays(today, -FIGURES.backfillDays);
  const closed = await closedDays(ctx.db, oldest, addDays(today, -1));
  const todo: string[] = [];
  for (let day = addDays(today, -1); day >= oldest && todo.length < FIGURES.backfillPerRun; day = addDays(day, -1))
    if (!closed.has(day) || day >= addDays(today, -FIGURES.settleDays)) todo.push(day);
  const days = [today, ...todo];
  for (const day of days) {
    const started = performance.now();
    await computeFiguresDay(ctx, day);
    await ctx.rest?.(performance.now() - started);
  }
  await refreshFiguresTops(ctx, today);
  if (todo.length) ctx.log?.info("figures computed", { days: days.length, oldest: todo[todo.length - 1] });
  return days;
}

// The page's figures.

export const DOWNLOAD_TIERS = ["guest", "free", "personal", "commercial"] as const;
export type DownloadTier = (typeof DOWNLOAD_TIERS)[number];
const PAID = Object.keys(PAID_PLANS) as PaidPlanCode[];

/** A bucket of a period (a day, or a month as its first day) and whether any of its days was computed. */
export type Bucket = { start: string; computed: boolean; current: boolean };

export type Figures = {
  period: FiguresPeriod;
  from: string;
  to: string;
  unit: "day" | "month";
  /** When the figures were last computed (null: never yet). */
  updatedAt: string | null;
  buckets: Bucket[];
  /** Members by plan on the period's first and last computed day. */
  members: { plan: PlanCode; start: number | null; end: number | null }[];
  signups: (number | null)[];
  /** Live subscriptions and monthly recurring revenue (cents) by paid plan, at the period's end. */
  subscriptions: { plan: PaidPlanCode; interval: "month" | "year"; count: number | null; mrrCents: number | null }[];
  /** Per bucket: live subscriptions and MRR at its end. */
  mrr: { count: number | null; mrrCents: number | null }[];
  churn: { cancellations: number; failed: number; recovered: number; lost: number; started: number }[];
  downloads: { tiers: Record<DownloadTier, number>; formats: Record<string, number>; total: number }[];
  templates: { id: number; title: string; slug: string | null; downloads: number; views: number; favorites: number }[];
  searches: { searches: number; zero: number }[];
  queries: { query: string; count: number }[];
  zeroQueries: { query: string; count: number }[];
  /** The day the top lists end on (null: not kept yet). */
  topsTo: string | null;
};

const FLOWS = [
  "signups",
  "subscriptions.new",
  "cancellations",
  "subscriptions.lost",
  "renewals.failed",
  "renewals.recovered",
  "downloads",
  "searches",
  "searches.zero",
] as const;
const STOCKS = ["members", "subscriptions", "mrr"] as const;

/** The buckets of a period ending on a day. */
export function periodBuckets(
  period: FiguresPeriod,
  to: string,
): { from: string; unit: "day" | "month"; starts: string[] } {
  const from = periodStart(period, to);
  const starts: string[] = [];
  if (period === "12m") {
    const d = new Date(`${from}T00:00:00Z`);
    for (let i = 0; i < 12; i++) starts.push(dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, 1))));
    return { from, unit: "month", starts };
  }
  for (let day = from; day <= to; day = addDays(day, 1)) starts.push(day);
  return { from, unit: "day", starts };
}

export const FIGURES_ERRORS = { period: "deskFigures.errors.period" } as const;

/**
 * The figures of a period ending today (UTC), in the context's language (template titles); a period the
 * page does not offer is refused with its message.
 */
export async function readFigures(
  ctx: ServiceContext,
  input: { period: unknown },
): Promise<Result<Figures, (typeof FIGURES_ERRORS)[keyof typeof FIGURES_ERRORS]>> {
  if (!isFiguresPeriod(input.period)) return { ok: false, code: FIGURES_ERRORS.period, field: "period" };
  const period = input.period;
  const to = dayOf(ctx.clock.now());
  const { from, unit, starts } = periodBuckets(period, to);
  const month = unit === "month";
  const bucketOf = (day: string) => (month ? `${day.slice(0, 7)}-01` : day);
  const [rows, runs, tops] = await Promise.all([
    selectSeries(ctx.db, { from, to, month, flows: FLOWS, stocks: STOCKS }),
    runsIn(ctx.db, from, to),
    selectTops(ctx.db, period),
  ]);
  const firstComputed = runs.days[0] ?? null;
  const firstStocks = firstComputed ? await selectStocksOn(ctx.db, firstComputed, STOCKS) : [];
  const computed = new Set(runs.days.map(bucketOf));
  const index = new Map(starts.map((s, i) => [s, i]));
  const buckets: Bucket[] = starts.map((s) => ({ start: s, computed: computed.has(s), current: s === bucketOf(to) }));
  const n = starts.length;
  const signups: (number | null)[] = buckets.map((b) => (b.computed ? 0 : null));
  const mrr = buckets.map((b) => ({ count: b.computed ? 0 : null, mrrCents: b.computed ? 0 : null }));
  const churn = Array.from({ length: n }, () => ({ cancellations: 0, failed: 0, recovered: 0, lost: 0, started: 0 }));
  const downloads = Array.from({ length: n }, () => ({
    tiers: Object.fromEntries(DOWNLOAD_TIERS.map((t) => [t, 0])) as Record<DownloadTier, number>,
    formats: Object.fromEntries(DOWNLOAD_FORMATS.map((f) => [f, 0])) as Record<string, number>,
    total: 0,
  }));
  const searches = Array.from({ length: n }, () => ({ searches: 0, zero: 0 }));
  const lastBucket = runs.days.length ? bucketOf(runs.days[runs.days.length - 1]) : null;
  const endStocks = new Map<string, number>();
  for (const r of rows) {
    const i = index.get(r.bucket);
    if (i === undefined) continue;
    switch (r.metric) {
      case "signups":
        signups[i] = (signups[i] ?? 0) + r.value;
        break;
      case "subscriptions":
      case "mrr":
        if (r.metric === "subscriptions") mrr[i].count = (mrr[i].count ?? 0) + r.value;
        else mrr[i].mrrCents = (mrr[i].mrrCents ?? 0) + r.value;
        if (r.bucket === lastBucket) endStocks.set(`${r.metric}:${r.key}`, r.value);
        break;
      case "members":
        if (r.bucket === lastBucket) endStocks.set(`members:${r.key}`, r.value);
        break;
      case "subscriptions.new":
        churn[i].started += r.value;
        break;
      case "cancellations":
        churn[i].cancellations += r.value;
        break;
      case "subscriptions.lost":
        churn[i].lost += r.value;
        break;
      case "renewals.failed":
        churn[i].failed += r.value;
        break;
      case "renewals.recovered":
        churn[i].recovered += r.value;
        break;
      case "downloads": {
        const [tier, format] = r.key.split(":");
        const d = downloads[i];
        if ((DOWNLOAD_TIERS as readonly string[]).includes(tier)) d.tiers[tier as DownloadTier] += r.value;
        if (format) d.formats[format] = (d.formats[format] ?? 0) + r.value;
        d.total += r.value;
        break;
      }
      case "searches":
        searches[i].searches += r.value;
        break;
      case "searches.zero":
        searches[i].zero += r.value;
        break;
    }
  }
  // Stocks of the last bucket: its last computed day (a month's or the period's end).
  const startStock = new Map(firstStocks.map((r) => [`${r.metric}:${r.key}`, r.value]));
  const stock = (m: Map<string, number>, key: string) => (m.size ? (m.get(key) ?? 0) : null);
  const members = PLAN_CODES.map((plan) => ({
    plan,
    start: stock(startStock, `members:${plan}`),
    end: stock(endStocks, `members:${plan}`),
  }));
  const subscriptions = PAID.map((plan) => ({
    plan,
    interval: PAID_PLANS[plan].interval,
    count: stock(endStocks, `subscriptions:${plan}`),
    mrrCents: stock(endStocks, `mrr:${plan}`),
  }));
  // The top lists.
  const topsTo = tops[0]?.bucket ?? null;
  const byTemplate = new Map<number, { downloads: number; views: number; favorites: number }>();
  const queries: { query: string; count: number }[] = [];
  const zeroQueries: { query: string; count: number }[] = [];
  for (const t of tops) {
    if (t.metric.startsWith("template.")) {
      const id = Number(t.key);
      const entry = byTemplate.get(id) ?? { downloads: 0, views: 0, favorites: 0 };
      if (t.metric === "template.downloads") entry.downloads = t.value;
      else if (t.metric === "template.views") entry.views = t.value;
      else entry.favorites = t.value;
      byTemplate.set(id, entry);
    } else if (t.metric === "search.query") queries.push({ query: t.key, count: t.value });
    else if (t.metric === "search.zeroQuery") zeroQueries.push({ query: t.key, count: t.value });
  }
  const byCount = (a: { query: string; count: number }, b: { query: string; count: number }) =>
    b.count - a.count || (a.query < b.query ? -1 : a.query > b.query ? 1 : 0);
  const names = await templateNames(ctx.db, [...byTemplate.keys()], ctx.locale);
  const templates = [...byTemplate.entries()]
    .map(([id, v]) => ({ id, title: names.get(id)?.title ?? `#${id}`, slug: names.get(id)?.slug ?? null, ...v }))
    .sort((a, b) => b.downloads - a.downloads || b.views - a.views || a.id - b.id);
  return {
    ok: true,
    value: {
      period,
      from,
      to,
      unit,
      updatedAt: runs.latest?.toISOString() ?? null,
      buckets,
      members,
      signups,
      subscriptions,
      mrr,
      churn,
      downloads,
      templates,
      searches,
      queries: queries.sort(byCount),
      zeroQueries: zeroQueries.sort(byCount),
      topsTo,
    },
  };
}

export type { FigureRow };
