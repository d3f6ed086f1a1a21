import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { startOidcProvider, type TestOidcProvider } from "#tests/oidc-provider.ts";
import { createTestServer } from "#tests/server.ts";
import { alerts, cookiesOf, existingAccounts, startSignIn } from "#tests/sign-in.ts";

const origin = "http://localhost:3000";
let provider: TestOidcProvider;
let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${origin}/auth/google/callback`,
    accounts: {
      alice: { email: "alice@example.com", emailVerified: true, name: "Alice" },
      mallory: { email: "victim@example.com", emailVerified: false, name: "Mallory" },
      bruno: { email: "bruno@example.com", emailVerified: true, name: "Bruno" },
      // Verified addresses of existing accounts, at a domain Google is not the authority for.
      owner: { email: "owner@example.org", emailVerified: true, name: "Not the owner" },
      blocked: { email: "blocked@example.org", emailVerified: true, name: "Blocked" },
    },
  });
  srv = await createTestServer({
    env: {
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    },
  });
  await existingAccounts(srv, "owner@example.org");
});
afterAll(async () => {
  await srv?.cleanup();
  await provider?.close();
});

const startFlow = (query = "") => startSignIn(srv, "/auth/google", query);

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

describe("POST /auth/googleLogin (an ID token the client obtained)", () => {
  const googleLogin = (body: unknown, init: { headers?: Record<string, string>; server?: typeof srv } = {}) =>
    (init.server ?? srv).request("/auth/googleLogin", {
      method: "POST",
      headers: { "content-type": "application/json", ...init.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const refusal = async (res: Response) => ({ status: res.status, ...(await res.json()) });
  /** A nonce from the server, as a client asks for one before going to Google. */
  const serverNonce = async (server = srv) => {
    const res = await server.request("/auth/googleNonce");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, nonce: expect.any(String), expiresAt: expect.any(String) });
    return body.nonce as string;
  };
  /** An ID token Google made for one of our log-ins (with a nonce the server handed out). */
  const loginToken = async (account: string, server = srv) =>
    provider.idToken(account, { nonce: await serverNonce(server) });

  it("answers tokens and session cookies like /auth/authenticate, for the same account as the redirect flow", async () => {
    const nonce = await serverNonce();
    const res = await googleLogin({ idToken: await provider.idToken("alice", { nonce }), nonce });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(Date.parse(body.refreshTokenExpiresAt)).toBeGreaterThan(Date.now());
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((v) => v.startsWith("apollo-token=") && /HttpOnly/i.test(v))).toBe(true);
    expect(cookies.some((v) => v.startsWith("sn_refresh="))).toBe(true);
    // The bearer token works, for Alice's account (made by the redirect flow's test above or now).
    const profile = await srv.request("/profile", { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(await profile.text()).toMatch(/<h1[^>]*>Hello, Alice<\/h1>/);
    const again = await (await googleLogin({ idToken: await loginToken("alice") })).json();
    expect(again.accessToken.split(".")[0]).toBe(body.accessToken.split(".")[0]);
    // The refresh endpoint takes the refresh token.
    const refreshed = await srv.request("/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: body.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
  });

  it("creates a verified account for a new address, in the language asked for", async () => {
    const res = await googleLogin({ idToken: await loginToken("bruno") }, { headers: { locale: "es" } });
    expect(res.status).toBe(200);
    const [row] = await queryRows<{ verified_at: Date | null; locale: string }>(
      srv.database.db,
      sql`select verified_at, locale from account where email = 'bruno@example.com'`,
    );
    expect(row.verified_at).not.toBeNull();
    expect(row.locale).toBe("es");
  });

  it("refuses a wrong nonce, another client's token, another issuer, a forged or altered token", async () => {
    const wrongNonce = await googleLogin({ idToken: await loginToken("alice"), nonce: await serverNonce() });
    expect(await refusal(wrongNonce)).toMatchObject({
      status: 401,
      ok: false,
      code: "auth.errors.googleFailed",
      message: "Failed to sign in with Google.",
      reason: "nonce",
    });
    const theirs = await googleLogin({ idToken: await provider.idToken("alice", { client: "other" }) });
    expect(await refusal(theirs)).toMatchObject({ status: 401, reason: "audience" });
    const t = Math.floor(Date.now() / 1000);
    const claims = { sub: "alice", aud: provider.clientId, iat: t, exp: t + 300, email: "alice@example.com" };
    const otherIssuer = await provider.signJwt({ ...claims, iss: "https://accounts.example" });
    expect(await refusal(await googleLogin({ idToken: otherIssuer }))).toMatchObject({ status: 401, reason: "issuer" });
    const forged = await provider.signJwt({ ...claims, iss: provider.issuer }, { foreignKey: true });
    expect(await refusal(await googleLogin({ idToken: forged }))).toMatchObject({ status: 401, reason: "signature" });
    const [header, , signature] = (await provider.idToken("alice")).split(".");
    const payload = Buffer.from(JSON.stringify({ ...claims, iss: provider.issuer, sub: "bruno" })).toString(
      "base64url",
    );
    const altered = await googleLogin({ idToken: `${header}.${payload}.${signature}` });
    expect(await refusal(altered)).toMatchObject({ status: 401, reason: "signature" });
    expect(altered.headers.getSetCookie().some((v) => v.startsWith("apollo-token="))).toBe(false);
    const spanish = await googleLogin({ idToken: forged }, { headers: { locale: "es" } });
    expect((await spanish.json()).message).toBe("No se pudo iniciar sesión con Google.");
  });

  it("refuses an expired token (by the server's clock)", async () => {
    const token = await provider.idToken("alice");
    const clock: Clock = { now: () => new Date(Date.now() + 11 * 60_000) };
    const later = await createTestServer({
      clock,
      database: srv.database,
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    });
    try {
      expect(await refusal(await googleLogin({ idToken: token }, { server: later }))).toMatchObject({
        status: 401,
        code: "auth.errors.googleFailed",
        reason: "expired",
      });
    } finally {
      await later.close();
    }
  });

  it("answers bad requests with 400 and a translation key, never a 500", async () => {
    const jwtLike = (await provider.idToken("alice")).split(".");
    const bodies: unknown[] = [
      "",
      "not json",
      "[]",
      '"a string"',
      "null",
      {},
      { idToken: "" },
      { idToken: 12 },
      { idToken: ["a.b.c"] },
      { idToken: { jwt: "a.b.c" } },
      { idToken: "only-one-part" },
      { idToken: `${jwtLike[0]}\u0000.${jwtLike[1]}.${jwtLike[2]}` },
      { idToken: `${jwtLike[0]}.${jwtLike[1]}.${jwtLike[2]} ` },
      { idToken: `${"a".repeat(9000)}.b.c` },
      { idToken: jwtLike.join("."), nonce: 5 },
      { idToken: jwtLike.join("."), nonce: "" },
      { idToken: jwtLike.join("."), nonce: "a\u0000b" },
    ];
    for (const body of bodies) {
      const res = await googleLogin(body);
      expect({ body, ...(await refusal(res)) }).toMatchObject({
        body,
        status: 400,
        ok: false,
        code: "auth.errors.googleFailed",
        reason: "invalid_request",
      });
    }
    // Structurally a token, but not one: 401.
    expect(await refusal(await googleLogin({ idToken: "abc.def.ghi" }))).toMatchObject({
      status: 401,
      reason: "malformed",
    });
    // Larger than the server takes at all: 413, still JSON.
    const huge = await googleLogin({ idToken: "a".repeat(200_000) });
    expect(await refusal(huge)).toMatchObject({ status: 413, code: "common.errors.tooLarge" });
  });

  it("links and refuses exactly like the redirect flow: unverified, existing verified and blocked accounts", async () => {
    expect(await refusal(await googleLogin({ idToken: await loginToken("mallory") }))).toMatchObject({
      status: 403,
      code: "auth.errors.googleFailed",
      reason: "email",
    });
    expect(await refusal(await googleLogin({ idToken: await loginToken("owner") }))).toMatchObject({
      status: 409,
      code: "auth.errors.googleLinkRefused",
      message: "An account with this e-mail already exists. Log in with your password.",
      reason: "account_exists",
    });
    expect(await refusal(await googleLogin({ idToken: await loginToken("blocked") }))).toMatchObject({
      status: 403,
      code: "auth.errors.blocked",
      reason: "blocked",
    });
  });

  it("refuses other sites' pages, and shares the log-in attempt budget", async () => {
    const token = await provider.idToken("alice");
    const foreign = await googleLogin({ idToken: token }, { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).ok).toBe(false);
    const limited = await createTestServer({
      database: srv.database,
      rateLimits: { auth: [2, 2] },
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    });
    try {
      const tokens = [];
      for (let i = 0; i < 4; i++) tokens.push(await loginToken("alice", limited));
      const statuses = [];
      for (const idToken of tokens.slice(0, 3))
        statuses.push((await googleLogin({ idToken }, { server: limited })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const res = await googleLogin({ idToken: tokens[3] }, { server: limited });
      expect(await refusal(res)).toMatchObject({ status: 429, code: "auth.errors.rateLimited" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("takes only tokens made with a nonce the server handed out, unexpired", async () => {
    const noNonce = await googleLogin({ idToken: await provider.idToken("alice") });
    expect(await refusal(noNonce)).toMatchObject({
      status: 401,
      ok: false,
      code: "auth.errors.googleFailed",
      message: "Failed to sign in with Google.",
      reason: "nonce",
    });
    expect(noNonce.headers.getSetCookie().some((v) => v.startsWith("apollo-token="))).toBe(false);
    // A nonce the client chose, or one of ours altered, is not ours.
    const chosen = await googleLogin({ idToken: await provider.idToken("alice", { nonce: "n-1" }), nonce: "n-1" });
    expect(await refusal(chosen)).toMatchObject({ status: 401, reason: "nonce" });
    const ours = await serverNonce();
    const altered = `${ours.slice(0, 5)}${ours[5] === "a" ? "b" : "a"}${ours.slice(6)}`;
    const spanish = await googleLogin(
      { idToken: await provider.idToken("alice", { nonce: altered }) },
      { headers: { locale: "es" } },
    );
    expect(await refusal(spanish)).toMatchObject({
      status: 401,
      reason: "nonce",
      message: "No se pudo iniciar sesión con Google.",
    });
    // Only a nonce of ours lets the token in (its lifetime and single use: modules/auth/id-token-replay.test.ts).
    const token = await provider.idToken("alice", { nonce: ours });
    expect((await googleLogin({ idToken: token })).status).toBe(200);
  });

  it("accepts a token once, and a nonce once, whichever process sees them again", async () => {
    const other = await createTestServer({
      database: srv.database,
      secret: srv.secret,
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    });
    try {
      const nonce = await serverNonce();
      const token = await provider.idToken("alice", { nonce });
      expect((await googleLogin({ idToken: token })).status).toBe(200);
      const replay = await googleLogin({ idToken: token }, { server: other });
      expect(await refusal(replay)).toMatchObject({
        status: 401,
        ok: false,
        code: "auth.errors.googleFailed",
        message: "Failed to sign in with Google.",
        reason: "replayed",
      });
      expect(replay.headers.getSetCookie().some((v) => v.startsWith("apollo-token="))).toBe(false);
      expect(await refusal(await googleLogin({ idToken: token }))).toMatchObject({ status: 401, reason: "replayed" });
      // Another token Google made with the same nonce: the nonce is spent.
      await new Promise((r) => setTimeout(r, 1100));
      const second = await provider.idToken("alice", { nonce });
      expect(second).not.toBe(token);
      expect(await refusal(await googleLogin({ idToken: second }, { server: other }))).toMatchObject({
        status: 401,
        reason: "nonce",
      });
      // The same token sent twice at once: one log-in.
      const twin = await loginToken("alice");
      const both = await Promise.all([
        googleLogin({ idToken: twin }),
        googleLogin({ idToken: twin }, { server: other }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
      // What was used is kept only until it expires.
      const [kept] = await queryRows<{ n: number; later: boolean }>(
        srv.database.db,
        sql`select count(*)::int as n, bool_and(expires_at > now() and expires_at < now() + interval '1 hour') as later
            from id_token_use`,
      );
      expect(kept.n).toBeGreaterThanOrEqual(4);
      expect(kept.later).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("answers 503 when the provider cannot be reached, and 404 when Google is not configured", async () => {
    const down = await startOidcProvider({ redirectUri: `${origin}/auth/google/callback`, accounts: {} });
    const issuer = down.issuer;
    await down.close();
    const away = await createTestServer({
      database: srv.database,
      env: { GOOGLE_CLIENT_ID: "x", GOOGLE_CLIENT_SECRET: "y", GOOGLE_ISSUER: issuer },
    });
    const plain = await createTestServer({ database: srv.database });
    try {
      const token = await provider.idToken("alice");
      expect(await refusal(await googleLogin({ idToken: token }, { server: away }))).toMatchObject({
        status: 503,
        code: "auth.errors.googleFailed",
        reason: "unavailable",
      });
      expect((await googleLogin({ idToken: token }, { server: plain })).status).toBe(404);
    } finally {
      await away.close();
      await plain.close();
    }
  });
});
