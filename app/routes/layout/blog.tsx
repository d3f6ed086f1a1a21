import { Form, Link, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import { MoreMessages, useI18n } from "#app/components/i18n.tsx";
import { ChevronLeft, RssIcon, SearchIcon } from "#app/components/icons.tsx";
import { SiteChrome } from "#app/components/layout/site-chrome.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { BLOG } from "#config/constants.ts";
import { stripLocale } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, locale } = pageContext(request, context);
  const categories = await app.services.blog.listBlogTags(ctx);
  return {
    strip: [
      { id: "all", path: "/blog", name: "", all: true },
      ...categories.map((c) => ({ id: c.id, path: `/blog/${c.slug}`, name: c.title, all: false })),
    ],
    // The blog's words and the pagination's.
    messages: messageSet(locale, "blog"),
  };
}

/** Where "back" leads without history: up one level (article -> category -> blog -> home). */
function parentPath(pathname: string): string {
  const parts = stripLocale(pathname).split("/").filter(Boolean);
  if (parts[1] === "search" || parts.length <= 1) return parts.length <= 1 ? "/" : "/blog";
  return `/${parts.slice(0, -1).join("/")}`;
}

function BlogBar() {
  const { t, href } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onSearch = stripLocale(location.pathname) === "/blog/search";
  return (
    <div className="border-b border-line/70 bg-canvas">
      <div className="container-page flex flex-wrap items-center gap-3 py-3">
        <Link
          to={href(parentPath(location.pathname))}
          className="btn-ghost -ml-2 px-2"
          onClick={(e) => {
            // Back where the visitor came from when that was on this site; else up one level.
            if (location.key !== "default") {
              e.preventDefault();
              navigate(-1);
            }
          }}
        >
          <ChevronLeft />
          {t("blog.nav.back")}
        </Link>
        <a
          href={href("/blog/rss.xml")}
          className="btn-ghost ml-auto px-2 text-sm sm:order-last sm:ml-0"
          type="application/rss+xml"
        >
          <RssIcon />
          {t("blog.feed.short")}
        </a>
        <Form method="get" action={href("/blog/search")} role="search" className="w-full sm:ml-auto sm:w-80">
          <label htmlFor="blog-search" className="sr-only">
            {t("blog.search.label")}
          </label>
          <div className="relative">
            <input
              id="blog-search"
              type="search"
              name="query"
              required
              maxLength={BLOG.searchMax}
              defaultValue={onSearch ? (params.get("query") ?? "") : ""}
              key={onSearch ? params.get("query") : "blank"}
              placeholder={t("blog.search.placeholder")}
              className="field-input pr-11"
            />
            <button
              type="submit"
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-soft hover:text-brand-700"
              aria-label={t("blog.search.submit")}
            >
              <SearchIcon />
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

/** Blog layout (SPEC §2): header with the blog's categories in the strip, a back button and the blog search. */
export default function BlogLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MoreMessages messages={loaderData.messages}>
      <BlogChrome strip={loaderData.strip} />
    </MoreMessages>
  );
}

function BlogChrome({ strip }: { strip: Route.ComponentProps["loaderData"]["strip"] }) {
  const { t } = useI18n();
  const items = strip.map((s) => ({ id: s.id, path: s.path, name: s.all ? t("blog.nav.all") : s.name, end: s.all }));
  return (
    <SiteChrome strip={items} stripLabel={t("blog.nav.strip")} below={<BlogBar />}>
      <Outlet />
    </SiteChrome>
  );
}
