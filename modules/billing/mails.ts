/**
 * The billing mails (issue 22), each in the member's language (the account's): the receipt of every
 * charge with the invoice's PDF attached, and the confirmations of cancelling and renewing.
 *
 * A charge is committed before any mail: the receipt is owed by the invoice itself (`receipt_sent_at`
 * null) until it goes out. The job queue sends it at once and retries with back-off; without a queue
 * (tests, scripts) it goes out after the answer or before it. Whatever fails, the maintenance job sends
 * the receipts still owed (sendOwedReceipts), so neither a refused send nor a crash loses one, and no
 * failed send ever fails the payment.
 */
import { BILLING, DOWNLOAD_ALLOWANCE, LOCALE_TAGS, type Locale, type PaidPlanCode } from "#config/constants.ts";
import { renderMail } from "#modules/mail/render.ts";
import type { Scope } from "#modules/scope.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { BillingContext } from "./common.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { getOwnInvoice } from "./invoices.ts";
import { markReceiptSent, selectMailRecipient, selectOwedReceipt, selectOwedReceiptIds } from "./mail-repo.ts";
import { planInfo } from "./plans.ts";

/** What sending a billing mail takes. */
export type BillingMailContext = Pick<Scope, "db" | "clock" | "log" | "mailer" | "origin" | "translate">;

const asLocale = (v: string): Locale => (v === "es" ? "es" : "en");

/** The mail ports of a billing context, when it has them (a request's scope does; a bare test context not). */
function mailPorts(ctx: BillingContext): BillingMailContext | null {
  const { mailer, origin, translate } = ctx;
  return mailer && origin && translate
    ? { db: ctx.db, clock: ctx.clock, log: ctx.log, mailer, origin, translate }
    : null;
}

/** Money and dates as the mail's language writes them (dates in UTC, as on invoices). */
function formats(locale: Locale) {
  const tag = LOCALE_TAGS[locale];
  return {
    money: (cents: number, currency = "USD") =>
      new Intl.NumberFormat(tag, { style: "currency", currency }).format(cents / 100),
    day: (d: Date) => d.toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  };
}

/** Runs a mail after the answer when the context says so, else now; a failure is logged, never thrown. */
async function dispatch(ctx: BillingContext, what: string, task: (m: BillingMailContext) => Promise<unknown>) {
  const ports = mailPorts(ctx);
  if (!ports) return;
  const run = async () => {
    try {
      await task(ports);
    } catch (error) {
      ctx.log.error(`${what} not sent`, { error });
    }
  };
  if (ctx.runLater) ctx.runLater(run);
  else await run();
}

/**
 * Sends the receipt of one paid invoice if it is still owed: the invoice's PDF (as the invoices page
 * gives it) attached, the mail in the account's language, to the account's address; then records it
 * as sent. False when nothing is owed (sent already, not paid, the account deleted). Rejects when the
 * mailer does, leaving it owed (the job queue retries; the maintenance job is the net under it).
 */
export async function sendReceipt(ctx: BillingMailContext, invoiceId: number): Promise<boolean> {
  const owed = await selectOwedReceipt(ctx.db, invoiceId);
  if (!owed) return false;
  const to = await selectMailRecipient(ctx.db, owed.accountId);
  if (!to) return false;
  const locale = asLocale(to.locale);
  const doc = await getOwnInvoice({ ...ctx, locale }, { accountId: owed.accountId, number: owed.number });
  if (!doc?.paidAt) return false;
  const pdf = await renderInvoicePdf(doc, ctx.translate(doc.locale));
  const t = ctx.translate(locale);
  const { money, day } = formats(locale);
  const plan = t(`account.profile.plans.${doc.plan}`);
  const { html, text } = renderMail({
    locale,
    preheader: t("mail.receipt.preheader", { amount: money(doc.totalCents, doc.currency), number: doc.number }),
    heading: t("mail.receipt.heading"),
    paragraphs: [
      t("mail.receipt.body", { amount: money(doc.totalCents, doc.currency), date: day(doc.paidAt), plan }),
      t("mail.receipt.period", { from: day(doc.periodStart), to: day(doc.periodEnd) }),
      ...(doc.creditCents > 0 ? [t("mail.receipt.credit", { credit: money(doc.creditCents, doc.currency) })] : []),
      t("mail.receipt.attached", { number: doc.number }),
    ],
    action: { label: t("mail.receipt.action"), url: `${ctx.origin}${localePath(locale, "/profile/invoices")}` },
    footer: t("mail.receipt.footer", { email: BILLING.seller.email }),
  });
  await ctx.mailer.send({
    to: to.email,
    subject: t("mail.receipt.subject", { number: doc.number }),
    html,
    text,
    kind: "receipt",
    locale,
    attachments: [{ filename: `${doc.number}.pdf`, contentType: "application/pdf", content: pdf }],
  });
  await markReceiptSent(ctx.db, invoiceId, ctx.clock.now());
  return true;
}

/**
 * After a charge committed: its receipts handed to the job queue, or (no queue, or the queue away)
 * sent after the answer or now. Never rejects: a receipt that did not go out stays owed.
 */
export async function mailReceipts(ctx: BillingContext, invoiceIds: number[]): Promise<void> {
  for (const invoiceId of invoiceIds) {
    const schedule = ctx.jobs?.scheduleReceipt;
    if (schedule) {
      try {
        await schedule(invoiceId);
        continue;
      } catch (error) {
        ctx.log.error("receipt job not queued", { invoiceId, error });
      }
    }
    await dispatch(ctx, "receipt", (m) => sendReceipt(m, invoiceId));
  }
}

/**
 * The net under the queue (the maintenance job): receipts still owed for payments made between
 * `receiptMailDays` and `receiptGraceMinutes` ago, each tried once; a failure is logged and left for the
 * next run. Answers how many went out.
 */
export async function sendOwedReceipts(ctx: BillingMailContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const ids = await selectOwedReceiptIds(
    ctx.db,
    new Date(now - BILLING.receiptMailDays * 86_400_000),
    new Date(now - BILLING.receiptGraceMinutes * 60_000),
    BILLING.receiptSweepBatch,
  );
  let sent = 0;
  for (const invoiceId of ids) {
    try {
      if (await sendReceipt(ctx, invoiceId)) sent++;
    } catch (error) {
      ctx.log.error("receipt not sent", { invoiceId, error });
    }
  }
  return sent;
}

/**
 * Confirms a cancellation: the plan and what it gives stay until `endsAt` (then the account is Free), or,
 * for a past-due subscription ended at once, that it ended and nothing more is charged.
 */
export async function mailCancelled(
  ctx: BillingContext,
  input: { accountId: number; plan: PaidPlanCode; endsAt: Date; endedNow: boolean },
): Promise<void> {
  await dispatch(ctx, "cancellation notice", async (m) => {
    const to = await selectMailRecipient(m.db, input.accountId);
    if (!to) return;
    const locale = asLocale(to.locale);
    const t = m.translate(locale);
    const { day } = formats(locale);
    const params = {
      plan: t(`account.profile.plans.${input.plan}`),
      date: day(input.endsAt),
      credits: DOWNLOAD_ALLOWANCE.FREE ?? 0,
    };
    const { html, text } = renderMail({
      locale,
      preheader: t(input.endedNow ? "mail.cancelled.preheaderEnded" : "mail.cancelled.preheader", params),
      heading: t("mail.cancelled.heading"),
      paragraphs: input.endedNow
        ? [t("mail.cancelled.bodyEnded", params), t("mail.cancelled.afterEnded", params)]
        : [t("mail.cancelled.body", params), t("mail.cancelled.after", params), t("mail.cancelled.renew", params)],
      action: {
        label: t(input.endedNow ? "mail.cancelled.actionEnded" : "mail.cancelled.action"),
        url: `${m.origin}${localePath(locale, input.endedNow ? "/pricing" : "/profile/billing")}`,
      },
      footer: t("mail.cancelled.footer"),
    });
    await m.mailer.send({
      to: to.email,
      subject: t("mail.cancelled.subject"),
      html,
      text,
      kind: "subscription-cancelled",
      locale,
    });
  });
}

/** Confirms a renewal (a cancellation undone): the plan continues, and the next charge's amount and date. */
export async function mailRenewed(
  ctx: BillingContext,
  input: { accountId: number; plan: PaidPlanCode; nextPlan: PaidPlanCode; nextBillAt: Date },
): Promise<void> {
  await dispatch(ctx, "renewal notice", async (m) => {
    const to = await selectMailRecipient(m.db, input.accountId);
    if (!to) return;
    const locale = asLocale(to.locale);
    const t = m.translate(locale);
    const { money, day } = formats(locale);
    const params = {
      plan: t(`account.profile.plans.${input.plan}`),
      next: t(`account.profile.plans.${input.nextPlan}`),
      amount: money(planInfo(input.nextPlan).priceCents),
      date: day(input.nextBillAt),
    };
    const { html, text } = renderMail({
      locale,
      preheader: t("mail.renewed.preheader", params),
      heading: t("mail.renewed.heading"),
      paragraphs: [
        t("mail.renewed.body", params),
        t(input.nextPlan === input.plan ? "mail.renewed.next" : "mail.renewed.nextChanged", params),
        t("mail.renewed.cancel"),
      ],
      action: { label: t("mail.renewed.action"), url: `${m.origin}${localePath(locale, "/profile/billing")}` },
      footer: t("mail.renewed.footer"),
    });
    await m.mailer.send({
      to: to.email,
      subject: t("mail.renewed.subject"),
      html,
      text,
      kind: "subscription-renewed",
      locale,
    });
  });
}
