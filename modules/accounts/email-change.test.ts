import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { startSmtpServer, startStallingSmtpServer } from "#tests/smtp.ts";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "./email-change.ts";
import { type AccountContext, authenticate, createVerifiedAccount, signUp } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: ReturnType<typeof smtpMailer>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const PASSWORD = "Sl1des!rock";
const ctx = (locale: "en" | "es" = "en"): AccountContext => ({
  db: database.db,
  locale,
  clock,
  log: silent,
  mailer,
  origin: "http://localhost:3000",
  translate: serverT,
});
let seq = 0;
const member = async (locale = "en") => {
  seq++;
  const email = `member${seq}@example.com`;
  const id = await createVerifiedAccount(
    { db: database.db, clock },
    { email, username: `member${seq}`, name: `Member ${seq}`, password: PASSWORD },
  );
  await database.db.execute(sql`update account set locale = ${locale} where id = ${id}`);
  return { id, email };
};
const linkIn = (body: string) => /\/confirm-email\?hash=([\w-]+)/.exec(body)?.[1] ?? "";
const emailOf = async (id: number) =>
  (await queryRows<{ email: string }>(database.db, sql`select email from account where id = ${id}`))[0].email;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  mailer = smtpMailer({ url: smtp.url, log: silent });
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await database?.cleanup();
});

describe("changing the e-mail address", () => {
  it("takes effect only when the link sent to the new address is followed; the old address is told", async () => {
    const ana = await member("es");
    const r = await requestEmailChange(ctx(), {
      accountId: ana.id,
      email: "  Ana.New@Example.com ",
      password: PASSWORD,
    });
    expect(r).toEqual({ ok: true, value: { email: "Ana.New@Example.com", delivery: "sent" } });
    // Nothing changed yet; the change is pending.
    expect(await emailOf(ana.id)).toBe(ana.email);
    expect(await pendingEmailChange(ctx(), ana.id)).toMatchObject({ email: "Ana.New@Example.com" });
    const [mail] = smtp.to("Ana.New@Example.com");
    expect(mail.raw).toMatch(/^Subject: Confirm your new SlideNest e-mail address\r?$/m);
    const token = linkIn(mail.body);
    expect(token).not.toBe("");
    expect(smtp.to(ana.email)).toHaveLength(0);

    expect(await confirmEmailChange(ctx(), token)).toEqual({
      ok: true,
      value: { accountId: ana.id, email: "Ana.New@Example.com" },
    });
    expect(await emailOf(ana.id)).toBe("Ana.New@Example.com");
    expect(await pendingEmailChange(ctx(), ana.id)).toBeNull();
    // The old address is told, in the account's language, with the new address.
    const [notice] = smtp.to(ana.email);
    expect(notice.body).toContain("Ana.New@Example.com");
    expect(notice.body).toContain("Se ha cambiado tu correo electrónico");
    // Log-in works with the new address, not the old one.
    expect((await authenticate(ctx(), { login: "ana.new@example.com", password: PASSWORD })).ok).toBe(true);
    expect((await authenticate(ctx(), { login: ana.email, password: PASSWORD })).ok).toBe(false);
    // Following the link again is fine; it changes nothing more.
    expect((await confirmEmailChange(ctx(), token)).ok).toBe(true);
  });

  it("needs the current password and a new address", async () => {
    const ana = await member();
    expect(
      await requestEmailChange(ctx(), { accountId: ana.id, email: "x@example.com", password: "wrong-1!" }),
    ).toEqual({
      ok: false,
      code: "auth.errors.currentPasswordInvalid",
      field: "current",
    });
    expect(
      await requestEmailChange(ctx(), { accountId: ana.id, email: ana.email.toUpperCase(), password: PASSWORD }),
    ).toEqual({ ok: false, code: "account.settings.errors.sameEmail", field: "email" });
  });

  it("answers an address another account has as a free one, and tells its owner instead, in the owner's language", async () => {
    const ana = await member();
    const ben = await member("es");
    const cyd = await member();
    now = new Date(now.getTime() + 120_000);
    const taken = await requestEmailChange(ctx(), {
      accountId: ana.id,
      email: ben.email.toUpperCase(),
      password: PASSWORD,
    });
    const free = await requestEmailChange(ctx(), {
      accountId: cyd.id,
      email: "cyd-new@example.com",
      password: PASSWORD,
    });
    expect(taken).toEqual({ ok: true, value: { email: ben.email.toUpperCase(), delivery: "sent" } });
    expect(free).toEqual({ ok: true, value: { email: "cyd-new@example.com", delivery: "sent" } });
    // The member's page shows the same pending change either way, and asking again waits the same minute.
    expect(await pendingEmailChange(ctx(), ana.id)).toMatchObject({ email: ben.email.toUpperCase() });
    expect(await requestEmailChange(ctx(), { accountId: ana.id, email: ben.email, password: PASSWORD })).toMatchObject({
      ok: false,
      code: "account.settings.errors.emailCooldown",
    });
    expect(
      await requestEmailChange(ctx(), { accountId: cyd.id, email: "cyd-new@example.com", password: PASSWORD }),
    ).toMatchObject({ ok: false, code: "account.settings.errors.emailCooldown" });
    // Ben gets one notice, in Spanish, with no link that would move his address, and ways to log in.
    const [notice, ...more] = smtp.to(ben.email);
    expect(more).toHaveLength(0);
    expect(notice.raw).toMatch(/^Subject: Ya tienes una cuenta de SlideNest\r?$/m);
    expect(notice.body).toContain("http://localhost:3000/es/login");
    expect(notice.body).toContain("http://localhost:3000/es/forgot-password");
    expect(linkIn(notice.body)).toBe("");
    expect(await emailOf(ben.id)).toBe(ben.email);
    expect(await emailOf(ana.id)).toBe(ana.email);
  });

  it("refuses a second request within a minute, and a newer request voids the older link", async () => {
    const ana = await member();
    expect(
      (await requestEmailChange(ctx(), { accountId: ana.id, email: "first@example.com", password: PASSWORD })).ok,
    ).toBe(true);
    expect(
      await requestEmailChange(ctx(), { accountId: ana.id, email: "second@example.com", password: PASSWORD }),
    ).toEqual({
      ok: false,
      code: "account.settings.errors.emailCooldown",
    });
    now = new Date(now.getTime() + 61_000);
    expect(
      (await requestEmailChange(ctx(), { accountId: ana.id, email: "second@example.com", password: PASSWORD })).ok,
    ).toBe(true);
    const first = linkIn(smtp.to("first@example.com")[0].body);
    const second = linkIn(smtp.to("second@example.com")[0].body);
    expect(await confirmEmailChange(ctx(), first)).toEqual({ ok: false, code: "auth.errors.linkOutdated" });
    expect((await confirmEmailChange(ctx(), second)).ok).toBe(true);
    expect(await emailOf(ana.id)).toBe("second@example.com");
  });

  it("refuses expired, unknown and malformed links, and an address someone took meanwhile", async () => {
    const ana = await member();
    now = new Date(now.getTime() + 120_000);
    await requestEmailChange(ctx(), { accountId: ana.id, email: "later@example.com", password: PASSWORD });
    const token = linkIn(smtp.to("later@example.com")[0].body);
    for (const bad of ["", "nope", "a".repeat(101), "x\u0000y", "../../etc"])
      expect((await confirmEmailChange(ctx(), bad)).ok).toBe(false);
    // Someone signs up with that address before the link is followed.
    const taken = await signUp(
      { ...ctx(), captcha: async () => ({ ok: true, value: null }) },
      { name: "Other", email: "LATER@example.com", password: "Other-pass-77!", terms: "on", captcha: "solved" },
    );
    expect(taken.ok).toBe(true);
    expect(await confirmEmailChange(ctx(), token)).toEqual({ ok: false, code: "auth.errors.loginTaken" });
    expect(await emailOf(ana.id)).toBe(ana.email);

    const ben = await member();
    now = new Date(now.getTime() + 120_000);
    await requestEmailChange(ctx(), { accountId: ben.id, email: "slow@example.com", password: PASSWORD });
    const slow = linkIn(smtp.to("slow@example.com")[0].body);
    now = new Date(now.getTime() + 24 * 3600_000 + 1000);
    expect(await confirmEmailChange(ctx(), slow)).toEqual({ ok: false, code: "auth.errors.linkOutdated" });
    expect(await emailOf(ben.id)).toBe(ben.email);
  });
});

describe("a mail server that refuses or stalls (SPEC §8)", () => {
  it("refused: 'Failed to update email', no change left pending, and asking again is not held back", async () => {
    const ana = await member();
    const refusing = await startSmtpServer({ refuse: () => true });
    const refusingMailer = smtpMailer({ url: refusing.url, log: silent });
    try {
      const r = await requestEmailChange(
        { ...ctx(), mailer: refusingMailer },
        { accountId: ana.id, email: "refused-new@example.com", password: PASSWORD },
      );
      expect(r).toEqual({ ok: false, code: "account.settings.errors.emailFailed" });
      expect(await pendingEmailChange(ctx(), ana.id)).toBeNull();
    } finally {
      refusingMailer.close();
      await refusing.close();
    }
    const again = await requestEmailChange(ctx(), {
      accountId: ana.id,
      email: "refused-new@example.com",
      password: PASSWORD,
    });
    expect(again).toEqual({ ok: true, value: { email: "refused-new@example.com", delivery: "sent" } });
  });

  it("stalled: the answer comes at the time-out, 'late', with the change pending (the link may still arrive)", async () => {
    const ana = await member();
    const stalling = await startStallingSmtpServer();
    const stallingMailer = smtpMailer({ url: stalling.url, log: silent });
    try {
      const started = Date.now();
      const r = await requestEmailChange(
        { ...ctx(), mailer: stallingMailer, mailTimeoutMs: 300 },
        { accountId: ana.id, email: "stalled-new@example.com", password: PASSWORD },
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(r).toEqual({ ok: true, value: { email: "stalled-new@example.com", delivery: "late" } });
      expect(stalling.connections()).toBeGreaterThan(0);
      expect(await pendingEmailChange(ctx(), ana.id)).toMatchObject({ email: "stalled-new@example.com" });
    } finally {
      stallingMailer.close();
      await stalling.close();
    }
  });
});
