import { useLoadMore } from "#app/lib/use-load-more.ts";
import type { BlogPostCard } from "#modules/blog/views.ts";
import type { Page } from "#modules/catalog/views.ts";
import { Pagination } from "../catalog/pagination.tsx";
import { Empty, LoadMoreButton } from "../catalog/results.tsx";
import { useI18n } from "../i18n.tsx";
import { PostGrid } from "./post-card.tsx";

/**
 * A page of articles with "load more" and real page links. An empty first page says there is no content
 * yet; an empty later page ("?page=99") says there is no data there and leads back to the first.
 */
export function PostList({
  result,
  hrefFor,
  empty,
}: {
  result: Page<BlogPostCard>;
  hrefFor: (page: number) => string;
  empty?: { title: string; text: string };
}) {
  const { t } = useI18n();
  const more = useLoadMore(result, hrefFor);
  if (!result.items.length) {
    return result.page > 1 ? (
      <Empty
        title={t("blog.list.noData")}
        text={t("blog.list.noDataText")}
        to={hrefFor(1)}
        cta={t("blog.list.firstPage")}
      />
    ) : (
      <Empty title={empty?.title ?? t("blog.list.noContent")} text={empty?.text ?? t("blog.list.noContentText")} />
    );
  }
  return (
    <>
      <PostGrid posts={more.items} priorityCount={result.page === 1 ? 3 : 0} />
      <LoadMoreButton more={more} label={t("blog.list.loadMore")} busyLabel={t("blog.list.loadingMore")} />
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
    </>
  );
}
