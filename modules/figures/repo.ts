/**
 * The figures' queries (issue 23). A day's figures are computed from the live tables by hand-written SQL
 * (aggregates inserted straight into daily_figure: nothing large travels to the process); the page reads
 * daily_figure only. Every query names its columns, and modules/figures/service.test.ts runs each on
 * both databases, so a renamed column fails a test.
 */
import { type SQL, sql } from "drizzle-orm";
import { FIGURES, PAID_PLANS, PLAN_CODES, PRICES_CENTS } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { dailyFigureRun } from "#db/schema/figures.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The families of figures: computed together, each with how long its sources keep a whole day. */
export const FAMILIES = {
  signups: ["signups"],
  stocks: ["members", "subscriptions", "mrr"],
  billing: ["subscriptions.new", "cancellations", "subscriptions.lost", "renewals.failed", "renewals.recovered"],
  downloads: ["downloads", "template.downloads"],
  engagement: ["template.views", "template.favorites"],
  search: ["searches", "searches.zero", "search.query", "search.zeroQuery"],
} as const satisfies Record<keyof typeof FIGURES.recomputeDays, readonly string[]>;
export type Family = keyof typeof FAMILIES;

/** The top lists kept per period (replaceTops), as `top.<period>.<metric>`. */
export const TOP_METRICS = [
  "template.downloads",
  "template.views",
  "template.favorites",
  "search.query",
  "search.zeroQuery",
] as const;

/** A day (YYYY-MM-DD, UTC) and the moments it starts and ends. */
export type DayRange = { day: string; start: Date; end: Date };

/** Takes the day's lock until the transaction ends: two processes computing one day take turns. */
export async function lockDay(tx: Executor, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slidenest:figures:${day}`}))`);
}

/** Whether a family already has figures kept for a day. */
export async function familyKept(db: Executor, family: Family, day: string): Promise<boolean> {
  const metrics = [...FAMILIES[family]];
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from daily_figure where day = ${day}::date and metric in ${inList(metrics)} limit 1`,
  );
  return rows.length > 0;
}

export async function deleteFamily(db: Executor, family: Family, day: string): Promise<void> {
  await db.execute(
    sql`delete from daily_figure where day = ${day}::date and metric in ${inList([...FAMILIES[family]])}`,
  );
}

const inList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Every plan with its monthly price in cents and the months it pays for (FREE: nothing). */
const PLANS = sql.join(
  PLAN_CODES.map((code) => {
    const paid = code === "FREE" ? null : PAID_PLANS[code];
    const cents = code === "FREE" ? 0 : PRICES_CENTS[code];
    return sql`(${code}::text, ${cents}::bigint, ${paid ? (paid.interval === "year" ? 12 : 1) : 1}::int, ${paid !== null}::boolean)`;
  }),
  sql`, `,
);

/** The statement that computes a family's figures of a day into daily_figure. */
function familyInsert(family: Family, r: DayRange): SQL {
  const { day, start, end } = r;
  const d = sql`${day}::date`;
  switch (family) {
    case "signups":
      // Every account made that day (verified since or not: a sign-up is a sign-up); operators aside.
      return sql`insert into daily_figure (metric, day, key, value)
        select 'signups', ${d}, '', count(*) from account
        where created_at >= ${start} and created_at < ${end} and role = 'member'
        having count(*) > 0`;
    case "stocks":
      // As the day ends: the subscription then live (its plan the one its latest paid invoice started by
      // then, found through the invoices' account index); an account without one is FREE, unless it holds
      // a plan set by hand and no subscription of it came or ended since (the command's rule: a plan by
      // hand only while none pays). Every plan gets a row, zero included, so the last day of a month
      // holds them all. Joins, not a subquery per account: a day of 100,000 accounts stays quick.
      return sql`insert into daily_figure (metric, day, key, value)
        with plans (plan, cents, months, paid) as (values ${PLANS}),
        live as (
          select distinct on (s.account_id) s.account_id,
            coalesce((select i.plan from invoice i
                      where i.account_id = s.account_id and i.subscription_id = s.id and i.status = 'paid'
                        and i.period_start < ${end}
                      order by i.period_start desc, i.id desc limit 1), s.plan) as plan
          from subscription s
          where s.created_at < ${end} and (s.ended_at is null or s.ended_at >= ${end})
          order by s.account_id, s.created_at desc
        ),
        changed as (select distinct account_id from subscription where created_at >= ${end} or ended_at >= ${end}),
        members as (
          select coalesce(l.plan, case when a.plan <> 'FREE' and c.account_id is null then a.plan else 'FREE' end) as plan
          from account a left join live l on l.account_id = a.id left join changed c on c.account_id = a.id
          where a.role = 'member' and a.verified_at < ${end} and (a.deleted_at is null or a.deleted_at >= ${end})
        ),
        by_member as (select plan, count(*) as n from members group by plan),
        by_sub as (select plan, count(*) as n from live group by plan)
        select 'members', ${d}, p.plan, coalesce(m.n, 0) from plans p left join by_member m on m.plan = p.plan
        union all
        select 'subscriptions', ${d}, p.plan, coalesce(s.n, 0) from plans p left join by_sub s on s.plan = p.plan where p.paid
        union all
        select 'mrr', ${d}, p.plan, round(coalesce(s.n, 0) * p.cents / p.months::numeric)::bigint
        from plans p left join by_sub s on s.plan = p.plan where p.paid`;
    case "billing":
      // Subscriptions started; ended after the member cancelled (or deleted the account); ended because
      // the renewal was never paid (retries spent); renewal charges that failed; retries that succeeded.
      return sql`insert into daily_figure (metric, day, key, value)
        select 'subscriptions.new', ${d}, plan, count(*) from subscription
        where created_at >= ${start} and created_at < ${end} group by plan
        union all
        select case when cancel_reason is null and failed_attempts > 0 then 'subscriptions.lost' else 'cancellations' end,
          ${d}, plan, count(*) from subscription
        where ended_at >= ${start} and ended_at < ${end} group by 1, plan
        union all
        select case when kind = 'renewal' then 'renewals.failed' else 'renewals.recovered' end, ${d}, plan, count(*)
        from payment
        where created_at >= ${start} and created_at < ${end}
          and ((kind = 'renewal' and status = 'failed') or (kind = 'retry' and status = 'succeeded'))
        group by 1, plan`;
    case "downloads":
      // By who downloaded (a guest, or the licence the account's plan gave) and format; and by template.
      return sql`insert into daily_figure (metric, day, key, value)
        select 'downloads', ${d}, (case when account_id is null then 'guest' else license::text end) || ':' || format, count(*)
        from download where created_at >= ${start} and created_at < ${end} group by 3
        union all
        select 'template.downloads', ${d}, template_id::text, count(*)
        from download where created_at >= ${start} and created_at < ${end} group by template_id`;
    case "engagement":
      return sql`insert into daily_figure (metric, day, key, value)
        select 'template.views', ${d}, template_id::text, sum(views) from template_view_day
        where day = ${d} group by template_id having sum(views) > 0
        union all
        select 'template.favorites', ${d}, template_id::text, count(*) from favorite
        where created_at >= ${start} and created_at < ${end} group by template_id`;
    case "search":
      // Searches and those that found nothing, by language; the day's most frequent queries of each kind.
      return sql`insert into daily_figure (metric, day, key, value)
        select 'searches', ${d}, locale, count(*) from search_log
        where created_at >= ${start} and created_at < ${end} group by locale
        union all
        select 'searches.zero', ${d}, locale, count(*) from search_log
        where created_at >= ${start} and created_at < ${end} and result_count = 0 group by locale
        union all
        (select 'search.query', ${d}, query, count(*) from search_log
         where created_at >= ${start} and created_at < ${end} and result_count > 0
         group by query order by count(*) desc, query limit ${FIGURES.queriesPerDay})
        union all
        (select 'search.zeroQuery', ${d}, query, count(*) from search_log
         where created_at >= ${start} and created_at < ${end} and result_count = 0
         group by query order by count(*) desc, query limit ${FIGURES.queriesPerDay})`;
  }
}

export async function insertFamily(db: Executor, family: Family, range: DayRange): Promise<void> {
  await db.execute(familyInsert(family, range));
}

/** Records that a day was computed at a moment (the page says when; the job knows what is left to do). */
export async function upsertRun(db: Executor, day: string, at: Date): Promise<void> {
  await db
    .insert(dailyFigureRun)
    .values({ day, computedAt: at })
    .onConflictDoUpdate({ target: dailyFigureRun.day, set: { computedAt: at } });
}

/** The days of a range already computed after they ended (those the job need not do again). */
export async function closedDays(db: Executor, from: string, to: string): Promise<Set<string>> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day from daily_figure_run
        where day between ${from}::date and ${to}::date and computed_at >= day + 1`,
  );
  return new Set(rows.map((r) => r.day));
}

/** The days of a range computed at all, and the latest computation. */
export async function runsIn(db: Executor, from: string, to: string): Promise<{ days: string[]; latest: Date | null }> {
  const rows = await queryRows<{ day: string; computed_at: string | Date }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, computed_at from daily_figure_run
        where day between ${from}::date and ${to}::date order by day`,
  );
  let latest: Date | null = null;
  for (const r of rows) {
    const at = new Date(r.computed_at);
    if (!latest || at > latest) latest = at;
  }
  return { days: rows.map((r) => r.day), latest };
}

/** The latest day computed, if any. */
export async function lastComputedDay(db: Executor): Promise<string | null> {
  const rows = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(max(day), 'YYYY-MM-DD') as day from daily_figure_run`,
  );
  return rows[0]?.day ?? null;
}

/**
 * The top lists of a period ending on a day, kept as `top.<period>.<metric>` rows of that day (the older
 * ones of the period go): for templates, the first N by downloads, by views and by favourites, each with
 * all three; for queries, the first N of each kind. Summed from the daily rows once per run, so the page
 * reads a few dozen rows whatever the period.
 */
export async function replaceTops(db: Executor, period: string, from: string, to: string): Promise<void> {
  const p = (m: string) => `top.${period}.${m}`;
  await db.execute(sql`delete from daily_figure where metric in ${inList(TOP_METRICS.map(p))}`);
  const n = FIGURES.topTemplates;
  await db.execute(sql`insert into daily_figure (metric, day, key, value)
    with t as (
      select key,
        coalesce(sum(value) filter (where metric = 'template.downloads'), 0) as downloads,
        coalesce(sum(value) filter (where metric = 'template.views'), 0) as views,
        coalesce(sum(value) filter (where metric = 'template.favorites'), 0) as favorites
      from daily_figure
      where metric in ('template.downloads', 'template.views', 'template.favorites')
        and day between ${from}::date and ${to}::date
      group by key
    ),
    picked as (
      (select key from t where downloads > 0 order by downloads desc, key::int limit ${n})
      union (select key from t where views > 0 order by views desc, key::int limit ${n})
      union (select key from t where favorites > 0 order by favorites desc, key::int limit ${n})
    )
    select v.metric, ${to}::date, t.key, v.value
    from t join picked using (key)
    cross join lateral (values (${p("template.downloads")}, t.downloads), (${p("template.views")}, t.views),
                               (${p("template.favorites")}, t.favorites)) as v (metric, value)`);
  for (const metric of ["search.query", "search.zeroQuery"]) {
    await db.execute(sql`insert into daily_figure (metric, day, key, value)
      select ${p(metric)}, ${to}::date, key, sum(value) from daily_figure
      where metric = ${metric} and day between ${from}::date and ${to}::date
      group by key order by sum(value) desc, key limit ${FIGURES.topQueries}`);
  }
}

/** A figure of the page: a metric's value for a key in a bucket (a day, or a month's first day). */
export type FigureRow = { metric: string; bucket: string; key: string; value: number };

/**
 * The series of a period: flows summed per bucket, stocks as they stood on the bucket's last computed
 * day. `month` buckets by calendar month, else by day.
 */
export async function selectSeries(
  db: Executor,
  input: { from: string; to: string; month: boolean; flows: readonly string[]; stocks: readonly string[] },
): Promise<FigureRow[]> {
  const bucket = input.month ? sql`date_trunc('month', day)::date` : sql`day`;
  const flows = await queryRows<{ metric: string; bucket: string; key: string; value: string | number }>(
    db,
    sql`select metric, to_char(${bucket}, 'YYYY-MM-DD') as bucket, key, sum(value) as value from daily_figure
        where metric in ${inList(input.flows)} and day between ${input.from}::date and ${input.to}::date
        group by metric, ${bucket}, key`,
  );
  const stocks = await queryRows<{ metric: string; bucket: string; key: string; value: string | number }>(
    db,
    input.month
      ? sql`select distinct on (metric, key, date_trunc('month', day)) metric,
              to_char(date_trunc('month', day), 'YYYY-MM-DD') as bucket, key, value
            from daily_figure
            where metric in ${inList(input.stocks)} and day between ${input.from}::date and ${input.to}::date
            order by metric, key, date_trunc('month', day), day desc`
      : sql`select metric, to_char(day, 'YYYY-MM-DD') as bucket, key, value from daily_figure
            where metric in ${inList(input.stocks)} and day between ${input.from}::date and ${input.to}::date`,
  );
  return [...flows, ...stocks].map((r) => ({ ...r, value: Number(r.value) }));
}

/** The stocks of one day (the period's first day's, to compare with its last). */
export async function selectStocksOn(db: Executor, day: string, stocks: readonly string[]): Promise<FigureRow[]> {
  const rows = await queryRows<{ metric: string; key: string; value: string | number }>(
    db,
    sql`select metric, key, value from daily_figure where metric in ${inList(stocks)} and day = ${day}::date`,
  );
  return rows.map((r) => ({ ...r, bucket: day, value: Number(r.value) }));
}

/** The kept top lists of a period (and the day they end on). */
export async function selectTops(db: Executor, period: string): Promise<(FigureRow & { metric: string })[]> {
  const rows = await queryRows<{ metric: string; day: string; key: string; value: string | number }>(
    db,
    sql`select metric, to_char(day, 'YYYY-MM-DD') as day, key, value from daily_figure
        where metric in ${inList(TOP_METRICS.map((m) => `top.${period}.${m}`))}`,
  );
  return rows.map((r) => ({
    metric: r.metric.slice(`top.${period}.`.length),
    bucket: r.day,
    key: r.key,
    value: Number(r.value),
  }));
}

/** Templates' titles and addresses in a language (the other language's when it has none). */
export async function templateNames(
  db: Executor,
  ids: number[],
  locale: string,
): Promise<Map<number, { title: string; slug: string }>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: number; title: string; slug: string }>(
    db,
    sql`select distinct on (template_id) template_id as id, title, slug from template_translation
        where template_id in ${sql`(${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`}
        order by template_id, (locale = ${locale}) desc`,
  );
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, slug: r.slug }]));
}
