import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PolicyHandle, RoutePolicy } from "./load-context.ts";

/** What a route that declares nothing gets: the session looked at, anonymous answers shared. */
export const DEFAULT_POLICY: RoutePolicy = { session: true, cache: "shared", countsView: false, body: "form" };

/** The longest address whose answer is remembered (longer ones are matched each time). */
const MAX_KEY = 512;
/** How many addresses' answers are remembered before the memory starts again. */
const MAX_ENTRIES = 4_000;

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

  return (pathname: string): RouteFacts => {
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
    if (pathname.length <= MAX_KEY) {
      if (known.size >= MAX_ENTRIES) known.clear();
      known.set(pathname, facts);
    }
    return facts;
  };
}
