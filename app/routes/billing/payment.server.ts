/**
 * The payment page, server half: what the page shows for a plan (a new subscription, an upgrade with its
 * quote, or where to go instead) and the payment and upgrade forms' action.
 */
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath } from "#app/lib/seo.ts";
import type { PaidPlanCode } from "#config/constants.ts";
import { planChange, planFromPicker } from "#modules/billing/plans.ts";
import {
  type PERIODS,
  type PLAN_TYPES,
  paymentSchema,
  tokenPaymentSchema,
  upgradeSchema,
} from "#modules/billing/schemas.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";

type LoaderArgs = { request: Request; params: { type?: string }; context: Readonly<RouterContextProvider> };
type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type PlanType = (typeof PLAN_TYPES)[number];
export type Period = (typeof PERIODS)[number];

/** `/payment/premium` is the Personal plan (SPEC calls it Premium). */
const typeOf = (v: string | undefined): PlanType => (v === "commercial" ? "commercial" : "personal");
const periodOf = (v: string | null): Period => (v === "yearly" ? "yearly" : "monthly");

function thankYou(locale: "en" | "es", r: { transactionId: string; amountCents: number; plan: PaidPlanCode }) {
  const q = new URLSearchParams({
    amount: (r.amountCents / 100).toFixed(2),
    plan: r.plan,
    transactionId: r.transactionId,
  });
  return `${localePath(locale, "/thank-you")}?${q}`;
}

export async function paymentLoader({ request, params, context }: LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  if (!viewer) {
    const back = url.pathname + url.search;
    throw redirect(`${localePath(locale, "/signup")}?redirect=${encodeURIComponent(back)}`);
  }
  const type = typeOf(params.type);
  const period = periodOf(url.searchParams.get("period"));
  const target = planFromPicker(type, period);
  const ctx = app.scope;
  const overview = await app.services.billing.getBillingOverview(ctx, viewer.id);
  const sub = overview.subscription;
  const change = sub ? planChange(sub.plan, target) : "subscribe";
  const quote =
    change === "subscribe" || change === "upgrade"
      ? await app.services.billing.quotePlan(ctx, { accountId: viewer.id, target })
      : null;
  return {
    type,
    period,
    target,
    mode: !ctx.payments
      ? ("unavailable" as const)
      : change === "subscribe"
        ? ("subscribe" as const)
        : change === "upgrade"
          ? ("upgrade" as const)
          : ("other" as const),
    current: sub?.plan ?? null,
    quote: quote
      ? {
          chargedPlan: quote.chargedPlan,
          priceCents: quote.priceCents,
          creditCents: quote.creditCents,
          dueCents: quote.dueCents,
        }
      : null,
    currentPlan: sub?.plan ?? null,
    card: overview.card,
    defaults: {
      billingName: overview.profile?.name ?? viewer.name,
      billingEmail: overview.profile?.email ?? viewer.email,
      address: overview.profile?.address ?? "",
      country: overview.profile?.country ?? (locale === "es" ? "ES" : "US"),
      city: overview.profile?.city ?? "",
      zip: overview.profile?.zip ?? "",
    },
    attempt: randomUUID(),
    sandbox: app.sandboxPayments,
    stripeKey: app.stripePublishableKey,
    messages: messageSet(locale, "billing"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("billing.payment.metaTitle")),
      description: t("billing.payment.metaTitle"),
      paths: samePath(`/payment/${type}`),
    },
  };
}

/** The page's data, as its forms receive it. */
export type PaymentData = Awaited<ReturnType<typeof paymentLoader>>;

export async function paymentAction({ request, context }: ActionArgs) {
  const { app, locale } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  if (!viewer) throw redirect(localePath(locale, "/login"));
  const formData = await request.formData();
  const wait = await app.limitPaymentAttempt();
  const ctx = app.scope;
  if (formData.get("intent") === "complete") {
    // Back from the bank's confirmation (3-D Secure): finish the purchase of this attempt.
    const attempt = String(formData.get("attempt") ?? "");
    if (!/^[\w-]{8,64}$/.test(attempt)) return { completeError: "billing.errors.attempt", attempt: randomUUID() };
    const r = await app.services.billing.completeSubscribe(ctx, { accountId: viewer.id, attempt });
    if (!r.ok) return r.action ? { authenticate: r.action, attempt } : { completeError: r.code, attempt: randomUUID() };
    throw redirect(thankYou(locale, r.value));
  }
  if (formData.get("intent") === "upgrade") {
    const parsed = upgradeSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success)
      return { upgradeError: parsed.error.issues[0]?.message ?? "billing.errors.plan", attempt: randomUUID() };
    if (wait !== null) return { upgradeError: "billing.errors.rateLimited", seconds: wait, attempt: randomUUID() };
    const r = await app.services.billing.upgrade(ctx, {
      accountId: viewer.id,
      target: planFromPicker(parsed.data.type, parsed.data.period),
      attempt: parsed.data.attempt,
      expectedCents: parsed.data.expected === undefined ? undefined : Number(parsed.data.expected),
    });
    if (!r.ok) return { upgradeError: r.code, attempt: randomUUID() };
    throw redirect(thankYou(locale, r.value));
  }
  // With Stripe the card comes as a token made by Stripe's element; the sandbox takes typed card fields.
  const submission = parseWithZod(formData, {
    schema: (app.stripePublishableKey ? tokenPaymentSchema : paymentSchema) as typeof paymentSchema,
  });
  const hideFields = ["cardNumber", "cardCvc"];
  if (submission.status !== "success") return { result: submission.reply({ hideFields }), attempt: randomUUID() };
  if (wait !== null)
    return {
      result: submission.reply({ formErrors: ["billing.errors.rateLimited"], hideFields }),
      seconds: wait,
      attempt: randomUUID(),
    };
  const r = await app.services.billing.subscribe(ctx, {
    accountId: viewer.id,
    ...app.services.billing.fromPaymentForm(submission.value),
  });
  if (!r.ok && r.action)
    // The bank wants the cardholder to confirm: the page runs Stripe's check, then completes this attempt.
    return { result: submission.reply({ hideFields }), authenticate: r.action, attempt: submission.value.attempt };
  if (!r.ok)
    return {
      result: submission.reply(
        r.field ? { fieldErrors: { [r.field]: [r.code] }, hideFields } : { formErrors: [r.code], hideFields },
      ),
      attempt: randomUUID(),
    };
  throw redirect(thankYou(locale, r.value));
}

/** The action's answer to the payment or upgrade form (its successes are redirects). */
export type PaymentAnswer = Awaited<ReturnType<typeof paymentAction>>;
