import { Link, redirect } from "react-router";
import { PostList } from "#app/components/blog/post-list.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { blogFeed, blogPageParam, pageHref } from "#app/lib/blog.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { errorMeta, seo } from "#app/lib/seo.ts";
import { BLOG } from "#config/constants.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  // SPEC §2: the blog search without its query goes to the blog.
  const raw = (url.searchParams.get("query") ?? "").trim();
  if (!raw) throw redirect(localePath(locale, "/blog"));
  const text = Array.from(raw).slice(0, BLOG.searchMax).join("");
  const page = blogPageParam(url);
  const result = await app.services.blog.searchPosts(ctx, { query: text, page });
  const q = new URLSearchParams({ query: text }).toString();
  return {
    text,
    result,
    seo: {
      origin,
      locale,
      title: t("blog.search.metaTitle", { query: text }),
      description: t("blog.search.metaDescription", { query: text }),
      paths: {
        en: `${localePath("en", "/blog/search")}?${q}`,
        es: `${localePath("es", "/blog/search")}?${q}`,
      },
      noindex: true,
      feed: blogFeed(locale, t),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default function BlogSearch({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { text, result } = loaderData;
  return (
    <div className="container-page py-10 sm:py-14">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t("blog.search.title", { query: text })}
        </h1>
        {result.total ? (
          <p className="mt-3 text-sm text-ink-muted" role="status">
            {t("blog.search.results", { count: result.total })}
          </p>
        ) : null}
        {result.suggestion ? (
          <p className="mt-3 text-ink-soft" data-testid="did-you-mean">
            {result.usedSuggestion ? t("blog.search.showingFor", { query: text }) : t("blog.search.didYouMean")}{" "}
            <Link
              to={`${href("/blog/search")}?${new URLSearchParams({ query: result.suggestion })}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {result.suggestion}
            </Link>
            {result.usedSuggestion ? "" : "?"}
          </p>
        ) : null}
        {result.partial ? <p className="mt-2 text-ink-muted">{t("blog.search.partial")}</p> : null}
      </header>
      <PostList
        result={result}
        hrefFor={(p) => pageHref(href("/blog/search"), p, { query: text })}
        empty={{ title: t("blog.search.noResults"), text: t("blog.search.noResultsText") }}
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
