import { Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import type { PaymentData } from "#app/routes/billing/payment.server.ts";

/** The plan asked for is no upgrade of the one held (`plan`): nothing to pay here, the ways on instead. */
export function PlanHeld({ plan }: { plan: NonNullable<PaymentData["current"]> }) {
  const { t, href } = useI18n();
  return (
    <div className="max-w-xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60">
      <h2 className="text-lg font-semibold text-ink">
        {t("billing.payment.alreadyTitle", { plan: t(`account.profile.plans.${plan}`) })}
      </h2>
      <p className="mt-2 text-ink-soft">{t("billing.payment.alreadyText")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={href("/profile/billing")} className="btn-primary">
          {t("billing.payment.toBilling")}
        </Link>
        <Link to={href("/pricing")} className="btn-secondary">
          {t("billing.page.seePlans")}
        </Link>
      </div>
    </div>
  );
}
