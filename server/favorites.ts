import type { Context, Hono } from "hono";
import { isLocale, localePath } from "#app/lib/i18n.ts";
import { serverT } from "#app/lib/messages.server.ts";
import type { Locale } from "#config/constants.ts";
import { favoriteIds, setFavorite } from "#modules/favorites/service.ts";
import type { ServiceContext } from "#modules/shared/context.ts";
import type { SessionViewer } from "./auth.ts";
import { clientIp } from "./downloads.ts";
import type { RateLimiters } from "./rate-limit.ts";
import { readBody, refererPath } from "./request.ts";

type Deps = {
  serviceContext: (locale: Locale) => ServiceContext;
  viewerOf: (c: Context) => SessionViewer;
  limiters: RateLimiters;
  origin: string;
};

/**
 * POST /api/favorites { templateId, favorite: true|false }: JSON for scripts, a 303 back for plain
 * forms. Guests get 401 (scripts) or the log-in page with a way back (forms).
 */
export function mountFavorites(app: Hono, deps: Deps) {
  const limiter = deps.limiters.favorites;

  /** GET /api/favorites?ids=1,2,3 (up to 100): which of these the signed-in visitor keeps. */
  app.get("/api/favorites", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const viewer = deps.viewerOf(c);
    const t = serverT(isLocale(c.req.query("lang")) ? (c.req.query("lang") as Locale) : "en");
    if (!viewer)
      return c.json(
        {
          ok: false,
          code: "account.favorites.errors.loginRequired",
          message: t("account.favorites.errors.loginRequired"),
        },
        401,
      );
    const raw = (c.req.query("ids") ?? "").slice(0, 1200).split(",");
    const ids = [...new Set(raw.map(Number))].filter((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647);
    if (!ids.length || ids.length > 100 || raw.length > 100)
      return c.json(
        { ok: false, code: "account.favorites.errors.badRequest", message: t("account.favorites.errors.badRequest") },
        400,
      );
    const yes = await favoriteIds(deps.serviceContext("en"), viewer.account.id, ids);
    return c.json({ ok: true, ids: [...yes] });
  });

  app.post("/api/favorites", async (c) => {
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    const body = await readBody(c);
    const locale: Locale = isLocale(body.locale) ? body.locale : "en";
    const t = serverT(locale);
    const back = refererPath(c, deps.origin) ?? localePath(locale, "/");
    const fail = (status: 400 | 401 | 404 | 429, code: string, message: string) => {
      if (wantsJson) return c.json({ ok: false, code, message }, status);
      if (status === 401)
        return c.redirect(`${localePath(locale, "/login")}?redirect=${encodeURIComponent(back)}`, 303);
      return c.text(message, status);
    };
    const viewer = deps.viewerOf(c);
    if (!viewer)
      return fail(401, "account.favorites.errors.loginRequired", t("account.favorites.errors.loginRequired"));
    const limited = await limiter.take(`a:${viewer.account.id}:${clientIp(c)}`);
    if (!limited.ok) {
      c.header("Retry-After", String(limited.retryAfter));
      return fail(
        429,
        "account.favorites.errors.rateLimited",
        t("account.favorites.errors.rateLimited", { seconds: limited.retryAfter }),
      );
    }
    const templateId = Number(body.templateId);
    const raw = body.favorite;
    const favorite = raw === true || raw === "true" || raw === "on" || raw === "1";
    const remove = raw === false || raw === "false" || raw === "0";
    if (!Number.isInteger(templateId) || templateId < 1 || templateId > 2_147_483_647 || (!favorite && !remove))
      return fail(400, "account.favorites.errors.badRequest", t("account.favorites.errors.badRequest"));
    const result = await setFavorite(deps.serviceContext(locale), {
      accountId: viewer.account.id,
      templateId,
      favorite,
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
