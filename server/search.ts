import type { Context } from "hono";
import type { Locale } from "#config/constants.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { RateLimiters } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp } from "./context.ts";

type Deps = {
  limiters: RateLimiters;
};

const localeOf = (c: Context): Locale => requestOf(c).locale;

/**
 * Rate limits on the search pages per client, the template search and the blog's (the search box asks
 * GraphQL, within its cost budget).
 */
export function mountSearch(app: ServerApp, deps: Deps) {
  const { search: searchLimiter } = deps.limiters;

  const tooMany = (c: Context, retryAfter: number, json: boolean) => {
    c.header("Retry-After", String(retryAfter));
    const message = serverT(localeOf(c))("search.tooMany");
    return json
      ? c.json({ message }, 429)
      : c.html(`<!doctype html><meta charset="utf-8"><title>429</title><p>${message}</p>`, 429);
  };

  const limitSearch = async (c: Context, next: () => Promise<void>) => {
    const limited = await searchLimiter.take(requestOf(c).clientKey);
    if (!limited.ok) return tooMany(c, limited.retryAfter, c.req.path.endsWith(".data"));
    await next();
  };
  for (const base of ["/search", "/blog/search"])
    for (const p of [base, `${base}.data`, `/es${base}`, `/es${base}.data`]) app.get(p, limitSearch);
}
