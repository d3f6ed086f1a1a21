import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND, DESK_MESSAGES, type Locale } from "#config/constants.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { type Mailer, smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { startSmtpServer } from "#tests/smtp.ts";
import { type DeskContext, getMessage, listInbox, saveReplyDraft, sendReply, setMessageState } from "./desk.ts";

/**
 * The operator's desk for contact messages (issue 23), on the real database and a real SMTP server on
 * loopback: the inbox's order and marks, replies sent in the sender's language with the thread kept,
 * failed sends that keep the draft, double submits, states, and every refusal.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let refusing: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: ReturnType<typeof smtpMailer>;
let refusingMailer: ReturnType<typeof smtpMailer>;
let deadMailer: ReturnType<typeof smtpMailer>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const log = { info() {}, warn() {}, error() {} };
let ops: { kind: "account"; id: number; label: string };
let ops2: { kind: "account"; id: number; label: string };

const ctx = (over: Partial<DeskContext> = {}): DeskContext => ({
  db: database.db,
  locale: "en",
  clock,
  log,
  mailer,
  translate: serverT,
  ...over,
});

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
  refusing = await startSmtpServer({ refuse: () => true });
  mailer = smtpMailer({ url: smtp.url, log });
  refusingMailer = smtpMailer({ url: refusing.url, log });
  deadMailer = smtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, log });
  const operator = async (username: string) => ({
    kind: "account" as const,
    id: await createVerifiedAccount(
      { db: database.db, clock },
      { email: `${username}@example.com`, username, name: username, password: "Sl1des!rock" },
    ),
    label: `${username}@example.com`,
  });
  ops = await operator("deskops");
  ops2 = await operator("deskops2");
});
afterAll(async () => {
  mailer?.close();
  refusingMailer?.close();
  deadMailer?.close();
  await smtp?.close();
  await refusing?.close();
  await database?.cleanup();
});

let seq = 0;
/** A message as the contact form stores it: `ago` minutes before now, from a paid plan or not, in a language. */
async function message(
  opts: { first?: string; email?: string; text?: string; paid?: string | null; locale?: Locale; ago?: number } = {},
) {
  seq++;
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into contact_message (first_name, last_name, email, message, locale, status, attempts, digest, paid_plan, created_at)
        values (${opts.first ?? "Ana"}, 'Ruiz', ${opts.email ?? `sender${seq}@example.com`},
                ${opts.text ?? `Message ${seq}`}, ${opts.locale ?? "en"}, 'sent', 1, ${`digest-${seq}`},
                ${opts.paid ?? null}, ${new Date(now.getTime() - (opts.ago ?? 0) * 60_000)})
        returning id`,
  );
  return row.id;
}
const replies = (messageId: number) =>
  queryRows<{
    id: number;
    status: string;
    body: string;
    error: string | null;
    author_id: number | null;
    locale: string;
  }>(
    database.db,
    sql`select id, status, body, error, author_id, locale from contact_reply where message_id = ${messageId} order by id`,
  );
/** A message's desk columns, times as Dates (the drivers answer raw SQL's times as text or Date). */
const messageRow = async (id: number) => {
  const [row] = await queryRows<{ desk_state: string; answered_at: unknown; closed_at: unknown }>(
    database.db,
    sql`select desk_state, answered_at, closed_at from contact_message where id = ${id}`,
  );
  const time = (v: unknown) => (v === null ? null : new Date(v as string | Date));
  return { desk_state: row.desk_state, answered_at: time(row.answered_at), closed_at: time(row.closed_at) };
};
const audit = (id: number) =>
  queryRows<{ action: string; actor_id: number; before: unknown; after: Record<string, unknown> }>(
    database.db,
    sql`select action, actor_id, before, after from operator_audit
        where target_kind = 'contactMessage' and target_id = ${String(id)} order by id`,
  );
/** A raw mail's header, unfolded, its encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
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
const mailsTo = (address: string) => smtp.to(address).map((m) => ({ ...m, body: m.body.replace(/\r\n/g, "\n") }));

describe("the inbox", () => {
  it("lists paying members' messages first, newest first within, with every state's count and pages", async () => {
    const oldGuest = await message({ first: "OldGuest", ago: 300 });
    const oldPaid = await message({ first: "OldPaid", paid: "PERSONAL", ago: 200 });
    const newGuest = await message({ first: "NewGuest", ago: 10, locale: "es" });
    const newPaid = await message({ first: "NewPaid", paid: "COMMERCIAL", ago: 100 });
    const answered = await message({ first: "Answered", ago: 1 });
    await database.db.execute(sql`update contact_message set desk_state = 'answered' where id = ${answered}`);

    const inbox = await listInbox(ctx());
    expect(inbox.state).toBe("open");
    expect(inbox.counts).toEqual({ open: 4, answered: 1, closed: 0 });
    expect(inbox.items.map((m) => m.id)).toEqual([newPaid, oldPaid, newGuest, oldGuest]);
    expect(inbox.items.map((m) => m.paidPlan)).toEqual(["COMMERCIAL", "PERSONAL", null, null]);
    expect(inbox.items[2]).toMatchObject({
      firstName: "NewGuest",
      locale: "es",
      snippet: expect.stringMatching(/^Message/),
    });

    const first = await listInbox(ctx(), { pageSize: 3 });
    expect(first).toMatchObject({ page: 1, hasNext: true });
    const second = await listInbox(ctx(), { pageSize: 3, page: 2 });
    expect(second).toMatchObject({ page: 2, hasNext: false });
    expect(second.items.map((m) => m.id)).toEqual([oldGuest]);
    expect((await listInbox(ctx(), { state: "answered" })).items.map((m) => m.id)).toEqual([answered]);
    // Anything else is the open messages' first page.
    for (const state of ["", "ANSWERED", "deleted", null])
      expect((await listInbox(ctx(), { state })).state).toBe("open");
    for (const page of [0, -3, Number.NaN, 1.5, Number.MAX_VALUE])
      expect((await listInbox(ctx(), { page })).page).toBe(1);
    // A long message shows its beginning.
    const long = await message({ text: `${"x".repeat(400)} end`, ago: 1000 });
    const snippet = (await listInbox(ctx(), { pageSize: 200 })).items.find((m) => m.id === long)?.snippet;
    expect(snippet).toHaveLength(DESK_MESSAGES.snippetChars);
    await database.db.execute(sql`update contact_message set desk_state = 'closed'`);
  });
});

describe("replying", () => {
  it("sends the reply in the sender's language, quoting their message, answers going to support; the thread is kept", async () => {
    const email = `lucia${seq}@example.com`;
    const text = "Hola:\nNo encuentro mi factura <de octubre> & no sé qué hacer.";
    const id = await message({ first: "Lucía", email, text, locale: "es", paid: "PERSONAL", ago: 60 });
    now = new Date(now.getTime() + 60_000);
    const r = await sendReply(ctx(), ops, id, { body: "  Hola, Lucía:\r\n\r\nTe la acabamos de enviar.\nUn saludo  " });
    expect(r).toEqual({ ok: true, value: { replyId: expect.any(Number), outcome: "sent", repeated: false } });

    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(header(mail.raw, "Subject")).toBe("Re: tu mensaje a SlideNest");
    expect(header(mail.raw, "Content-Language")).toBe("es");
    expect(header(mail.raw, "Reply-To")).toBe(`Soporte de SlideNest <${BRAND.supportEmail}>`);
    expect(mail.body).toContain("Hola, Lucía:");
    expect(mail.body).toContain("Te la acabamos de enviar.");
    expect(mail.body).toContain("Nos escribiste el 20 de noviembre de 2026:");
    // Their message quoted: as written in the text part, escaped in the HTML part.
    expect(mail.body).toContain(text);
    expect(mail.body).toContain("No encuentro mi factura &lt;de octubre&gt; &amp; no sé qué hacer.");
    expect(mail.body).toContain("Responde a este correo para escribirnos.");

    expect(await messageRow(id)).toMatchObject({ desk_state: "answered", answered_at: now });
    expect(await replies(id)).toEqual([
      {
        id: r.ok ? r.value.replyId : -1,
        status: "sent",
        body: "Hola, Lucía:\n\nTe la acabamos de enviar.\nUn saludo",
        error: null,
        author_id: ops.id,
        locale: "es",
      },
    ]);
    expect(await audit(id)).toEqual([
      {
        action: "contactMessage.replySent",
        actor_id: ops.id,
        before: { state: "open" },
        after: expect.objectContaining({ state: "answered", status: "sent", locale: "es" }),
      },
    ]);

    // A second reply, by another operator, joins the thread; the first stays as it was.
    now = new Date(now.getTime() + 60_000);
    const again = await sendReply(ctx(), ops2, id, { body: "¿Te ha llegado?" });
    expect(again).toMatchObject({ ok: true, value: { outcome: "sent" } });
    expect(mailsTo(email)).toHaveLength(2);
    const page = await getMessage(ctx(), String(id));
    if (!page.ok) throw new Error("message not found");
    expect(page.value.message).toMatchObject({
      firstName: "Lucía",
      locale: "es",
      paidPlan: "PERSONAL",
      deskState: "answered",
    });
    expect(page.value.replies.map((x) => [x.authorLabel, x.status, x.body])).toEqual([
      [ops.label, "sent", "Hola, Lucía:\n\nTe la acabamos de enviar.\nUn saludo"],
      [ops2.label, "sent", "¿Te ha llegado?"],
    ]);
    expect(page.value.draft).toBeNull();
    // The inbox counts the replies sent (message and reply ids apart, so a mixed-up column would show).
    await database.db.execute(sql`select setval('contact_reply_id_seq', 5000)`);
    await saveReplyDraft(ctx(), ops, id, { body: "A draft is not a reply sent." });
    const inbox = await listInbox(ctx(), { state: "answered", pageSize: 200 });
    expect(inbox.items.find((m) => m.id === id)?.replies).toBe(2);
  });

  it("writes in English to an English sender, and a guest's message has no account", async () => {
    const email = `tom${seq}@example.com`;
    const id = await message({ first: "Tom", email, text: "Where is the Keynote file?", locale: "en" });
    expect((await sendReply(ctx(), ops, id, { body: "It is on the template's page." })).ok).toBe(true);
    const [mail] = mailsTo(email);
    expect(header(mail.raw, "Subject")).toBe("Re: your message to SlideNest");
    expect(header(mail.raw, "Content-Language")).toBe("en");
    expect(mail.body).toContain("Hello Tom,");
    expect(mail.body).toContain("You wrote to us on November 20, 2026:");
    expect(mail.body).toContain("Where is the Keynote file?");
    const page = await getMessage(ctx(), id);
    expect(page.ok && page.value.message.account).toBeNull();
  });

  it("keeps the draft and says why when the mail server cannot be reached, and sends the same reply later", async () => {
    const email = `dead${seq}@example.com`;
    const id = await message({ email, locale: "es" });
    const words = "Gracias por escribir.\n\nMañana lo miramos.";
    const failed = await sendReply(ctx({ mailer: deadMailer }), ops, id, { body: words });
    expect(failed).toMatchObject({ ok: false, code: "deskMessages.errors.sendFailed", replyId: expect.any(Number) });
    expect(!failed.ok && failed.detail).toMatch(/ECONNREFUSED/);
    const [draft] = await replies(id);
    expect(draft).toMatchObject({ status: "failed", body: words, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await messageRow(id)).toMatchObject({ desk_state: "open", answered_at: null });
    expect((await audit(id)).map((a) => a.action)).toEqual(["contactMessage.replyFailed"]);
    const page = await getMessage(ctx(), id);
    expect(page.ok && page.value.draft).toMatchObject({ id: draft.id, status: "failed", body: words });
    expect(mailsTo(email)).toHaveLength(0);

    // The mail server is back: the same reply goes out, once, and no second reply is made.
    const sent = await sendReply(ctx(), ops, id, { replyId: String(draft.id), body: words });
    expect(sent).toMatchObject({ ok: true, value: { replyId: draft.id, outcome: "sent" } });
    expect(await replies(id)).toMatchObject([{ id: draft.id, status: "sent", error: null }]);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await audit(id)).map((a) => a.action)).toEqual(["contactMessage.replyFailed", "contactMessage.replySent"]);
  });

  it("says what a mail server that refuses the address answered", async () => {
    const id = await message({ email: `nobody${seq}@example.com` });
    const r = await sendReply(ctx({ mailer: refusingMailer }), ops, id, { body: "Hello?" });
    expect(r).toMatchObject({ ok: false, code: "deskMessages.errors.sendFailed" });
    expect(!r.ok && r.detail).toMatch(/550|Recipient address rejected/);
    expect((await replies(id))[0]).toMatchObject({ status: "failed", body: "Hello?" });
  });

  it("sends once when the same reply is posted twice at once, or again after it went", async () => {
    const email = `twice${seq}@example.com`;
    const id = await message({ email });
    const body = "One answer only.";
    const both = await Promise.all([sendReply(ctx(), ops, id, { body }), sendReply(ctx(), ops, id, { body })]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(both.map((r) => r.ok && r.value.outcome)).toEqual(["sent", "sent"]);
    expect(both.filter((r) => r.ok && r.value.repeated)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
    const [reply, ...more] = await replies(id);
    expect(more).toHaveLength(0);
    // Posted again (a reload that posts the form again): nothing more is sent.
    const again = await sendReply(ctx(), ops, id, { body });
    expect(again).toEqual({ ok: true, value: { replyId: reply.id, outcome: "sent", repeated: true } });
    const named = await sendReply(ctx(), ops, id, { replyId: String(reply.id), body });
    expect(named).toMatchObject({ ok: true, value: { repeated: true } });
    expect(mailsTo(email)).toHaveLength(1);
    // Other words under the sent reply's id are refused; without it they are a new reply.
    expect(await sendReply(ctx(), ops, id, { replyId: String(reply.id), body: "Changed." })).toMatchObject({
      ok: false,
      code: "deskMessages.errors.alreadySent",
    });
    expect(await saveReplyDraft(ctx(), ops, id, { replyId: String(reply.id), body: "Changed." })).toMatchObject({
      ok: false,
      code: "deskMessages.errors.alreadySent",
    });
    expect((await replies(id)).map((r) => r.body)).toEqual([body]);
    // The same words after DESK_MESSAGES.duplicateMinutes are a new reply on purpose.
    now = new Date(now.getTime() + (DESK_MESSAGES.duplicateMinutes + 1) * 60_000);
    expect(await sendReply(ctx(), ops, id, { body })).toMatchObject({ ok: true, value: { repeated: false } });
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("answers 'late' when the mail server is slow, and the send finishes on its own", async () => {
    const id = await message();
    let release: () => void = () => {};
    const slow: Mailer = {
      kind: "smtp",
      send: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    };
    const r = await sendReply(ctx({ mailer: slow, mailTimeoutMs: 50 }), ops, id, { body: "Slowly." });
    expect(r).toMatchObject({ ok: true, value: { outcome: "late" } });
    const page = await getMessage(ctx(), id);
    expect(page.ok && page.value.replies.map((x) => x.status)).toEqual(["sending"]);
    // While it is being sent its words cannot change, and a second send of them waits for it.
    expect(await saveReplyDraft(ctx(), ops, id, { body: "Other words." })).toMatchObject({
      ok: false,
      code: "deskMessages.errors.inProgress",
    });
    const waiting = sendReply(ctx({ mailer: slow }), ops, id, { body: "Slowly." });
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    expect(await waiting).toMatchObject({ ok: true, value: { outcome: "sent", repeated: true } });
    expect((await replies(id)).map((x) => x.status)).toEqual(["sent"]);
    expect((await messageRow(id)).desk_state).toBe("answered");
  });
});

describe("drafts", () => {
  it("saves the message's one draft, whoever writes it, audited when it changes", async () => {
    const id = await message();
    const first = await saveReplyDraft(ctx(), ops, id, { body: "First words." });
    expect(first).toEqual({ ok: true, value: { replyId: expect.any(Number), changed: true } });
    // The same words again change nothing; another operator's words go to the same draft.
    expect(await saveReplyDraft(ctx(), ops, id, { body: "First words." })).toMatchObject({ value: { changed: false } });
    const second = await saveReplyDraft(ctx(), ops2, id, { body: "Better words." });
    expect(second).toMatchObject({ ok: true, value: { replyId: first.ok ? first.value.replyId : -1, changed: true } });
    expect(await replies(id)).toMatchObject([{ status: "draft", body: "Better words.", author_id: ops2.id }]);
    expect((await audit(id)).map((a) => [a.action, a.actor_id])).toEqual([
      ["contactMessage.replySaved", ops.id],
      ["contactMessage.replySaved", ops2.id],
    ]);
    // Nothing is sent by saving; the message stays open.
    expect((await messageRow(id)).desk_state).toBe("open");
    const page = await getMessage(ctx(), id);
    expect(page.ok && page.value.draft).toMatchObject({ status: "draft", body: "Better words." });
  });
});

describe("refusals", () => {
  it("refuses empty, too long, control characters and wrong types, storing nothing", async () => {
    const id = await message();
    const cases: [unknown, string][] = [
      [{ body: "" }, "deskMessages.errors.empty"],
      [{ body: " \n\t " }, "deskMessages.errors.empty"],
      [{}, "deskMessages.errors.empty"],
      [{ body: 42 }, "deskMessages.errors.empty"],
      [{ body: ["a", "b"] }, "deskMessages.errors.empty"],
      [{ body: "x".repeat(100_000) }, "deskMessages.errors.tooLong"],
      [{ body: "x".repeat(DESK_MESSAGES.replyMax + 1) }, "deskMessages.errors.tooLong"],
      [{ body: "bell\u0007" }, "deskMessages.errors.control"],
      [null, "deskMessages.errors.invalid"],
      ["body=hi", "deskMessages.errors.invalid"],
    ];
    for (const [input, code] of cases) {
      expect(await sendReply(ctx(), ops, id, input)).toMatchObject({ ok: false, code });
      expect(await saveReplyDraft(ctx(), ops, id, input)).toMatchObject({ ok: false, code });
    }
    expect(await replies(id)).toEqual([]);
    // The longest reply, counted as a person counts (an emoji is one), is taken.
    const emoji = "👍🏽".repeat(DESK_MESSAGES.replyMax);
    expect(await saveReplyDraft(ctx(), ops, id, { body: emoji })).toMatchObject({ ok: true });
  });

  it("refuses unknown messages and another message's reply", async () => {
    const mine = await message();
    const other = await message();
    const otherDraft = await saveReplyDraft(ctx(), ops, other, { body: "For the other one." });
    const otherId = otherDraft.ok ? otherDraft.value.replyId : -1;
    for (const bad of [999_999, "999999", "abc", "1; drop table x", -1, 0, 1.5, "", null, undefined, 2 ** 40]) {
      expect(await sendReply(ctx(), ops, bad, { body: "Hi" })).toMatchObject({
        ok: false,
        code: "deskMessages.errors.notFound",
      });
      expect(await saveReplyDraft(ctx(), ops, bad, { body: "Hi" })).toMatchObject({
        code: "deskMessages.errors.notFound",
      });
      expect(await setMessageState(ctx(), ops, bad, { state: "closed" })).toMatchObject({
        code: "deskMessages.errors.notFound",
      });
      expect(await getMessage(ctx(), bad)).toMatchObject({ ok: false, code: "deskMessages.errors.notFound" });
    }
    for (const replyId of [String(otherId), "999999", "x", "-2", "0"]) {
      expect(await sendReply(ctx(), ops, mine, { replyId, body: "Hi" })).toMatchObject({
        ok: false,
        code: "deskMessages.errors.replyNotFound",
      });
      expect(await saveReplyDraft(ctx(), ops, mine, { replyId, body: "Hi" })).toMatchObject({
        code: "deskMessages.errors.replyNotFound",
      });
    }
    // Nothing was sent or changed: the other message's draft is as it was.
    expect(await replies(mine)).toEqual([]);
    expect(await replies(other)).toMatchObject([{ id: otherId, status: "draft", body: "For the other one." }]);
  });
});

describe("states", () => {
  it("closes and reopens, the same state again changing nothing, each change audited; a reply answers a closed message", async () => {
    const id = await message();
    expect(await setMessageState(ctx(), ops, id, { state: "closed" })).toEqual({
      ok: true,
      value: { state: "closed", changed: true },
    });
    expect(await messageRow(id)).toMatchObject({ desk_state: "closed", closed_at: now });
    expect(await setMessageState(ctx(), ops, id, { state: "closed" })).toEqual({
      ok: true,
      value: { state: "closed", changed: false },
    });
    expect(await setMessageState(ctx(), ops2, id, { state: "open" })).toMatchObject({ value: { changed: true } });
    expect(await messageRow(id)).toMatchObject({ desk_state: "open", closed_at: null });
    expect(await setMessageState(ctx(), ops, id, { state: "open" })).toMatchObject({ value: { changed: false } });
    for (const bad of [{ state: "answered" }, { state: "deleted" }, {}, null, { state: ["closed"] }])
      expect(await setMessageState(ctx(), ops, id, bad)).toMatchObject({
        ok: false,
        code: "deskMessages.errors.invalid",
      });
    expect((await audit(id)).map((a) => [a.action, a.actor_id, a.before, a.after])).toEqual([
      ["contactMessage.closed", ops.id, { state: "open" }, { state: "closed" }],
      ["contactMessage.reopened", ops2.id, { state: "closed" }, { state: "open" }],
    ]);
    await setMessageState(ctx(), ops, id, { state: "closed" });
    expect((await sendReply(ctx(), ops, id, { body: "One more thing." })).ok).toBe(true);
    expect(await messageRow(id)).toMatchObject({ desk_state: "answered", closed_at: null });
  });
});
