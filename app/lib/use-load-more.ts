import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Page } from "#modules/catalog/views.ts";

/**
 * "Load more" over a paged list whose loader answers `{ result: Page<T> }`: the next pages are fetched
 * from their real addresses and appended (without duplicates); a new address starts over.
 */
export function useLoadMore<T extends { id: number }>(result: Page<T>, hrefFor: (page: number) => string) {
  const location = useLocation();
  const [extra, setExtra] = useState<T[]>([]);
  const [lastPage, setLastPage] = useState(result.page);
  const fetcher = useFetcher<{ result?: Page<T> }>();

  // A new list (query, filters, sort, page) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the address changes
  useEffect(() => {
    setExtra([]);
    setLastPage(result.page);
  }, [location.key]);

  useEffect(() => {
    const next = fetcher.data?.result;
    if (fetcher.state === "idle" && next) {
      setExtra((e) => [...e, ...next.items.filter((c) => !e.some((x) => x.id === c.id))]);
      setLastPage(next.page);
    }
  }, [fetcher.state, fetcher.data]);

  return {
    items: [...result.items, ...extra],
    hasMore: lastPage < result.pageCount,
    nextHref: hrefFor(lastPage + 1),
    busy: fetcher.state !== "idle",
    loadMore: () => fetcher.load(hrefFor(lastPage + 1)),
  };
}
