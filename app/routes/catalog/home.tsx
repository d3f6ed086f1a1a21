import { Link } from "react-router";
import { PostGrid } from "#app/components/blog/post-card.tsx";
import { TemplateGrid } from "#app/components/catalog/template-card.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { previewSrcSet, previewUrl, ratioSize } from "#app/lib/previews.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { errorMeta, samePath, seo } from "#app/lib/seo.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, t, origin, locale } = pageContext(request, context);
  const [home, forYou, posts] = await Promise.all([
    app.services.catalog.getHome(ctx, 8),
    // A member's interests come first (SPEC §4): a row per chosen category or tag.
    app.scope.viewer?.account
      ? app.services.interests.interestSections(ctx, { accountId: app.scope.viewer?.account.id, perList: 4 })
      : [],
    app.services.blog.latestPosts(ctx),
  ]);
  // The home's own words and the blog teaser's (not the blog's whole namespace).
  const messages = messageSet(locale, "home");
  const cover = home.trending[0]?.colors[0]?.id;
  return {
    home,
    posts,
    messages,
    forYou: forYou.map((s) => ({ slug: s.tag.slug, name: s.tag.content.name, templates: s.templates })),
    seo: {
      origin,
      locale,
      title: t("catalog.home.title"),
      description: t("catalog.home.description"),
      paths: samePath("/"),
      image: cover ? previewUrl(cover, 1, 1280) : undefined,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

function Section({ title, to, children }: { title: string; to: string; children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="container-page mt-14">
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 className="text-2xl font-bold tracking-tight text-ink">{title}</h2>
        <Link to={to} className="btn-ghost -mr-3 shrink-0" aria-label={t("catalog.home.seeAllOf", { name: title })}>
          {t("catalog.home.seeAll")} →
        </Link>
      </div>
      {children}
    </section>
  );
}

export default withMessages(HomePage);

function HomePage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { home, forYou } = loaderData;
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-50 to-canvas">
        <div className="container-page py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-display">
            {t("catalog.home.heroTitle")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-soft">{t("catalog.home.heroText")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={href("/templates")} className="btn-primary px-5 py-3 text-base">
              {t("catalog.home.heroCta")}
            </Link>
            <Link to={href("/trending")} className="btn-secondary px-5 py-3 text-base">
              {t("catalog.home.heroSecondary")}
            </Link>
          </div>
        </div>
      </section>
      {forYou.length ? (
        <div className="container-page mt-10 -mb-4 flex flex-wrap items-baseline justify-between gap-3">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t("catalog.home.forYouKicker")}
          </p>
          <Link
            to={`${href("/profile/settings")}#interests`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t("catalog.home.changeInterests")}
          </Link>
        </div>
      ) : null}
      {forYou.map((s, i) => (
        <Section key={s.slug} title={t("catalog.home.forYou", { name: s.name })} to={href(`/${s.slug}`)}>
          <TemplateGrid cards={s.templates} leading={i === 0} />
        </Section>
      ))}
      <Section title={t("catalog.home.trending")} to={href("/trending")}>
        <TemplateGrid cards={home.trending} leading={!forYou.length} />
      </Section>
      <Section title={t("catalog.home.latest")} to={href("/latest")}>
        <TemplateGrid cards={home.latest} />
      </Section>
      <section className="container-page mt-14">
        <h2 className="mb-5 text-2xl font-bold tracking-tight text-ink">{t("catalog.home.categories")}</h2>
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {home.categories.map((c) => {
            const cover = c.cover?.colors[0]?.id;
            const size = ratioSize(c.cover?.aspectRatio ?? "16:9", 480);
            return (
              <li key={c.id}>
                <Link
                  to={href(`/${c.slug}`)}
                  className="group block overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60 hover:shadow-lift"
                >
                  {/* Every tile is 16:9 (card-media's box); a cover of its own size is shown whole. */}
                  <div className="card-media" data-ratio={c.cover?.aspectRatio === "custom" ? "custom" : undefined}>
                    {cover ? (
                      <img
                        src={previewUrl(cover, 1, 480)}
                        srcSet={previewSrcSet(cover, 1, [320, 480, 640])}
                        sizes="(min-width: 1280px) 18vw, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, 92vw"
                        width={size.width}
                        height={size.height}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                  </div>
                  <div className="p-4">
                    <h3 className="font-semibold text-ink group-hover:text-brand-700">{c.content.name}</h3>
                    <p className="text-sm text-ink-muted">
                      {t("catalog.home.templatesCount", { count: c.templatesCount })}
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {loaderData.posts.length ? <BlogTeaser posts={loaderData.posts} /> : null}
    </>
  );
}

/** The latest articles of the blog (SPEC §2: the home page's blog teaser). */
function BlogTeaser({ posts }: { posts: Route.ComponentProps["loaderData"]["posts"] }) {
  const { t, href } = useI18n();
  return (
    <Section title={t("blog.home.title")} to={href("/blog")}>
      <PostGrid posts={posts} headingLevel={3} />
    </Section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
