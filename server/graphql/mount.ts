import { serverT } from "#modules/shared/messages.server.ts";
import { attemptKey } from "#modules/shared/rate-limit.ts";
import { requestOf, type ServerApp, scopeOf } from "../context.ts";
import type { Ports } from "../ports.ts";
import { guestIdOf } from "../session.ts";
import { isSharedQuery } from "./cost.ts";
import { createGraphqlHandler } from "./index.ts";

/** GET and POST /graphql: the request's scope and budgets handed to the schema; caching by what was asked. */
export function mountGraphql(app: ServerApp, ports: Ports) {
  const graphql = createGraphqlHandler({
    translate: serverT,
    log: ports.log,
    production: ports.mode === "production",
    origin: ports.env.publicUrl,
    guestIdOf: (req) => guestIdOf(ports.secret, req.headers.get("cookie")),
  });
  app.on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    const request = requestOf(c);
    const account = request.viewer?.account ?? null;
    const res = await graphql(c.req.raw, {
      requestContext: request,
      scope: scopeOf(c),
      limitPayment: async () => {
        const r = await ports.limiters.payments.take(attemptKey(account?.id, request.clientKey));
        return r.ok ? null : r.retryAfter;
      },
      limitLicenceCheck: async () => {
        const r = await ports.limiters.licenceChecks.take(request.clientKey);
        return r.ok ? null : r.retryAfter;
      },
      takeCost: async (cost) => {
        const r = await ports.limiters.graphql.take(request.clientKey, Date.now(), cost);
        return r.ok ? null : r.retryAfter;
      },
    });
    // The search box's lookups (GET, the same for everyone, the language in the address) are cached by the
    // browser for a minute: typing back over a prefix asks nothing. Everything else stays uncached.
    if (c.req.method === "GET" && res.status === 200 && isSharedQuery(c.req.query("query"))) {
      const headers = new Headers(res.headers);
      headers.set("Cache-Control", "public, max-age=60");
      headers.set("Vary", "locale, Accept-Encoding");
      return new Response(res.body, { status: res.status, headers });
    }
    // Anything else may be someone's own (me, favourites, downloads): no cache keeps it.
    const headers = new Headers(res.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  });
}
