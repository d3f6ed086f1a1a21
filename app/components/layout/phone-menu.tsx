import { Link, NavLink, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { LogoutForm } from "./logout-form.tsx";
import type { StripItem } from "./nav-strip.tsx";

/**
 * The header's menu on phones: main links, the strip's links, language and account. It opens under the
 * header's sticky rows and scrolls within the screen's height.
 */
export function PhoneMenu({ id, strip }: { id: string; strip: StripItem[] }) {
  const { t, href } = useI18n();
  const viewer = useRouteLoaderData<RootData>("root")?.viewer;
  const signedIn = Boolean(viewer);
  return (
    <div
      id={id}
      className="max-h-[calc(100dvh-8rem)] overflow-y-auto overscroll-contain border-t border-line bg-surface md:hidden"
    >
      <nav aria-label={t("common.nav.menu")} className="container-page flex flex-col gap-1 py-4">
        <NavLink to={href("/templates")} className="btn-ghost justify-start">
          {t("common.nav.templates")}
        </NavLink>
        <NavLink to={href("/blog")} className="btn-ghost justify-start">
          {t("common.nav.blog")}
        </NavLink>
        <NavLink to={href("/pricing")} className="btn-ghost justify-start">
          {t("common.nav.pricing")}
        </NavLink>
        {strip.map((item) => (
          <NavLink key={item.id} to={href(item.path)} end={item.end} className="btn-ghost justify-start">
            {item.name}
          </NavLink>
        ))}
        <LanguagePicker className="justify-start" />
        {/* A guest's "Log in" is in the header's row already (and "Get started" from sm up): each shows once. */}
        <div className={`mt-2 flex flex-col gap-1 border-t border-line pt-3 ${signedIn ? "" : "sm:hidden"}`}>
          {signedIn ? (
            <>
              <NavLink to={href("/profile")} end className="btn-ghost justify-start">
                {t("auth.menu.profile")}
              </NavLink>
              <NavLink to={href("/profile/favorites")} className="btn-ghost justify-start">
                {t("auth.menu.favorites")}
              </NavLink>
              <NavLink to={href("/profile/downloads")} className="btn-ghost justify-start">
                {t("auth.menu.downloads")}
              </NavLink>
              <NavLink to={href("/profile/billing")} className="btn-ghost justify-start">
                {t("auth.menu.billing")}
              </NavLink>
              {viewer?.role === "operator" && (
                <NavLink to={href("/operator")} className="btn-ghost justify-start" data-operator-link="">
                  {t("auth.menu.operator")}
                </NavLink>
              )}
              <LogoutForm className="btn-ghost w-full justify-start" />
            </>
          ) : (
            <Link to={href("/signup")} className="btn-primary">
              {t("auth.guest.getStarted")}
            </Link>
          )}
        </div>
      </nav>
    </div>
  );
}
