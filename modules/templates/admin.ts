/**
 * The operator's view of the catalogue's templates (issue 20, "The operator's templates pages"): every
 * template with its publication state, its latest version and why that version failed, and the
 * publication changes an operator makes (publish now, schedule, unpublish), each written to the audit
 * log. A template is public only from its publication date and once a version of it is ready (ADR 0021).
 */
import { OPERATOR } from "#config/constants.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import type { Result } from "#modules/shared/result.ts";
import {
  findOperatorTemplate,
  type OperatorTemplateRow,
  selectOperatorTemplates,
  updatePublication,
} from "./repo/admin.ts";

export type PublicationState = "published" | "scheduled" | "draft";

export type OperatorTemplate = {
  id: number;
  title: string;
  slug: string;
  source: "demo" | "import";
  importKey: string | null;
  isPremium: boolean;
  state: PublicationState;
  /** What was asked for (null: a draft). */
  publishAt: Date | null;
  /** Public from (null: not public). */
  publishedAt: Date | null;
  downloads: number;
  views: number;
  /** The latest version of an imported template, with why it failed. */
  version: {
    number: number;
    state: "queued" | "rendering" | "ready" | "failed";
    reason: string | null;
    detail: string | null;
    createdAt: Date;
    finishedAt: Date | null;
  } | null;
  /** Whether a ready version is shown (demo templates always are). */
  ready: boolean;
  /** Asked to be public by now, but no version of it is ready yet. */
  waiting: boolean;
};

type Row = OperatorTemplateRow;

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

/** Where a template stands now: public, public later, or not asked to be. */
export function publicationState(t: { publishAt: Date | null; publishedAt: Date | null }, now: Date): PublicationState {
  if (t.publishedAt && t.publishedAt.getTime() <= now.getTime()) return "published";
  return t.publishAt ? "scheduled" : "draft";
}

function reshape(row: Row, now: Date): OperatorTemplate {
  const publishAt = date(row.publish_at);
  const publishedAt = date(row.published_at);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    source: row.source,
    importKey: row.import_key,
    isPremium: row.is_premium,
    state: publicationState({ publishAt, publishedAt }, now),
    publishAt,
    publishedAt,
    downloads: Number(row.downloads_count),
    views: Number(row.views_count),
    version:
      row.v_number === null
        ? null
        : {
            number: row.v_number,
            state: row.v_state,
            reason: row.v_reason,
            detail: row.v_detail,
            createdAt: date(row.v_created_at) as Date,
            finishedAt: date(row.v_finished_at),
          },
    ready: row.source === "demo" || row.version_id !== null,
    waiting:
      row.source === "import" && row.version_id === null && publishAt !== null && publishAt.getTime() <= now.getTime(),
  };
}

/**
 * A page of templates for the operator: imported ones first (newest versions first), then the demo's;
 * `state` keeps one publication state. `page` counts from 1; bad values mean 1.
 */
export async function listOperatorTemplates(
  ctx: Pick<ServiceContext, "db" | "clock" | "locale">,
  input: { page?: number; state?: PublicationState | null } = {},
): Promise<{ items: OperatorTemplate[]; page: number; hasNext: boolean }> {
  const size = OPERATOR.templatesPageSize;
  const page =
    Number.isSafeInteger(input.page) && (input.page as number) >= 1 ? Math.min(input.page as number, 10_000) : 1;
  const now = ctx.clock.now();
  const rows = await selectOperatorTemplates(
    ctx.db,
    ctx.locale,
    { state: input.state ?? null, now },
    { limit: size + 1, offset: (page - 1) * size },
  );
  return { items: rows.slice(0, size).map((r) => reshape(r, now)), page, hasNext: rows.length > size };
}

export type PublicationChange = { templateId: number; publishAt: Date | null };
export type PublicationResult = Result<
  OperatorTemplate,
  "account.operator.templates.errors.unknown" | "account.operator.templates.errors.date"
>;

/**
 * Publishes a template now or from a date, or takes it off the catalogue (`publishAt` null), and writes
 * the change to the audit log in the same transaction. An imported template without a ready version
 * becomes public when its version is ready (the render job sets it then).
 */
export async function setTemplatePublication(
  ctx: Pick<ServiceContext, "db" | "clock" | "locale">,
  actor: AuditActor,
  input: PublicationChange,
): Promise<PublicationResult> {
  const now = ctx.clock.now();
  if (input.publishAt && (Number.isNaN(input.publishAt.getTime()) || input.publishAt.getFullYear() > 9999))
    return { ok: false, code: "account.operator.templates.errors.date" };
  const changed = await ctx.db.transaction(async (db) => {
    const before = await findOperatorTemplate(db, ctx.locale, input.templateId, { lock: true });
    if (!before) return null;
    const ready = before.source === "demo" || before.version_id !== null;
    const publishedAt = input.publishAt && ready ? input.publishAt : null;
    await updatePublication(db, input.templateId, { publishAt: input.publishAt, publishedAt });
    const old = reshape(before, now);
    await recordAudit(
      { db, clock: ctx.clock },
      {
        actor,
        action: input.publishAt === null ? "template.unpublished" : "template.published",
        target: { kind: "template", id: before.id, label: before.import_key ?? before.slug },
        before: { publishAt: old.publishAt?.toISOString() ?? null, state: old.state },
        after: {
          publishAt: input.publishAt?.toISOString() ?? null,
          state: publicationState({ publishAt: input.publishAt, publishedAt }, now),
        },
      },
    );
    await bumpCatalogVersion({ db });
    return before.id;
  });
  if (changed === null) return { ok: false, code: "account.operator.templates.errors.unknown" };
  await refreshSearchIndex(ctx.db, { templateIds: [changed], now });
  const row = (await findOperatorTemplate(ctx.db, ctx.locale, changed))!;
  return { ok: true, value: reshape(row, now) };
}
