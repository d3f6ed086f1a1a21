import { data, redirect, useLocation } from "react-router";
import { ListBreadcrumb } from "#app/components/catalog/breadcrumb.tsx";
import { FilterBar } from "#app/components/catalog/filter-bar.tsx";
import { Empty, Results } from "#app/components/catalog/results.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { previewUrl } from "#app/lib/previews.ts";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { activeFilterCount, parseListQuery, SORTS, toSearchParams } from "#modules/catalog/filters.ts";
import type { ListScope } from "#modules/catalog/service.ts";
import { localePath, stripLocale } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/list";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const path = stripLocale(url.pathname);
  const slug = (params.tag ?? path.slice(1)).toLowerCase();
  let scope: ListScope = { kind: "all" };
  let heading = t("catalog.list.allTitle");
  let description = t("catalog.list.allDescription");
  let name = t("common.nav.templates");
  if (slug !== "templates") {
    const tag = await app.services.catalog.getTagBySlug(ctx, slug);
    if (!tag) notFound("tag", params.tag ?? slug);
    if (params.tag && params.tag !== tag.slug) throw redirect(localePath(locale, `/${tag.slug}`) + url.search, 301);
    scope =
      tag.slug === "trending"
        ? { kind: "trending" }
        : tag.slug === "latest"
          ? { kind: "latest" }
          : { kind: "tag", tagId: tag.id, tagType: tag.type };
    heading = tag.content.title;
    description = tag.content.description;
    name = tag.content.name;
  }
  const options = await app.services.catalog.getFilterOptions(ctx);
  const query = parseListQuery(url.searchParams, {
    styles: options.styles.map((s) => s.slug),
    colors: options.colors.map((c) => c.slug),
  });
  const canonicalSearch = toSearchParams(query).toString();
  if (query.badPage || url.searchParams.get("page") === "1") {
    throw redirect(`${url.pathname}${canonicalSearch ? `?${canonicalSearch}` : ""}`, 301);
  }
  const showSort = scope.kind === "all" || scope.kind === "tag";
  const result = await app.services.catalog.listTemplates(ctx, {
    scope,
    filters: query.filters,
    sort: showSort ? query.sort : null,
    page: query.page,
  });
  const pageSuffix = query.page > 1 ? `?page=${query.page}` : "";
  const listPath = `/${slug}`;
  const outOfRange = query.page > result.pageCount;
  const cover = result.items[0]?.colors[0]?.id;
  const paths = samePath(listPath);
  const body = {
    slug,
    heading,
    name,
    description,
    messages: messageSet(locale, "list"),
    query,
    showSort,
    options,
    result,
    outOfRange,
    paths,
    seo: {
      origin,
      locale,
      title:
        query.page > 1
          ? `${heading} · ${t("catalog.list.pageOf", { page: query.page, pages: result.pageCount })}`
          : pageTitle(heading),
      description,
      paths: { en: paths.en + pageSuffix, es: paths.es + pageSuffix },
      image: cover ? previewUrl(cover, 1, 1280) : undefined,
      noindex: activeFilterCount(query.filters) > 0 || outOfRange,
      jsonLd: [breadcrumbLd(origin, locale, [{ name, path: localePath(locale, listPath) }])],
    },
  };
  return data(body, { status: outOfRange ? 404 : 200 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default withMessages(ListPage);

function ListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const location = useLocation();
  const { result, query } = loaderData;
  const hrefFor = (page: number) => {
    const qs = toSearchParams({ ...query, page }).toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <div className="container-page pt-8">
      <ListBreadcrumb current={loaderData.name} />
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{loaderData.heading}</h1>
      <p className="mt-2 mb-6 max-w-3xl text-ink-muted">{loaderData.description}</p>
      <FilterBar
        options={loaderData.options}
        filters={query.filters}
        sort={query.sort}
        sorts={loaderData.showSort ? SORTS : []}
        total={result.total}
        totalCapped={result.totalCapped}
      />
      {loaderData.outOfRange ? (
        <Empty
          title={t("catalog.list.emptyPageTitle")}
          text={t("catalog.list.emptyPageText")}
          to={hrefFor(1)}
          cta={t("catalog.list.firstPage")}
        />
      ) : result.items.length === 0 ? (
        <Empty
          title={t("catalog.list.emptyTitle")}
          text={t("catalog.list.emptyText")}
          to={location.pathname}
          cta={t("catalog.list.clearFilters")}
        />
      ) : (
        <Results result={result} hrefFor={hrefFor} />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
