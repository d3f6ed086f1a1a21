import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Issue 19 (weak 9): a member's answers are kept by no cache (browser history, a shared proxy); shared
 * answers keep theirs.
 */
const clock: Clock = { now: () => new Date() };
let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date(), count: 6 });
});
afterAll(() => srv?.cleanup());

const gqlGet = (query: string, cookie?: string) =>
  srv.request(`/graphql?${new URLSearchParams({ query })}`, { headers: cookie ? { cookie } : {} });

describe("Cache-Control", () => {
  it("a member's pages and their data are no-store", async () => {
    const { jar } = await signedInMember(srv, clock, "cachectl");
    for (const path of [
      "/profile",
      "/profile/settings",
      "/profile/downloads",
      "/es/profile/billing",
      "/",
      "/business",
    ]) {
      const res = await srv.request(path, { headers: { cookie: jar.header } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const data = await srv.request("/profile/settings.data", { headers: { cookie: jar.header } });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    // The log-in and sign-up pages too (forms, one-time links), even for guests.
    for (const path of ["/login", "/es/signup", "/forgot-password"])
      expect((await srv.request(path)).headers.get("cache-control"), path).toBe("private, no-store");
  });

  it("GraphQL: personal answers (me, over GET or POST) are no-store; shared GETs keep their minute", async () => {
    const { jar } = await signedInMember(srv, clock, "cachegql");
    const me = await gqlGet("{ me { id } }", jar.header);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { me: { id: number } } }).data.me.id).toBeGreaterThan(0);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const post = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: jar.header },
      body: JSON.stringify({ query: "{ me { id } }" }),
    });
    expect(post.headers.get("cache-control")).toBe("private, no-store");
    const shared = await gqlGet('{ searchAutocompletions(searchRequest: "bus") }');
    expect(shared.headers.get("cache-control")).toBe("public, max-age=60");
    // A shared query beside a personal one is personal.
    const mixed = await gqlGet('{ searchAutocompletions(searchRequest: "bus") me { id } }', jar.header);
    expect(mixed.headers.get("cache-control")).toBe("private, no-store");
  });

  it("guests' catalog pages stay shared", async () => {
    await srv.request("/business");
    const res = await srv.request("/business");
    expect(res.headers.get("cache-control")).toContain("s-maxage=60");
  });
});
