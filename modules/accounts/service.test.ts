import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptchaCheck } from "#modules/auth/captcha.ts";
import { createSession, refreshSession, verifyAccessToken } from "#modules/auth/sessions.ts";
import { listOutbox, outboxMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { signupSchema } from "./schemas.ts";
import {
  authenticate,
  checkResetLink,
  createVerifiedAccount,
  getSessionAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  type SignupContext,
  signInWithIdentity,
  signUp,
  verifyEmail,
} from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let clockNow = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => clockNow };
/** The CAPTCHA port as the tests meet it: every answer is a person's, unless a test says otherwise. */
const human = async (): Promise<CaptchaCheck> => ({ ok: true, value: null });
const ctx = (locale: "en" | "es" = "en"): SignupContext => ({
  db: database.db,
  locale,
  clock,
  log: silent,
  mailer: outboxMailer(database.db, silent),
  origin: "https://slidenest.example",
  translate: serverT,
  captcha: human,
});
const input = (email: string, password = "Sl1des!rock") => ({
  name: "Ana Pérez",
  email,
  password,
  terms: "on" as const,
  captcha: "solved",
});

/** The verification token of the newest mail to an address. */
async function linkFor(email: string): Promise<string> {
  const mails = await listOutbox(database.db, { limit: 50 });
  const mail = mails.find((m) => m.to === email && m.kind === "verify");
  const m = /hash=([\w-]+)/.exec(mail?.text ?? "");
  if (!m) throw new Error(`no verification link for ${email}`);
  return m[1];
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("sign-up form rules (SPEC §5)", () => {
  const issues = (v: Record<string, unknown>) => {
    const r = signupSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("names each problem with its message key", () => {
    expect(issues({})).toMatchObject({
      name: "auth.errors.required",
      email: "auth.errors.emailRequired",
      password: "auth.errors.passwordRequired",
      terms: "auth.errors.termsRequired",
    });
    expect(issues({ ...input("not-an-email"), password: "abc" })).toMatchObject({
      email: "auth.errors.emailFormat",
      password: "auth.errors.minLength",
    });
    expect(issues(input("ana@example.com", "abcdefgh"))).toMatchObject({ password: "auth.errors.passwordWeak" });
    expect(issues(input("ana@example.com", "x1!ana@example.com"))).toMatchObject({
      password: "auth.errors.passwordHasEmail",
    });
    expect(issues({ ...input("ana@example.com"), name: "x".repeat(81) })).toMatchObject({
      name: "auth.errors.tooLongName",
    });
    expect(issues({ ...input("ana@example.com"), password: `a1!${"x".repeat(200)}` })).toMatchObject({
      password: "auth.errors.tooLongPassword",
    });
    expect(issues(input("ana@example.com"))).toEqual({});
    expect(issues(input("émilie+🎉@exämple.com"))).toMatchObject({ email: "auth.errors.emailFormat" });
  });
});

describe("sign-up, verification and log-in", () => {
  it("registers an unverified account and mails a link in the page's language", async () => {
    const r = await signUp(ctx("es"), input("Ana@Example.com"));
    expect(r.ok).toBe(true);
    const [mail] = (await listOutbox(database.db, { limit: 1 })).filter((m) => m.to === "Ana@Example.com");
    expect(mail.subject).toBe("Confirma tu cuenta de SlideNest");
    expect(mail.text).toContain("https://slidenest.example/es/login?hash=");
    // The name someone typed is not put into mail sent to an address nobody confirmed yet.
    expect(mail.html).not.toContain("Ana Pérez");
    expect(mail.html).toContain("Te damos la bienvenida a SlideNest");
    const [row] = await queryRows<{
      username: string;
      locale: string;
      password_hash: string;
      verified_at: Date | null;
    }>(
      database.db,
      sql`select username, locale, password_hash, verified_at from account where email = 'Ana@Example.com'`,
    );
    expect(row).toMatchObject({ username: "ana", locale: "es", verified_at: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("checks the CAPTCHA's answer first: a refused one registers nothing and sends nothing", async () => {
    const asked: unknown[] = [];
    const captcha = (code: "common.captcha.failed" | "common.captcha.missing") => async (answer: unknown) => {
      asked.push(answer);
      return { ok: false as const, code };
    };
    const mailsBefore = (await listOutbox(database.db, { limit: 500 })).length;
    const refused = await signUp(
      { ...ctx(), captcha: captcha("common.captcha.failed") },
      {
        ...input("robot@example.com"),
        captcha: "forged",
      },
    );
    expect(refused).toEqual({ ok: false, code: "common.captcha.failed", field: "captcha" });
    // Checked before the password rules, too: a script learns nothing about them.
    const missing = await signUp(
      { ...ctx(), captcha: captcha("common.captcha.missing") },
      {
        ...input("robot2@example.com", "P@ssw0rd"),
        captcha: null,
      },
    );
    expect(missing).toEqual({ ok: false, code: "common.captcha.missing", field: "captcha" });
    expect(asked).toEqual(["forged", null]);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from account where email in ('robot@example.com', 'robot2@example.com')`,
    );
    expect(rows[0].n).toBe(0);
    expect((await listOutbox(database.db, { limit: 500 })).length).toBe(mailsBefore);
    // The same address with a person's answer registers.
    expect((await signUp(ctx(), input("robot@example.com"))).ok).toBe(true);
  });

  it("refuses the most used passwords, whatever their case, and takes an unusual one", async () => {
    for (const password of ["P@ssw0rd", "pa$$w0rd", "1qaz@WSX"]) {
      const r = await signUp(ctx(), {
        ...input(`common-${password.length}-${password.charCodeAt(1)}@example.com`),
        password,
      });
      expect(r, password).toEqual({ ok: false, code: "auth.errors.passwordCommon", field: "password" });
    }
    expect((await signUp(ctx(), { ...input("uncommon@example.com"), password: "Tr4ce-the-lark!" })).ok).toBe(true);
  });

  it("answers a registered address as a new one, makes no second account and mails its owner, in the owner's language", async () => {
    const before = (await listOutbox(database.db, { limit: 500 })).length;
    const taken = await signUp(ctx("en"), input("ANA@example.COM", "Another-pass-9!"));
    const fresh = await signUp(ctx("en"), input("fresh-address@example.com"));
    expect(taken).toEqual(fresh);
    expect(taken).toEqual({ ok: true, value: { delivery: "sent" } });
    const accounts = await queryRows<{ n: number; hash: string }>(
      database.db,
      sql`select count(*)::int as n, min(password_hash) as hash from account where lower(email) = 'ana@example.com'`,
    );
    expect(accounts[0].n).toBe(1);
    const mails = await listOutbox(database.db, { limit: 500 });
    expect(mails.length - before).toBe(2);
    // Ana signed up from a Spanish page: the notice goes to her address as stored, in Spanish, with no link
    // that would verify or change anything, but with the ways to log in and to choose a new password.
    const notice = mails.find((m) => m.to === "Ana@Example.com" && m.kind === "account-exists");
    expect(notice?.subject).toBe("Ya tienes una cuenta de SlideNest");
    expect(notice?.text).toContain("https://slidenest.example/es/login");
    expect(notice?.text).toContain("https://slidenest.example/es/forgot-password");
    expect(notice?.text).not.toContain("hash=");
    expect(notice?.html).not.toContain("Ana Pérez");
    // Two at once: one account, one verification link, and its owner told about the others.
    const results = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx(), input("twins@example.com"))));
    expect(results.every((r) => r.ok)).toBe(true);
    const twins = (await listOutbox(database.db, { limit: 500 })).filter((m) => m.to === "twins@example.com");
    expect(twins.filter((m) => m.kind === "verify")).toHaveLength(1);
    expect(twins.filter((m) => m.kind === "account-exists")).toHaveLength(5);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from account where email = 'twins@example.com'`,
    );
    expect(row.n).toBe(1);
  });

  it("takes about as long for a registered address as for a new one (the same password hashing)", async () => {
    await signUp(ctx(), input("timed-owner@example.com"));
    const time = async (email: string) => {
      const started = performance.now();
      await signUp(ctx(), input(email));
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      taken.push(await time("timed-owner@example.com"));
      fresh.push(await time(`timed-new-${i}@example.com`));
    }
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.5);
  });

  it("makes usernames unique from the e-mail's local part", async () => {
    await signUp(ctx(), input("ana@other.example"));
    const rows = await queryRows<{ username: string }>(
      database.db,
      sql`select username from account where lower(email) like 'ana@%' order by id`,
    );
    expect(rows.map((r) => r.username)).toEqual(["ana", "ana2"]);
  });

  it("logs in only after the link is followed; the link works once and then says verified", async () => {
    expect(await authenticate(ctx(), { login: "ana@example.com", password: "Sl1des!rock" })).toEqual({
      ok: false,
      code: "auth.errors.notVerified",
    });
    const token = await linkFor("Ana@Example.com");
    // The address it confirmed comes back, for the log-in form to fill in.
    expect(await verifyEmail(ctx(), token)).toMatchObject({ ok: true, value: { email: "Ana@Example.com" } });
    expect(await verifyEmail(ctx(), token)).toMatchObject({ ok: true, value: { email: "Ana@Example.com" } });
    const ok = await authenticate(ctx(), { login: "  ANA ", password: "Sl1des!rock" });
    expect(ok).toMatchObject({ ok: true, value: { username: "ana", email: "Ana@Example.com", plan: "FREE" } });
    expect(await authenticate(ctx(), { login: "ana@example.com", password: "sl1des!rock" })).toEqual({
      ok: false,
      code: "auth.errors.invalidLogin",
    });
    expect(await authenticate(ctx(), { login: "nobody@example.com", password: "Sl1des!rock" })).toEqual({
      ok: false,
      code: "auth.errors.invalidLogin",
    });
    expect(await authenticate(ctx(), { login: " ", password: "" })).toEqual({ ok: false, code: "auth.errors.fillAll" });
  });

  it("expires links after 24 hours and rejects made-up ones; a resent link works", async () => {
    await signUp(ctx(), input("late@example.com"));
    const token = await linkFor("late@example.com");
    clockNow = new Date(clockNow.getTime() + 25 * 3600_000);
    expect(await verifyEmail(ctx(), token)).toEqual({ ok: false, code: "auth.errors.linkOutdated" });
    expect(await verifyEmail(ctx(), "made-up-token")).toEqual({ ok: false, code: "auth.errors.confirmationInvalid" });
    expect(await verifyEmail(ctx(), "x".repeat(5000))).toEqual({ ok: false, code: "auth.errors.confirmationInvalid" });
    expect((await resendVerification(ctx(), "LATE@example.com")).ok).toBe(true);
    const fresh = await linkFor("late@example.com");
    // A second request within the minute sends nothing more (no mail-bombing an address).
    const count = (await listOutbox(database.db, { limit: 500 })).length;
    expect((await resendVerification(ctx(), "late@example.com")).ok).toBe(true);
    expect((await listOutbox(database.db, { limit: 500 })).length).toBe(count);
    expect(fresh).not.toBe(token);
    expect((await verifyEmail(ctx(), fresh)).ok).toBe(true);
    // Unknown addresses get the same answer, and no mail.
    const before = (await listOutbox(database.db, { limit: 500 })).length;
    expect((await resendVerification(ctx(), "ghost@example.com")).ok).toBe(true);
    expect((await listOutbox(database.db, { limit: 500 })).length).toBe(before);
  });

  it("carries the page that sent the visitor to sign up through the verification link", async () => {
    await signUp(ctx(), { ...input("back@example.com"), redirect: "/template/some-deck?color=red" });
    const [mail] = await listOutbox(database.db, { limit: 1 });
    expect(mail.text).toContain(`&redirect=${encodeURIComponent("/template/some-deck?color=red")}`);
  });

  it("backs off after wrong passwords per account and client, never locking the owner out from elsewhere", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "guessed@example.com", username: "guessed", name: "G", password: "Right-pass-2026!" },
    );
    const attacker = "203.0.113.66";
    const wrong = (login: string) => authenticate(ctx(), { login, password: "wrong-1!", client: attacker });
    // E-mail and username are one account: five free failures between them, then waits of 2, 4… seconds.
    for (const login of ["guessed", "GUESSED@example.com", "guessed", "guessed@example.com", "guessed"])
      expect(await wrong(login)).toEqual({ ok: false, code: "auth.errors.invalidLogin" });
    expect(await wrong("guessed")).toEqual({ ok: false, code: "auth.errors.invalidLogin" });
    expect(await wrong("guessed@example.com")).toEqual({ ok: false, code: "auth.errors.rateLimited", seconds: 2 });
    // Even the right password waits, from that client…
    expect(
      await authenticate(ctx(), { login: "guessed", password: "Right-pass-2026!", client: attacker }),
    ).toMatchObject({
      code: "auth.errors.rateLimited",
    });
    // …but the owner elsewhere logs in.
    expect(
      await authenticate(ctx(), { login: "guessed", password: "Right-pass-2026!", client: "198.51.100.5" }),
    ).toMatchObject({ ok: true });
    clockNow = new Date(clockNow.getTime() + 2_000);
    expect(await wrong("guessed")).toEqual({ ok: false, code: "auth.errors.invalidLogin" });
    expect(await wrong("guessed")).toEqual({ ok: false, code: "auth.errors.rateLimited", seconds: 4 });
    clockNow = new Date(clockNow.getTime() + 4_000);
    // A success clears the count.
    expect(
      await authenticate(ctx(), { login: "guessed", password: "Right-pass-2026!", client: attacker }),
    ).toMatchObject({
      ok: true,
    });
    expect(await wrong("guessed")).toEqual({ ok: false, code: "auth.errors.invalidLogin" });
  });

  it("tells a blocked account to contact the administrator", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "blocked@example.com", username: "blocked", name: "B", password: "Demo-pass-2026!", blocked: true },
    );
    expect(await authenticate(ctx(), { login: "blocked", password: "Demo-pass-2026!" })).toEqual({
      ok: false,
      code: "auth.errors.blocked",
    });
  });

  it("keeps the account when its link cannot be sent, says 'Unable to send email', and sends it on asking again", async () => {
    const failing: SignupContext = {
      ...ctx(),
      mailer: {
        kind: "smtp",
        send: async () => {
          throw new Error("smtp down");
        },
      },
    };
    expect(await signUp(failing, input("nomail@example.com"))).toEqual({
      ok: false,
      code: "auth.errors.sendFailed",
    });
    // What was accepted is kept: the account exists, unverified, with no link counted as sent.
    const rows = await queryRows<{ verified: boolean }>(
      database.db,
      sql`select verified_at is not null as verified from account where email = 'nomail@example.com'`,
    );
    expect(rows).toEqual([{ verified: false }]);
    expect(await resendVerification(failing, "nomail@example.com")).toEqual({
      ok: false,
      code: "auth.errors.sendFailed",
    });
    // Once mail works, asking again sends at once (the failed attempts hold nothing back).
    expect(await resendVerification(ctx(), "nomail@example.com")).toEqual({ ok: true, value: { delivery: "sent" } });
    expect(await linkFor("nomail@example.com")).toBeTruthy();
  });

  it("answers 'late' when the mail server is still busy at the time-out, and leaves the send to finish", async () => {
    let finish = () => {};
    const sent: string[] = [];
    const slow: SignupContext = {
      ...ctx(),
      mailTimeoutMs: 50,
      mailer: {
        kind: "smtp",
        send: (msg) =>
          new Promise<void>((resolve) => {
            finish = () => {
              sent.push(msg.to);
              resolve();
            };
          }),
      },
    };
    const started = Date.now();
    expect(await signUp(slow, input("slowmail@example.com"))).toEqual({ ok: true, value: { delivery: "late" } });
    expect(Date.now() - started).toBeLessThan(2_000);
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(["slowmail@example.com"]);
  });

  it("answers a taken address's mail failure as a new address's", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "owner-nomail@example.com", username: "ownernomail", name: "O", password: "Demo-pass-2026!" },
    );
    const failing: SignupContext = {
      ...ctx(),
      mailer: {
        kind: "smtp",
        send: async () => {
          throw new Error("smtp down");
        },
      },
    };
    expect(await signUp(failing, input("owner-nomail@example.com"))).toEqual({
      ok: false,
      code: "auth.errors.sendFailed",
    });
  });
});

describe("password reset", () => {
  const resetLink = async (email: string) => {
    const mails = await listOutbox(database.db, { limit: 50 });
    const m = /change-password\?hash=([\w-]+)/.exec(
      mails.find((x) => x.to === email && x.kind === "reset")?.text ?? "",
    );
    if (!m) throw new Error(`no reset link for ${email}`);
    return m[1];
  };

  it("mails a one-hour, single-use link; the new password works, the old one and every session end", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "reset@example.com", username: "resetter", name: "Rita", password: "First-pass-1!" },
    );
    const sessions = { db: database.db, clock, secret: "reset-test-secret-reset-test-secret" };
    const [{ id }] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from account where username = 'resetter'`,
    );
    const session = await createSession(sessions, id);
    expect((await requestPasswordReset(ctx("es"), "RESET@example.com")).ok).toBe(true);
    const [mail] = await listOutbox(database.db, { limit: 1 });
    expect(mail).toMatchObject({ to: "reset@example.com", subject: "Restablece tu contraseña de SlideNest" });
    expect(mail.text).toContain("https://slidenest.example/es/change-password?hash=");
    const token = await resetLink("reset@example.com");
    expect((await checkResetLink(ctx(), token)).ok).toBe(true);
    expect(await resetPassword(ctx(), { token, password: "abc" })).toMatchObject({
      ok: false,
      code: "auth.errors.minLength",
    });
    expect(await resetPassword(ctx(), { token, password: "First-pass-1!" })).toMatchObject({
      ok: false,
      code: "auth.errors.passwordReused",
    });
    expect(await resetPassword(ctx(), { token, password: "x1!reset@example.com" })).toMatchObject({
      code: "auth.errors.passwordHasEmail",
    });
    const results = await Promise.all([
      resetPassword(ctx(), { token, password: "Second-pass-2!" }),
      resetPassword(ctx(), { token, password: "Second-pass-2!" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await resetPassword(ctx(), { token, password: "Third-pass-3!" })).toEqual({
      ok: false,
      code: "auth.errors.linkOutdated",
    });
    expect((await authenticate(ctx(), { login: "resetter", password: "Second-pass-2!" })).ok).toBe(true);
    expect((await authenticate(ctx(), { login: "resetter", password: "First-pass-1!" })).ok).toBe(false);
    expect(await refreshSession(sessions, session.refreshToken)).toBeNull();
  });

  it("refuses either of the last two passwords, and expired or made-up links", async () => {
    const change = async (password: string) => {
      clockNow = new Date(clockNow.getTime() + 61_000);
      await requestPasswordReset(ctx(), "reset@example.com");
      return resetPassword(ctx(), { token: await resetLink("reset@example.com"), password });
    };
    expect((await change("Third-pass-3!")).ok).toBe(true);
    // Current: Third; the last two: Second and First.
    expect(await change("Second-pass-2!")).toMatchObject({ code: "auth.errors.passwordReused" });
    expect(await change("First-pass-1!")).toMatchObject({ code: "auth.errors.passwordReused" });
    expect((await change("Fourth-pass-4!")).ok).toBe(true);
    // Now First is three passwords back and may be used again.
    expect((await change("First-pass-1!")).ok).toBe(true);
    clockNow = new Date(clockNow.getTime() + 61_000);
    await requestPasswordReset(ctx(), "reset@example.com");
    const token = await resetLink("reset@example.com");
    clockNow = new Date(clockNow.getTime() + 61 * 60_000);
    expect(await resetPassword(ctx(), { token, password: "Fifth-pass-5!" })).toEqual({
      ok: false,
      code: "auth.errors.linkOutdated",
    });
    expect((await checkResetLink(ctx(), "made-up")).ok).toBe(false);
    expect((await checkResetLink(ctx(), "")).ok).toBe(false);
    // Unknown addresses: same answer, no mail.
    const before = (await listOutbox(database.db, { limit: 500 })).length;
    expect((await requestPasswordReset(ctx(), "nobody@example.com")).ok).toBe(true);
    expect((await listOutbox(database.db, { limit: 500 })).length).toBe(before);
  });
});

describe("sign-in with an outside identity", () => {
  const google = (subject: string, email: string | null, emailVerified = true, name: string | null = "Gail") => ({
    provider: "google" as const,
    subject,
    email,
    emailVerified,
    name,
  });

  it("creates a verified account for a new, provider-verified address, then finds it by its identity", async () => {
    const first = await signInWithIdentity(ctx(), google("g-100", "gail@example.com"));
    expect(first).toMatchObject({ ok: true, value: { email: "gail@example.com", name: "Gail", verified: true } });
    // The e-mail may change at the provider: the identity still finds the account.
    const again = await signInWithIdentity(ctx(), google("g-100", "gail.new@example.com"));
    expect(again.ok && first.ok && again.value.id === first.value.id).toBe(true);
    // The new account has no usable password until one is set through a reset link.
    expect(await authenticate(ctx(), { login: "gail@example.com", password: "" })).toMatchObject({ ok: false });
    const [row] = await queryRows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from account where email = 'gail@example.com'`,
    );
    expect(row.password_hash.startsWith("!")).toBe(true);
  });

  it("takes over an unverified registration of the address: the squatter's password stops working", async () => {
    await signUp(ctx(), input("link@example.com", "Squat-pass-1!"));
    const linked = await signInWithIdentity(ctx(), google("g-200", "LINK@example.com"));
    expect(linked).toMatchObject({ ok: true, value: { email: "link@example.com", verified: true } });
    expect(await authenticate(ctx(), { login: "link@example.com", password: "Squat-pass-1!" })).toMatchObject({
      ok: false,
      code: "auth.errors.invalidLogin",
    });
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from account_identity where subject = 'g-200'`,
    );
    expect(n).toBe(1);
  });

  it("links a verified account only where Google is the authority for the address", async () => {
    for (const [email, username] of [
      ["owner@example.com", "owner"],
      ["owner@gmail.com", "gowner"],
      ["owner@corp.example", "cowner"],
    ])
      await createVerifiedAccount(
        { db: database.db, clock },
        { email, username, name: "Owner", password: "Owner-pass-1!" },
      );
    expect(await signInWithIdentity(ctx(), google("g-400", "owner@example.com"))).toEqual({
      ok: false,
      code: "auth.errors.googleLinkRefused",
    });
    expect(await signInWithIdentity(ctx(), google("g-401", "owner@gmail.com"))).toMatchObject({ ok: true });
    expect(
      await signInWithIdentity(ctx(), { ...google("g-402", "owner@corp.example"), hostedDomain: "corp.example" }),
    ).toMatchObject({ ok: true });
    // The owner's password still works where the account was linked by authority.
    expect((await authenticate(ctx(), { login: "gowner", password: "Owner-pass-1!" })).ok).toBe(true);
  });

  it("creates one account when two first sign-ins for a new address arrive at once", async () => {
    const results = await Promise.all([
      signInWithIdentity(ctx(), google("g-500", "twice@gmail.com")),
      signInWithIdentity(ctx(), google("g-500", "twice@gmail.com")),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from account where lower(email) = 'twice@gmail.com'`,
    );
    expect(n).toBe(1);
  });

  it("refuses addresses the provider has not verified, missing addresses and blocked accounts", async () => {
    expect(await signInWithIdentity(ctx(), google("g-300", "someone@example.com", false))).toEqual({
      ok: false,
      code: "auth.errors.googleFailed",
    });
    expect(await signInWithIdentity(ctx(), google("g-301", null))).toMatchObject({ ok: false });
    expect(await signInWithIdentity(ctx(), google("g-302", "blocked@example.com"))).toEqual({
      ok: false,
      code: "auth.errors.blocked",
    });
    // Nothing was linked to the blocked account.
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from account_identity where subject = 'g-302'`,
    );
    expect(n).toBe(0);
  });
});

describe("sign-in with Facebook (never the authority for an address)", () => {
  const facebook = (subject: string, email: string | null, name: string | null = "Fay") => ({
    provider: "facebook" as const,
    subject,
    email,
    emailVerified: email !== null,
    name,
  });

  it("never links a verified account, even at an address Google would vouch for", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "fb-owner@gmail.com", username: "fbowner", name: "Owner", password: "Owner-pass-1!" },
    );
    expect(await signInWithIdentity(ctx(), facebook("fb-1", "fb-owner@gmail.com"))).toEqual({
      ok: false,
      code: "auth.errors.facebookLinkRefused",
    });
    expect((await authenticate(ctx(), { login: "fbowner", password: "Owner-pass-1!" })).ok).toBe(true);
  });

  it("keeps Facebook and Google identities apart: the same subject at another provider is another person", async () => {
    const fb = await signInWithIdentity(ctx(), facebook("same-subject", "fay@example.com"));
    expect(fb).toMatchObject({ ok: true, value: { email: "fay@example.com", verified: true } });
    const google = await signInWithIdentity(ctx(), {
      provider: "google",
      subject: "same-subject",
      email: "gil@gmail.com",
      emailVerified: true,
      name: "Gil",
    });
    expect(google.ok && fb.ok && google.value.id !== fb.value.id).toBe(true);
    // Returning without an address: found by the identity.
    const back = await signInWithIdentity(ctx(), facebook("same-subject", null));
    expect(back.ok && fb.ok && back.value.id === fb.value.id).toBe(true);
    // A new person without an address is refused with Facebook's message.
    expect(await signInWithIdentity(ctx(), facebook("fb-2", null))).toEqual({
      ok: false,
      code: "auth.errors.facebookFailed",
    });
  });
});

describe("a reset link the mail server refuses (SPEC §8 'Unable to send email')", () => {
  it("is said, and asking again once mail works sends at once (the refused link holds nothing back)", async () => {
    await createVerifiedAccount(
      { db: database.db, clock },
      { email: "reset-refused@example.com", username: "resetrefused", name: "R", password: "First-pass-1!" },
    );
    const refusing = {
      ...ctx(),
      mailer: {
        kind: "smtp" as const,
        send: async () => {
          throw new Error("550 mailbox unavailable");
        },
      },
    };
    expect(await requestPasswordReset(refusing, "reset-refused@example.com")).toEqual({
      ok: false,
      code: "auth.errors.sendFailed",
    });
    expect(await requestPasswordReset(ctx(), "reset-refused@example.com")).toEqual({
      ok: true,
      value: { delivery: "sent" },
    });
    const mails = await listOutbox(database.db, { limit: 5 });
    expect(mails.some((m) => m.to === "reset-refused@example.com" && m.kind === "reset")).toBe(true);
  });
});

describe("getSessionAccount", () => {
  it("reads the session's account with its header facts in one statement: this month's credits, interests chosen", async () => {
    const sessions = { db: database.db, clock, secret: "facts-test-secret-facts-test-secret" };
    const make = (n: string) =>
      createVerifiedAccount(
        { db: database.db, clock },
        { email: `${n}@example.com`, username: n, name: n, password: "Facts-pass-1!" },
      );
    const id = await make("factsa");
    const other = await make("factsb");
    const claims = verifyAccessToken(sessions.secret, (await createSession(sessions, id)).accessToken, clockNow);
    if (!claims) throw new Error("no claims");
    const read = () => getSessionAccount({ db: database.db, clock }, claims);
    expect(await read()).toMatchObject({
      account: { id, username: "factsa" },
      facts: { period: "2026-11", downloadsUsed: 0, hasInterests: false },
    });
    // This month's counter counts; last month's and another account's do not.
    await database.db.execute(sql`insert into download_counter (subject, period, used) values
      (${`a:${id}`}, '2026-11', 4), (${`a:${id}`}, '2026-10', 9), (${`a:${other}`}, '2026-11', 7)`);
    const [tag] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into tag (slug, type) values ('facts-business', 'category') returning id`,
    );
    await database.db.execute(sql`insert into account_interest (account_id, tag_id) values (${other}, ${tag.id})`);
    expect((await read())?.facts).toEqual({ period: "2026-11", downloadsUsed: 4, hasInterests: false });
    await database.db.execute(sql`insert into account_interest (account_id, tag_id) values (${id}, ${tag.id})`);
    expect((await read())?.facts).toEqual({ period: "2026-11", downloadsUsed: 4, hasInterests: true });
    // Another account's id with this session, or an ended session, is nobody.
    expect(await getSessionAccount({ db: database.db, clock }, { ...claims, accountId: other })).toBeNull();
    await database.db.execute(sql`update auth_session set revoked_at = now() where account_id = ${id}`);
    expect(await read()).toBeNull();
  });
});
