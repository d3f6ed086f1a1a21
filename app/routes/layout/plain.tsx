import { Outlet } from "react-router";
import { SiteChrome } from "#app/components/layout/site-chrome.tsx";

/** The layout without categories (SPEC §2), used for pricing and checkout: the header without the strip. */
export default function PlainLayout() {
  return (
    <SiteChrome strip={[]} interests={false}>
      <Outlet />
    </SiteChrome>
  );
}
