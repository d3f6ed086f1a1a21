import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMailer, smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createMailingTestServer, createTestServer } from "#tests/server.ts";
import { startSmtpServer } from "#tests/smtp.ts";

/**
 * The mails a member meets at the edges (issue 22): the notice when the password changes, from the
 * settings form and from a reset link, through a real SMTP server; a mail server that refuses does not
 * undo the change; and the demo outbox offering a mail's attachment.
 */

let mailing: Awaited<ReturnType<typeof createMailingTestServer>>;
const clock: Clock = { now: () => new Date() };
const PASSWORD = "Sl1des!rock";

beforeAll(async () => {
  mailing = await createMailingTestServer();
});
afterAll(async () => {
  await mailing?.cleanup();
});

const http = () => httpClient((p, i) => mailing.srv.request(p, i));
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
const setPassword = (jar: Jar, path: string, password: string) =>
  http().post(path, { intent: "password", current: PASSWORD, password, confirm: password }, jar);

describe("the password-change notice", () => {
  it("is mailed after a change in the settings: when, what to do if it was not the member, never the password", async () => {
    const m = await signedInMember(mailing.srv, clock, "pwn");
    const res = await setPassword(m.jar, "/profile/settings", "N3w-pass!word");
    expect(notices(await res.text())).toContain("Password updated.");
    const mails = mailing.smtp.to(m.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(subjectOf(mail.raw)).toBe("Your SlideNest password was changed");
    expect(mail.body).toContain(`The password of your SlideNest account (${m.email}) was changed on`);
    expect(mail.body).toContain("Every other device signed in to your account was signed out.");
    expect(mail.body).toContain("If you did not change it, choose a new password right away");
    expect(mail.body).toContain("http://localhost:3000/forgot-password");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).not.toContain("N3w-pass!word");
    expect(mail.raw).not.toContain(PASSWORD);
  });

  it("speaks the member's language (Spanish, links under /es)", async () => {
    const m = await signedInMember(mailing.srv, clock, "pwes");
    await mailing.srv.database.db.execute(sql`update account set locale = 'es' where id = ${m.id}`);
    const res = await setPassword(m.jar, "/es/profile/settings", "Nu3va-clave!x");
    expect(res.status).toBe(200);
    const [mail] = mailing.smtp.to(m.email);
    expect(mail.raw).toContain("Content-Language: es");
    expect(mail.body).toContain(`La contraseña de tu cuenta de SlideNest (${m.email}) se cambió el`);
    expect(mail.body).toContain("http://localhost:3000/es/forgot-password");
    expect(mail.raw).not.toContain("Nu3va-clave!x");
  });

  it("is mailed after a reset through the link, saying every device was signed out", async () => {
    const m = await signedInMember(mailing.srv, clock, "pwr");
    const sent = await http().post("/forgot-password", { email: m.email });
    expect(notices(await sent.text())).toContain("Check your e-mail");
    const [reset] = mailing.smtp.to(m.email);
    const link = /http:\/\/localhost:3000(\/change-password\?hash=[\w-]+)/.exec(reset.body)?.[1] as string;
    expect(link).toBeTruthy();
    const hash = new URL(link, "http://localhost:3000").searchParams.get("hash") as string;
    const done = await http().post(link, { hash, password: "Res3t-pass!word", confirm: "Res3t-pass!word" });
    expect(notices(await done.text())).toContain("Password changed");
    const mails = mailing.smtp.to(m.email);
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1].raw)).toBe("Your SlideNest password was changed");
    expect(mails[1].body).toContain(
      "It was changed with a reset link, and every device signed in to your account was signed out.",
    );
    expect(mails[1].body).toContain("http://localhost:3000/forgot-password");
    expect(mails[1].raw).not.toContain("Res3t-pass!word");
  });
});

describe("a mail server that refuses", () => {
  it("does not undo the password change; the failure is logged", async () => {
    const refusing = await startSmtpServer({ refuse: () => true });
    const errors: { msg: string; fields?: Record<string, unknown> }[] = [];
    const log = {
      info() {},
      warn() {},
      error: (msg: string, fields?: Record<string, unknown>) => errors.push({ msg, fields }),
    };
    const mailer = smtpMailer({ url: refusing.url, log });
    const srv = await createTestServer({ mailer, database: mailing.srv.database, secret: "x".repeat(32) });
    try {
      const client = httpClient((p, i) => srv.request(p, i));
      const m = await signedInMember(srv, clock, "pwfail");
      const res = await client.post(
        "/profile/settings",
        { intent: "password", current: PASSWORD, password: "Kept-pass!9", confirm: "Kept-pass!9" },
        m.jar,
      );
      expect(notices(await res.text())).toContain("Password updated.");
      const login = await client.post("/login", { login: m.email, password: "Kept-pass!9" });
      expect(login.status).toBe(302);
      expect(errors.some((e) => e.msg === "mail not sent" && e.fields?.kind === "password-changed")).toBe(true);
    } finally {
      await srv.close();
      mailer.close();
      await refusing.close();
    }
  });
});

describe("the demo outbox", () => {
  it("lists a mail's attachment and hands it out as the file", async () => {
    const srv = await createTestServer();
    try {
      const pdf = Buffer.from("%PDF-1.4\n% a receipt\n");
      await outboxMailer(srv.database.db, { info() {}, warn() {}, error() {} }).send({
        to: "outbox@example.com",
        subject: "Your SlideNest receipt SN-2026-000001",
        text: "Thank you",
        html: "<p>Thank you</p>",
        kind: "receipt",
        locale: "en",
        attachments: [{ filename: "SN-2026-000001.pdf", contentType: "application/pdf", content: pdf }],
      });
      const list = await srv.request("/outbox");
      const id = /\/outbox\/(\d+)/.exec(await list.text())?.[1];
      expect(id).toBeTruthy();
      const page = visible(await (await srv.request(`/outbox/${id}`)).text());
      expect(page).toContain("Attachments");
      expect(page).toContain("Download SN-2026-000001.pdf");
      const file = await srv.request(`/outbox/${id}/attachments/0`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toBe('attachment; filename="SN-2026-000001.pdf"');
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      expect((await srv.request(`/outbox/${id}/attachments/1`)).status).toBe(404);
      expect((await srv.request(`/outbox/${id}/attachments/x`)).status).toBe(404);
      // Not for a client on the network (demo mode by default answers this machine only).
      expect((await srv.request(`/outbox/${id}/attachments/0`, undefined, "203.0.113.9")).status).toBe(404);
    } finally {
      await srv.cleanup();
    }
  });
});
