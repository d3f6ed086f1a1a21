import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import { createJobHandlers } from "#modules/jobs/handlers.ts";
import { type JobQueue, startJobQueue } from "#modules/jobs/queue.ts";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { paymentFields } from "#tests/payments.ts";
import { startSmtpServer } from "#tests/smtp.ts";
import { sendOwedReceipts } from "./mails.ts";
import { sandboxProvider } from "./provider.ts";
import { paymentSchema } from "./schemas.ts";
import {
  advanceDueSubscriptions,
  type BillingContext,
  cancelSubscription,
  fromPaymentForm,
  renewSubscription,
  subscribe,
  upgrade,
} from "./service.ts";

type Entry = { level: string; msg: string; fields?: Record<string, unknown> };
function recordingLog() {
  const entries: Entry[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => entries.push({ level, msg, fields });
  return { entries, log: { info: at("info"), warn: at("warn"), error: at("error") } };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** A second SMTP server that refuses every recipient (a mail server saying no). */
let refusing: Awaited<ReturnType<typeof startSmtpServer>>;
const mailers: { close(): void }[] = [];
let clockNow = new Date("2026-11-01T09:00:00Z");
const clock: Clock = { now: () => clockNow };
const ORIGIN = "https://slidenest.example";

function ctx(locale: Locale = "en", over: Partial<BillingContext> = {}): BillingContext {
  const mailer = smtpMailer({ url: smtp.url, log: recordingLog().log });
  mailers.push(mailer);
  return {
    db: database.db,
    locale,
    clock,
    log: recordingLog().log,
    payments: sandboxProvider(),
    mailer,
    origin: ORIGIN,
    translate: serverT,
    ...over,
  };
}

let seq = 0;
async function newAccount(locale: Locale): Promise<{ id: number; email: string }> {
  seq++;
  const email = `payer${seq}@example.com`;
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into account (email, username, name, password_hash, verified_at, locale)
        values (${email}, ${`payer${seq}`}, ${`Payer ${seq}`}, 'x', now(), ${locale}) returning id`,
  );
  return { id: row.id, email };
}

async function buy(c: BillingContext, accountId: number, over: Record<string, string> = {}) {
  const parsed = paymentSchema.safeParse(paymentFields(over));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const r = await subscribe(c, { accountId, ...fromPaymentForm(parsed.data) });
  if (!r.ok) throw new Error(r.code);
  return r.value;
}

const invoicesOf = (accountId: number) =>
  queryRows<{ id: number; number: string; status: string; receipt_sent_at: Date | null }>(
    database.db,
    sql`select id, number, status, receipt_sent_at from invoice where account_id = ${accountId} order by id`,
  );

/** The PDF a raw MIME message carries, with its file name. */
function pdfAttachment(raw: string): { filename: string; pdf: Buffer } | null {
  const boundary = /boundary="?([^";\r\n]+)"?/g;
  const boundaries = [...raw.matchAll(boundary)].map((m) => m[1]);
  const parts = boundaries.reduce<string[]>((acc, b) => acc.flatMap((p) => p.split(`--${b}`)), [raw]);
  const part = parts.find((p) => /Content-Type:\s*application\/pdf/i.test(p));
  if (!part) return null;
  const split = part.indexOf("\r\n\r\n", part.search(/Content-Type:\s*application\/pdf/i));
  const headers = part.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? "";
  return { filename, pdf: Buffer.from(part.slice(split + 4).replace(/[^A-Za-z0-9+/=]/g, ""), "base64") };
}

const pdfText = (pdf: Buffer) => spawnSync("pdftotext", ["-", "-"], { input: pdf }).stdout.toString();

const subjectOf = (raw: string) => {
  const line = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  // Encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) as nodemailer writes non-ASCII subjects.
  return line
    .replace(/\r\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, s: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(s, "base64").toString("utf8")
        : Buffer.from(
            s
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  refusing = await startSmtpServer({ refuse: () => true });
});
afterAll(async () => {
  for (const m of mailers) m.close();
  await smtp?.close();
  await refusing?.close();
  await database?.cleanup();
});

describe("receipts", () => {
  it("mails the first payment's receipt in English with the invoice PDF attached, and records it as sent", async () => {
    clockNow = new Date("2026-11-01T09:00:00Z");
    const member = await newAccount("en");
    await buy(ctx("en"), member.id);
    const [invoice] = await invoicesOf(member.id);
    expect(invoice.status).toBe("paid");
    expect(invoice.receipt_sent_at).not.toBeNull();
    const mails = smtp.to(member.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(subjectOf(mail.raw)).toBe(`Your SlideNest receipt ${invoice.number}`);
    expect(mail.body).toContain(
      "We received your payment of $7.99 on November 1, 2026 for your plan: Personal, monthly.",
    );
    expect(mail.body).toContain("It covers November 1, 2026 to December 1, 2026.");
    expect(mail.body).toContain(`Invoice ${invoice.number} is attached to this e-mail as a PDF.`);
    expect(mail.body).toContain(`${ORIGIN}/profile/invoices`);
    // Plain text and HTML, both.
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const file = pdfAttachment(mail.raw);
    expect(file?.filename).toBe(`${invoice.number}.pdf`);
    expect(file?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(file?.pdf as Buffer);
    expect(text).toContain(invoice.number);
    expect(text).toContain("Invoice");
    expect(text).toContain("$7.99");
  });

  it("mails a Spanish member's receipt in Spanish, links under /es, the PDF in Spanish with its number", async () => {
    const member = await newAccount("es");
    await buy(ctx("es"), member.id);
    const [invoice] = await invoicesOf(member.id);
    const [mail] = smtp.to(member.email);
    expect(subjectOf(mail.raw)).toBe(`Tu recibo de SlideNest ${invoice.number}`);
    expect(mail.body).toContain("Hemos recibido tu pago de 7,99");
    expect(mail.body).toContain("por tu plan: Personal, mensual.");
    expect(mail.body).toContain(`${ORIGIN}/es/profile/invoices`);
    expect(mail.raw).toContain("Content-Language: es");
    const text = pdfText(pdfAttachment(mail.raw)?.pdf as Buffer);
    expect(text).toContain(invoice.number);
    expect(text).toContain("Factura");
  });

  it("mails a receipt for each renewal and for an upgrade (with its credit), each with its own invoice", async () => {
    clockNow = new Date("2026-11-01T09:00:00Z");
    const member = await newAccount("en");
    await buy(ctx("en"), member.id);
    clockNow = new Date("2026-11-16T09:00:00Z");
    const up = await upgrade(ctx("en"), {
      accountId: member.id,
      target: "COMMERCIAL_MONTHLY",
      attempt: "upgrade-mail-1",
    });
    expect(up.ok).toBe(true);
    clockNow = new Date("2026-12-16T09:00:01Z");
    await advanceDueSubscriptions(ctx("en"));
    const invoices = await invoicesOf(member.id);
    expect(invoices).toHaveLength(3);
    expect(invoices.every((i) => i.status === "paid" && i.receipt_sent_at !== null)).toBe(true);
    const mails = smtp.to(member.email);
    expect(mails.map((m) => subjectOf(m.raw))).toEqual(invoices.map((i) => `Your SlideNest receipt ${i.number}`));
    expect(mails[1].body).toContain("for your plan: Commercial, monthly.");
    expect(mails[1].body).toMatch(/A credit of \$\d+\.\d\d for the unused time on your previous plan was taken off\./);
    for (const [i, m] of mails.entries())
      expect(pdfText(pdfAttachment(m.raw)?.pdf as Buffer)).toContain(invoices[i].number);
  });

  it("keeps the charge when the mail server refuses: the error is logged, the receipt stays owed and the maintenance net sends it", async () => {
    clockNow = new Date("2026-11-03T09:00:00Z");
    const member = await newAccount("en");
    const { entries, log } = recordingLog();
    const down = smtpMailer({ url: refusing.url, log });
    mailers.push(down);
    const outcome = await buy(ctx("en", { mailer: down, log }), member.id);
    expect(outcome.plan).toBe("PERSONAL_MONTHLY");
    const [invoice] = await invoicesOf(member.id);
    expect(invoice).toMatchObject({ status: "paid", receipt_sent_at: null });
    const [plan] = await queryRows<{ plan: string }>(
      database.db,
      sql`select plan from account where id = ${member.id}`,
    );
    expect(plan.plan).toBe("PERSONAL_MONTHLY");
    expect(entries.some((e) => e.level === "error" && e.msg === "receipt not sent")).toBe(true);
    expect(smtp.to(member.email)).toHaveLength(0);

    // The net waits a grace period (the queue's job goes first), then sends it once.
    const mail = {
      db: database.db,
      clock,
      log,
      mailer: ctx().mailer as NonNullable<BillingContext["mailer"]>,
      origin: ORIGIN,
      translate: serverT,
    };
    expect(await sendOwedReceipts(mail)).toBe(0);
    clockNow = new Date("2026-11-03T09:11:00Z");
    expect(await sendOwedReceipts(mail)).toBeGreaterThanOrEqual(1);
    expect(await sendOwedReceipts(mail)).toBe(0);
    const mails = smtp.to(member.email);
    expect(mails).toHaveLength(1);
    expect(pdfText(pdfAttachment(mails[0].raw)?.pdf as Buffer)).toContain(invoice.number);
    expect((await invoicesOf(member.id))[0].receipt_sent_at).not.toBeNull();
  });

  it("hands the receipt to the job queue when there is one; its job sends it, and rejects (to be retried) while the server refuses", async () => {
    clockNow = new Date("2026-11-04T09:00:00Z");
    const member = await newAccount("es");
    const queued: number[] = [];
    await buy(ctx("es", { jobs: { scheduleReceipt: async (id) => void queued.push(id) } }), member.id);
    const [invoice] = await invoicesOf(member.id);
    expect(queued).toEqual([invoice.id]);
    expect(smtp.to(member.email)).toHaveLength(0);

    const { entries, log } = recordingLog();
    const down = smtpMailer({ url: refusing.url, log });
    mailers.push(down);
    const base = { database, log, clock, billing: () => ctx() };
    const failing = createJobHandlers({ ...base, mail: { mailer: down, origin: ORIGIN } });
    await expect(failing.sendReceipt?.(invoice.id)).rejects.toThrow();
    expect(entries.some((e) => e.msg === "receipt not sent, will retry" && e.fields?.invoiceId === invoice.id)).toBe(
      true,
    );

    // The real queue (pg-boss on this database) runs the job.
    const up = smtpMailer({ url: smtp.url, log });
    mailers.push(up);
    let queue: JobQueue | undefined;
    try {
      queue = await startJobQueue({
        database,
        log,
        handlers: createJobHandlers({ ...base, mail: { mailer: up, origin: ORIGIN } }),
        pollingIntervalSeconds: 0.5,
        sweepCron: "0 0 1 1 *",
      });
      await queue.scheduleReceipt(invoice.id);
      const end = Date.now() + 15_000;
      while (Date.now() < end && smtp.to(member.email).length === 0) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await queue?.stop();
    }
    const mails = smtp.to(member.email);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0].raw)).toBe(`Tu recibo de SlideNest ${invoice.number}`);
    expect((await invoicesOf(member.id))[0].receipt_sent_at).not.toBeNull();
  });
});

describe("cancel and renew confirmations", () => {
  it("confirms a cancellation with what stays until when (once), and a renewal with the next charge", async () => {
    clockNow = new Date("2026-11-05T09:00:00Z");
    const member = await newAccount("en");
    await buy(ctx("en"), member.id);
    const c = await cancelSubscription(ctx("en"), { accountId: member.id, reason: "tooExpensive" });
    expect(c.ok).toBe(true);
    // Cancelling again changes nothing and mails nothing.
    await cancelSubscription(ctx("en"), { accountId: member.id, reason: "other" });
    let mails = smtp.to(member.email).slice(1);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0].raw)).toBe("Your SlideNest subscription is canceled");
    expect(mails[0].body).toContain("Your plan (Personal, monthly) stays until December 5, 2026");
    expect(mails[0].body).toContain("On December 5, 2026 your account moves to the Free plan: 10 downloads");
    expect(mails[0].body).toContain(`${ORIGIN}/profile/billing`);

    const r = await renewSubscription(ctx("en"), { accountId: member.id });
    expect(r.ok).toBe(true);
    mails = smtp.to(member.email).slice(2);
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0].raw)).toBe("Your SlideNest subscription continues");
    expect(mails[0].body).toContain("The next charge is $7.99 on December 5, 2026, to the card on file.");
  });

  it("confirms both in Spanish for a Spanish member, links under /es", async () => {
    clockNow = new Date("2026-11-06T09:00:00Z");
    const member = await newAccount("es");
    // The page was English; the member's language is Spanish.
    await buy(ctx("en"), member.id);
    await cancelSubscription(ctx("en"), { accountId: member.id, reason: "other" });
    await renewSubscription(ctx("en"), { accountId: member.id });
    const [, cancelled, renewed] = smtp.to(member.email);
    expect(subjectOf(cancelled.raw)).toBe("Tu suscripción de SlideNest está cancelada");
    expect(cancelled.body).toContain("Tu plan (Personal, mensual) sigue hasta el 6 de diciembre de 2026");
    expect(cancelled.body).toContain(`${ORIGIN}/es/profile/billing`);
    expect(subjectOf(renewed.raw)).toBe("Tu suscripción de SlideNest continúa");
    expect(renewed.body).toContain("El próximo cobro es de 7,99");
    expect(renewed.body).toContain("el 6 de diciembre de 2026");
  });

  it("keeps the cancellation when its confirmation cannot be sent (logged)", async () => {
    clockNow = new Date("2026-11-07T09:00:00Z");
    const member = await newAccount("en");
    await buy(ctx("en"), member.id);
    const { entries, log } = recordingLog();
    const down = smtpMailer({ url: refusing.url, log });
    mailers.push(down);
    const c = await cancelSubscription(ctx("en", { mailer: down, log }), { accountId: member.id, reason: "other" });
    expect(c.ok).toBe(true);
    const [sub] = await queryRows<{ cancel_at_period_end: boolean }>(
      database.db,
      sql`select cancel_at_period_end from subscription where account_id = ${member.id}`,
    );
    expect(sub.cancel_at_period_end).toBe(true);
    expect(entries.some((e) => e.msg === "cancellation notice not sent")).toBe(true);
  });
});
