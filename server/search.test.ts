import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { seedDemo } from "#db/seed/index.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date(), count: 60 });
});
afterAll(() => srv?.cleanup());

describe("search edges", () => {
  it("redirects /search without a query home, in the page's language", async () => {
    for (const [p, to] of [
      ["/search", "/"],
      ["/search?q=", "/"],
      ["/search?q=%20%20%20", "/"],
      ["/es/search", "/es"],
    ]) {
      const res = await srv.request(p);
      expect(res.status, p).toBe(302);
      expect(res.headers.get("location")).toBe(to);
    }
  });

  it("never answers bad queries with a 500", async () => {
    for (const q of [
      "x".repeat(10_000),
      "🎉🎉 deck",
      "'; drop table template; --",
      "<script>alert(1)</script>",
      "a & b | !c (d) :* <->",
      "%00",
      "null",
      "ñandú ÁÉÍÓÚ",
    ]) {
      const res = await srv.request(`/search?${new URLSearchParams({ q })}`);
      expect(res.status, q.slice(0, 20)).toBe(200);
      expect(await res.text()).not.toContain("<script>alert(1)</script>");
      const suggest = await srv.request(`/api/search/suggest?${new URLSearchParams({ q })}`);
      expect(suggest.status).toBe(200);
    }
  });

  it("finds templates across languages and keeps filters with the query", async () => {
    const en = await (await srv.request("/search?q=business")).text();
    expect(en).toMatch(/Results for “business”/);
    expect(en).toMatch(/\d+ templates?/);
    const es = await (await srv.request("/es/search?q=negocios&license=free")).text();
    expect(es).toMatch(/Resultados de «negocios»/);
    expect(es).not.toContain("badge-premium");
  });

  it("answers the search box: suggestions with best matches, and the menu for an empty box", async () => {
    const s = await (await srv.request("/api/search/suggest?q=bus&locale=en")).json();
    expect(s.suggestions.length).toBeGreaterThan(0);
    expect(s.suggestions.every((x: string) => typeof x === "string")).toBe(true);
    expect(Array.isArray(s.templates)).toBe(true);
    const m = await (await srv.request("/api/search/menu?locale=es")).json();
    expect(Array.isArray(m.topSearches)).toBe(true);
    expect(m.categorizedTrendingBySearchTemplates.length).toBeGreaterThan(0);
    expect(m.categorizedTrendingBySearchTemplates[0]).toMatchObject({
      content: { name: expect.any(String) },
      templates: expect.any(Array),
    });
  });

  it("answers searchAutocompletions and mainPageSearchMenu on GraphQL", async () => {
    const res = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", locale: "es" },
      body: JSON.stringify({
        query: `query($q: String!) { searchAutocompletions(searchRequest: $q)
          mainPageSearchMenu { topSearches { id searchRequest } categorizedTrendingBySearchTemplates { id slug iconName templatesCount content { name } templates { id content { title } colors { id previewImages } } } } }`,
        variables: { q: "negoc" },
      }),
    });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.searchAutocompletions.length).toBeGreaterThan(0);
    expect(
      body.data.mainPageSearchMenu.categorizedTrendingBySearchTemplates[0].templates[0].colors[0].previewImages[0],
    ).toMatch(/^\/files\/previews\/v1\/\d+\/1-320\.webp$/);
  });

  it("rate-limits search and autocomplete per client", async () => {
    const limited = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: { suggest: [2, 1], search: [1, 1] },
    });
    // A second process on the same database draws from the same budget.
    const other = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: { suggest: [2, 1], search: [1, 1] },
    });
    try {
      expect((await limited.request("/api/search/suggest?q=a")).status).toBe(200);
      expect((await other.request("/api/search/suggest?q=b")).status).toBe(200);
      const third = await limited.request("/api/search/suggest?q=c");
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      expect((await other.request("/api/search/suggest?q=c")).status).toBe(429);
      expect((await other.request("/search?q=deck")).status).toBe(200);
      expect((await limited.request("/search?q=deck")).status).toBe(429);
    } finally {
      await other.close();
      await limited.close();
    }
  });
});

describe("GraphQL search budget", () => {
  it("charges each operation its cost per client: searches run out before lookups would", async () => {
    const limited = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      rateLimits: {
        ...Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])),
        graphql: [12, 1],
      } as RateLimits,
    });
    try {
      const ask = (query: string, locale = "en") =>
        limited.request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", locale },
          body: JSON.stringify({ query }),
        });
      const two = `{ a: searchAutocompletions(searchRequest: "pitch") b: searchAutocompletions(searchRequest: "deck") }`;
      expect((await ask(two)).status).toBe(200); // costs 10 of 12
      const refused = await ask(two, "es");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
      const body = (await refused.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0].extensions.code).toBe("RATE_LIMITED");
      expect(body.errors[0].message).toMatch(/^Demasiadas peticiones\. Inténtalo de nuevo en \d+ segundos\.$/);
      // A cheap lookup still fits.
      expect((await ask("{ languages { totalCount } }")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
