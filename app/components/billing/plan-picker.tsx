import { useI18n } from "#app/components/i18n.tsx";
import type { Period, PlanType } from "#app/routes/billing/payment.server.ts";
import { PLAN_TYPES } from "#modules/billing/schemas.ts";

/** The plan and the period being bought, as two groups of radio buttons (posted as `type` and `period`). */
export function PlanPicker({
  type,
  period,
  error,
  onChange,
}: {
  type: PlanType;
  period: Period;
  error?: string;
  onChange: (type: PlanType, period: Period) => void;
}) {
  const { t } = useI18n();
  const option =
    "flex cursor-pointer items-center gap-3 rounded-lg px-4 py-3 ring-1 ring-line has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset>
        <legend className="field-label">{t("billing.payment.plan")}</legend>
        <div className="flex flex-col gap-2">
          {PLAN_TYPES.map((p) => (
            <label key={p} className={option}>
              <input
                type="radio"
                name="type"
                value={p}
                checked={type === p}
                onChange={() => onChange(p, period)}
                className="accent-brand-600"
              />
              <span className="text-sm font-medium text-ink">{t(`billing.plans.${p}.name`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="field-label">{t("billing.payment.period")}</legend>
        <div className="flex flex-col gap-2">
          {(["yearly", "monthly"] as const).map((p) => (
            <label key={p} className={option}>
              <input
                type="radio"
                name="period"
                value={p}
                checked={period === p}
                onChange={() => onChange(type, p)}
                className="accent-brand-600"
              />
              <span className="text-sm font-medium text-ink">{t(`billing.pricing.${p}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p className="field-error sm:col-span-2" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
