import { sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { operatorAudit } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The operator module's queries (audit log, operator access, template counts). */

export type AuditRow = {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_label: string;
  action: string;
  target_kind: string;
  target_id: string;
  target_label: string;
  before: unknown;
  after: unknown;
};

type IdRow = { id: number };

export async function insertAudit(
  db: Executor,
  row: {
    at: Date;
    actorId: number | null;
    actorLabel: string;
    action: string;
    targetKind: string;
    targetId: string;
    targetLabel: string;
    before: unknown;
    after: unknown;
  },
): Promise<number> {
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const [r] = await queryRows<IdRow>(
    db,
    sql`insert into operator_audit (at, actor_id, actor_label, action, target_kind, target_id, target_label, before, after)
        values (${row.at}, ${row.actorId}, ${row.actorLabel}, ${row.action}, ${row.targetKind}, ${row.targetId},
                ${row.targetLabel}, ${json(row.before)}::jsonb, ${json(row.after)}::jsonb)
        returning id`,
  );
  return Number(r.id);
}

/** A page of the log, newest first, optionally of one action; one row more than asked tells a next page. */
export async function selectAudit(
  db: Executor,
  opts: { action: string | null; limit: number; offset: number },
): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select id, at, actor_id, actor_label, action, target_kind, target_id, target_label, before, after
        from operator_audit
        ${opts.action ? sql`where action = ${opts.action}` : sql``}
        order by at desc, id desc
        limit ${opts.limit} offset ${opts.offset}`,
  );
}

/** The actions the log holds (for its filter). */
export async function auditActions(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: operatorAudit.action })
    .from(operatorAudit)
    .orderBy(operatorAudit.action);
  return rows.map((r) => r.action);
}

export type AccessRow = { role: string; factor: boolean; email: string };

/** An account's role and whether its second factor is on (the operator area's guard). */
export async function accountAccess(db: Executor, accountId: number): Promise<AccessRow | undefined> {
  return (
    await queryRows<AccessRow>(
      db,
      sql`select a.role, a.email, exists (select 1 from account_second_factor f
            where f.account_id = a.id and f.enabled_at is not null) as factor
          from account a where a.id = ${accountId} and a.deleted_at is null and a.blocked_at is null`,
    )
  )[0];
}

export type TemplateStateCounts = { published: number; scheduled: number; draft: number };

/** Templates by state: published (public now), scheduled (a publication date ahead), draft (neither). */
export async function templateStateCounts(db: Executor, now: Date): Promise<TemplateStateCounts> {
  const [row] = await queryRows<TemplateStateCounts>(
    db,
    sql`select
          count(*) filter (where published_at is not null and published_at <= ${now})::int as published,
          count(*) filter (where (published_at is null or published_at > ${now}) and publish_at > ${now})::int as scheduled,
          count(*) filter (where (published_at is null or published_at > ${now}) and (publish_at is null or publish_at <= ${now}))::int as draft
        from template`,
  );
  return { published: Number(row.published), scheduled: Number(row.scheduled), draft: Number(row.draft) };
}
