import { redirect } from "react-router";
import { LIMITS, type Locale } from "#config/constants.ts";
import type { Untranslated } from "#modules/blog/views.ts";
import { localePath, type T } from "#modules/shared/i18n.ts";
import { pageTitle } from "./seo.ts";

/**
 * `?page=` of a public blog list: a whole number from 2 up. Page 1, or anything that is no page number,
 * is sent to the address without it (one address per page for crawlers).
 */
export function blogPageParam(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  const n = Number(raw);
  if (/^\d{1,6}$/.test(raw) && n >= 2 && n <= LIMITS.maxPage) return n;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("page");
  const qs = rest.toString();
  throw redirect(`${url.pathname}${qs ? `?${qs}` : ""}`, 301);
}

/** The address of page `page` of a list at `path` (page 1 has none). */
export function pageHref(path: string, page: number, extra?: Record<string, string>): string {
  const q = new URLSearchParams(extra);
  if (page > 1) q.set("page", String(page));
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The RSS feed every blog page advertises. */
export function blogFeed(locale: Locale, t: T) {
  return { path: localePath(locale, "/blog/rss.xml"), title: t("blog.feed.title") };
}

/**
 * The loader data of a blog page that exists, but not in the page's language: the notice, the language
 * switch leading to where it exists, and a page that search engines skip in favour of that one.
 */
export function untranslatedPage(
  found: Untranslated,
  o: { origin: string; locale: Locale; pathname: string; title: string; t: T },
) {
  const paths = Object.fromEntries(found.availableIn.map((a) => [a.locale, a.path]));
  return {
    kind: "untranslated" as const,
    page: found,
    paths: { ...paths, [o.locale]: o.pathname },
    seo: {
      origin: o.origin,
      locale: o.locale,
      title: pageTitle(o.title),
      description: o.t("blog.untranslated.text"),
      paths,
      canonicalPath: found.availableIn[0].path,
      noindex: true,
      feed: blogFeed(o.locale, o.t),
    },
  };
}
