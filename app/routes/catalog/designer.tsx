import { data, Link, redirect, useLocation } from "react-router";
import { ListBreadcrumb } from "#app/components/catalog/breadcrumb.tsx";
import { Empty, Results } from "#app/components/catalog/results.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { previewUrl } from "#app/lib/previews.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/designer";

/** `?page=N`: a whole number from 2 up; absent is the first page, anything else is not a page. */
function pageOf(raw: string | null): number | "bad" {
  if (raw === null) return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) return "bad";
  return Number(raw);
}

/** A designer's page: name, short bio in the page's language, their site, their published templates (24 a page). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const slug = (params.slug ?? "").toLowerCase();
  const words = {
    newTab: t("catalog.designer.newTab"),
    website: t("catalog.designer.website"),
    kicker: t("catalog.designer.kicker"),
  };
  const designer = await app.services.catalog.getDesigner(ctx, slug);
  if (!designer) {
    const name = (params.slug ?? "").slice(0, 80);
    const title = t("catalog.designer.missingTitle", { name });
    return data(
      {
        kind: "missing" as const,
        messages: messageSet(locale, "list"),
        title,
        text: t("catalog.designer.missingText"),
        browse: t("catalog.designer.browse"),
        seo: {
          origin,
          locale,
          title: pageTitle(title),
          description: t("catalog.designer.missingText"),
          paths: samePath(`/designers/${encodeURIComponent(slug)}`),
          noindex: true,
        },
      },
      { status: 404 },
    );
  }
  if (params.slug !== designer.slug)
    throw redirect(localePath(locale, `/designers/${designer.slug}`) + url.search, 301);
  const page = pageOf(url.searchParams.get("page"));
  const path = `/designers/${designer.slug}`;
  if (page === "bad" || url.searchParams.get("page") === "1") throw redirect(localePath(locale, path), 301);
  const result = await app.services.catalog.listDesignerTemplates(ctx, { designerId: designer.id, page });
  const outOfRange = page > result.pageCount;
  const pageSuffix = page > 1 ? `?page=${page}` : "";
  const paths = samePath(path);
  const heading = t("catalog.designer.metaTitle", { name: designer.name });
  const cover = result.items[0]?.colors[0]?.id;
  return data(
    {
      kind: "found" as const,
      designer,
      messages: messageSet(locale, "list"),
      words: {
        ...words,
        templates: t("catalog.designer.templates", { name: designer.name }),
        count: t("catalog.list.results", { count: result.total }),
        emptyTitle: t("catalog.designer.emptyTitle"),
        emptyText: t("catalog.designer.emptyText"),
      },
      result,
      outOfRange,
      seo: {
        origin,
        locale,
        title:
          page > 1 ? `${heading} · ${t("catalog.list.pageOf", { page, pages: result.pageCount })}` : pageTitle(heading),
        description: (designer.bio || t("catalog.designer.metaDescription", { name: designer.name })).slice(0, 300),
        paths: { en: paths.en + pageSuffix, es: paths.es + pageSuffix },
        image: cover ? previewUrl(cover, 1, 1280) : undefined,
        noindex: outOfRange || result.total === 0,
        jsonLd: [
          {
            "@context": "https://schema.org",
            "@type": "ProfilePage",
            url: `${origin}${paths[locale]}`,
            inLanguage: locale,
            mainEntity: {
              "@type": "Person",
              name: designer.name,
              description: designer.bio || undefined,
              sameAs: designer.link ?? undefined,
            },
          },
          breadcrumbLd(origin, locale, [{ name: designer.name, path: paths[locale] }]),
        ],
      },
    },
    { status: outOfRange ? 404 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default withMessages(DesignerPage);

function DesignerPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const location = useLocation();
  if (loaderData.kind === "missing") {
    return (
      <section className="container-page flex flex-col items-start gap-4 py-20 sm:py-28">
        <p className="text-sm font-semibold tracking-wide text-brand-700">404</p>
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-ink sm:text-4xl">{loaderData.title}</h1>
        <p className="max-w-2xl text-lg text-ink-muted">{loaderData.text}</p>
        <Link to={href("/templates")} className="btn-primary mt-4">
          {loaderData.browse}
        </Link>
      </section>
    );
  }
  const { designer, result, words } = loaderData;
  const hrefFor = (page: number) => (page > 1 ? `${location.pathname}?page=${page}` : location.pathname);
  return (
    <div className="container-page pt-8">
      <ListBreadcrumb current={designer.name} />
      <header className="mb-8 max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700">{words.kicker}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{designer.name}</h1>
        {designer.bio ? <p className="mt-3 leading-7 text-ink-soft">{designer.bio}</p> : null}
        {designer.link ? (
          <p className="mt-3">
            {/* The designer's own site: a new tab that gets no referrer and no opener. */}
            <a
              href={designer.link}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
            >
              {words.website}
              <span aria-hidden="true"> ↗</span>
              <span className="sr-only"> {words.newTab}</span>
            </a>
          </p>
        ) : null}
      </header>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <p className="text-xl font-semibold text-ink">{words.templates}</p>
        <p className="text-sm text-ink-muted">{words.count}</p>
      </div>
      {loaderData.outOfRange ? (
        <Empty
          title={t("catalog.list.emptyPageTitle")}
          text={t("catalog.list.emptyPageText")}
          to={hrefFor(1)}
          cta={t("catalog.list.firstPage")}
        />
      ) : result.items.length === 0 ? (
        <Empty title={words.emptyTitle} text={words.emptyText} />
      ) : (
        <Results result={result} hrefFor={hrefFor} />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
