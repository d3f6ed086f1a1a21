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
  const account = app.scope.viewer?.account;
  const [home, forYou, posts] = await Promise.all([
    app.services.catalog.getHome(ctx, 8),
    // A member's interests come first (SPEC §4): a row per chosen category or tag.
    account ? app.services.interests.interestSections(ctx, { accountId: account.id, perList: 4 }) : [],
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
    // A member is greeted by name instead of the marketing hero (issue 22).
    member: account ? { name: account.name.trim() || account.username } : null,
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

function Section({
  title,
  to,
  first = false,
  children,
}: {
  title: string;
  to: string;
  /** Right under the member's greeting: closer to it. */
  first?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className={`container-page ${first ? "mt-8" : "mt-14"}`}>
      <div className="section-head">
        <h2 className="row-title">{title}</h2>
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
  const { home, forYou, member } = loaderData;
  return (
    <>
      {member ? (
        <MemberGreeting name={member.name} interests={forYou.length > 0} />
      ) : (
        <section className="home-hero" data-home-hero="">
          <div className="home-hero-grid">
            <div>
              <h1 className="home-title">{t("catalog.home.heroTitle")}</h1>
              <p className="home-lead">{t("catalog.home.heroText")}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={href("/templates")} className="btn-primary px-5 py-3 text-base">
                  {t("catalog.home.heroCta")}
                </Link>
                <Link to={href("/trending")} className="btn-secondary px-5 py-3 text-base">
                  {t("catalog.home.heroSecondary")}
                </Link>
              </div>
            </div>
            <HeroCollage cards={home.trending} />
          </div>
        </section>
      )}
      {forYou.map((s, i) => (
        <Section
          key={s.slug}
          title={t("catalog.home.forYou", { name: s.name })}
          to={href(`/${s.slug}`)}
          first={i === 0}
        >
          <TemplateGrid cards={s.templates} leading={i === 0} />
        </Section>
      ))}
      <Section title={t("catalog.home.trending")} to={href("/trending")} first={Boolean(member) && !forYou.length}>
        <TemplateGrid cards={home.trending} leading={!forYou.length} />
      </Section>
      <Section title={t("catalog.home.latest")} to={href("/latest")}>
        <TemplateGrid cards={home.latest} />
      </Section>
      <section className="container-page mt-14">
        <h2 className="section-title">{t("catalog.home.categories")}</h2>
        <ul className="home-categories">
          {home.categories.map((c) => {
            const cover = c.cover?.colors[0]?.id;
            const size = ratioSize(c.cover?.aspectRatio ?? "16:9", 480);
            return (
              <li key={c.id}>
                <Link to={href(`/${c.slug}`)} className="group category-card">
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
                    <h3 className="category-name">{c.content.name}</h3>
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

/**
 * A member's home opens with a line of greeting (not the marketing hero), then the rows picked from
 * their interests: what they came for is in the first screen.
 */
function MemberGreeting({ name, interests }: { name: string; interests: boolean }) {
  const { t, href } = useI18n();
  return (
    <section className="container-page pt-8 sm:pt-10" data-home-greeting="">
      <div className="greeting-head">
        <div className="min-w-0">
          <h1 className="greeting-title">{t("catalog.home.greeting", { name })}</h1>
          <p className="mt-1 text-ink-muted">
            {interests ? t("catalog.home.greetingText") : t("catalog.home.greetingTextNoInterests")}
          </p>
        </div>
        <div className="greeting-links">
          {interests ? (
            <Link to={`${href("/profile/settings")}#interests`} className="text-link">
              {t("catalog.home.changeInterests")}
            </Link>
          ) : null}
          <Link to={href("/templates")} className="btn-secondary">
            {t("catalog.home.heroCta")}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** A transparent pixel: the collage's images under `lg`, where the collage is not shown (nothing is fetched). */
const NO_IMAGE = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";
const TILES = 3;

/**
 * The guest hero's visual from lg up: three trending templates' first slides, tilted and stacked (app.css
 * `hero-collage`). A <picture> whose only source is for lg screens, so phones and tablets fetch none of it;
 * the front one, the hero's largest image, is fetched first. Decorative: the cards below carry the titles.
 */
function HeroCollage({ cards }: { cards: Route.ComponentProps["loaderData"]["home"]["trending"] }) {
  const picks = cards.filter((c) => c.colors[0]).slice(0, TILES);
  if (picks.length < TILES) return null;
  return (
    <div aria-hidden="true" className="hero-collage" data-hero-collage="">
      {picks.map((c, i) => (
        <div key={c.id} className="card-media" data-ratio={c.aspectRatio}>
          <picture>
            {/* A tile is about a third of the page wide from lg up, at most 440 px. */}
            <source
              media="(min-width: 1024px)"
              srcSet={previewSrcSet(c.colors[0].id, 1, [480, 640, 960])}
              sizes="(min-width:1440px) 440px,32vw"
            />
            <img
              src={NO_IMAGE}
              {...ratioSize(c.aspectRatio, 640)}
              alt=""
              fetchPriority={i === TILES - 1 ? "high" : undefined}
            />
          </picture>
        </div>
      ))}
    </div>
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
