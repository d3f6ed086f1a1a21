import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import { openDatabase } from "#db/client.server.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { refreshCatalogStats } from "#modules/catalog/service.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { testScope } from "#tests/scope.ts";
import { createGraphqlHandler } from "./index.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let handler: (req: Request) => Promise<Response>;
let devHandler: (req: Request) => Promise<Response>;
const silent = { info() {}, warn() {}, error: (...a: unknown[]) => console.error(...a) };

beforeAll(async () => {
  database = await createTestDatabase();
  await createTaxonomy(database.db);
  await refreshCatalogStats({ db: database.db, clock: { now: () => new Date() } });
  const scopeFor = (locale: Locale) => testScope(database.db, { locale, log: silent, payments: sandboxProvider() });
  handler = createGraphqlHandler({
    scopeFor,
    translate: serverT,
    log: silent,
    production: true,
    origin: "http://localhost:3000",
  });
  devHandler = createGraphqlHandler({
    scopeFor,
    translate: serverT,
    log: silent,
    production: false,
    origin: "http://localhost:3000",
  });
});
afterAll(() => database?.cleanup());

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  h = handler,
) {
  const res = await h(
    new Request("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as {
      data?: Record<string, any>;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    },
  };
}

describe("GraphQL catalog", () => {
  it("answers Tags for the navigation strip: service and category, ordered by id, with totalCount", async () => {
    const { status, body } = await gql(
      `query Tags($where: TagWhere, $orderBy: TagOrderBy, $skip: Int, $limit: Int) {
        tags(where: $where, orderBy: $orderBy, skip: $skip, limit: $limit) {
          totalCount list { id slug type iconName templatesCount updatedAt meta content { name title description tabName } }
        }
      }`,
      {
        where: { type: { in: ["service", "category"] } },
        orderBy: { field: "id", direction: "asc" },
        skip: 0,
        limit: 10,
      },
    );
    expect(status).toBe(200);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data?.tags.totalCount).toBe(4);
    expect(body.data?.tags.list.map((t: { slug: string }) => t.slug)).toEqual([
      "trending",
      "latest",
      "marketing",
      "education",
    ]);
    expect(body.data?.tags.list[0]).toMatchObject({
      type: "service",
      iconName: "trending",
      content: { name: "Trending" },
    });
  });

  it("answers categories and Languages, and honours the locale header", async () => {
    const { body } = await gql(
      `{ categories(limit: 10, skip: 0) { totalCount list { id slug iconName templatesCount content { name } } } languages { totalCount list { id name locale } } }`,
      {},
      { locale: "es" },
    );
    expect(body.data?.categories.list.map((c: { content: { name: string } }) => c.content.name)).toEqual([
      "Marketing",
      "Educación",
    ]);
    expect(body.data?.languages).toEqual({
      totalCount: 2,
      list: [
        { id: 1, name: "English", locale: "en" },
        { id: 2, name: "Español", locale: "es" },
      ],
    });
  });

  it("honours the Time-Zone header in dates, and refuses a zone it does not know", async () => {
    const utc = await gql(`{ tags(limit: 1) { list { updatedAt } } }`);
    expect(utc.body.data?.tags.list[0].updatedAt).toMatch(/\+00:00$/);
    const tokyo = await gql(`{ tags(limit: 1) { list { updatedAt } } }`, {}, { "time-zone": "Asia/Tokyo" });
    expect(tokyo.body.data?.tags.list[0].updatedAt).toMatch(/\+09:00$/);
    const bad = await gql(
      `{ tags(limit: 1) { list { updatedAt } } }`,
      {},
      { "time-zone": "Mars/Olympus", locale: "es" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].message).toBe("Zona horaria no válida.");
  });

  it("refuses an unknown locale header with 'Invalid language type.'", async () => {
    const r = await gql(`{ languages { totalCount } }`, {}, { locale: "fr" });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toBe("Invalid language type.");
  });

  it("maps NOT_FOUND to 404 unless skip404 is set", async () => {
    const q = `query Tag($slug: String!) { tag(slug: $slug) { id } }`;
    const missing = await gql(q, { slug: "nope" });
    expect(missing.status).toBe(404);
    expect(missing.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const skipped = await gql(q, { slug: "nope", skip404: true });
    expect(skipped.status).toBe(200);
    expect(skipped.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const found = await gql(q, { slug: "thesis" });
    expect(found.body.data?.tag.id).toBeGreaterThan(0);
  });

  it("rejects bad arguments with clear messages, never a 500", async () => {
    for (const [vars, msg] of [
      [{ limit: 101 }, /limit must be between 0 and 100/],
      [{ limit: -1 }, /limit must be between/],
      [{ skip: -5 }, /skip must be between/],
    ] as const) {
      const r = await gql(`query($skip: Int, $limit: Int) { tags(skip: $skip, limit: $limit) { totalCount } }`, vars);
      expect(r.status).toBeLessThan(500);
      expect(r.body.errors?.[0].message).toMatch(msg);
    }
    const wrongType = await gql(`query($limit: Int) { tags(limit: $limit) { totalCount } }`, { limit: "ten" });
    expect(wrongType.status).toBe(400);
    const aliases = Array.from({ length: 11 }, (_, i) => `s${i}: searchAutocompletions(searchRequest: "deck")`).join(
      " ",
    );
    const many = await gql(`{ ${aliases} }`);
    expect(many.body.errors?.[0].message).toBe("Too many fields in one request (11; at most 10).");
    expect(many.body.data).toBeUndefined();
    const viaFragment = await gql(`query { ...F } fragment F on Query { ${aliases} }`);
    expect(viaFragment.body.errors?.[0].message).toMatch(/^Too many fields in one request/);
    const huge = await gql(`{ tag(slug: "${"x".repeat(10_000)}") { id } }`);
    expect(huge.status).toBe(404);
    for (const slug of ["ma\u0000rketing", "\u0001", "😀"]) {
      const odd = await gql(`query Tag($slug: String!) { tag(slug: $slug) { id } }`, { slug });
      expect(odd.status, JSON.stringify(slug)).toBe(404);
    }
    const nulSearch = await gql(`query($q: String!) { searchAutocompletions(searchRequest: $q) }`, { q: "a\u0000b" });
    expect(nulSearch.status).toBe(200);
    const garbage = await handler(
      new Request("http://localhost/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }),
    );
    expect(garbage.status).toBe(400);
  });

  it("limits cost and turns introspection off in production", async () => {
    const costly = await gql(
      `{ tags(limit: 100) { list { id slug type iconName templatesCount updatedAt meta content { name title description tabName } } } }`,
    );
    expect(costly.body.errors?.[0].message).toMatch(/complexity/i);
    const introspect = await gql(`{ __schema { types { name } } }`);
    expect(introspect.body.errors?.[0].message).toMatch(/introspection/i);
    const dev = await gql(`{ __schema { queryType { name } } }`, {}, {}, devHandler);
    expect(dev.body.data?.__schema.queryType.name).toBe("Query");
    const deep = await gql(
      `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }`,
      {},
      {},
      devHandler,
    );
    expect(deep.body.errors?.[0].message, JSON.stringify(deep.body)).toMatch(/depth/i);
  });
});

describe("GraphQL while the database is down", () => {
  it("answers 503 with Retry-After, from the budget check or from a resolver, never 'Unexpected error'", async () => {
    const gone = await openDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    const refused = await gone.rows(sql`select 1`).catch((e: unknown) => e);
    try {
      const down = createGraphqlHandler({
        scopeFor: (locale) => testScope(gone.db, { locale, payments: sandboxProvider() }),
        translate: serverT,
        log: { info() {}, warn() {}, error() {} },
        production: true,
        origin: "http://localhost:3000",
      });
      const ask = (edge: Parameters<typeof down>[1] = {}, locale = "en") =>
        down(
          new Request("http://localhost/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", locale },
            body: JSON.stringify({ query: "{ tags { totalCount } }" }),
          }),
          edge,
        );
      const inResolver = await ask();
      expect(inResolver.status).toBe(503);
      expect(inResolver.headers.get("retry-after")).toBe("5");
      expect((await inResolver.json()).errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
      const inResolverEs = await ask({}, "es");
      expect(inResolverEs.status).toBe(503);
      expect((await inResolverEs.json()).errors[0].message).toBe(
        "SlideNest no está disponible por unos instantes. Inténtalo de nuevo en unos segundos.",
      );
      const inBudget = await ask(
        {
          takeCost: async () => {
            throw refused;
          },
        },
        "es",
      );
      expect(inBudget.status).toBe(503);
      expect((await inBudget.json()).errors[0].message).toBe(
        "SlideNest no está disponible por unos instantes. Inténtalo de nuevo en unos segundos.",
      );
    } finally {
      await gone.close();
    }
  });
});
