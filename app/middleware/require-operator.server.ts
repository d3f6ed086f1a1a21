import { type MiddlewareFunction, redirect } from "react-router";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { localePath } from "#modules/shared/i18n.ts";

/**
 * The operator area's guard, as route middleware (it runs before every loader and action of the routes
 * under it, whichever of them a request asks for): anyone but an operator gets the site's ordinary 404,
 * so the area's existence is not revealed; an operator whose second factor is not on yet is sent to the
 * enrolment page (`enrolment: true` is that page's own guard: it lets an enrolled operator in too, so the
 * recovery codes shown after the first code survive the page's revalidation; the page then links home).
 */
export function requireOperator(opts: { enrolment?: boolean } = {}): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { app, ctx, locale } = pageContext(request, context);
    const access = app.scope.viewer?.account
      ? await app.services.operatorAccess.operatorAccess(ctx, app.scope.viewer?.account.id)
      : "none";
    if (access === "none") notFound("page");
    if (!opts.enrolment && access === "enrol") throw redirect(localePath(locale, "/operator/enrol"));
    const res = await next();
    // Never indexed, never kept by a cache.
    res.headers.set("X-Robots-Tag", "noindex, nofollow");
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  };
}
