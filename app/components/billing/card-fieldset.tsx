import type { useAccountForm } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { cardSchema } from "#modules/billing/schemas.ts";
import { SandboxCardFields } from "./card-fields.tsx";
import { StripeCardField } from "./stripe-card.tsx";

/**
 * The payment form's card: Stripe's element when there is a publishable key (`stripe`: where it mounts and
 * its error), otherwise the sandbox's typed fields; a note in demo mode, and a word on safety.
 */
export function CardFieldset({
  sandbox,
  stripe,
  fields,
}: {
  sandbox: boolean;
  stripe: { mountRef: React.RefObject<HTMLDivElement | null>; error: string | null } | null;
  fields: Pick<ReturnType<typeof useAccountForm<typeof cardSchema>>[1], "cardNumber" | "cardExpiry" | "cardCvc">;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold text-ink">{t("billing.payment.card")}</legend>
      {sandbox ? <FormNotice tone="info">{t("billing.payment.sandbox")}</FormNotice> : null}
      {stripe ? (
        <StripeCardField label={t("billing.payment.cardElement")} mountRef={stripe.mountRef} error={stripe.error} />
      ) : (
        <SandboxCardFields fields={fields} />
      )}
      <p className="text-sm text-ink-muted">{t("billing.payment.secure")}</p>
    </fieldset>
  );
}
