import type { ServiceContext } from "#modules/scope.ts";
import { accountAccess, templateStateCounts } from "./repo.ts";

/**
 * Who may enter the operator area: "none" (not an operator: the area does not exist for them), "enrol"
 * (an operator whose second factor is not on yet: only the enrolment page) or "operator".
 */
export type OperatorAccess = "none" | "enrol" | "operator";

export async function operatorAccess(
  ctx: Pick<ServiceContext, "db">,
  accountId: number | null,
): Promise<OperatorAccess> {
  if (!accountId) return "none";
  const row = await accountAccess(ctx.db, accountId);
  if (row?.role !== "operator") return "none";
  return row.factor ? "operator" : "enrol";
}

/** The operator home's figures: templates by state. */
export async function operatorOverview(ctx: Pick<ServiceContext, "db" | "clock">) {
  return { templates: await templateStateCounts(ctx.db, ctx.clock.now()) };
}
