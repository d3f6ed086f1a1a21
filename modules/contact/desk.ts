import { BRAND, DEFAULT_LOCALE, DESK_MESSAGES, LOCALE_TAGS, type Locale, MAIL } from "#config/constants.ts";
import { renderMail } from "#modules/mail/render.ts";
import { type AuditActor, recordAudit } from "#modules/operator/audit.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { isLocale } from "#modules/shared/i18n.ts";
import { fieldErrorsOf } from "#modules/shared/input.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./desk-repo.ts";
import {
  DESK_MESSAGE_ERRORS,
  DESK_STATES,
  type DeskState,
  type ReplyInput,
  replySchema,
  stateSchema,
} from "./desk-schemas.ts";

/**
 * The operator's desk for the contact form's messages (issue 23): an inbox by state (open, answered,
 * closed; paying members' messages first, newest first within), a message's page with its thread of
 * replies, and the desk's actions, each written to the audit log in the same transaction as its change:
 * - a reply is saved as the message's draft first (nothing typed is lost), then sent through the mail
 *   port in the sender's language, quoting their message, answers going to support; sent, the message
 *   is answered; refused or unreachable, the reply is marked failed with why, its words kept;
 * - a reply is sent once: the send claims it with one conditional update, a second submit of the same
 *   reply (or of the same words within DESK_MESSAGES.duplicateMinutes) waits for the first's outcome;
 * - close and reopen.
 * Replies go with their message (a foreign key's cascade) under the contact retention (modules/shared/retention.ts).
 */

/** What the desk's services use beyond the database: the mail port, the messages of each language. */
export type DeskContext = ServiceContext & Pick<Scope, "mailer" | "translate" | "mailTimeoutMs">;

const E = DESK_MESSAGE_ERRORS;
type DeskCode = (typeof DESK_MESSAGE_ERRORS)[keyof typeof DESK_MESSAGE_ERRORS];
type DeskResult<V> = Result<V, DeskCode, { replyId?: number }>;

const MINUTE_MS = 60_000;

/** A row id from an address or a form: a positive safe integer, else null. */
export function messageIdOf(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
}

/** How the audit log names a message. */
const targetOf = (m: { id: number; email: string }) => ({
  kind: "contactMessage",
  id: m.id,
  label: `#${m.id} ${m.email}`,
});

// The inbox

export type InboxItem = repo.InboxRow;
export type Inbox = {
  state: DeskState;
  counts: Record<DeskState, number>;
  items: InboxItem[];
  page: number;
  hasNext: boolean;
};

/** A page of one state's messages (open unless another is asked for), with every state's count. `page` counts from 1. */
export async function listInbox(
  ctx: Pick<ServiceContext, "db">,
  input: { state?: string | null; page?: number; pageSize?: number } = {},
): Promise<Inbox> {
  const state: DeskState = (DESK_STATES as readonly string[]).includes(input.state ?? "")
    ? (input.state as DeskState)
    : "open";
  const size = Math.min(Math.max(1, Math.trunc(input.pageSize ?? DESK_MESSAGES.pageSize)), 200);
  const page =
    Number.isSafeInteger(input.page) && (input.page as number) >= 1 ? Math.min(input.page as number, 10_000) : 1;
  const [counts, rows] = await Promise.all([
    repo.inboxCounts(ctx.db),
    repo.inboxPage(ctx.db, {
      state,
      limit: size + 1,
      offset: (page - 1) * size,
      snippetChars: DESK_MESSAGES.snippetChars,
    }),
  ]);
  return { state, counts, items: rows.slice(0, size), page, hasNext: rows.length > size };
}

// One message

export type DeskReply = {
  id: number;
  authorLabel: string;
  body: string;
  locale: string;
  status: "draft" | "sending" | "sent" | "failed";
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
};

export type DeskMessage = {
  message: Omit<repo.MessageRow, "locale" | "deskState"> & { locale: Locale; deskState: DeskState };
  /** Its thread, oldest first. */
  replies: DeskReply[];
  /** The reply the form continues: the message's draft, or the one whose send failed. */
  draft: DeskReply | null;
};

function replyOut(r: repo.ReplyRow, now: Date): DeskReply {
  const sending = r.status === "draft" && r.sentAt !== null && !abandoned(r.sentAt, now);
  return {
    id: r.id,
    authorLabel: r.authorLabel,
    body: r.body,
    locale: r.locale,
    status: sending ? "sending" : (r.status as DeskReply["status"]),
    error: r.error,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    sentAt: r.status === "sent" && r.sentAt ? new Date(r.sentAt) : null,
  };
}

/** A send claimed this long ago and never ended counts as abandoned (its process died). */
function abandoned(sentAt: Date | string, now: Date): boolean {
  return new Date(sentAt).getTime() < now.getTime() - DESK_MESSAGES.abandonedMinutes * MINUTE_MS;
}

/** A message, its sender's account, and its thread. */
export async function getMessage(
  ctx: Pick<ServiceContext, "db" | "clock">,
  id: unknown,
): Promise<DeskResult<DeskMessage>> {
  const messageId = messageIdOf(id);
  if (messageId === null) return { ok: false, code: E.notFound };
  const row = await repo.messageById(ctx.db, messageId);
  if (!row) return { ok: false, code: E.notFound };
  const now = ctx.clock.now();
  const replies = (await repo.repliesOf(ctx.db, messageId)).map((r) => replyOut(r, now));
  const unsent = replies.filter((r) => r.status !== "sent");
  return {
    ok: true,
    value: {
      message: {
        ...row,
        locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
        deskState: (DESK_STATES as readonly string[]).includes(row.deskState) ? (row.deskState as DeskState) : "open",
        createdAt: new Date(row.createdAt),
        answeredAt: row.answeredAt ? new Date(row.answeredAt) : null,
        closedAt: row.closedAt ? new Date(row.closedAt) : null,
      },
      replies,
      draft: unsent.at(-1) ?? null,
    },
  };
}

// Drafts

type Prepared =
  | { kind: "refused"; code: DeskCode; replyId?: number }
  /** A double submit: these words were sent, or are being sent, as this reply. */
  | { kind: "repeat"; replyId: number }
  | { kind: "ready"; replyId: number; changed: boolean; message: repo.MessageRow; before: string };

/**
 * Under the message's lock, writes the words to the reply they belong to: the one named, else the
 * message's unsent one, else a new draft. A reply sent already or being sent is refused, unless the words
 * are to be sent (`forSend`) and are the same: then it is the first of a double submit (so is a reply with
 * the same words sent within DESK_MESSAGES.duplicateMinutes).
 */
async function writeDraft(
  tx: repo.Executor,
  ctx: Pick<ServiceContext, "clock">,
  actor: AuditActor & { kind: "account" },
  messageId: number,
  v: { replyId?: number; body: string },
  forSend: boolean,
): Promise<Prepared> {
  const now = ctx.clock.now();
  const state = await repo.lockMessage(tx, messageId);
  if (!state) return { kind: "refused", code: E.notFound };
  const message = (await repo.messageById(tx, messageId)) as repo.MessageRow;
  const reply =
    v.replyId !== undefined ? await repo.replyOf(tx, messageId, v.replyId) : await repo.unsentReply(tx, messageId);
  if (v.replyId !== undefined && !reply) return { kind: "refused", code: E.replyNotFound };
  const author = { id: actor.id, label: actor.label };
  const abandonedBefore = new Date(now.getTime() - DESK_MESSAGES.abandonedMinutes * MINUTE_MS);
  if (reply) {
    if (reply.status === "sent" || (reply.sentAt !== null && !abandoned(reply.sentAt, now))) {
      if (forSend && reply.body === v.body) return { kind: "repeat", replyId: reply.id };
      return { kind: "refused", code: reply.status === "sent" ? E.alreadySent : E.inProgress, replyId: reply.id };
    }
    const changed = reply.body !== v.body || reply.authorId !== actor.id || reply.sentAt !== null;
    if (changed) await repo.updateUnsentReply(tx, reply.id, { author, body: v.body, at: now, abandonedBefore });
    return { kind: "ready", replyId: reply.id, changed, message, before: state.deskState };
  }
  if (forSend) {
    const since = new Date(now.getTime() - DESK_MESSAGES.duplicateMinutes * MINUTE_MS);
    const same = await repo.sameRecentReply(tx, messageId, v.body, since);
    if (same) return { kind: "repeat", replyId: same.id };
  }
  const replyId = await repo.insertReply(tx, {
    messageId,
    author,
    body: v.body,
    locale: isLocale(message.locale) ? message.locale : DEFAULT_LOCALE,
    at: now,
  });
  return { kind: "ready", replyId, changed: true, message, before: state.deskState };
}

/** A reply's message id and form, read and checked once for saving and sending. */
function readReply(
  messageIdInput: unknown,
  input: unknown,
):
  | { ok: true; messageId: number; value: ReplyInput }
  | { ok: false; code: DeskCode; fieldErrors?: Record<string, string[]> } {
  const messageId = messageIdOf(messageIdInput);
  if (messageId === null) return { ok: false, code: E.notFound };
  const parsed = replySchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return {
      ok: false,
      code: (fieldErrors.body?.[0] ?? fieldErrors.replyId?.[0] ?? E.invalid) as DeskCode,
      fieldErrors,
    };
  }
  return { ok: true, messageId, value: parsed.data };
}

/**
 * Saves the words of a reply as the message's draft (the one named by `replyId`, else the message's
 * unsent reply, else a new one). Refused when the reply was sent already or is being sent.
 */
export async function saveReplyDraft(
  ctx: Pick<ServiceContext, "db" | "clock">,
  actor: AuditActor & { kind: "account" },
  messageIdInput: unknown,
  input: unknown,
): Promise<DeskResult<{ replyId: number; changed: boolean }>> {
  const read = readReply(messageIdInput, input);
  if (!read.ok) return read;
  const { messageId, value: v } = read;
  const done = await ctx.db.transaction(async (tx) => {
    const p = await writeDraft(tx, ctx, actor, messageId, v, false);
    if (p.kind !== "ready")
      return { kind: "refused" as const, code: p.kind === "refused" ? p.code : E.alreadySent, replyId: p.replyId };
    if (p.changed)
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor,
          action: "contactMessage.replySaved",
          target: targetOf(p.message),
          after: { reply: p.replyId, status: "draft", characters: v.body.length },
        },
      );
    return p;
  });
  if (done.kind === "refused") return { ok: false, code: done.code, replyId: done.replyId };
  return { ok: true, value: { replyId: done.replyId, changed: done.changed } };
}

// Sending

export type SendOutcome = { replyId: number; outcome: "sent" | "late"; repeated: boolean };

/** The reply as the sender gets it: in their language, quoting what they wrote, answers going to support. */
function replyMail(ctx: DeskContext, message: repo.MessageRow, body: string) {
  const locale: Locale = isLocale(message.locale) ? message.locale : DEFAULT_LOCALE;
  const t = ctx.translate(locale);
  const wrote = new Date(message.createdAt).toLocaleDateString(LOCALE_TAGS[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  // A paragraph per line the operator wrote (blank lines only separate them).
  const paragraphs = body.split(/\n+/).filter((line) => line.trim() !== "");
  const { html, text } = renderMail({
    locale,
    preheader: paragraphs[0]?.slice(0, 120),
    heading: t("deskMessages.mail.heading", { name: message.firstName }),
    paragraphs: [...paragraphs, t("deskMessages.mail.quoteIntro", { date: wrote })],
    quote: message.message,
    footer: t("deskMessages.mail.footer", { brand: BRAND.name }),
  });
  return {
    to: message.email,
    subject: t("deskMessages.mail.subject", { brand: BRAND.name }),
    html,
    text,
    kind: "contact-reply",
    locale,
    replyTo: { name: t("deskMessages.mail.from", { brand: BRAND.name }), address: BRAND.supportEmail },
  };
}

/** What a failed send says to the operator: the mail server's own words, cut short. */
function errorText(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const oneLine = raw.replace(/\s+/g, " ").trim() || "unknown error";
  return oneLine.length > DESK_MESSAGES.errorMax ? `${oneLine.slice(0, DESK_MESSAGES.errorMax - 1)}…` : oneLine;
}

type Sent = { outcome: "sent" } | { outcome: "failed"; error: string };

/** Hands the claimed reply to the mail port and writes how it went (with its audit entry). */
async function deliver(
  ctx: DeskContext,
  actor: AuditActor & { kind: "account" },
  replyId: number,
  message: repo.MessageRow,
  before: string,
  body: string,
): Promise<Sent> {
  const target = targetOf(message);
  try {
    await ctx.mailer.send(replyMail(ctx, message, body));
  } catch (error) {
    const text = errorText(error);
    ctx.log.error("contact reply not sent", { message: message.id, reply: replyId, error });
    await ctx.db.transaction(async (tx) => {
      await repo.markReplyFailed(tx, replyId, text, ctx.clock.now());
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          actor,
          action: "contactMessage.replyFailed",
          target,
          before: { state: before },
          after: { state: before, reply: replyId, status: "failed", error: text },
        },
      );
    });
    return { outcome: "failed", error: text };
  }
  await ctx.db.transaction(async (tx) => {
    const at = ctx.clock.now();
    await repo.markReplySent(tx, replyId, at);
    await repo.setAnswered(tx, message.id, at);
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        actor,
        action: "contactMessage.replySent",
        target,
        before: { state: before },
        after: { state: "answered", reply: replyId, status: "sent", locale: message.locale },
      },
    );
  });
  return { outcome: "sent" };
}

/** Waits (until `deadline`) for a send another request started; answers how it ended, or null while it goes on. */
async function awaitSend(ctx: DeskContext, replyId: number, deadline: number): Promise<Sent | null> {
  for (;;) {
    const r = await repo.replyById(ctx.db, replyId);
    if (!r) return null;
    if (r.status === "sent") return { outcome: "sent" };
    if (r.status === "failed") return { outcome: "failed", error: r.error ?? "" };
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Sends a reply to the message's sender. Its words are written as the message's draft first (committed),
 * then the reply is claimed and handed to the mail port: sent, the message is answered; refused or
 * unreachable, the reply is failed with the server's words (`sendFailed`, `detail`) and stays the draft.
 * A slow mail server holds the request for at most MAIL.sendTimeoutMs: then the answer is "late" and the
 * send finishes on its own. A second submit of a reply being sent waits for that send; of one sent, or of
 * the same words sent within DESK_MESSAGES.duplicateMinutes, it sends nothing ("repeated").
 */
export async function sendReply(
  ctx: DeskContext,
  actor: AuditActor & { kind: "account" },
  messageIdInput: unknown,
  input: unknown,
): Promise<DeskResult<SendOutcome> & { detail?: string }> {
  const read = readReply(messageIdInput, input);
  if (!read.ok) return read;
  const { messageId, value: v } = read;
  const now = ctx.clock.now();
  const prepared = await ctx.db.transaction(async (tx): Promise<Prepared> => {
    const p = await writeDraft(tx, ctx, actor, messageId, v, true);
    if (p.kind !== "ready") return p;
    const abandonedBefore = new Date(now.getTime() - DESK_MESSAGES.abandonedMinutes * MINUTE_MS);
    // Under the message's lock nobody else can have claimed it; the claim is conditional all the same.
    if (!(await repo.claimReply(tx, p.replyId, now, abandonedBefore)))
      return { kind: "refused", code: E.inProgress, replyId: p.replyId };
    return p;
  });
  if (prepared.kind === "refused") return { ok: false, code: prepared.code, replyId: prepared.replyId };

  const timeoutMs = ctx.mailTimeoutMs ?? MAIL.sendTimeoutMs;
  const finish = (
    sent: Sent | null,
    replyId: number,
    repeated: boolean,
  ): DeskResult<SendOutcome> & { detail?: string } =>
    sent === null
      ? { ok: true, value: { replyId, outcome: "late", repeated } }
      : sent.outcome === "sent"
        ? { ok: true, value: { replyId, outcome: "sent", repeated } }
        : { ok: false, code: E.sendFailed, replyId, detail: sent.error };

  if (prepared.kind === "repeat")
    return finish(await awaitSend(ctx, prepared.replyId, Date.now() + timeoutMs), prepared.replyId, true);

  const sending = deliver(ctx, actor, prepared.replyId, prepared.message, prepared.before, v.body);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const outcome = await Promise.race([sending, late]);
  clearTimeout(timer);
  if (outcome === null) {
    ctx.log.warn("contact reply still being sent after the time-out", { reply: prepared.replyId });
    sending.catch((error) => ctx.log.error("contact reply: its outcome not written", { error }));
  }
  return finish(outcome, prepared.replyId, false);
}

// Close and reopen

/** Closes a message (open or answered) or reopens a closed one; the same state again changes nothing. */
export async function setMessageState(
  ctx: Pick<ServiceContext, "db" | "clock">,
  actor: AuditActor & { kind: "account" },
  messageIdInput: unknown,
  input: unknown,
): Promise<DeskResult<{ state: DeskState; changed: boolean }>> {
  const messageId = messageIdOf(messageIdInput);
  if (messageId === null) return { ok: false, code: E.notFound };
  const parsed = stateSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: E.invalid };
  const wanted = parsed.data.state;
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockMessage(tx, messageId);
    if (!locked) return { ok: false, code: E.notFound };
    const before = locked.deskState as DeskState;
    const already = wanted === "closed" ? before === "closed" : before !== "closed";
    if (already) return { ok: true, value: { state: before, changed: false } };
    const message = (await repo.messageById(tx, messageId)) as repo.MessageRow;
    const now = ctx.clock.now();
    if (wanted === "closed") await repo.setClosed(tx, messageId, now);
    else await repo.setReopened(tx, messageId);
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        actor,
        action: wanted === "closed" ? "contactMessage.closed" : "contactMessage.reopened",
        target: targetOf(message),
        before: { state: before },
        after: { state: wanted },
      },
    );
    return { ok: true, value: { state: wanted, changed: true } };
  });
}
