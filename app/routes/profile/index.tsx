import { Link } from "react-router";
import { DownloadsChart } from "#app/components/account/downloads-chart.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { LOCALE_TAGS } from "#config/browser.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, locale, origin, t } = pageContext(request, context);
  const { account, facts } = memberOf(context);
  const viewer = app.services.downloads.accountViewer(account);
  const allowance = await app.services.downloads.getAllowance(ctx, viewer, facts);
  const [favoritesCount, months] = await Promise.all([
    app.services.favorites.countFavorites(ctx, { accountId: account.id }),
    app.services.downloadHistory.downloadsByMonth(ctx, { accountId: account.id, months: 12 }),
  ]);
  return {
    account: { name: account.name, username: account.username, email: account.email, plan: account.plan },
    allowance: { used: allowance.used, limit: allowance.limit, resetsAt: allowance.resetsAt.toISOString() },
    favorites: { total: favoritesCount },
    months,
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.profile.metaTitle")),
      description: t("account.profile.metaTitle"),
      paths: samePath("/profile"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { account, allowance, favorites, months } = loaderData;
  const resets = new Date(allowance.resetsAt).toLocaleDateString(LOCALE_TAGS[locale], {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  const pct = allowance.limit ? Math.min(100, Math.round((allowance.used / allowance.limit) * 100)) : 0;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        {t("account.profile.hello", { name: account.name })}
      </h1>
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60" aria-labelledby="downloads-h">
          <h2 id="downloads-h" className="text-lg font-semibold text-ink">
            {t("account.profile.downloadsTitle")}
          </h2>
          <p className="mt-3 text-3xl font-bold tabular-nums text-ink" data-testid="profile-downloads">
            {allowance.limit === null
              ? t("account.profile.usedUnlimited", { used: allowance.used })
              : t("account.profile.used", { used: allowance.used, limit: allowance.limit })}
          </p>
          {allowance.limit !== null ? (
            <div
              className="mt-4 h-2 rounded-full bg-line"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={allowance.limit}
              aria-valuenow={allowance.used}
              aria-label={t("account.profile.downloadsTitle")}
            >
              <div className="h-2 rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
            </div>
          ) : null}
          <p className="mt-3 text-sm text-ink-muted">{t("account.profile.resets", { date: resets })}</p>
          <Link to={href("/profile/downloads")} className="btn-secondary mt-4">
            {t("account.profile.seeDownloads")}
          </Link>
        </section>
        <section className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60" aria-labelledby="account-h">
          <h2 id="account-h" className="text-lg font-semibold text-ink">
            {t("account.profile.title")}
          </h2>
          <dl className="mt-3 divide-y divide-line text-sm">
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-ink-muted">{t("account.profile.plan")}</dt>
              <dd className="font-semibold text-ink">{t(`account.profile.plans.${account.plan}`)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-ink-muted">{t("account.profile.username")}</dt>
              <dd className="truncate text-ink">@{account.username}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-ink-muted">{t("account.profile.email")}</dt>
              <dd className="truncate text-ink">{account.email}</dd>
            </div>
          </dl>
          <Link to={href("/profile/settings")} className="btn-secondary mt-4">
            {t("account.settings.nav")}
          </Link>
        </section>
        <section className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60 lg:col-span-2">
          <DownloadsChart months={months} />
        </section>
        <section
          className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60 lg:col-span-2"
          aria-labelledby="fav-h"
        >
          <h2 id="fav-h" className="text-lg font-semibold text-ink">
            {t("account.profile.favoritesTitle")}
          </h2>
          <p className="mt-2 text-ink-soft">{t("account.favorites.count", { count: favorites.total })}</p>
          <Link to={href("/profile/favorites")} className="btn-secondary mt-4">
            {t("account.profile.seeFavorites")}
          </Link>
        </section>
      </div>
    </div>
  );
}
