import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase, type TestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { testScope } from "#tests/scope.ts";
import { computeFiguresDay, readFigures, refreshFiguresTops, runFiguresJob } from "./service.ts";

/**
 * The figures of a small known data set, metric by metric: sign-ups, members by plan (a plan read from
 * the invoice that started it, a plan set by hand), live subscriptions and MRR of monthly and yearly
 * plans, subscriptions started, cancelled and lost, failed and recovered renewals, downloads by plan
 * and format, top templates with views and favourites, searches and those that found nothing.
 */
let database: TestDatabase;
const now = new Date("2026-11-20T12:00:00Z");
const clock = { now: () => now };
const D = "2026-11-19";
const at = (hhmm: string, day = D) => new Date(`${day}T${hhmm}:00Z`);
const ids: Record<string, number> = {};
let t1 = 0;
let t2 = 0;
let t3 = 0;

type Db = TestDatabase["db"];

async function member(
  db: Db,
  name: string,
  opts: { created?: Date; verified?: boolean; plan?: string; role?: string; deleted?: Date } = {},
) {
  const created = opts.created ?? new Date("2026-09-01T00:00:00Z");
  const [row] = await db
    .insert(s.account)
    .values({
      email: `${name}@example.com`,
      username: name,
      name,
      passwordHash: "x",
      plan: opts.plan ?? "FREE",
      role: opts.role ?? "member",
      verifiedAt: opts.verified === false ? null : created,
      deletedAt: opts.deleted ?? null,
      createdAt: created,
    })
    .returning({ id: s.account.id });
  ids[name] = row.id;
  return row.id;
}

let invoiceSeq = 0;
async function sub(
  db: Db,
  accountId: number,
  plan: string,
  opts: {
    created?: Date;
    status?: string;
    ended?: Date;
    reason?: string;
    failed?: number;
    invoices?: { plan: string; start: Date; status?: string }[];
  } = {},
) {
  const created = opts.created ?? new Date("2026-09-01T00:00:00Z");
  const [row] = await db
    .insert(s.subscription)
    .values({
      accountId,
      plan,
      status: opts.status ?? (opts.ended ? "ended" : "active"),
      provider: "sandbox",
      anchorAt: created,
      currentPeriodStart: created,
      currentPeriodEnd: new Date("2026-12-01T00:00:00Z"),
      cancelAtPeriodEnd: Boolean(opts.reason),
      cancelReason: opts.reason ?? null,
      failedAttempts: opts.failed ?? 0,
      endedAt: opts.ended ?? null,
      createdAt: created,
    })
    .returning({ id: s.subscription.id });
  for (const inv of opts.invoices ?? [{ plan, start: created }]) {
    invoiceSeq++;
    await db.insert(s.invoice).values({
      accountId,
      subscriptionId: row.id,
      number: `SN-2026-${String(invoiceSeq).padStart(6, "0")}`,
      status: inv.status ?? "paid",
      locale: "en",
      currency: "USD",
      subtotalCents: 100,
      totalCents: 100,
      plan: inv.plan,
      periodStart: inv.start,
      periodEnd: new Date(inv.start.getTime() + 30 * 86_400_000),
      buyer: {},
      lines: [],
      issuedAt: inv.start,
      paidAt: inv.status === "open" ? null : inv.start,
    });
  }
  return row.id;
}

let paySeq = 0;
async function pay(
  db: Db,
  accountId: number,
  subscriptionId: number,
  kind: string,
  status: string,
  plan: string,
  when: Date,
) {
  paySeq++;
  await db.insert(s.payment).values({
    id: `pay_${paySeq}`,
    accountId,
    subscriptionId,
    idempotencyKey: `k${paySeq}`,
    kind,
    plan,
    status,
    amountCents: 799,
    currency: "USD",
    createdAt: when,
  });
}

async function download(
  db: Db,
  templateId: number,
  who: number | null,
  license: "free" | "personal" | "commercial",
  format: string,
  when: Date,
) {
  await db.insert(s.download).values({
    templateId,
    format,
    license,
    accountId: who,
    fingerprint: who ? null : "guest-1",
    period: when.toISOString().slice(0, 7),
    createdAt: when,
  });
}

async function search(db: Db, query: string, locale: string, results: number, times: number, when = at("10:00")) {
  for (let i = 0; i < times; i++)
    await db.insert(s.searchLog).values({ query, locale, resultCount: results, createdAt: when });
}

const figures = (metric: string, day = D) =>
  queryRows<{ key: string; value: string }>(
    database.db,
    sql`select key, value from daily_figure where metric = ${metric} and day = ${day}::date order by key`,
  ).then((rows) => Object.fromEntries(rows.map((r) => [r.key, Number(r.value)])));

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const tax = await createTaxonomy(db);
  t1 = (await createTemplate(db, tax, { title: "Harbour Pitch", titleEs: "Pitch del puerto" })).id;
  t2 = (await createTemplate(db, tax, { title: "Quarterly Review", titleEs: "Revisión trimestral" })).id;
  t3 = (await createTemplate(db, tax, { title: "Garden Plan", titleEs: "Plan de jardín" })).id;

  // Sign-ups of the day: one verified, one not; an operator made that day is no sign-up.
  await member(db, "a1", { created: at("08:00") });
  await member(db, "a2", { created: at("23:59"), verified: false });
  await member(db, "a10", { created: at("09:00"), role: "operator" });
  // Paying members: a3 on Personal monthly the whole day, upgraded to Commercial monthly the next day
  // (the subscription's plan says Commercial now; the invoice that started it says what held on D).
  const a3 = await member(db, "a3", { plan: "COMMERCIAL_MONTHLY" });
  await sub(db, a3, "COMMERCIAL_MONTHLY", {
    invoices: [
      { plan: "PERSONAL_MONTHLY", start: new Date("2026-11-01T00:00:00Z") },
      { plan: "COMMERCIAL_MONTHLY", start: new Date("2026-11-20T09:00:00Z") },
    ],
  });
  const a4 = await member(db, "a4", { plan: "COMMERCIAL_YEARLY" });
  await sub(db, a4, "COMMERCIAL_YEARLY");
  // Started on D.
  const a5 = await member(db, "a5", { plan: "PERSONAL_YEARLY" });
  await sub(db, a5, "PERSONAL_YEARLY", { created: at("10:00") });
  // Cancelled, ended on D; and lost after its retries, ended on D.
  const a6 = await member(db, "a6");
  await sub(db, a6, "PERSONAL_MONTHLY", { ended: at("05:00"), reason: "tooExpensive" });
  const a7 = await member(db, "a7");
  await sub(db, a7, "COMMERCIAL_MONTHLY", { ended: at("06:00"), failed: 3 });
  // A renewal that failed on D (past due, still on its plan); a retry that succeeded on D.
  const a8 = await member(db, "a8", { plan: "PERSONAL_MONTHLY" });
  const s8 = await sub(db, a8, "PERSONAL_MONTHLY", { status: "past_due", failed: 1 });
  await pay(db, a8, s8, "renewal", "failed", "PERSONAL_MONTHLY", at("01:00"));
  const a9 = await member(db, "a9", { plan: "COMMERCIAL_MONTHLY" });
  const s9 = await sub(db, a9, "COMMERCIAL_MONTHLY");
  await pay(db, a9, s9, "renewal", "failed", "COMMERCIAL_MONTHLY", at("01:00", "2026-11-18"));
  await pay(db, a9, s9, "retry", "succeeded", "COMMERCIAL_MONTHLY", at("02:00"));
  // A deleted account, a plan set by hand (no subscription), a free member.
  await member(db, "a11", { deleted: new Date("2026-11-10T00:00:00Z") });
  await member(db, "a12", { plan: "PERSONAL_YEARLY" });
  await member(db, "a13");

  // Downloads of D (and one of the day before).
  await download(db, t1, null, "free", "PP", at("10:00"));
  await download(db, t1, null, "free", "PP", at("11:00"));
  await download(db, t1, ids.a1, "free", "GS", at("12:00"));
  await download(db, t2, a3, "personal", "PP", at("13:00"));
  await download(db, t2, a4, "commercial", "KN", at("14:00"));
  await download(db, t1, a4, "commercial", "PP", at("15:00"));
  await download(db, t3, a4, "commercial", "PP", at("15:00", "2026-11-18"));
  // Views and favourites.
  await db.insert(s.templateViewDay).values([
    { templateId: t1, day: D, views: 40 },
    { templateId: t2, day: D, views: 10 },
    { templateId: t3, day: D, views: 5 },
    { templateId: t3, day: "2026-11-18", views: 500 },
  ]);
  await db.insert(s.favorite).values([
    { accountId: a3, templateId: t2, createdAt: at("10:00") },
    { accountId: a4, templateId: t2, createdAt: at("11:00") },
    { accountId: ids.a1, templateId: t3, createdAt: at("12:00") },
    { accountId: ids.a1, templateId: t1, createdAt: at("12:00", "2026-11-18") },
  ]);
  // Searches in both languages; one a month old.
  await search(db, "pitch deck", "en", 12, 3);
  await search(db, "roadmap", "en", 5, 1);
  await search(db, "xyzzy", "en", 0, 2);
  await search(db, "plan de negocios", "es", 8, 2);
  await search(db, "unicornio", "es", 0, 1);
  await search(db, "old", "en", 3, 4, new Date("2026-10-19T10:00:00Z"));
});
afterAll(() => database?.cleanup());

describe("a day's figures", () => {
  it("computes every metric of a known day exactly", async () => {
    const ctx = { db: database.db, clock };
    await computeFiguresDay(ctx, D);
    expect(await figures("signups")).toEqual({ "": 2 });
    expect(await figures("members")).toEqual({
      FREE: 4,
      PERSONAL_MONTHLY: 2,
      PERSONAL_YEARLY: 2,
      COMMERCIAL_MONTHLY: 1,
      COMMERCIAL_YEARLY: 1,
    });
    expect(await figures("subscriptions")).toEqual({
      PERSONAL_MONTHLY: 2,
      PERSONAL_YEARLY: 1,
      COMMERCIAL_MONTHLY: 1,
      COMMERCIAL_YEARLY: 1,
    });
    // Monthly plans at their price, yearly ones at a twelfth of it (rounded to the cent).
    expect(await figures("mrr")).toEqual({
      PERSONAL_MONTHLY: 1598,
      PERSONAL_YEARLY: 666,
      COMMERCIAL_MONTHLY: 1499,
      COMMERCIAL_YEARLY: 1249,
    });
    expect(await figures("subscriptions.new")).toEqual({ PERSONAL_YEARLY: 1 });
    expect(await figures("cancellations")).toEqual({ PERSONAL_MONTHLY: 1 });
    expect(await figures("subscriptions.lost")).toEqual({ COMMERCIAL_MONTHLY: 1 });
    expect(await figures("renewals.failed")).toEqual({ PERSONAL_MONTHLY: 1 });
    expect(await figures("renewals.recovered")).toEqual({ COMMERCIAL_MONTHLY: 1 });
    expect(await figures("downloads")).toEqual({
      "guest:PP": 2,
      "free:GS": 1,
      "personal:PP": 1,
      "commercial:KN": 1,
      "commercial:PP": 1,
    });
    expect(await figures("template.downloads")).toEqual({ [t1]: 4, [t2]: 2 });
    expect(await figures("template.views")).toEqual({ [t1]: 40, [t2]: 10, [t3]: 5 });
    expect(await figures("template.favorites")).toEqual({ [t2]: 2, [t3]: 1 });
    expect(await figures("searches")).toEqual({ en: 6, es: 3 });
    expect(await figures("searches.zero")).toEqual({ en: 2, es: 1 });
    expect(await figures("search.query")).toEqual({ "pitch deck": 3, "plan de negocios": 2, roadmap: 1 });
    expect(await figures("search.zeroQuery")).toEqual({ xyzzy: 2, unicornio: 1 });
    // Today: the upgrade holds, the member is on Commercial monthly.
    await computeFiguresDay(ctx, "2026-11-20");
    expect((await figures("members", "2026-11-20")).COMMERCIAL_MONTHLY).toBe(2);
    expect((await figures("members", "2026-11-20")).PERSONAL_MONTHLY).toBe(1);
  });

  it("computing a day again replaces its rows; a day older than its sources keeps what was kept", async () => {
    const ctx = { db: database.db, clock };
    await download(database.db, t2, null, "free", "KN", at("16:00"));
    await database.db.execute(sql`delete from template_view_day where template_id = ${t3} and day = ${D}::date`);
    await computeFiguresDay(ctx, D);
    expect((await figures("downloads"))["guest:KN"]).toBe(1);
    expect(await figures("template.downloads")).toEqual({ [t1]: 4, [t2]: 3 });
    expect(await figures("template.views")).toEqual({ [t1]: 40, [t2]: 10 });
    // A month-old day: its searches are counted while the log holds them, and kept after it is purged.
    const old = "2026-10-19";
    await computeFiguresDay(ctx, old);
    expect(await figures("searches", old)).toEqual({ en: 4 });
    await database.db.execute(sql`delete from search_log where created_at < '2026-10-20'`);
    await computeFiguresDay(ctx, old);
    expect(await figures("searches", old)).toEqual({ en: 4 });
    expect(await figures("search.query", old)).toEqual({ old: 4 });
    // Two computations of one day at once end with one set of rows.
    await Promise.all([computeFiguresDay(ctx, D), computeFiguresDay(ctx, D)]);
    expect(await figures("template.downloads")).toEqual({ [t1]: 4, [t2]: 3 });
  });

  it("refuses what is not a day", async () => {
    await expect(computeFiguresDay({ db: database.db, clock }, "2026-13-45x")).rejects.toThrow(/not a day/);
  });
});

describe("the figures of a period", () => {
  it("runs the job (today, then the days never closed, then the top lists) and reads a period", async () => {
    const ctx = { db: database.db, clock };
    // Days before November as if computed after they ended long ago (the backfill's bound is a year and more).
    await database.db.execute(sql`insert into daily_figure_run (day, computed_at)
      select d::date, d + interval '1 day 1 minute' from generate_series('2025-01-01'::timestamptz, '2026-10-31', '1 day') d
      on conflict (day) do nothing`);
    const first = await runFiguresJob(ctx);
    // Today first, the last two days again (records that come late), then the days not computed since
    // they ended, newest first.
    expect(first).toEqual([
      "2026-11-20",
      "2026-11-19",
      ...Array.from({ length: 18 }, (_, i) => `2026-11-${String(18 - i).padStart(2, "0")}`),
    ]);
    // The queue's handler rests after each day for as long as it took (times FIGURES.restFactor).
    const rests: number[] = [];
    const second = await runFiguresJob({
      ...ctx,
      rest: async (tookMs) => {
        rests.push(tookMs);
      },
    });
    expect(second).toEqual(["2026-11-20", "2026-11-19", "2026-11-18"]);
    expect(rests).toHaveLength(3);
    expect(rests.every((ms) => ms > 0)).toBe(true);
    const r = await readFigures(testScope(database.db, { clock }), { period: "7d" });
    if (!r.ok) throw new Error(r.code);
    const f = r.value;
    expect(f.from).toBe("2026-11-14");
    expect(f.to).toBe("2026-11-20");
    expect(f.buckets.map((b) => b.start)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(f.signups[5]).toBe(2);
    expect(f.downloads[5].total).toBe(7);
    expect(f.downloads[5].tiers).toEqual({ guest: 3, free: 1, personal: 1, commercial: 2 });
    expect(f.downloads[5].formats).toEqual({ PP: 4, GS: 1, KN: 2 });
    expect(f.churn[5]).toEqual({ cancellations: 1, failed: 1, recovered: 1, lost: 1, started: 1 });
    expect(f.churn[4].failed).toBe(1);
    expect(f.searches[5]).toEqual({ searches: 9, zero: 3 });
    expect(f.members.find((m) => m.plan === "COMMERCIAL_MONTHLY")?.end).toBe(2);
    expect(f.subscriptions.find((m) => m.plan === "PERSONAL_YEARLY")).toEqual({
      plan: "PERSONAL_YEARLY",
      interval: "year",
      count: 1,
      mrrCents: 666,
    });
    // Top templates over the period: downloads, views (500 of them the day before for t3) and favourites.
    expect(f.templates.map((t) => [t.title, t.downloads, t.views, t.favorites])).toEqual([
      ["Harbour Pitch", 4, 40, 1],
      ["Quarterly Review", 3, 10, 2],
      ["Garden Plan", 1, 500, 1],
    ]);
    expect(f.queries).toEqual([
      { query: "pitch deck", count: 3 },
      { query: "plan de negocios", count: 2 },
      { query: "roadmap", count: 1 },
    ]);
    expect(f.zeroQueries).toEqual([
      { query: "xyzzy", count: 2 },
      { query: "unicornio", count: 1 },
    ]);
    const es = await readFigures(testScope(database.db, { clock, locale: "es" }), { period: "12m" });
    if (!es.ok) throw new Error(es.code);
    expect(es.value.unit).toBe("month");
    expect(es.value.buckets).toHaveLength(12);
    expect(es.value.buckets[11]).toMatchObject({ start: "2026-11-01", current: true, computed: true });
    expect(es.value.templates[0].title).toBe("Pitch del puerto");
    expect(es.value.downloads[11].total).toBe(8);
    expect(es.value.signups[11]).toBe(2);
  });

  it("refuses a period it does not offer", async () => {
    for (const period of ["5y", "", 7, null, "7d'; drop table account; --"]) {
      const r = await readFigures(testScope(database.db, { clock }), { period });
      expect(r).toMatchObject({ ok: false, code: "deskFigures.errors.period" });
    }
  });

  it("keeps the top lists per period", async () => {
    await refreshFiguresTops({ db: database.db, clock }, "2026-11-20");
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from daily_figure where metric like 'top.7d.%'`,
    );
    // Three templates with three figures each, three queries and two that found nothing.
    expect(rows[0].n).toBe(3 * 3 + 3 + 2);
  });
});
