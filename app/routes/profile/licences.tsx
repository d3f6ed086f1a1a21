import { Link } from "react-router";
import {
  LicenceCode,
  LicenceLinks,
  LicenceNotice,
  LicenceProjectForm,
} from "#app/components/account/licence-parts.tsx";
import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import { type LicenceProjectAnswer, orNoAnswer } from "#app/routes/actions/answers.ts";
import { LOCALE_TAGS } from "#config/browser.ts";
import type { Route } from "./+types/licences";
import { licenceProjectAction, licencesLoader } from "./licences.server.ts";

/** The member's licences (issue 22): the server half (loader and action) is licences.server.ts. */
export const loader = (args: Route.LoaderArgs) => licencesLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** A licence's project label, from any of its forms (the download panel, the history, this page). */
export const action = (args: Route.ActionArgs) => licenceProjectAction(args);

/** A fetcher's save: the server's answer, or a `NoAnswer` the form shows when the connection failed. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  orNoAnswer<LicenceProjectAnswer>(serverAction);

export default function LicencesPage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { licences, notice } = loaderData;
  const day = (d: Date | string) =>
    new Date(d).toLocaleDateString(LOCALE_TAGS[locale], {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  const hrefFor = (page: number) => `${href("/profile/licences")}${page > 1 ? `?page=${page}` : ""}`;
  const cell = "lg:px-4 lg:py-3 lg:align-top";
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.licences.title")}</h1>
        <p className="mt-1 max-w-2xl text-ink-muted">{t("account.licences.intro")}</p>
      </div>
      {notice ? <LicenceNotice notice={notice} /> : null}
      {licences.items.length ? (
        <>
          <div className="overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("account.licences.count", { count: licences.total })}</caption>
              <thead className="hidden bg-canvas text-xs font-semibold tracking-wide text-ink-muted uppercase lg:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t("account.licences.template")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.licences.licence")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.licences.date")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.licences.project")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.licences.documents")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {licences.items.map((l) => (
                  <tr
                    key={l.code}
                    id={`licence-${l.code}`}
                    data-testid="licence-row"
                    className="grid grid-cols-1 gap-y-2 p-4 lg:table-row lg:p-0"
                  >
                    <td className={cell}>
                      {l.templateId !== null ? (
                        <Link
                          to={href(`/template/${l.templateSlug}`)}
                          className="font-semibold text-ink hover:text-brand-700"
                        >
                          {l.templateTitle}
                        </Link>
                      ) : (
                        <span className="font-semibold text-ink">
                          {l.templateTitle}{" "}
                          <span className="font-normal text-ink-muted">{t("account.licences.templateGone")}</span>
                        </span>
                      )}
                      <p className="mt-0.5 text-xs text-ink-muted">
                        {[l.colorName, t(`template.download.${l.format}`)].filter(Boolean).join(" · ")}
                      </p>
                    </td>
                    <td className={`${cell} lg:w-56`}>
                      <LicenceCode code={l.code} className="block text-xs text-ink" />
                      <span
                        className={`mt-1 block text-xs font-semibold ${l.kind === "free" ? "text-emerald-800" : "text-premium-700"}`}
                      >
                        {t(`licences.kinds.${l.kind}`)}
                      </span>
                    </td>
                    <td className={`${cell} text-ink-muted lg:whitespace-nowrap`}>
                      <span className="lg:hidden">{t("account.licences.grantedOn")} </span>
                      <time dateTime={new Date(l.grantedAt).toISOString()}>{day(l.grantedAt)}</time>
                    </td>
                    <td className={`${cell} lg:w-64`}>
                      <LicenceProjectForm
                        code={l.code}
                        project={l.project}
                        label={t("account.licences.project")}
                        labelClass="lg:sr-only"
                      />
                    </td>
                    <td className={`${cell} text-sm lg:whitespace-nowrap`}>
                      <LicenceLinks code={l.code} className="lg:flex-col lg:items-start lg:gap-y-1.5" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={licences.page} pageCount={licences.pageCount} hrefFor={hrefFor} />
        </>
      ) : (
        <Empty
          title={t("account.licences.empty")}
          text={t("account.licences.emptyText")}
          to={href("/templates")}
          cta={t("account.licences.browse")}
        />
      )}
    </div>
  );
}
