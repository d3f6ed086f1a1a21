import type { MetaDescriptor } from "react-router";
import { BRAND, LOCALE_TAGS, LOCALES, type Locale } from "#config/browser.ts";
import { localePath, type MessageRef, registeredMessages } from "#modules/shared/i18n.ts";

export type SeoInput = {
  origin: string;
  locale: Locale;
  title: string;
  description: string;
  /**
   * Path of the page in each locale, without query (except a page number). A page that exists in only
   * some locales (a blog article not translated yet) lists those: hreflang names only them.
   */
  paths: Partial<Record<Locale, string>>;
  /** The canonical address when it is not this page's own (a page that only points to another). */
  canonicalPath?: string;
  /** An RSS feed to advertise (the blog's pages). */
  feed?: { path: string; title: string };
  image?: string;
  type?: "website" | "article" | "product";
  /**
   * Keep a public page out of search engines (filtered or past-the-end lists, searches without results,
   * token pages). Pages behind sign-in need none: a crawler is sent to the log-in page and never sees them.
   */
  noindex?: boolean;
  jsonLd?: unknown[];
};

/** A page's title: its own words, most specific first, then the brand, joined by " | ". */
export function pageTitle(...parts: string[]): string {
  return [...parts, BRAND.name].join(" | ");
}

/** Title, description, canonical URL, hreflang alternates, Open Graph and JSON-LD for a page. */
export function seo(i: SeoInput): MetaDescriptor[] {
  const present = LOCALES.filter((l) => i.paths[l]);
  const url = (l: Locale) => `${i.origin}${i.paths[l]}`;
  const canonical = i.canonicalPath ? `${i.origin}${i.canonicalPath}` : url(i.locale);
  const out: MetaDescriptor[] = [
    { title: i.title },
    { name: "description", content: i.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...present.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: url(l) })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: url(i.paths.en ? "en" : (present[0] ?? i.locale)),
    },
    { property: "og:title", content: i.title },
    { property: "og:description", content: i.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: i.type ?? "website" },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:locale", content: LOCALE_TAGS[i.locale].replace("-", "_") },
    { name: "twitter:card", content: i.image ? "summary_large_image" : "summary" },
  ];
  if (i.image)
    out.push({ property: "og:image", content: i.image.startsWith("http") ? i.image : `${i.origin}${i.image}` });
  if (i.noindex) out.push({ name: "robots", content: "noindex, follow" });
  if (i.feed)
    out.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: i.feed.title,
      href: `${i.origin}${i.feed.path}`,
    });
  for (const block of i.jsonLd ?? []) out.push({ "script:ld+json": block } as MetaDescriptor);
  return out;
}

/** The same path in both locales. */
export function samePath(path: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, localePath(l, path)])) as Record<Locale, string>;
}

/** A page's breadcrumb trail for search engines: the home page (the brand), then `items`. */
export function breadcrumbLd(origin: string, locale: Locale, items: { name: string; path: string }[]) {
  const trail = [{ name: BRAND.name, path: localePath(locale, "/") }, ...items];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((it, idx) => ({
      "@type": "ListItem",
      position: idx + 1,
      name: it.name,
      item: `${origin}${it.path}`,
    })),
  };
}

type RootMatch = { loaderData?: unknown } | undefined;

/** Title for a page whose loader failed: the error's own wording from the root messages. */
export function errorMeta(matches: RootMatch[], error: unknown): MetaDescriptor[] {
  const messages =
    registeredMessages((matches[0]?.loaderData as { messages?: MessageRef } | undefined)?.messages) ?? {};
  const status = (error as { status?: number } | undefined)?.status;
  const title = status === 404 ? messages["common.errors.notFoundTitle"] : messages["common.errors.serverTitle"];
  return [{ title: pageTitle(title ?? BRAND.name) }, { name: "robots", content: "noindex" }];
}
