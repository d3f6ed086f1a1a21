import { Link } from "react-router";
import { useI18n } from "../i18n.tsx";
import { ChevronLeft, ChevronRight } from "../icons.tsx";

function pagesAround(page: number, count: number): (number | "gap")[] {
  const set = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

/** Real page links for crawlers and keyboards; `hrefFor(page)` builds each address. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useI18n();
  if (pageCount <= 1) return null;
  const item = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium";
  return (
    <nav aria-label={t("catalog.list.pagination")} className="mt-6 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link
              to={hrefFor(page - 1)}
              rel="prev"
              className={`${item} text-ink-soft hover:bg-brand-50`}
              aria-label={t("catalog.list.previous")}
            >
              <ChevronLeft />
            </Link>
          ) : null}
        </li>
        {pagesAround(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("catalog.list.goToPage", { page: p })}
                className={`${item} ${p === page ? "bg-brand-600 text-white" : "text-ink-soft hover:bg-brand-50"}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link
              to={hrefFor(page + 1)}
              rel="next"
              className={`${item} text-ink-soft hover:bg-brand-50`}
              aria-label={t("catalog.list.next")}
            >
              <ChevronRight />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
