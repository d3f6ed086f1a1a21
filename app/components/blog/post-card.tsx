import { Link } from "react-router";
import type { BlogPostCard } from "#modules/blog/views.ts";
import { useI18n } from "../i18n.tsx";

const COVER_SIZES = "(min-width: 1280px) 26rem, (min-width: 1024px) 30vw, (min-width: 640px) 46vw, 92vw";

/**
 * The date of an article, as the server wrote it in the page's language (the view's `publishedOn`): the
 * page's scripts carry no calendar of their own for it.
 */
export function PublishedDate({ date, text }: { date: Date | string; text: string }) {
  return <time dateTime={new Date(date).toISOString()}>{text}</time>;
}

/** An article as a card: cover in its 16:9 box, category, title, excerpt, date and reading time. */
export function PostCard({
  post,
  priority = false,
  lcp = false,
  headingLevel = 2,
}: {
  post: BlogPostCard;
  /** In the first row: loaded at once rather than when scrolled to. */
  priority?: boolean;
  /** The first card of a list that opens the page: its cover is the likely LCP and is fetched first. */
  lcp?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group card-tile">
      <div className="aspect-video bg-line/40">
        <img
          src={post.cover.src}
          srcSet={post.cover.srcSet}
          sizes={COVER_SIZES}
          width={post.cover.width}
          height={post.cover.height}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={lcp ? "high" : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="post-body">
        <p className="eyebrow">{post.category.title}</p>
        <Heading className="post-title">
          <Link to={post.path} prefetch="intent" className="post-link">
            {post.title}
          </Link>
        </Heading>
        <p className="post-excerpt">{post.excerpt}</p>
        <p className="post-meta">
          <PublishedDate date={post.publishedAt} text={post.publishedOn} /> ·{" "}
          {t("blog.article.readingTime", { minutes: post.readingMinutes })}
        </p>
      </div>
    </article>
  );
}

export function PostGrid({
  posts,
  priorityCount = 0,
  headingLevel = 2,
}: {
  posts: BlogPostCard[];
  priorityCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="post-grid">
      {posts.map((p, i) => (
        <li key={p.id} className="flex">
          <PostCard
            post={p}
            priority={i < priorityCount}
            lcp={i === 0 && priorityCount > 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
