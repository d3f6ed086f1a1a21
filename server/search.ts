import type { Context, Hono } from "hono";
import { serverT } from "#app/lib/messages.server.ts";
import type { Locale } from "#config/constants.ts";
import { suggestInput } from "#modules/search/schemas.ts";
import { autocomplete, mainPageSearchMenu } from "#modules/search/service.ts";
import type { ServiceContext } from "#modules/shared/context.ts";
import { requestOf } from "./context.ts";
import type { RateLimiters } from "./rate-limit.ts";

type Deps = {
  serviceContext: (locale: Locale) => ServiceContext;
  limiters: RateLimiters;
};

const localeOf = (c: Context): Locale => requestOf(c).locale;

/** JSON for the header search box, and rate limits on search and autocomplete per client. */
export function mountSearch(app: Hono, deps: Deps) {
  const { suggest: suggestLimiter, search: searchLimiter } = deps.limiters;

  const tooMany = (c: Context, retryAfter: number, json: boolean) => {
    c.header("Retry-After", String(retryAfter));
    const message = serverT(localeOf(c))("search.tooMany");
    return json
      ? c.json({ message }, 429)
      : c.html(`<!doctype html><meta charset="utf-8"><title>429</title><p>${message}</p>`, 429);
  };

  app.get("/api/search/suggest", async (c) => {
    const limited = await suggestLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) return tooMany(c, limited.retryAfter, true);
    const q = suggestInput.parse(c.req.query("q"));
    const ctx = deps.serviceContext(localeOf(c));
    const result = q ? await autocomplete(ctx, q) : { suggestions: [], templates: [] };
    c.header("Cache-Control", "public, max-age=60");
    return c.json({
      suggestions: result.suggestions,
      templates: result.templates.map((tpl) => ({
        slug: tpl.slug,
        title: tpl.title,
        slidesCount: tpl.slidesCount,
        colorId: tpl.colors[0]?.id ?? null,
      })),
    });
  });

  app.get("/api/search/menu", async (c) => {
    const limited = await suggestLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) return tooMany(c, limited.retryAfter, true);
    c.header("Cache-Control", "public, max-age=60");
    return c.json(await mainPageSearchMenu(deps.serviceContext(localeOf(c))));
  });

  const limitSearch = async (c: Context, next: () => Promise<void>) => {
    const limited = await searchLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) return tooMany(c, limited.retryAfter, c.req.path.endsWith(".data"));
    await next();
  };
  for (const p of ["/search", "/search.data", "/es/search", "/es/search.data"]) app.get(p, limitSearch);
}
