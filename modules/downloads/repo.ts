/**
 * The downloads module's queries: the allowance counters, the credit grant, the variant a download is
 * of, and an account's history. A counter's plain read uses Drizzle's query builder. Hand-written SQL
 * stays for the credit grant (the counters made with `on conflict do nothing` and locked `for update`
 * in one order, the grant, the counters and the template's count bumped, the download recorded), the
 * variant read (four tables and the Keynote file), the history page (joins in the page's language)
 * and the per-month report.
 */
import { and, desc, eq, lte, max, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "#db/client.server.ts";
import { accountInterest, download, downloadCounter, template } from "#db/schema/index.ts";
import type { TemplateCard } from "#modules/catalog/views.ts";
import type { StoredFile } from "#modules/files/service.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** A count (`count(*)::int as n`), or a row found (`select 1 as n`). */
type CountRow = { n: number };

/* ---- The allowance ---- */

/** Credits a subject ("g:<guest>", "a:<account>", "ip:<address>") used in a period; 0 without a counter. */
export async function counterUsed(db: Executor, subject: string, period: string): Promise<number> {
  const [row] = await db
    .select({ used: downloadCounter.used })
    .from(downloadCounter)
    .where(and(eq(downloadCounter.subject, subject), eq(downloadCounter.period, period)));
  return Number(row?.used ?? 0);
}

/**
 * What a member's header shows, in one statement (each statement costs a round trip, and in the embedded
 * database a fixed parse and plan): the credits of `subject` used in `period`, and whether the account
 * has chosen its interests (the interests dialog opens until it has).
 */
export async function memberHeaderFacts(
  db: Executor,
  input: { subject: string; period: string; accountId: number },
): Promise<{ used: number; hasInterests: boolean }> {
  const [row] = await db.select(memberHeaderColumns(db, input)).from(sql`(values (1)) as one`);
  return { used: Number(row?.used ?? 0), hasInterests: row?.hasInterests === true };
}

/**
 * The two columns of a member's header facts, for a select of their own (above) or the session's
 * (accounts/repo.ts sessionAccount): the credits under `subject` in `period`, and whether `accountId`
 * (a value, a placeholder or the account's column) has chosen interests.
 */
export function memberHeaderColumns(
  db: Executor,
  input: { subject: string | Placeholder; period: string | Placeholder; accountId: number | AnyPgColumn },
) {
  return {
    used: sql<number>`coalesce((${db
      .select({ used: downloadCounter.used })
      .from(downloadCounter)
      .where(and(eq(downloadCounter.subject, input.subject), eq(downloadCounter.period, input.period)))}), 0)`,
    hasInterests: sql<boolean>`exists (${db
      .select({ one: sql`1` })
      .from(accountInterest)
      .where(eq(accountInterest.accountId, input.accountId))})`,
  };
}

/** Makes the viewer's two counters of a period (own and address) where they are missing. */
export async function ensureCounters(tx: Executor, own: string, ip: string, period: string): Promise<void> {
  await tx.execute(
    sql`insert into download_counter (subject, period, used) values (${own}, ${period}, 0), (${ip}, ${period}, 0) on conflict do nothing`,
  );
}

export type CounterRow = { subject: string; used: number };

/** The viewer's two counters of a period, in subject order; locked for the transaction when asked. */
export async function selectCounters(
  db: Executor,
  at: { own: string; ip: string; period: string },
  lock: boolean,
): Promise<CounterRow[]> {
  return queryRows<CounterRow>(
    db,
    sql`select subject, used from download_counter where period = ${at.period} and subject in (${at.own}, ${at.ip}) order by subject ${lock ? sql`for update` : sql``}`,
  );
}

/** A viewer's standing read in one statement: both counters' credits used (0 without one) and whether the template was granted. */
export type StandingRow = { own_used: number; ip_used: number; owned: boolean };

/** Where a viewer stands for a template in a period, unlocked (the read before any work). */
export async function selectStanding(
  db: Executor,
  at: { own: string; ip: string; period: string; templateId: number },
): Promise<StandingRow> {
  const [row] = await queryRows<StandingRow>(
    db,
    sql`select
          coalesce((select used from download_counter where period = ${at.period} and subject = ${at.own}), 0)::int as own_used,
          coalesce((select used from download_counter where period = ${at.period} and subject = ${at.ip}), 0)::int as ip_used,
          exists (select 1 from download_grant where subject = ${at.own} and period = ${at.period} and template_id = ${at.templateId}) as owned`,
  );
  return row;
}

/** Whether a subject was already granted a template in a period. */
export async function hasGrant(db: Executor, subject: string, period: string, templateId: number): Promise<boolean> {
  const owned = await queryRows<CountRow>(
    db,
    sql`select 1 as n from download_grant where subject = ${subject} and period = ${period} and template_id = ${templateId}`,
  );
  return owned.length > 0;
}

/** A credit taken: the template granted to the subject for the period, and both counters bumped. */
export async function takeCredit(
  tx: Executor,
  at: { own: string; ip: string; period: string; templateId: number; now: Date },
): Promise<void> {
  await tx.execute(
    sql`insert into download_grant (subject, period, template_id, created_at) values (${at.own}, ${at.period}, ${at.templateId}, ${at.now})`,
  );
  await tx.execute(
    sql`update download_counter set used = used + 1 where period = ${at.period} and subject in (${at.own}, ${at.ip})`,
  );
}

/** A download recorded (whether it took a credit or not). */
export async function insertDownload(
  tx: Executor,
  row: {
    templateId: number;
    templateColorId: number;
    categoryId: number;
    format: string;
    license: string;
    fingerprint: string | null;
    accountId: number | null;
    period: string;
    now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into download (template_id, template_color_id, category_id, format, license, fingerprint, account_id, period, created_at)
    values (${row.templateId}, ${row.templateColorId}, ${row.categoryId}, ${row.format}, ${row.license},
            ${row.fingerprint}, ${row.accountId}, ${row.period}, ${row.now})`);
}

/** The template's popularity: one more download that took a credit. */
export async function bumpTemplateDownloads(tx: Executor, templateId: number): Promise<void> {
  await tx.execute(sql`update template set downloads_count = downloads_count + 1 where id = ${templateId}`);
}

/* ---- The variant downloaded ---- */

/** A published template's active colour variant, with what a download of it needs. */
export type VariantRow = {
  template_id: number;
  is_premium: boolean;
  category_id: number;
  google_slides_url: string | null;
  slug: string;
  color_slug: string;
  /** The variant's uploaded Keynote file, if any. */
  keynote_key: string | null;
  /** Its stored .pptx in each licence variant ("free", "paid") made or uploaded so far, read with it. */
  pptx: Record<string, StoredFile> | null;
};

export async function selectVariant(db: Executor, templateColorId: number, now: Date): Promise<VariantRow | undefined> {
  const [row] = await queryRows<VariantRow>(
    db,
    sql`select t.id as template_id, t.is_premium, t.category_id, coalesce(tc.google_slides_url, t.google_slides_url) as google_slides_url,
          tr.slug, c.slug as color_slug,
          (select f.storage_key from template_file f where f.template_color_id = tc.id and f.kind = 'key' and f.variant = 'paid') as keynote_key,
          (select json_object_agg(f.variant, json_build_object('storageKey', f.storage_key, 'sizeBytes', f.size_bytes))
            from template_file f where f.template_color_id = tc.id and f.kind = 'pptx') as pptx
        from template_color tc join template t on t.id = tc.template_id join color c on c.id = tc.color_id
        join template_translation tr on tr.template_id = t.id and tr.locale = 'en'
        where tc.id = ${templateColorId} and tc.active and t.published_at <= ${now}`,
  );
  return row;
}

/* ---- History ---- */

/** How many downloads of an account's have a template with a translation in the language. */
export async function countHistory(db: Executor, accountId: number, locale: string): Promise<number> {
  const [count] = await queryRows<CountRow>(
    db,
    sql`select count(*)::int as n from download d
        join template_translation tr on tr.template_id = d.template_id and tr.locale = ${locale}
        where d.account_id = ${accountId}`,
  );
  return Number(count?.n ?? 0);
}

/** One of an account's downloads, named in the page's language. */
export type HistoryRow = {
  id: number;
  template_id: number;
  slug: string;
  title: string;
  is_premium: boolean;
  aspect_ratio: TemplateCard["aspectRatio"];
  template_color_id: number | null;
  color_name: string | null;
  color_hex: string | null;
  category_name: string | null;
  format: string;
  license: "free" | "personal" | "commercial";
  created_at: Date;
  /** The grant's licence (stored form), the same for a re-download of the month; null when it has none. */
  licence_code: string | null;
  licence_project: string | null;
};

/**
 * A page of an account's downloads, newest or oldest first, each with its grant's licence: the one of
 * the same account, month, template and kind of licence (at most one: licence_grant_idx).
 */
export async function selectHistoryPage(
  db: Executor,
  input: { accountId: number; locale: string; oldestFirst: boolean; limit: number; offset: number },
): Promise<HistoryRow[]> {
  const order: SQL = input.oldestFirst ? sql`d.created_at asc, d.id asc` : sql`d.created_at desc, d.id desc`;
  const colorName = input.locale === "es" ? sql`c.name_es` : sql`c.name_en`;
  return queryRows<HistoryRow>(
    db,
    sql`select d.id, d.template_id, tr.slug, tr.title, t.is_premium, t.aspect_ratio, d.template_color_id,
               ${colorName} as color_name, c.hex as color_hex, cat.name as category_name, d.format, d.license, d.created_at,
               l.code as licence_code, l.project as licence_project
        from download d
        join template t on t.id = d.template_id
        join template_translation tr on tr.template_id = t.id and tr.locale = ${input.locale}
        left join template_color tc on tc.id = d.template_color_id
        left join color c on c.id = tc.color_id
        left join tag_translation cat on cat.tag_id = d.category_id and cat.locale = ${input.locale}
        left join licence l on l.subject = 'a:' || d.account_id and l.period = d.period
          and l.template_id = d.template_id and l.kind = d.license
        where d.account_id = ${input.accountId}
        order by ${order} limit ${input.limit} offset ${input.offset}`,
  );
}

/** When an account last downloaded a template (any colour, format or month); null when it never did. */
export async function lastDownloadAt(db: Executor, accountId: number, templateId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(download.createdAt) })
    .from(download)
    .where(and(eq(download.accountId, accountId), eq(download.templateId, templateId)));
  return row?.at ? new Date(row.at) : null;
}

/**
 * A page of the published templates an account downloaded, each once, the most recently downloaded
 * first (ties by id, newest first).
 */
export async function downloadedTemplateIds(
  db: Executor,
  input: { accountId: number; now: Date; limit: number; offset: number },
): Promise<number[]> {
  const last = max(download.createdAt);
  const rows = await db
    .select({ id: download.templateId, last })
    .from(download)
    .innerJoin(template, eq(template.id, download.templateId))
    .where(and(eq(download.accountId, input.accountId), lte(template.publishedAt, input.now)))
    .groupBy(download.templateId)
    .orderBy(desc(last), desc(download.templateId))
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((r) => Number(r.id));
}

export type MonthCountRow = { month: string; n: number };

/** An account's downloads per calendar month (UTC) between two moments; months without any are absent. */
export async function countByMonth(db: Executor, accountId: number, from: Date, to: Date): Promise<MonthCountRow[]> {
  return queryRows<MonthCountRow>(
    db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as n
        from download where account_id = ${accountId} and created_at >= ${from} and created_at <= ${to}
        group by 1`,
  );
}
