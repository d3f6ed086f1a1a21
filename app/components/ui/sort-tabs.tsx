import { Link } from "react-router";

/** A segmented control of sorts as links (SPEC §9: newest, oldest): each is a real address. */
export function SortTabs<S extends string>({
  label,
  sorts,
  current,
  hrefFor,
  nameOf,
}: {
  label: string;
  sorts: readonly S[];
  current: S;
  hrefFor: (sort: S) => string;
  nameOf: (sort: S) => string;
}) {
  return (
    <nav aria-label={label} className="flex gap-1 rounded-lg bg-surface p-1 ring-1 ring-line">
      {sorts.map((s) => (
        <Link
          key={s}
          to={hrefFor(s)}
          aria-current={s === current ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${s === current ? "bg-brand-600 text-white" : "text-ink-soft hover:bg-brand-50"}`}
        >
          {nameOf(s)}
        </Link>
      ))}
    </nav>
  );
}
