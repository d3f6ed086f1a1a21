import { NavLink, Outlet } from "react-router";
import type { InterestsHandle } from "#app/components/account/interests-dialog.tsx";
import { MoreMessages, useI18n } from "#app/components/i18n.tsx";
import { LogoutForm } from "#app/components/layout/logout-form.tsx";
import { useTabStrip } from "#app/components/layout/use-tab-strip.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { requireMember } from "#app/middleware/require-member.server.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/layout";

/** The member's own pages: the interests dialog never covers them, so the account can always be managed or left. */
/** Route policy (server/route-policy.ts): the member's own pages, kept by no cache. */
export const handle: InterestsHandle & PolicyHandle = { interests: false, policy: { cache: "personal" } };

/** Profile pages need an account: anyone else goes to sign-up, with the way back (SPEC §2). */
export const middleware: Route.MiddlewareFunction[] = [requireMember()];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = pageContext(request, context);
  // The member's own pages use the account and sign-in words (the root sends only the header's).
  return {
    messages: messageSet(locale, "profile"),
  };
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MoreMessages messages={loaderData.messages}>
      <ProfileChrome />
    </MoreMessages>
  );
}

function ProfileChrome() {
  const { t, href } = useI18n();
  const strip = useTabStrip<HTMLElement>();
  const link = ({ isActive }: { isActive: boolean }) =>
    `btn-ghost shrink-0 justify-start whitespace-nowrap ${isActive ? "bg-brand-50 text-brand-700" : ""}`;
  return (
    <div className="container-page grid gap-8 py-8 md:grid-cols-[14rem_1fr] md:py-12">
      <nav
        ref={strip.ref}
        aria-label={t("account.profile.nav")}
        data-more={strip.more}
        className="tab-strip flex gap-1 overflow-x-auto md:flex-col"
      >
        <NavLink to={href("/profile")} end className={link}>
          {t("auth.menu.profile")}
        </NavLink>
        <NavLink to={href("/profile/favorites")} className={link}>
          {t("auth.menu.favorites")}
        </NavLink>
        <NavLink to={href("/profile/downloads")} className={link}>
          {t("auth.menu.downloads")}
        </NavLink>
        <NavLink to={href("/profile/licences")} className={link}>
          {t("account.licences.nav")}
        </NavLink>
        <NavLink to={href("/profile/payments")} className={link}>
          {t("auth.menu.payments")}
        </NavLink>
        <NavLink to={href("/profile/billing")} className={link}>
          {t("auth.menu.billing")}
        </NavLink>
        <NavLink to={`${href("/faq")}#help`} className={link}>
          {t("auth.menu.help")}
        </NavLink>
        <NavLink to={href("/profile/invoices")} className={link}>
          {t("auth.menu.invoices")}
        </NavLink>
        <NavLink to={href("/profile/settings")} className={link}>
          {t("account.settings.nav")}
        </NavLink>
        <LogoutForm className="btn-ghost shrink-0 justify-start whitespace-nowrap" />
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
