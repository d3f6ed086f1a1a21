import { desc, eq, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Locale } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { mailOutbox } from "#db/schema/index.ts";
import type { Logger } from "#modules/shared/context.ts";
import { emailDomain } from "#modules/shared/redact.ts";

/** A file sent with a mail (an invoice's PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * One rendered email. `kind` names its purpose (e.g. "verify-email") for logs and the outbox; `replyTo`
 * is where answers go when that is not the sender (a contact message answered by support). The outbox
 * keeps only the columns of its table, so no Reply-To; it keeps attachments (base64, a few kB each).
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  locale: Locale;
  replyTo?: { name: string; address: string };
  attachments?: MailAttachment[];
};

/** The port every feature sends mail through. */
export type Mailer = { kind: "outbox" | "smtp"; send(msg: MailMessage): Promise<void> };

/** A mail kept in the outbox table; its attachments are listed by name, type and size (fetched one by one). */
export type OutboxMail = Omit<MailMessage, "attachments"> & {
  id: number;
  createdAt: Date;
  attachments: { filename: string; contentType: string; size: number }[];
};

/** The sender used when none is configured. */
export const DEFAULT_FROM = "SlideNest <no-reply@slidenest.example>";

/** Keeps every mail in the `mail_outbox` table instead of sending it (development, tests, no SMTP configured). */
export function outboxMailer(db: Db, log: Logger): Mailer {
  return {
    kind: "outbox",
    async send(msg) {
      const { to, subject, text, html, kind, locale } = msg;
      const attachments = msg.attachments?.length
        ? msg.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content.toString("base64"),
          }))
        : null;
      await db.insert(mailOutbox).values({ to, subject, text, html, kind, locale, attachments });
      // The recipient's domain, never the address (the row itself is the record, purged with the outbox).
      log.info("mail kept in outbox", { toDomain: emailDomain(to), kind });
    },
  };
}

const outboxColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  kind: mailOutbox.kind,
  locale: mailOutbox.locale,
  createdAt: mailOutbox.createdAt,
  // Names, types and sizes only: the files themselves are read one at a time (outboxAttachment).
  attachments: sql<OutboxMail["attachments"] | null>`(
    select jsonb_agg(jsonb_build_object('filename', a->>'filename', 'contentType', a->>'contentType',
      'size', octet_length(decode(a->>'content', 'base64'))))
    from jsonb_array_elements(coalesce(${mailOutbox.attachments}, '[]'::jsonb)) a)`,
};

type OutboxRow = Omit<OutboxMail, "attachments" | "createdAt"> & {
  createdAt: Date | string;
  attachments: OutboxMail["attachments"] | string | null;
};

function reshapeOutbox(row: OutboxRow): OutboxMail {
  const list = typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments;
  return { ...row, createdAt: new Date(row.createdAt), attachments: list ?? [] };
}

/** The most recent outbox mails, newest first. */
export async function listOutbox(db: Db, { limit = 50 }: { limit?: number } = {}): Promise<OutboxMail[]> {
  const rows = await db
    .select(outboxColumns)
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return (rows as OutboxRow[]).map(reshapeOutbox);
}

/** One outbox mail by id, or null. */
export async function getOutboxMail(db: Db, id: number): Promise<OutboxMail | null> {
  const [row] = await db.select(outboxColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ? reshapeOutbox(row as OutboxRow) : null;
}

/** One attachment of an outbox mail by its position, or null. */
export async function getOutboxAttachment(db: Db, id: number, index: number): Promise<MailAttachment | null> {
  const [row] = await db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  const raw = row?.attachments;
  const list = (typeof raw === "string" ? JSON.parse(raw) : raw) as
    | { filename: string; contentType: string; content: string }[]
    | null
    | undefined;
  const a = list?.[index];
  return a ? { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content, "base64") } : null;
}

/** Sends through the SMTP server at `url` (smtp:// or smtps://). `send` rejects when the server refuses or is unreachable. */
export function smtpMailer(opts: { url: string; from?: string; log: Logger }): Mailer & { close(): void } {
  // nodemailer (about 23 MB resident) is loaded by the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => (transport ??= import("nodemailer").then((m) => m.createTransport(opts.url)));
  const from = opts.from ?? DEFAULT_FROM;
  return {
    kind: "smtp",
    async send(msg) {
      try {
        await (await transportOf()).sendMail({
          from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          // An object, not a string: nodemailer encodes the name, so it can never add an address or a header.
          ...(msg.replyTo ? { replyTo: { name: msg.replyTo.name, address: msg.replyTo.address } } : {}),
          headers: { "Content-Language": msg.locale },
          ...(msg.attachments?.length
            ? {
                attachments: msg.attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: a.content,
                })),
              }
            : {}),
        });
      } catch (error) {
        // The error's text names the recipient: the logger scrubs addresses from it (server/logger.ts).
        opts.log.error("mail not sent", { kind: msg.kind, toDomain: emailDomain(msg.to), error });
        throw error;
      }
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/** SMTP when `smtpUrl` is set, otherwise the outbox. */
export function createMailer(opts: { db: Db; log: Logger; smtpUrl?: string; from?: string }): Mailer {
  return opts.smtpUrl
    ? smtpMailer({ url: opts.smtpUrl, from: opts.from, log: opts.log })
    : outboxMailer(opts.db, opts.log);
}
