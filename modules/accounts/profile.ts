import { randomBytes } from "node:crypto";
import {
  type BillingContext,
  billingCustomerOf,
  closeBillingForDeletion,
  deleteProviderCustomer,
} from "#modules/billing/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import { forgetLicensee } from "#modules/licences/service.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { uniqueViolation } from "#modules/shared/db-errors.ts";
import { checkCurrentPassword } from "./current-password.ts";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import * as repo from "./repo.ts";
import { passwordIssue } from "./schemas.ts";
import { type AccountContext, type AccountResult, mailPasswordChanged } from "./service.ts";
import * as tokens from "./tokens-repo.ts";

/** The account's own settings (SPEC §3 account edit form, DECISIONS: Accounts). */

export const PROFILE_ERRORS = {
  usernameTaken: "auth.errors.usernameTaken",
  currentPassword: "auth.errors.currentPasswordInvalid",
  password: "auth.errors.invalidPassword",
  reused: "auth.errors.passwordReused",
  common: "auth.errors.passwordCommon",
  gone: "auth.errors.accountNotFound",
  failed: "account.settings.errors.failed",
  nameFailed: "account.settings.errors.nameFailed",
} as const;

async function lockedAccount(tx: ServiceContext["db"], accountId: number): Promise<repo.LiveAccount | null> {
  return (await repo.liveAccount(tx, accountId, true)) ?? null;
}

/**
 * Name and username. A username another account has (in any case) is refused with its own message. Any
 * other failure of the save (the database away mid-request, say) is logged and answered with SPEC §8's
 * 'Failed to update name, please try again.', so the form says it beside what was typed instead of the
 * page turning into the generic error page.
 */
export async function updateProfile(
  ctx: ServiceContext,
  input: { accountId: number; name: string; username: string },
): Promise<AccountResult<{ name: string; username: string }>> {
  try {
    const row = await repo.updateNameAndUsername(ctx.db, input.accountId, {
      name: input.name,
      username: input.username,
      now: ctx.clock.now(),
    });
    if (!row) return { ok: false, code: PROFILE_ERRORS.gone };
    return { ok: true, value: row };
  } catch (error) {
    if (uniqueViolation(error) === "account_username_lower_idx")
      return { ok: false, code: PROFILE_ERRORS.usernameTaken, field: "username" };
    ctx.log.error("name not updated", { accountId: input.accountId, error });
    return { ok: false, code: PROFILE_ERRORS.nameFailed };
  }
}

/**
 * A new password, proven by the current one (checked as current-password.ts says: repeated wrong ones
 * sign this session out): the rules of SPEC §5 (not containing the e-mail, not one of the most common,
 * not one of the last two). Every other device is signed out; this one stays. The address is told
 * (mailPasswordChanged) once the change committed.
 */
export async function changePassword(
  ctx: AccountContext,
  input: { accountId: number; sessionId: string; client?: string; current: string; password: string },
): Promise<AccountResult<null>> {
  const row = await repo.liveAccount(ctx.db, input.accountId);
  if (!row) return { ok: false, code: PROFILE_ERRORS.gone };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored: row.passwordHash,
    password: input.current,
    wrong: { code: PROFILE_ERRORS.currentPassword, field: "current" },
  });
  if (refused) return refused;
  const issue =
    passwordIssue(input.password, row.email) ??
    ((await isCommonPassword(input.password)) ? PROFILE_ERRORS.common : null);
  if (issue) return { ok: false, code: issue, field: "password" };
  const history = [row.passwordHash, ...(row.previousPasswordHashes ?? [])].slice(0, 3);
  for (const old of history)
    if (await verifyPassword(old, input.password)) return { ok: false, code: PROFILE_ERRORS.reused, field: "password" };
  const hash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // Two changes at once: the second finds the hash it checked replaced, and changes nothing.
    const locked = await lockedAccount(tx, input.accountId);
    if (!locked || locked.passwordHash !== row.passwordHash)
      return { ok: false as const, code: PROFILE_ERRORS.currentPassword, field: "current" };
    await repo.setPasswordHash(tx, input.accountId, { hash, previous: history.slice(0, 2), now, verify: false });
    await tokens.revokeAccountSessions(tx, input.accountId, now, { exceptId: input.sessionId });
    // Reset links asked for before the change stop working too.
    await tokens.spendAccountTokens(tx, input.accountId, now, ["reset"]);
    return { ok: true as const, value: null };
  });
  if (result.ok) await mailPasswordChanged(ctx, row, "settings");
  return result;
}

/**
 * Deletes the account, confirmed by its password (DECISIONS: Accounts): any subscription ends now,
 * favourites, sessions, links and sign-in identities go, and the row stays anonymised for the invoices
 * and download history, so the same e-mail address can sign up again. The customer record at the
 * payment provider is deleted after it (a job retries when the provider is away).
 */
export async function deleteAccount(
  ctx: BillingContext & { storage?: Storage },
  input: { accountId: number; password: string; sessionId?: string; client?: string },
): Promise<AccountResult<null>> {
  const row = await repo.liveAccount(ctx.db, input.accountId);
  if (!row) return { ok: false, code: PROFILE_ERRORS.gone };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored: row.passwordHash,
    wrong: { code: PROFILE_ERRORS.password, field: "password" },
  });
  if (refused) return refused;
  return eraseAccount(ctx, { accountId: input.accountId });
}

/**
 * The deletion itself, once whoever asked was checked: the member (their password, deleteAccount) or an
 * operator at the member's request (the desk, modules/accounts/operator.ts), whose audit entry
 * `alongside` writes in the deletion's transaction, with the account locked. One rule for both.
 */
export async function eraseAccount(
  ctx: BillingContext & { storage?: Storage },
  input: { accountId: number; alongside?: (tx: ServiceContext["db"]) => Promise<void> },
): Promise<AccountResult<null>> {
  const now = ctx.clock.now();
  const gone = `deleted-${input.accountId}-${randomBytes(4).toString("hex")}`;
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockedAccount(tx, input.accountId))) return { ok: false as const, code: PROFILE_ERRORS.gone };
    const avatarKey = await repo.accountAvatarKey(tx, input.accountId);
    const customer = await billingCustomerOf(tx, input.accountId);
    const refused = await closeBillingForDeletion(ctx, tx, input.accountId);
    if (refused) return { ok: false as const, code: refused.code };
    await repo.deleteAccountData(tx, input.accountId);
    // Its licences stay valid for the work they licensed, with the name cut to initials.
    await forgetLicensee(tx, input.accountId);
    await tokens.clearAccountLoginBackoff(tx, input.accountId);
    await repo.anonymiseAccount(tx, input.accountId, gone, now);
    await input.alongside?.(tx);
    return { ok: true as const, value: { avatarKey: avatarKey ?? null, customer } };
  });
  if (!result.ok) return result;
  // The provider's customer record goes once the account is gone; if the provider is away, a job retries.
  if (result.value.customer) await deleteProviderCustomer(ctx, result.value.customer);
  // The picture's file goes once the row no longer names it.
  if (result.value.avatarKey && ctx.storage)
    await ctx.storage
      .delete(result.value.avatarKey)
      .catch((error) => ctx.log.warn("avatar of a deleted account kept", { error }));
  return { ok: true, value: null };
}
