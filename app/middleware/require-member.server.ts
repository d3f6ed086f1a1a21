import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { memberContext } from "#app/context.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { localePath, stripLocale } from "#modules/shared/i18n.ts";

/**
 * The member's pages' guard, as route middleware (it runs before every loader and action of the routes
 * under it): a guest asking for a page goes to sign-up with the way back (SPEC §2); a guest posting a form
 * (a session that ended meanwhile) goes to the log-in page with the same way back. For a member it keeps
 * the session's viewer for the loaders and actions (`memberOf`), so none of them checks again.
 */
export function requireMember(): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { app, url, locale } = pageContext(request, context);
    const viewer = app.request.viewer;
    if (!viewer) {
      const back = encodeURIComponent(localePath(locale, stripLocale(url.pathname)) + url.search);
      const reading = request.method === "GET" || request.method === "HEAD";
      throw redirect(`${localePath(locale, reading ? "/signup" : "/login")}?redirect=${back}`);
    }
    context.set(memberContext, viewer);
    return next();
  };
}

/** The signed-in member (account and session) of a route behind `requireMember`. */
export function memberOf(context: Readonly<RouterContextProvider>) {
  return context.get(memberContext);
}
