import { randomBytes } from "node:crypto";
import { AUTH } from "#config/constants.ts";
import { renderMail } from "#modules/mail/render.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { uniqueViolation } from "#modules/shared/db-errors.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { checkCurrentPassword } from "./current-password.ts";
import * as repo from "./repo.ts";
import {
  type AccountContext,
  type AccountResult,
  type Delivery,
  deliver,
  digest,
  EMAIL_PURPOSE,
  mailAccountExists,
  recentlyMailed,
  sendNow,
} from "./service.ts";
import * as tokens from "./tokens-repo.ts";

/**
 * Changing the account's e-mail address (SPEC §3 account edit form, issue 9): proven by the current
 * password, it takes effect only when a link mailed to the new address is followed (24 hours, single
 * use), and the old address is told when it does. Until then the account keeps its address.
 */

export const EMAIL_CHANGE_ERRORS = {
  password: "auth.errors.currentPasswordInvalid",
  same: "account.settings.errors.sameEmail",
  taken: "auth.errors.loginTaken",
  cooldown: "account.settings.errors.emailCooldown",
  failed: "account.settings.errors.emailFailed",
  gone: "auth.errors.accountNotFound",
  invalid: "auth.errors.confirmationInvalid",
  outdated: "auth.errors.linkOutdated",
} as const;

/** The other account that has an address, if any (its address as stored and its language). */
const ownerOf = (ctx: ServiceContext, email: string, accountId: number) => repo.emailOwner(ctx.db, email, accountId);

/** The confirmation link mailed to the new address, in the page's language. */
async function sendChangeLink(ctx: AccountContext, email: string, token: string) {
  const t = ctx.translate(ctx.locale);
  const { html, text } = renderMail({
    locale: ctx.locale,
    preheader: t("mail.emailChange.preheader"),
    heading: t("mail.emailChange.heading"),
    paragraphs: [
      t("mail.emailChange.body", { email }),
      t("mail.emailChange.expires", { hours: AUTH.verificationLinkHours }),
    ],
    action: {
      label: t("mail.emailChange.action"),
      url: `${ctx.origin}${localePath(ctx.locale, "/confirm-email")}?hash=${token}`,
    },
    footer: t("mail.emailChange.footer"),
  });
  await ctx.mailer.send({
    to: email,
    subject: t("mail.emailChange.subject"),
    html,
    text,
    kind: "email-change",
    locale: ctx.locale,
  });
}

/**
 * Sends a confirmation link to the new address; asking again within a minute is refused (no
 * mail-bombing); a new request replaces the pending one. An address another account has gets no link:
 * its owner is told instead (mailAccountExists), and the member sees the same answer and pending change
 * as for a free address (a link that goes nowhere), so the form never tells whether an address is
 * registered.
 */
export async function requestEmailChange(
  ctx: AccountContext,
  input: { accountId: number; email: string; password: string; sessionId?: string; client?: string },
): Promise<AccountResult<{ email: string; delivery: Exclude<Delivery, "failed"> }>> {
  const email = input.email.trim();
  const row = await repo.liveAccount(ctx.db, input.accountId);
  if (!row) return { ok: false, code: EMAIL_CHANGE_ERRORS.gone };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored: row.passwordHash,
    wrong: { code: EMAIL_CHANGE_ERRORS.password, field: "current" },
  });
  if (refused) return refused;
  if (row.email.toLowerCase() === email.toLowerCase())
    return { ok: false, code: EMAIL_CHANGE_ERRORS.same, field: "email" };
  if (await recentlyMailed(ctx, input.accountId, EMAIL_PURPOSE.emailChange))
    return { ok: false, code: EMAIL_CHANGE_ERRORS.cooldown };
  const owner = await ownerOf(ctx, email, input.accountId);

  const token = randomBytes(24).toString("base64url");
  const now = ctx.clock.now();
  const expires = new Date(now.getTime() + AUTH.verificationLinkHours * 3600_000);
  await ctx.db.transaction(async (tx) => {
    // One pending change at a time: an earlier link stops working.
    await tokens.spendAccountTokens(tx, input.accountId, now, [EMAIL_PURPOSE.emailChange]);
    await tokens.insertEmailToken(tx, {
      tokenHash: digest(token),
      accountId: input.accountId,
      purpose: EMAIL_PURPOSE.emailChange,
      newEmail: email,
      expiresAt: expires,
      createdAt: now,
    });
  });
  // Within the request, for at most MAIL.sendTimeoutMs (sendNow): a refusal is said, a slow server is "late".
  // A failed link leaves no change pending (nor a cooldown), even when it fails after the time-out.
  const delivery = await sendNow(
    ctx,
    owner ? "account-exists mail" : "e-mail change link",
    () => (owner ? mailAccountExists(ctx, owner, "emailChange") : sendChangeLink(ctx, email, token)),
    () => tokens.deleteEmailToken(ctx.db, digest(token)),
  );
  if (delivery === "failed") return { ok: false, code: EMAIL_CHANGE_ERRORS.failed };
  return { ok: true, value: { email, delivery } };
}

/** The change waiting for its link to be followed, if any. */
export async function pendingEmailChange(
  ctx: ServiceContext,
  accountId: number,
): Promise<{ email: string; expiresAt: Date } | null> {
  const row = await tokens.latestLiveEmailToken(ctx.db, accountId, EMAIL_PURPOSE.emailChange, ctx.clock.now());
  // An e-mail change's link always has the new address.
  return row ? { email: row.newEmail as string, expiresAt: new Date(row.expiresAt) } : null;
}

/**
 * Follows the link sent to the new address: the account's e-mail becomes it (the account is verified by
 * it), other pending links for the account stop working, and the old address is told.
 */
export async function confirmEmailChange(
  ctx: AccountContext,
  token: string,
): Promise<AccountResult<{ accountId: number; email: string }>> {
  if (!token || token.length > 100 || !/^[\w-]+$/.test(token)) return { ok: false, code: EMAIL_CHANGE_ERRORS.invalid };
  const now = ctx.clock.now();
  let result: AccountResult<{ accountId: number; email: string; old: string; locale: string }>;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const row = await tokens.emailTokenByHash(tx, digest(token), EMAIL_PURPOSE.emailChange, true);
      if (!row) return { ok: false as const, code: EMAIL_CHANGE_ERRORS.invalid };
      // An e-mail change's link always has the new address.
      const newEmail = row.newEmail as string;
      const account = await repo.liveAccount(tx, row.accountId, true);
      if (!account) return { ok: false as const, code: EMAIL_CHANGE_ERRORS.invalid };
      // Following the link again after it worked: the address is already the new one.
      if (row.usedAt && account.email.toLowerCase() === newEmail.toLowerCase())
        return {
          ok: true as const,
          value: { accountId: row.accountId, email: account.email, old: "", locale: account.locale },
        };
      if (row.usedAt || new Date(row.expiresAt) <= now)
        return { ok: false as const, code: EMAIL_CHANGE_ERRORS.outdated };
      await tokens.spendAccountTokens(tx, row.accountId, now, [EMAIL_PURPOSE.emailChange, EMAIL_PURPOSE.reset]);
      await repo.changeAccountEmail(tx, row.accountId, newEmail, now);
      return {
        ok: true as const,
        value: { accountId: row.accountId, email: newEmail, old: account.email, locale: account.locale },
      };
    });
  } catch (error) {
    // Someone registered the address after the link was sent.
    if (uniqueViolation(error) === "account_email_lower_idx") return { ok: false, code: EMAIL_CHANGE_ERRORS.taken };
    throw error;
  }
  if (!result.ok) return result;
  const { accountId, email, old } = result.value;
  if (old) {
    const locale = result.value.locale === "es" ? "es" : "en";
    const t = ctx.translate(locale);
    await deliver(ctx, "e-mail change notice", async () => {
      const { html, text } = renderMail({
        locale,
        preheader: t("mail.emailChanged.preheader"),
        heading: t("mail.emailChanged.heading"),
        paragraphs: [t("mail.emailChanged.body", { email }), t("mail.emailChanged.help")],
        footer: t("mail.emailChanged.footer"),
      });
      await ctx.mailer.send({
        to: old,
        subject: t("mail.emailChanged.subject"),
        html,
        text,
        kind: "email-changed",
        locale,
      });
    });
  }
  return { ok: true, value: { accountId, email } };
}
