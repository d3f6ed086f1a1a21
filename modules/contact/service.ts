import { createHash } from "node:crypto";
import { BRAND, CONTACT, DEFAULT_LOCALE, LANGUAGES, PAID_PLANS } from "#config/constants.ts";
import { isPaidPlan } from "#modules/billing/plans.ts";
import { renderMail } from "#modules/mail/render.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { fieldErrorsOf } from "#modules/shared/input.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./repo.ts";
import { type ContactInput, contactSchema } from "./schemas.ts";

/** What the contact service needs beyond the database: the mail port and the messages. */
export type ContactContext = ServiceContext &
  Pick<Scope, "mailer" | "translate" | "runLater"> &
  /** The site's address: the mail to support links the message on the operator's desk. */
  Partial<Pick<Scope, "origin">>;

/** Why a message was not sent; each is the translation key of what the page says. */
export const CONTACT_FAILURES = {
  invalid: "contact.errors.invalid",
  sendFailed: "contact.errors.sendFailed",
  inProgress: "contact.errors.inProgress",
} as const;

export type ContactFailure = (typeof CONTACT_FAILURES)[keyof typeof CONTACT_FAILURES];
/** A sent message; refused as `invalid`, with every field's refusals (`fieldErrors`). */
export type ContactResult = Result<
  {
    id: number;
    firstName: string;
    email: string;
    /** The same message from the same address was already sent within the window: nothing was sent again. */
    repeated: boolean;
    /** The copy for the sender went out (or was handed to the server to send after the answer). */
    confirmed: boolean;
    /** The sender's account is on a paid plan: priority support (the message is marked, and answered first). */
    priority: boolean;
  },
  ContactFailure
>;

/** A message being sent is left to the request that sends it for this long; then it counts as abandoned. */
const ABANDONED_MINUTES = 10;

/** Recognises the same message from the same address (the address in any case). */
export function contactDigest(email: string, message: string): string {
  return createHash("sha256").update(`${email.trim().toLowerCase()}\n${message}`).digest("hex");
}

type Claim = { kind: "send" | "sent"; id: number; paidPlan: string | null } | { kind: "busy" };

/** The tier of an account's paid plan as the desk marks it (PERSONAL, COMMERCIAL), or null on FREE or without an account. */
async function paidPlanOf(db: ContactContext["db"], accountId: number | null): Promise<string | null> {
  if (accountId === null) return null;
  const plan = await repo.accountPlan(db, accountId);
  return plan !== null && isPaidPlan(plan) ? PAID_PLANS[plan].tier.toUpperCase() : null;
}

/**
 * Finds or stores the message, under a lock on its digest so that two identical posts at once agree:
 * - new: a row 'received', to send now;
 * - sent within CONTACT.duplicateWindowHours: nothing to do;
 * - failed, or still 'received' ABANDONED_MINUTES after it was stored (the request sending it died):
 *   taken again, to send now;
 * - being sent right now by another request: busy.
 * Every attempt to send is counted in `attempts`. (A retry of an older message cannot be told from an
 * abandoned one, so two identical retries at the very same moment may both send: support gets it twice.)
 */
async function claim(ctx: ContactContext, v: ContactInput, digest: string, accountId: number | null): Promise<Claim> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - CONTACT.duplicateWindowHours * 3_600_000);
  const abandoned = new Date(now.getTime() - ABANDONED_MINUTES * 60_000);
  return ctx.db.transaction(async (db) => {
    await repo.lockDigest(db, digest);
    // The account's plan at sending: a paid one is priority support (marked, and first on the desk).
    const sender: repo.Sender = {
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      locale: ctx.locale,
      accountId,
      paidPlan: await paidPlanOf(db, accountId),
    };
    const row = await repo.findRecentByDigest(db, digest, windowStart);
    if (row?.status === "sent") return { kind: "sent", id: row.id, paidPlan: sender.paidPlan };
    if (row && (row.status === "failed" || new Date(row.createdAt) < abandoned)) {
      // The latest names, language and account are the ones the answer should use.
      await repo.retakeMessage(db, row.id, sender);
      return { kind: "send", id: row.id, paidPlan: sender.paidPlan };
    }
    if (row) return { kind: "busy" };
    const id = await repo.insertMessage(db, { ...sender, message: v.message, digest, createdAt: now });
    return { kind: "send", id, paidPlan: sender.paidPlan };
  });
}

/**
 * The message as support gets it: in English, answering goes to the sender, the page's language noted. A
 * member on a paid plan has priority support: the subject and the first line say so, with the promised time.
 */
function supportMail(ctx: ContactContext, v: ContactInput, id: number, accountId: number | null, priority: boolean) {
  const t = ctx.translate(DEFAULT_LOCALE);
  const name = `${v.firstName} ${v.lastName}`;
  const language = LANGUAGES.find((l) => l.locale === ctx.locale)?.name ?? ctx.locale;
  const received = `${ctx.clock.now().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const { html, text } = renderMail({
    locale: DEFAULT_LOCALE,
    preheader: t("mail.contactSupport.preheader", { name }),
    heading: t("mail.contactSupport.heading"),
    paragraphs: [
      ...(priority ? [t("contact.supportMail.priority")] : []),
      t("mail.contactSupport.from", { name, email: v.email }),
      t("mail.contactSupport.language", { language: `${language} (${ctx.locale})` }),
      accountId === null ? t("mail.contactSupport.guest") : t("mail.contactSupport.account", { id: String(accountId) }),
      t("mail.contactSupport.reply", { email: v.email }),
      ...(ctx.origin ? [t("deskMessages.supportMail.desk", { url: `${ctx.origin}/operator/messages/${id}` })] : []),
    ],
    quote: v.message,
    footer: t("mail.contactSupport.footer", { id: String(id), date: received }),
  });
  return {
    to: BRAND.supportEmail,
    subject: priority
      ? t("contact.supportMail.prioritySubject", { subject: t("mail.contactSupport.subject", { name }) })
      : t("mail.contactSupport.subject", { name }),
    html,
    text,
    kind: "contact-message",
    locale: DEFAULT_LOCALE,
    replyTo: { name, address: v.email },
  };
}

/**
 * The sender's confirmation, in the page's language. It does not repeat the message: anyone can type any
 * address into the form, and a copy would let them send text of their choosing from our domain.
 */
function copyMail(ctx: ContactContext, v: ContactInput, priority: boolean) {
  const t = ctx.translate(ctx.locale);
  const { html, text } = renderMail({
    locale: ctx.locale,
    preheader: t("mail.contactCopy.preheader"),
    heading: t("mail.contactCopy.heading", { name: v.firstName }),
    // A paid plan's message is answered first, and sooner (priority support): the copy says so.
    paragraphs: [t(priority ? "deskMessages.confirmation.priority" : "mail.contactCopy.body")],
    footer: t("mail.contactCopy.footer"),
  });
  return { to: v.email, subject: t("mail.contactCopy.subject"), html, text, kind: "contact-copy", locale: ctx.locale };
}

/**
 * A message from the contact form: checked again (the form's own schema), stored, mailed to support
 * (Reply-To the sender), marked sent, and confirmed to the sender in the page's language. The same
 * message from the same address within CONTACT.duplicateWindowHours is the same row: already sent, it
 * is not sent again; failed, it is tried again. When the mail to support fails the row stays 'failed'
 * and the answer is 'contact.errors.sendFailed'; a failed confirmation is only logged.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  input: unknown,
  /** The signed-in sender's account: its plan at sending decides priority support. */
  opts: { accountId?: number | null } = {},
): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: CONTACT_FAILURES.invalid, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const v = parsed.data;
  const accountId =
    Number.isSafeInteger(opts.accountId) && (opts.accountId ?? 0) > 0 ? (opts.accountId as number) : null;
  const digest = contactDigest(v.email, v.message);
  const claimed = await claim(ctx, v, digest, accountId);
  if (claimed.kind === "busy") return { ok: false, code: CONTACT_FAILURES.inProgress };
  const priority = claimed.paidPlan !== null;
  const done = (id: number, repeated: boolean, confirmed: boolean) =>
    ({ ok: true, value: { id, firstName: v.firstName, email: v.email, repeated, confirmed, priority } }) as const;
  if (claimed.kind === "sent") return done(claimed.id, true, false);

  try {
    await ctx.mailer.send(supportMail(ctx, v, claimed.id, accountId, priority));
  } catch (error) {
    await repo.markFailed(ctx.db, claimed.id);
    ctx.log.error("contact message not sent to support", { id: claimed.id, error });
    return { ok: false, code: CONTACT_FAILURES.sendFailed };
  }
  await repo.markSent(ctx.db, claimed.id, ctx.clock.now());

  const confirm = async () => {
    try {
      await ctx.mailer.send(copyMail(ctx, v, priority));
      return true;
    } catch (error) {
      ctx.log.error("contact confirmation not sent", { id: claimed.id, error });
      return false;
    }
  };
  if (ctx.runLater) {
    ctx.runLater(async () => {
      await confirm();
    });
    return done(claimed.id, false, true);
  }
  return done(claimed.id, false, await confirm());
}

// The operator's desk for these messages (issue 23): the edges reach it through this module's services.
export { getMessage, listInbox, saveReplyDraft, sendReply, setMessageState } from "./desk.ts";
