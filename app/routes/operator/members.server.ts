import { pageContext } from "#app/lib/route.server.ts";
import { samePath } from "#app/lib/seo.ts";

/**
 * The desk's member search, server half: a GET form (works without scripts), `q` and `page` in the
 * address. The service (modules/accounts/desk.ts findMembers) reads and bounds both.
 */
export async function membersLoader({
  request,
  context,
}: {
  request: Request;
  context: Parameters<typeof pageContext>[1];
}) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const found = await app.services.deskMembers.findMembers(ctx, {
    query: url.searchParams.get("q") ?? "",
    page: Number.isSafeInteger(page) ? page : 1,
  });
  return {
    query: found.query,
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    members: found.members.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      lastSeenAt: m.lastSeenAt?.toISOString() ?? null,
    })),
    seo: {
      origin,
      locale,
      title: t("deskMembers.search.metaTitle"),
      description: t("deskMembers.search.intro"),
      paths: samePath("/operator/members"),
      noindex: true,
    },
  };
}
