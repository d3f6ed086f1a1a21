import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#config/constants.ts";
import { seedDemoAccounts } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { cardExpiry } from "#tests/cards.ts";
import { httpClient, Jar, notices, visible } from "#tests/http.ts";
import { paymentFields } from "#tests/payments.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * DECISIONS (Operations), issue 19: a default install (demo mode on by default) hands out its outbox, the
 * demo accounts' log-in and sandbox payments to this machine only. The socket's peer decides, never a
 * forwarded header; a request a proxy passed on (even one on this machine) is not local. DEMO_MODE=on
 * opens them to every client.
 */
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00Z") };
const origin = "http://localhost:3000";
const silent = { info() {}, warn() {}, error() {} };
let srv: Awaited<ReturnType<typeof createTestServer>>;

/** Who asks: the socket's peer and the headers a proxy (or the client itself) added. */
type Client = { name: string; peer: string; headers?: Record<string, string> };
const local: Client = { name: "this machine", peer: "127.0.0.1" };
const localV6: Client = { name: "this machine over IPv6", peer: "::1" };
const strangers: Client[] = [
  { name: "a client on the network", peer: "203.0.113.9" },
  { name: "an IPv6 client", peer: "2001:db8::9" },
  {
    name: "a client that claims loopback in X-Forwarded-For",
    peer: "203.0.113.9",
    headers: { "x-forwarded-for": "127.0.0.1" },
  },
  { name: "a client that claims loopback in Forwarded", peer: "198.51.100.7", headers: { forwarded: "for=127.0.0.1" } },
  { name: "a client behind a proxy on this machine", peer: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } },
  { name: "a client an IPv4-mapped peer", peer: "::ffff:203.0.113.9" },
];

/** An HTTP client whose requests arrive from `client` on `server`. */
const as = (server: typeof srv, client: Client) => {
  const request = (path: string, init: RequestInit = {}) =>
    server.request(
      path,
      { ...init, headers: { ...(init.headers as Record<string, string>), ...client.headers } },
      client.peer,
    );
  return { request, ...httpClient(request, origin) };
};

/** Logs in through the form; answers the jar (signed in or not) and the page's notices. */
async function formLogIn(server: typeof srv, client: Client, login: string, path = "/login") {
  const jar = new Jar();
  const res = jar.take(await as(server, client).post(path, { login, password: DEMO_PASSWORD }));
  return { status: res.status, jar, notice: res.status === 302 ? "" : notices(await res.text()) };
}

/** Logs in through the JSON API. */
async function apiLogIn(server: typeof srv, client: Client, login: string, locale = "en") {
  const res = await as(server, client).request("/auth/authenticate", {
    method: "POST",
    headers: { "content-type": "application/json", origin, locale },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; code?: string; message?: string } };
}

beforeAll(async () => {
  srv = await createTestServer({ clock, demo: { now: new Date("2026-11-01T00:00:00Z"), count: 12 } });
  await seedDemoAccounts(srv.database, { log: silent, clock });
  // A mail in the outbox, as a password reset leaves it.
  const sent = await as(srv, local).post("/forgot-password", { email: "commercial@demo.slidenest.test" });
  expect(sent.status).toBeLessThan(400);
});
afterAll(async () => {
  await srv?.cleanup();
});

describe("the outbox", () => {
  it("answers this machine", async () => {
    for (const client of [local, localV6]) {
      const res = await as(srv, client).get("/outbox");
      expect(res.status, client.name).toBe(200);
      expect(visible(await res.text())).toContain("commercial@demo.slidenest.test");
    }
  });

  it.each(strangers)("is not found for $name, and no page links to it", async (client) => {
    const http = as(srv, client);
    expect((await http.get("/outbox")).status).toBe(404);
    expect((await http.get("/es/outbox")).status).toBe(404);
    expect((await http.get("/outbox/1")).status).toBe(404);
    const reset = await http.post("/forgot-password", { email: "free@demo.slidenest.test" });
    expect(await reset.text()).not.toContain('href="/outbox"');
  });
});

describe("the demo accounts' log-in", () => {
  it("works from this machine, by the form and the API", async () => {
    expect((await formLogIn(srv, local, "free@demo.slidenest.test")).status).toBe(302);
    expect((await apiLogIn(srv, localV6, "personal@demo.slidenest.test")).body.ok).toBe(true);
  });

  it.each(strangers)("is refused to $name with the reason, in the page's language", async (client) => {
    const en = await formLogIn(srv, client, "free@demo.slidenest.test");
    expect(en.status).toBe(200);
    expect(en.notice).toContain("Demo accounts work only in demo mode, on the computer that runs SlideNest.");
    expect(en.jar.cookies.size === 0 || ![...en.jar.cookies.keys()].some((k) => /token|refresh/.test(k))).toBe(true);
    const es = await formLogIn(srv, client, "personal@demo.slidenest.test", "/es/login");
    expect(es.notice).toContain("Las cuentas de demostración solo funcionan en modo demo");
    const api = await apiLogIn(srv, client, "commercial@demo.slidenest.test", "es");
    expect(api.status).toBe(403);
    expect(api.body).toMatchObject({ ok: false, code: "auth.errors.demoLocalOnly" });
    expect(api.body.message).toContain("cuentas de demostración");
  });

  it("still says 'invalid' for a wrong password, so the refusal tells nothing without it", async () => {
    const res = await as(srv, strangers[0]).request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ login: "free@demo.slidenest.test", password: "not-the-password" }),
    });
    expect(res.status).toBe(401);
  });
});

describe("sandbox payments", () => {
  /** A member (not a demo account) signed in from `client`, through the form. */
  async function member(client: Client, n: number) {
    const { createVerifiedAccount } = await import("#modules/accounts/service.ts");
    const email = `buyer${n}-${process.pid}@example.com`;
    await createVerifiedAccount(
      { db: srv.database.db, clock },
      { email, username: `buyer${n}-${process.pid}`, name: "Buyer", password: "Sl1des!rock" },
    );
    const jar = new Jar();
    const res = jar.take(await as(srv, client).post("/login", { login: email, password: "Sl1des!rock" }));
    expect(res.status).toBe(302);
    return jar;
  }

  it("take the test card from this machine", async () => {
    const jar = await member(local, 1);
    const page = visible(await (await as(srv, local).get("/payment/personal", jar)).text());
    expect(page).toContain("4242 4242 4242 4242");
    const paid = await as(srv, local).post("/payment/personal", paymentFields(), jar);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toContain("/thank-you");
  });

  it.each(strangers.map((c, i) => ({ ...c, i })))(
    "are not offered to $name: no test cards, the page says payments are unavailable, a post charges nothing",
    async (client) => {
      const jar = await member(local, 10 + client.i);
      const page = visible(await (await as(srv, client).get("/payment/personal", jar)).text());
      expect(page).not.toContain("4242 4242 4242 4242");
      expect(page).toContain("Payments are not available");
      const paid = await as(srv, client).post("/payment/personal", paymentFields(), jar);
      expect(paid.status).not.toBe(302);
      const gql = await as(srv, client).request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: jar.header },
        body: JSON.stringify({
          query: `mutation($i: SubscribeInput!) { subscribe(input: $i) { ok code } }`,
          variables: {
            i: {
              type: "personal",
              period: "monthly",
              billingName: "Ana",
              billingEmail: "ana@example.com",
              address: "Calle Mayor 1",
              country: "ES",
              city: "Madrid",
              zip: "28013",
              cardNumber: "4242424242424242",
              cardExpiry: cardExpiry(),
              cardCvc: "123",
              attempt: `gql-attempt-${client.i}-${process.pid}`,
            },
          },
        }),
      });
      const body = (await gql.json()) as { data?: { subscribe?: { ok: boolean; code: string } } };
      expect(body.data?.subscribe?.ok).toBe(false);
      const billing = visible(await (await as(srv, local).get("/profile/billing", jar)).text());
      expect(billing).not.toContain("Personal (monthly)");
    },
  );
});

describe("DEMO_MODE=on", () => {
  it("opens the outbox, the demo log-ins and the sandbox to every client (the operator said so)", async () => {
    const open = await createTestServer({
      clock,
      database: srv.database,
      dataDir: srv.dataDir,
      secret: "a-secret-of-the-demo-access-tests",
      env: { DEMO_MODE: "on", PUBLIC_URL: "https://demo.slidenest.example", TRUST_PROXY: "1" },
    });
    try {
      const stranger: Client = { name: "a visitor", peer: "10.0.0.2", headers: { "x-forwarded-for": "203.0.113.9" } };
      expect((await as(open, stranger).get("/outbox")).status).toBe(200);
      expect((await apiLogIn(open, stranger, "free@demo.slidenest.test")).body.ok).toBe(true);
    } finally {
      await open.close();
    }
  });

  it("DEMO_MODE=off closes them even to this machine", async () => {
    const closed = await createTestServer({
      clock,
      database: srv.database,
      dataDir: srv.dataDir,
      secret: "a-secret-of-the-demo-access-tests",
      env: { DEMO_MODE: "off" },
    });
    try {
      expect((await as(closed, local).get("/outbox")).status).toBe(404);
      const api = await apiLogIn(closed, local, "free@demo.slidenest.test");
      expect(api.body).toMatchObject({ ok: false, code: "auth.errors.demoLocalOnly" });
    } finally {
      await closed.close();
    }
  });
});
