import { Link } from "react-router";
import type { DesignerView } from "#modules/catalog/views.ts";
import { useI18n } from "../i18n.tsx";

/** The designer's own site: an external link, opened in a new tab, that passes no referrer or opener. */
function DesignerLink({ link, label, newTab }: { link: string; label: string; newTab: string }) {
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
    >
      {label}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}

/** "By <designer>" under the title of a template page. */
export function DesignerByline({ designer }: { designer: DesignerView }) {
  const { t, href } = useI18n();
  return (
    <p className="-mt-2 mb-4 text-sm text-ink-muted" data-testid="designer-byline">
      {t("template.designer.by")}{" "}
      <Link to={href(`/designers/${designer.slug}`)} className="font-medium text-brand-700 hover:underline">
        {designer.name}
      </Link>
    </p>
  );
}

/** The designer's name, short bio in the page's language, their site and a link to all their templates. */
export function DesignerBlock({ designer }: { designer: DesignerView }) {
  const { t, href } = useI18n();
  return (
    <section
      aria-labelledby="designer-about"
      className="rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60"
      data-testid="designer"
    >
      <h2 id="designer-about" className="text-lg font-semibold text-ink">
        {t("template.designer.about", { name: designer.name })}
      </h2>
      {designer.bio ? <p className="mt-2 max-w-3xl leading-7 text-ink-soft">{designer.bio}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
        <Link
          to={href(`/designers/${designer.slug}`)}
          className="text-sm font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
        >
          {t("template.designer.seeAll", { name: designer.name })}
        </Link>
        {designer.link ? (
          <DesignerLink
            link={designer.link}
            label={t("template.designer.website")}
            newTab={t("template.designer.newTab")}
          />
        ) : null}
      </div>
    </section>
  );
}
