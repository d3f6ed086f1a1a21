import { Link } from "react-router";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { getInfoPage } from "#modules/legal/content.ts";
import { INFO_PAGE_KEYS, type InfoPageKey } from "#modules/legal/types.ts";
import { stripLocale } from "#modules/shared/i18n.ts";
import type { Route } from "./+types/page";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, origin } = pageContext(request, context);
  const key = stripLocale(url.pathname).slice(1) as InfoPageKey;
  if (!INFO_PAGE_KEYS.includes(key)) notFound("page");
  const page = getInfoPage(key, locale);
  const paths = samePath(`/${key}`);
  return {
    page,
    paths,
    seo: {
      origin,
      locale,
      title: pageTitle(page.title),
      description: page.metaDescription,
      paths,
      type: "article" as const,
      jsonLd: [breadcrumbLd(origin, locale, [{ name: page.title, path: paths[locale] }])],
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useI18n();
  return (
    <article className="container-page max-w-4xl py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
      {page.updated ? <p className="mt-2 text-sm text-ink-muted">{page.updated}</p> : null}
      {page.intro ? <p className="mt-6 text-lg leading-8 text-ink-soft">{page.intro}</p> : null}
      {page.sections.length > 3 ? (
        <nav aria-label={t("common.info.contents")} className="mt-8 rounded-card bg-surface p-5 ring-1 ring-line/60">
          <h2 className="text-sm font-semibold text-ink">{t("common.info.contents")}</h2>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {page.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-link">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="prose-info mt-4">
        {page.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
            <h2 id={`${s.id}-h`}>{s.heading}</h2>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {s.list?.length ? (
              <ul>
                {s.list.map((li, i) => (
                  <li key={i}>{li}</li>
                ))}
              </ul>
            ) : null}
            {s.closing?.map((p, i) => (
              <p key={`c${i}`}>{p}</p>
            ))}
            {s.faq?.length ? (
              <div className="flex flex-col gap-3">
                {s.faq.map((q) => (
                  <details key={q.id} id={q.id} className="group rounded-xl bg-surface p-4 ring-1 ring-line/60">
                    <summary className="disclosure flex items-center gap-4 rounded-md font-semibold text-ink">
                      {q.question}
                    </summary>
                    <div className="mt-3">
                      {q.answer.map((a, i) => (
                        <p key={i}>{a}</p>
                      ))}
                      {q.links?.length ? (
                        <p className="flex flex-wrap gap-x-4 gap-y-1">
                          {q.links.map((l) => (
                            <Link key={l.href} to={l.href} className="font-semibold text-brand-700 hover:underline">
                              {l.label}
                            </Link>
                          ))}
                        </p>
                      ) : null}
                    </div>
                  </details>
                ))}
              </div>
            ) : null}
            {s.links?.length ? (
              <ul className="!list-none !pl-0">
                {s.links.map((l) => (
                  <li key={l.href}>
                    {l.href.includes("pdf-license") ? (
                      <a href={l.href} className="font-medium text-brand-700 hover:underline">
                        {l.label}
                      </a>
                    ) : (
                      <Link to={l.href} className="font-medium text-brand-700 hover:underline">
                        {l.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
