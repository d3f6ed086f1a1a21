import { lazy, type ReactNode, Suspense } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "#app/root.tsx";
import { FavoritesProvider } from "../favorites/favorites-context.tsx";
import { useI18n } from "../i18n.tsx";
import { ToastProvider } from "../ui/toast.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import type { StripItem } from "./nav-strip.tsx";
import { OnlineStatus } from "./online-status.tsx";
import { ProgressBar } from "./progress-bar.tsx";

/**
 * Asked once, of a new member: its code is fetched only then. It reads the routes' word on it itself
 * (InterestsHandle: never over the member's own pages), so that rule costs the chrome nothing.
 */
const InterestsDialog = lazy(() =>
  import("../account/interests-dialog.tsx").then((m) => ({ default: m.InterestsDialog })),
);

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
  /** Whether the interests dialog may open here (not on pricing and checkout). */
  interests?: boolean;
  children: ReactNode;
}) {
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useI18n();
  return (
    <ToastProvider>
      <FavoritesProvider>
        <a href="#main" className="skip-link">
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
        {interests && root?.viewer?.needsInterests ? (
          <Suspense fallback={null}>
            <InterestsDialog />
          </Suspense>
        ) : null}
      </FavoritesProvider>
    </ToastProvider>
  );
}
