import { OPERATOR } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { auditActions, insertAudit, selectAudit } from "./repo.ts";

/**
 * The operator audit log (DECISIONS: Operations): every operator action, who did it, to what, when, and
 * the state before and after. Kept two years (RETENTION.auditLogDays, the retention job).
 */

/** Who acted: an operator's account, or the command line (the shell user who ran it). */
export type AuditActor = { kind: "account"; id: number; label: string } | { kind: "command"; label: string };

export type AuditInput = {
  actor: AuditActor;
  /** A dotted name: account.role, secondFactor.enabled, template.published… */
  action: string;
  target: { kind: string; id: string | number; label: string };
  before?: unknown;
  after?: unknown;
};

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Writes one entry; answers its id. Works inside a transaction when given one as `db`. */
export async function recordAudit(ctx: Pick<ServiceContext, "db" | "clock">, input: AuditInput): Promise<number> {
  return insertAudit(ctx.db, {
    at: ctx.clock.now(),
    actorId: input.actor.kind === "account" ? input.actor.id : null,
    actorLabel: clip(input.actor.kind === "command" ? `command line (${input.actor.label})` : input.actor.label, 300),
    action: clip(input.action, 100),
    targetKind: clip(input.target.kind, 50),
    targetId: clip(String(input.target.id), 200),
    targetLabel: clip(input.target.label, 300),
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

export type AuditEntry = {
  id: number;
  at: Date;
  actor: { id: number | null; label: string };
  action: string;
  target: { kind: string; id: string; label: string };
  before: unknown;
  after: unknown;
  /** The fields that differ between before and after, each with both values (absent: undefined). */
  changes: { field: string; before: unknown; after: unknown }[];
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** What changed between two states: field by field for objects, else the whole value. */
export function auditChanges(before: unknown, after: unknown): AuditEntry["changes"] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])]
      .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
      .map((field) => ({ field, before: b[field], after: a[field] }));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: "", before, after }];
}

/** A page of the log, newest first, optionally one action only. `page` counts from 1; bad values mean 1. */
export async function listAudit(
  ctx: Pick<ServiceContext, "db">,
  input: { page?: number; action?: string | null; pageSize?: number } = {},
): Promise<{ entries: AuditEntry[]; page: number; hasNext: boolean; actions: string[] }> {
  const size = Math.min(Math.max(1, Math.trunc(input.pageSize ?? OPERATOR.auditPageSize)), 200);
  const page =
    Number.isSafeInteger(input.page) && (input.page as number) >= 1 ? Math.min(input.page as number, 10_000) : 1;
  const action = input.action && /^[\w.-]{1,100}$/.test(input.action) ? input.action : null;
  const [rows, actions] = await Promise.all([
    selectAudit(ctx.db, { action, limit: size + 1, offset: (page - 1) * size }),
    auditActions(ctx.db),
  ]);
  return {
    entries: rows.slice(0, size).map((r) => ({
      id: Number(r.id),
      at: new Date(r.at),
      actor: { id: r.actor_id, label: r.actor_label },
      action: r.action,
      target: { kind: r.target_kind, id: r.target_id, label: r.target_label },
      before: r.before,
      after: r.after,
      changes: auditChanges(r.before, r.after),
    })),
    page,
    hasNext: rows.length > size,
    actions,
  };
}
