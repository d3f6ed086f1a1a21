import { BillingList } from "#app/components/billing/billing-list.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { DownloadIcon } from "#app/components/icons.tsx";
import { pageParam, sortParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { BILLING_SORTS } from "#modules/billing/plans.ts";
import { formatDay, formatMoney } from "#modules/shared/format.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/invoices";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const sort = sortParam(url.searchParams, BILLING_SORTS);
  const list = await app.services.billing.listInvoices(ctx, {
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
      title: pageTitle(t("billing.invoices.metaTitle")),
      description: t("billing.invoices.metaTitle"),
      paths: samePath("/profile/invoices"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const STATUS_STYLE = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  open: "bg-premium-50 text-premium-700 ring-premium-100",
  void: "bg-canvas text-ink-muted ring-line",
} as const;

function Invoices({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { list, sort } = loaderData;
  const th = "px-4 py-3";
  return (
    <BillingList
      ns="billing.invoices"
      path="/profile/invoices"
      sort={sort}
      list={list}
      minWidth="36rem"
      columns={[
        { label: t("billing.invoices.status") },
        { label: t("billing.invoices.number") },
        { label: t("billing.invoices.date") },
        { label: t("billing.invoices.price"), right: true },
        { label: t("billing.invoices.download"), hidden: true },
      ]}
    >
      {list.items.map((inv) => (
        <tr key={inv.number}>
          <td className={th}>
            <span className={`badge ring-1 ${STATUS_STYLE[inv.status]}`}>
              {t(`billing.invoiceStatus.${inv.status}`)}
            </span>
          </td>
          <td className={`${th} font-medium text-ink`}>{inv.number}</td>
          <td className={`${th} text-ink-soft`}>
            <time dateTime={new Date(inv.issuedAt).toISOString()}>{formatDay(locale, inv.issuedAt)}</time>
          </td>
          <td className={`${th} text-right tabular-nums text-ink`}>
            {formatMoney(locale, inv.totalCents, { currency: inv.currency })}
          </td>
          <td className={`${th} text-right`}>
            <a
              href={href(`/profile/invoices/${inv.number}/pdf`)}
              download={`${inv.number}.pdf`}
              className="btn-secondary px-3 py-1.5"
            >
              <DownloadIcon width={16} height={16} />
              {t("billing.invoices.downloadPdf")}
              <span className="sr-only">{t("billing.invoices.downloadLabel", { number: inv.number })}</span>
            </a>
          </td>
        </tr>
      ))}
    </BillingList>
  );
}

export default withMessages(Invoices);
