import { sql } from "drizzle-orm";
import { PAGE_SIZE } from "#config/constants.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";

type AspectRatio = TemplateCard["aspectRatio"];

/** Sorts of the download history (SPEC §9). */
export const HISTORY_SORTS = ["newest", "oldest"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

/** One row of an account's download history (SPEC §3: template, colour, category, date, licence). */
export type DownloadRecord = {
  id: number;
  templateId: number;
  slug: string;
  title: string;
  isPremium: boolean;
  aspectRatio: AspectRatio;
  /** The colour variant downloaded (null when it was removed since). */
  templateColorId: number | null;
  colorName: string | null;
  colorHex: string | null;
  categoryName: string | null;
  format: string;
  license: "free" | "personal" | "commercial";
  createdAt: Date;
};

type Row = {
  id: number;
  template_id: number;
  slug: string;
  title: string;
  is_premium: boolean;
  aspect_ratio: AspectRatio;
  template_color_id: number | null;
  color_name: string | null;
  color_hex: string | null;
  category_name: string | null;
  format: string;
  license: DownloadRecord["license"];
  created_at: Date;
};

function reshapeRecord(r: Row): DownloadRecord {
  return {
    id: r.id,
    templateId: r.template_id,
    slug: r.slug,
    title: r.title,
    isPremium: r.is_premium,
    aspectRatio: r.aspect_ratio,
    templateColorId: r.template_color_id,
    colorName: r.color_name,
    colorHex: r.color_hex,
    categoryName: r.category_name,
    format: r.format,
    license: r.license,
    createdAt: new Date(r.created_at),
  };
}

/** An account's own downloads, newest or oldest first, a page at a time, in the page's language. */
export async function listDownloadHistory(
  ctx: ServiceContext,
  input: { accountId: number; sort: HistorySort; page: number },
): Promise<Page<DownloadRecord>> {
  const pageSize = PAGE_SIZE.templates;
  const [count] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from download d
        join template_translation tr on tr.template_id = d.template_id and tr.locale = ${ctx.locale}
        where d.account_id = ${input.accountId}`,
  );
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const order = input.sort === "oldest" ? sql`d.created_at asc, d.id asc` : sql`d.created_at desc, d.id desc`;
  const colorName = ctx.locale === "es" ? sql`c.name_es` : sql`c.name_en`;
  const rows = await queryRows<Row>(
    ctx.db,
    sql`select d.id, d.template_id, tr.slug, tr.title, t.is_premium, t.aspect_ratio, d.template_color_id,
               ${colorName} as color_name, c.hex as color_hex, cat.name as category_name, d.format, d.license, d.created_at
        from download d
        join template t on t.id = d.template_id
        join template_translation tr on tr.template_id = t.id and tr.locale = ${ctx.locale}
        left join template_color tc on tc.id = d.template_color_id
        left join color c on c.id = tc.color_id
        left join tag_translation cat on cat.tag_id = d.category_id and cat.locale = ${ctx.locale}
        where d.account_id = ${input.accountId}
        order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { items: rows.map(reshapeRecord), total, totalCapped: false, page, pageCount, pageSize };
}

export type MonthCount = { month: string; count: number };

/**
 * An account's downloads per calendar month (UTC, as the allowance counts) for the last `months`
 * months including the current one, oldest first; months without downloads are there with 0.
 */
export async function downloadsByMonth(
  ctx: ServiceContext,
  input: { accountId: number; months: number },
): Promise<MonthCount[]> {
  const now = ctx.clock.now();
  const months = Math.min(Math.max(1, Math.trunc(input.months)), 36);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const rows = await queryRows<{ month: string; n: number }>(
    ctx.db,
    sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as n
        from download where account_id = ${input.accountId} and created_at >= ${first} and created_at <= ${now}
        group by 1`,
  );
  const counts = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    return { month, count: counts.get(month) ?? 0 };
  });
}
