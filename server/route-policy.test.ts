import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_POLICY_CACHE } from "#config/constants.ts";
import { ensureBuild } from "#tests/build.ts";
import { DEFAULT_POLICY, routePolicies } from "./route-policy.ts";

let routeOf: ReturnType<typeof routePolicies>;
let build: ServerBuild;

beforeAll(async () => {
  ensureBuild();
  build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  routeOf = routePolicies(build);
}, 300_000);

describe("route policy, as the routes declare it", () => {
  it("keeps every account page, one-time link and checkout out of the page cache, in both languages, their data too", () => {
    for (const base of [
      "/login",
      "/login/verify",
      "/signup",
      "/forgot-password",
      "/change-password",
      "/confirm-email",
      "/operator/enrol",
      "/profile",
      "/profile/favorites",
      "/profile/favorites/12",
      "/profile/downloads",
      "/profile/settings",
      "/profile/billing",
      "/profile/payments",
      "/profile/invoices",
      "/profile/invoices/SN-2026-0001/pdf",
      "/profile/avatar",
      "/outbox",
      "/outbox/3",
      "/payment",
      "/payment/PERSONAL",
      "/thank-you",
      "/operator",
      "/operator/templates/new",
    ])
      for (const p of [base, `/es${base}`, `${base}.data`, `/es${base}.data`])
        expect(routeOf(p).policy.cache, p).toBe("personal");
  });

  it("shares anonymous catalog pages, renders the search for each query, and counts template views", () => {
    for (const p of ["/", "/_root.data", "/es", "/business", "/es/business.data", "/templates", "/blog", "/pricing"])
      expect(routeOf(p).policy, p).toEqual(DEFAULT_POLICY);
    expect(routeOf("/search").policy.cache).toBe("none");
    expect(routeOf("/es/search.data").policy.cache).toBe("none");
    expect(routeOf("/blog/search").policy.cache).toBe("shared");
    const view = routeOf("/es/template/minimal-pitch.data");
    expect(view.policy.countsView).toBe(true);
    expect(view.params.slug).toBe("minimal-pitch");
    expect(routeOf("/business").policy.countsView).toBe(false);
  });

  it("looks at no session for documents that are the same for everyone, and lets only the picture upload send a picture", () => {
    for (const p of ["/robots.txt", "/sitemap.xml", "/pdf-license-personal", "/es/pdf-license-commercial"])
      expect(routeOf(p).policy.session, p).toBe(false);
    expect(routeOf("/profile/settings").policy.session).toBe(true);
    expect(routeOf("/profile/avatar").policy.body).toBe("avatar");
    expect(routeOf("/es/profile/avatar").policy.body).toBe("avatar");
    expect(routeOf("/profile/settings").policy.body).toBe("form");
  });

  it("declares the policy in the route modules themselves: every page under a member's layout is personal", () => {
    const under = (id: string, layout: string): boolean => {
      const parent = build.routes[id]?.parentId;
      return parent === layout || (parent !== undefined && under(parent, layout));
    };
    const personalLayouts = ["routes/profile/layout", "layout/auth", "operator"].flatMap((l) => [l, `es/${l}`]);
    const ids = Object.keys(build.routes).filter((id) => personalLayouts.some((l) => id === l || under(id, l)));
    expect(ids.length).toBeGreaterThan(20);
    const address = (id: string | undefined): string => {
      const route = id ? build.routes[id] : undefined;
      if (!route) return "";
      const own = route.path ? `/${route.path}` : "";
      return address(route.parentId) + own;
    };
    for (const id of ids) {
      // A layout without a path of its own has no address: its pages are checked.
      if (!build.routes[id]?.path && !build.routes[id]?.index) continue;
      const full = (address(id) || "/").replace(/:(\w+)\?/g, "").replace(/:(\w+)/g, "7");
      expect(routeOf(full).policy.cache, `${id} at ${full}`).toBe("personal");
    }
  });
});

describe("route policy memory", () => {
  it("remembers addresses within its bytes, however many are made up", () => {
    const held = routePolicies(build);
    for (let i = 0; i < 5_000; i++) held(`/template/${"x".repeat(400)}-${i}`);
    expect(held.held().bytes).toBeLessThanOrEqual(ROUTE_POLICY_CACHE.maxBytes);
    expect(held.held().entries).toBeLessThanOrEqual(ROUTE_POLICY_CACHE.entries);
    expect(held.held().entries).toBeGreaterThan(0);
    // Still the right answers.
    expect(held("/profile").policy.cache).toBe("personal");
  });
});
