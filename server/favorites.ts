import type { Locale } from "#config/constants.ts";
import { favoriteIdsInput, setFavoriteInput } from "#modules/favorites/schemas.ts";
import { favoriteIds, setFavorite } from "#modules/favorites/service.ts";
import { localeFromPath, localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { requestOf, type ServerApp, scopeOf } from "./context.ts";
import { attemptKey, type RateLimiters } from "./rate-limit.ts";
import { readBody, refererPath } from "./request.ts";

type Deps = {
  limiters: RateLimiters;
  origin: string;
};

const BAD_REQUEST = "account.favorites.errors.badRequest";
const LOGIN_REQUIRED = "account.favorites.errors.loginRequired";

/**
 * POST /api/favorites { templateId, favorite: true|false }: JSON for scripts, a 303 back for plain
 * forms. Guests get 401 (scripts) or the log-in page with a way back (forms).
 */
export function mountFavorites(app: ServerApp, deps: Deps) {
  const limiter = deps.limiters.favorites;

  /** GET /api/favorites?ids=1,2,3 (up to 100): which of these the signed-in visitor keeps. */
  app.get("/api/favorites", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { viewer, locale } = requestOf(c);
    const t = serverT(locale);
    if (!viewer) return c.json({ ok: false, code: LOGIN_REQUIRED, message: t(LOGIN_REQUIRED) }, 401);
    const ids = favoriteIdsInput.safeParse(c.req.query("ids") ?? "");
    if (!ids.success) return c.json({ ok: false, code: BAD_REQUEST, message: t(BAD_REQUEST) }, 400);
    const yes = await favoriteIds(scopeOf(c), viewer.account.id, ids.data);
    return c.json({ ok: true, ids: [...yes] });
  });

  app.post("/api/favorites", async (c) => {
    const request = requestOf(c);
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    const body = await readBody(c);
    const input = setFavoriteInput.safeParse(body);
    // A plain form (no scripts) says no locale: the page it was sent from does.
    const referer = refererPath(c, deps.origin);
    const locale: Locale =
      setFavoriteInput.shape.locale.parse(body.locale) ??
      (referer ? localeFromPath(referer.split("?")[0]) : request.locale);
    const t = serverT(locale);
    const back = referer ?? localePath(locale, "/");
    const fail = (status: 400 | 401 | 404 | 429, code: string, message: string) => {
      if (wantsJson) return c.json({ ok: false, code, message }, status);
      if (status === 401)
        return c.redirect(`${localePath(locale, "/login")}?redirect=${encodeURIComponent(back)}`, 303);
      return c.text(message, status);
    };
    const { viewer } = request;
    if (!viewer) return fail(401, LOGIN_REQUIRED, t(LOGIN_REQUIRED));
    const limited = await limiter.take(attemptKey(viewer.account.id, request.clientKey));
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfter));
      return fail(
        429,
        "account.favorites.errors.rateLimited",
        t("account.favorites.errors.rateLimited", { seconds: limited.retryAfter }),
      );
    }
    if (!input.success) return fail(400, BAD_REQUEST, t(BAD_REQUEST));
    const result = await setFavorite(scopeOf(c), {
      accountId: viewer.account.id,
      templateId: input.data.templateId,
      favorite: input.data.favorite,
    });
    if (!result.ok) return fail(404, result.code, t(result.code));
    c.header("Cache-Control", "no-store");
    if (wantsJson)
      return c.json({
        ok: true,
        favorite: result.favorite,
        message: t(result.favorite ? "account.favorites.added" : "account.favorites.removed"),
      });
    return c.redirect(back, 303);
  });
}
