import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, Jar, notices } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
const PASSWORD = "Sl1des!rock";

beforeAll(async () => {
  srv = await createTestServer();
});
afterAll(() => srv?.cleanup());

const http = () => httpClient((p, i) => srv.request(p, i));
/** Posts one of the settings forms and answers the page's notices and field errors as a visitor sees them. */
const submit = async (jar: Jar, fields: Record<string, string>, path = "/profile/settings") => {
  const res = jar.take(await http().post(path, fields, jar));
  const html = res.status === 200 ? await res.text() : "";
  const errors = [...html.matchAll(/class="field-error" role="alert">([^<]*)</g)].map((m) =>
    m[1].replaceAll("&#x27;", "'"),
  );
  return { res, notices: notices(html), errors };
};
const accountRow = async (id: number) =>
  (
    await queryRows<{ name: string; username: string; deleted: boolean }>(
      srv.database.db,
      sql`select name, username, deleted_at is not null as deleted from account where id = ${id}`,
    )
  )[0];

describe("account settings", () => {
  it("is only for members", async () => {
    const res = await http().get("/profile/settings");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/signup\?redirect=/);
  });

  it("saves the name and username of the caller only, and says when a username is taken, in each language", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const ben = await signedInMember(srv, clock, "ben");
    const page = await http().get("/profile/settings", ana.jar);
    expect(page.status).toBe(200);
    // An account id slipped into the form changes nothing: the session says whose account it is.
    const saved = await submit(ana.jar, {
      intent: "profile",
      name: "Ana Pérez",
      username: "Ana.Perez",
      accountId: String(ben.id),
    });
    expect(saved.notices).toContain("Profile updated.");
    expect(await accountRow(ana.id)).toMatchObject({ name: "Ana Pérez", username: "ana.perez" });
    expect((await accountRow(ben.id)).name).not.toBe("Ana Pérez");
    const taken = await submit(
      ben.jar,
      { intent: "profile", name: "Ben", username: "ANA.PEREZ" },
      "/es/profile/settings",
    );
    expect(taken.errors).toContain("Este nombre de usuario ya está en uso.");
    const bad = await submit(ben.jar, { intent: "profile", name: "", username: "a b" });
    expect(bad.errors).toEqual(
      expect.arrayContaining(["Field is required", "Use 3 to 30 letters, digits, dots, dashes or underscores."]),
    );
    const huge = await submit(ben.jar, { intent: "profile", name: "x".repeat(10_000), username: "ben\u0000" });
    expect(huge.res.status).toBe(200);
    expect(huge.errors.length).toBe(2);
    const nul = await submit(ben.jar, { intent: "profile", name: "Ben\u0000Evil", username: "ben-ok" });
    expect(nul.errors).toEqual(["Remove the control characters (such as line breaks) from this field."]);
  });

  it("changes the password with the current one and signs out the other devices", async () => {
    const m = await signedInMember(srv, clock, "pw");
    // The same member on a second device.
    const other = new Jar();
    other.take(await http().post("/login", { login: m.email, password: PASSWORD }));
    expect((await http().get("/profile", other)).status).toBe(200);
    const wrong = await submit(m.jar, {
      intent: "password",
      current: "Wrong-one1!",
      password: "N3w-pass!word",
      confirm: "N3w-pass!word",
    });
    expect(wrong.errors).toContain("Invalid current password");
    const differ = await submit(m.jar, {
      intent: "password",
      current: PASSWORD,
      password: "N3w-pass!word",
      confirm: "other",
    });
    expect(differ.errors).toContain("Passwords must be identical");
    const done = await submit(m.jar, {
      intent: "password",
      current: PASSWORD,
      password: "N3w-pass!word",
      confirm: "N3w-pass!word",
    });
    expect(done.notices).toContain("Password updated.");
    expect((await http().get("/profile", m.jar)).status).toBe(200);
    const elsewhere = await http().get("/profile", other);
    expect(elsewhere.status).toBe(302);
  });

  it("signs a session out after five wrong current passwords in any of its forms, and says why in each language", async () => {
    const m = await signedInMember(srv, clock, "guess");
    const other = new Jar();
    other.take(await http().post("/login", { login: m.email, password: PASSWORD }));
    const stolen = m.jar.header;
    const tries: Record<string, string>[] = [
      { intent: "password", current: "Wrong-one1!", password: "N3w-pass!word", confirm: "N3w-pass!word" },
      { intent: "email", email: "guess-new@example.com", current: "Wrong-two2!" },
      { intent: "delete", password: "Wrong-three3!" },
      { intent: "password", current: "Wrong-four4!", password: "N3w-pass!word", confirm: "N3w-pass!word" },
    ];
    for (const fields of tries) {
      const r = await submit(m.jar, fields);
      expect(r.res.status).toBe(200);
      expect(r.errors.join(" ")).toMatch(/Invalid (current )?password/);
    }
    expect((await http().get("/profile", m.jar)).status).toBe(200);
    // The fifth: this session ends (not only its cookies), and the log-in page says why.
    const fifth = await submit(
      m.jar,
      { intent: "email", email: "guess-new@example.com", current: "Wrong-five5!" },
      "/es/profile/settings",
    );
    expect(fifth.res.status).toBe(302);
    expect(fifth.res.headers.get("location")).toBe("/es/login?error=passwordAttempts");
    expect(m.jar.header).not.toMatch(/apollo-token|sn_refresh/);
    const replayed = await srv.request("/profile", { headers: { cookie: stolen }, redirect: "manual" });
    expect(replayed.status).toBe(302);
    const es = notices(await (await http().get("/es/login?error=passwordAttempts")).text());
    expect(es).toContain("Cerramos tu sesión tras demasiadas contraseñas incorrectas.");
    const en = notices(await (await http().get("/login?error=passwordAttempts")).text());
    expect(en).toContain("You were signed out after too many wrong passwords.");
    // Nothing was changed, and the member's other device is still signed in.
    expect((await accountRow(m.id)).deleted).toBe(false);
    expect((await http().get("/profile", other)).status).toBe(200);
    // Logging in again with the right password works (the client failed, but has not passed the free tries).
    const back = new Jar();
    expect(back.take(await http().post("/login", { login: m.email, password: PASSWORD })).status).toBe(302);
    // The checks share the log-in back-off of the account and this client: after more failed log-ins here,
    // even the right current password waits.
    for (let i = 0; i < 8; i++) await http().post("/login", { login: m.email, password: `Wrong-login${i}!` });
    const waiting = await submit(back, { intent: "email", email: "guess-new@example.com", current: PASSWORD });
    expect(waiting.notices).toMatch(/Too many attempts\. Try again in \d+ seconds?\./);
    const [pending] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from email_token where account_id = ${m.id} and purpose = 'email-change'`,
    );
    expect(pending.n).toBe(0);
  });

  it("deletes the account with its password, signs out, and lets the address sign up again", async () => {
    const m = await signedInMember(srv, clock, "bye");
    const wrong = await submit(m.jar, { intent: "delete", password: "not-it-1!" }, "/es/profile/settings");
    expect(wrong.errors).toContain("Contraseña no válida");
    expect((await accountRow(m.id)).deleted).toBe(false);
    const gone = await submit(m.jar, { intent: "delete", password: PASSWORD });
    expect(gone.res.status).toBe(302);
    expect(gone.res.headers.get("location")).toBe("/signup?deleted=1");
    expect(m.jar.header).not.toMatch(/apollo-token|sn_refresh/);
    expect((await accountRow(m.id)).deleted).toBe(true);
    const signup = await http().get("/signup?deleted=1", m.jar);
    expect(notices(await signup.text())).toContain("Your account has been deleted.");
    const login = await http().post("/login", { login: m.email, password: PASSWORD });
    expect(notices(await login.text())).toContain("Invalid login or password.");
    const again = await http().signUp("/signup", {
      name: "Back",
      email: m.email,
      password: "Ag4in-and-again!",
      terms: "on",
    });
    expect([200, 302, 303]).toContain(again.status);
    const [row] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from account where lower(email) = lower(${m.email}) and deleted_at is null`,
    );
    expect(row.n).toBe(1);
  });
});
