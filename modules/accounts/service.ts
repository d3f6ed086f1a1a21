import { createHash, randomBytes } from "node:crypto";
import {
  ACCOUNT_LIMITS,
  AUTH,
  CAPTCHA,
  DEMO_ACCOUNTS,
  LOCALE_TAGS,
  type Locale,
  MAIL,
  type PlanCode,
} from "#config/constants.ts";
import { accountSubject } from "#modules/downloads/subject.ts";
import { renderMail } from "#modules/mail/render.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { hasControl } from "#modules/shared/checks.ts";
import { uniqueViolation } from "#modules/shared/db-errors.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { periodOf } from "#modules/shared/period.ts";
import type { Result } from "#modules/shared/result.ts";
import { avatarUrl } from "./avatar.ts";
import { decoyHash, hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import * as repo from "./repo.ts";
import { passwordIssue, type SignupInput } from "./schemas.ts";
import * as tokens from "./tokens-repo.ts";
import type { AccountView, SessionFacts } from "./view.ts";

/** What account services need beyond the database: mail, the site's address and the messages. */
export type AccountContext = ServiceContext &
  Pick<Scope, "mailer" | "origin" | "translate" | "runLater" | "mailTimeoutMs">;

/** One link mail per address and purpose per this many seconds (stops mail-bombing an address). */
const MAIL_COOLDOWN_SECONDS = 60;

/** Whether a link of this purpose was mailed to the account very recently. */
export async function recentlyMailed(ctx: ServiceContext, accountId: number, purpose: string): Promise<boolean> {
  const since = new Date(ctx.clock.now().getTime() - MAIL_COOLDOWN_SECONDS * 1000);
  return tokens.hasEmailTokenSince(ctx.db, accountId, purpose, since);
}

/**
 * Runs a notice nobody waits on (password changed, address changed) now (awaited) or after the answer,
 * as the context says; failures are logged. Mail a person asked for goes through sendNow instead.
 */
export async function deliver(ctx: AccountContext, what: string, task: () => Promise<void>): Promise<boolean> {
  if (ctx.runLater) {
    ctx.runLater(() => task().catch((error) => ctx.log.error(`${what} not sent`, { error })));
    return true;
  }
  try {
    await task();
    return true;
  } catch (error) {
    ctx.log.error(`${what} not sent`, { error });
    return false;
  }
}

/**
 * How a mail the person waits on went (sendNow): handed to the mail server, refused (or unreachable),
 * or still under way when the time-out passed.
 */
export type Delivery = "sent" | "failed" | "late";

/**
 * Sends a mail the person is waiting on within the request (a verification, reset or e-mail change link),
 * so a refusal can be said on the page ('Unable to send email') instead of only logged after a "we sent
 * it" answer. A slow mail server holds the request for at most MAIL.sendTimeoutMs: then the send is left
 * to finish on its own (its failure is still logged) and the answer is "late". Honestly, that outcome is
 * unknown: the mail may arrive (late) or never, so the page says it may take a while and offers to send
 * it again, never that it failed nor that it was sent.
 */
export async function sendNow(
  ctx: AccountContext,
  what: string,
  task: () => Promise<void>,
  /** Undoes what was made for the mail (its link) when it fails, in time or after the time-out. */
  undo?: () => Promise<void>,
): Promise<Delivery> {
  const sending = Promise.resolve()
    .then(task)
    .then(
      () => "sent" as const,
      async (error) => {
        ctx.log.error(`${what} not sent`, { error });
        await undo?.().catch((e) => ctx.log.error(`${what}: its link not removed`, { error: e }));
        return "failed" as const;
      },
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ctx.mailTimeoutMs ?? MAIL.sendTimeoutMs);
  });
  const outcome = await Promise.race([sending, late]);
  clearTimeout(timer);
  if (outcome === "late") ctx.log.warn(`${what} still being sent after the time-out`, {});
  return outcome;
}

/**
 * Tells the account's address that its password changed (from the settings or through a reset link):
 * when, that other devices were signed out, and where to choose a new one if it was not the member.
 * In the account's language; never the password. A failed send is logged and changes nothing.
 */
export async function mailPasswordChanged(
  ctx: AccountContext,
  account: { email: string; locale: string },
  via: "settings" | "reset",
): Promise<void> {
  const locale: Locale = account.locale === "es" ? "es" : "en";
  const t = ctx.translate(locale);
  const at = ctx.clock.now();
  const tag = LOCALE_TAGS[locale];
  await deliver(ctx, "password change notice", async () => {
    const { html, text } = renderMail({
      locale,
      preheader: t("mail.passwordChanged.preheader"),
      heading: t("mail.passwordChanged.heading"),
      paragraphs: [
        t("mail.passwordChanged.body", {
          email: account.email,
          date: at.toLocaleDateString(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
          time: at.toLocaleTimeString(tag, { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }),
        }),
        t(via === "reset" ? "mail.passwordChanged.signedOutReset" : "mail.passwordChanged.signedOutSettings"),
        t("mail.passwordChanged.help"),
      ],
      action: {
        label: t("mail.passwordChanged.action"),
        url: `${ctx.origin}${localePath(locale, "/forgot-password")}`,
      },
      footer: t("mail.passwordChanged.footer"),
    });
    await ctx.mailer.send({
      to: account.email,
      subject: t("mail.passwordChanged.subject"),
      html,
      text,
      kind: "password-changed",
      locale,
    });
  });
}

export type { AccountView } from "./view.ts";

export type AccountResult<V> = Result<V>;

export const EMAIL_PURPOSE = { verify: "verify", reset: "reset", emailChange: "email-change" } as const;
export const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The account as its row holds it (the columns the view is made from). */
type AccountRow = Pick<
  repo.AccountRow,
  "id" | "name" | "username" | "email" | "plan" | "locale" | "verifiedAt" | "blockedAt" | "role"
> & { avatarKey?: string | null };

export function reshapeAccount(row: AccountRow): AccountView {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    plan: row.plan as PlanCode,
    locale: row.locale === "es" ? "es" : "en",
    verified: row.verifiedAt !== null,
    avatarUrl: avatarUrl(row.avatarKey),
    role: row.role === "operator" ? "operator" : "member",
  };
}

/** The unique index a failed insert ran into (modules/shared/db-errors.ts; kept here for its importers). */
export { uniqueViolation };

/** A username from the e-mail's local part, made unique with a number when taken. */
async function freeUsername(ctx: ServiceContext, email: string): Promise<string> {
  const base =
    (email.split("@")[0] ?? "")
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9_.-]/g, "")
      .slice(0, 24) || "user";
  const stem = base.length >= 3 ? base : `${base}user`.slice(0, 24);
  const taken = new Set(await repo.usernamesLike(ctx.db, stem));
  if (!taken.has(stem)) return stem;
  for (let n = 2; n < 10_000; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
  return `${stem}${randomBytes(3).toString("hex")}`;
}

/** Issues a single-use e-mail link token; only its hash is stored. */
async function newEmailToken(ctx: ServiceContext, accountId: number, purpose: string, seconds: number) {
  const token = randomBytes(24).toString("base64url");
  const now = ctx.clock.now();
  await tokens.insertEmailToken(ctx.db, {
    tokenHash: digest(token),
    accountId,
    purpose,
    expiresAt: new Date(now.getTime() + seconds * 1000),
    createdAt: now,
  });
  return token;
}

/**
 * Sends an account a fresh verification link within the request (sendNow), in `locale`; a link whose mail
 * failed is removed. Sign-up, the resend form and the operator's desk (operator.ts) send it through here.
 */
export async function sendVerification(
  ctx: AccountContext,
  account: { id: number; email: string },
  locale: Locale,
  redirect?: string,
): Promise<Delivery> {
  const token = await newEmailToken(ctx, account.id, EMAIL_PURPOSE.verify, AUTH.verificationLinkHours * 3600);
  // A link that never left does not count as recently mailed: asking again sends at once.
  return sendNow(
    ctx,
    "verification mail",
    () => mailVerification(ctx, account, locale, token, redirect),
    () => tokens.deleteEmailToken(ctx.db, digest(token)),
  );
}

/** The verification mail itself, in the page's language. */
async function mailVerification(
  ctx: AccountContext,
  account: { email: string },
  locale: Locale,
  token: string,
  redirect?: string,
) {
  const t = ctx.translate(locale);
  // The page that sent the visitor to sign up comes back after the first log-in.
  const back = redirect ? `&redirect=${encodeURIComponent(redirect)}` : "";
  const url = `${ctx.origin}${localePath(locale, "/login")}?hash=${token}${back}`;
  const { html, text } = renderMail({
    locale,
    preheader: t("mail.verify.preheader"),
    heading: t("mail.verify.heading"),
    paragraphs: [t("mail.verify.body"), t("mail.verify.expires", { hours: AUTH.verificationLinkHours })],
    action: { label: t("mail.verify.action"), url },
    footer: t("mail.footer"),
  });
  await ctx.mailer.send({ to: account.email, subject: t("mail.verify.subject"), html, text, kind: "verify", locale });
}

/**
 * Mails the owner of an address that someone tried to register, or to move another account to: they
 * already have an account, and can log in or choose a new password (links in their own language). The
 * form that was used answers as for a new address, so it never tells whether an address is registered.
 */
export async function mailAccountExists(
  ctx: AccountContext,
  owner: { email: string; locale: string },
  reason: "signup" | "emailChange",
): Promise<void> {
  const locale: Locale = owner.locale === "es" ? "es" : "en";
  const t = ctx.translate(locale);
  const at = (path: string) => `${ctx.origin}${localePath(locale, path)}`;
  const { html, text } = renderMail({
    locale,
    preheader: t("mail.accountExists.preheader"),
    heading: t("mail.accountExists.heading"),
    paragraphs: [
      t(reason === "signup" ? "mail.accountExists.bodySignup" : "mail.accountExists.bodyEmailChange", {
        email: owner.email,
      }),
      t("mail.accountExists.reset", { url: at("/forgot-password") }),
    ],
    action: { label: t("mail.accountExists.action"), url: at("/login") },
    footer: t("mail.accountExists.footer"),
  });
  await ctx.mailer.send({
    to: owner.email,
    subject: t("mail.accountExists.subject"),
    html,
    text,
    kind: "account-exists",
    locale,
  });
}

/**
 * What sign-up needs beyond the account services: the CAPTCHA port's check of the answer the form posted
 * (modules/auth/captcha.ts; single use, the request's client address bound by the edge). Every edge that
 * signs up hands it over, so none can register an account without it.
 */
export type SignupContext = AccountContext & Pick<Scope, "captcha">;

/** The sign-up form's fields, and the CAPTCHA's answer as posted in its `CAPTCHA.field` field. */
export type SignupRequest = SignupInput & { captcha: unknown };

/** What a sign-up or a resend answers when it went through: the link was handed over, or is still under way. */
export type Sent = { delivery: Exclude<Delivery, "failed"> };

/**
 * Registers an account (unverified) and sends its verification link; the username is made from the
 * e-mail, the account's language is the page's. A person, not a script: the CAPTCHA's answer is checked
 * (once) first, before anything is written or sent; its refusal comes back with `field: CAPTCHA.field`.
 * An address that is registered already gets no second account: its owner is mailed instead
 * (mailAccountExists) and the answer is the same as for a new address, after the same work (the password
 * is hashed either way, a mail is sent either way).
 * The link is sent within the request (sendNow): when the mail server refuses, the account stays (what
 * was accepted is kept) and the answer is 'auth.errors.sendFailed', so the page says so and offers to
 * send the link again; the same answer when the owner's mail of a taken address fails.
 */
export async function signUp(ctx: SignupContext, input: SignupRequest): Promise<AccountResult<Sent>> {
  const human = await ctx.captcha(input.captcha);
  if (!human.ok) return { ok: false, code: human.code, field: CAPTCHA.field };
  const email = input.email.trim();
  if (await isCommonPassword(input.password))
    return { ok: false, code: "auth.errors.passwordCommon", field: "password" };
  const passwordHash = await hashPassword(input.password);
  const registered = () => repo.emailOwner(ctx.db, email);
  /** The answer for an address that is taken: its owner is told, and the visitor sees what a new address gets. */
  const tellOwner = async (owner: { email: string; locale: string }): Promise<AccountResult<Sent>> =>
    answer(await sendNow(ctx, "account-exists mail", () => mailAccountExists(ctx, owner, "signup")));
  const existing = await registered();
  if (existing) return tellOwner(existing);
  const now = ctx.clock.now();
  let id = 0;
  // Two sign-ups at once: the unique indexes decide. A taken username (same local part) is retried.
  for (let attempt = 0; !id; attempt++) {
    const base = await freeUsername(ctx, email);
    const username = attempt === 0 ? base : `${base.slice(0, 24)}${randomBytes(2).toString("hex")}`;
    try {
      id = await repo.insertAccount(ctx.db, {
        email,
        username,
        name: input.name.trim(),
        passwordHash,
        locale: ctx.locale,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated === "account_email_lower_idx") {
        // Registered a moment ago by another request: the same answer as above.
        const owner = await registered();
        return owner ? tellOwner(owner) : { ok: false, code: "auth.errors.registrationFailed" };
      }
      if (violated !== "account_username_lower_idx" || attempt >= 5) throw error;
    }
  }
  return answer(await sendVerification(ctx, { id, email }, ctx.locale, input.redirect || undefined));
}

/** A delivery as a service's answer: a refusal is 'Unable to send email'. */
const answer = (delivery: Delivery): AccountResult<Sent> =>
  delivery === "failed" ? { ok: false, code: "auth.errors.sendFailed" } : { ok: true, value: { delivery } };

/**
 * Sends a fresh verification link to an unverified account, within the request (sendNow): a refusal is
 * 'Unable to send email'. Says nothing about unknown addresses (nor about a link sent a moment ago).
 */
export async function resendVerification(ctx: AccountContext, email: string): Promise<AccountResult<Sent>> {
  const row = await repo.unblockedAccountByEmail(ctx.db, email.trim());
  if (row && !row.verifiedAt && !(await recentlyMailed(ctx, row.id, EMAIL_PURPOSE.verify)))
    return answer(await sendVerification(ctx, row, ctx.locale));
  return { ok: true, value: { delivery: "sent" } };
}

/** Follows a verification link: single use, 24 hours. */
export async function verifyEmail(
  ctx: ServiceContext,
  token: string,
): Promise<AccountResult<{ accountId: number; email: string }>> {
  if (!token || token.length > 100) return { ok: false, code: "auth.errors.confirmationInvalid" };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await tokens.emailTokenByHash(tx, digest(token), EMAIL_PURPOSE.verify, true);
    if (!row) return { ok: false as const, code: "auth.errors.confirmationInvalid" };
    const account = await repo.liveAccount(tx, row.accountId);
    if (!account) return { ok: false as const, code: "auth.errors.confirmationInvalid" };
    const verifiedAt = await repo.accountVerifiedAt(tx, row.accountId);
    // Following a link again after it worked is not an error: the account is verified.
    if (row.usedAt && verifiedAt)
      return { ok: true as const, value: { accountId: row.accountId, email: account.email } };
    if (row.usedAt || new Date(row.expiresAt) <= now) return { ok: false as const, code: "auth.errors.linkOutdated" };
    await tokens.markEmailTokenUsed(tx, digest(token), now);
    await repo.markAccountVerified(tx, row.accountId, now);
    return { ok: true as const, value: { accountId: row.accountId, email: account.email } };
  });
}

/**
 * Checks a log-in (e-mail or username, any case) and password. Blocked accounts are told to contact
 * the administrator; unverified ones to follow their link.
 */
export async function authenticate(
  ctx: ServiceContext,
  input: {
    login: string;
    password: string /** The client's address key: failures back off per account and client. */;
    client?: string;
    /** Whether the demo accounts may log in for this client (demo mode, from this machine or DEMO_MODE=on). */
    demoLogins?: boolean;
    /**
     * Takes one guess from the account's budget, whatever the client (RATE_LIMITS.authPerLogin); seconds to
     * wait when it is spent. Only real guesses take from it: a password checked against an existing account.
     */
    guesses?: (accountId: number) => Promise<number | null>;
  },
): Promise<AccountResult<AccountView>> {
  const login = input.login.trim();
  if (!login || !input.password) return { ok: false, code: "auth.errors.fillAll" };
  // No e-mail or username holds a control character (and PostgreSQL cannot compare a NUL).
  if (hasControl(login)) return { ok: false, code: "auth.errors.invalidLogin" };
  const row = await repo.accountByLogin(ctx.db, login);
  // The resolved account, whichever login named it (e-mail or username share the count).
  const backoffKey = row && input.client ? loginBackoffKey(row.id, input.client) : null;
  const now = ctx.clock.now();
  const backoff = backoffKey ? await loginBackoff(ctx, backoffKey, now) : { failed: true, wait: 0 };
  if (backoff.wait > 0) return { ok: false, code: "auth.errors.rateLimited", seconds: backoff.wait };
  if (row && input.guesses) {
    // Guessing from many places: once the account's budget is spent, clients that failed at it wait; one
    // that has not failed there (its owner) is still checked, so nobody can lock the owner out.
    const wait = await input.guesses(row.id);
    if (wait !== null && backoff.failed) return { ok: false, code: "auth.errors.rateLimited", seconds: wait };
  }
  const ok = await verifyPassword(row?.passwordHash ?? (await decoyHash()), input.password);
  if (!row || !ok) {
    if (backoffKey) await recordLoginFailure(ctx, backoffKey, now);
    return { ok: false, code: "auth.errors.invalidLogin" };
  }
  if (backoffKey) await tokens.clearLoginBackoff(ctx.db, backoffKey);
  // The demo accounts' password is published: they open only where demo mode answers this client.
  if (isDemoAccount(row.email) && !input.demoLogins) return { ok: false, code: "auth.errors.demoLocalOnly" };
  if (row.blockedAt) return { ok: false, code: "auth.errors.blocked" };
  if (!row.verifiedAt) return { ok: false, code: "auth.errors.notVerified" };
  return { ok: true, value: reshapeAccount(row) };
}

const demoEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email.toLowerCase()));
/** Whether an account is one of the demo accounts, whose password the README publishes. */
export const isDemoAccount = (email: string | null) => email !== null && demoEmails.has(email.toLowerCase());

/** The key of an account's back-off for one client (log-ins and current-password checks share it). */
export const loginBackoffKey = (accountId: number, client: string) => `${accountId}|${client.slice(0, 100)}`;

/** Whether a client has failed at an account since its last log-in there, and how many seconds it must still wait. */
export async function loginBackoff(
  ctx: ServiceContext,
  key: string,
  now: Date,
): Promise<{ failed: boolean; wait: number }> {
  const nextAt = await tokens.loginBackoffNextAt(ctx.db, key);
  if (!nextAt) return { failed: false, wait: 0 };
  return { failed: true, wait: Math.max(0, Math.ceil((new Date(nextAt).getTime() - now.getTime()) / 1000)) };
}

/** One more wrong password for an account from a client: past the free ones, the next try waits 2^n seconds. */
export async function recordLoginFailure(ctx: ServiceContext, key: string, now: Date) {
  const failures = await tokens.countLoginFailure(ctx.db, key, now);
  const over = failures - AUTH.freeLoginFailures;
  if (over <= 0) return;
  const seconds = Math.min(AUTH.maxLoginBackoffSeconds, 2 ** over);
  await tokens.setLoginBackoffNextAt(ctx.db, key, new Date(now.getTime() + seconds * 1000));
}

/**
 * The account behind a live session, or null (unknown, blocked, or the session was ended), with what
 * the header shows it (SessionFacts) read in the same statement.
 */
export async function getSessionAccount(
  ctx: Pick<ServiceContext, "db" | "clock">,
  claims: { accountId: number; sessionId: string },
): Promise<{ account: AccountView; facts: SessionFacts } | null> {
  const period = periodOf(ctx.clock.now());
  const row = await repo.sessionAccount(ctx.db, { ...claims, subject: accountSubject(claims.accountId), period });
  if (!row) return null;
  return {
    account: reshapeAccount(row),
    facts: { period, downloadsUsed: Number(row.downloadsUsed), hasInterests: row.hasInterests === true },
  };
}

/** Saves the language of a signed-in account (language switch, SPEC §4). */
export async function setAccountLocale(ctx: ServiceContext, accountId: number, locale: Locale): Promise<void> {
  await repo.updateAccountLocale(ctx.db, accountId, locale, ctx.clock.now());
}

/** Creates a verified account directly (demo accounts, tests). */
export async function createVerifiedAccount(
  ctx: Pick<ServiceContext, "db" | "clock">,
  input: { email: string; username: string; name: string; password: string; plan?: PlanCode; blocked?: boolean },
): Promise<number> {
  const now = ctx.clock.now();
  const id = await repo.insertVerifiedAccount(ctx.db, {
    email: input.email,
    username: input.username,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    plan: input.plan ?? "FREE",
    verifiedAt: now,
    blockedAt: input.blocked ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return id ?? 0;
}

/**
 * Mails a password-reset link (1 hour, single use) to an account's address, within the request (sendNow):
 * a refusal is 'Unable to send email' and the link is dropped (asking again sends at once). Unknown or
 * blocked addresses get the same answer and no mail, so the page reveals nothing.
 */
export async function requestPasswordReset(ctx: AccountContext, email: string): Promise<AccountResult<Sent>> {
  const row = await repo.unblockedAccountByEmail(ctx.db, email.trim());
  if (!row || (await recentlyMailed(ctx, row.id, EMAIL_PURPOSE.reset)))
    return { ok: true, value: { delivery: "sent" } };
  const token = await newEmailToken(ctx, row.id, EMAIL_PURPOSE.reset, AUTH.resetLinkHours * 3600);
  const forget = () => tokens.deleteEmailToken(ctx.db, digest(token));
  const delivery = await sendNow(
    ctx,
    "password reset mail",
    async () => {
      const t = ctx.translate(ctx.locale);
      const { html, text } = renderMail({
        locale: ctx.locale,
        preheader: t("mail.reset.preheader"),
        heading: t("mail.reset.heading"),
        paragraphs: [t("mail.reset.body"), t("mail.reset.expires", { hours: AUTH.resetLinkHours })],
        action: {
          label: t("mail.reset.action"),
          url: `${ctx.origin}${localePath(ctx.locale, "/change-password")}?hash=${token}`,
        },
        footer: t("mail.reset.footer"),
      });
      await ctx.mailer.send({
        to: row.email,
        subject: t("mail.reset.subject"),
        html,
        text,
        kind: "reset",
        locale: ctx.locale,
      });
    },
    forget,
  );
  return answer(delivery);
}

/** Whether a reset link can still be used (the change-password page checks before showing its form). */
export async function checkResetLink(ctx: ServiceContext, token: string): Promise<AccountResult<null>> {
  if (!token || token.length > 100) return { ok: false, code: "auth.errors.linkOutdated" };
  const row = await tokens.emailTokenByHash(ctx.db, digest(token), EMAIL_PURPOSE.reset);
  if (!row || row.usedAt || new Date(row.expiresAt) <= ctx.clock.now())
    return { ok: false, code: "auth.errors.linkOutdated" };
  return { ok: true, value: null };
}

/**
 * Sets a new password through a reset link. The password follows the rules of SPEC §5, including
 * "not one of the last two"; the link is used up; every session of the account ends (all devices); the
 * address is told (mailPasswordChanged).
 */
export async function resetPassword(
  ctx: AccountContext,
  input: { token: string; password: string },
): Promise<AccountResult<{ accountId: number }>> {
  const link = await checkResetLink(ctx, input.token);
  if (!link.ok) return link;
  const now = ctx.clock.now();
  const row = await repo.accountByEmailToken(ctx.db, digest(input.token));
  if (!row) return { ok: false, code: "auth.errors.linkOutdated" };
  const issue =
    passwordIssue(input.password, row.email) ??
    ((await isCommonPassword(input.password)) ? "auth.errors.passwordCommon" : null);
  if (issue) return { ok: false, code: issue, field: "password" };
  for (const old of [row.passwordHash, ...(row.previousPasswordHashes ?? [])].slice(0, 3)) {
    if (await verifyPassword(old, input.password))
      return { ok: false, code: "auth.errors.passwordReused", field: "password" };
  }
  const hash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    // The link is spent first, so two submissions at once change the password once.
    if (!(await tokens.spendEmailToken(tx, digest(input.token), now))) return false;
    await repo.setPasswordHash(tx, row.id, {
      hash,
      previous: [row.passwordHash, ...(row.previousPasswordHashes ?? [])].slice(0, 2),
      now,
      verify: true,
    });
    // Other reset links of the account stop working too.
    await tokens.spendAccountTokens(tx, row.id, now, [EMAIL_PURPOSE.reset]);
    await tokens.revokeAccountSessions(tx, row.id, now);
    return true;
  });
  if (!done) return { ok: false, code: "auth.errors.linkOutdated" };
  await mailPasswordChanged(ctx, row, "reset");
  return { ok: true, value: { accountId: row.id } };
}

/** Who an outside provider (Google, Facebook) says signed in. */
export type ExternalIdentity = {
  provider: "google" | "facebook";
  /** The provider's stable id of the person (Google's `sub`, Facebook's app-scoped user id). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The Workspace domain that manages the Google account (`hd`), if any. */
  hostedDomain?: string | null;
};

/**
 * Whether the provider is the authority for an address: for Google, its own mail domains or the
 * Workspace domain that manages the account. For other addresses, `email_verified` only says the
 * address was checked once. Facebook is never the authority for an address (it hosts no mail).
 */
function providerOwnsAddress(identity: ExternalIdentity, email: string): boolean {
  if (identity.provider !== "google") return false;
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  return (
    domain === "gmail.com" ||
    domain === "googlemail.com" ||
    (!!identity.hostedDomain && identity.hostedDomain === domain)
  );
}

/**
 * Signs in with an outside identity:
 * - the account it is already linked to;
 * - else a new, verified account with an unusable password (one can be set later by a reset link);
 * - else the account with the same address: an unverified one is taken over (its password is void:
 *   whoever registered it never proved the address), a verified one is linked only when the provider
 *   is the authority for the address, otherwise its owner must log in with the password.
 * Unverified addresses are refused: they could be someone else's. Blocked accounts are refused
 * before anything is written.
 */
export async function signInWithIdentity(
  ctx: ServiceContext,
  identity: ExternalIdentity,
): Promise<AccountResult<AccountView>> {
  const failed = { ok: false as const, code: `auth.errors.${identity.provider}Failed` };
  const linked = await repo.accountByIdentity(ctx.db, identity.provider, identity.subject);
  if (linked)
    return linked.blockedAt ? { ok: false, code: "auth.errors.blocked" } : { ok: true, value: reshapeAccount(linked) };
  const email = identity.email?.trim() ?? "";
  if (!email || !identity.emailVerified || email.length > ACCOUNT_LIMITS.emailMax) return failed;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => linkOrCreate(ctx, tx, identity, email));
    } catch (error) {
      // Two first sign-ins at once: the other one created the account; look again.
      if (!uniqueViolation(error)) throw error;
    }
  }
  return failed;
}

async function linkOrCreate(
  ctx: ServiceContext,
  db: ServiceContext["db"],
  identity: ExternalIdentity,
  email: string,
): Promise<AccountResult<AccountView>> {
  const now = ctx.clock.now();
  let found = await repo.lockAccountByEmail(db, email);
  if (found?.blockedAt) return { ok: false, code: "auth.errors.blocked" };
  if (found?.verifiedAt && !providerOwnsAddress(identity, email))
    return { ok: false, code: `auth.errors.${identity.provider}LinkRefused` };
  const unusable = `!${randomBytes(24).toString("base64url")}`;
  if (!found) {
    const name = (identity.name?.trim() || email.split("@")[0]).slice(0, ACCOUNT_LIMITS.nameMax);
    found = await repo.insertIdentityAccount(db, {
      email,
      username: await freeUsername({ ...ctx, db }, email),
      name,
      passwordHash: unusable,
      locale: ctx.locale,
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  } else if (!found.verifiedAt) {
    // Whoever registered this address never proved it: their password and links stop working.
    await repo.takeOverUnverifiedAccount(db, found.id, unusable, now);
    await tokens.spendAccountTokens(db, found.id, now);
    await tokens.revokeAccountSessions(db, found.id, now);
    found = { ...found, verifiedAt: now, passwordHash: unusable };
  }
  await repo.linkIdentity(db, {
    provider: identity.provider,
    subject: identity.subject,
    accountId: found.id,
    createdAt: now,
  });
  return { ok: true, value: reshapeAccount(found) };
}
