import { Link, redirect } from "react-router";
import { PostGrid, PublishedDate } from "#app/components/blog/post-card.tsx";
import { UntranslatedNotice } from "#app/components/blog/untranslated.tsx";
import { TemplateGrid } from "#app/components/catalog/template-card.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { ViewportImage } from "#app/components/ui/viewport-image.tsx";
import { blogFeed, untranslatedPage } from "#app/lib/blog.ts";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, seo } from "#app/lib/seo.ts";
import { BRAND, LOCALE_TAGS } from "#config/constants.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { Route } from "./+types/article";

/** The cover spans the page up to the article column's 64rem. */
const COVER_SIZES = "(min-width: 1024px) 64rem, 100vw";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const found = await app.services.blog.getArticle(ctx, {
    categorySlug: params.tag.toLowerCase(),
    slug: params.slug.toLowerCase(),
  });
  if (found.kind === "missing") notFound("article", params.slug);
  if (found.kind === "moved") throw redirect(found.path, 301);
  const feed = blogFeed(locale, t);
  if (found.kind === "untranslated")
    return untranslatedPage(found, {
      origin,
      locale,
      pathname: url.pathname,
      title: t("blog.untranslated.articleTitle"),
      t,
    });

  const article = found.value;
  const categoryPath = localePath(locale, `/blog/${article.category.slug}`);
  const image = `${origin}${article.cover.large}`;
  // The other language's address, or (not translated) the same slugs, which then say where to read it.
  const paths = { en: "", es: "", ...article.paths };
  for (const l of ["en", "es"] as const)
    if (!paths[l]) paths[l] = localePath(l, `/blog/${article.category.slug}/${article.slug}`);
  return {
    kind: "found" as const,
    article,
    categoryPath,
    paths,
    seo: {
      origin,
      locale,
      title: t("blog.article.metaTitle", { title: article.title }),
      description: article.excerpt,
      paths: article.paths,
      type: "article" as const,
      image,
      feed,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: article.title,
          description: article.excerpt,
          image: [image],
          datePublished: new Date(article.publishedAt).toISOString(),
          dateModified: new Date(article.updatedAt).toISOString(),
          inLanguage: LOCALE_TAGS[locale],
          timeRequired: `PT${article.readingMinutes}M`,
          author: { "@type": "Person", name: article.author },
          publisher: {
            "@type": "Organization",
            name: BRAND.name,
            logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
          },
          mainEntityOfPage: { "@type": "WebPage", "@id": `${origin}${article.path}` },
          articleSection: article.category.title,
          keywords: article.tags.map((tag) => tag.title).join(", ") || undefined,
        },
        breadcrumbLd(origin, locale, [
          { name: t("blog.name"), path: localePath(locale, "/blog") },
          { name: article.category.title, path: categoryPath },
          { name: article.title, path: article.path },
        ]),
      ],
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  if (loaderData.kind === "untranslated") return <UntranslatedNotice what="article" page={loaderData.page} />;
  const { article, categoryPath } = loaderData;
  return (
    <article className="pb-6">
      <header className="container-page max-w-3xl pt-10 sm:pt-14">
        <nav aria-label={t("blog.article.breadcrumb")} className="text-sm">
          <ol className="flex flex-wrap items-center gap-1.5 text-ink-muted">
            <li>
              <Link to={href("/blog")} className="hover:text-brand-700">
                {t("blog.name")}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to={categoryPath} className="font-medium text-brand-700 hover:underline">
                {article.category.title}
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-ink sm:text-5xl">{article.title}</h1>
        <p className="mt-4 text-lg leading-8 text-ink-soft">{article.excerpt}</p>
        <p className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span className="font-medium text-ink">{t("blog.article.by", { author: article.author })}</span>
          <span aria-hidden="true">·</span>
          <span>
            <span className="sr-only">{t("blog.article.published")} </span>
            <PublishedDate date={article.publishedAt} text={article.publishedOn} />
          </span>
          <span aria-hidden="true">·</span>
          <span>{t("blog.article.readingTime", { minutes: article.readingMinutes })}</span>
          {article.revisedAt && article.revisedOn ? (
            <>
              <span aria-hidden="true">·</span>
              <span>
                {t("blog.article.updated")} <PublishedDate date={article.revisedAt} text={article.revisedOn} />
              </span>
            </>
          ) : null}
        </p>
      </header>
      <div className="container-page mt-8 max-w-5xl">
        <ViewportImage wide={{ srcSet: article.cover.srcSet, sizes: COVER_SIZES }}>
          <img
            src={article.cover.src}
            srcSet={article.cover.narrowSrcSet}
            sizes={COVER_SIZES}
            width={article.cover.width}
            height={article.cover.height}
            alt=""
            fetchPriority="high"
            className="aspect-video w-full rounded-card object-cover shadow-card ring-1 ring-line/60"
          />
        </ViewportImage>
      </div>
      <div
        className="prose-blog container-page mt-10 max-w-3xl"
        // Rendered from Markdown and sanitised on the server when the article was imported (modules/blog/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML of our own articles
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      {article.tags.length ? (
        <div className="container-page mt-10 max-w-3xl">
          <h2 className="text-sm font-semibold text-ink">{t("blog.article.tags")}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag.slug}>
                <Link to={href(`/blog/${tag.slug}`)} className="chip">
                  {tag.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {article.templates.length ? (
        <section className="container-page mt-16" aria-labelledby="article-templates">
          <h2 id="article-templates" className="text-2xl font-bold tracking-tight text-ink">
            {t("blog.article.templates")}
          </h2>
          <p className="mt-2 text-ink-muted">{t("blog.article.templatesText")}</p>
          <div className="mt-6">
            <TemplateGrid cards={article.templates} headingLevel={3} />
          </div>
        </section>
      ) : null}
      {article.related.length ? (
        <section className="container-page mt-16" aria-labelledby="article-related">
          <h2 id="article-related" className="text-2xl font-bold tracking-tight text-ink">
            {t("blog.article.related")}
          </h2>
          <div className="mt-6">
            <PostGrid posts={article.related} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
