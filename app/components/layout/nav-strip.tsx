import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { useI18n } from "../i18n.tsx";
import { SparklesIcon, TrendingIcon } from "../icons.tsx";

/** A link of the navigation strip; `path` is without the locale prefix. */
export type StripItem = {
  id: number | string;
  path: string;
  name: string;
  iconName?: string | null;
  /** Active only on its own address, not below it (the blog's "All articles"). */
  end?: boolean;
};

/**
 * The navigation strip: template categories (service and category tags ordered by id, trending with its
 * arrow) or, in the blog, its categories. The active one is marked.
 */
export function NavStrip({ items, label }: { items: StripItem[]; label: string }) {
  const { href } = useI18n();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Keep the active tab in view when the strip scrolls sideways (phones).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && list.current && list.current.scrollWidth > list.current.clientWidth) {
      list.current.scrollLeft = active.offsetLeft - list.current.clientWidth / 2 + active.clientWidth / 2;
    }
  }, [pathname]);
  return (
    <nav aria-label={label} className="strip-bar">
      <ul ref={list} className="strip-list container-page">
        {items.map((tag) => (
          <li key={tag.id}>
            <NavLink to={href(tag.path)} end={tag.end} className="strip-link">
              {tag.iconName === "trending" ? <TrendingIcon width={16} height={16} data-icon="trending" /> : null}
              {tag.iconName === "sparkles" ? <SparklesIcon width={16} height={16} /> : null}
              {tag.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
