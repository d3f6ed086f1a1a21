import { getInputProps, getSelectProps } from "@conform-to/react";
import { useMemo } from "react";
import { Field, type useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { LOCALE_TAGS } from "#config/constants.ts";
import { COUNTRIES, type paymentSchema } from "#modules/billing/schemas.ts";
import { countryName } from "#modules/shared/format.ts";

/** The payment form's billing details: name, e-mail, address, country (sorted by its name here), city, zip. */
export function BillingDetailsFields({
  fields,
}: {
  fields: Pick<
    ReturnType<typeof useAccountForm<typeof paymentSchema>>[1],
    "billingName" | "billingEmail" | "address" | "country" | "city" | "zip"
  >;
}) {
  const { t, locale } = useI18n();
  const errorText = useErrorText();
  const countries = useMemo(() => {
    return COUNTRIES.map((c) => ({ code: c, name: countryName(locale, c) })).sort((a, b) =>
      a.name.localeCompare(b.name, LOCALE_TAGS[locale]),
    );
  }, [locale]);
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold text-ink">{t("billing.payment.details")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={fields.billingName.id}
          label={t("billing.payment.billingName")}
          error={errorText(fields.billingName.errors)}
        >
          <input
            {...getInputProps(fields.billingName, { type: "text" })}
            autoComplete="billing name"
            className="field-input"
          />
        </Field>
        <Field
          id={fields.billingEmail.id}
          label={t("billing.payment.billingEmail")}
          error={errorText(fields.billingEmail.errors)}
        >
          <input
            {...getInputProps(fields.billingEmail, { type: "email" })}
            autoComplete="billing email"
            className="field-input"
          />
        </Field>
      </div>
      <Field id={fields.address.id} label={t("billing.payment.address")} error={errorText(fields.address.errors)}>
        <input
          {...getInputProps(fields.address, { type: "text" })}
          autoComplete="billing street-address"
          className="field-input"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={fields.country.id} label={t("billing.payment.country")} error={errorText(fields.country.errors)}>
          <select {...getSelectProps(fields.country)} autoComplete="billing country" className="field-input">
            <option value="">{t("billing.payment.chooseCountry")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.city.id} label={t("billing.payment.city")} error={errorText(fields.city.errors)}>
          <input
            {...getInputProps(fields.city, { type: "text" })}
            autoComplete="billing address-level2"
            className="field-input"
          />
        </Field>
        <Field id={fields.zip.id} label={t("billing.payment.zip")} error={errorText(fields.zip.errors)}>
          <input
            {...getInputProps(fields.zip, { type: "text" })}
            autoComplete="billing postal-code"
            className="field-input"
          />
        </Field>
      </div>
    </fieldset>
  );
}
