import { notFound, pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";
import { DESK_MESSAGE_ERRORS, replySchema, stateSchema } from "#modules/contact/desk-schemas.ts";

/**
 * One contact message on the operator's desk, server half (issue 23): the whole message, its sender's
 * account, its thread; the reply form ("save" a draft, "send" it: replySchema) and the state form
 * ("close", "reopen": stateSchema). The rules are the desk service's (modules/contact/desk.ts).
 */
type Args = { request: Request; params: { id?: string }; context: Parameters<typeof pageContext>[1] };

export async function messageLoader({ request, params, context }: Args) {
  const { app, ctx, locale, origin, t } = pageContext(request, context);
  const found = await app.services.contact.getMessage(ctx, params.id);
  if (!found.ok) notFound("page");
  const { message: m, replies, draft } = found.value;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const reply = (r: (typeof replies)[number]) => ({
    id: r.id,
    authorLabel: r.authorLabel,
    body: r.body,
    locale: r.locale,
    status: r.status,
    error: r.error,
    updatedAt: r.updatedAt.toISOString(),
    sentAt: iso(r.sentAt),
  });
  return {
    message: {
      id: m.id,
      name: `${m.firstName} ${m.lastName}`,
      firstName: m.firstName,
      email: m.email,
      text: m.message,
      locale: m.locale,
      paidPlan: m.paidPlan,
      state: m.deskState,
      createdAt: m.createdAt.toISOString(),
      answeredAt: iso(m.answeredAt),
      closedAt: iso(m.closedAt),
      account: m.account && m.accountId !== null ? { id: m.accountId, ...m.account } : null,
    },
    replies: replies.map(reply),
    draft: draft ? reply(draft) : null,
    seo: {
      origin,
      locale,
      title: t("deskMessages.message.metaTitle", { id: String(m.id) }),
      description: t("deskMessages.inbox.intro"),
      paths: samePath(`/operator/messages/${m.id}`),
      noindex: true,
    },
  };
}

/** What the page shows after an action: how it went, and the words of a reply that was not sent. */
export type MessageActionData = {
  intent: "save" | "send" | "state";
  ok: boolean;
  /** A translation key: the outcome's, or the refusal's. */
  code: string;
  /** The mail server's words when a send failed. */
  detail?: string;
  /** The reply's words as posted, kept in the form after a refusal or a failed send. */
  body?: string;
  replyId?: number;
};

export async function messageAction({ request, params, context }: Args): Promise<MessageActionData> {
  const { app, ctx } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  // The layout's requireOperator has let only operators through; a viewer is there all the same.
  if (!viewer) notFound("page");
  const actor = { kind: "account" as const, id: viewer.id, label: viewer.email };
  const form = await request.formData();
  const one = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const intent = one("intent");
  if (intent === "close" || intent === "reopen") {
    const parsed = stateSchema.safeParse({ state: intent === "close" ? "closed" : "open" });
    if (!parsed.success) return { intent: "state", ok: false, code: DESK_MESSAGE_ERRORS.invalid };
    const r = await app.services.contact.setMessageState(ctx, actor, params.id, parsed.data);
    if (!r.ok) return { intent: "state", ok: false, code: r.code };
    return {
      intent: "state",
      ok: true,
      code: `deskMessages.done.${r.value.state === "closed" ? "closed" : "reopened"}`,
    };
  }
  if (intent !== "save" && intent !== "send") return { intent: "save", ok: false, code: DESK_MESSAGE_ERRORS.invalid };
  const body = one("body") ?? "";
  const raw = { body, replyId: one("replyId") || undefined };
  const parsed = replySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const code = issue?.message.startsWith("deskMessages.") ? issue.message : DESK_MESSAGE_ERRORS.invalid;
    return { intent, ok: false, code, body };
  }
  if (intent === "save") {
    const r = await app.services.contact.saveReplyDraft(ctx, actor, params.id, raw);
    if (!r.ok) return { intent, ok: false, code: r.code, body, replyId: r.replyId };
    return { intent, ok: true, code: "deskMessages.done.saved", replyId: r.value.replyId };
  }
  const r = await app.services.contact.sendReply(app.scope, actor, params.id, raw);
  if (!r.ok) return { intent, ok: false, code: r.code, detail: r.detail, body, replyId: r.replyId };
  return {
    intent,
    ok: true,
    code: r.value.outcome === "late" ? "deskMessages.done.late" : "deskMessages.done.sent",
    replyId: r.value.replyId,
  };
}
