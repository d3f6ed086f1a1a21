import { useI18n } from "#app/components/i18n.tsx";
import type { PaidPlanCode } from "#config/constants.ts";
import { formatMoney } from "#modules/shared/format.ts";

/** What is paid today: the plan's price, less the credit for an unused plan (an upgrade), and the total. */
export function PaymentSummary({
  plan,
  priceCents,
  creditCents,
  creditPlan,
  dueCents,
}: {
  plan: PaidPlanCode;
  priceCents: number;
  creditCents: number;
  creditPlan: PaidPlanCode | null;
  dueCents: number;
}) {
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="summary-h" className="rounded-card bg-canvas p-5 ring-1 ring-line">
      <h2 id="summary-h" className="font-semibold text-ink">
        {t("billing.payment.summary")}
      </h2>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{t(`account.profile.plans.${plan}`)}</dt>
          <dd className="shrink-0 whitespace-nowrap tabular-nums text-ink">{formatMoney(locale, priceCents)}</dd>
        </div>
        {creditCents > 0 && creditPlan ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">
              {t("billing.payment.credit", { plan: t(`account.profile.plans.${creditPlan}`) })}
            </dt>
            <dd className="shrink-0 whitespace-nowrap tabular-nums text-emerald-800">
              {formatMoney(locale, -creditCents)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt className="text-ink">{t("billing.payment.dueToday")}</dt>
          <dd className="shrink-0 whitespace-nowrap tabular-nums text-ink" data-testid="due-today">
            {formatMoney(locale, dueCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
