import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type BillingContext,
  billingCustomerOf,
  closeBillingForDeletion,
  deleteProviderCustomer,
} from "#modules/billing/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { checkCurrentPassword } from "./current-password.ts";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import { passwordIssue } from "./schemas.ts";
import { type AccountResult, uniqueViolation } from "./service.ts";

/** The account's own settings (SPEC §3 account edit form, DECISIONS: Accounts). */

export const PROFILE_ERRORS = {
  usernameTaken: "auth.errors.usernameTaken",
  currentPassword: "auth.errors.currentPasswordInvalid",
  password: "auth.errors.invalidPassword",
  reused: "auth.errors.passwordReused",
  common: "auth.errors.passwordCommon",
  gone: "auth.errors.accountNotFound",
  failed: "account.settings.errors.failed",
} as const;

type Row = { id: number; email: string; password_hash: string; previous_password_hashes: string[] | null };

async function lockedAccount(tx: ServiceContext["db"], accountId: number): Promise<Row | null> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select id, email, password_hash, previous_password_hashes from account
        where id = ${accountId} and deleted_at is null for update`,
  );
  return row ?? null;
}

/** Name and username. A username another account has (in any case) is refused with its own message. */
export async function updateProfile(
  ctx: ServiceContext,
  input: { accountId: number; name: string; username: string },
): Promise<AccountResult<{ name: string; username: string }>> {
  try {
    const rows = await queryRows<{ name: string; username: string }>(
      ctx.db,
      sql`update account set name = ${input.name}, username = ${input.username}, updated_at = ${ctx.clock.now()}
          where id = ${input.accountId} and deleted_at is null returning name, username`,
    );
    if (!rows.length) return { ok: false, code: PROFILE_ERRORS.gone };
    return { ok: true, value: rows[0] };
  } catch (error) {
    if (uniqueViolation(error) === "account_username_lower_idx")
      return { ok: false, code: PROFILE_ERRORS.usernameTaken, field: "username" };
    throw error;
  }
}

/**
 * A new password, proven by the current one (checked as current-password.ts says: repeated wrong ones
 * sign this session out): the rules of SPEC §5 (not containing the e-mail, not one of the most common,
 * not one of the last two). Every other device is signed out; this one stays.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: { accountId: number; sessionId: string; client?: string; current: string; password: string },
): Promise<AccountResult<null>> {
  const [row] = await queryRows<Row>(
    ctx.db,
    sql`select id, email, password_hash, previous_password_hashes from account where id = ${input.accountId} and deleted_at is null`,
  );
  if (!row) return { ok: false, code: PROFILE_ERRORS.gone };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored: row.password_hash,
    password: input.current,
    wrong: { code: PROFILE_ERRORS.currentPassword, field: "current" },
  });
  if (refused) return refused;
  const issue =
    passwordIssue(input.password, row.email) ?? (isCommonPassword(input.password) ? PROFILE_ERRORS.common : null);
  if (issue) return { ok: false, code: issue, field: "password" };
  const history = [row.password_hash, ...(row.previous_password_hashes ?? [])].slice(0, 3);
  for (const old of history)
    if (await verifyPassword(old, input.password)) return { ok: false, code: PROFILE_ERRORS.reused, field: "password" };
  const hash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Two changes at once: the second finds the hash it checked replaced, and changes nothing.
    const locked = await lockedAccount(tx, input.accountId);
    if (!locked || locked.password_hash !== row.password_hash)
      return { ok: false as const, code: PROFILE_ERRORS.currentPassword, field: "current" };
    await tx.execute(sql`update account set password_hash = ${hash},
        previous_password_hashes = array[${sql.join(
          history.slice(0, 2).map((h) => sql`${h}`),
          sql`, `,
        )}]::text[], updated_at = ${now} where id = ${input.accountId}`);
    await tx.execute(sql`update auth_session set revoked_at = ${now}
        where account_id = ${input.accountId} and revoked_at is null and id <> ${input.sessionId}`);
    // Reset links asked for before the change stop working too.
    await tx.execute(sql`update email_token set used_at = ${now}
        where account_id = ${input.accountId} and purpose = 'reset' and used_at is null`);
    return { ok: true as const, value: null };
  });
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
  const [row] = await queryRows<Row>(
    ctx.db,
    sql`select id, email, password_hash, previous_password_hashes from account where id = ${input.accountId} and deleted_at is null`,
  );
  if (!row) return { ok: false, code: PROFILE_ERRORS.gone };
  const refused = await checkCurrentPassword(ctx, {
    ...input,
    stored: row.password_hash,
    wrong: { code: PROFILE_ERRORS.password, field: "password" },
  });
  if (refused) return refused;
  const now = ctx.clock.now();
  const gone = `deleted-${input.accountId}-${randomBytes(4).toString("hex")}`;
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await lockedAccount(tx, input.accountId))) return { ok: false as const, code: PROFILE_ERRORS.gone };
    const [pic] = await queryRows<{ avatar_key: string | null }>(
      tx,
      sql`select avatar_key from account where id = ${input.accountId}`,
    );
    const customer = await billingCustomerOf(tx, input.accountId);
    const refused = await closeBillingForDeletion(ctx, tx, input.accountId);
    if (refused) return { ok: false as const, code: refused.code };
    for (const table of [
      "favorite_folder",
      "favorite",
      "account_interest",
      "account_identity",
      "email_token",
      "auth_session_device",
      "auth_session",
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where account_id = ${input.accountId}`);
    await tx.execute(sql`delete from login_backoff where key like ${`${input.accountId}|%`}`);
    await tx.execute(sql`update account set email = ${`${gone}@deleted.invalid`}, username = ${gone}, name = '',
        password_hash = '!', previous_password_hashes = '{}', plan = 'FREE', avatar_key = null,
        deleted_at = ${now}, updated_at = ${now}
        where id = ${input.accountId}`);
    return { ok: true as const, value: null, avatarKey: pic?.avatar_key ?? null, customer };
  });
  if (!result.ok) return result;
  // The provider's customer record goes once the account is gone; if the provider is away, a job retries.
  if (result.customer) await deleteProviderCustomer(ctx, result.customer);
  // The picture's file goes once the row no longer names it.
  if (result.avatarKey && ctx.storage)
    await ctx.storage
      .delete(result.avatarKey)
      .catch((error) => ctx.log.warn("avatar of a deleted account kept", { error }));
  return { ok: true, value: null };
}
