import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { reloadOnceForChunkError } from "#app/lib/chunk-reload.ts";
import { useI18n } from "./i18n.tsx";

export type NotFoundData = { kind: "page" | "template" | "tag" | "article" | "blogCategory"; name?: string };

export function notFoundData(kind: NotFoundData["kind"], name?: string): NotFoundData {
  return { kind, name: name?.slice(0, 120) };
}

/** What a named missing thing is called: the title and text keys (both may use `{name}`). */
const MISSING: Record<Exclude<NotFoundData["kind"], "page">, [string, string]> = {
  template: ["common.errors.missingTemplate", "common.errors.missingTemplateText"],
  tag: ["common.errors.missingTag", "common.errors.missingTagText"],
  article: ["common.errors.missingArticle", "common.errors.missingArticleText"],
  blogCategory: ["common.errors.missingBlogCategory", "common.errors.missingBlogCategoryText"],
};

export function ErrorView({ status, data, requestId }: { status: number; data?: NotFoundData; requestId?: string }) {
  const { t, href } = useI18n();
  const notFound = status === 404;
  const missing = notFound && data?.name && data.kind !== "page" ? MISSING[data.kind] : undefined;
  const title = missing
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
      {notFound && data?.kind !== "page" && data?.kind ? (
        <p className="sr-only">{t("common.errors.notFoundTitle")}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={href("/")} className="btn-primary">
          {t("common.errors.goHome")}
        </Link>
        <Link to={href("/templates")} className="btn-secondary">
          {t("common.errors.browseTemplates")}
        </Link>
      </div>
      {requestId ? (
        <p className="mt-6 text-xs text-ink-muted">{t("common.errors.requestId", { id: requestId })}</p>
      ) : null}
    </section>
  );
}

/** The error boundary of every page: keeps the layout, names what is missing. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) {
      console.error(error);
      reloadOnceForChunkError(error);
    }
  }, [error]);
  if (isRouteErrorResponse(error)) {
    return <ErrorView status={error.status} data={error.data as NotFoundData | undefined} />;
  }
  return <ErrorView status={500} />;
}
