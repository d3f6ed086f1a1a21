import { Feed } from "feed";
import { appContext } from "#app/context.ts";
import { BRAND, LOCALE_TAGS } from "#config/constants.ts";
import { localeFromPath, localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/rss";

/** Site-relative addresses in an article's HTML made absolute, so feed readers can follow them. */
function absolute(html: string, origin: string): string {
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`);
}

/** GET /blog/rss.xml and /es/blog/rss.xml: the newest articles of the locale as RSS 2.0. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = serverT(locale);
  const ctx = app.scope;
  const items = await app.services.blog.listFeedItems(ctx);
  const origin = app.origin;
  const blogUrl = origin + localePath(locale, "/blog");
  const feed = new Feed({
    title: t("blog.feed.title"),
    description: t("blog.feed.description"),
    id: blogUrl,
    link: blogUrl,
    language: LOCALE_TAGS[locale],
    favicon: `${origin}/favicon.svg`,
    copyright: t("blog.feed.copyright", { year: String(BRAND.copyrightYear) }),
    updated: items[0]?.updatedAt ?? new Date(0),
    feedLinks: { rss: origin + localePath(locale, "/blog/rss.xml") },
    generator: BRAND.name,
  });
  for (const item of items) {
    feed.addItem({
      title: item.title,
      id: origin + item.path,
      link: origin + item.path,
      description: item.excerpt,
      content: absolute(item.html, origin),
      author: [{ name: item.author }],
      date: item.publishedAt,
      category: [{ name: item.category.title, domain: origin + localePath(locale, `/blog/${item.category.slug}`) }],
      image: { url: origin + item.cover.large, type: "image/webp" },
    });
  }
  return new Response(feed.rss2(), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
