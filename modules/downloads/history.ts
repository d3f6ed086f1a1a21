import { PAGE_SIZE } from "#config/constants.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import { formatLicenceCode } from "#modules/licences/code.ts";
import type { ServiceContext } from "#modules/scope.ts";
import {
  countByMonth,
  countHistory,
  downloadedTemplateIds,
  type HistoryRow,
  lastDownloadAt,
  selectHistoryPage,
} from "./repo.ts";
import type { HistorySort } from "./sorts.ts";

type AspectRatio = TemplateCard["aspectRatio"];

/** Sorts of the download history (SPEC §9). */

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
  /**
   * The grant's licence (a re-download in the month shows the same one): its code as people read it and
   * the member's project label; null for a download that has none.
   */
  licence: { code: string; project: string | null } | null;
};

function reshapeRecord(r: HistoryRow): DownloadRecord {
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
    licence: r.licence_code ? { code: formatLicenceCode(r.licence_code), project: r.licence_project } : null,
  };
}

/** An account's own downloads, newest or oldest first, a page at a time, in the page's language. */
export async function listDownloadHistory(
  ctx: ServiceContext,
  input: { accountId: number; sort: HistorySort; page: number },
): Promise<Page<DownloadRecord>> {
  const pageSize = PAGE_SIZE.templates;
  const total = await countHistory(ctx.db, input.accountId, ctx.locale);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const rows = await selectHistoryPage(ctx.db, {
    accountId: input.accountId,
    locale: ctx.locale,
    oldestFirst: input.sort === "oldest",
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
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
  const rows = await countByMonth(ctx.db, input.accountId, first, now);
  const counts = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    return { month, count: counts.get(month) ?? 0 };
  });
}

/**
 * The template's "downloaded" flag for the viewer (SPEC §3): when the account last downloaded it (any
 * colour, format or month), or null when it never did.
 */
export function lastDownloadOf(
  ctx: Pick<ServiceContext, "db">,
  input: { accountId: number; templateId: number },
): Promise<Date | null> {
  return lastDownloadAt(ctx.db, input.accountId, input.templateId);
}

/**
 * Me.downloads (SPEC §3 downloads[{templateId}]): the published templates the account downloaded, each
 * once, the most recently downloaded first, `skip` and `limit` at a time.
 */
export async function downloadedTemplates(
  ctx: Pick<ServiceContext, "db" | "clock">,
  input: { accountId: number; skip: number; limit: number },
): Promise<{ templateId: number }[]> {
  const ids = await downloadedTemplateIds(ctx.db, {
    accountId: input.accountId,
    now: ctx.clock.now(),
    limit: input.limit,
    offset: input.skip,
  });
  return ids.map((templateId) => ({ templateId }));
}
