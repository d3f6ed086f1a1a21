import { createHash } from "node:crypto";
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BRAND, CONTACT, type Locale } from "#config/constants.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { type Mailer, smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { startSmtpServer } from "#tests/smtp.ts";
import { visibleLength } from "./schemas.ts";
import { type ContactContext, contactDigest, sendContactMessage } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: ReturnType<typeof smtpMailer>;
let deadMailer: ReturnType<typeof smtpMailer>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
type Entry = { level: string; msg: string; fields?: Record<string, unknown> };
let logged: Entry[] = [];
const log = {
  info: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: "info", msg, fields }),
  warn: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: "warn", msg, fields }),
  error: (msg: string, fields?: Record<string, unknown>) => logged.push({ level: "error", msg, fields }),
};
const ctx = (locale: Locale = "en", over: Partial<ContactContext> = {}): ContactContext => ({
  db: database.db,
  locale,
  clock,
  log,
  mailer,
  translate: serverT,
  ...over,
});

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  locale: string;
  account_id: number | null;
  status: string;
  attempts: number;
  digest: string;
  sent_at: Date | null;
  paid_plan: string | null;
};
const rows = async (email: string) =>
  queryRows<Row>(database.db, sql`select * from contact_message where lower(email) = lower(${email}) order by id`);
/** Mails received at an address, bodies decoded, line endings as \n. */
const mailsTo = (address: string) => smtp.to(address).map((m) => ({ ...m, body: m.body.replace(/\r\n/g, "\n") }));
const support = () => mailsTo(BRAND.supportEmail);
/** How many mails support got (without decoding them). */
const supportCount = () => smtp.received.filter((m) => m.to.includes(BRAND.supportEmail)).length;

/** A header of a raw mail, unfolded, with its RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  const value = line.slice(name.length + 1).trim();
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  mailer = smtpMailer({ url: smtp.url, log });
  deadMailer = smtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, log });
});
afterAll(async () => {
  mailer?.close();
  deadMailer?.close();
  await smtp?.close();
  await database?.cleanup();
});
beforeEach(() => {
  logged = [];
});

let seq = 0;
/** A sender address nobody else in this file uses. */
const sender = (name = "sender") => `${name}${++seq}@example.com`;

describe("sending a contact message", () => {
  it("mails support (Reply-To the sender, the page's language noted) and confirms in Spanish to the sender", async () => {
    const accountId = await createVerifiedAccount(
      { db: database.db, clock },
      { email: "member-contact@example.com", username: "membercontact", name: "José María", password: "Sl1des!rock" },
    );
    const email = sender("Jose.Maria");
    const message = "Hola:\nNo puedo descargar la plantilla <b>Roma</b> & otras 😀.\n\nGracias";
    const before = support().length;
    const r = await sendContactMessage(
      ctx("es"),
      { firstName: " José María ", lastName: "O'Neill", email: ` ${email} `, message: `  ${message}\r\n` },
      { accountId },
    );
    expect(r).toEqual({
      ok: true,
      value: {
        id: expect.any(Number),
        firstName: "José María",
        email,
        repeated: false,
        confirmed: true,
        priority: false,
      },
    });

    // Support: one mail, answers go to the sender, subject with the sender's name.
    expect(support()).toHaveLength(before + 1);
    const mail = support().at(-1)!;
    expect(header(mail.raw, "Reply-To")).toBe(`José María O'Neill <${email}>`);
    expect(header(mail.raw, "Subject")).toBe("Contact form: José María O'Neill");
    expect(mail.body).toContain("Page language: Español (es)");
    expect(mail.body).toContain(`From: José María O'Neill <${email}>`);
    expect(mail.body).toContain(`Sent while signed in to account ${accountId}.`);
    // The message as written in the text part, escaped in the HTML part.
    expect(mail.body).toContain(message);
    expect(mail.body).toContain("No puedo descargar la plantilla &lt;b&gt;Roma&lt;/b&gt; &amp; otras 😀.");
    expect(mail.body).not.toContain("<b>Roma</b> &amp;");

    // The sender: a confirmation in the page's language, without the message (anyone can type any address).
    const [copy, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(header(copy.raw, "Subject")).toBe("Hemos recibido tu mensaje");
    expect(header(copy.raw, "Content-Language")).toBe("es");
    expect(copy.body).toContain("Gracias, José María");
    expect(copy.body).toContain("Respondemos en un plazo de dos días laborables");
    expect(copy.body).not.toContain(message);

    const [row] = await rows(email);
    expect(row).toMatchObject({
      first_name: "José María",
      last_name: "O'Neill",
      email,
      message,
      locale: "es",
      account_id: accountId,
      status: "sent",
      attempts: 1,
      digest: createHash("sha256").update(`${email.toLowerCase()}\n${message}`).digest("hex"),
    });
    expect(new Date(row.sent_at as Date).toISOString()).toBe(now.toISOString());
    expect(row.digest).toBe(contactDigest(email.toUpperCase(), message));
  });

  it("records the paid plan of a signed-in sender at sending: priority marked to support, said to the sender, kept for the desk", async () => {
    const make = async (username: string, plan: string) => {
      const id = await createVerifiedAccount(
        { db: database.db, clock },
        { email: `${username}@example.com`, username, name: username, password: "Sl1des!rock" },
      );
      await database.db.execute(sql`update account set plan = ${plan} where id = ${id}`);
      return id;
    };
    const personal = await make("paidpersonal", "PERSONAL_YEARLY");
    const commercial = await make("paidcommercial", "COMMERCIAL_MONTHLY");
    const free = await make("freesender", "FREE");
    const post = (locale: Locale, accountId: number | null, email: string) =>
      sendContactMessage(
        ctx(locale, { origin: "https://slidenest.example" }),
        { firstName: "Ana", lastName: "Ruiz", email, message: `Help, please (${email}).` },
        { accountId },
      );
    const a = sender("personal");
    expect(await post("es", personal, a)).toMatchObject({ ok: true, value: { priority: true } });
    const b = sender("commercial");
    expect(await post("en", commercial, b)).toMatchObject({ ok: true, value: { priority: true } });
    const c = sender("free");
    expect(await post("en", free, c)).toMatchObject({ ok: true, value: { priority: false } });
    const d = sender("guest");
    expect(await post("en", null, d)).toMatchObject({ ok: true, value: { priority: false } });
    // A deleted account has no plan any more (whatever its row says).
    const gone = await make("paidgone", "PERSONAL_MONTHLY");
    await database.db.execute(sql`update account set deleted_at = now() where id = ${gone}`);
    const e = sender("gone");
    expect(await post("en", gone, e)).toMatchObject({ ok: true, value: { priority: false } });
    const plans = await queryRows<{ email: string; paid_plan: string | null }>(
      database.db,
      sql`select email, paid_plan from contact_message where email in (${a}, ${b}, ${c}, ${d}, ${e}) order by id`,
    );
    expect(plans.map((p) => p.paid_plan)).toEqual(["PERSONAL", "COMMERCIAL", null, null, null]);
    // Support sees the priority and the way to the desk; the sender is told they are answered first.
    const toSupport = support().filter((m) => m.body.includes(`(${a})`))[0];
    expect(header(toSupport.raw, "Subject")).toBe("Priority: Contact form: Ana Ruiz");
    expect(toSupport.body).toContain("PRIORITY SUPPORT: the sender is on a paid plan. Answer within one working day.");
    const id = plans.length && (await rows(a))[0].id;
    expect(toSupport.body).toContain(
      `Answer it from the operator's desk: https://slidenest.example/operator/messages/${id}`,
    );
    expect(mailsTo(a)[0].body).toContain(
      "Tienes un plan de pago, así que va marcado como prioritario y lo respondemos antes",
    );
    expect(mailsTo(a)[0].body).not.toContain("dos días laborables");
    expect(mailsTo(b)[0].body).toContain("You are on a paid plan, so it is marked as priority and answered first");
    expect(mailsTo(c)[0].body).toContain("We answer within two working days");
    const freeMail = support().filter((m) => m.body.includes(`(${c})`))[0];
    expect(header(freeMail.raw, "Subject")).toBe("Contact form: Ana Ruiz");
    // The plan is the one at sending: a later change of plan does not move the message.
    await database.db.execute(sql`update account set plan = 'FREE' where id = ${personal}`);
    expect((await rows(a))[0]).toMatchObject({ paid_plan: "PERSONAL" });
  });

  it("writes to support in English from an English page, and confirms in English", async () => {
    const email = sender();
    const r = await sendContactMessage(ctx("en"), {
      firstName: "Zoë",
      lastName: "Łukasz-李",
      email,
      message: "Where is my invoice?",
    });
    expect(r.ok).toBe(true);
    const mail = support().at(-1)!;
    expect(header(mail.raw, "Subject")).toBe("Contact form: Zoë Łukasz-李");
    expect(mail.body).toContain("Page language: English (en)");
    expect(mail.body).toContain("Sent without signing in.");
    const [copy] = mailsTo(email);
    expect(header(copy.raw, "Subject")).toBe("We have received your message");
    expect(copy.body).toContain("Thank you, Zoë");
    expect(copy.body).not.toContain("Where is my invoice?");
    expect((await rows(email))[0]).toMatchObject({ account_id: null, locale: "en", status: "sent" });
  });

  it("keeps the message as failed when support cannot be reached, and sends it when posted again", async () => {
    const email = sender();
    const input = { firstName: "Ana", lastName: "Ruiz", email, message: "Please call me back." };
    const before = support().length;
    const failed = await sendContactMessage(ctx("en", { mailer: deadMailer }), input);
    expect(failed).toEqual({ ok: false, code: "contact.errors.sendFailed" });
    expect(support()).toHaveLength(before);
    expect(mailsTo(email)).toHaveLength(0);
    const [row] = await rows(email);
    expect(row).toMatchObject({ status: "failed", attempts: 1, sent_at: null, message: "Please call me back." });
    expect(logged.some((e) => e.level === "error" && e.msg === "contact message not sent to support")).toBe(true);

    // Still failing: the same row, one more attempt counted.
    expect((await sendContactMessage(ctx("en", { mailer: deadMailer }), input)).ok).toBe(false);
    expect(await rows(email)).toMatchObject([{ id: row.id, status: "failed", attempts: 2 }]);

    // Mail works again: the same row is sent, once.
    now = new Date(now.getTime() + 60_000);
    const sent = await sendContactMessage(ctx("es"), { ...input, firstName: "Ana María" });
    expect(sent).toMatchObject({ ok: true, value: { id: row.id, repeated: false, confirmed: true } });
    expect(support()).toHaveLength(before + 1);
    expect(await rows(email)).toMatchObject([
      { id: row.id, status: "sent", attempts: 3, first_name: "Ana María", locale: "es" },
    ]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("does not send the same message from the same address twice within the window", async () => {
    const email = sender();
    const input = { firstName: "Luis", lastName: "Gómez", email, message: "Same words." };
    const first = await sendContactMessage(ctx(), input);
    expect(first.ok).toBe(true);
    const sentBefore = support().length;
    now = new Date(now.getTime() + 3_600_000);
    // Again, with the address in other case: success, the same row, nothing sent.
    const again = await sendContactMessage(ctx(), { ...input, email: email.toUpperCase() });
    expect(again).toEqual({
      ok: true,
      value: {
        id: first.ok ? first.value.id : -1,
        firstName: "Luis",
        email: email.toUpperCase(),
        repeated: true,
        confirmed: false,
        priority: false,
      },
    });
    expect(support()).toHaveLength(sentBefore);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await rows(email)).toHaveLength(1);

    // Another message from the same address is another row.
    expect((await sendContactMessage(ctx(), { ...input, message: "Other words." })).ok).toBe(true);
    expect(support()).toHaveLength(sentBefore + 1);
    // After the window the same words are a new message.
    now = new Date(now.getTime() + CONTACT.duplicateWindowHours * 3_600_000);
    const later = await sendContactMessage(ctx(), input);
    expect(later).toMatchObject({ ok: true, value: { repeated: false } });
    expect(support()).toHaveLength(sentBefore + 2);
    expect((await rows(email)).map((r) => [r.message, r.status])).toEqual([
      ["Same words.", "sent"],
      ["Other words.", "sent"],
      ["Same words.", "sent"],
    ]);
  });

  it("sends one mail to support when the same message is posted twice at once", async () => {
    const email = sender();
    const input = { firstName: "Eva", lastName: "Sanz", email, message: "Double click." };
    const before = support().length;
    const results = await Promise.all([sendContactMessage(ctx(), input), sendContactMessage(ctx(), input)]);
    expect(support()).toHaveLength(before + 1);
    expect(await rows(email)).toHaveLength(1);
    // One sent it; the other was told it is sent, or that it is being sent.
    expect(results.filter((r) => r.ok && !r.value.repeated)).toHaveLength(1);
    const other = results.find((r) => !r.ok || r.value.repeated);
    expect(other?.ok ? "repeated" : other?.code).toMatch(/^(repeated|contact\.errors\.inProgress)$/);
  });

  it("takes over a message whose sending was abandoned, but not one being sent right now", async () => {
    const email = sender();
    const message = "Stuck message.";
    const insert = (minutesAgo: number) =>
      database.db.execute(sql`insert into contact_message (first_name, last_name, email, message, locale, status, attempts, digest, created_at)
          values ('Old', 'Try', ${email}, ${message}, 'en', 'received', 1, ${contactDigest(email, message)},
                  ${new Date(now.getTime() - minutesAgo * 60_000)})`);
    await insert(2);
    const input = { firstName: "New", lastName: "Try", email, message };
    expect(await sendContactMessage(ctx(), input)).toEqual({ ok: false, code: "contact.errors.inProgress" });
    await database.db.execute(sql`delete from contact_message where email = ${email}`);
    await insert(11);
    const before = support().length;
    expect((await sendContactMessage(ctx(), input)).ok).toBe(true);
    expect(support()).toHaveLength(before + 1);
    expect(await rows(email)).toMatchObject([{ status: "sent", attempts: 2, first_name: "New" }]);
  });

  it("answers success when only the confirmation fails, and logs it", async () => {
    const email = sender();
    const picky: Mailer = {
      kind: "smtp",
      send: (msg) => (msg.to === BRAND.supportEmail ? mailer.send(msg) : Promise.reject(new Error("mailbox full"))),
    };
    const before = support().length;
    const r = await sendContactMessage(ctx("en", { mailer: picky }), {
      firstName: "Iker",
      lastName: "Aranburu",
      email,
      message: "Hello",
    });
    expect(r).toMatchObject({ ok: true, value: { confirmed: false, repeated: false } });
    expect(support()).toHaveLength(before + 1);
    expect((await rows(email))[0]).toMatchObject({ status: "sent" });
    expect(logged).toContainEqual(expect.objectContaining({ level: "error", msg: "contact confirmation not sent" }));
  });

  it("sends the confirmation after the answer when the server defers it", async () => {
    const email = sender();
    const tasks: (() => Promise<void>)[] = [];
    const r = await sendContactMessage(ctx("es", { runLater: (task) => tasks.push(task) }), {
      firstName: "Nuria",
      lastName: "Vidal",
      email,
      message: "¿Tenéis plantillas de bodas?",
    });
    expect(r).toMatchObject({ ok: true, value: { confirmed: true } });
    expect(mailsTo(email)).toHaveLength(0);
    expect(tasks).toHaveLength(1);
    await tasks[0]();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0].body).toContain("Gracias, Nuria");
  });
});

describe("checking a contact message", () => {
  const valid = { firstName: "Ana", lastName: "Ruiz", email: "valid@example.com", message: "Hi" };
  const refused = async (input: unknown) => {
    const before = supportCount();
    const r = await sendContactMessage(ctx(), input);
    expect(supportCount()).toBe(before);
    if (r.ok || !r.fieldErrors) throw new Error(`accepted: ${JSON.stringify(input).slice(0, 80)}`);
    expect(r.code).toBe("contact.errors.invalid");
    return Object.fromEntries(Object.entries(r.fieldErrors).map(([k, v]) => [k, v[0]]));
  };

  it("refuses empty, blank and missing fields with the messages of SPEC §5", async () => {
    expect(await refused({ firstName: "", lastName: "", email: "", message: "" })).toEqual({
      firstName: "contact.errors.required",
      lastName: "contact.errors.required",
      email: "contact.errors.emailRequired",
      message: "contact.errors.required",
    });
    expect(await refused({ firstName: "  ", lastName: "\t", email: "   ", message: " \n\r\n " })).toEqual({
      firstName: "contact.errors.required",
      lastName: "contact.errors.required",
      email: "contact.errors.emailRequired",
      message: "contact.errors.required",
    });
    expect(await refused({})).toEqual({
      firstName: "contact.errors.required",
      lastName: "contact.errors.required",
      email: "contact.errors.emailRequired",
      message: "contact.errors.required",
    });
    expect(await refused(null)).toEqual({ "": expect.any(String) });
  });

  it("counts the message as a person sees it: 5000 characters pass, 5001 do not, an emoji is one", async () => {
    const family = "👨‍👩‍👧‍👦";
    expect(visibleLength(family)).toBe(1);
    expect(visibleLength("e\u0301")).toBe(1);
    const emailA = sender();
    const ok = await sendContactMessage(ctx(), { ...valid, email: emailA, message: family.repeat(5000) });
    expect(ok.ok).toBe(true);
    expect((await rows(emailA))[0].message).toBe(family.repeat(5000));
    const plain = await sendContactMessage(ctx(), { ...valid, email: sender(), message: "a".repeat(5000) });
    expect(plain.ok).toBe(true);
    expect(await refused({ ...valid, message: family.repeat(5001) })).toEqual({
      message: "contact.errors.messageTooLong",
    });
    expect(await refused({ ...valid, message: "a".repeat(5001) })).toEqual({
      message: "contact.errors.messageTooLong",
    });
  });

  it("refuses control characters in the message but keeps its line breaks and tabs", async () => {
    expect(await refused({ ...valid, message: "a\u0000b" })).toEqual({ message: "contact.errors.control" });
    expect(await refused({ ...valid, message: "bell\u0007" })).toEqual({ message: "contact.errors.control" });
    const email = sender();
    expect((await sendContactMessage(ctx(), { ...valid, email, message: "one\r\n\ttwo\rthree" })).ok).toBe(true);
    expect((await rows(email))[0].message).toBe("one\n\ttwo\nthree");
  });

  it("takes names in any alphabet and refuses digits, symbols, emoji and control characters", async () => {
    for (const name of [
      "José María",
      "O'Neill",
      "O’Brien",
      "Zoë",
      "Łukasz",
      "李",
      "Анна-Мария",
      "Nguyễn",
      "e\u0301mile",
    ]) {
      const email = sender();
      const r = await sendContactMessage(ctx(), { ...valid, firstName: name, lastName: name, email });
      expect(r.ok, name).toBe(true);
      expect((await rows(email))[0].first_name).toBe(name.normalize("NFC"));
    }
    for (const name of [
      "Ana3",
      "R2-D2",
      "Ana!",
      "Ana 😀",
      "Ana\u0000",
      "Ana\nRuiz",
      "Ana  Ruiz",
      "-Ana",
      "Ana-",
      "Ana--Ruiz",
      "<b>",
    ]) {
      expect(await refused({ ...valid, firstName: name }), name).toEqual({ firstName: "contact.errors.alphabet" });
    }
    expect(await refused({ ...valid, lastName: "ab".repeat(CONTACT.nameMax) })).toEqual({
      lastName: "contact.errors.nameTooLong",
    });
    expect(
      (await sendContactMessage(ctx(), { ...valid, email: sender(), lastName: "a".repeat(CONTACT.nameMax) })).ok,
    ).toBe(true);
  });

  it("refuses malformed and over-long e-mail addresses, and header tricks", async () => {
    for (const email of ["nope", "a@", "@b.co", "a b@c.co", "a@b.co\r\nBcc: x@y.z", "a@b.co,c@d.co", "Ana <a@b.co>"])
      expect(await refused({ ...valid, email }), email).toEqual({ email: "contact.errors.emailFormat" });
    expect(await refused({ ...valid, email: `${"a".repeat(250)}@b.co` })).toEqual({
      email: "contact.errors.emailTooLong",
    });
  });

  it("refuses wrong types and repeated fields", async () => {
    expect(await refused({ ...valid, firstName: ["Ana", "Eva"], message: ["a", "b"] })).toEqual({
      firstName: "contact.errors.required",
      message: "contact.errors.required",
    });
    expect(await refused({ ...valid, lastName: 42, email: { to: "x@y.z" }, message: null })).toEqual({
      lastName: "contact.errors.required",
      email: "contact.errors.emailRequired",
      message: "contact.errors.required",
    });
    expect(await refused("firstName=Ana")).toEqual({ "": expect.any(String) });
  });

  it("stores nothing that it refuses", async () => {
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from contact_message where email in ('valid@example.com', 'nope', '')`,
    );
    expect(n).toBe(0);
  });
});
