import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { licence, template } from "#db/schema/index.ts";
import { formatLicenceCode } from "#modules/licences/code.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/** `Me.licences` and `licence(code)` over the server's /graphql, as a member, another member and a guest. */

let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
let owner: { cookie: string };
let other: { cookie: string };
let code: string;

const high = Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])) as RateLimits;

beforeAll(async () => {
  // Licence checks: a burst of 6, then one a minute, so the last test meets the limit.
  srv = await createTestServer({ rateLimits: { ...high, licenceChecks: [6, 1] } });
  const tax = await createTaxonomy(srv.database.db);
  const t = await createTemplate(srv.database.db, tax, {
    title: "Board Meeting Deck",
    titleEs: "Presentación para el consejo",
  });
  await srv.database.db.update(template).set({ googleSlidesUrl: "https://docs.google.com/presentation/d/x/copy" });
  owner = { cookie: (await signedInMember(srv, clock, "licensee")).jar.header };
  other = { cookie: (await signedInMember(srv, clock, "stranger")).jar.header };
  const granted = await submitFetcher<{ ok: boolean }>(
    srv.request,
    "/downloads",
    { colorId: String(t.colorIds[0]), format: "GS" },
    { headers: { cookie: owner.cookie } },
  );
  expect(granted.data.ok).toBe(true);
  const [row] = await srv.database.db.select({ code: licence.code }).from(licence);
  code = formatLicenceCode(row.code);
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
});
afterAll(() => srv?.cleanup());

async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await srv.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as {
      data?: Record<string, any>;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
    },
  };
}

const ME = `{ me { licences { total page pageCount items { code kind templateTitle colorName format licensee project guest } } } }`;

describe("Me.licences", () => {
  it("lists the member's own licenses, and no one else's", async () => {
    const mine = await gql(ME, {}, { cookie: owner.cookie });
    expect(mine.body.errors, JSON.stringify(mine.body.errors)).toBeUndefined();
    expect(mine.body.data?.me.licences).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(mine.body.data?.me.licences.items).toEqual([
      {
        code,
        kind: "free",
        templateTitle: "Board Meeting Deck",
        colorName: "Blue",
        format: "GS",
        licensee: expect.stringMatching(/^licensee /),
        project: null,
        guest: false,
      },
    ]);
    const es = await gql(ME, {}, { cookie: owner.cookie, locale: "es" });
    expect(es.body.data?.me.licences.items[0]).toMatchObject({
      templateTitle: "Presentación para el consejo",
      colorName: "Azul",
    });
    const theirs = await gql(ME, {}, { cookie: other.cookie });
    expect(theirs.body.data?.me.licences).toMatchObject({ total: 0, items: [] });
    expect((await gql(ME)).body.data?.me).toBeNull();
    const bad = await gql(`{ me { licences(page: 0) { total } } }`, {}, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
  });
});

describe("licence(code)", () => {
  const CHECK = `query L($code: String!) { licence(code: $code) { code kind templateTitle licensee licenseeGone guest grantedAt } }`;

  it("shows a license to anyone by its code, typed loosely, without the project", async () => {
    const res = await gql(CHECK, { code: code.toLowerCase().replaceAll("-", " ") }, { locale: "es" });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.body.data?.licence).toMatchObject({
      code,
      kind: "free",
      templateTitle: "Presentación para el consejo",
      licenseeGone: false,
      guest: false,
    });
    expect(new Date(res.body.data?.licence.grantedAt).getTime()).toBeLessThanOrEqual(Date.now());
    const project = await gql(`query L($code: String!) { licence(code: $code) { project } }`, { code });
    expect(project.body.data).toBeUndefined();
    expect(project.body.errors?.[0].message).toMatch(/Cannot query field "project" on type "LicenceCheck"/);
  });

  it("answers null for a code no license has, and a localised bad input for what is no code", async () => {
    expect((await gql(CHECK, { code: "0000-0000-0000-0000-0000" })).body.data?.licence).toBeNull();
    const bad = await gql(CHECK, { code: `\u0000${"x".repeat(10_000)}` }, { locale: "es" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Esto no es un código de licencia/),
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("is limited per client: past the budget, 429 with Retry-After and the wait in the message", async () => {
    let limited: Awaited<ReturnType<typeof gql>> | undefined;
    for (let i = 0; i < 8 && !limited; i++) {
      const res = await gql(CHECK, { code });
      if (res.status === 429) limited = res;
    }
    expect(limited?.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Too many license checks\. Try again in \d+ seconds?\.$/),
      extensions: { code: "RATE_LIMITED" },
    });
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
