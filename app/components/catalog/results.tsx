import { Link } from "react-router";
import { useLoadMore } from "#app/lib/use-load-more.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";
import { Pagination } from "./pagination.tsx";
import { TemplateGrid } from "./template-card.tsx";

/** A grid of results with a load-more button for people and real page links for crawlers. */
export function Results({ result, hrefFor }: { result: Page<TemplateCard>; hrefFor: (page: number) => string }) {
  const { t } = useI18n();
  const more = useLoadMore(result, hrefFor);
  return (
    <>
      <TemplateGrid cards={more.items} leading headingLevel={2} />
      <LoadMoreButton more={more} label={t("catalog.list.loadMore")} busyLabel={t("catalog.list.loadingMore")} />
      <p className="mt-6 text-center text-sm text-ink-muted">
        {t("catalog.list.pageOf", { page: result.page, pages: result.pageCount })}
      </p>
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
    </>
  );
}

/** The "load more" link: a real address without JavaScript, a fetch of the next page with it. */
export function LoadMoreButton({
  more,
  label,
  busyLabel,
}: {
  more: ReturnType<typeof useLoadMore>;
  label: string;
  busyLabel: string;
}) {
  if (!more.hasMore) return null;
  return (
    <div className="mt-10 flex justify-center">
      <Link
        to={more.nextHref}
        className="btn-secondary px-6 py-3"
        onClick={(e) => {
          e.preventDefault();
          more.loadMore();
        }}
        aria-busy={more.busy}
      >
        {more.busy ? busyLabel : label}
      </Link>
    </div>
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
