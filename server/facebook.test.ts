import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type FacebookDouble, startFacebookDouble } from "#tests/facebook-double.ts";
import { createTestServer } from "#tests/server.ts";
import { alerts, cookiesOf, existingAccounts, startSignIn } from "#tests/sign-in.ts";

const origin = "http://localhost:3000";
let fb: FacebookDouble;
let srv: Awaited<ReturnType<typeof createTestServer>>;
let env: Record<string, string>;

/** The account an access token belongs to (the token is `accountId.session.exp.mac`). */
const accountOf = (accessToken: string) => Number(accessToken.split(".")[0]);

beforeAll(async () => {
  fb = await startFacebookDouble({
    redirectUri: `${origin}/auth/facebook/callback`,
    users: {
      fiona: { name: "Fiona", email: "fiona@example.com" },
      gus: { name: "Gus", email: "gus@example.com" },
      hana: { name: "Hana", email: "hana@example.com" },
      nomail: { name: "No Mail" },
      // Verified addresses of existing accounts: Facebook is never the authority for an address.
      owner: { name: "Not the owner", email: "owner@gmail.com" },
      blocked: { name: "Blocked", email: "blocked@example.org" },
      squatted: { name: "Real owner", email: "squatted@example.com" },
    },
  });
  env = {
    FACEBOOK_APP_ID: fb.appId,
    FACEBOOK_APP_SECRET: fb.appSecret,
    FACEBOOK_DIALOG_URL: fb.dialogUrl,
    FACEBOOK_GRAPH_URL: fb.graphUrl,
  };
  srv = await createTestServer({ env });
  await existingAccounts(srv, "owner@gmail.com");
});
afterAll(async () => {
  await srv?.cleanup();
  await fb?.close();
});

const startFlow = (query = "") => startSignIn(srv, "/auth/facebook", query);

/** The whole redirect flow for a Facebook user: where the callback sends the browser, and its answer. */
async function redirectFlow(user: string, query = "") {
  const { start, location } = await startFlow(query);
  const callback = await fb.signIn(location, user);
  const done = await srv.request(`${callback.pathname}${callback.search}`, {
    headers: { cookie: cookiesOf(start) },
    redirect: "manual",
  });
  return { done, callback, start, to: done.headers.get("location") };
}

const facebookLogin = (body: unknown, init: { headers?: Record<string, string>; server?: typeof srv } = {}) =>
  (init.server ?? srv).request("/auth/facebookLogin", {
    method: "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const answer = async (res: Response) => ({ status: res.status, ...(await res.json()) });

describe("sign in with Facebook: the redirect flow (a loopback Facebook)", () => {
  it("offers the button on the log-in and sign-up pages, in both languages", async () => {
    const es = await (await srv.request("/es/login?redirect=%2Ftemplates")).text();
    expect(es).toContain('href="/auth/facebook?lang=es&amp;redirect=%2Ftemplates"');
    expect(es).toMatch(/Continuar con Facebook<\/a>/);
    const en = await (await srv.request("/signup")).text();
    expect(en).toContain('href="/auth/facebook?lang=en"');
    expect(en).toMatch(/Continue with Facebook<\/a>/);
  });

  it("sends the visitor to the dialog with a state kept in a signed cookie, then signs a new visitor in", async () => {
    const { start, location } = await startFlow("?redirect=%2Ftemplates&lang=es");
    const dialog = new URL(location);
    expect(`${dialog.origin}${dialog.pathname}`).toBe(fb.dialogUrl);
    expect(dialog.searchParams.get("client_id")).toBe(fb.appId);
    expect(dialog.searchParams.get("redirect_uri")).toBe(`${origin}/auth/facebook/callback`);
    expect(dialog.searchParams.get("scope")).toBe("public_profile,email");
    const state = dialog.searchParams.get("state") as string;
    expect(state).toMatch(/^[\w-]{32}$/);
    const flowCookie = start.headers.getSetCookie().find((v) => v.startsWith("sn_fb="));
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/Path=\/auth\/facebook/);
    expect(flowCookie).toMatch(/Max-Age=600/);
    expect(flowCookie).not.toContain(state);

    const callback = await fb.signIn(location, "fiona");
    const done = await srv.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookiesOf(start) },
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/templates");
    expect(done.headers.get("cache-control")).toBe("no-store");
    const profile = await srv.request("/profile", { headers: { cookie: cookiesOf(done) } });
    expect(await profile.text()).toMatch(/<h1[^>]*>Hello, Fiona<\/h1>/);
    const [row] = await queryRows<{ verified_at: Date | null; locale: string; subject: string }>(
      srv.database.db,
      sql`select a.verified_at, a.locale, i.subject from account a
          join account_identity i on i.account_id = a.id and i.provider = 'facebook'
          where a.email = 'fiona@example.com'`,
    );
    expect(row).toMatchObject({ locale: "es", subject: fb.userId("fiona") });
    expect(row.verified_at).not.toBeNull();

    // The same code cannot be used twice.
    const replay = await srv.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookiesOf(start) },
      redirect: "manual",
    });
    expect(replay.headers.get("location")).toBe("/es/login?error=facebookFailed");
  });

  it("fails closed without the flow cookie, with another state, when the visitor cancels, and without an e-mail", async () => {
    const a = await startFlow();
    const callback = await fb.signIn(a.location, "gus");
    const noCookie = await srv.request(`${callback.pathname}${callback.search}`, { redirect: "manual" });
    expect(noCookie.headers.get("location")).toBe("/login?error=facebookFailed");

    const b = await startFlow();
    const swapped = await fb.signIn(b.location, "gus");
    swapped.searchParams.set("state", "not-the-state");
    const tampered = await srv.request(`${swapped.pathname}${swapped.search}`, {
      headers: { cookie: cookiesOf(b.start) },
      redirect: "manual",
    });
    expect(tampered.headers.get("location")).toBe("/login?error=facebookFailed");

    const c = await startFlow();
    const denied = await fb.signIn(c.location, "gus", { deny: true });
    expect(denied.searchParams.get("error")).toBe("access_denied");
    const cancelled = await srv.request(`${denied.pathname}${denied.search}`, {
      headers: { cookie: cookiesOf(c.start) },
      redirect: "manual",
    });
    expect(cancelled.headers.get("location")).toBe("/login?error=facebookFailed");

    const { done, to } = await redirectFlow("nomail");
    expect(to).toBe("/login?error=facebookFailed");
    expect(done.headers.getSetCookie().some((v) => v.startsWith("apollo-token="))).toBe(false);

    // Nothing was made for Gus along the way: no code was traded.
    const [{ n }] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from account where email = 'gus@example.com'`,
    );
    expect(n).toBe(0);
    const page = await (await srv.request("/login?error=facebookFailed")).text();
    expect(alerts(page)).toContain("Failed to sign in with Facebook.");
    const pageEs = await (await srv.request("/es/login?error=facebookFailed")).text();
    expect(alerts(pageEs)).toContain("No se pudo iniciar sesión con Facebook.");
  });

  it("never takes over a verified account with the same address, and refuses blocked accounts", async () => {
    // owner@gmail.com: even an address Google would be the authority for is not Facebook's to vouch for.
    const { to } = await redirectFlow("owner");
    expect(to).toBe("/login?error=facebookLinkRefused");
    const page = await (await srv.request("/login?error=facebookLinkRefused")).text();
    expect(alerts(page)).toContain("An account with this e-mail already exists. Log in with your e-mail and password");
    expect((await redirectFlow("blocked")).to).toBe("/login?error=blocked");
    const [{ n }] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from account_identity where provider = 'facebook'
          and subject in (${fb.userId("owner")}, ${fb.userId("blocked")})`,
    );
    expect(n).toBe(0);
    // The owner's password still works.
    const login = await srv.request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "owner@gmail.com", password: "Owner-pass-1!" }),
    });
    expect(login.status).toBe(200);
  });

  it("takes over an unverified registration of the address, as Google does", async () => {
    // Someone registered the address and never confirmed it.
    await srv.database.db.execute(sql`insert into account (email, username, name, password_hash, created_at, updated_at)
        values ('squatted@example.com', 'squatter', 'Squatter', '!not-a-hash', now(), now())`);
    const { to, done } = await redirectFlow("squatted");
    expect(to).toBe("/");
    const profile = await srv.request("/profile", { headers: { cookie: cookiesOf(done) } });
    expect(await profile.text()).toMatch(/<h1[^>]*>Hello, Squatter<\/h1>/);
    const [row] = await queryRows<{ verified_at: Date | null }>(
      srv.database.db,
      sql`select verified_at from account where email = 'squatted@example.com'`,
    );
    expect(row.verified_at).not.toBeNull();
  });

  it("is not offered, and its routes do not exist, without an app id", async () => {
    const plain = await createTestServer({ database: srv.database });
    try {
      const login = await (await plain.request("/login")).text();
      expect(login).not.toContain("/auth/facebook");
      expect(login).not.toMatch(/Continue with Facebook<\/a>/);
      expect((await plain.request("/auth/facebook")).status).toBe(404);
      expect((await plain.request("/auth/facebook/callback?code=x&state=y")).status).toBe(404);
      const post = await facebookLogin({ accessToken: fb.issueToken("fiona") }, { server: plain });
      expect(await answer(post)).toMatchObject({ status: 404, ok: false });
    } finally {
      await plain.close();
    }
  });
});

describe("POST /auth/facebookLogin (a user access token the client obtained)", () => {
  it("answers tokens and session cookies like /auth/authenticate, for the account made by the redirect flow", async () => {
    const res = await facebookLogin({ accessToken: fb.issueToken("fiona") });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(res.headers.getSetCookie().some((v) => v.startsWith("apollo-token=") && /HttpOnly/i.test(v))).toBe(true);
    const profile = await srv.request("/profile", { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(await profile.text()).toMatch(/<h1[^>]*>Hello, Fiona<\/h1>/);
  });

  it("finds a returning user by their Facebook id even after their e-mail changed", async () => {
    const first = await answer(await facebookLogin({ accessToken: fb.issueToken("hana") }));
    expect(first.status).toBe(200);
    fb.setUser("hana", { name: "Hana", email: "hana.new@example.com" });
    const again = await answer(await facebookLogin({ accessToken: fb.issueToken("hana") }));
    expect(accountOf(again.accessToken)).toBe(accountOf(first.accessToken));
    // Or without one: the identity, not the address, names the account.
    fb.setUser("hana", { name: "Hana" });
    const noMail = await answer(await facebookLogin({ accessToken: fb.issueToken("hana") }));
    expect(accountOf(noMail.accessToken)).toBe(accountOf(first.accessToken));
    const [row] = await queryRows<{ email: string }>(
      srv.database.db,
      sql`select email from account where id = ${accountOf(first.accessToken)}`,
    );
    expect(row.email).toBe("hana@example.com");
  });

  it("refuses unknown, other apps' and expired tokens", async () => {
    expect(await answer(await facebookLogin({ accessToken: "EAAnot-a-token" }))).toMatchObject({
      status: 401,
      ok: false,
      code: "auth.errors.facebookFailed",
      message: "Failed to sign in with Facebook.",
      reason: "invalid",
    });
    const theirs = fb.issueToken("fiona", { appId: "999000999" });
    expect(await answer(await facebookLogin({ accessToken: theirs }))).toMatchObject({ status: 401, reason: "app" });
    const expired = fb.issueToken("fiona", { expiresIn: -60 });
    expect(await answer(await facebookLogin({ accessToken: expired }))).toMatchObject({
      status: 401,
      reason: "expired",
    });
    // Valid for Facebook, but past its expiry by our clock.
    const short = fb.issueToken("fiona", { expiresIn: 120 });
    const clock: Clock = { now: () => new Date(Date.now() + 10 * 60_000) };
    const later = await createTestServer({ clock, database: srv.database, env });
    try {
      expect(await answer(await facebookLogin({ accessToken: short }, { server: later }))).toMatchObject({
        status: 401,
        reason: "expired",
      });
    } finally {
      await later.close();
    }
    const spanish = await facebookLogin({ accessToken: theirs }, { headers: { locale: "es" } });
    expect((await spanish.json()).message).toBe("No se pudo iniciar sesión con Facebook.");
  });

  it("refuses a profile without an e-mail, a verified account's address and a blocked account", async () => {
    expect(await answer(await facebookLogin({ accessToken: fb.issueToken("nomail") }))).toMatchObject({
      status: 403,
      code: "auth.errors.facebookFailed",
      reason: "email",
    });
    expect(await answer(await facebookLogin({ accessToken: fb.issueToken("owner") }))).toMatchObject({
      status: 409,
      code: "auth.errors.facebookLinkRefused",
      message: "An account with this e-mail already exists. Log in with your e-mail and password instead.",
      reason: "account_exists",
    });
    expect(await answer(await facebookLogin({ accessToken: fb.issueToken("blocked") }))).toMatchObject({
      status: 403,
      code: "auth.errors.blocked",
      reason: "blocked",
    });
  });

  it("answers bad requests with 400 and a translation key, never a 500", async () => {
    const bodies: unknown[] = [
      "",
      "{",
      "[]",
      "null",
      "42",
      {},
      { accessToken: "" },
      { accessToken: 42 },
      { accessToken: null },
      { accessToken: ["EAA"] },
      { accessToken: "EAA\u0000abc" },
      { accessToken: "EAA abc" },
      { accessToken: "EAAé" },
      { accessToken: "E".repeat(5000) },
      { token: fb.issueToken("fiona") },
    ];
    for (const body of bodies) {
      expect({ body, ...(await answer(await facebookLogin(body))) }).toMatchObject({
        body,
        status: 400,
        ok: false,
        code: "auth.errors.facebookFailed",
        reason: "invalid_request",
      });
    }
    const huge = await facebookLogin({ accessToken: "E".repeat(200_000) });
    expect(await answer(huge)).toMatchObject({ status: 413, code: "common.errors.tooLarge" });
  });

  it("refuses other sites' pages, shares the log-in attempt budget, and says when Facebook is away", async () => {
    const foreign = await facebookLogin(
      { accessToken: fb.issueToken("fiona") },
      { headers: { origin: "https://evil.example" } },
    );
    expect(foreign.status).toBe(403);
    const limited = await createTestServer({ database: srv.database, rateLimits: { auth: [2, 2] }, env });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await facebookLogin({ accessToken: fb.issueToken("fiona") }, { server: limited })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await facebookLogin({ accessToken: fb.issueToken("fiona") }, { server: limited });
      expect(await answer(res)).toMatchObject({ status: 429, code: "auth.errors.rateLimited" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      // The redirect flow's start takes from the same budget.
      const start = await limited.request("/auth/facebook", { redirect: "manual" });
      expect(start.headers.get("location")).toMatch(/^\/login\?error=rateLimited&wait=\d+$/);
    } finally {
      await limited.close();
    }
    const away = await createTestServer({
      database: srv.database,
      env: { ...env, FACEBOOK_GRAPH_URL: "http://127.0.0.1:9" },
    });
    try {
      expect(
        await answer(await facebookLogin({ accessToken: fb.issueToken("fiona") }, { server: away })),
      ).toMatchObject({
        status: 503,
        code: "auth.errors.facebookFailed",
        reason: "unavailable",
      });
      const start = await away.request("/auth/facebook", { redirect: "manual" });
      const location = start.headers.get("location") as string;
      const callback = await fb.signIn(location, "fiona");
      const done = await away.request(`${callback.pathname}${callback.search}`, {
        headers: { cookie: cookiesOf(start) },
        redirect: "manual",
      });
      expect(done.headers.get("location")).toBe("/login?error=facebookFailed");
    } finally {
      await away.close();
    }
  });
});
