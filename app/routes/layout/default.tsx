import { Outlet, useRouteLoaderData } from "react-router";
import { templateStrip } from "#app/components/layout/header.tsx";
import { SiteChrome } from "#app/components/layout/site-chrome.tsx";
import type { RootData } from "#app/root.tsx";

/** Default layout: header with the template categories in the strip, the page, the footer, the interests dialog. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <SiteChrome strip={templateStrip(root?.nav ?? [])}>
      <Outlet />
    </SiteChrome>
  );
}
