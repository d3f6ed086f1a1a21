import { Link, redirect } from "react-router";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { CheckIcon } from "#app/components/icons.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { formatMoney } from "#modules/shared/format.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/thank-you";

/** Route policy (server/route-policy.ts): a receipt: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** After a purchase: shown only for a payment of the viewer's own; any other address goes home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const home = localePath(locale, "/");
  if (!app.scope.viewer?.account) throw redirect(home);
  const payment = await app.services.billing.getOwnPayment(app.scope, {
    accountId: app.scope.viewer?.account.id,
    transactionId: (url.searchParams.get("transactionId") ?? "").slice(0, 64),
  });
  if (!payment) throw redirect(home);
  return {
    payment,
    messages: messageSet(locale, "billing"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("billing.thankYou.metaTitle")),
      description: t("billing.thankYou.metaTitle"),
      paths: samePath("/thank-you"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

function ThankYou({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { payment } = loaderData;
  const plan = t(`account.profile.plans.${payment.plan}`);
  return (
    <div className="container-page flex justify-center py-12 sm:py-20">
      <div className="w-full max-w-lg rounded-card bg-surface p-8 text-center shadow-card ring-1 ring-line/60">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
          <CheckIcon width={28} height={28} />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-ink">{t("billing.thankYou.title")}</h1>
        <p className="mt-2 text-ink-soft">{t("billing.thankYou.text", { plan })}</p>
        <dl className="mt-6 divide-y divide-line rounded-xl bg-canvas px-4 text-left text-sm ring-1 ring-line">
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-muted">{t("billing.thankYou.amount")}</dt>
            <dd className="font-semibold tabular-nums text-ink" data-testid="amount-paid">
              {formatMoney(locale, payment.amountCents)}
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-muted">{t("billing.thankYou.transaction")}</dt>
            <dd className="truncate font-mono text-xs text-ink">{payment.id}</dd>
          </div>
          {payment.invoiceNumber ? (
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-ink-muted">{t("billing.thankYou.invoice")}</dt>
              <dd className="text-ink">{payment.invoiceNumber}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={`${href("/templates")}?license=premium`} className="btn-primary">
            {t("billing.thankYou.browse")}
          </Link>
          <Link to={href("/profile/billing")} className="btn-secondary">
            {t("billing.thankYou.billing")}
          </Link>
        </div>
      </div>
    </div>
  );
}

export default withMessages(ThankYou);
