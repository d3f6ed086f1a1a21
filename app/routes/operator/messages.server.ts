import { pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";

/**
 * The desk's inbox of contact messages, server half (issue 23): one state's page (`?state=open|answered|
 * closed`, open by default; `?page=N`), every state's count. The order (paying members' messages first,
 * newest first within) is the service's (modules/contact/desk.ts).
 */
export async function messagesLoader({
  request,
  context,
}: {
  request: Request;
  context: Parameters<typeof pageContext>[1];
}) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const inbox = await app.services.contact.listInbox(ctx, {
    state: url.searchParams.get("state"),
    page: Number.isSafeInteger(page) ? page : 1,
  });
  return {
    state: inbox.state,
    counts: inbox.counts,
    page: inbox.page,
    hasNext: inbox.hasNext,
    items: inbox.items.map((m) => ({
      id: m.id,
      name: `${m.firstName} ${m.lastName}`,
      email: m.email,
      // One line: the inbox shows where the message starts, the message page the whole of it.
      snippet: m.snippet.replace(/\s+/g, " ").trim(),
      locale: m.locale,
      paidPlan: m.paidPlan,
      replies: m.replies,
      createdAt: m.createdAt.toISOString(),
    })),
    seo: {
      origin,
      locale,
      title: t("deskMessages.inbox.metaTitle"),
      description: t("deskMessages.inbox.intro"),
      paths: samePath("/operator/messages"),
      noindex: true,
    },
  };
}
