import { Form, Link, redirect, useNavigate } from "react-router";
import { planBenefits, planDrawbacks } from "#app/components/billing/benefits.ts";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { CheckIcon, MinusIcon } from "#app/components/icons.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { ANNUAL_SAVING_PERCENT, type Locale, type PlanCode, PRICES_CENTS } from "#config/constants.ts";
import { isPaidPlan, planChange, planFromPicker, planInfo, pricingButton } from "#modules/billing/plans.ts";
import { formatDay, formatMoney } from "#modules/shared/format.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/pricing";

type Period = "monthly" | "yearly";
const periodOf = (v: string | null): Period => (v === "yearly" ? "yearly" : "monthly");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const period = periodOf(url.searchParams.get("period"));
  const viewer = app.scope.viewer?.account;
  const overview = viewer ? await app.services.billing.getBillingOverview(app.scope, viewer.id) : null;
  const sub = overview?.subscription ?? null;
  // A downgrade or switch asks first (a real address, so it works before JavaScript loads).
  const change = url.searchParams.get("change") ?? "";
  const kind = sub && isPaidPlan(change) ? planChange(sub.plan, change) : null;
  const confirm =
    sub && isPaidPlan(change) && (kind === "downgrade" || kind === "switch")
      ? {
          target: change,
          current: sub.plan,
          at: sub.currentPeriodEnd.toISOString(),
          amountCents: planInfo(change).priceCents,
        }
      : null;
  const done = url.searchParams.get("changed");
  return {
    period,
    plan: overview ? overview.plan : null,
    subscription: sub
      ? {
          pendingPlan: sub.pendingPlan,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          periodEnd: sub.currentPeriodEnd.toISOString(),
        }
      : null,
    confirm,
    changed: done && isPaidPlan(done) && sub ? { plan: done, at: sub.currentPeriodEnd.toISOString() } : null,
    messages: messageSet(locale, "billing"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("billing.pricing.metaTitle")),
      description: t("billing.pricing.metaDescription", {
        personal: formatMoney(locale, PRICES_CENTS.PERSONAL_MONTHLY),
        commercial: formatMoney(locale, PRICES_CENTS.COMMERCIAL_MONTHLY),
      }),
      paths: samePath("/pricing"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** A downgrade or a period switch, confirmed: it waits for the renewal. */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  if (!viewer)
    throw redirect(`${localePath(locale, "/login")}?redirect=${encodeURIComponent(localePath(locale, "/pricing"))}`);
  const form = await request.formData();
  const target = String(form.get("target") ?? "");
  const period = periodOf(String(form.get("period") ?? ""));
  if (!isPaidPlan(target)) return { error: "billing.errors.plan" };
  const wait = await app.limitPaymentAttempt();
  if (wait !== null) return { error: "billing.errors.rateLimited", seconds: wait };
  const r = await app.services.billing.schedulePlanChange(app.scope, {
    accountId: viewer.id,
    target,
  });
  if (!r.ok) return { error: r.code };
  throw redirect(`${localePath(locale, "/pricing")}?period=${period}&changed=${target}`);
}

const TIERS = ["free", "personal", "commercial"] as const;

function PlanCard({
  tier,
  period,
  viewerPlan,
  note,
  locale,
}: {
  tier: (typeof TIERS)[number];
  period: Period;
  viewerPlan: PlanCode | null;
  note: string | null;
  locale: Locale;
}) {
  const { t, href } = useI18n();
  const code: PlanCode = tier === "free" ? "FREE" : planFromPicker(tier, period);
  const button = pricingButton(viewerPlan, code);
  const price = code === "FREE" ? 0 : PRICES_CENTS[code];
  const featured = tier === "personal";
  const to = (() => {
    if (button === "current") return null;
    if (code === "FREE") return button === "getStarted" ? href("/signup") : `${href("/profile/billing")}?cancel=reason`;
    if (button === "getStarted" || button === "upgrade") return `${href(`/payment/${tier}`)}?period=${period}`;
    return `${href("/pricing")}?period=${period}&change=${code}`;
  })();
  const headingId = `plan-${tier}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-card bg-surface p-6 shadow-card ring-1 sm:p-8 ${
        featured ? "ring-2 ring-brand-600" : "ring-line/60"
      }`}
      data-testid={`plan-${tier}`}
    >
      {featured ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {t("billing.pricing.popular")}
        </p>
      ) : null}
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {t(`billing.plans.${tier}.name`)}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t(`billing.plans.${tier}.tagline`)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink tabular-nums">{formatMoney(locale, price)}</span>
        {code === "FREE" ? null : (
          <span className="text-ink-muted">
            {period === "yearly" ? t("billing.pricing.perYear") : t("billing.pricing.perMonth")}
          </span>
        )}
      </p>
      <p className="mt-1 min-h-5 text-sm text-ink-muted">
        {code === "FREE"
          ? t("billing.pricing.forever")
          : period === "yearly"
            ? `${t("billing.pricing.twoMonthsFree")} · ${formatMoney(locale, Math.round(price / 12))}${t("billing.pricing.perMonth")}`
            : t("billing.pricing.billedMonthly")}
      </p>
      <div className="mt-6">
        {to === null ? (
          <span className="btn-secondary w-full cursor-default" aria-disabled="true">
            {t("billing.pricing.current")}
          </span>
        ) : (
          <Link
            to={to}
            className={`${featured ? "btn-primary" : "btn-secondary"} w-full`}
            aria-label={`${t(`billing.pricing.${button}`)}: ${t(`billing.plans.${tier}.name`)}`}
          >
            {t(`billing.pricing.${button}`)}
          </Link>
        )}
        {note ? <p className="mt-2 text-center text-sm font-medium text-premium-700">{note}</p> : null}
      </div>
      <ul className="mt-6 flex flex-col gap-2.5 border-t border-line pt-6 text-sm text-ink-soft">
        {planBenefits(t, tier).map((b) => (
          <li key={b} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" data-mark="benefit" />
            <span>{b}</span>
          </li>
        ))}
        {planDrawbacks(t, tier).map((b) => (
          <li key={b} className="flex gap-2.5 text-ink-muted">
            <MinusIcon className="mt-0.5 size-4 shrink-0" data-mark="drawback" />
            <span>
              <span className="sr-only">{`${t("billing.pricing.drawback")} `}</span>
              {b}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const navigate = useNavigate();
  const { period, plan, subscription, confirm, changed } = loaderData;
  const noteFor = (tier: (typeof TIERS)[number]) => {
    if (!subscription || !plan) return null;
    const code = tier === "free" ? "FREE" : planFromPicker(tier, period);
    if (subscription.pendingPlan === code)
      return t("billing.pricing.pendingNote", {
        plan: t(`account.profile.plans.${code}`),
        date: formatDay(locale, subscription.periodEnd),
      });
    if (code === plan && subscription.cancelAtPeriodEnd)
      return t("billing.pricing.cancelledNote", { date: formatDay(locale, subscription.periodEnd) });
    return null;
  };
  const periodLink = (p: Period) => `${href("/pricing")}${p === "monthly" ? "" : "?period=yearly"}`;
  return (
    <div className="container-page py-10 sm:py-16">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("billing.pricing.title")}</h1>
        <p className="mt-3 text-lg text-ink-muted">{t("billing.pricing.intro")}</p>
        <nav
          aria-label={t("billing.pricing.period")}
          className="mt-8 inline-flex gap-1 rounded-full bg-surface p-1 ring-1 ring-line"
        >
          {(["monthly", "yearly"] as const).map((p) => (
            <Link
              key={p}
              to={periodLink(p)}
              preventScrollReset
              replace
              aria-current={period === p ? "page" : undefined}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${
                period === p ? "bg-brand-600 text-white" : "text-ink-soft hover:bg-brand-50"
              }`}
            >
              <span>{t(`billing.pricing.${p}`)}</span>
              {p === "yearly" ? (
                <span
                  className={`ml-2 rounded-full px-2 py-0.5 text-xs ${period === p ? "bg-white text-brand-700" : "bg-premium-50 text-premium-700"}`}
                >
                  {t("billing.pricing.save", { percent: ANNUAL_SAVING_PERCENT })}
                </span>
              ) : null}
            </Link>
          ))}
        </nav>
      </div>
      {changed ? (
        <div className="mx-auto mt-8 max-w-2xl">
          <FormNotice tone="success">
            {t("billing.pricing.changeScheduled", {
              plan: t(`account.profile.plans.${changed.plan}`),
              date: formatDay(locale, changed.at),
            })}
          </FormNotice>
        </div>
      ) : null}
      {actionData?.error ? (
        <div className="mx-auto mt-8 max-w-2xl">
          <FormNotice tone="error">{t(actionData.error, { seconds: actionData.seconds ?? 60 })}</FormNotice>
        </div>
      ) : null}
      <div className="mx-auto mt-10 grid max-w-6xl gap-6 lg:grid-cols-3">
        {TIERS.map((tier) => (
          <PlanCard key={tier} tier={tier} period={period} viewerPlan={plan} note={noteFor(tier)} locale={locale} />
        ))}
      </div>
      <section
        aria-labelledby="notes-h"
        className="mx-auto mt-12 max-w-3xl rounded-card bg-canvas p-6 ring-1 ring-line"
      >
        <h2 id="notes-h" className="font-semibold text-ink">
          {t("billing.pricing.notes.title")}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm text-ink-soft">
          <li>{t("billing.pricing.notes.cancel")}</li>
          <li>{t("billing.pricing.notes.upgrade")}</li>
          <li>{t("billing.pricing.notes.refunds")}</li>
        </ul>
        <Link to={href("/license")} className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
          {t("billing.pricing.notes.license")}
        </Link>
      </section>
      {confirm ? (
        <Dialog
          open
          onClose={() => navigate(periodLink(period), { replace: true, preventScrollReset: true })}
          title={t("billing.pricing.changeTitle", { plan: t(`account.profile.plans.${confirm.target}`) })}
          actions={
            <>
              <Link to={periodLink(period)} replace preventScrollReset className="btn-secondary">
                {t("billing.pricing.keepPlan")}
              </Link>
              <Form method="post" className="contents">
                <input type="hidden" name="target" value={confirm.target} />
                <input type="hidden" name="period" value={period} />
                <button type="submit" className="btn-primary">
                  {t("billing.pricing.confirmChange")}
                </button>
              </Form>
            </>
          }
        >
          <p>
            {t(
              planChange(confirm.current, confirm.target) === "switch"
                ? "billing.pricing.switchText"
                : "billing.pricing.downgradeText",
              {
                current: t(`account.profile.plans.${confirm.current}`),
                plan: t(`account.profile.plans.${confirm.target}`),
                date: formatDay(locale, confirm.at),
                amount: formatMoney(locale, confirm.amountCents),
              },
            )}
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}

export default withMessages(Pricing);
