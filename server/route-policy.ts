import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { ROUTE_POLICY_CACHE } from "#config/constants.ts";
import type { PolicyHandle, RoutePolicy } from "./load-context.ts";

/** What a route that declares nothing gets: the session looked at, anonymous answers shared. */
export const DEFAULT_POLICY: RoutePolicy = { session: true, cache: "shared", countsView: false, body: "form" };

export type RouteFacts = { policy: RoutePolicy; params: Readonly<Record<string, string | undefined>> };

/**
 * The policy of the route an address reaches, read from the build's route modules (`handle.policy`,
 * layouts first, the page's own last), with its parameters. A page's data (`/x.data`, `/_root.data`) is
 * its page's. Answers are remembered per address (bounded).
 */
export function routePolicies(build: Pick<ServerBuild, "routes">) {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).flatMap((r) =>
      r ? [r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) }] : [],
    );
  const routes = tree(undefined);
  const known = new Map<string, RouteFacts>();
  /** About what `known` holds: each address and its parameters, two bytes a character, and the entry. */
  let knownBytes = 0;
  const bytesOf = (pathname: string, params: RouteFacts["params"]) =>
    64 +
    pathname.length * 2 +
    Object.entries(params).reduce((n, [k, v]) => n + 32 + (k.length + (v?.length ?? 0)) * 2, 0);

  const routeOf = (pathname: string): RouteFacts => {
    const hit = known.get(pathname);
    if (hit) return hit;
    const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
    let policy = DEFAULT_POLICY;
    let params: RouteFacts["params"] = {};
    for (const match of matchRoutes(routes, page) ?? []) {
      const own = (build.routes[match.route.id ?? ""]?.module.handle as PolicyHandle | undefined)?.policy;
      if (own) policy = { ...policy, ...own };
      params = match.params;
    }
    const facts = { policy, params };
    // Bounded in entries and in bytes: when either is reached the memory starts again (the answers are
    // a match away).
    if (pathname.length <= ROUTE_POLICY_CACHE.maxKeyLength) {
      const bytes = bytesOf(pathname, params);
      if (known.size >= ROUTE_POLICY_CACHE.entries || knownBytes + bytes > ROUTE_POLICY_CACHE.maxBytes) {
        known.clear();
        knownBytes = 0;
      }
      known.set(pathname, facts);
      knownBytes += bytes;
    }
    return facts;
  };
  /** The addresses remembered and about the bytes they take (tests, the memory benchmark). */
  routeOf.held = () => ({ entries: known.size, bytes: knownBytes });
  return routeOf;
}
