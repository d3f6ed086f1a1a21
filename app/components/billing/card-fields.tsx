import { getInputProps } from "@conform-to/react";
import { Field, type useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { cardSchema } from "#modules/billing/schemas.ts";

/** The card fields of the sandbox provider (demo mode). */
export function SandboxCardFields({
  fields,
}: {
  fields: Pick<ReturnType<typeof useAccountForm<typeof cardSchema>>[1], "cardNumber" | "cardExpiry" | "cardCvc">;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (
    <>
      <Field
        id={fields.cardNumber.id}
        label={t("billing.payment.cardNumber")}
        error={errorText(fields.cardNumber.errors)}
      >
        <input
          {...getInputProps(fields.cardNumber, { type: "text" })}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className="field-input"
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field
          id={fields.cardExpiry.id}
          label={t("billing.payment.cardExpiry")}
          error={errorText(fields.cardExpiry.errors)}
        >
          <input
            {...getInputProps(fields.cardExpiry, { type: "text" })}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            className="field-input"
          />
        </Field>
        <Field id={fields.cardCvc.id} label={t("billing.payment.cardCvc")} error={errorText(fields.cardCvc.errors)}>
          <input
            {...getInputProps(fields.cardCvc, { type: "text" })}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className="field-input"
          />
        </Field>
      </div>
    </>
  );
}
