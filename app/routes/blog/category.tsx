import { data, redirect } from "react-router";
import { PostList } from "#app/components/blog/post-list.tsx";
import { UntranslatedNotice } from "#app/components/blog/untranslated.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { blogFeed, blogPageParam, pageHref, untranslatedPage } from "#app/lib/blog.ts";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, seo } from "#app/lib/seo.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { Route } from "./+types/category";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const found = await app.services.blog.getBlogTag(ctx, params.tag.toLowerCase());
  if (found.kind === "missing") notFound("blogCategory", params.tag);
  if (found.kind === "moved") throw redirect(found.path + url.search, 301);
  const feed = blogFeed(locale, t);
  if (found.kind === "untranslated")
    return untranslatedPage(found, {
      origin,
      locale,
      pathname: url.pathname,
      title: t("blog.untranslated.categoryTitle"),
      t,
    });

  const tag = found.value;
  const page = blogPageParam(url);
  const [result, paths] = await Promise.all([
    app.services.blog.listPosts(ctx, { page, tagId: tag.id }),
    app.services.blog.blogTagPaths(ctx, tag.id),
  ]);
  const outOfRange = page > 1 && !result.items.length;
  const suffix = page > 1 ? `?page=${page}` : "";
  return data(
    {
      kind: "found" as const,
      tag,
      result,
      paths,
      seo: {
        origin,
        locale,
        title: t("blog.category.metaTitle", { name: tag.title }),
        description: tag.description || t("blog.list.metaDescription"),
        paths: Object.fromEntries(Object.entries(paths).map(([l, p]) => [l, p + suffix])),
        image: result.items[0]?.cover.src,
        noindex: outOfRange,
        feed,
        jsonLd: [
          breadcrumbLd(origin, locale, [
            { name: t("blog.name"), path: localePath(locale, "/blog") },
            { name: tag.title, path: url.pathname },
          ]),
        ],
      },
    },
    { status: outOfRange ? 404 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.kind === "untranslated") return <UntranslatedNotice what="category" page={loaderData.page} />;
  const { tag, result } = loaderData;
  const base = loaderData.seo.paths[loaderData.seo.locale] ?? "";
  return (
    <div className="container-page py-10 sm:py-14">
      <header className="mb-10 max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t(tag.isCategory ? "blog.category.kicker" : "blog.category.tagKicker")}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{tag.title}</h1>
        {tag.description ? <p className="mt-3 text-lg text-ink-muted">{tag.description}</p> : null}
        <p className="mt-3 text-sm text-ink-muted">{t("blog.list.count", { count: result.total })}</p>
      </header>
      <PostList result={result} hrefFor={(p) => pageHref(base.replace(/\?.*$/, ""), p)} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
