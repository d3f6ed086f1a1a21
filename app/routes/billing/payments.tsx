import { BillingList } from "#app/components/billing/billing-list.tsx";
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
  const { t, locale } = useI18n();
  const { list, sort } = loaderData;
  const th = "px-4 py-3";
  return (
    <BillingList
      ns="billing.payments"
      path="/profile/payments"
      sort={sort}
      list={list}
      minWidth="40rem"
      columns={[
        { label: t("billing.payments.status") },
        { label: t("billing.payments.description") },
        { label: t("billing.payments.invoice") },
        { label: t("billing.payments.date") },
        { label: t("billing.payments.card") },
        { label: t("billing.payments.amount"), right: true },
      ]}
    >
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
            {formatMoney(locale, p.amountCents, { currency: p.currency })}
          </td>
        </tr>
      ))}
    </BillingList>
  );
}

export default withMessages(Payments);
