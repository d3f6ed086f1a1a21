import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";
import { Pagination } from "./pagination.tsx";
import { TemplateGrid } from "./template-card.tsx";

/** A grid of results with a load-more button for people and real page links for crawlers. */
export function Results({ result, hrefFor }: { result: Page<TemplateCard>; hrefFor: (page: number) => string }) {
  const { t } = useI18n();
  const location = useLocation();
  const [extra, setExtra] = useState<TemplateCard[]>([]);
  const [lastPage, setLastPage] = useState(result.page);
  const fetcher = useFetcher<{ result?: Page<TemplateCard> }>();

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

  const cards = [...result.items, ...extra];
  const hasMore = lastPage < result.pageCount;
  return (
    <>
      <TemplateGrid cards={cards} priorityCount={4} headingLevel={2} />
      {hasMore ? (
        <div className="mt-10 flex justify-center">
          <Link
            to={hrefFor(lastPage + 1)}
            className="btn-secondary px-6 py-3"
            onClick={(e) => {
              e.preventDefault();
              fetcher.load(hrefFor(lastPage + 1));
            }}
            aria-busy={fetcher.state !== "idle"}
          >
            {fetcher.state !== "idle" ? t("catalog.list.loadingMore") : t("catalog.list.loadMore")}
          </Link>
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm text-ink-muted">
        {t("catalog.list.pageOf", { page: result.page, pages: result.pageCount })}
      </p>
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
    </>
  );
}

export function Empty({
  title,
  text,
  to,
  cta,
  children,
}: {
  title: string;
  text: string;
  to?: string;
  cta?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-card border border-dashed border-line bg-surface px-6 py-14 text-center">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-ink-muted">{text}</p>
      {children}
      {to && cta ? (
        <Link to={to} className="btn-primary mt-6">
          {cta}
        </Link>
      ) : null}
    </div>
  );
}
