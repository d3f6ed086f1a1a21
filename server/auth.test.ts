import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { seedDemoAccounts } from "#modules/demo/seed.ts";
import { listOutbox } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { loadFetcher, rootData, submitFetcher } from "#tests/fetcher.ts";
import { formBody, httpClient, Jar, notices } from "#tests/http.ts";
import { verifiedMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const origin = "http://localhost:3000";
const silent = { info() {}, warn() {}, error() {} };
let templateId: number;
let templateSlug: string;

const form = formBody;
const { post, get, signUp } = httpClient((path, init) => srv.request(path, init), origin);

async function logIn(login: string, password = "Demo-pass-2026!") {
  const jar = new Jar();
  const res = jar.take(await post("/login", { login, password }));
  expect(res.status, await res.clone().text()).toBe(302);
  return jar;
}

beforeAll(async () => {
  srv = await createTestServer({ clock, demo: { now: new Date("2026-11-01T00:00:00Z"), count: 30 } });
  await seedDemoAccounts(srv.database, { log: silent, clock });
  const [t] = await queryRows<{ id: number; slug: string }>(
    srv.database.db,
    sql`select t.id, tr.slug from template t join template_translation tr on tr.template_id = t.id and tr.locale = 'en'
        where t.published_at <= ${now} order by t.id limit 1`,
  );
  templateId = t.id;
  templateSlug = t.slug;
});
afterAll(async () => {
  await srv?.cleanup();
});

describe("sign-up and log-in pages", () => {
  it("signs up, mails a link to the outbox page, verifies it, and logs in", async () => {
    const page = await get("/signup");
    expect(page.status).toBe(200);
    // Account pages are never served from the page cache, and never cached by browsers or proxies.
    expect((await get("/signup")).headers.get("x-page-cache")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Create an account, it&#x27;s free");
    expect(html).toMatch(/href="\/terms-conditions"/);
    const res = await signUp("/signup", {
      name: "Lucía",
      email: "lucia@example.com",
      password: "Sl1des!rock",
      terms: "on",
    });
    expect(res.status).toBe(200);
    expect(notices(await res.text())).toContain(
      "Verification link has been sent to your account, please check your email",
    );
    const outbox = await (await get("/outbox")).text();
    expect(outbox).toContain("Confirm your SlideNest account");
    const [mail] = await listOutbox(srv.database.db, { limit: 1 });
    const link = /http:\/\/localhost:3000(\/login\?hash=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const mailPage = await (await get(`/outbox/${mail.id}`)).text();
    expect(mailPage).toContain(`href="http://localhost:3000${link}"`);
    // Before following the link, logging in is refused with a way to get a new one.
    const early = await post("/login", { login: "lucia@example.com", password: "Sl1des!rock" });
    expect(notices(await early.text())).toContain("Please confirm your e-mail address first");
    const verified = await get(link as string);
    const greeted = await verified.text();
    expect(notices(greeted)).toContain("Your e-mail address is confirmed.");
    expect(greeted).toMatch(/<h1[^>]*>Welcome to SlideNest<\/h1>/);
    expect(greeted).toMatch(
      /<input[^>]*name="login"[^>]*value="lucia@example.com"|<input[^>]*value="lucia@example.com"[^>]*name="login"/,
    );
    // Spanish, and the same link again (the account is already confirmed): still a welcome, never "Welcome back".
    const again = await (await get(`/es${link}`)).text();
    expect(again).toMatch(/<h1[^>]*>Te damos la bienvenida a SlideNest<\/h1>/);
    const jar = await logIn("LUCIA@example.com", "Sl1des!rock");
    expect(jar.cookies.has("apollo-token")).toBe(true);
    expect(jar.cookies.has("sn_refresh")).toBe(true);
    const profile = await get("/profile", jar);
    expect(profile.status).toBe(200);
    const body = await profile.text();
    expect(notices(body)).toBe("");
    expect(body).toMatch(/<h1[^>]*>Hello, Lucía<\/h1>/);
    expect(body).toMatch(/data-testid="profile-downloads">0 of 10 used</);
    expect(profile.headers.get("cache-control")).toMatch(/private/);
    expect(profile.headers.get("x-page-cache")).toBeNull();
  });

  it("answers bad input with the form's messages, in Spanish too, never a 500", async () => {
    const empty = await post("/login", {});
    expect(empty.status).toBe(200);
    expect(notices(await empty.text())).toContain("Fill in all the fields.");
    const es = await post("/es/signup", { name: "", email: "nope", password: "abc" });
    const esHtml = notices(await es.text());
    expect(esHtml).toContain("El campo es obligatorio");
    expect(esHtml).toContain("Formato de correo no válido");
    expect(esHtml).toContain("El campo debe tener al menos 6 caracteres.");
    const wrong = await post("/login", { login: "free@demo.slidenest.test", password: "wrong-password" });
    expect(notices(await wrong.text())).toContain("Invalid login or password.");
    const blocked = await post("/login", { login: "blocked@demo.slidenest.test", password: "Demo-pass-2026!" });
    expect(notices(await blocked.text())).toContain("Your account has been blocked, please contact the administrator");
    const taken = await signUp("/signup", {
      name: "X",
      email: "FREE@demo.slidenest.test",
      password: "Sl1des!rock",
      terms: "on",
    });
    // A registered address is answered as a new one (its owner is mailed instead): the page never tells.
    const takenPage = await taken.text();
    expect(takenPage).not.toContain("Login already taken");
    expect(takenPage).toContain("We sent it to FREE@demo.slidenest.test.");
    const [notice] = (await listOutbox(srv.database.db, { limit: 5 })).filter((m) => m.kind === "account-exists");
    expect(notice).toMatchObject({ to: "free@demo.slidenest.test", subject: "You already have a SlideNest account" });
    const bad: Record<string, string>[] = [
      { login: "x".repeat(10_000), password: "y".repeat(10_000) },
      { login: "🎉'; drop table account; --", password: "<script>alert(1)</script>" },
      { name: "x".repeat(10_000), email: "a@b.co", password: "Sl1des!rock", terms: "yes" },
      { login: "free\u0000@demo.slidenest.test", password: "Demo-pass-2026!" },
      { name: "Ana\u0000", email: "nul@example.com", password: "Sl1des!rock", terms: "on" },
    ];
    for (const fields of bad) {
      for (const p of ["/login", "/signup"]) {
        const r = await post(p, fields);
        expect(r.status, `${p} ${JSON.stringify(fields).slice(0, 30)}`).toBeLessThan(500);
      }
    }
    const badHash = await get("/login?hash=%F0%9F%8E%89");
    expect(notices(await badHash.text())).toContain(
      "Your confirmation link is expired or not correct, please try again.",
    );
  });

  it("never echoes the password back into the page", async () => {
    const res = await post("/login", { login: "free@demo.slidenest.test", password: "Secret-Value-123!" });
    expect(await res.text()).not.toContain("Secret-Value-123!");
  });

  it("goes back to a same-site page after logging in, and nowhere else", async () => {
    const back = await post("/login", {
      login: "free@demo.slidenest.test",
      password: "Demo-pass-2026!",
      redirect: `/template/${templateSlug}`,
    });
    expect(back.headers.get("location")).toBe(`/template/${templateSlug}`);
    for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const r = await post("/login", {
        login: "free@demo.slidenest.test",
        password: "Demo-pass-2026!",
        redirect: evil,
      });
      expect(r.headers.get("location")).toBe("/");
    }
  });

  it("sends signed-in visitors from guest-only pages to the profile, and guests from the profile to sign-up", async () => {
    const jar = await logIn("free@demo.slidenest.test");
    expect((await get("/login", jar)).headers.get("location")).toBe("/profile");
    expect((await get("/es/signup", jar)).headers.get("location")).toBe("/es/profile");
    // Signed in, the forgotten-password page is how a password is changed: the address is filled in.
    const forgot = await get("/forgot-password", jar);
    expect(forgot.status).toBe(200);
    expect(await forgot.text()).toMatch(
      /<input[^>]*name="email"[^>]*value="free@demo\.slidenest\.test"|<input[^>]*value="free@demo\.slidenest\.test"[^>]*name="email"/,
    );
    expect((await get("/profile/favorites")).headers.get("location")).toBe(
      `/signup?redirect=${encodeURIComponent("/profile/favorites")}`,
    );
  });
});

describe("demo outbox", () => {
  it("exists only in the embedded demo: with DATABASE_URL it is not served", async () => {
    expect((await get("/outbox")).status).toBe(200);
    const prod = await createTestServer({
      clock,
      database: srv.database,
      env: { DATABASE_URL: "postgres://example.invalid/slidenest", SIGNING_SECRET: "a-secret-of-the-test-servers" },
    });
    try {
      expect((await prod.request("/outbox")).status).toBe(404);
      expect((await prod.request("/outbox/1")).status).toBe(404);
      const signup = await httpClient((p, i) => prod.request(p, i), origin).signUp("/signup", {
        name: "Prod",
        email: "prod@example.com",
        password: "Sl1des!rock",
        terms: "on",
      });
      const html = await signup.text();
      expect(notices(html)).toContain("Verification link has been sent");
      expect(html).not.toContain('href="/outbox"');
    } finally {
      await prod.close();
    }
  });
});

describe("common passwords", () => {
  it("are refused on the sign-up page with a message in the page's language", async () => {
    const res = await signUp("/es/signup", {
      name: "Pepa",
      email: "pepa@example.com",
      password: "P@ssw0rd",
      terms: "on",
    });
    expect(res.status).toBe(200);
    expect(notices(await res.text())).toContain("Esta contraseña es de las más usadas.");
  });
});

describe("forgotten passwords", () => {
  it("goes from 'enter email' to 'email sent', and the link sets a new password that signs out everywhere", async () => {
    expect((await get("/change-password")).headers.get("location")).toBe("/forgot-password");
    expect((await get("/es/change-password")).headers.get("location")).toBe("/es/forgot-password");
    const before = await logIn("commercial@demo.slidenest.test");
    const sent = await post("/forgot-password", { email: "commercial@demo.slidenest.test" });
    expect(notices(await sent.text())).toContain("Check your e-mail");
    const [mail] = await listOutbox(srv.database.db, { limit: 1 });
    const link = /http:\/\/localhost:3000(\/change-password\?hash=[\w-]+)/.exec(mail.text)?.[1] as string;
    expect(link).toBeTruthy();
    const page = await get(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Changing your password signs you out of all devices.");
    const hash = new URL(link, origin).searchParams.get("hash") as string;
    const differ = await post(link, { hash, password: "New-pass-2026!", confirm: "Other-pass-2026!" });
    expect(notices(await differ.text())).toContain("Passwords must be identical");
    const reused = await post(link, { hash, password: "Demo-pass-2026!", confirm: "Demo-pass-2026!" });
    expect(notices(await reused.text())).toContain("Choose a password you have not used for this account recently.");
    const done = await post(link, { hash, password: "New-pass-2026!", confirm: "New-pass-2026!" });
    expect(notices(await done.text())).toContain("Password changed");
    expect((await get("/profile", before)).status).toBe(302);
    const again = await post(link, { hash, password: "Other-pass-2026!", confirm: "Other-pass-2026!" });
    expect(notices(await again.text())).toContain("Your link is outdated.");
    expect(notices(await (await get(link)).text())).toContain("Your link is outdated.");
    await logIn("commercial@demo.slidenest.test", "New-pass-2026!");
    // Unknown addresses see the same page, and nothing is sent.
    const count = (await listOutbox(srv.database.db, { limit: 500 })).length;
    const ghost = await post("/forgot-password", { email: "ghost@example.com" });
    expect(notices(await ghost.text())).toContain("Check your e-mail");
    expect((await listOutbox(srv.database.db, { limit: 500 })).length).toBe(count);
    const bad = await post("/forgot-password", { email: "not an email" });
    expect(notices(await bad.text())).toContain("Invalid email format");
  });
});

describe("sessions over HTTP", () => {
  it("refreshes an expired access token from the refresh cookie, and logs out for good", async () => {
    const jar = await logIn("personal@demo.slidenest.test");
    now = new Date(now.getTime() + 20 * 60_000);
    const page = jar.take(await get("/profile", jar));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<dd[^>]*>Personal, monthly<\/dd>/);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("apollo-token="))).toBe(true);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const stale = new Jar();
    stale.cookies.set("apollo-token", jar.cookies.get("apollo-token") as string);
    stale.cookies.set("sn_refresh", jar.cookies.get("sn_refresh") as string);
    const out = await post("/logout", {}, jar);
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/login");
    // The cookies kept from before the log-out no longer sign anyone in.
    expect((await get("/profile", stale)).status).toBe(302);
  });

  it("logging in as someone else wins over a session being refreshed at the same time", async () => {
    const jar = await logIn("personal@demo.slidenest.test");
    now = new Date(now.getTime() + 20 * 60_000);
    jar.take(await post("/login", { login: "demo-free", password: "Demo-pass-2026!" }, jar));
    const page = await (await get("/profile", jar)).text();
    expect(page).toMatch(/<h1[^>]*>Hello, Free Demo<\/h1>/);
  });

  it("offers the REST token endpoints of SPEC §7 with rotation", async () => {
    const res = await srv.request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "personal@demo.slidenest.test", password: "Demo-pass-2026!" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const tokens = await res.json();
    expect(tokens).toMatchObject({ ok: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    const me = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens.accessToken}` },
      body: JSON.stringify({ query: "{ me { id name login plan } }" }),
    });
    expect((await me.json()).data.me).toMatchObject({ name: "Personal Demo", login: "demo-personal" });
    const refreshed = await srv.request("/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
    const bad = await srv.request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json", locale: "es" },
      body: JSON.stringify({ login: "personal@demo.slidenest.test", password: "nope" }),
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("cache-control")).toBe("no-store");
    expect(await bad.json()).toMatchObject({
      code: "auth.errors.invalidLogin",
      message: "Usuario o contraseña no válidos.",
    });
    const nul = await srv.request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "personal\u0000@demo.slidenest.test", password: "nope" }),
    });
    expect(nul.status).toBe(401);
    const junk = await srv.request("/auth/authenticate", { method: "POST", body: "{not json" });
    expect(junk.status).toBe(400);
    const refreshJunk = await srv.request("/auth/refresh", {
      method: "POST",
      body: JSON.stringify({ refreshToken: 5 }),
    });
    expect(refreshJunk.status).toBe(401);
  });

  it("reads /auth/authenticate and /auth/refresh with the log-in form's schemas: nothing is cut to fit", async () => {
    // The longest password an account can have (ACCOUNT_LIMITS.passwordMax, 128 characters).
    const password = `Aa1!${"x".repeat(124)}`;
    await createVerifiedAccount(
      { db: srv.database.db, clock },
      { email: "longpass@example.com", username: "longpass", name: "Long Pass", password },
    );
    const authenticate = (body: unknown, headers: Record<string, string> = {}) =>
      srv.request("/auth/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    // One character more is not that password with something after it: it is no account's password.
    const longer = await authenticate({ login: "longpass@example.com", password: `${password}!` });
    expect(longer.status).toBe(401);
    expect(await longer.json()).toMatchObject({ ok: false, code: "auth.errors.invalidLogin" });
    // A login longer than any address is no account's, whatever follows the first 254 characters.
    const longLogin = await authenticate({ login: `longpass@example.com${"z".repeat(260)}`, password });
    expect(longLogin.status).toBe(401);
    // Missing or empty fields: the form's "fill in both" (400), in the request's language.
    const empty = await authenticate({ login: "longpass@example.com", password: 5 }, { locale: "es" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "auth.errors.fillAll", message: expect.any(String) });
    expect((await authenticate({ login: " ", password })).status).toBe(400);
    // The password itself, with the login as the form takes it (trimmed), logs in.
    const right = await authenticate({ login: "  longpass@example.com ", password });
    expect(right.status).toBe(200);
    const { refreshToken } = await right.json();
    // A refresh body without a usable token (not a string) rotates the cookie's; an empty one is refused.
    const viaCookie = await srv.request("/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `sn_refresh=${refreshToken}` },
      body: JSON.stringify({ refreshToken: 5 }),
    });
    expect(viaCookie.status).toBe(200);
    const { refreshToken: next } = await viaCookie.json();
    const emptyToken = await srv.request("/auth/refresh", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `sn_refresh=${next}` },
      body: JSON.stringify({ refreshToken: "" }),
    });
    expect(emptyToken.status).toBe(401);
  });

  it("refuses state changes from other sites (CSRF)", async () => {
    const jar = await logIn("free@demo.slidenest.test");
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }]) {
      const r = await post("/favorites", { templateId: String(templateId), favorite: "true" }, jar, headers);
      expect(r.status).toBe(403);
    }
    const site = await srv.request("/logout", {
      method: "POST",
      headers: { cookie: jar.header, "sec-fetch-site": "cross-site" },
    });
    expect(site.status).toBe(403);
    expect((await get("/profile", jar)).status).toBe(200);
  });

  it("limits log-in attempts per client", async () => {
    const limited = await createTestServer({ clock, database: srv.database, rateLimits: { auth: [3, 3] } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.request("/login", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin },
          body: form({ login: "free@demo.slidenest.test", password: "wrong" }),
        });
        const text = await r.text();
        codes.push(notices(text).includes("Too many attempts.") ? 429 : r.status);
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes.slice(3)).toEqual([429, 429]);
      // The REST log-in shares the same budget.
      const rest = await limited.request("/auth/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "free@demo.slidenest.test", password: "wrong" }),
      });
      expect(rest.status).toBe(429);
      expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("takes the client's address from X-Forwarded-For only through trusted proxies, IPv6 by /64", async () => {
    const attempt = (server: typeof srv, forwarded: string) =>
      server.request("/auth/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
        body: JSON.stringify({ login: "nobody-here", password: "wrong" }),
      });
    const direct = await createTestServer({ clock, database: srv.database, rateLimits: { auth: [2, 1] } });
    const proxied = await createTestServer({
      clock,
      database: srv.database,
      rateLimits: { auth: [2, 1] },
      env: { TRUST_PROXY: "1", PUBLIC_URL: "https://slidenest.example" },
    });
    try {
      // No proxy trusted: a made-up header does not buy a new budget.
      const spoofed = [];
      for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
        spoofed.push((await attempt(direct, ip)).status);
      expect(spoofed).toEqual([401, 401, 429]);
      // Behind one trusted proxy: each client has its own budget, and a /64 is one client.
      const seen = [];
      for (const ip of ["198.51.100.1", "198.51.100.1", "198.51.100.1", "198.51.100.2"])
        seen.push((await attempt(proxied, ip)).status);
      expect(seen).toEqual([401, 401, 429, 401]);
      const v6 = [];
      for (const ip of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::3"])
        v6.push((await attempt(proxied, ip)).status);
      expect(v6).toEqual([401, 401, 429]);
      // An https site address makes cookies Secure and sends HSTS, whatever the request says.
      const page = await proxied.request("/");
      expect(page.headers.get("strict-transport-security")).toContain("max-age=");
      // (A member's account: at a public address the demo accounts do not log in.)
      await verifiedMember(srv.database.db, clock, "secure-cookies");
      const login = await proxied.request("/auth/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.50" },
        body: JSON.stringify({ login: "secure-cookies", password: "Sl1des!rock" }),
      });
      const cookies = login.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      expect(cookies.every((c) => /;\s*Secure/i.test(c))).toBe(true);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it("lets nobody lock an account out: only real guesses spend its budget, and a client that has not failed gets in", async () => {
    await verifiedMember(srv.database.db, clock, "lockme");
    const limited = await createTestServer({
      clock,
      database: srv.database,
      rateLimits: { auth: [1000, 1000], authPerLogin: [3, 1] },
      env: { TRUST_PROXY: "1" },
    });
    const rest = (ip: string, password: string, login = "lockme@example.com") =>
      limited.request("/auth/authenticate", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ login, password }),
      });
    const page = async (ip: string, password: string) => {
      const res = await limited.request("/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": ip },
        body: form({ login: "lockme@example.com", password }),
        redirect: "manual",
      });
      const text = res.status === 302 ? "" : await res.text();
      return notices(text).includes("Too many attempts") ? 429 : res.status;
    };
    try {
      // Ten requests with an empty password, by the API and by the form, spend nothing of the account's.
      for (let i = 0; i < 10; i++) {
        expect((await rest("198.51.100.7", "")).status).toBe(400);
        expect(await page("198.51.100.7", "")).not.toBe(429);
      }
      expect((await rest("198.51.100.8", "Sl1des!rock")).status).toBe(200);
      expect(await page("198.51.100.8", "Sl1des!rock")).toBe(302);
      // Wrong passwords from many places spend it; then the clients that failed wait, right password or not...
      for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
        expect((await rest(ip, "wrong-guess")).status).toBe(401);
      const refused = await rest("203.0.113.1", "another-guess");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await rest("203.0.113.2", "Sl1des!rock")).status).toBe(429);
      expect(await page("203.0.113.3", "another-guess")).toBe(429);
      // ...while a client that has not failed still gets in with the right password, by the API and the form.
      expect((await rest("198.51.100.9", "Sl1des!rock")).status).toBe(200);
      expect(await page("198.51.100.10", "Sl1des!rock")).toBe(302);
      // A new client's wrong guess is still only a guess (401), and then that client waits too.
      expect((await rest("203.0.113.4", "wrong-guess")).status).toBe(401);
      expect((await rest("203.0.113.4", "wrong-guess")).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("limits guesses at one login from many addresses", async () => {
    const limited = await createTestServer({
      clock,
      database: srv.database,
      rateLimits: { auth: [1000, 1000], authPerLogin: [2, 2] },
    });
    try {
      const attempt = (login: string) =>
        limited.request("/auth/authenticate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ login, password: "wrong" }),
        });
      expect((await attempt("free@demo.slidenest.test")).status).toBe(401);
      expect((await attempt("FREE@demo.slidenest.test")).status).toBe(401);
      expect((await attempt("free@demo.slidenest.test")).status).toBe(429);
      expect((await attempt("personal@demo.slidenest.test")).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe("language", () => {
  it("saves the language switch to a signed-in account through UpdateMe, and only that", async () => {
    const jar = await logIn("free@demo.slidenest.test");
    const localeOf = async () =>
      (
        await queryRows<{ locale: string }>(
          srv.database.db,
          sql`select locale from account where email = 'free@demo.slidenest.test'`,
        )
      )[0].locale;
    expect(await localeOf()).toBe("en");
    // Visiting a Spanish page (say, from a link) changes nothing.
    expect((await get("/es/profile", jar)).status).toBe(200);
    expect(await localeOf()).toBe("en");
    const update = (languageId: number, cookie = jar.header) =>
      srv.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin },
        body: JSON.stringify({
          query: "mutation($d: UpdateMeInput!) { updateMe(data: $d) { language { id name locale } } }",
          variables: { d: { languageId } },
        }),
      });
    const ok = await (await update(2)).json();
    expect(ok.data.updateMe.language).toEqual({ id: 2, name: "Español", locale: "es" });
    expect(await localeOf()).toBe("es");
    const bad = await (await update(99)).json();
    expect(bad.errors[0].message).toBe("Invalid language type.");
    const guest = await (await update(1, "")).json();
    expect(guest.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(await localeOf()).toBe("es");
  });

  it("lets no other site read GraphQL with the visitor's cookies", async () => {
    const pre = await srv.request("/graphql", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(pre.headers.get("access-control-allow-origin")).not.toBe("https://evil.example");
    const own = await srv.request("/graphql", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    });
    expect(own.headers.get("access-control-allow-origin")).toBe(origin);
  });
});

describe("favorites over HTTP", () => {
  /** What the favourites route answers a heart's fetcher (app/routes/actions/answers.ts). */
  type Answer = { ok: boolean; favorite?: boolean; code?: string; message?: string; ids?: number[] };
  /** A heart's change, through its fetcher: `/favorites`, `/es/favorites` on a Spanish page. */
  const change = (fields: Record<string, string> | [string, string][], jar?: Jar, path = "/favorites") =>
    submitFetcher<Answer>(srv.request, path, fields, { headers: jar ? { cookie: jar.header } : {} });
  /** The hearts of a list asking which of their templates are kept (the favourites route's loader). */
  const ask = (jar: Jar | null, ids: string, path = "/favorites") =>
    loadFetcher<Answer>(
      srv.request,
      `${path}?ids=${ids}`,
      path.startsWith("/es/") ? "es/actions/favorites" : "actions/favorites",
      jar ? { cookie: jar.header } : {},
    );

  it("asks guests to log in: 401 for scripts, the log-in page with a way back for plain forms", async () => {
    const json = await change({ templateId: String(templateId), favorite: "true" }, undefined, "/es/favorites");
    expect(json.status).toBe(401);
    expect(json.data).toMatchObject({ message: "Inicia sesión para guardar favoritos." });
    const plain = await post("/favorites", { templateId: String(templateId), favorite: "true" }, undefined, {
      referer: `${origin}/template/${templateSlug}`,
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(`/template/${templateSlug}`)}`);
    // A Spanish page's form posts to the Spanish address: the guest goes to the Spanish log-in.
    const spanish = await post("/es/favorites", { templateId: String(templateId), favorite: "true" }, undefined, {
      referer: `${origin}/es/business?page=2`,
    });
    expect(spanish.status).toBe(303);
    expect(spanish.headers.get("location")).toBe(`/es/login?redirect=${encodeURIComponent("/es/business?page=2")}`);
    // Without a page to go back to, the log-in leads home; bad input from a guest is still a log-in first.
    const bare = await post("/es/favorites", { templateId: "abc" });
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toBe(`/es/login?redirect=${encodeURIComponent("/es")}`);
    // A guest's hearts ask nothing: the question is refused, in the address's language.
    const guestAsk = await ask(null, String(templateId), "/es/favorites");
    expect(guestAsk.status).toBe(401);
    expect(guestAsk.data.message).toBe("Inicia sesión para guardar favoritos.");
  });

  it("keeps each account's favorites to itself", async () => {
    const ana = await logIn("free@demo.slidenest.test");
    const ben = await logIn("personal@demo.slidenest.test");
    const add = await change({ templateId: String(templateId), favorite: "true" }, ana);
    expect(add.data).toMatchObject({ ok: true, favorite: true, message: "Added to your favorites." });
    const detail = await (await get(`/template/${templateSlug}`, ana)).text();
    expect(detail).toContain('aria-pressed="true"');
    const anaList = await (await get("/profile/favorites", ana)).text();
    expect(anaList).toContain(`/template/${templateSlug}`);
    const benList = await (await get("/profile/favorites", ben)).text();
    expect(benList).toMatch(/<h2[^>]*>No favorites yet<\/h2>/);
    // Ben cannot remove Ana's favourite: the request only ever acts on the caller's own list.
    await change({ templateId: String(templateId), favorite: "false", accountId: "1" }, ben);
    expect(await (await get("/profile/favorites", ana)).text()).toContain(`/template/${templateSlug}`);
    for (const fields of [
      {} as Record<string, string>,
      { templateId: "abc", favorite: "true" },
      { templateId: String(templateId), favorite: "maybe" },
      { templateId: "-4" },
    ]) {
      const r = await change(fields, ana);
      expect(r.status).toBe(400);
    }
    // The hearts of a list ask which of their templates are kept: only the caller's own answer.
    expect((await ask(ana, `${templateId},${templateId + 1},abc`)).data).toEqual({
      ok: true,
      ids: [templateId],
    });
    expect((await ask(ben, String(templateId))).data).toEqual({ ok: true, ids: [] });
    expect((await ask(ana, "")).status).toBe(400);
    expect((await ask(ana, Array.from({ length: 101 }, (_, i) => i + 1).join(","))).status).toBe(400);
    expect((await ask(null, String(templateId))).status).toBe(401);
    const missing = await change({ templateId: "2000000000", favorite: "true" }, ana);
    expect(missing.status).toBe(404);
  });

  it("shows no account another's favorites, however it asks, and changes only its own", async () => {
    const ana = await logIn("free@demo.slidenest.test");
    const ben = await logIn("personal@demo.slidenest.test");
    await change({ templateId: String(templateId), favorite: "true" }, ana);
    // Ana's template among others, asked by Ben: through a fetcher, as a plain request, in Spanish.
    const others = `${templateId + 1},${templateId},${templateId + 2}`;
    expect((await ask(ben, others)).data).toEqual({ ok: true, ids: [] });
    expect((await ask(ben, others, "/es/favorites")).data).toEqual({ ok: true, ids: [] });
    const plain = await srv.request(`/favorites?ids=${others}`, { headers: { cookie: ben.header } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("private, no-store");
    expect(await plain.json()).toEqual({ ok: true, ids: [] });
    // Ben's own favourite of the same template is his alone: Ana's stays when he removes his.
    expect((await change({ templateId: String(templateId), favorite: "true" }, ben)).data.favorite).toBe(true);
    expect((await ask(ben, others)).data).toEqual({ ok: true, ids: [templateId] });
    await change(
      [
        ["templateId", String(templateId)],
        ["favorite", "false"],
        ["accountId", "1"],
      ],
      ben,
    );
    expect((await ask(ben, others)).data).toEqual({ ok: true, ids: [] });
    expect((await ask(ana, others)).data).toEqual({ ok: true, ids: [templateId] });
  });

  it("sends a member's plain form (no scripts) back to the page it came from, with the change kept", async () => {
    const ana = await logIn("free@demo.slidenest.test");
    const id = String(templateId);
    const back = await post("/es/favorites", { templateId: id, favorite: "false" }, ana, {
      referer: `${origin}/es/business?page=2`,
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/es/business?page=2");
    expect((await ask(ana, id)).data).toEqual({ ok: true, ids: [] });
    // No page of ours to go back to (none, or another site's): the home page of the address's language.
    for (const referer of [undefined, "https://evil.example/es/business"]) {
      const home = await post("/es/favorites", { templateId: id, favorite: "true" }, ana, referer ? { referer } : {});
      expect(home.status).toBe(303);
      expect(home.headers.get("location")).toBe("/es");
    }
    expect((await ask(ana, id)).data).toEqual({ ok: true, ids: [templateId] });
  });

  it("answers bad input with the 400 message of the address's language, never a 500", async () => {
    const ana = await logIn("free@demo.slidenest.test");
    const message = {
      "/favorites": "Choose a template to add or remove.",
      "/es/favorites": "Elige una plantilla para añadirla o quitarla.",
    };
    const id = String(templateId);
    for (const path of ["/favorites", "/es/favorites"] as const) {
      for (const fields of [
        {} as Record<string, string>,
        { templateId: "", favorite: "true" },
        { templateId: "9".repeat(10_000), favorite: "true" },
        { templateId: "12345678901", favorite: "true" },
        { templateId: "1.5", favorite: "true" },
        { templateId: `${id}\u0000`, favorite: "true" },
        { templateId: id, favorite: "" },
        { templateId: id, favorite: "yes please" },
        [
          ["templateId", id],
          ["templateId", id],
          ["favorite", "true"],
        ] as [string, string][],
        [
          ["templateId", id],
          ["favorite", "true"],
          ["favorite", "false"],
        ] as [string, string][],
      ]) {
        const r = await change(fields, ana, path);
        expect(r.status, `${path} ${JSON.stringify(fields).slice(0, 60)}`).toBe(400);
        expect(r.data).toMatchObject({
          ok: false,
          code: "account.favorites.errors.badRequest",
          message: message[path],
        });
      }
      // A body that is no form, and a file where the id belongs.
      const json = await submitFetcher<Answer>(srv.request, path, JSON.stringify({ templateId, favorite: true }), {
        headers: { cookie: ana.header, "content-type": "application/json" },
      });
      expect(json.status).toBe(400);
      expect(json.data.message).toBe(message[path]);
      const multipart = new FormData();
      multipart.set("templateId", new Blob([id]), "id.txt");
      multipart.set("favorite", "true");
      const file = await srv.request(`${path}.data`, {
        method: "POST",
        headers: { origin, cookie: ana.header },
        body: multipart,
      });
      expect(file.status).toBe(400);
      // The hearts' question: empty, over 100 entries or 1,200 characters, no id at all.
      for (const ids of [
        "",
        ",,,",
        "abc,def",
        "-1",
        Array.from({ length: 101 }, (_, i) => i + 1).join(","),
        "1".repeat(1_300),
        encodeURIComponent("1\u0000"),
      ]) {
        const r = await ask(ana, ids, path);
        expect(r.status, `${path} ?ids=${ids.slice(0, 20)}`).toBe(400);
        expect(r.data.message).toBe(message[path]);
      }
      // A plain form with bad input gets the message as text, with its status.
      const plain = await post(path, { templateId: "abc", favorite: "true" }, ana);
      expect(plain.status).toBe(400);
      expect(await plain.text()).toBe(message[path]);
    }
  });

  it("lists an account's own downloads with color, category, date and license, to nobody else", async () => {
    const jar = await logIn("personal@demo.slidenest.test");
    const [variant] = await queryRows<{ id: number; title: string }>(
      srv.database.db,
      sql`select tc.id, tr.title from template t join template_color tc on tc.template_id = t.id and tc.position = 0
          join template_translation tr on tr.template_id = t.id and tr.locale = 'es'
          where t.is_premium and t.published_at <= ${now} order by t.id limit 1`,
    );
    // The header's meter is the root loader's: the data the page revalidates after the download says so.
    type Root = { viewer: { downloads: { used: number; limit: number | null } } };
    expect((await rootData<Root>(srv.request, "/es/profile/downloads", jar.header)).viewer.downloads).toEqual({
      used: 0,
      limit: 200,
    });
    const grant = await submitFetcher(
      srv.request,
      "/es/downloads",
      { colorId: String(variant.id), format: "KN" },
      {
        headers: { cookie: jar.header },
      },
    );
    expect(grant.data).toMatchObject({ ok: true, allowance: { used: 1, limit: 200 } });
    expect((await rootData<Root>(srv.request, "/es/profile/downloads", jar.header)).viewer.downloads).toEqual({
      used: 1,
      limit: 200,
    });
    const page = await get("/es/profile/downloads", jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`>${variant.title}</a>`);
    expect(html).toMatch(/<span class="badge-premium">Personal<\/span>/);
    expect(html).toMatch(/data-testid="downloads-usage">Este mes: 1 de 200 usadas/);
    const other = await logIn("free@demo.slidenest.test");
    const theirs = await (await get("/es/profile/downloads?sort=oldest&page=-3", other)).text();
    expect(theirs).not.toContain(`>${variant.title}</a>`);
    expect(theirs).toMatch(/<h2[^>]*>Aún no has descargado nada<\/h2>/);
    for (const q of ["?sort=%00", "?page=abc", `?page=${"9".repeat(400)}`, "?download=<script>"])
      expect((await get(`/profile/downloads${q}`, jar)).status).toBe(200);
  });

  it("answers GetDownloadsCount for the caller's own account only", async () => {
    const jar = await logIn("free@demo.slidenest.test");
    const [me] = await queryRows<{ id: number }>(
      srv.database.db,
      sql`select id from account where email = 'free@demo.slidenest.test'`,
    );
    const ask = (accountId: number) =>
      srv.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header },
        body: JSON.stringify({ query: `{ getDownloadsCount(accountId: ${accountId}) }` }),
      });
    expect((await (await ask(me.id)).json()).data.getDownloadsCount).toBe(0);
    const other = await (await ask(me.id + 1)).json();
    expect(other.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});
