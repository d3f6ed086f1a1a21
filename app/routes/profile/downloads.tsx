import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import {
  LicenceCode,
  LicenceLinks,
  LicenceNotice,
  LicenceProjectForm,
} from "#app/components/account/licence-parts.tsx";
import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { DOWNLOAD_NOTICES } from "#app/components/template/download-panel.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { SortTabs } from "#app/components/ui/sort-tabs.tsx";
import { licenceNoticeParam } from "#app/lib/licence-project.ts";
import { listHref, pageParam, sortParam, waitParam } from "#app/lib/list-params.ts";
import { previewUrl, ratioSize } from "#app/lib/previews.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { type DownloadAnswer, isNoAnswer } from "#app/routes/actions/answers.ts";
import { LOCALE_TAGS } from "#config/browser.ts";
import { DOWNLOAD_FORMATS } from "#config/constants.ts";
import type { DownloadRecord } from "#modules/downloads/history.ts";
import { HISTORY_SORTS, type HistorySort } from "#modules/downloads/sorts.ts";
import type { Route } from "./+types/downloads";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const { account, facts } = memberOf(context);
  const sort = sortParam(url.searchParams, HISTORY_SORTS);
  const page = pageParam(url.searchParams);
  const history = await app.services.downloadHistory.listDownloadHistory(ctx, { accountId: account.id, sort, page });
  const allowance = await app.services.downloads.getAllowance(
    ctx,
    app.services.downloads.accountViewer(account),
    facts,
  );
  const reason = url.searchParams.get("download");
  return {
    sort,
    history,
    notice: DOWNLOAD_NOTICES.find((n) => n === reason) ?? null,
    licenceNotice: licenceNoticeParam(url.searchParams),
    wait: waitParam(url.searchParams),
    allowance: { used: allowance.used, limit: allowance.limit, resetsAt: allowance.resetsAt.toISOString() },
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.downloads.metaTitle")),
      description: t("account.downloads.metaTitle"),
      paths: samePath("/profile/downloads"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/**
 * PP, GS and KN: through a fetcher, the file opens (the page's usage follows when its data is revalidated)
 * or the refusal shows under the buttons; without scripts, a plain form sent on to the file or back here
 * with the reason.
 */
function AgainButtons({ colorId, title }: { colorId: number; title: string }) {
  const { t, href } = useI18n();
  const fetcher = useFetcher<DownloadAnswer>();
  const answer = fetcher.data;
  // Each grant once (revalidating the page keeps the answer): the browser goes to the file.
  const opened = useRef<DownloadAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer?.ok || opened.current === answer) return;
    opened.current = answer;
    if (answer.kind === "link") window.open(answer.url, "_blank", "noopener");
    else window.location.assign(answer.url);
  }, [answer]);
  const refusal = answer && !answer.ok ? (isNoAnswer(answer) ? t("common.errors.serverText") : answer.message) : null;
  return (
    <fetcher.Form method="post" action={href("/downloads")} className="flex flex-wrap gap-1.5">
      <input type="hidden" name="colorId" value={colorId} />
      {DOWNLOAD_FORMATS.map((f) => (
        <button
          key={f}
          type="submit"
          name="format"
          value={f}
          disabled={fetcher.state === "submitting"}
          className="rounded-md px-2 py-1 text-xs font-semibold text-ink-soft ring-1 ring-line hover:bg-brand-50 hover:text-brand-700"
          title={t(`template.download.${f}`)}
        >
          {f}
          <span className="sr-only">{` (${t(`template.download.${f}`)}): ${title}`}</span>
        </button>
      ))}
      {refusal ? (
        <p role="alert" className="basis-full text-xs text-red-700">
          {refusal}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * A download's licence: its kind, and the grant's licence when it has one (a re-download of the month
 * shows the same): the certificate, the public check and the member's project label, editable in place.
 */
function HistoryLicence({
  license,
  licence,
}: {
  license: DownloadRecord["license"];
  licence: DownloadRecord["licence"];
}) {
  const { t } = useI18n();
  return (
    <div className="flex min-w-0 flex-col items-start gap-1.5 text-sm">
      <span className={license === "free" ? "badge-free" : "badge-premium"}>
        {t(`account.downloads.licenses.${license}`)}
      </span>
      {licence ? (
        <>
          <LicenceCode code={licence.code} className="text-xs text-ink-muted" />
          <LicenceLinks code={licence.code} className="text-xs" />
          <details className="w-full max-w-xs">
            <summary className="cursor-pointer text-xs text-ink-soft hover:text-brand-700">
              {licence.project ? (
                <>
                  <span className="font-semibold">{t("account.licences.project")}:</span> {licence.project}
                </>
              ) : (
                t("account.licences.addProject")
              )}
            </summary>
            <div className="mt-1.5">
              <LicenceProjectForm code={licence.code} project={licence.project} label={t("account.licences.project")} />
            </div>
          </details>
        </>
      ) : (
        <span className="text-xs text-ink-muted">{t("account.licences.none")}</span>
      )}
    </div>
  );
}

export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { history, sort, allowance, notice } = loaderData;
  const tag = LOCALE_TAGS[locale];
  const day = (d: Date | string) =>
    new Date(d).toLocaleDateString(tag, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const hrefFor = (page: number, s: HistorySort = sort) => listHref(href("/profile/downloads"), HISTORY_SORTS, s, page);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.downloads.title")}</h1>
          <p className="mt-1 text-ink-muted" data-testid="downloads-usage">
            {`${t("account.downloads.usage")}: ${
              allowance.limit === null
                ? t("account.profile.usedUnlimited", { used: allowance.used })
                : t("account.profile.used", { used: allowance.used, limit: allowance.limit })
            } · ${t("account.profile.resets", { date: day(allowance.resetsAt) })}`}
          </p>
        </div>
        {history.total > 1 ? (
          <SortTabs
            label={t("account.downloads.sort")}
            sorts={HISTORY_SORTS}
            current={sort}
            hrefFor={(s) => hrefFor(1, s)}
            nameOf={(s) => t(`account.downloads.${s}`)}
          />
        ) : null}
      </div>
      {notice ? (
        <FormNotice tone="error">{t(`downloads.errors.${notice}`, { seconds: loaderData.wait })}</FormNotice>
      ) : null}
      {loaderData.licenceNotice ? <LicenceNotice notice={loaderData.licenceNotice} /> : null}
      {history.items.length ? (
        <>
          <div className="overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("account.downloads.count", { count: history.total })}</caption>
              <thead className="hidden bg-canvas text-xs font-semibold tracking-wide text-ink-muted uppercase md:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.template")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.colour")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.category")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.date")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.license")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t("account.downloads.actions")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {history.items.map((r) => (
                  <tr key={r.id} className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 p-4 md:table-row md:p-0">
                    <td className="row-span-5 md:px-4 md:py-3">
                      <div className="flex items-center gap-3">
                        {r.templateColorId ? (
                          <img
                            src={previewUrl(r.templateColorId, 1, 320)}
                            alt=""
                            width={80}
                            height={ratioSize(r.aspectRatio, 80).height}
                            loading="lazy"
                            className="w-20 shrink-0 rounded-md ring-1 ring-line"
                          />
                        ) : null}
                        <Link
                          to={href(`/template/${r.slug}`)}
                          className="hidden font-semibold text-ink hover:text-brand-700 md:inline"
                        >
                          {r.title}
                        </Link>
                      </div>
                    </td>
                    <td className="md:hidden">
                      <Link to={href(`/template/${r.slug}`)} className="font-semibold text-ink hover:text-brand-700">
                        {r.title}
                      </Link>
                    </td>
                    <td className="text-ink-soft md:px-4 md:py-3">
                      {r.colorName ? (
                        <span className="inline-flex items-center gap-2">
                          <span
                            className="size-3 rounded-full ring-1 ring-line"
                            style={{ background: r.colorHex ?? undefined }}
                          />
                          {r.colorName}
                        </span>
                      ) : (
                        t("account.downloads.removedColour")
                      )}
                      <span className="text-ink-muted md:hidden"> · {r.categoryName}</span>
                    </td>
                    <td className="hidden text-ink-soft md:table-cell md:px-4 md:py-3">{r.categoryName}</td>
                    <td className="text-ink-muted md:px-4 md:py-3">
                      <time dateTime={new Date(r.createdAt).toISOString()}>{day(r.createdAt)}</time>
                    </td>
                    <td className="col-start-2 py-1 md:px-4 md:py-3" data-testid="history-licence">
                      <HistoryLicence license={r.license} licence={r.licence} />
                    </td>
                    <td className="col-start-2 md:px-4 md:py-3">
                      {r.templateColorId ? <AgainButtons colorId={r.templateColorId} title={r.title} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-ink-muted">{t("account.downloads.again")}</p>
          <Pagination page={history.page} pageCount={history.pageCount} hrefFor={(p) => hrefFor(p)} />
        </>
      ) : (
        <Empty
          title={t("account.downloads.empty")}
          text={t("account.downloads.emptyText")}
          to={href("/templates")}
          cta={t("account.downloads.browse")}
        />
      )}
    </div>
  );
}
