import { Outlet, useRouteLoaderData } from "react-router";
import { InterestsDialog } from "#app/components/account/interests-dialog.tsx";
import { FavoritesProvider } from "#app/components/favorites/favorites-context.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header, templateStrip } from "#app/components/layout/header.tsx";
import { OnlineStatus } from "#app/components/layout/online-status.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import type { RootData } from "#app/root.tsx";

/** Default layout: header with the navigation strip, the page, the footer. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useI18n();
  const nav = root?.nav ?? [];
  return (
    <FavoritesProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-4 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <ProgressBar />
      <Header strip={templateStrip(nav)} />
      <main id="main" className="min-h-[60vh]">
        <Outlet />
      </main>
      <Footer nav={nav} />
      <OnlineStatus />
      {root?.viewer?.needsInterests ? <InterestsDialog /> : null}
    </FavoritesProvider>
  );
}
