import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "#tests/oidc-provider.ts";
import { createTestServer } from "#tests/server.ts";

const origin = "http://localhost:3000";
let provider: TestOidcProvider;
let srv: Awaited<ReturnType<typeof createTestServer>>;

/** Cookies from Set-Cookie headers, as one Cookie header. */
function cookiesOf(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const res of responses)
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (/Max-Age=0/i.test(line) || eq === pair.length - 1) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The visible notices of a page (role alert), not the message catalogue it also carries. */
const alerts = (html: string) =>
  [...html.matchAll(/<div role="alert"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1].replace(/<[^>]+>/g, "")).join(" | ");

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${origin}/auth/google/callback`,
    accounts: {
      alice: { email: "alice@example.com", emailVerified: true, name: "Alice" },
      mallory: { email: "victim@example.com", emailVerified: false, name: "Mallory" },
    },
  });
  srv = await createTestServer({
    env: {
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    },
  });
});
afterAll(async () => {
  await srv?.cleanup();
  await provider?.close();
});

async function startFlow(query = "") {
  const start = await srv.request(`/auth/google${query}`, { redirect: "manual" });
  expect(start.status).toBe(302);
  return { start, location: start.headers.get("location") as string };
}

describe("sign in with Google (OpenID Connect, real provider on loopback)", () => {
  it("offers the button, signs a new visitor in with a verified account, and goes back where they were", async () => {
    const login = await (await srv.request("/es/login")).text();
    expect(login).toContain('href="/auth/google?lang=es"');
    const { start, location } = await startFlow("?redirect=%2Ftemplates&lang=es");
    expect(location.startsWith(provider.issuer)).toBe(true);
    const callback = await provider.signIn(location, "alice");
    const done = await srv.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookiesOf(start) },
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/templates");
    const profile = await srv.request("/profile", { headers: { cookie: cookiesOf(done) } });
    expect(await profile.text()).toMatch(/<h1[^>]*>Hello, Alice<\/h1>/);
    // The same code cannot be used twice.
    const replay = await srv.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookiesOf(start) },
      redirect: "manual",
    });
    expect(replay.headers.get("location")).toBe("/es/login?error=googleFailed");
  });

  it("fails closed without the flow cookie, with a changed state, and for unverified addresses", async () => {
    const a = await startFlow();
    const callback = await provider.signIn(a.location, "alice");
    const noCookie = await srv.request(`${callback.pathname}${callback.search}`, { redirect: "manual" });
    expect(noCookie.headers.get("location")).toBe("/login?error=googleFailed");
    const b = await startFlow();
    const other = await provider.signIn(b.location, "alice");
    const swapped = new URL(other);
    swapped.searchParams.set("state", "not-the-state");
    const tampered = await srv.request(`${swapped.pathname}${swapped.search}`, {
      headers: { cookie: cookiesOf(b.start) },
      redirect: "manual",
    });
    expect(tampered.headers.get("location")).toBe("/login?error=googleFailed");
    const c = await startFlow();
    const unverified = await provider.signIn(c.location, "mallory");
    const refused = await srv.request(`${unverified.pathname}${unverified.search}`, {
      headers: { cookie: cookiesOf(c.start) },
      redirect: "manual",
    });
    expect(refused.headers.get("location")).toBe("/login?error=googleFailed");
    expect(refused.headers.getSetCookie().some((v) => v.startsWith("apollo-token="))).toBe(false);
    const page = await (await srv.request("/login?error=googleFailed")).text();
    expect(alerts(page)).toContain("Failed to sign in with Google.");
  });

  it("is not offered, and its routes do not exist, without a client id", async () => {
    const plain = await createTestServer({ database: srv.database });
    try {
      expect(await (await plain.request("/login")).text()).not.toContain("/auth/google");
      expect((await plain.request("/auth/google")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
