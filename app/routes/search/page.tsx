import { Link, redirect, useLocation } from "react-router";
import { FilterBar } from "#app/components/catalog/filter-bar.tsx";
import { Empty, Results } from "#app/components/catalog/results.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { errorMeta, pageTitle, seo } from "#app/lib/seo.ts";
import { SEARCH_MAX_LENGTH } from "#config/constants.ts";
import {
  activeFilterCount,
  parseListQuery,
  SEARCH_SORTS,
  type Sort,
  toSearchParams,
} from "#modules/catalog/filters.ts";
import { parseSearchSort } from "#modules/search/service.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/page";

/** Route policy (server/route-policy.ts): results for any query: rendered each time, not kept in the page cache. */
export const handle: PolicyHandle = { policy: { cache: "none" } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  if (!q) throw redirect(localePath(locale, "/"));
  const options = await app.services.catalog.getFilterOptions(ctx);
  const query = parseListQuery(url.searchParams, {
    styles: options.styles.map((s) => s.slug),
    colors: options.colors.map((c) => c.slug),
  });
  const sort = parseSearchSort(url.searchParams.get("sort"));
  const result = await app.services.search.searchTemplates(ctx, { q, filters: query.filters, sort, page: query.page });
  if (query.page === 1 && !url.searchParams.has("page")) {
    await app.services.search
      .logSearch(ctx, { query: q, resultCount: result.total, client: app.clientTag })
      .catch((error) => ctx.log.warn("search not logged", { error }));
  }
  const empty = result.total === 0;
  const [menu, categories] = empty
    ? await Promise.all([
        app.services.search.topSearches(ctx, { limit: 8 }),
        app.services.catalog.listTags(ctx, { types: ["category"], orderBy: "id" }),
      ])
    : [[], { list: [] }];
  const paths = { en: `/search?q=${encodeURIComponent(q)}`, es: `/es/search?q=${encodeURIComponent(q)}` };
  return {
    messages: messageSet(locale, "search"),
    q,
    query: { ...query, sort: sort === "relevance" ? null : (sort as Sort) },
    sort,
    options,
    result,
    topSearches: menu,
    categories: categories.list.map((c) => ({ slug: c.slug, name: c.content.name })),
    paths,
    seo: {
      origin,
      locale,
      title: pageTitle(t("search.metaTitle", { q })),
      description: t("search.metaDescription", { q }),
      paths,
      // A search with results is a landing page like a category (canonical: the words alone); a refined,
      // paged or empty one is not.
      noindex: empty || activeFilterCount(query.filters) > 0 || query.page > 1 || sort !== "relevance",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default withMessages(Search);

function Search({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const location = useLocation();
  const { result, q, query, sort } = loaderData;
  const keep = { q };
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({ q });
    for (const [k, v] of toSearchParams({
      filters: query.filters,
      sort: sort === "relevance" ? null : (sort as Sort),
      page,
    }))
      params.append(k, v);
    return `${location.pathname}?${params}`;
  };
  const searchHref = (text: string) => `${href("/search")}?${new URLSearchParams({ q: text })}`;
  return (
    <div className="container-page pt-8">
      <h1 className="text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{t("search.title", { q })}</h1>
      {result.suggestion ? (
        <p className="mt-3 text-ink-soft" data-testid="did-you-mean">
          {result.usedSuggestion ? t("search.showingFor", { q }) : t("search.didYouMean")}{" "}
          <Link
            to={searchHref(result.suggestion)}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {result.suggestion}
          </Link>
          {result.usedSuggestion ? "" : "?"}
        </p>
      ) : null}
      {result.partial ? <p className="mt-2 text-sm text-ink-muted">{t("search.partial")}</p> : null}
      <div className="mt-6">
        <FilterBar
          options={loaderData.options}
          filters={query.filters}
          sort={sort}
          sorts={SEARCH_SORTS}
          total={result.total}
          totalCapped={result.totalCapped}
          keep={keep}
        />
      </div>
      {result.items.length === 0 ? (
        <Empty title={t("search.emptyTitle", { q })} text={t("search.emptyText")}>
          {loaderData.topSearches.length ? (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-ink">{t("search.tryThese")}</h3>
              <ul className="mt-2 flex flex-wrap justify-center gap-2">
                {loaderData.topSearches.map((s) => (
                  <li key={s.id}>
                    <Link to={searchHref(s.searchRequest)} className="chip">
                      {s.searchRequest}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="mt-6">
            <h3 className="text-sm font-semibold text-ink">{t("search.browse")}</h3>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {loaderData.categories.map((c) => (
                <li key={c.slug}>
                  <Link to={href(`/${c.slug}`)} className="chip">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </Empty>
      ) : (
        <Results result={result} hrefFor={hrefFor} />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
