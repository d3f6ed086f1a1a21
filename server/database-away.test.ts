import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { formBody } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The database going away between the session's lookup and a loader's or an action's query (a restart, a
 * fail-over): the answer is 503 with Retry-After, as every other edge answers then, never React Router's
 * bare 500; and the next request after it is back is served as usual.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
let cookie: string;
let templateId: number;
const clock: Clock = { now: () => new Date() };

type Query = (query: unknown, ...rest: unknown[]) => unknown;
let client: { query: Query };
let realQuery: Query;

beforeAll(async () => {
  srv = await createTestServer();
  const tax = await createTaxonomy(srv.database.db);
  templateId = (await createTemplate(srv.database.db, tax, { title: "Quarterly Review" })).id;
  cookie = (await signedInMember(srv, clock)).jar.header;
  // Both drivers (PGlite, node-postgres) send every statement outside a transaction through `query`.
  client = (srv.database.db as unknown as { $client: { query: Query } }).$client;
  realQuery = client.query;
});
afterEach(() => {
  client.query = realQuery;
});
afterAll(() => srv?.cleanup());

/** From now on, statements that name `table` fail as `failure` says; the others still run. */
function failStatementsOn(table: string, failure: () => Error) {
  client.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const text = typeof query === "string" ? query : String((query as { text?: string }).text ?? "");
    if (new RegExp(`\\b${table}\\b`).test(text)) return Promise.reject(failure());
    return realQuery.call(this, query, ...rest);
  };
}
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", errno: -111 });

describe("when the database is away mid-request", () => {
  it("a signed-in page's loader answers 503 with Retry-After, in the page's language, kept by no cache", async () => {
    failStatementsOn("favorite", refused);
    for (const path of ["/profile/favorites", "/es/profile/favorites"]) {
      const res = await srv.request(path, { headers: { cookie } });
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(await res.text()).toContain(path.startsWith("/es") ? 'lang="es"' : 'lang="en"');
    }
    client.query = realQuery;
    expect((await srv.request("/profile/favorites", { headers: { cookie } })).status).toBe(200);
  });

  it("a fetcher's load and submission answer 503 with Retry-After; the favorite is saved once it is back", async () => {
    failStatementsOn("favorite", refused);
    const load = await srv.request(`/favorites.data?ids=${templateId}&_routes=actions/favorites`, {
      headers: { cookie },
    });
    expect(load.status).toBe(503);
    expect(load.headers.get("retry-after")).toBe("5");
    const submit = () =>
      srv.request("/favorites.data", {
        method: "POST",
        headers: {
          cookie,
          origin: "http://localhost:3000",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: formBody({ templateId: String(templateId), favorite: "true" }),
      });
    const during = await submit();
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("5");
    client.query = realQuery;
    expect((await submit()).status).toBe(200);
    const after = await srv.request(`/favorites.data?ids=${templateId}&_routes=actions/favorites`, {
      headers: { cookie },
    });
    expect(await after.text()).toContain(String(templateId));
  });

  it("any other failure stays a 500 without Retry-After", async () => {
    failStatementsOn("favorite", () => new Error("relation is broken"));
    const res = await srv.request("/profile/favorites", { headers: { cookie } });
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
  });
});
