import { Outlet, useRouteLoaderData } from "react-router";
import { FavoritesProvider } from "#app/components/favorites/favorites-context.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { OnlineStatus } from "#app/components/layout/online-status.tsx";
import { ProgressBar } from "#app/components/layout/progress-bar.tsx";
import type { RootData } from "#app/root.tsx";

/** The layout without categories (SPEC §2), used for pricing and checkout: the header without the strip. */
export default function PlainLayout() {
  const root = useRouteLoaderData<RootData>("root");
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
      <Header strip={[]} />
      <main id="main" className="min-h-[60vh]">
        <Outlet />
      </main>
      <Footer nav={root?.nav ?? []} />
      <OnlineStatus />
    </FavoritesProvider>
  );
}
