/**
 * Part of `npm run bench`: the operator's figures page (issue 23) on a large data set. In process (the
 * production build over PGlite in memory, or PostgreSQL with TEST_DATABASE_URL; no HTTP), it builds with
 * SQL generate_series BENCH_FIGURES_MEMBERS members (default 100,000: 10% paying, with subscriptions,
 * invoices, cancellations and failed, recovered and lost renewals), BENCH_FIGURES_DOWNLOADS downloads
 * (default 1,000,000) over the last year on 1,000 templates, a year of views, 200,000 favourites and
 * 30 days of searches; runs the figures job until every day of the backfill is computed (timed); then
 * asks for the page BENCH_FIGURES_RUNS times per period (and a CSV) and prints p50 and p95 in ms.
 */
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { FIGURES } from "#config/constants.ts";
import { runFiguresJob } from "#modules/figures/service.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { signedInOperator } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

// Measured as served: React's production build (the server runs with NODE_ENV=production).
if (process.env.NODE_ENV !== "production") {
  const r = spawnSync(process.execPath, process.argv.slice(1), {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "inherit",
  });
  process.exit(r.status ?? 1);
}

const members = Number(process.env.BENCH_FIGURES_MEMBERS ?? 100_000);
const downloads = Number(process.env.BENCH_FIGURES_DOWNLOADS ?? 1_000_000);
const runs = Number(process.env.BENCH_FIGURES_RUNS ?? 200);
const templates = 1_000;

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};
const fmt = (x: { p50: number; p95: number; max: number }) =>
  `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, max ${x.max.toFixed(1)} ms`;
const timed = async (label: string, work: () => Promise<unknown>) => {
  const t = performance.now();
  await work();
  const s = (performance.now() - t) / 1000;
  console.log(`  ${label.padEnd(44)} ${s.toFixed(1)} s`);
  return s;
};

const clock = { now: () => new Date() };
const srv = await createTestServer({ clock });
const db = srv.database.db;
const kind = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite in memory";
console.log(`\nFigures (in process, ${kind}): ${members} members, ${downloads} downloads, ${templates} templates`);
const ops = (await signedInOperator(srv, clock, "bench-figures-ops")).jar;
const tax = await createTaxonomy(db);
const category = tax.tags.marketing;

await timed("templates, translations", async () => {
  await db.execute(sql`insert into template (category_id, is_premium, slides_count, aspect_ratio, heading_font, body_font,
      formats, published_at)
    select ${category}, i % 4 = 0, 12, '16:9', 'Inter', 'Inter', array['PP','GS','KN'], now() - interval '400 days'
    from generate_series(1, ${templates}) i`);
  await db.execute(sql`insert into template_translation (template_id, locale, title, description, slug)
    select t.id, l.locale, initcap(l.word) || ' deck ' || t.id, '', l.word || '-deck-' || t.id
    from template t cross join (values ('en', 'bench'), ('es', 'prueba')) l (locale, word)
    where not exists (select 1 from template_translation x where x.template_id = t.id)`);
});
await timed("members (created over 400 days)", () =>
  db.execute(sql`insert into account (email, username, name, password_hash, plan, verified_at, created_at)
    select 'm' || i || '@bench.example', 'm' || i, 'Member ' || i, 'x',
      case when i % 50 = 1 then 'PERSONAL_MONTHLY' when i % 50 = 2 then 'PERSONAL_YEARLY'
           when i % 50 = 3 then 'COMMERCIAL_MONTHLY' when i % 50 = 4 then 'COMMERCIAL_YEARLY'
           when i % 50 = 5 then 'PERSONAL_MONTHLY' else 'FREE' end,
      c, c
    from (select i, now() - (random() * 400) * interval '1 day' as c from generate_series(1, ${members}) i) g`),
);
await timed("subscriptions, invoices, renewals", async () => {
  // A live subscription per paying member, one ended (cancelled or unpaid) for 1 in 40 others.
  await db.execute(sql`insert into subscription (account_id, plan, status, provider, anchor_at, current_period_start,
      current_period_end, created_at, updated_at)
    select id, plan, 'active', 'sandbox', created_at, created_at, created_at + interval '30 days', created_at, created_at
    from account where plan <> 'FREE' and email like '%@bench.example'`);
  await db.execute(sql`insert into subscription (account_id, plan, status, provider, anchor_at, current_period_start,
      current_period_end, cancel_at_period_end, cancel_reason, failed_attempts, ended_at, created_at, updated_at)
    select id, 'PERSONAL_MONTHLY', 'ended', 'sandbox', created_at, created_at, created_at + interval '30 days',
      id % 3 <> 0, case when id % 3 <> 0 then 'tooExpensive' end, case when id % 3 = 0 then 3 else 0 end,
      least(now(), created_at + interval '30 days'), created_at, created_at
    from account where plan = 'FREE' and id % 40 = 0 and email like '%@bench.example'`);
  await db.execute(sql`insert into invoice (account_id, subscription_id, number, status, locale, currency, subtotal_cents,
      total_cents, plan, period_start, period_end, buyer, lines, issued_at, paid_at)
    select account_id, id, 'SN-B-' || id, 'paid', 'en', 'USD', 799, 799, plan, created_at, created_at + interval '30 days',
      '{}'::jsonb, '[]'::jsonb, created_at, created_at
    from subscription`);
  await db.execute(sql`insert into payment (id, account_id, subscription_id, idempotency_key, kind, plan, status,
      amount_cents, currency, created_at)
    select 'bench-' || s.id || '-' || k.kind, s.account_id, s.id, 'bench-' || s.id || '-' || k.kind, k.kind, s.plan,
      k.status, 799, 'USD', s.created_at + interval '30 days' + k.after
    from subscription s
    cross join (values ('renewal', 'failed', interval '0 days'), ('retry', 'succeeded', interval '1 day')) k (kind, status, after)
    where s.id % 5 = 0 and s.created_at + interval '31 days' < now()`);
});
await timed(`downloads (${downloads})`, () =>
  db.execute(sql`insert into download (template_id, format, license, account_id, fingerprint, period, created_at)
    select t, (array['PP','GS','KN'])[1 + (i % 3)],
      (case when a is null or a % 10 <> 0 then 'free' when a % 20 = 0 then 'commercial' else 'personal' end)::download_license,
      a, case when a is null then 'g' || (i % 5000) end, to_char(c, 'YYYY-MM'), c
    from (select i, (select min(id) from template) + floor(${templates} * random() ^ 2)::int as t,
            case when i % 10 < 3 then null else (select min(id) from account) + floor(random() * ${members})::int end as a,
            now() - (random() * 365) * interval '1 day' as c
          from generate_series(1, ${downloads}) i) g`),
);
await timed("views (a year, every template), favourites", async () => {
  await db.execute(sql`insert into template_view_day (template_id, day, views)
    select t.id, d::date, 1 + floor(random() * 40)::int
    from template t cross join generate_series(now() - interval '365 days', now(), interval '1 day') d`);
  await db.execute(sql`insert into favorite (account_id, template_id, created_at)
    select (select min(id) from account) + floor(random() * ${members})::int,
      (select min(id) from template) + floor(${templates} * random() ^ 2)::int,
      now() - (random() * 365) * interval '1 day'
    from generate_series(1, 200000) on conflict do nothing`);
});
await timed("searches (30 days)", () =>
  db.execute(sql`insert into search_log (query, locale, result_count, created_at)
    select 'query ' || floor(2000 * random() ^ 3)::int, case when i % 3 = 0 then 'es' else 'en' end,
      case when i % 7 = 0 then 0 else 1 + i % 50 end, now() - (random() * 29) * interval '1 day'
    from generate_series(1, 150000) i`),
);
await timed("vacuum analyze", () => db.execute(sql`vacuum analyze`));

let computed = 0;
const job = await timed(`figures job, ${FIGURES.backfillDays} days + today`, async () => {
  for (let i = 0; i < 20; i++) {
    const days = await runFiguresJob({ db, clock });
    computed += days.length;
    if (days.length === 1 + FIGURES.settleDays) break;
  }
});
console.log(`  (${computed} day computations, ${((job * 1000) / computed).toFixed(0)} ms each on average)`);
const again = await timed("a run of the job (today and 2 days again, tops)", () => runFiguresJob({ db, clock }));
void again;

const headers = { cookie: ops.header };
async function timePage(path: string): Promise<number[]> {
  for (let i = 0; i < 10; i++) await (await srv.request(path, { headers })).arrayBuffer();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await srv.request(path, { headers });
    await res.arrayBuffer();
    out.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  return out;
}
const figureRows = await db.execute(sql`select count(*)::int as n from daily_figure`);
console.log(`  daily_figure rows: ${(figureRows as unknown as { rows: { n: number }[] }).rows[0].n}`);
for (const period of FIGURES.periods) {
  const path = `/operator/figures?period=${period}`;
  const html = await (await srv.request(path, { headers })).text();
  console.log(
    `/operator/figures ${period.padEnd(4)} ${fmt(stats(await timePage(path)))}  (${(html.length / 1000).toFixed(0)} kB)`,
  );
}
console.log(`/es/operator/figures 90d ${fmt(stats(await timePage("/es/operator/figures?period=90d")))}`);
console.log(
  `figures.csv downloads 90d ${fmt(stats(await timePage("/operator/figures.csv?chart=downloads&period=90d")))}`,
);
console.log(`(goal: p95 <= 150 ms; ${runs} requests each, one at a time)`);
await srv.cleanup();
process.exit(0);
