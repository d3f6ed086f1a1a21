import { Form, Link, useLocation, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { PaymentAnswer, PaymentData } from "#app/routes/billing/payment.server.ts";
import { formatMoney } from "#modules/shared/format.ts";
import { DeclinedNotice } from "./payment-notices.tsx";
import { PaymentSummary } from "./payment-summary.tsx";

/**
 * An upgrade of the plan held, paid with the saved card: the quote (the new plan less the credit for the
 * unused one) and one Pay button. Nothing without a quote.
 */
export function UpgradeForm({
  loaderData,
  actionData,
}: {
  loaderData: Pick<PaymentData, "quote" | "attempt" | "type" | "period" | "currentPlan" | "target" | "card">;
  actionData: PaymentAnswer | undefined;
}) {
  const { t, locale, href } = useI18n();
  const navigation = useNavigation();
  const here = useLocation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const quote = loaderData.quote;
  if (!quote) return null;
  const attempt = (actionData && "attempt" in actionData ? actionData.attempt : null) ?? loaderData.attempt;
  const error = actionData && "upgradeError" in actionData ? actionData.upgradeError : null;
  // Back from saving another card on the billing page ("Use another card").
  const cardUpdated = new URLSearchParams(here.search).get("card") === "updated";
  return (
    <Form method="post" className="mx-auto flex max-w-xl flex-col gap-5">
      <input type="hidden" name="intent" value="upgrade" />
      <input type="hidden" name="attempt" value={attempt} />
      <input type="hidden" name="type" value={loaderData.type} />
      <input type="hidden" name="period" value={loaderData.period} />
      <input type="hidden" name="expected" value={quote.dueCents} />
      {cardUpdated && !error ? <FormNotice tone="success">{t("billing.payment.cardUpdated")}</FormNotice> : null}
      {error ? (
        <DeclinedNotice
          key={attempt}
          code={error}
          seconds={actionData && "seconds" in actionData ? actionData.seconds : undefined}
        />
      ) : null}
      <PaymentSummary
        plan={quote.chargedPlan}
        priceCents={quote.priceCents}
        creditCents={quote.creditCents}
        creditPlan={loaderData.currentPlan}
        dueCents={quote.dueCents}
      />
      {quote.chargedPlan !== loaderData.target ? (
        <p className="text-sm text-ink-muted">
          {t("billing.payment.switchAfter", { plan: t(`account.profile.plans.${loaderData.target}`) })}
        </p>
      ) : null}
      {loaderData.card ? (
        <p className="text-sm text-ink-soft">
          {t("billing.payment.payWith", { brand: loaderData.card.brand, last4: loaderData.card.last4 })} ·{" "}
          <Link
            to={`${href("/profile/billing")}?return=${encodeURIComponent(here.pathname + here.search.replace(/[?&]card=updated\b/, ""))}#card-h`}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t("billing.payment.changeCard")}
          </Link>
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
        {busy ? t("billing.payment.paying") : t("billing.payment.pay", { amount: formatMoney(locale, quote.dueCents) })}
      </button>
    </Form>
  );
}
