import { type ComponentType, lazy, Suspense, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { useI18n } from "../i18n.tsx";

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
    <Suspense fallback={<span aria-hidden="true" className="avatar-placeholder" />}>
      <Menu />
    </Suspense>
  );
}
