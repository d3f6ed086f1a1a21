import type { ReactNode } from "react";
import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { SortTabs } from "#app/components/ui/sort-tabs.tsx";
import { listHref } from "#app/lib/list-params.ts";
import { BILLING_SORTS, type BillingSort } from "#modules/billing/plans.ts";

/**
 * A row of a billing table. From 640 px up it is a table row; narrower, each row is a card of its own
 * (label and value on a line, the action on the last), so every action is in view without scrolling
 * sideways.
 */
export function BillingRow({ children }: { children: ReactNode }) {
  return <tr className="max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:px-4 max-sm:py-4">{children}</tr>;
}

/** A cell: its column's name shown beside it on a phone (hidden from screen readers, which have the header). */
export function BillingCell({
  label,
  right,
  action,
  className = "",
  children,
}: {
  label: string;
  right?: boolean;
  /** The row's action (a download): on a phone, on a line of its own without the label. */
  action?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      className={`sm:px-4 sm:py-3 max-sm:flex max-sm:min-w-0 max-sm:items-center max-sm:justify-between max-sm:gap-4 ${
        right ? "sm:text-right" : ""
      } ${action ? "max-sm:justify-end max-sm:pt-1" : ""} ${className}`}
    >
      {action ? null : (
        <span
          aria-hidden="true"
          className="shrink-0 text-xs font-semibold tracking-wide text-ink-muted uppercase sm:hidden"
        >
          {label}
        </span>
      )}
      <span className="max-sm:min-w-0 max-sm:text-right">{children}</span>
    </td>
  );
}

/**
 * The payments and invoices pages: a heading with newest/oldest tabs, a table with its header row (rows as
 * cards on a phone: BillingRow, BillingCell), the pagination, or the empty state with a way to the plans.
 * `ns` is the page's message namespace ("billing.payments" or "billing.invoices"); `columns` are its header
 * cells (hidden: only for screen readers); `minWidth` is a class for the table's width from 640 px up.
 */
export function BillingList({
  ns,
  path,
  sort,
  list,
  columns,
  minWidth,
  children,
}: {
  ns: "billing.payments" | "billing.invoices";
  path: string;
  sort: BillingSort;
  list: { total: number; page: number; pageCount: number; items: unknown[] };
  columns: { label: string; hidden?: boolean; right?: boolean }[];
  minWidth: string;
  children: ReactNode;
}) {
  const { t, href } = useI18n();
  const hrefFor = (page: number, s: BillingSort = sort) => listHref(href(path), BILLING_SORTS, s, page);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t(`${ns}.title`)}</h1>
        {list.total > 1 ? (
          <SortTabs
            label={t(`${ns}.sort`)}
            sorts={BILLING_SORTS}
            current={sort}
            hrefFor={(s) => hrefFor(1, s)}
            nameOf={(s) => t(`${ns}.${s}`)}
          />
        ) : null}
      </div>
      {list.items.length ? (
        <>
          <div className="overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60">
            <table className={`w-full text-left text-sm max-sm:block ${minWidth}`}>
              <caption className="sr-only">{t(`${ns}.count`, { count: list.total })}</caption>
              <thead className="bg-canvas text-xs font-semibold tracking-wide text-ink-muted uppercase max-sm:sr-only">
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col" className={`px-4 py-3 ${c.right ? "text-right" : ""}`}>
                      {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line max-sm:block">{children}</tbody>
            </table>
          </div>
          <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(p) => hrefFor(p)} />
        </>
      ) : (
        <Empty
          title={t(`${ns}.empty`)}
          text={t(`${ns}.emptyText`)}
          to={href("/pricing")}
          cta={t("billing.page.seePlans")}
        />
      )}
    </div>
  );
}
