import { Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

/** The operator area's home: the catalogue's templates by state, from the database, and the way to the audit log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, locale, origin, t } = pageContext(request, context);
  const overview = await app.services.operatorAccess.operatorOverview(ctx);
  return {
    templates: overview.templates,
    seo: {
      origin,
      locale,
      title: t("account.operator.home.metaTitle"),
      description: t("account.operator.home.intro"),
      paths: samePath("/operator"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export default function OperatorHome({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { templates } = loaderData;
  const n = new Intl.NumberFormat(locale);
  const states = [
    { key: "published", value: templates.published },
    { key: "scheduled", value: templates.scheduled },
    { key: "draft", value: templates.draft },
  ] as const;
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.operator.home.title")}</h1>
        <p className="mt-2 text-ink-muted">{t("account.operator.home.intro")}</p>
      </div>
      <section aria-labelledby="op-templates" className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60">
        <h2 id="op-templates" className="text-lg font-semibold text-ink">
          {t("account.operator.home.templates")}
        </h2>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          {states.map((s) => (
            <div
              key={s.key}
              className="rounded-lg bg-canvas px-4 py-3 ring-1 ring-line/60"
              data-testid={`templates-${s.key}`}
            >
              <dt className="text-sm font-medium text-ink-muted">{t(`account.operator.state.${s.key}`)}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums text-ink">{n.format(s.value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-ink-muted">
          {t("account.operator.home.total", { count: templates.published + templates.scheduled + templates.draft })}
        </p>
      </section>
      <section aria-labelledby="op-audit" className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60">
        <h2 id="op-audit" className="text-lg font-semibold text-ink">
          {t("account.operator.audit.title")}
        </h2>
        <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.operator.home.auditText")}</p>
        <Link to={href("/operator/audit")} className="btn-secondary mt-4">
          {t("account.operator.home.auditLink")}
        </Link>
      </section>
    </div>
  );
}
