import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId, useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useNavigate, useNavigation } from "react-router";
import { Field, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { planBenefits } from "#app/components/billing/benefits.ts";
import { SandboxCardFields } from "#app/components/billing/card-fields.tsx";
import { StripeCardField, useTokenizedSubmit } from "#app/components/billing/stripe-card.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { DownloadIcon, MinusIcon } from "#app/components/icons.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { BILLING, type CancelReason, type Locale } from "#config/constants.ts";
import { planInfo } from "#modules/billing/plans.ts";
import { cancelNoteOf, cancelSchema, cardSchema, tokenCardSchema } from "#modules/billing/schemas.ts";
import { countryName, formatDay, formatMoney } from "#modules/shared/format.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";
import type { Route } from "./+types/billing";

const isReason = (v: string | null): v is CancelReason =>
  (BILLING.cancelReasons as readonly string[]).includes(v ?? "");

type CancelStep =
  | { step: "reason"; reason: CancelReason | null; note: string; error: string | null }
  | { step: "lose"; reason: CancelReason; note: string | null };

/**
 * Where the cancel flow is, from the address (a GET form, so it works before JavaScript loads): the
 * reason step, again with our message when "Continue" came without a reason or with words too long;
 * or the losses, once the reason (and the words for "Something else") are fine.
 */
function cancelStepOf(step: string | null, reason: string | null, rawNote: string | null): CancelStep | null {
  // Longer words than allowed still come back (cut just past the limit) with the message about their length.
  const note = (rawNote ?? "").slice(0, BILLING.cancelNoteMax + 1);
  if (step === "reason") return { step: "reason", reason: isReason(reason) ? reason : null, note, error: null };
  if (step !== "lose") return null;
  if (!isReason(reason)) return { step: "reason", reason: null, note, error: "billing.cancel.reasonRequired" };
  const parsed = cancelSchema.safeParse({ reason, note });
  if (!parsed.success)
    return { step: "reason", reason, note, error: parsed.error.issues[0]?.message ?? "billing.errors.generic" };
  return { step: "lose", reason, note: cancelNoteOf(reason, parsed.data.note) };
}

/**
 * The checkout a member left to use another card ("Use another card" during an upgrade): its address,
 * only when it is this site's checkout in this language; the card saved, the member goes back to it.
 */
function checkoutReturn(value: FormDataEntryValue | null, locale: Locale): string | null {
  const path = safeRedirect(typeof value === "string" ? value : null, "");
  return path && new URL(path, "http://x").pathname.startsWith(localePath(locale, "/payment")) ? path : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const [overview, invoices] = await Promise.all([
    app.services.billing.getBillingOverview(app.scope, account.id),
    app.services.billing.listInvoices(app.scope, {
      accountId: account.id,
      sort: "newest",
      page: 1,
      pageSize: BILLING.recentInvoices,
    }),
  ]);
  const step = cancelStepOf(
    url.searchParams.get("cancel"),
    url.searchParams.get("reason"),
    url.searchParams.get("note"),
  );
  const sub = overview.subscription;
  return {
    overview: {
      plan: overview.plan,
      card: overview.card,
      profile: overview.profile,
      subscription: sub
        ? {
            plan: sub.plan,
            status: sub.status,
            periodEnd: sub.currentPeriodEnd.toISOString(),
            cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            pendingPlan: sub.pendingPlan,
            nextBill: sub.nextBill
              ? { at: sub.nextBill.at.toISOString(), amountCents: sub.nextBill.amountCents }
              : null,
            nextRetryAt: sub.nextRetryAt?.toISOString() ?? null,
          }
        : null,
    },
    cancel: sub && !sub.cancelAtPeriodEnd ? step : null,
    cancelled:
      url.searchParams.get("cancelled") === "1" && sub?.cancelAtPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    invoices: {
      total: invoices.total,
      items: invoices.items.map((i) => ({
        number: i.number,
        status: i.status,
        totalCents: i.totalCents,
        currency: i.currency,
        issuedAt: i.issuedAt.toISOString(),
      })),
    },
    checkout: checkoutReturn(url.searchParams.get("return"), locale),
    stripeKey: app.stripePublishableKey,
    messages: messageSet(locale, "billing"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("billing.page.metaTitle")),
      description: t("billing.page.metaTitle"),
      paths: samePath("/profile/billing"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  const { account } = memberOf(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const wait = await app.limitPaymentAttempt();
  if (wait !== null) return { notice: { ok: false, code: "billing.errors.rateLimited", seconds: wait } };
  const ctx = app.scope;
  const billing = app.services.billing;
  if (intent === "renew") {
    const r = await billing.renewSubscription(ctx, { accountId: account.id });
    return { notice: r.ok ? { ok: true, code: "billing.page.renewed" } : { ok: false, code: r.code } };
  }
  if (intent === "keep") {
    const r = await billing.keepCurrentPlan(ctx, { accountId: account.id });
    return { notice: r.ok ? null : { ok: false, code: r.code } };
  }
  if (intent === "cancel") {
    const reason = formData.get("reason");
    const note = formData.get("note");
    const parsed = cancelSchema.safeParse({ reason, note: typeof note === "string" ? note : undefined });
    if (!parsed.success) {
      const back = new URLSearchParams({ cancel: isReason(String(reason)) ? "lose" : "reason" });
      if (isReason(String(reason))) back.set("reason", String(reason));
      if (typeof note === "string" && note) back.set("note", note.slice(0, BILLING.cancelNoteMax + 1));
      throw redirect(`${localePath(locale, "/profile/billing")}?${back}`);
    }
    const r = await billing.cancelSubscription(ctx, {
      accountId: account.id,
      reason: parsed.data.reason,
      note: parsed.data.note ?? null,
    });
    if (!r.ok) return { notice: { ok: false, code: r.code } };
    throw redirect(`${localePath(locale, "/profile/billing")}?cancelled=1`);
  }
  if (intent === "card") {
    const submission = parseWithZod(formData, {
      schema: (app.stripePublishableKey ? tokenCardSchema : cardSchema) as typeof cardSchema,
    });
    const hideFields = ["cardNumber", "cardCvc"];
    if (submission.status !== "success") return { card: submission.reply({ hideFields }) };
    const r = await billing.updatePaymentMethod(ctx, {
      accountId: account.id,
      source: billing.cardSourceOf(submission.value),
    });
    if (!r.ok)
      return {
        card: submission.reply(
          r.field ? { fieldErrors: { [r.field]: [r.code] }, hideFields } : { formErrors: [r.code], hideFields },
        ),
      };
    const checkout = checkoutReturn(formData.get("return"), locale);
    if (checkout) throw redirect(`${checkout}${checkout.includes("?") ? "&" : "?"}card=updated`);
    return { notice: { ok: true, code: "billing.page.cardUpdated" }, card: submission.reply({ resetForm: true }) };
  }
  return { notice: { ok: false, code: "billing.errors.generic" } };
}

function CardForm({ stripeKey, checkout }: { stripeKey: string | null; checkout: string | null }) {
  const { t, locale } = useI18n();
  const actionData = useActionData<typeof action>();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm(
    "card",
    (stripeKey ? tokenCardSchema : cardSchema) as typeof cardSchema,
    actionData?.card,
  );
  const formProps = getFormProps(form);
  const stripe = useTokenizedSubmit(stripeKey, locale, formProps.onSubmit, actionData, t("billing.errors.cardToken"));
  const formError = form.errors?.[0];
  return (
    <Form method="post" {...formProps} onSubmit={stripe.onSubmit} className="mt-4 flex flex-col gap-4">
      <input type="hidden" name="intent" value="card" />
      {checkout ? <input type="hidden" name="return" value={checkout} /> : null}
      {stripeKey ? <input ref={stripe.tokenRef} type="hidden" name="cardToken" defaultValue="" /> : null}
      {formError ? (
        <FormNotice tone="error">
          <strong className="block">{t("billing.payment.tryAgain")}</strong>
          {t(formError)}
        </FormNotice>
      ) : null}
      {stripeKey ? (
        <StripeCardField
          label={t("billing.payment.cardElement")}
          mountRef={stripe.mountRef}
          error={stripe.error ?? errorText(form.allErrors.cardToken) ?? null}
        />
      ) : (
        <SandboxCardFields fields={fields} />
      )}
      <button type="submit" className="btn-primary self-start" disabled={navigation.state !== "idle"}>
        {t("billing.page.saveCard")}
      </button>
    </Form>
  );
}

/** What cancelling takes away: the plan's benefits, each with a loss mark (a minus), not a tick. */
function Losses({ tier }: { tier: "personal" | "commercial" }) {
  const { t } = useI18n();
  return (
    <ul className="mt-3 flex flex-col gap-2" data-testid="cancel-losses">
      {planBenefits(t, tier).map((b) => (
        <li key={b} className="flex gap-2.5">
          <MinusIcon className="mt-1 size-4 shrink-0 text-red-700" data-mark="loss" />
          <span>{b}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The reason step: a group of radio buttons that must have one chosen, said in the page's language by
 * our own message (not the browser's bubble, in the browser's language): the form does not rely on
 * `required`; the group says it is required (aria-required) and, once refused, invalid and why. "Something
 * else" opens a field for the member's own words (optional).
 */
function ReasonStep({ cancel, close }: { cancel: Extract<CancelStep, { step: "reason" }>; close: () => void }) {
  const { t, href } = useI18n();
  const [error, setError] = useState<string | null>(cancel.error);
  const group = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const noteId = "cancel-note";
  const reasonError = error === "billing.cancel.reasonRequired" ? error : null;
  const noteError = error && !reasonError ? error : null;
  return (
    <Dialog open onClose={close} title={t("billing.cancel.title")}>
      <Form
        method="get"
        noValidate
        className="group/reasons flex flex-col gap-4"
        onSubmit={(e) => {
          if (new FormData(e.currentTarget).get("reason")) return;
          e.preventDefault();
          setError("billing.cancel.reasonRequired");
          group.current?.querySelector("input")?.focus();
        }}
      >
        <input type="hidden" name="cancel" value="lose" />
        <div
          ref={group}
          role="radiogroup"
          aria-labelledby={`${errorId}-title`}
          aria-required="true"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
        >
          <p id={`${errorId}-title`} className="mb-3 font-semibold text-ink">
            {t("billing.cancel.reasonTitle")}
          </p>
          <div className="flex flex-col gap-2">
            {BILLING.cancelReasons.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-lg px-4 py-3 ring-1 ring-line has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="reason"
                  id={`cancel-reason-${r}`}
                  value={r}
                  defaultChecked={cancel.reason === r}
                  onChange={() => {
                    if (reasonError) setError(null);
                  }}
                  className="accent-brand-600"
                />
                <span className="text-sm text-ink">{t(`billing.cancel.reasons.${r}`)}</span>
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id={errorId} className="field-error" role="alert">
              {t(reasonError)}
            </p>
          ) : null}
        </div>
        {/* Shown while "Something else" is chosen: by the style sheet, so it works before scripts load too. */}
        <div className="hidden group-has-[#cancel-reason-other:checked]/reasons:block">
          <Field
            id={noteId}
            label={t("billing.cancel.noteLabel")}
            hint={t("billing.cancel.noteHint", { max: BILLING.cancelNoteMax })}
            error={noteError ? t(noteError, { max: BILLING.cancelNoteMax }) : undefined}
          >
            <textarea
              id={noteId}
              name="note"
              rows={3}
              maxLength={BILLING.cancelNoteMax}
              defaultValue={cancel.note}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
              className="field-input"
            />
          </Field>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={href("/profile/billing")} replace className="btn-secondary">
            {t("billing.cancel.keep")}
          </Link>
          <button type="submit" className="btn-primary">
            {t("billing.cancel.next")}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

function CancelDialog({
  cancel,
  plan,
  periodEnd,
}: {
  cancel: CancelStep;
  plan: Parameters<typeof planInfo>[0];
  periodEnd: string;
}) {
  const { t, href, locale } = useI18n();
  const navigate = useNavigate();
  const close = () => navigate(href("/profile/billing"), { replace: true, preventScrollReset: true });
  // A new answer of the address (a refusal, another reason) starts the step afresh.
  if (cancel.step === "reason")
    return <ReasonStep key={`${cancel.reason}:${cancel.error}:${cancel.note}`} cancel={cancel} close={close} />;
  return (
    <Dialog
      open
      onClose={close}
      title={t("billing.cancel.loseTitle")}
      tone="premium"
      actions={
        <>
          <Link to={href("/profile/billing")} replace className="btn-primary">
            {t("billing.cancel.keep")}
          </Link>
          <Form method="post" className="contents">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="reason" value={cancel.reason} />
            {cancel.note ? <input type="hidden" name="note" value={cancel.note} /> : null}
            <button type="submit" className="btn-secondary">
              {t("billing.cancel.confirm")}
            </button>
          </Form>
        </>
      }
    >
      <p>{t("billing.cancel.loseIntro", { date: formatDay(locale, periodEnd) })}</p>
      <Losses tier={planInfo(plan).tier} />
    </Dialog>
  );
}

const INVOICE_STATUS_STYLE = {
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  open: "bg-premium-50 text-premium-700 ring-premium-100",
  void: "bg-canvas text-ink-muted ring-line",
} as const;

/** The newest invoices (SPEC §2: the billing page shows them), each with its PDF, and the way to all of them. */
function RecentInvoices({
  invoices,
  className,
}: {
  invoices: Route.ComponentProps["loaderData"]["invoices"];
  className: string;
}) {
  const { t, href, locale } = useI18n();
  return (
    <section className={`${className} lg:col-span-2`} aria-labelledby="invoices-h" data-testid="recent-invoices">
      <h2 id="invoices-h" className="text-lg font-semibold text-ink">
        {t("billing.page.recentInvoices")}
      </h2>
      {invoices.items.length ? (
        <ul className="mt-3 divide-y divide-line">
          {invoices.items.map((inv) => (
            <li key={inv.number} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <span className="min-w-[12rem] flex-1">
                <span className="block font-medium text-ink">{inv.number}</span>
                <span className="block text-sm text-ink-muted">
                  <time dateTime={inv.issuedAt} className="whitespace-nowrap">
                    {formatDay(locale, inv.issuedAt)}
                  </time>
                  {" · "}
                  <span className="whitespace-nowrap tabular-nums">
                    {formatMoney(locale, inv.totalCents, { currency: inv.currency })}
                  </span>
                </span>
              </span>
              <span className="flex items-center gap-4">
                <span className={`badge ring-1 ${INVOICE_STATUS_STYLE[inv.status]}`}>
                  {t(`billing.invoiceStatus.${inv.status}`)}
                </span>
                <a
                  href={href(`/profile/invoices/${inv.number}/pdf`)}
                  download={`${inv.number}.pdf`}
                  className="btn-secondary px-3 py-1.5"
                >
                  <DownloadIcon width={16} height={16} />
                  {t("billing.invoices.downloadPdf")}
                  <span className="sr-only">{t("billing.invoices.downloadLabel", { number: inv.number })}</span>
                </a>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">{t("billing.page.noInvoices")}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {invoices.total ? (
          <Link to={href("/profile/invoices")} className="btn-secondary">
            {t("billing.page.allInvoices", { count: invoices.total })}
          </Link>
        ) : null}
        <Link to={href("/profile/payments")} className="btn-ghost">
          {t("billing.page.seePayments")}
        </Link>
      </div>
    </section>
  );
}

function Billing({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const actionData = useActionData<typeof action>();
  const { overview, cancel, cancelled } = loaderData;
  const sub = overview.subscription;
  const card = overview.card;
  const notice = actionData?.notice;
  const section = "rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60";
  const plans = (code: string) => t(`account.profile.plans.${code}`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("billing.page.title")}</h1>
      {notice ? (
        <FormNotice tone={notice.ok ? "success" : "error"}>
          {t(notice.code, { seconds: "seconds" in notice ? (notice.seconds ?? 60) : 60 })}
        </FormNotice>
      ) : null}
      {cancelled ? (
        <FormNotice tone="success">{t("billing.cancel.done", { date: formatDay(locale, cancelled) })}</FormNotice>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <section className={section} aria-labelledby="plan-h">
          <h2 id="plan-h" className="text-lg font-semibold text-ink">
            {t("billing.page.plan")}
          </h2>
          <p className="mt-3 text-2xl font-bold text-ink" data-testid="billing-plan">
            {plans(overview.plan)}
          </p>
          {!sub ? (
            <>
              <p className="mt-2 text-sm text-ink-muted">
                {t(overview.plan === "FREE" ? "billing.page.freeText" : "billing.page.grantedText")}
              </p>
              <Link to={href("/pricing")} className="btn-primary mt-4">
                {t("billing.page.seePlans")}
              </Link>
            </>
          ) : (
            <div className="mt-3 flex flex-col gap-3 text-sm">
              {sub.status === "past_due" && sub.nextRetryAt ? (
                <FormNotice tone="error">
                  {t("billing.page.pastDue", { date: formatDay(locale, sub.nextRetryAt) })}
                </FormNotice>
              ) : null}
              {sub.nextBill ? (
                <p className="text-ink-soft">
                  <span className="font-semibold text-ink">{t("billing.page.nextBill")}: </span>
                  {t("billing.page.nextBillLine", {
                    amount: formatMoney(locale, sub.nextBill.amountCents),
                    date: formatDay(locale, sub.nextBill.at),
                  })}
                </p>
              ) : null}
              {sub.pendingPlan ? (
                <div className="flex flex-wrap items-center gap-3 rounded-lg bg-premium-50 p-3 text-premium-700 ring-1 ring-premium-100">
                  <p>
                    {t("billing.page.pending", {
                      plan: plans(sub.pendingPlan),
                      date: formatDay(locale, sub.periodEnd),
                    })}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="keep" />
                    <button type="submit" className="btn-secondary py-1.5">
                      {t("billing.page.keepCurrent", { plan: plans(sub.plan) })}
                    </button>
                  </Form>
                </div>
              ) : null}
              {sub.cancelAtPeriodEnd ? (
                <div className="flex flex-col gap-3 rounded-lg bg-canvas p-3 ring-1 ring-line">
                  <p className="text-ink-soft" data-testid="cancelled-note">
                    {t("billing.page.cancelled", { plan: plans(sub.plan), date: formatDay(locale, sub.periodEnd) })}
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="renew" />
                    <button type="submit" className="btn-primary">
                      {t("billing.page.renew")}
                    </button>
                  </Form>
                </div>
              ) : null}
              <div className="mt-1 flex flex-wrap gap-3">
                <Link to={href("/pricing")} className="btn-secondary">
                  {t("billing.page.changePlan")}
                </Link>
                {!sub.cancelAtPeriodEnd ? (
                  <Link to={`${href("/profile/billing")}?cancel=reason`} preventScrollReset className="btn-ghost">
                    {t("billing.page.cancel")}
                  </Link>
                ) : null}
              </div>
            </div>
          )}
        </section>
        <section className={section} aria-labelledby="card-h">
          <h2 id="card-h" className="text-lg font-semibold text-ink">
            {t("billing.page.card")}
          </h2>
          {card ? (
            <p className="mt-3 text-ink" data-testid="billing-card">
              <span className="font-semibold">
                {t("billing.page.cardLine", { brand: card.brand, last4: card.last4 })}
              </span>
              <span className="block text-sm text-ink-muted">
                {t("billing.page.cardExpires", {
                  month: String(card.expMonth).padStart(2, "0"),
                  year: String(card.expYear),
                })}
              </span>
            </p>
          ) : (
            <p className="mt-3 text-sm text-ink-muted">{t("billing.page.noCard")}</p>
          )}
          {sub && loaderData.checkout ? (
            <div className="mt-4 flex flex-col gap-3">
              <FormNotice tone="info">{t("billing.page.checkoutReturn")}</FormNotice>
              <CardForm stripeKey={loaderData.stripeKey} checkout={loaderData.checkout} />
              <Link to={loaderData.checkout} className="text-sm font-semibold text-brand-700 hover:underline">
                {t("billing.page.backToCheckout")}
              </Link>
            </div>
          ) : sub ? (
            <details className="mt-4 group" open={Boolean(actionData?.card?.error) || sub.status === "past_due"}>
              <summary className="btn-secondary cursor-pointer list-none">{t("billing.page.updateCard")}</summary>
              <CardForm stripeKey={loaderData.stripeKey} checkout={null} />
            </details>
          ) : null}
        </section>
        {overview.profile ? (
          <section className={section} aria-labelledby="details-h">
            <h2 id="details-h" className="text-lg font-semibold text-ink">
              {t("billing.page.details")}
            </h2>
            <address className="mt-3 text-sm leading-6 text-ink-soft not-italic">
              {overview.profile.name}
              <br />
              {overview.profile.email}
              <br />
              {overview.profile.address}
              <br />
              {[overview.profile.zip, overview.profile.city].filter(Boolean).join(" ")}
              <br />
              {countryName(locale, overview.profile.country)}
            </address>
          </section>
        ) : null}
        <RecentInvoices invoices={loaderData.invoices} className={section} />
      </div>
      {cancel && sub ? <CancelDialog cancel={cancel} plan={sub.plan} periodEnd={sub.periodEnd} /> : null}
    </div>
  );
}

export default withMessages(Billing);
