import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { LogoMark } from "#app/components/icons.tsx";
import { LanguagePicker } from "#app/components/layout/language-picker.tsx";
import { LogoutForm } from "#app/components/layout/logout-form.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import { useTabStrip } from "#app/components/layout/use-tab-strip.ts";

/**
 * The operator area's pages, in the order of its navigation. A new page is a route under
 * routes/operator/layout.tsx in app/routes.ts and one line here.
 */
export const OPERATOR_NAV: { to: string; label: string; end?: boolean }[] = [
  { to: "/operator", label: "account.operator.nav.home", end: true },
  { to: "/operator/templates", label: "account.operator.nav.templates" },
  { to: "/operator/designers", label: "account.operator.nav.designers" },
  { to: "/operator/members", label: "deskMembers.nav" },
  { to: "/operator/messages", label: "deskMessages.nav" },
  { to: "/operator/search", label: "deskSearch.nav" },
  { to: "/operator/figures", label: "deskFigures.nav" },
  { to: "/operator/audit", label: "account.operator.nav.audit" },
];

/** The operator area's own frame: a quiet header (brand, "Operator", language, log-out) and its navigation. */
export function OperatorChrome({ email, children }: { email: string; children: ReactNode }) {
  const { t, href } = useI18n();
  const strip = useTabStrip<HTMLElement>();
  const link = ({ isActive }: { isActive: boolean }) =>
    `btn-ghost shrink-0 whitespace-nowrap justify-start ${isActive ? "bg-brand-50 text-brand-700" : ""}`;
  return (
    <>
      <ProgressBar />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="container-page flex h-16 items-center gap-3">
          <Link to={href("/")} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-ink">
            <LogoMark />
            {/* On a phone the mark alone shows; the brand stays the link's name. */}
            <span className="sr-only sm:not-sr-only">{t("common.brand")}</span>
          </Link>
          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-surface">
            {t("account.operator.badge")}
          </span>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <span className="hidden truncate text-sm text-ink-muted md:inline">{email}</span>
            {/* On a phone the language link is its globe (its name stays its accessible name). */}
            <LanguagePicker className="[&>span]:sr-only sm:[&>span]:not-sr-only" />
            <LogoutForm className="btn-ghost whitespace-nowrap px-2 sm:px-3" />
          </div>
        </div>
      </header>
      <div className="container-page grid gap-6 py-6 md:grid-cols-[13rem_1fr] md:gap-8 md:py-10">
        <nav
          ref={strip.ref}
          aria-label={t("account.operator.nav.label")}
          data-more={strip.more}
          className="tab-strip flex gap-1 overflow-x-auto md:flex-col"
        >
          {OPERATOR_NAV.map((item) => (
            <NavLink key={item.to} to={href(item.to)} end={item.end} className={link}>
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
    </>
  );
}
