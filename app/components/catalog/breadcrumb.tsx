import { Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";

/** A list page's trail: the home page, then the page itself. */
export function ListBreadcrumb({ current }: { current: string }) {
  const { t, href } = useI18n();
  return (
    <nav aria-label={t("catalog.list.breadcrumb")} className="mb-3 text-sm text-ink-muted">
      <Link to={href("/")} className="hover:text-brand-700">
        SlideNest
      </Link>
      <span aria-hidden="true"> / </span>
      <span aria-current="page">{current}</span>
    </nav>
  );
}
