import { getInputProps } from "@conform-to/react";
import { Field, type useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { cardSchema } from "#modules/billing/schemas.ts";

/**
 * What a card field shows as it is typed in (only while the caret is at the end, so an edit in the middle
 * is left alone): the number in groups of four, the expiry as MM/YY with the slash added and a lone first
 * digit above 1 taken as the month ("4" is 04/). The server reads any of these forms either way.
 */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function formatExpiry(value: string, deleting: boolean): string {
  const digits = value.replace(/\D/g, "").slice(0, 6);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function reformat(format: (value: string, deleting: boolean) => string) {
  return (e: React.FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    if (input.selectionStart !== input.value.length) return;
    const deleting = (e.nativeEvent as InputEvent).inputType?.startsWith("delete") ?? false;
    const next = format(input.value, deleting);
    if (next !== input.value) input.value = next;
  };
}

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
          onInput={reformat((v) => formatCardNumber(v))}
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
            onInput={reformat(formatExpiry)}
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
