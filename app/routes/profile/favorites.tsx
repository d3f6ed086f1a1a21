import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { TemplateCard } from "#app/components/catalog/template-card.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { SortTabs } from "#app/components/ui/sort-tabs.tsx";
import { listHref, pageParam, sortParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { FAVORITE_SORTS, type FavoriteSort } from "#modules/favorites/service.ts";
import type { Route } from "./+types/favorites";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  if (!app.viewer) throw new Response(null, { status: 401 });
  const sort = sortParam(url.searchParams, FAVORITE_SORTS);
  const page = pageParam(url.searchParams);
  const result = await app.services.favorites.listFavorites(ctx, { accountId: app.viewer.id, sort, page });
  return {
    sort,
    result,
    seo: {
      origin,
      locale,
      title: `${t("account.favorites.metaTitle")} | SlideNest`,
      description: t("account.favorites.metaTitle"),
      paths: samePath("/profile/favorites"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { result, sort } = loaderData;
  const hrefFor = (page: number, s: FavoriteSort = sort) =>
    listHref(href("/profile/favorites"), FAVORITE_SORTS, s, page);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.favorites.title")}</h1>
          <p className="mt-1 text-ink-muted">{t("account.favorites.count", { count: result.total })}</p>
        </div>
        {result.total > 1 ? (
          <SortTabs
            label={t("account.favorites.sort")}
            sorts={FAVORITE_SORTS}
            current={sort}
            hrefFor={(s) => hrefFor(1, s)}
            nameOf={(s) => t(`account.favorites.${s}`)}
          />
        ) : null}
      </div>
      {result.items.length ? (
        <>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {result.items.map((card, i) => (
              <li key={card.id} className="flex">
                <TemplateCard card={card} priority={i < 3} headingLevel={2} favorite />
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(p) => hrefFor(p)} />
        </>
      ) : (
        <Empty
          title={t("account.favorites.empty")}
          text={t("account.favorites.emptyText")}
          to={href("/templates")}
          cta={t("account.favorites.browse")}
        />
      )}
    </div>
  );
}
