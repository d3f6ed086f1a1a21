import { type ComponentType, lazy, Suspense, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";

/** What the download panel announces after each download, so the header counter follows without a reload. */
export const ALLOWANCE_EVENT = "slidenest:allowance";
export type AllowanceDetail = { used: number; limit: number | null };

/**
 * The signed-in dropdown: its code is fetched only by pages a member sees (guests never need it). On a
 * member's page entry.client loads it before hydrating, so the menu answers the first click.
 */
let Loaded: ComponentType | undefined;
export const loadMemberMenu = () =>
  import("./member-menu.tsx").then((m) => {
    Loaded = m.MemberMenu;
    return { default: m.MemberMenu };
  });
const MemberMenu = lazy(loadMemberMenu);

/** Log-out is a plain form: the server ends the session and sends the visitor to the log-in page. */
export function LogoutForm({ className = "" }: { className?: string }) {
  const { t, locale } = useI18n();
  return (
    <form method="post" action={`/logout?lang=${locale}`} className="contents">
      <button type="submit" className={className}>
        {t("auth.logout")}
      </button>
    </form>
  );
}

/** Guests: log in and get started. Signed in: the profile dropdown of SPEC §2. */
export function AccountMenu() {
  const { t, href } = useI18n();
  const viewer = useRouteLoaderData<RootData>("root")?.viewer;
  // One component for the life of the header: switching from the lazy one to the loaded one when its code
  // arrives would mount the menu anew, closing it under a click (a revalidation re-renders the header).
  const [Menu] = useState<ComponentType>(() => Loaded ?? MemberMenu);
  if (!viewer) {
    return (
      <div className="flex items-center gap-2">
        <Link to={href("/login")} className="btn-ghost px-3">
          {t("auth.guest.login")}
        </Link>
        <Link to={href("/signup")} className="btn-primary hidden sm:inline-flex">
          {t("auth.guest.getStarted")}
        </Link>
      </div>
    );
  }

  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-flex size-8 rounded-full bg-brand-50" />}>
      <Menu />
    </Suspense>
  );
}
