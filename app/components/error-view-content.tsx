import { Form, Link } from "react-router";
import { useI18n } from "./i18n.tsx";

export type NotFoundData = { kind: "page" | "template" | "tag" | "article" | "blogCategory"; name?: string };

/** What a named missing thing is called: the title and text keys (both may use `{name}`). */
const MISSING: Record<Exclude<NotFoundData["kind"], "page">, [string, string]> = {
  template: ["common.errors.missingTemplate", "common.errors.missingTemplateText"],
  tag: ["common.errors.missingTag", "common.errors.missingTagText"],
  article: ["common.errors.missingArticle", "common.errors.missingArticleText"],
  blogCategory: ["common.errors.missingBlogCategory", "common.errors.missingBlogCategoryText"],
};

export default function ErrorViewContent({
  status,
  data,
  requestId,
}: {
  status: number;
  data?: NotFoundData;
  requestId?: string;
}) {
  const { t, href } = useI18n();
  const notFound = status === 404;
  const missing = notFound && data?.name && data.kind !== "page" ? MISSING[data.kind] : undefined;
  // A one-segment address that names no category or tag is an unknown page to whoever typed it (SPEC §2:
  // 'This page could not be found'); the text still says what was looked for.
  const title =
    missing && data?.kind !== "tag"
      ? t(missing[0], { name: data?.name ?? "" })
      : t(notFound ? "common.errors.notFoundTitle" : "common.errors.serverTitle");
  const text = missing
    ? t(missing[1], { name: data?.name ?? "" })
    : t(notFound ? "common.errors.notFoundText" : "common.errors.serverText");
  return (
    <section className="container-page flex flex-col items-start gap-4 py-20 sm:py-28">
      <p className="text-sm font-semibold tracking-wide text-brand-700">{status}</p>
      <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="max-w-2xl text-lg text-ink-muted">{text}</p>
      {notFound && data?.kind !== "page" && data?.kind !== "tag" && data?.kind ? (
        <p className="sr-only">{t("common.errors.notFoundTitle")}</p>
      ) : null}
      {notFound ? (
        <Form
          method="get"
          action={href("/search")}
          role="search"
          aria-label={t("common.errors.searchLabel")}
          className="mt-2 flex w-full max-w-xl flex-wrap gap-2"
        >
          <input
            type="search"
            name="q"
            maxLength={200}
            enterKeyHint="search"
            aria-label={t("common.errors.searchLabel")}
            placeholder={t("search.placeholder")}
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:outline-none"
          />
          <button type="submit" className="btn-primary">
            {t("common.errors.searchButton")}
          </button>
        </Form>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={href("/")} className={notFound ? "btn-secondary" : "btn-primary"}>
          {t("common.errors.goHome")}
        </Link>
        <Link to={href("/templates")} className="btn-secondary">
          {t("common.errors.browseTemplates")}
        </Link>
      </div>
      {notFound ? (
        <nav aria-label={t("common.errors.elsewhere")} className="text-sm text-ink-muted">
          <span>{t("common.errors.elsewhere")}: </span>
          <ul className="inline-flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link
                to={href("/blog")}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {t("common.nav.blog")}
              </Link>
            </li>
            <li>
              <Link
                to={href("/pricing")}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {t("common.nav.pricing")}
              </Link>
            </li>
            <li>
              <Link
                to={href("/contact-us")}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {t("common.footer.contact")}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
      {requestId ? (
        <p className="mt-6 text-xs text-ink-muted">{t("common.errors.requestId", { id: requestId })}</p>
      ) : null}
    </section>
  );
}
