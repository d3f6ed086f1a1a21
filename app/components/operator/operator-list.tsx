import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";

/** An operator list page's frame: its heading and introduction, a filter, the list, and its pages. */
export function OperatorList(props: {
  title: string;
  intro: string;
  filter: {
    id: string;
    name: string;
    label: string;
    /** The first option, which shows everything. */
    all: string;
    value: string;
    options: { value: string; label: string }[];
  };
  /** The pages' links: newer/previous and older/next, when there are any. */
  pages: {
    label: string;
    previous: { href: string; label: string } | null;
    next: { href: string; label: string } | null;
  };
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { filter, pages } = props;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{props.title}</h1>
        <p className="mt-2 text-ink-muted">{props.intro}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={filter.id} className="field-label">
            {filter.label}
          </label>
          <select id={filter.id} name={filter.name} defaultValue={filter.value} className="field-input min-w-56">
            <option value="">{filter.all}</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("account.operator.audit.apply")}
        </button>
      </Form>
      {props.children}
      {pages.previous || pages.next ? (
        <nav aria-label={pages.label} className="flex gap-3">
          {pages.previous ? (
            <Link to={pages.previous.href} className="btn-secondary">
              {pages.previous.label}
            </Link>
          ) : null}
          {pages.next ? (
            <Link to={pages.next.href} className="btn-secondary">
              {pages.next.label}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
