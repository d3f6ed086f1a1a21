import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";
import { startSmtpServer, startStallingSmtpServer } from "#tests/smtp.ts";

/**
 * Messages a member should see and now does (issue 22): 'Unable to send email' when the mail server
 * refuses a link (sign-up, resend, forgot password), "may arrive late" when it stalls past the time-out,
 * 'Sending error', 'Login failed.' and 'Failed to update name, please try again.' when the database fails
 * a statement mid-request, the limit in "too long", the e-mail carried from the log-in form to
 * forgot-password, and the webmail button for a known provider. In both languages.
 */

const clock: Clock = { now: () => new Date() };
const PASSWORD = "Sl1des!rock";
const silent = { info() {}, warn() {}, error() {} };

let srv: Awaited<ReturnType<typeof createTestServer>>;
let refusing: Awaited<ReturnType<typeof createTestServer>>;
let stalling: Awaited<ReturnType<typeof createTestServer>>;
let refusingSmtp: Awaited<ReturnType<typeof startSmtpServer>>;
let stallingSmtp: Awaited<ReturnType<typeof startStallingSmtpServer>>;
const mailers: { close(): void }[] = [];

beforeAll(async () => {
  srv = await createTestServer({ secret: "m".repeat(32) });
  refusingSmtp = await startSmtpServer({ refuse: () => true });
  stallingSmtp = await startStallingSmtpServer();
  const refusingMailer = smtpMailer({ url: refusingSmtp.url, log: silent });
  const stallingMailer = smtpMailer({ url: stallingSmtp.url, log: silent });
  mailers.push(refusingMailer, stallingMailer);
  const shared = { database: srv.database, dataDir: srv.dataDir, secret: "m".repeat(32) };
  refusing = await createTestServer({ ...shared, mailer: refusingMailer });
  stalling = await createTestServer({ ...shared, mailer: stallingMailer, mailTimeoutMs: 300 });
});
afterAll(async () => {
  await refusing?.close();
  await stalling?.close();
  for (const m of mailers) m.close();
  await refusingSmtp?.close();
  await stallingSmtp?.close();
  await srv?.cleanup();
});

const client = (server: typeof srv) => httpClient((p, i) => server.request(p, i));
const lang = (path: string) => (path.startsWith("/es") ? "es" : "en");
let seq = 0;
const address = (name: string, domain = "example.com") => `${name}${++seq}-${process.pid}@${domain}`;
/** The value an input of the page holds. */
const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1];

describe("a mail server that refuses the link: 'Unable to send email' (SPEC §8)", () => {
  const words = {
    en: { failed: "Unable to send email", created: "Your account is created" },
    es: { failed: "No se pudo enviar el correo", created: "Tu cuenta está creada" },
  };

  for (const path of ["/signup", "/es/signup"]) {
    it(`sign-up (${path}): the account is kept, the page says the link was not sent and offers it again`, async () => {
      const email = address("unsent");
      const res = await client(refusing).signUp(path, { name: "Ana", email, password: PASSWORD, terms: "on" });
      expect(res.status).toBe(200);
      const html = await res.text();
      const said = notices(html);
      expect(said).toContain(words[lang(path)].failed);
      expect(said).toContain(words[lang(path)].created);
      expect(said).not.toMatch(/Verification link has been sent|Te hemos enviado un enlace/);
      // The resend form has the address; the account exists, unverified.
      expect(inputValue(visible(html), "email")).toBe(email);
      const rows = await queryRows<{ verified: boolean }>(
        srv.database.db,
        sql`select verified_at is not null as verified from account where email = ${email}`,
      );
      expect(rows).toEqual([{ verified: false }]);
      // Asking again through a working mail server sends it (the refused link held nothing back).
      const again = await client(srv).post(path, { intent: "resend", email });
      expect(notices(await again.text())).toMatch(
        lang(path) === "es" ? /Te enviamos un enlace nuevo/ : /We sent a new link/,
      );
    });
  }

  for (const path of ["/login", "/es/login"]) {
    it(`resend on the log-in page (${path}) says so`, async () => {
      const email = address("resend");
      await client(srv).signUp("/signup", { name: "Ben", email, password: PASSWORD, terms: "on" });
      // A minute later (the cooldown), the link is asked for again through a mail server that refuses.
      await srv.database.db.execute(
        sql`update email_token set created_at = created_at - interval '2 minutes'
            where account_id = (select id from account where email = ${email})`,
      );
      const res = await client(refusing).post(path, { intent: "resend", email });
      expect(notices(await res.text())).toContain(words[lang(path)].failed);
    });
  }

  for (const path of ["/forgot-password", "/es/forgot-password"]) {
    it(`forgot password (${path}): said on the form, which keeps the address`, async () => {
      const m = await signedInMember(srv, clock, "fgt");
      const res = await client(refusing).post(path, { email: m.email });
      const html = await res.text();
      expect(notices(html)).toContain(words[lang(path)].failed);
      expect(notices(html)).not.toMatch(/Check your e-mail|Revisa tu correo/);
      expect(inputValue(visible(html), "email")).toBe(m.email);
    });
  }
});

describe("a mail server that stalls past the time-out", () => {
  for (const path of ["/forgot-password", "/es/forgot-password"]) {
    it(`forgot password (${path}) answers at the time-out: the link may arrive late`, async () => {
      const m = await signedInMember(srv, clock, "slow");
      const started = Date.now();
      const res = await client(stalling).post(path, { email: m.email });
      expect(Date.now() - started).toBeLessThan(5_000);
      const said = notices(await res.text());
      expect(said).toContain(
        lang(path) === "es"
          ? "El envío está tardando más de lo normal: puede que el correo llegue con retraso."
          : "Sending is taking longer than usual: the e-mail may arrive late.",
      );
      expect(stallingSmtp.connections()).toBeGreaterThan(0);
    });
  }

  it("sign-up answers at the time-out without claiming the link was sent", async () => {
    const res = await client(stalling).signUp("/signup", {
      name: "Cy",
      email: address("slowsignup"),
      password: PASSWORD,
      terms: "on",
    });
    const said = notices(await res.text());
    expect(said).toContain("Check your e-mail");
    expect(said).toContain("may arrive late");
    expect(said).not.toContain("Verification link has been sent");
  });
});

describe("when the database fails a statement mid-request", () => {
  type Query = (query: unknown, ...rest: unknown[]) => unknown;
  let db: { query: Query };
  let realQuery: Query;
  beforeAll(() => {
    db = (srv.database.db as unknown as { $client: { query: Query } }).$client;
    realQuery = db.query;
  });
  afterEach(() => {
    db.query = realQuery;
  });
  /** The next statement matching `pattern` fails as a lost connection does; the others run. */
  const failNext = (pattern: RegExp) => {
    let armed = true;
    db.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
      const text = typeof query === "string" ? query : String((query as { text?: string }).text ?? "");
      if (armed && pattern.test(text)) {
        armed = false;
        return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
      }
      return realQuery.call(this, query, ...rest);
    };
  };

  for (const path of ["/forgot-password", "/es/forgot-password"]) {
    it(`forgot password (${path}): 'Sending error' on the form, the address kept`, async () => {
      const m = await signedInMember(srv, clock, "sendErr");
      failNext(/insert into "email_token"/i);
      const res = await client(srv).post(path, { email: m.email });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(notices(html)).toContain(lang(path) === "es" ? "Error de envío" : "Sending error");
      expect(inputValue(visible(html), "email")).toBe(m.email);
    });
  }

  for (const path of ["/login", "/es/login"]) {
    it(`log-in (${path}): 'Login failed.', the login kept, not the password`, async () => {
      const m = await signedInMember(srv, clock, "lf");
      failNext(/from "account"/i);
      const res = await client(srv).post(path, { login: m.email, password: PASSWORD });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(notices(html)).toContain(lang(path) === "es" ? "No se pudo iniciar sesión." : "Login failed.");
      expect(notices(html)).not.toMatch(/Invalid login or password|Usuario o contraseña/);
      expect(inputValue(visible(html), "login")).toBe(m.email);
      expect(visible(html)).not.toContain(PASSWORD);
    });
  }

  for (const path of ["/profile/settings", "/es/profile/settings"]) {
    it(`name update (${path}): 'Failed to update name, please try again.', the typed name kept`, async () => {
      const m = await signedInMember(srv, clock, "nm");
      failNext(/^update "account"/i);
      const res = await client(srv).post(
        path,
        { intent: "profile", name: "Nuevo Nombre", username: `nm${seq}x` },
        m.jar,
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(notices(html)).toContain(
        lang(path) === "es"
          ? "No se ha podido actualizar el nombre, inténtalo de nuevo."
          : "Failed to update name, please try again.",
      );
      expect(inputValue(visible(html), "name")).toBe("Nuevo Nombre");
      const [row] = await queryRows<{ name: string }>(
        srv.database.db,
        sql`select name from account where id = ${m.id}`,
      );
      expect(row.name).not.toBe("Nuevo Nombre");
    });
  }
});

describe("too long says the limit (DECISIONS: name 80, e-mail 254, password 128)", () => {
  for (const path of ["/signup", "/es/signup"]) {
    it(`on the sign-up form (${path})`, async () => {
      const res = await client(srv).signUp(path, {
        name: "x".repeat(81),
        email: `${"a".repeat(250)}@example.com`,
        password: `a1!${"x".repeat(200)}`,
        terms: "on",
      });
      const page = visible(await res.text());
      const expected =
        lang(path) === "es"
          ? [
              "Este nombre es demasiado largo: como máximo 80 caracteres.",
              "Es demasiado largo: como máximo 254 caracteres.",
              "Esta contraseña es demasiado larga: como máximo 128 caracteres.",
            ]
          : [
              "This name is too long: at most 80 characters.",
              "This is too long: at most 254 characters.",
              "This password is too long: at most 128 characters.",
            ];
      for (const words of expected) expect(page).toContain(words);
    });
  }
});

describe("the e-mail typed on the log-in form comes along to forgot-password", () => {
  it("the link carries the last submitted login when it is an e-mail (no script needed), not a username", async () => {
    const email = address("forgetful");
    const wrong = await client(srv).post("/login", { login: email, password: "Wrong-pass-1!" });
    expect(visible(await wrong.text())).toContain(`href="/forgot-password?email=${encodeURIComponent(email)}"`);
    const es = await client(srv).post("/es/login", { login: email, password: "Wrong-pass-1!" });
    expect(visible(await es.text())).toContain(`href="/es/forgot-password?email=${encodeURIComponent(email)}"`);
    const byName = await client(srv).post("/login", { login: "someuser", password: "Wrong-pass-1!" });
    expect(visible(await byName.text())).toMatch(/href="\/forgot-password"/);
  });

  it("forgot-password fills the address in from ?email=, and ignores what is not one", async () => {
    for (const path of ["/forgot-password", "/es/forgot-password"]) {
      const page = visible(await (await client(srv).get(`${path}?email=ana%40example.com`)).text());
      expect(inputValue(page, "email")).toBe("ana@example.com");
      const junk = visible(await (await client(srv).get(`${path}?email=not-an-address`)).text());
      expect(inputValue(junk, "email") ?? "").toBe("");
    }
  });
});

describe("the webmail of a known provider after a link was sent", () => {
  it("forgot password and sign-up offer it for gmail.com; nothing for an unknown domain", async () => {
    for (const path of ["/forgot-password", "/es/forgot-password"]) {
      const known = visible(await (await client(srv).post(path, { email: address("webmail", "gmail.com") })).text());
      expect(known).toContain('href="https://mail.google.com/"');
      expect(known).toContain(lang(path) === "es" ? "Abrir el correo" : "Open mail");
      const unknown = visible(await (await client(srv).post(path, { email: address("webmail", "acme.test") })).text());
      expect(unknown).not.toContain("Open mail");
      expect(unknown).not.toContain("Abrir el correo");
    }
    const signup = await client(srv).signUp("/signup", {
      name: "Out",
      email: address("webmail", "Outlook.com"),
      password: PASSWORD,
      terms: "on",
    });
    expect(visible(await signup.text())).toContain('href="https://outlook.live.com/mail/"');
  });
});
