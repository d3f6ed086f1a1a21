import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { template } from "#db/schema/catalog.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The operator's templates pages' queries (admin.ts). */

/** A template in `locale` with its latest version (v_…; all null when it has none). */
export type OperatorTemplateRow = {
  id: number;
  title: string;
  slug: string;
  source: "demo" | "import";
  import_key: string | null;
  is_premium: boolean;
  publish_at: Date | string | null;
  published_at: Date | string | null;
  downloads_count: number;
  views_count: number;
  version_id: number | null;
  v_number: number | null;
  v_state: "queued" | "rendering" | "ready" | "failed";
  v_reason: string | null;
  v_detail: string | null;
  v_created_at: Date | string | null;
  v_finished_at: Date | string | null;
};

const selectTemplates = (locale: string) => sql`
  select t.id, tr.title, tr.slug, t.source, t.import_key, t.is_premium, t.publish_at, t.published_at,
    t.downloads_count, t.views_count, t.version_id,
    v.number as v_number, v.state as v_state, v.reason as v_reason, v.detail as v_detail,
    v.created_at as v_created_at, v.finished_at as v_finished_at
  from template t
  join template_translation tr on tr.template_id = t.id and tr.locale = ${locale}
  left join lateral (select * from template_version x where x.template_id = t.id order by x.number desc limit 1) v on true`;

export type PublicationFilter = { state: "published" | "scheduled" | "draft" | null; now: Date };

/**
 * A page of templates: imported ones first (newest versions first), then the demo's, keeping one
 * publication state as of `now` when asked.
 */
export function selectOperatorTemplates(
  db: Executor,
  locale: string,
  filter: PublicationFilter,
  page: { limit: number; offset: number },
): Promise<OperatorTemplateRow[]> {
  const { now } = filter;
  const state: SQL =
    filter.state === "published"
      ? sql`and t.published_at <= ${now}`
      : filter.state === "scheduled"
        ? sql`and t.publish_at is not null and (t.published_at is null or t.published_at > ${now})`
        : filter.state === "draft"
          ? sql`and t.publish_at is null and (t.published_at is null or t.published_at > ${now})`
          : sql``;
  return queryRows<OperatorTemplateRow>(
    db,
    sql`${selectTemplates(locale)} where true ${state}
        order by (t.source = 'import') desc, coalesce(v.created_at, t.created_at) desc, t.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** One template; with `lock`, held (`for update`) until the transaction ends. */
export async function findOperatorTemplate(
  db: Executor,
  locale: string,
  templateId: number,
  opts: { lock?: boolean } = {},
): Promise<OperatorTemplateRow | undefined> {
  const [row] = await queryRows<OperatorTemplateRow>(
    db,
    opts.lock
      ? sql`${selectTemplates(locale)} where t.id = ${templateId} for update of t`
      : sql`${selectTemplates(locale)} where t.id = ${templateId}`,
  );
  return row;
}

/** Sets when a template is asked to be public and when it is. */
export async function updatePublication(
  db: Executor,
  templateId: number,
  p: { publishAt: Date | null; publishedAt: Date | null },
): Promise<void> {
  await db
    .update(template)
    .set({ publishAt: p.publishAt, publishedAt: p.publishedAt, updatedAt: sql`now()` })
    .where(eq(template.id, templateId));
}
