import { data, type RouterContextProvider } from "react-router";
import { type NotFoundData, notFoundData } from "#app/components/error-view.tsx";
import { appContext } from "#app/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";

/** What every loader starts with: the app, the request's language (its address's), its scope and a translator. */
export function pageContext(request: Request, context: Readonly<RouterContextProvider>) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const locale = app.scope.locale;
  return { app, url, locale, ctx: app.scope, t: serverT(locale), origin: app.origin };
}

export function notFound(kind: NotFoundData["kind"], name?: string): never {
  throw data(notFoundData(kind, name), { status: 404 });
}
