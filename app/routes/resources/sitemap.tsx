import { appContext } from "#app/context.ts";
import { LOCALES, type Locale } from "#config/constants.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/sitemap";

/** Route policy (server/route-policy.ts): a document that is the same for everyone: no session looked at. */
export const handle: PolicyHandle = { policy: { session: false } };

const PER_FILE = 20_000;
const STATIC = [
  "/",
  "/templates",
  "/trending",
  "/latest",
  "/blog",
  "/contact-us",
  "/faq",
  "/license",
  "/terms-conditions",
  "/privacy-policy",
  "/cookie-policy",
];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every page in both locales, each with its hreflang alternates; an index of parts when there are many. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const [entries, blog] = await Promise.all([
    app.services.catalog.listSitemapEntries(app.scope),
    app.services.blog.listBlogSitemapEntries(app.scope),
  ]);
  // Blog articles and categories list only the languages they are translated into.
  const pages: { paths: Partial<Record<Locale, string>>; lastmod?: Date }[] = [
    ...STATIC.map((p) => ({ paths: both(p) })),
    ...entries.tags.map((t) => ({ paths: both(`/${t.slug}`), lastmod: t.updatedAt })),
    ...entries.templates.map((t) => ({
      paths: Object.fromEntries(LOCALES.map((l) => [l, localePath(l, `/template/${t.slugs[l]}`)])) as Record<
        Locale,
        string
      >,
      lastmod: t.updatedAt,
    })),
    ...entries.designers.map((d) => ({ paths: both(`/designers/${d.slug}`), lastmod: d.updatedAt })),
    ...blog.tags,
    ...blog.posts,
  ];
  const parts = Math.ceil(pages.length / PER_FILE);
  const partParam = url.searchParams.get("part");
  const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };
  if (parts > 1 && partParam === null) {
    const list = Array.from(
      { length: parts },
      (_, i) => `<sitemap><loc>${esc(`${app.origin}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
    );
    return new Response(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${list.join("")}</sitemapindex>\n`,
      { headers },
    );
  }
  const part = partParam === null ? 1 : Number(partParam);
  if (!Number.isInteger(part) || part < 1 || part > parts)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const slice = pages.slice((part - 1) * PER_FILE, part * PER_FILE);
  const urls: string[] = [];
  for (const p of slice) {
    const present = LOCALES.filter((l) => p.paths[l]);
    const fallback = p.paths.en ?? p.paths[present[0]];
    const alternates = `${present
      .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(app.origin + p.paths[l])}"/>`)
      .join("")}<xhtml:link rel="alternate" hreflang="x-default" href="${esc(app.origin + fallback)}"/>`;
    for (const l of present) {
      urls.push(
        `<url><loc>${esc(app.origin + p.paths[l])}</loc>${p.lastmod ? `<lastmod>${p.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates}</url>`,
      );
    }
  }
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`,
    { headers },
  );
}

function both(path: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, localePath(l, path)])) as Record<Locale, string>;
}
