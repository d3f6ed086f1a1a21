import { BillingCell, BillingList, BillingRow } from "#app/components/billing/billing-list.tsx";
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
  const col = {
    status: t("billing.invoices.status"),
    number: t("billing.invoices.number"),
    date: t("billing.invoices.date"),
    price: t("billing.invoices.price"),
    download: t("billing.invoices.download"),
  };
  return (
    <BillingList
      ns="billing.invoices"
      path="/profile/invoices"
      sort={sort}
      list={list}
      minWidth="sm:min-w-[36rem]"
      columns={[
        { label: col.status },
        { label: col.number },
        { label: col.date },
        { label: col.price, right: true },
        { label: col.download, hidden: true },
      ]}
    >
      {list.items.map((inv) => (
        <BillingRow key={inv.number}>
          <BillingCell label={col.status}>
            <span className={`badge ring-1 ${STATUS_STYLE[inv.status]}`}>
              {t(`billing.invoiceStatus.${inv.status}`)}
            </span>
          </BillingCell>
          <BillingCell label={col.number} className="font-medium text-ink">
            {inv.number}
          </BillingCell>
          <BillingCell label={col.date} className="text-ink-soft">
            <time dateTime={new Date(inv.issuedAt).toISOString()}>{formatDay(locale, inv.issuedAt)}</time>
          </BillingCell>
          <BillingCell label={col.price} right className="tabular-nums text-ink">
            {formatMoney(locale, inv.totalCents, { currency: inv.currency })}
          </BillingCell>
          <BillingCell label={col.download} right action>
            <a
              href={href(`/profile/invoices/${inv.number}/pdf`)}
              download={`${inv.number}.pdf`}
              className="btn-secondary px-3 py-1.5"
            >
              <DownloadIcon width={16} height={16} />
              {t("billing.invoices.downloadPdf")}
              <span className="sr-only">{t("billing.invoices.downloadLabel", { number: inv.number })}</span>
            </a>
          </BillingCell>
        </BillingRow>
      ))}
    </BillingList>
  );
}

export default withMessages(Invoices);
