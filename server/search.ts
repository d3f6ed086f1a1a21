import type { Context } from "hono";
import type { Locale } from "#config/constants.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { RateLimiters } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp } from "./context.ts";

type Deps = {
  limiters: RateLimiters;
};

const localeOf = (c: Context): Locale => requestOf(c).locale;

/** The search pages and their data, each request taking from the client's search budget. */
export const SEARCH_LIMITED_PATHS: ReadonlySet<string> = new Set(
  ["/search", "/blog/search"].flatMap((base) => [base, `${base}.data`, `/es${base}`, `/es${base}.data`]),
);

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
  for (const p of SEARCH_LIMITED_PATHS) app.get(p, limitSearch);
}
