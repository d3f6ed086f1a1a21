import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { reloadOnceForChunkError } from "#app/lib/chunk-reload.ts";
import type { NotFoundData } from "./error-view-content.tsx";

export type { NotFoundData };

export function notFoundData(kind: NotFoundData["kind"], name?: string): NotFoundData {
  return { kind, name: name?.slice(0, 120) };
}

/**
 * The error page's content, loaded when an error is first shown (every page's scripts would otherwise
 * carry it: ADR 0017's budget). The server renders the whole page before sending it, so the content is
 * in the HTML. In the browser, a failed load (a deploy replaced the files) throws to the root's boundary,
 * which reloads the page once for a missing chunk.
 */
const Content = lazy(() => import("./error-view-content.tsx"));

export function ErrorView(props: { status: number; data?: NotFoundData; requestId?: string }) {
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
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
