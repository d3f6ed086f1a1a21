import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { Field, FormNotice, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { SandboxCardFields } from "#app/components/billing/card-fields.tsx";
import { StripeCardField, useBankConfirmation, useTokenizedSubmit } from "#app/components/billing/stripe-card.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import { LOCALE_TAGS, type PaidPlanCode, PRICES_CENTS } from "#config/constants.ts";
import { planFromPicker } from "#modules/billing/plans.ts";
import { COUNTRIES, PLAN_TYPES, paymentSchema, tokenPaymentSchema } from "#modules/billing/schemas.ts";
import { countryName, formatMoney } from "#modules/shared/format.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/payment";
import { type Period, type PlanType, paymentAction, paymentLoader } from "./payment.server.ts";

/** Route policy (server/route-policy.ts): a checkout: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** The payment page: the server half (loader and action) is payment.server.ts. */
export const loader = (args: Route.LoaderArgs) => paymentLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export const action = (args: Route.ActionArgs) => paymentAction(args);

function Summary({
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
          <dd className="tabular-nums text-ink">{formatMoney(locale, priceCents)}</dd>
        </div>
        {creditCents > 0 && creditPlan ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">
              {t("billing.payment.credit", { plan: t(`account.profile.plans.${creditPlan}`) })}
            </dt>
            <dd className="tabular-nums text-emerald-800">{formatMoney(locale, -creditCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt className="text-ink">{t("billing.payment.dueToday")}</dt>
          <dd className="tabular-nums text-ink" data-testid="due-today">
            {formatMoney(locale, dueCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * An answer the customer must meet wherever they are on the page (on a phone the Pay button is far below
 * the top of the form): focused when it appears, so the view moves to it and it is read out (an alert).
 * Give it a new key for each answer, so a second decline is focused again.
 */
function FocusedNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-24 rounded-lg" data-testid="payment-error">
      <FormNotice tone="error">{children}</FormNotice>
    </div>
  );
}

function Declined({ code, seconds }: { code: string; seconds?: number }) {
  const { t } = useI18n();
  return (
    <FocusedNotice>
      {code === "billing.errors.declined" || code === "billing.errors.providerUnavailable" ? (
        <strong className="block">{t("billing.payment.tryAgain")}</strong>
      ) : null}
      {t(code, { seconds: seconds ?? 60 })}
    </FocusedNotice>
  );
}

function PlanPicker({
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
              <span className="text-sm font-medium text-ink">
                {t(p === "personal" ? "billing.payment.premium" : "billing.payment.commercial")}
              </span>
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

function SubscribeForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale, href } = useI18n();
  const actionData = useActionData<typeof action>();
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
  const countries = useMemo(() => {
    return COUNTRIES.map((c) => ({ code: c, name: countryName(locale, c) })).sort((a, b) =>
      a.name.localeCompare(b.name, LOCALE_TAGS[locale]),
    );
  }, [locale]);
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
          <Declined
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
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-ink">{t("billing.payment.card")}</legend>
          {loaderData.sandbox ? <FormNotice tone="info">{t("billing.payment.sandbox")}</FormNotice> : null}
          {stripeKey ? (
            <StripeCardField
              label={t("billing.payment.cardElement")}
              mountRef={stripe.mountRef}
              error={stripe.error ?? errorText(form.allErrors.cardToken) ?? null}
            />
          ) : (
            <SandboxCardFields fields={fields} />
          )}
          <p className="text-sm text-ink-muted">{t("billing.payment.secure")}</p>
        </fieldset>
      </div>
      <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
        <Summary plan={plan} priceCents={price} creditCents={0} creditPlan={null} dueCents={price} />
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

function UpgradeForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale, href } = useI18n();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const quote = loaderData.quote;
  if (!quote) return null;
  const attempt = (actionData && "attempt" in actionData ? actionData.attempt : null) ?? loaderData.attempt;
  const error = actionData && "upgradeError" in actionData ? actionData.upgradeError : null;
  return (
    <Form method="post" className="mx-auto flex max-w-xl flex-col gap-5">
      <input type="hidden" name="intent" value="upgrade" />
      <input type="hidden" name="attempt" value={attempt} />
      <input type="hidden" name="type" value={loaderData.type} />
      <input type="hidden" name="period" value={loaderData.period} />
      <input type="hidden" name="expected" value={quote.dueCents} />
      {error ? (
        <Declined
          key={attempt}
          code={error}
          seconds={actionData && "seconds" in actionData ? actionData.seconds : undefined}
        />
      ) : null}
      <Summary
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
          <Link to={href("/profile/billing")} className="font-semibold text-brand-700 hover:underline">
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

function Payment({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { mode } = loaderData;
  const title =
    mode === "upgrade"
      ? t("billing.payment.upgradeTitle", { plan: t(`account.profile.plans.${loaderData.target}`) })
      : t("billing.payment.title");
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {mode === "subscribe" ? <SubscribeForm loaderData={loaderData} /> : null}
      {mode === "upgrade" ? <UpgradeForm loaderData={loaderData} /> : null}
      {mode === "other" && loaderData.current ? (
        <div className="max-w-xl rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60">
          <h2 className="text-lg font-semibold text-ink">
            {t("billing.payment.alreadyTitle", { plan: t(`account.profile.plans.${loaderData.current}`) })}
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
      ) : null}
      {mode === "unavailable" ? (
        <div className="max-w-xl">
          <FormNotice tone="error">{t("billing.errors.unavailable")}</FormNotice>
        </div>
      ) : null}
    </div>
  );
}

export default withMessages(Payment);
