import { Link } from "react-router";
import type { Untranslated } from "#modules/blog/views.ts";
import { useI18n } from "../i18n.tsx";

/** A category or article that exists, but not in the page's language: says so and links to where it does. */
export function UntranslatedNotice({ what, page }: { what: "article" | "category"; page: Untranslated }) {
  const { t, href } = useI18n();
  return (
    <section className="container-page max-w-3xl py-16 sm:py-24" aria-labelledby="untranslated-title">
      <h1 id="untranslated-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {t(what === "article" ? "blog.untranslated.articleTitle" : "blog.untranslated.categoryTitle")}
      </h1>
      <p className="mt-4 text-lg text-ink-muted">{t("blog.untranslated.text")}</p>
      <ul className="mt-6 flex flex-col gap-3">
        {page.availableIn.map((a) => (
          <li key={a.locale}>
            <Link
              to={a.path}
              hrefLang={a.locale}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              {t("blog.untranslated.readIn", { language: t(`blog.untranslated.language_${a.locale}`), title: a.title })}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to={href("/blog")} className="btn-secondary">
          {t("blog.untranslated.browse")}
        </Link>
      </p>
    </section>
  );
}
