import { data } from "react-router";
import { PostList } from "#app/components/blog/post-list.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { blogFeed, blogPageParam, pageHref } from "#app/lib/blog.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, samePath, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const page = blogPageParam(url);
  const result = await app.services.blog.listPosts(ctx, { page });
  const paths = samePath("/blog");
  const suffix = page > 1 ? `?page=${page}` : "";
  const outOfRange = page > 1 && !result.items.length;
  return data(
    {
      result,
      paths,
      seo: {
        origin,
        locale,
        title: page > 1 ? t("blog.list.pageTitle", { page }) : t("blog.list.metaTitle"),
        description: t("blog.list.metaDescription"),
        paths: { en: paths.en + suffix, es: paths.es + suffix },
        image: result.items[0]?.cover.src,
        noindex: outOfRange,
        feed: blogFeed(locale, t),
        jsonLd: [breadcrumbLd(origin, locale, [{ name: t("blog.name"), path: paths[locale] }])],
      },
    },
    { status: outOfRange ? 404 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { result, paths } = loaderData;
  const { locale } = useI18n();
  return (
    <div className="container-page py-10 sm:py-14">
      <header className="mb-10 max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("blog.list.kicker")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("blog.list.title")}</h1>
        <p className="mt-3 text-lg text-ink-muted">{t("blog.list.text")}</p>
      </header>
      <PostList result={result} hrefFor={(p) => pageHref(paths[locale], p)} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
