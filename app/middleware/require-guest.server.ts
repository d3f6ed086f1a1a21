import { type MiddlewareFunction, redirect } from "react-router";
import { pageContext } from "#app/lib/route.server.ts";
import { localePath } from "#modules/shared/i18n.ts";

/**
 * The guest pages' guard (log-in, sign-up, the log-in's second step), as route middleware: a signed-in
 * member asking for one goes to their profile instead. Forms posted from a page opened before signing in
 * are answered as they are (the action decides).
 */
export function requireGuest(): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { app, locale } = pageContext(request, context);
    const reading = request.method === "GET" || request.method === "HEAD";
    if (reading && app.scope.viewer) throw redirect(localePath(locale, "/profile"));
    return next();
  };
}
