import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { errorMeta, seo } from "#app/lib/seo.ts";
import { LICENCE_ALLOWS } from "#modules/licences/allows.ts";
import type { PublicLicence } from "#modules/licences/service.ts";
import { formatDay } from "#modules/shared/format.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/verify";
import { verifyLoader } from "./verify.server.ts";

/** Route policy (server/route-policy.ts): a check per code, within a budget: rendered each time, never kept. */
export const handle: PolicyHandle = { policy: { cache: "none" } };

export const loader = (args: Route.LoaderArgs) => verifyLoader(args);

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

/** Never indexed (the meta tag says so too), and a refused check says when to come back. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const out = new Headers({ "X-Robots-Tag": "noindex" });
  const wait = loaderHeaders.get("Retry-After");
  if (wait) out.set("Retry-After", wait);
  return out;
};

function Verify({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { state, asked } = loaderData;
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("licences.verify.title")}</h1>
      {state.kind === "form" ? <p className="mt-3 text-lg text-ink-soft">{t("licences.verify.intro")}</p> : null}

      {state.kind === "valid" ? <Valid licence={state.licence} /> : null}
      {state.kind === "invalid" ? (
        <section
          className="mt-8 rounded-card border border-red-200 bg-red-50 p-5 sm:p-6"
          aria-labelledby="licence-status"
        >
          <p id="licence-status" className="badge gap-1.5 bg-white px-3 py-1 text-sm text-red-800 ring-1 ring-red-200">
            <CloseIcon width={16} height={16} aria-hidden="true" />
            {t("licences.verify.invalid")}
          </p>
          {asked ? (
            <p className="mt-3 font-mono text-sm break-all text-ink-soft" translate="no">
              {asked}
            </p>
          ) : null}
          <p role="alert" className="mt-2 text-red-900">
            {state.message}
          </p>
        </section>
      ) : null}
      {state.kind === "rateLimited" ? (
        <section className="mt-8 rounded-card border border-premium-100 bg-premium-50 p-5 sm:p-6">
          <h2 className="font-semibold text-premium-700">{t("licences.verify.rateLimitedTitle")}</h2>
          <p role="alert" className="mt-1 text-ink-soft">
            {state.message}
          </p>
        </section>
      ) : null}

      <CheckForm
        again={state.kind !== "form"}
        value={state.kind === "valid" ? "" : asked}
        invalid={state.kind === "invalid"}
      />

      <p className="mt-8 text-sm">
        <Link to={href("/license")} className="font-medium text-brand-700 underline underline-offset-2">
          {t("licences.verify.terms")}
        </Link>
      </p>
    </div>
  );
}

/** A valid licence: the badge, then what was licensed, to whom, when, and what it covers (never the project). */
function Valid({ licence }: { licence: PublicLicence }) {
  const { t, href, locale } = useI18n();
  const licensee = licence.guest ? t("licences.fields.guest") : (licence.licensee ?? "–");
  const rows: { label: string; value: ReactNode; note?: string }[] = [
    {
      label: t("licences.fields.template"),
      value:
        licence.templateId !== null ? (
          <Link
            to={href(`/template/${licence.templateSlug}`)}
            className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {licence.templateTitle}
          </Link>
        ) : (
          licence.templateTitle
        ),
      note: licence.templateId === null ? t("licences.fields.removed") : undefined,
    },
    ...(licence.colorName ? [{ label: t("licences.fields.color"), value: licence.colorName }] : []),
    { label: t("licences.fields.format"), value: t(`catalog.card.formatNames.${licence.format}`) },
    {
      label: t("licences.fields.granted"),
      value: <time dateTime={new Date(licence.grantedAt).toISOString()}>{formatDay(locale, licence.grantedAt)}</time>,
    },
    {
      label: t("licences.fields.licensee"),
      value: licensee,
      note: licence.licenseeGone ? t("licences.fields.gone") : undefined,
    },
    { label: t("licences.fields.kind"), value: t(`licences.kinds.${licence.kind}`) },
  ];
  return (
    <section
      className="mt-8 overflow-hidden rounded-card border border-emerald-200 bg-surface shadow-card"
      aria-labelledby="licence-status"
    >
      <div className="border-b border-emerald-200 bg-emerald-50 px-5 py-4 sm:px-6">
        <p
          id="licence-status"
          role="status"
          className="badge gap-1.5 bg-white px-3 py-1 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckIcon width={16} height={16} aria-hidden="true" />
          {t("licences.verify.valid")}
        </p>
        <p className="mt-3 text-sm text-emerald-900">{t("licences.verify.validText")}</p>
        <p className="mt-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">{t("licences.fields.code")}</p>
        <p
          className="mt-1 font-mono text-xl font-semibold tracking-wider break-all text-ink sm:text-2xl"
          translate="no"
          data-testid="licence-code"
        >
          {licence.code}
        </p>
      </div>
      <dl className="divide-y divide-line px-5 sm:px-6">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
            <dt className="text-sm text-ink-muted">{row.label}</dt>
            <dd className="font-medium break-words text-ink">
              {row.value}
              {row.note ? <span className="mt-0.5 block text-sm font-normal text-ink-muted">{row.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="border-t border-line bg-canvas px-5 py-4 sm:px-6">
        <h2 className="font-semibold text-ink">{t("licences.allows.title")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-soft marker:text-brand-600">
          {LICENCE_ALLOWS[licence.kind].map((key) => (
            <li key={key}>{t(`licences.allows.${licence.kind}.${key}`)}</li>
          ))}
        </ul>
        {licence.kind !== "free" ? (
          <p className="mt-3 text-sm font-medium text-emerald-800">{t("licences.staysValid")}</p>
        ) : null}
      </div>
    </section>
  );
}

/** The form that checks a code: a GET to /licence (the loader sends a code on to its own address). */
function CheckForm({ again, value, invalid }: { again: boolean; value: string; invalid: boolean }) {
  const { t, href } = useI18n();
  return (
    <Form method="get" action={href("/licence")} className="mt-8" key={value}>
      <label htmlFor="licence-code" className="block font-semibold text-ink">
        {again ? t("licences.verify.another") : t("licences.verify.label")}
      </label>
      <p id="licence-code-hint" className="mt-1 text-sm text-ink-muted">
        {t("licences.verify.hint")}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id="licence-code"
          name="code"
          type="text"
          defaultValue={value}
          required
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-describedby="licence-code-hint"
          aria-invalid={invalid || undefined}
          className="h-11 w-full min-w-0 rounded-lg sm:flex-1 border border-line bg-surface px-4 font-mono text-base tracking-wide text-ink uppercase placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none aria-[invalid]:border-red-400"
        />
        <button type="submit" className="btn-primary h-11 px-6">
          {t("licences.verify.submit")}
        </button>
      </div>
    </Form>
  );
}

export default withMessages(Verify);

export const ErrorBoundary = RouteErrorBoundary;
