import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember, signedInOperator } from "#tests/members.ts";
import { createMailingTestServer, createTestServer } from "#tests/server.ts";

/**
 * The operator's desk for contact messages through the real app (issue 23): the inbox and a message's
 * page in both languages, a paid member's message first and marked, a reply that reaches a real SMTP
 * server in the sender's language, a mail server that cannot be reached (the draft kept, the reason said),
 * closing and reopening, every refusal on the page, the sender's account deleted, and the site's 404
 * for members and guests on every page and post.
 */
let mailing: Awaited<ReturnType<typeof createMailingTestServer>>;
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
let ops: Jar;
let member: { jar: Jar; id: number; email: string };
let paidId: number;
let guestId: number;

const http = (server = srv) => httpClient((p, i) => server.request(p, i));
const text = (html: string) =>
  visible(html)
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
const page = async (path: string, jar = ops, server = srv) => {
  const res = await http(server).get(path, jar);
  expect(res.status).toBe(200);
  return res.text();
};
const post = (path: string, fields: Record<string, string>, jar = ops, server = srv) =>
  http(server).post(path, fields, jar);
const textarea = (html: string) => {
  const m = /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  return m
    ? m[1].replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&")
    : undefined;
};
const replies = (messageId: number, server = srv) =>
  queryRows<{ id: number; status: string; body: string }>(
    server.database.db,
    sql`select id, status, body from contact_reply where message_id = ${messageId} order by id`,
  );
const stateOf = async (id: number) =>
  (
    await queryRows<{ desk_state: string }>(
      srv.database.db,
      sql`select desk_state from contact_message where id = ${id}`,
    )
  )[0].desk_state;

beforeAll(async () => {
  mailing = await createMailingTestServer();
  srv = mailing.srv;
  ops = (await signedInOperator(srv, clock, "messages-ops")).jar;
  member = await signedInMember(srv, clock, "writer");
  await srv.database.db.execute(sql`update account set plan = 'PERSONAL_MONTHLY' where id = ${member.id}`);
  // The paid member writes first, from the Spanish page; a guest writes later, in English.
  const sent = await http().signUp(
    "/es/contact-us",
    {
      firstName: "Lucía",
      lastName: "Gómez",
      email: member.email,
      message: "Hola:\nNo encuentro mi factura de octubre.",
    },
    member.jar,
  );
  expect(sent.status).toBe(200);
  const guest = await http().signUp("/contact-us", {
    firstName: "Tom",
    lastName: "Baker",
    email: "tom.baker@example.com",
    message: "Is there a Keynote version of Harbour Pitch?",
  });
  expect(guest.status).toBe(200);
  const rows = await queryRows<{ id: number; email: string }>(
    srv.database.db,
    sql`select id, email from contact_message order by id`,
  );
  paidId = rows.find((r) => r.email === member.email)?.id ?? -1;
  guestId = rows.find((r) => r.email === "tom.baker@example.com")?.id ?? -1;
  // The guest's message is the newer one.
  await srv.database.db.execute(
    sql`update contact_message set created_at = created_at - interval '1 hour' where id = ${paidId}`,
  );
});
afterAll(() => mailing?.cleanup());

describe("members and guests", () => {
  it("get the site's 404 on every page and post of the messages desk, and change nothing", async () => {
    const paths = [
      "/operator/messages",
      "/es/operator/messages",
      "/operator/messages?state=closed",
      `/operator/messages/${paidId}`,
      `/es/operator/messages/${paidId}`,
      "/operator/messages/999999",
      "/operator/messages.data",
      `/operator/messages/${paidId}.data`,
    ];
    for (const jar of [member.jar, undefined]) {
      for (const path of paths) expect((await http().get(path, jar)).status, path).toBe(404);
      const posts: Record<string, string>[] = [
        { intent: "send", body: "Not from you." },
        { intent: "save", body: "Not from you." },
        { intent: "close" },
        { intent: "reopen" },
      ];
      for (const fields of posts) {
        for (const path of [`/operator/messages/${paidId}`, `/es/operator/messages/${paidId}`]) {
          const res = await http().post(path, fields, jar);
          expect(res.status, `${path} ${fields.intent}`).toBe(404);
        }
      }
    }
    expect(await replies(paidId)).toEqual([]);
    expect(await stateOf(paidId)).toBe("open");
    expect(mailing.smtp.to(member.email).filter((m) => /Re: /.test(m.raw))).toHaveLength(0);
  });
});

describe("the inbox", () => {
  it("shows the paid member's message first and marked with the plan, in both languages", async () => {
    const en = await page("/operator/messages");
    const seen = text(en);
    expect(seen).toContain("Messages");
    expect(seen).toMatch(/Open 2 Answered 0 Closed 0/);
    const order = [...en.matchAll(/href="\/operator\/messages\/(\d+)"/g)].map((m) => Number(m[1]));
    expect([...new Set(order)]).toEqual([paidId, guestId]);
    expect(seen).toContain("Priority · Personal");
    expect(seen).toContain("Lucía Gómez");
    expect(seen).toContain("Hola: No encuentro mi factura de octubre.");
    expect(en.match(/data-testid="priority-mark"/g)).toHaveLength(2); // the table's and the phone list's
    // The desk's navigation names the page.
    expect(en).toMatch(/<a[^>]*href="\/operator\/messages"[^>]*>Messages<\/a>/);

    const es = text(await page("/es/operator/messages"));
    expect(es).toMatch(/Abiertos 2 Respondidos 0 Cerrados 0/);
    expect(es).toContain("Prioritario · Personal");
    expect(es).toContain("Inglés");
    expect(await page("/es/operator/messages")).toMatch(/<a[^>]*href="\/es\/operator\/messages"[^>]*>Mensajes<\/a>/);
    expect(text(await page("/operator/messages?state=closed"))).toContain("No closed messages.");
    expect(text(await page("/es/operator/messages?state=answered"))).toContain("No hay mensajes respondidos.");
  });
});

describe("a message", () => {
  it("shows the whole message, its language and the sender's account, in both languages", async () => {
    const en = text(await page(`/operator/messages/${paidId}`));
    expect(en).toContain("Message from Lucía Gómez");
    expect(en).toContain("Hola: No encuentro mi factura de octubre.");
    expect(en).toContain("Written in Spanish");
    expect(en).toContain("Priority · Personal");
    expect(en).toContain("No reply yet.");
    expect(en).toContain("Your reply (in Spanish)");
    expect(await page(`/operator/messages/${paidId}`)).toContain(`href="/operator/members/${member.id}"`);
    const es = text(await page(`/es/operator/messages/${guestId}`));
    expect(es).toContain("Mensaje de Tom Baker");
    expect(es).toContain("Escrito en Inglés");
    expect(es).toContain("Ninguna: lo envió sin iniciar sesión");
    expect(es).toContain("Enviar respuesta");
    expect(es).toContain("Guardar borrador");
    expect((await http().get("/operator/messages/999999", ops)).status).toBe(404);
    expect((await http().get("/operator/messages/abc", ops)).status).toBe(404);
  });

  it("refuses what cannot be sent with the page's words, keeping what was typed", async () => {
    const empty = await post(`/operator/messages/${guestId}`, { intent: "send", body: "   " });
    expect(empty.status).toBe(200);
    expect(notices(visible(await empty.text()))).toContain("Write a reply first.");
    const es = await post(`/es/operator/messages/${guestId}`, { intent: "save", body: "" });
    expect(notices(visible(await es.text()))).toContain("Escribe primero una respuesta.");
    const huge = "a".repeat(100_000);
    const long = await post(`/operator/messages/${guestId}`, { intent: "send", body: huge });
    expect(long.status).toBe(200);
    const longHtml = await long.text();
    expect(notices(visible(longHtml))).toContain("A reply can have up to 10,000 characters.");
    expect(textarea(longHtml)).toBe(huge);
    expect(longHtml).toMatch(/<textarea[^>]*aria-invalid="true"/);
    const longEs = await post(`/es/operator/messages/${guestId}`, { intent: "send", body: huge });
    expect(notices(visible(await longEs.text()))).toContain("Una respuesta puede tener hasta 10.000 caracteres.");
    // A body past the server's limit for any form is refused before the page, in the page's language.
    const tooBig = await post(`/es/operator/messages/${guestId}`, { intent: "send", body: "é".repeat(100_000) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).not.toMatch(/error|exception/i);
    const odd = await post(`/operator/messages/${guestId}`, { intent: "delete", body: "x" });
    expect(notices(visible(await odd.text()))).toContain("Something in the form was not right.");
    // Another message's reply, and a reply id that is none.
    await post(`/operator/messages/${paidId}`, { intent: "save", body: "Draft for Lucía." });
    const [other] = await replies(paidId);
    for (const replyId of [String(other.id), "999999", "nope"]) {
      const res = await post(`/operator/messages/${guestId}`, { intent: "send", replyId, body: "Hi Tom" });
      expect(notices(visible(await res.text()))).toContain("This reply does not belong to this message.");
    }
    const gone = await post("/operator/messages/999999", { intent: "send", body: "Hi" });
    expect(gone.status).toBe(404);
    expect(await replies(guestId)).toEqual([]);
    expect(await replies(paidId)).toMatchObject([{ status: "draft", body: "Draft for Lucía." }]);
  });

  it("sends the reply to a real SMTP server in the sender's language, once, and keeps it in the thread", async () => {
    const [draft] = await replies(paidId);
    const page1 = await page(`/operator/messages/${paidId}`);
    expect(textarea(page1)).toBe("Draft for Lucía.");
    expect(page1).toContain(`name="replyId" value="${draft.id}"`);
    const body = "Hola, Lucía:\n\nTe la acabamos de reenviar.\nUn saludo";
    // Sent twice at once (a double click): one mail.
    const [a, b] = await Promise.all([
      post(`/operator/messages/${paidId}`, { intent: "send", replyId: String(draft.id), body }),
      post(`/operator/messages/${paidId}`, { intent: "send", replyId: String(draft.id), body }),
    ]);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(notices(visible(await res.text()))).toContain("Reply sent.");
    }
    const mails = mailing.smtp.to(member.email).filter((m) => /^Subject: Re: /m.test(m.raw));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toMatch(/^Subject: Re: tu mensaje a SlideNest\r?$/m);
    expect(mails[0].raw).toMatch(/^Content-Language: es\r?$/m);
    expect(mails[0].body).toContain("Te la acabamos de reenviar.");
    expect(mails[0].body).toContain("No encuentro mi factura de octubre.");
    expect(await replies(paidId)).toEqual([{ id: draft.id, status: "sent", body }]);
    expect(await stateOf(paidId)).toBe("answered");

    const after = await page(`/es/operator/messages/${paidId}`);
    const seen = text(after);
    expect(seen).toContain("Respondido");
    expect(seen).toContain("Enviada");
    expect(seen).toContain("Te la acabamos de reenviar.");
    expect(textarea(after)).toBe("");
    expect(after).not.toContain('name="replyId"');
    const inbox = text(await page("/operator/messages?state=answered"));
    expect(inbox).toContain("Lucía Gómez");
    expect(inbox).toContain("1 reply sent");
    const audit = await queryRows<{ action: string }>(
      srv.database.db,
      sql`select action from operator_audit where target_kind = 'contactMessage' and target_id = ${String(paidId)} order by id`,
    );
    expect(audit.map((x) => x.action)).toEqual(["contactMessage.replySaved", "contactMessage.replySent"]);
  });

  it("closes and reopens in Spanish, the state shown", async () => {
    const closed = await post(`/es/operator/messages/${guestId}`, { intent: "close" });
    const html = await closed.text();
    expect(notices(visible(html))).toContain("Mensaje cerrado.");
    expect(text(html)).toContain("Volver a abrir");
    expect(await stateOf(guestId)).toBe("closed");
    expect(text(await page("/es/operator/messages?state=closed"))).toContain("Tom Baker");
    const reopened = await post(`/operator/messages/${guestId}`, { intent: "reopen" });
    expect(notices(visible(await reopened.text()))).toContain("Message reopened.");
    expect(await stateOf(guestId)).toBe("open");
  });

  it("still shows a message whose sender deleted their account, without the account", async () => {
    const gone = await http().post("/profile/settings", { intent: "delete", password: "Sl1des!rock" }, member.jar);
    expect(gone.status).toBe(302);
    const seen = text(await page(`/operator/messages/${paidId}`));
    expect(seen).toContain("Deleted account");
    expect(seen).toContain("No encuentro mi factura de octubre.");
    expect(await page(`/operator/messages/${paidId}`)).not.toContain(`/operator/members/${member.id}`);
  });
});

describe("a mail server that cannot be reached", () => {
  it("keeps the reply as a draft and says so, with the server's words, in both languages", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer();
      s.listen(0, "127.0.0.1", () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const dead = smtpMailer({ url: `smtp://127.0.0.1:${closedPort}`, log: { info() {}, warn() {}, error() {} } });
    const down = await createTestServer({ mailer: dead });
    try {
      const opsDown = (await signedInOperator(down, clock, "messages-ops-down")).jar;
      await http(down).signUp("/contact-us", {
        firstName: "Eve",
        lastName: "Moss",
        email: "eve.moss@example.com",
        message: "Hello?",
      });
      const [row] = await queryRows<{ id: number }>(down.database.db, sql`select id from contact_message`);
      const words = "We are looking into it.\nBest,\nSupport";
      const res = await post(`/operator/messages/${row.id}`, { intent: "send", body: words }, opsDown, down);
      expect(res.status).toBe(200);
      const html = await res.text();
      const said = notices(visible(html));
      expect(said).toContain("The reply could not be sent. Your words are kept as a draft");
      expect(said).toMatch(/ECONNREFUSED/);
      expect(textarea(html)).toBe(words);
      expect(await replies(row.id, down)).toMatchObject([{ status: "failed", body: words }]);
      // Reloaded, in Spanish: the words are still in the form, the thread says it was not sent.
      const again = await page(`/es/operator/messages/${row.id}`, opsDown, down);
      expect(textarea(again)).toBe(words);
      expect(text(again)).toContain("No enviada");
      expect(text(again)).toContain("No se envió. El servidor de correo dijo:");
      const es = await post(`/es/operator/messages/${row.id}`, { intent: "send", body: words }, opsDown, down);
      expect(notices(visible(await es.text()))).toContain("No se pudo enviar la respuesta.");
      expect(await replies(row.id, down)).toHaveLength(1);
    } finally {
      await down.cleanup();
      dead.close();
    }
  });
});
