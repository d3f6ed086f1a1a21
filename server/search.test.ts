import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date(), count: 60 });
});
afterAll(() => srv?.cleanup());

/** The search box's lookup as the browser sends it (SPEC §7 searchAutocompletions, as a GET). */
const suggestPath = (q: string, lang = "en") =>
  `/graphql?${new URLSearchParams({
    query:
      "query SearchAutocompletions($q: String!) { searchAutocompletions(searchRequest: $q) searchAutocompleteTemplates(searchRequest: $q) { slug title slidesCount previewColorId } }",
    variables: JSON.stringify({ q }),
    lang,
  })}`;

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
      const suggest = await srv.request(suggestPath(q));
      expect(suggest.status).toBe(200);
      expect((await suggest.json()).errors).toBeUndefined();
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

  it("lets search engines index a search with results only as itself: refined, paged or empty ones are noindex", async () => {
    const robots = async (path: string) => {
      const html = await (await srv.request(path)).text();
      return {
        robots: /<meta name="robots" content="([^"]+)"/.exec(html)?.[1] ?? null,
        canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
      };
    };
    const plain = await robots("/search?q=business");
    expect(plain.robots).toBeNull();
    expect(plain.canonical).toMatch(/\/search\?q=business$/);
    const es = await robots("/es/search?q=negocios");
    expect(es.robots).toBeNull();
    for (const path of ["/search?q=business&license=free", "/search?q=business&sort=newest", "/search?q=zzqxv"]) {
      const page = await robots(path);
      expect(page.robots, path).toBe("noindex, follow");
      expect(page.canonical, path).not.toMatch(/license|sort/);
    }
  });

  it("answers the search box over GET /graphql: suggestions with best matches, the menu, cached a minute", async () => {
    const res = await srv.request(suggestPath("bus"));
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("vary")).toContain("locale");
    const s = (await res.json()).data;
    expect(s.searchAutocompletions.length).toBeGreaterThan(0);
    expect(s.searchAutocompletions.every((x: string) => typeof x === "string")).toBe(true);
    expect(s.searchAutocompleteTemplates.length).toBeGreaterThan(0);
    expect(s.searchAutocompleteTemplates[0]).toMatchObject({ slug: expect.any(String), title: expect.any(String) });
    const menuQuery =
      "query MainPageSearchMenu { mainPageSearchMenu { topSearches { id searchRequest } categorizedTrendingBySearchTemplates { id content { name } templates { id } } } }";
    const menu = await srv.request(`/graphql?${new URLSearchParams({ query: menuQuery, lang: "es" })}`);
    expect(menu.headers.get("cache-control")).toBe("public, max-age=60");
    const m = (await menu.json()).data.mainPageSearchMenu;
    expect(Array.isArray(m.topSearches)).toBe(true);
    expect(m.categorizedTrendingBySearchTemplates.length).toBeGreaterThan(0);
    expect(m.categorizedTrendingBySearchTemplates[0]).toMatchObject({
      content: { name: expect.any(String) },
      templates: expect.any(Array),
    });
    // Anything personal in the same GET is never cached, nor is a POST.
    for (const query of [
      '{ searchAutocompletions(searchRequest: "bus") me { id } }',
      '{ searchAutocompletions(searchRequest: "bus") downloadAllowance { used } }',
      '{ __typename searchAutocompletions(searchRequest: "bus") }',
      'query A { searchAutocompletions(searchRequest: "a") } query B { me { id } }',
    ]) {
      const r = await srv.request(`/graphql?${new URLSearchParams({ query, operationName: "A" })}`);
      expect(r.headers.get("cache-control") ?? "", query).not.toContain("public");
    }
    const post = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ searchAutocompletions(searchRequest: "bus") }' }),
    });
    expect(post.headers.get("cache-control") ?? "").not.toContain("public");
  });

  it("suggests in the page's language whatever language is typed, and never a template twice", async () => {
    type Suggest = { searchAutocompletions: string[]; searchAutocompleteTemplates: { slug: string; title: string }[] };
    const ask = async (q: string, lang: string): Promise<Suggest> => {
      const res = await srv.request(suggestPath(q, lang));
      expect(res.status).toBe(200);
      return (await res.json()).data;
    };
    // Spanish typed on the English page, English on the Spanish page (GET with the language in the address).
    const en = await ask("negoc", "en");
    expect(en.searchAutocompletions).toContain("Business");
    expect(en.searchAutocompletions.join(" ")).not.toMatch(/negocio/i);
    const es = await ask("busin", "es");
    expect(es.searchAutocompletions).toContain("Negocios");
    expect(es.searchAutocompletions.join(" ")).not.toMatch(/business/i);
    // The same through the `locale` header of a POST (the browser's other way).
    const post = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", locale: "es" },
      body: JSON.stringify({
        query:
          "query($q: String!) { searchAutocompletions(searchRequest: $q) searchAutocompleteTemplates(searchRequest: $q) { slug title } }",
        variables: { q: "biolog" },
      }),
    });
    const posted: Suggest = (await post.json()).data;
    expect(posted.searchAutocompletions[0]).toBe("Biología");
    // A template offered as a row is not offered again as a suggestion.
    for (const [q, lang] of [
      ["geometric biology", "en"],
      ["pitch", "en"],
      ["plan de", "es"],
      ["biolog", "es"],
    ]) {
      const r = await ask(q, lang);
      const titles = r.searchAutocompleteTemplates.map((t) => t.title.toLowerCase());
      expect(titles.length, q).toBeGreaterThan(0);
      for (const s of r.searchAutocompletions) expect(titles, `${q}: ${s}`).not.toContain(s.toLowerCase());
    }
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

  it("rate-limits search and autocomplete per client, across processes", async () => {
    const limited = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: { graphql: [12, 1], search: [1, 1] },
    });
    // A second process on the same database draws from the same budget.
    const other = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: { graphql: [12, 1], search: [1, 1] },
    });
    try {
      // A keystroke's lookup costs 6 of the GraphQL budget (suggestions 5, templates 1): two fit in 12.
      expect((await limited.request(suggestPath("a"))).status).toBe(200);
      expect((await other.request(suggestPath("b"))).status).toBe(200);
      const third = await limited.request(suggestPath("c"));
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      expect((await other.request(suggestPath("c"))).status).toBe(429);
      expect((await other.request("/search?q=deck")).status).toBe(200);
      expect((await limited.request("/search?q=deck")).status).toBe(429);
      // The blog's search draws from the same budget.
      expect((await limited.request("/blog/search?query=deck")).status).toBe(429);
      expect((await other.request("/es/blog/search.data?query=deck")).status).toBe(429);
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
      expect(body.errors[0].message).toMatch(/^Demasiadas peticiones\. Inténtalo de nuevo en \d+ segundos?\.$/);
      // A cheap lookup still fits.
      expect((await ask("{ languages { totalCount } }")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("top searches", () => {
  const menu = async () => {
    const query = "query M { mainPageSearchMenu { topSearches { searchRequest } } }";
    const res = await srv.request(`/graphql?${new URLSearchParams({ query: `${query} `, lang: "en" })}`);
    return ((await res.json()).data.mainPageSearchMenu.topSearches as { searchRequest: string }[]).map(
      (s) => s.searchRequest,
    );
  };
  const search = (q: string, peer: string) => srv.request(`/search?q=${encodeURIComponent(q)}`, {}, peer);

  it("need several different clients: one client searching a phrase again and again puts nothing there", async () => {
    const phrase = "business plan";
    for (let i = 0; i < 12; i++) expect((await search(phrase, "203.0.113.77")).status).toBe(200);
    // Through a proxy nobody trusts, a made-up X-Forwarded-For is still the same client.
    for (let i = 0; i < 6; i++)
      await srv.request(
        `/search?q=${encodeURIComponent(phrase)}`,
        { headers: { "x-forwarded-for": `198.51.100.${i}` } },
        "203.0.113.77",
      );
    expect(await menu()).not.toContain(phrase);
    // Different clients (an IPv6 /64 is one) make it a top search.
    // Four clients so far (the one above, two IPv4, one /64)...
    for (const peer of ["198.51.100.1", "198.51.100.2", "2001:db8:1:1::1", "2001:db8:1:1::2"])
      await search(phrase, peer);
    expect(await menu()).not.toContain(phrase);
    // ...and the fifth (TOP_SEARCHES_MIN_CLIENTS).
    await search(phrase, "2001:db8:9:9::1");
    expect(await menu()).toContain(phrase);
  });

  it("never show a query that found no template, however many clients made it", async () => {
    const phrase = "zzqxv nothing matches";
    for (let i = 1; i <= 8; i++) await search(phrase, `192.0.2.${i}`);
    expect(await menu()).not.toContain(phrase);
  });

  it("keep no address: the log holds an opaque tag per client", async () => {
    const { sql } = await import("drizzle-orm");
    const { queryRows } = await import("#modules/shared/sql.ts");
    const rows = await queryRows<{ client: string | null }>(
      srv.database.db,
      sql`select distinct client from search_log where query = 'business plan'`,
    );
    expect(rows.length).toBe(5);
    for (const r of rows) {
      expect(r.client).toMatch(/^[\w-]{22}$/);
      expect(r.client).not.toMatch(/203|198|2001/);
    }
  });
});
