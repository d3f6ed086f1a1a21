import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { MoreMessages, useI18n } from "#app/components/i18n.tsx";
import { SortTabs } from "#app/components/ui/sort-tabs.tsx";
import { listHref, pageParam, sortParam } from "#app/lib/list-params.ts";
import { messagesFor } from "#app/lib/messages.server.ts";
import { formatDay, formatMoney } from "#app/lib/money.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { BILLING_SORTS, type BillingSort } from "#modules/billing/plans.ts";
import type { Route } from "./+types/payments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const account = app.viewer;
  if (!account) throw new Response(null, { status: 401 });
  const sort = sortParam(url.searchParams, BILLING_SORTS);
  const list = await app.services.billing.listPayments(ctx, {
    accountId: account.id,
    sort,
    page: pageParam(url.searchParams),
  });
  return {
    sort,
    list,
    messages: messagesFor(locale, ["billing"]),
    seo: {
      origin,
      locale,
      title: `${t("billing.payments.metaTitle")} | SlideNest`,
      description: t("billing.payments.metaTitle"),
      paths: samePath("/profile/payments"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

function Payments({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { list, sort } = loaderData;
  const hrefFor = (page: number, s: BillingSort = sort) => listHref(href("/profile/payments"), BILLING_SORTS, s, page);
  const th = "px-4 py-3";
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("billing.payments.title")}</h1>
        {list.total > 1 ? (
          <SortTabs
            label={t("billing.payments.sort")}
            sorts={BILLING_SORTS}
            current={sort}
            hrefFor={(s) => hrefFor(1, s)}
            nameOf={(s) => t(`billing.payments.${s}`)}
          />
        ) : null}
      </div>
      {list.items.length ? (
        <>
          <div className="overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{t("billing.payments.count", { count: list.total })}</caption>
              <thead className="bg-canvas text-xs font-semibold tracking-wide text-ink-muted uppercase">
                <tr>
                  <th scope="col" className={th}>
                    {t("billing.payments.status")}
                  </th>
                  <th scope="col" className={th}>
                    {t("billing.payments.description")}
                  </th>
                  <th scope="col" className={th}>
                    {t("billing.payments.invoice")}
                  </th>
                  <th scope="col" className={th}>
                    {t("billing.payments.date")}
                  </th>
                  <th scope="col" className={th}>
                    {t("billing.payments.card")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("billing.payments.amount")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.items.map((p) => (
                  <tr key={p.id}>
                    <td className={th}>
                      <span
                        className={
                          p.status === "succeeded"
                            ? "badge-free"
                            : p.status === "pending"
                              ? "badge bg-canvas text-ink-soft ring-1 ring-line"
                              : "badge bg-red-50 text-red-800 ring-1 ring-red-200"
                        }
                      >
                        {t(`billing.payments.statuses.${p.status}`)}
                      </span>
                    </td>
                    <td className={`${th} text-ink`}>
                      {`${t(`billing.payments.kinds.${p.kind}`)} · ${t(`account.profile.plans.${p.plan}`)}`}
                      {p.failureCode ? <span className="block text-xs text-red-700">{t(p.failureCode)}</span> : null}
                    </td>
                    <td className={`${th} text-ink-soft`}>{p.invoiceNumber ?? t("billing.payments.none")}</td>
                    <td className={`${th} text-ink-soft`}>
                      <time dateTime={new Date(p.createdAt).toISOString()}>{formatDay(locale, p.createdAt)}</time>
                    </td>
                    <td className={`${th} text-ink-soft`}>
                      {p.card ? `${p.card.brand} ·${p.card.last4}` : t("billing.payments.none")}
                    </td>
                    <td className={`${th} text-right tabular-nums text-ink`}>
                      {formatMoney(locale, p.amountCents, p.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(p) => hrefFor(p)} />
        </>
      ) : (
        <Empty
          title={t("billing.payments.empty")}
          text={t("billing.payments.emptyText")}
          to={href("/pricing")}
          cta={t("billing.page.seePlans")}
        />
      )}
    </div>
  );
}

export default function PaymentsPage(props: Route.ComponentProps) {
  return (
    <MoreMessages messages={props.loaderData.messages}>
      <Payments {...props} />
    </MoreMessages>
  );
}
