import { useLocation, useMatches } from "react-router";
import type { Locale } from "#config/browser.ts";
import { localePath, stripLocale, withQuery } from "#modules/shared/i18n.ts";

type WithPaths = { paths?: Record<Locale, string> };

/**
 * The address of the current page in another locale, with the page's query once: from the deepest loader
 * that knows it (a search's address carries its words), else the same path.
 */
export function useAlternatePath(target: Locale): string {
  const location = useLocation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].loaderData as WithPaths | undefined;
    if (data && typeof data === "object" && data.paths?.[target]) return withQuery(data.paths[target], location.search);
  }
  return localePath(target, stripLocale(location.pathname)) + location.search;
}
