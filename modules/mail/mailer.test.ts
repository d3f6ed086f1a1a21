import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "#server/logger.ts";
import { createTestDatabase } from "#tests/db.ts";
import { type ReceivedMail, startSmtpServer } from "#tests/smtp.ts";
import {
  createMailer,
  getOutboxAttachment,
  getOutboxMail,
  listOutbox,
  type MailMessage,
  outboxMailer,
  smtpMailer,
} from "./mailer.ts";
import { escapeHtml, renderMail } from "./render.ts";

type Entry = { level: string; msg: string; fields?: Record<string, unknown> };
function recordingLog() {
  const entries: Entry[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => entries.push({ level, msg, fields });
  return { entries, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  to: "ana@example.com",
  subject: "Confirm your email",
  text: "Hello Ana, please confirm your email address.",
  html: "<p>Hello Ana, please confirm your email address.</p>",
  kind: "verify-email",
  locale: "en",
  ...over,
});

describe("outbox mailer", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("keeps mails in the outbox, lists them newest first and fetches one by id", async () => {
    const { entries, log } = recordingLog();
    const mailer = outboxMailer(database.db, log);
    expect(mailer.kind).toBe("outbox");
    await mailer.send(message());
    await mailer.send(message({ to: "luis@example.com", subject: "Restablece tu contraseña", locale: "es" }));
    expect(entries).toEqual([
      { level: "info", msg: "mail kept in outbox", fields: { toDomain: "example.com", kind: "verify-email" } },
      { level: "info", msg: "mail kept in outbox", fields: { toDomain: "example.com", kind: "verify-email" } },
    ]);

    const rows = await listOutbox(database.db);
    expect(rows.map((r) => r.to)).toEqual(["luis@example.com", "ana@example.com"]);
    expect(rows[0]).toMatchObject({ subject: "Restablece tu contraseña", locale: "es", kind: "verify-email" });
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(await listOutbox(database.db, { limit: 1 })).toHaveLength(1);

    const one = await getOutboxMail(database.db, rows[1].id);
    expect(one).toMatchObject({ ...message(), id: rows[1].id });
    expect(await getOutboxMail(database.db, 999_999)).toBeNull();
  });

  it("keeps a mail's attachments: listed by name, type and size, each read back as sent", async () => {
    const { log } = recordingLog();
    const content = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10]);
    await outboxMailer(database.db, log).send(
      message({
        subject: "Receipt",
        attachments: [{ filename: "SN-2026-000001.pdf", contentType: "application/pdf", content }],
      }),
    );
    const [row] = await listOutbox(database.db, { limit: 1 });
    expect(row.attachments).toEqual([{ filename: "SN-2026-000001.pdf", contentType: "application/pdf", size: 8 }]);
    expect((await getOutboxMail(database.db, row.id))?.attachments).toHaveLength(1);
    const file = await getOutboxAttachment(database.db, row.id, 0);
    expect(file?.content.equals(content)).toBe(true);
    expect(file?.filename).toBe("SN-2026-000001.pdf");
    expect(await getOutboxAttachment(database.db, row.id, 1)).toBeNull();
    expect(await getOutboxAttachment(database.db, 999_999, 0)).toBeNull();
    // A mail without any lists none.
    await outboxMailer(database.db, log).send(message());
    expect((await listOutbox(database.db, { limit: 1 }))[0].attachments).toEqual([]);
  });

  it("is chosen by createMailer when no SMTP URL is configured", () => {
    const { log } = recordingLog();
    expect(createMailer({ db: database.db, log }).kind).toBe("outbox");
  });
});

describe("smtp mailer", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let port: number;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    port = smtp.port;
  });
  afterAll(() => smtp?.close());

  it("delivers the message to a real SMTP server", async () => {
    const { log } = recordingLog();
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, log });
    expect(mailer.kind).toBe("smtp");
    try {
      await mailer.send(message());
    } finally {
      mailer.close();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe("no-reply@slidenest.example");
    expect(mail.to).toEqual(["ana@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Confirm your email\r?$/m);
    expect(mail.raw).toMatch(/^From: SlideNest <no-reply@slidenest\.example>\r?$/m);
    expect(mail.raw).toContain("Hello Ana, please confirm your email");
    expect(mail.raw).toContain("text/html");
  });

  it("sends attachments as MIME parts with their name and type", async () => {
    const { log } = recordingLog();
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, log });
    const content = Buffer.from("%PDF-1.4 receipt");
    try {
      await mailer.send(
        message({
          to: "attach@example.com",
          attachments: [{ filename: "SN-2026-000002.pdf", contentType: "application/pdf", content }],
        }),
      );
    } finally {
      mailer.close();
    }
    const mail = received.find((m) => m.to.includes("attach@example.com"));
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=SN-2026-000002\.pdf/);
    expect(mail?.raw).toMatch(/Content-Disposition: attachment; filename=SN-2026-000002\.pdf/);
    expect(mail?.raw).toContain(content.toString("base64"));
  });

  it("is chosen by createMailer when an SMTP URL is configured", () => {
    const { log } = recordingLog();
    const mailer = createMailer({ db: {} as never, log, smtpUrl: `smtp://127.0.0.1:${port}` });
    expect(mailer.kind).toBe("smtp");
    (mailer as ReturnType<typeof smtpMailer>).close();
  });

  it("rejects and logs when the server cannot be reached", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { entries, log } = recordingLog();
    const mailer = smtpMailer({ url: `smtp://127.0.0.1:${deadPort}`, log });
    try {
      await expect(mailer.send(message())).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: "error", msg: "mail not sent", fields: { kind: "verify-email" } });
  });
});

describe("mail logs", () => {
  /** Everything the real logger writes (stdout and stderr) while `run` runs. */
  async function captureLogs(run: (log: ReturnType<typeof createLogger>) => Promise<void>): Promise<string> {
    const lines: string[] = [];
    const keep = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, "write").mockImplementation(keep);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(keep);
    try {
      await run(createLogger("debug"));
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    return lines.join("");
  }

  it("name the recipient's domain, never the address, when the outbox keeps a mail or an SMTP server refuses one", async () => {
    const database = await createTestDatabase();
    const smtp = await startSmtpServer({ refuse: (to) => to.toLowerCase().startsWith("nobody.here") });
    const to = "Nobody.Here+tag@Example-Mail.com";
    try {
      const output = await captureLogs(async (log) => {
        await outboxMailer(database.db, log).send(message({ to }));
        const mailer = smtpMailer({ url: smtp.url, log });
        try {
          const refused = await mailer.send(message({ to, replyTo: { name: "Ana", address: "ana@example.com" } })).then(
            () => null,
            (error: unknown) => error as Error,
          );
          // The error still names the address for the caller; only what is written to the logs is scrubbed.
          expect(String(refused?.message)).toMatch(/nobody\.here/i);
          // A feature that logs the failure (the contact form, sign-up) passes the same error on.
          log.error("contact message not sent to support", { id: 1, error: refused });
          log.warn("token log-in failed", { reason: `no account for ${to} (ana@example.com)` });
        } finally {
          mailer.close();
        }
      });
      expect(output).toContain("mail kept in outbox");
      expect(output).toContain("mail not sent");
      expect(output).toContain("example-mail.com");
      expect(output).toMatch(/550|Recipient address rejected/);
      expect(output.toLowerCase()).not.toContain("nobody.here");
      expect(output).not.toMatch(/[\w.+-]+@[\w-]+(\.[\w-]+)+/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
      await database.cleanup();
    }
  });
});

describe("renderMail", () => {
  const base = {
    locale: "es" as const,
    heading: "Confirma tu correo",
    paragraphs: ["Gracias por registrarte."],
    footer: "SlideNest, 2025",
  };

  it("escapes every interpolated text", () => {
    const { html, text } = renderMail({
      ...base,
      preheader: `"quoted" & <b>`,
      heading: "<script>alert(1)</script>",
      paragraphs: ["Hi <script>alert('x')</script> & welcome"],
      footer: "<img src=x onerror=alert(1)>",
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Hi &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; welcome");
    expect(html).toContain("&quot;quoted&quot; &amp; &lt;b&gt;");
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("#4f46e5");
    expect(html).toContain("SlideNest");
    // The text version is not HTML: it stays as written.
    expect(text).toContain("<script>alert(1)</script>");
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("shows the action as a button and as plain text, and lays out the text version", () => {
    const url = "https://slidenest.example/verify?token=a&b=c";
    const { html, text } = renderMail({ ...base, action: { label: "Confirmar", url } });
    expect(html).toContain('href="https://slidenest.example/verify?token=a&amp;b=c"');
    expect(html.split("https://slidenest.example/verify?token=a&amp;b=c")).toHaveLength(3);
    expect(html).toContain(">Confirmar</a>");
    expect(text).toBe(`Confirma tu correo\n\nGracias por registrarte.\n\nConfirmar: ${url}\n\nSlideNest, 2025\n`);
  });

  it("quotes a text as written: escaped, line breaks kept, after the paragraphs", () => {
    const quote = "Line <1> & 'two'\n\nLine 3";
    const { html, text } = renderMail({ ...base, quote });
    expect(html).toContain("white-space:pre-wrap");
    expect(html).toContain("Line &lt;1&gt; &amp; &#39;two&#39;\n\nLine 3</div>");
    expect(html.indexOf("Gracias por registrarte.")).toBeLessThan(html.indexOf("Line &lt;1&gt;"));
    expect(text).toBe(`Confirma tu correo\n\nGracias por registrarte.\n\n${quote}\n\nSlideNest, 2025\n`);
  });

  it("refuses action URLs that are not http(s)", () => {
    expect(() => renderMail({ ...base, action: { label: "Go", url: "javascript:alert(1)" } })).toThrow(/http/);
    expect(() => renderMail({ ...base, action: { label: "Go", url: " JavaScript:alert(1)" } })).toThrow(/http/);
    expect(() => renderMail({ ...base, action: { label: "Go", url: "/relative" } })).toThrow();
    expect(() => renderMail({ ...base, action: { label: "Go", url: "http://localhost:3000/x" } })).not.toThrow();
  });
});
