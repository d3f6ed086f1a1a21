import { lazy, type ReactNode, Suspense } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { FavoritesProvider } from "../favorites/favorites-context.tsx";
import { useI18n } from "../i18n.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import type { StripItem } from "./nav-strip.tsx";
import { OnlineStatus } from "./online-status.tsx";
import { ProgressBar } from "./progress-bar.tsx";

/** Asked once, of a new member: its code is fetched only then. */
const InterestsDialog = lazy(() =>
  import("../account/interests-dialog.tsx").then((m) => ({ default: m.InterestsDialog })),
);

/**
 * What a route may declare in its `handle` for the chrome around it. `interests: false` keeps the
 * interests dialog shut on it and on every route under it: the member's own pages (profile, settings,
 * billing, payments, invoices, downloads, favourites), where the account is managed, deleted or signed
 * out of.
 */
export type ChromeHandle = { interests?: false };

/** Whether a route on the way to the page said that the interests dialog must not open over it. */
function interestsRefused(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((m) => (m.handle as ChromeHandle | undefined)?.interests === false);
}

/**
 * What the site's layouts share (SPEC §2): skip link, progress bar, header with its navigation strip (or
 * none), whatever a layout puts under it, the page, the footer, the online status and, where asked, the
 * interests dialog.
 */
export function SiteChrome({
  strip,
  stripLabel,
  below,
  interests = true,
  children,
}: {
  strip: StripItem[];
  stripLabel?: string;
  below?: ReactNode;
  /** Whether the interests dialog may open in this layout (not on pricing and checkout); a route can refuse it too (ChromeHandle). */
  interests?: boolean;
  children: ReactNode;
}) {
  const root = useRouteLoaderData<RootData>("root");
  const matches = useMatches();
  const { t } = useI18n();
  return (
    <FavoritesProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <ProgressBar />
      <Header strip={strip} stripLabel={stripLabel} />
      {below}
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <Footer nav={root?.nav ?? []} />
      <OnlineStatus />
      {interests && root?.viewer?.needsInterests && !interestsRefused(matches) ? (
        <Suspense fallback={null}>
          <InterestsDialog />
        </Suspense>
      ) : null}
    </FavoritesProvider>
  );
}
