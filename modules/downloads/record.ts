import { sql } from "drizzle-orm";
import type { DownloadFormat } from "#config/constants.ts";
import type { ServiceContext } from "#modules/shared/context.ts";

export type DownloadLicense = "free" | "personal" | "commercial";

/** The allowance period of a moment: its calendar month in UTC, as YYYY-MM. */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Records a granted download and counts it towards popular. */
export async function recordDownload(
  ctx: Pick<ServiceContext, "db" | "clock">,
  input: {
    templateId: number;
    templateColorId: number;
    categoryId: number;
    format: DownloadFormat;
    license: DownloadLicense;
    accountId?: number | null;
    fingerprint?: string | null;
  },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into download (template_id, template_color_id, category_id, format, license, account_id, fingerprint, period, created_at)
      values (${input.templateId}, ${input.templateColorId}, ${input.categoryId}, ${input.format}, ${input.license},
              ${input.accountId ?? null}, ${input.fingerprint ?? null}, ${periodOf(now)}, ${now})`);
    await tx.execute(sql`update template set downloads_count = downloads_count + 1 where id = ${input.templateId}`);
  });
}
