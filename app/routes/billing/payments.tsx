import { BillingCell, BillingList, BillingRow } from "#app/components/billing/billing-list.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { pageParam, sortParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { BILLING_SORTS } from "#modules/billing/plans.ts";
import { formatDay, formatMoney } from "#modules/shared/format.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/payments";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const sort = sortParam(url.searchParams, BILLING_SORTS);
  const list = await app.services.billing.listPayments(ctx, {
    accountId: account.id,
    sort,
    page: pageParam(url.searchParams),
  });
  return {
    sort,
    list,
    messages: messageSet(locale, "billing"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("billing.payments.metaTitle")),
      description: t("billing.payments.metaTitle"),
      paths: samePath("/profile/payments"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

function Payments({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { list, sort } = loaderData;
  const col = {
    status: t("billing.payments.status"),
    description: t("billing.payments.description"),
    invoice: t("billing.payments.invoice"),
    date: t("billing.payments.date"),
    card: t("billing.payments.card"),
    amount: t("billing.payments.amount"),
  };
  return (
    <BillingList
      ns="billing.payments"
      path="/profile/payments"
      sort={sort}
      list={list}
      minWidth="sm:min-w-[40rem]"
      columns={[
        { label: col.status },
        { label: col.description },
        { label: col.invoice },
        { label: col.date },
        { label: col.card },
        { label: col.amount, right: true },
      ]}
    >
      {list.items.map((p) => (
        <BillingRow key={p.id}>
          <BillingCell label={col.status}>
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
          </BillingCell>
          <BillingCell label={col.description} className="text-ink">
            {`${t(`billing.payments.kinds.${p.kind}`)} · ${t(`account.profile.plans.${p.plan}`)}`}
            {p.failureCode ? <span className="block text-xs text-red-700">{t(p.failureCode)}</span> : null}
          </BillingCell>
          <BillingCell label={col.invoice} className="text-ink-soft">
            {p.invoiceNumber ? (
              <a
                href={href(`/profile/invoices/${p.invoiceNumber}/pdf`)}
                download={`${p.invoiceNumber}.pdf`}
                className="font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-600"
              >
                {p.invoiceNumber}
                <span className="sr-only">{` (${t("billing.invoices.downloadPdf")})`}</span>
              </a>
            ) : (
              t("billing.payments.none")
            )}
          </BillingCell>
          <BillingCell label={col.date} className="text-ink-soft">
            <time dateTime={new Date(p.createdAt).toISOString()}>{formatDay(locale, p.createdAt)}</time>
          </BillingCell>
          <BillingCell label={col.card} className="text-ink-soft">
            {p.card ? `${p.card.brand} ·${p.card.last4}` : t("billing.payments.none")}
          </BillingCell>
          <BillingCell label={col.amount} right className="tabular-nums text-ink">
            {formatMoney(locale, p.amountCents, { currency: p.currency })}
          </BillingCell>
        </BillingRow>
      ))}
    </BillingList>
  );
}

export default withMessages(Payments);
