import { useActionData } from "react-router";
import { PlanHeld } from "#app/components/billing/plan-held.tsx";
import { SubscribeForm } from "#app/components/billing/subscribe-form.tsx";
import { UpgradeForm } from "#app/components/billing/upgrade-form.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { seo } from "#app/lib/seo.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/payment";
import { paymentAction, paymentLoader } from "./payment.server.ts";

/** Route policy (server/route-policy.ts): a checkout: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** The payment page: the server half (loader and action) is payment.server.ts, the forms components/billing/. */
export const loader = (args: Route.LoaderArgs) => paymentLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export const action = (args: Route.ActionArgs) => paymentAction(args);

function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const actionData = useActionData<typeof action>();
  const { mode } = loaderData;
  const title =
    mode === "upgrade"
      ? t("billing.payment.upgradeTitle", { plan: t(`account.profile.plans.${loaderData.target}`) })
      : t("billing.payment.title");
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {mode === "subscribe" ? <SubscribeForm loaderData={loaderData} actionData={actionData} /> : null}
      {mode === "upgrade" ? <UpgradeForm loaderData={loaderData} actionData={actionData} /> : null}
      {mode === "other" && loaderData.current ? <PlanHeld plan={loaderData.current} /> : null}
      {mode === "unavailable" ? (
        <div className="max-w-xl">
          <FormNotice tone="error">{t("billing.errors.unavailable")}</FormNotice>
        </div>
      ) : null}
    </div>
  );
}

export default withMessages(Payment);
