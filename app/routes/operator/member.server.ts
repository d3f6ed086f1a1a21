import { z } from "zod";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";
import { DESK_MEMBERS, PLAN_CODES } from "#config/constants.ts";
import type { AuditActor } from "#modules/operator/audit.ts";

/**
 * An account on the desk, server half: the page (everything modules/accounts/desk.ts getMember reads) and
 * its actions, one form each, told apart by `intent`; each calls the service the command line calls too
 * (modules/accounts/operator.ts), which writes the audit entry with the operator as the actor.
 */
const E = "deskMembers.errors";

const reason = z
  .string({ error: `${E}.reasonRequired` })
  .trim()
  // Control characters are dropped by the service: a reason of nothing else is no reason.
  .refine((v) => v.replace(/[^\P{Cc}\n\t]/gu, "").trim() !== "", { error: `${E}.reasonRequired` })
  .refine((v) => [...v].length <= DESK_MEMBERS.reasonMax, { error: `${E}.reasonTooLong` });

/** One schema per form of the page. */
export const memberForms = {
  block: z.object({ intent: z.literal("block"), reason }),
  unblock: z.object({ intent: z.literal("unblock"), reason }),
  plan: z.object({ intent: z.literal("plan"), plan: z.enum(PLAN_CODES, { error: `${E}.unknownPlan` }) }),
  resendVerification: z.object({ intent: z.literal("resendVerification") }),
  signOut: z.object({ intent: z.literal("signOut") }),
  resetSecondFactor: z.object({ intent: z.literal("resetSecondFactor"), reason }),
  delete: z.object({
    intent: z.literal("delete"),
    reason,
    confirm: z
      .string({ error: `${E}.confirmRequired` })
      .trim()
      .min(1, { error: `${E}.confirmRequired` })
      .max(320, { error: `${E}.confirmMismatch` }),
  }),
} as const;
export type MemberIntent = keyof typeof memberForms;
const INTENTS = Object.keys(memberForms) as MemberIntent[];

/** The account's id from the address: digits only, within an integer; anything else is not found. */
function idParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) notFound("page");
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) notFound("page");
  return id;
}

const pageParam = (url: URL, name: string) => {
  const n = Number(url.searchParams.get(name) ?? "1");
  return Number.isSafeInteger(n) ? n : 1;
};
const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function memberLoader({
  request,
  params,
  context,
}: {
  request: Request;
  params: { id?: string };
  context: Parameters<typeof pageContext>[1];
}) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const id = idParam(params.id);
  const m = await app.services.deskMembers.getMember(ctx, {
    id,
    downloadsPage: pageParam(url, "downloads"),
    invoicesPage: pageParam(url, "invoices"),
    paymentsPage: pageParam(url, "payments"),
  });
  if (!m) notFound("page");
  const label = m.email ?? t("deskMembers.deletedAccount", { id: m.id });
  return {
    self: app.scope.viewer?.account?.id === m.id,
    member: {
      ...m,
      blockedAt: iso(m.blockedAt),
      deletedAt: iso(m.deletedAt),
      createdAt: m.createdAt.toISOString(),
      lastSeenAt: iso(m.lastSeenAt),
      secondFactor: { ...m.secondFactor, since: iso(m.secondFactor.since) },
      subscriptions: m.subscriptions.map((s) => ({
        ...s,
        periodStart: s.periodStart.toISOString(),
        periodEnd: s.periodEnd.toISOString(),
        nextRetryAt: iso(s.nextRetryAt),
        endedAt: iso(s.endedAt),
      })),
      allowance: { ...m.allowance, resetsAt: m.allowance.resetsAt.toISOString() },
      downloads: {
        ...m.downloads,
        items: m.downloads.items.map((d) => ({
          id: d.id,
          slug: d.slug,
          title: d.title,
          colorName: d.colorName,
          format: d.format,
          license: d.license,
          createdAt: d.createdAt.toISOString(),
        })),
      },
      invoices: {
        ...m.invoices,
        items: m.invoices.items.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString(), paidAt: iso(i.paidAt) })),
      },
      payments: {
        ...m.payments,
        items: m.payments.items.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
      },
    },
    seo: {
      origin,
      locale,
      title: t("deskMembers.account.metaTitle", { account: label }),
      description: t("deskMembers.account.intro"),
      paths: samePath(`/operator/members/${m.id}`),
      noindex: true,
    },
  };
}

export type MemberActionData =
  | { ok: true; intent: MemberIntent; notice: string }
  | {
      ok: false;
      intent: MemberIntent | null;
      error: string | null;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };

export async function memberAction({
  request,
  params,
  context,
}: {
  request: Request;
  params: { id?: string };
  context: Parameters<typeof pageContext>[1];
}): Promise<MemberActionData> {
  const { app, ctx } = pageContext(request, context);
  const id = idParam(params.id);
  const viewer = app.scope.viewer?.account;
  // The layout's guard let only an operator in; without a viewer there is nobody to record as the actor.
  if (!viewer) notFound("page");
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent") values[k] = v.slice(0, 2_000);
  const rawIntent = form.get("intent");
  const intent = INTENTS.find((i) => i === rawIntent) ?? null;
  if (!intent) return { ok: false, intent: null, error: `${E}.invalid`, fieldErrors: {}, values };
  const parsed = memberForms[intent].safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const i of parsed.error.issues)
      fieldErrors[String(i.path[0])] ??= i.message.startsWith(`${E}.`) ? i.message : `${E}.invalid`;
    return { ok: false, intent, error: null, fieldErrors, values };
  }
  const v = parsed.data;
  const actor: AuditActor = { kind: "account", id: viewer.id, label: viewer.email };
  const ops = app.services.accountOperator;
  const r =
    v.intent === "block" || v.intent === "unblock"
      ? await ops.setBlocked(ctx, id, v.intent === "block", { actor, reason: v.reason })
      : v.intent === "plan"
        ? await ops.setPlan(ctx, id, v.plan, { actor })
        : v.intent === "resendVerification"
          ? await ops.resendVerificationFor(ctx, id, { actor })
          : v.intent === "signOut"
            ? await ops.signOutEverywhere(ctx, id, { actor })
            : v.intent === "resetSecondFactor"
              ? await ops.turnOffSecondFactor(ctx, id, { actor, reason: v.reason })
              : await ops.deleteAtMembersRequest(ctx, id, { actor, reason: v.reason, confirm: v.confirm });
  if (!r.ok) {
    if (r.code === "deskMembers.errors.unknownAccount") notFound("page");
    const field = r.code === `${E}.reasonTooLong` ? "reason" : r.code === `${E}.confirmMismatch` ? "confirm" : null;
    return field
      ? { ok: false, intent, error: null, fieldErrors: { [field]: r.code }, values }
      : { ok: false, intent, error: r.code, fieldErrors: {}, values };
  }
  const notice =
    v.intent === "signOut"
      ? "ended" in r.value && r.value.ended === 0
        ? "deskMembers.done.signOutNone"
        : "deskMembers.done.signOut"
      : v.intent === "resetSecondFactor" && !r.value.changed
        ? "deskMembers.done.noSecondFactor"
        : v.intent === "plan" && !r.value.changed
          ? "deskMembers.done.planSame"
          : v.intent === "unblock" && !r.value.changed
            ? "deskMembers.done.notBlocked"
            : v.intent === "resendVerification" && "delivery" in r.value && r.value.delivery === "late"
              ? "deskMembers.done.resendLate"
              : `deskMembers.done.${v.intent}`;
  return { ok: true, intent, notice };
}
