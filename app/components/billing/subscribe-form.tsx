import { getFormProps } from "@conform-to/react";
import { useCallback, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { PaymentAnswer, PaymentData } from "#app/routes/billing/payment.server.ts";
import { PRICES_CENTS } from "#config/constants.ts";
import { planFromPicker } from "#modules/billing/plans.ts";
import { paymentSchema, tokenPaymentSchema } from "#modules/billing/schemas.ts";
import { formatMoney } from "#modules/shared/format.ts";
import { BillingDetailsFields } from "./billing-details-fields.tsx";
import { CardFieldset } from "./card-fieldset.tsx";
import { DeclinedNotice, FocusedNotice } from "./payment-notices.tsx";
import { PaymentSummary } from "./payment-summary.tsx";
import { PlanPicker } from "./plan-picker.tsx";
import { useBankConfirmation, useTokenizedSubmit } from "./stripe-card.tsx";

/**
 * A new subscription: the plan and period, the billing details and the card, beside the summary and the Pay
 * button. With Stripe the card becomes a token first; a bank's check (3-D Secure) runs in Stripe's window,
 * then the same attempt is completed.
 */
export function SubscribeForm({
  loaderData,
  actionData,
}: {
  loaderData: Pick<PaymentData, "type" | "period" | "defaults" | "attempt" | "sandbox" | "stripeKey">;
  actionData: PaymentAnswer | undefined;
}) {
  const { t, locale, href } = useI18n();
  const navigation = useNavigation();
  const errorText = useErrorText();
  // After an answer, the plan and period that were posted (a choice made before the page's script ran).
  const posted = actionData && "result" in actionData ? actionData.result?.initialValue : undefined;
  const [choice, setChoice] = useState({
    type: posted?.type === "commercial" || posted?.type === "personal" ? posted.type : loaderData.type,
    period: posted?.period === "monthly" || posted?.period === "yearly" ? posted.period : loaderData.period,
  });
  const stripeKey = loaderData.stripeKey;
  const [form, fields] = useAccountForm(
    "payment",
    (stripeKey ? tokenPaymentSchema : paymentSchema) as typeof paymentSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
    loaderData.defaults,
  );
  const formProps = getFormProps(form);
  const stripe = useTokenizedSubmit(stripeKey, locale, formProps.onSubmit, actionData, t("billing.errors.cardToken"));
  const plan = planFromPicker(choice.type, choice.period);
  const price = PRICES_CENTS[plan];
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const attempt = (actionData && "attempt" in actionData ? actionData.attempt : null) ?? loaderData.attempt;
  // 3-D Secure: the bank's check in Stripe's window, then the server finishes this attempt's purchase.
  const submit = useSubmit();
  const [bankError, setBankError] = useState<string | null>(null);
  const authenticate = actionData && "authenticate" in actionData ? actionData.authenticate : null;
  const completeError = actionData && "completeError" in actionData ? actionData.completeError : null;
  const onConfirmed = useCallback(
    (outcome: { ok: true } | { ok: false; message: string | null }) => {
      if (outcome.ok) submit({ intent: "complete", attempt }, { method: "post" });
      else setBankError(outcome.message ?? t("billing.errors.authenticateFailed"));
    },
    [submit, attempt, t],
  );
  useBankConfirmation(stripeKey, authenticate?.clientSecret ?? null, onConfirmed);
  // The attempt key is a hidden field: its error is the form's.
  const formError = completeError ?? form.errors?.[0] ?? form.allErrors.attempt?.[0];
  return (
    <Form method="post" {...formProps} onSubmit={stripe.onSubmit} className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <input type="hidden" name="attempt" value={attempt} />
      <input type="hidden" name="expected" value={price} />
      {stripeKey ? <input ref={stripe.tokenRef} type="hidden" name="cardToken" defaultValue="" /> : null}
      <div className="flex flex-col gap-8">
        {formError ? (
          <DeclinedNotice
            key={attempt}
            code={formError}
            seconds={actionData && "seconds" in actionData ? actionData.seconds : undefined}
          />
        ) : null}
        {authenticate && !bankError ? <FormNotice tone="info">{t("billing.errors.authenticate")}</FormNotice> : null}
        {bankError ? (
          <FocusedNotice key={bankError}>
            <strong className="block">{t("billing.payment.tryAgain")}</strong>
            {bankError}
          </FocusedNotice>
        ) : null}
        <PlanPicker
          type={choice.type}
          period={choice.period}
          error={errorText(form.allErrors.type ?? form.allErrors.period)}
          onChange={(type, period) => setChoice({ type, period })}
        />
        <BillingDetailsFields fields={fields} />
        <CardFieldset
          sandbox={loaderData.sandbox}
          stripe={
            stripeKey
              ? { mountRef: stripe.mountRef, error: stripe.error ?? errorText(form.allErrors.cardToken) ?? null }
              : null
          }
          fields={fields}
        />
      </div>
      <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
        <PaymentSummary plan={plan} priceCents={price} creditCents={0} creditPlan={null} dueCents={price} />
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
          {busy ? t("billing.payment.paying") : t("billing.payment.pay", { amount: formatMoney(locale, price) })}
        </button>
        <p className="text-xs text-ink-muted">
          {t("billing.payment.terms")}{" "}
          <Link to={href("/terms-conditions")} className="font-semibold text-brand-700 hover:underline">
            {t("billing.payment.termsLink")}
          </Link>
        </p>
      </aside>
    </Form>
  );
}
