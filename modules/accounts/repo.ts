import { and, eq, getTableColumns, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { keptStatement } from "#db/prepared.server.ts";
import { account, accountIdentity, accountInterest, authSession, emailToken, tag } from "#db/schema/index.ts";
import { memberHeaderColumns } from "#modules/downloads/repo.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The accounts module's queries on the account itself: finding it (by address, log-in, session, outside
 * identity or link), creating, changing and anonymising it, and its interests. Links, back-off and
 * sessions are in tokens-repo.ts; what an operator changes is in operator-repo.ts.
 */

export type AccountRow = typeof account.$inferSelect;

/** The address matches without regard to case (as the unique index on lower(email) does). */
const sameEmail = (email: string) => sql`lower(${account.email}) = lower(${email})`;

/** The usernames (lower case) that start with a stem, at most 1000. */
export async function usernamesLike(db: Executor, stem: string): Promise<string[]> {
  const rows = await db
    .select({ u: sql<string>`lower(${account.username})` })
    .from(account)
    .where(sql`lower(${account.username}) like ${`${stem}%`}`)
    .limit(1000);
  return rows.map((r) => r.u);
}

export type EmailOwner = Pick<AccountRow, "email" | "locale">;

/** The account that has an address (other than `exceptId`, when given): its address as stored and its language. */
export async function emailOwner(db: Executor, email: string, exceptId?: number): Promise<EmailOwner | undefined> {
  const [row] = await db
    .select({ email: account.email, locale: account.locale })
    .from(account)
    .where(and(sameEmail(email), exceptId === undefined ? undefined : sql`${account.id} <> ${exceptId}`));
  return row;
}

/** A new unverified account on the free plan; answers its id (a taken address or username throws). */
export async function insertAccount(
  db: Executor,
  row: Pick<AccountRow, "email" | "username" | "name" | "passwordHash" | "locale" | "createdAt" | "updatedAt">,
): Promise<number> {
  const [created] = await db
    .insert(account)
    .values({ ...row, plan: "FREE" })
    .returning({ id: account.id });
  return created.id;
}

/** A verified account (demo accounts, tests); nothing when the address or username is taken. */
export async function insertVerifiedAccount(
  db: Executor,
  row: Pick<
    AccountRow,
    "email" | "username" | "name" | "passwordHash" | "plan" | "verifiedAt" | "blockedAt" | "createdAt" | "updatedAt"
  >,
): Promise<number | undefined> {
  const [created] = await db.insert(account).values(row).onConflictDoNothing().returning({ id: account.id });
  return created?.id;
}

/** A new verified account on the free plan (a first sign-in with an outside identity), as stored. */
export async function insertIdentityAccount(
  db: Executor,
  row: Pick<
    AccountRow,
    "email" | "username" | "name" | "passwordHash" | "locale" | "verifiedAt" | "createdAt" | "updatedAt"
  >,
): Promise<AccountRow> {
  const [created] = await db
    .insert(account)
    .values({ ...row, plan: "FREE" })
    .returning();
  return created;
}

/** The account with an address, unless it is blocked. */
export async function unblockedAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(and(sameEmail(email), isNull(account.blockedAt)));
  return row;
}

/** The account with an address, locked for the rest of the transaction. */
export async function lockAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(account).where(sameEmail(email)).for("update");
  return row;
}

/** The account a log-in names: its e-mail or its username, any case. */
export async function accountByLogin(db: Executor, login: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(sql`${sameEmail(login)} or lower(${account.username}) = lower(${login})`)
    .limit(1);
  return row;
}

/**
 * The account of a live session (not ended), unless it is blocked or deleted; with it, in the same
 * statement, what the header shows (SessionFacts): the credits counted under `subject` in `period`
 * and whether the account has chosen its interests.
 */
export async function sessionAccount(
  db: Executor,
  input: { accountId: number; sessionId: string; subject: string; period: string },
): Promise<SessionAccountRow | undefined> {
  const kept = await keptSessionStatement(db, [input.accountId, input.sessionId, input.subject, input.period]);
  const [row] = kept ?? (await sessionStatement(db).execute(input));
  return row;
}

export type SessionAccountRow = AccountRow & { downloadsUsed: number; hasInterests: boolean };

/**
 * The same statement as the embedded database keeps it prepared (db/prepared.server.ts: planned once,
 * not at every signed-in request), with the account's columns named from the schema as Drizzle names them;
 * accounts/repo.test.ts compares its row with the Drizzle statement's.
 */
const keptSessionStatement = keptStatement<SessionAccountRow>(
  "session_account",
  ["integer", "text", "text", "text"],
  `select ${Object.entries(getTableColumns(account))
    .map(([key, column]) => `a."${column.name}" as "${key}"`)
    .join(", ")},
    coalesce((select c.used from download_counter c where c.subject = $3 and c.period = $4), 0) as "downloadsUsed",
    exists (select 1 from account_interest i where i.account_id = a.id) as "hasInterests"
  from account a join auth_session s on s.account_id = a.id
  where a.id = $1 and s.id = $2 and s.revoked_at is null and a.blocked_at is null and a.deleted_at is null`,
);

/**
 * Every signed-in request runs it, so it is built once per database (drizzle's `prepare`): building
 * the SQL of a 20-column select cost about as much as running it in the embedded database.
 */
const sessionStatements = new WeakMap<Executor, ReturnType<typeof buildSessionStatement>>();
function sessionStatement(db: Executor) {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = buildSessionStatement(db);
    sessionStatements.set(db, statement);
  }
  return statement;
}

function buildSessionStatement(db: Executor) {
  const facts = memberHeaderColumns(db, {
    subject: sql.placeholder("subject"),
    period: sql.placeholder("period"),
    accountId: account.id,
  });
  return db
    .select({
      ...getTableColumns(account),
      downloadsUsed: facts.used,
      hasInterests: facts.hasInterests,
    })
    .from(account)
    .innerJoin(authSession, eq(authSession.accountId, account.id))
    .where(
      and(
        eq(account.id, sql.placeholder("accountId")),
        eq(authSession.id, sql.placeholder("sessionId")),
        isNull(authSession.revokedAt),
        isNull(account.blockedAt),
        isNull(account.deletedAt),
      ),
    )
    .prepare("session_account");
}

/** The account an outside identity is linked to. */
export async function accountByIdentity(
  db: Executor,
  provider: string,
  subject: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(getTableColumns(account))
    .from(accountIdentity)
    .innerJoin(account, eq(account.id, accountIdentity.accountId))
    .where(and(eq(accountIdentity.provider, provider), eq(accountIdentity.subject, subject)));
  return row;
}

/** The account a mailed link (by its hash) was issued to. */
export async function accountByEmailToken(db: Executor, tokenHash: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(getTableColumns(account))
    .from(emailToken)
    .innerJoin(account, eq(account.id, emailToken.accountId))
    .where(eq(emailToken.tokenHash, tokenHash));
  return row;
}

/** When an account was verified (null: not yet); undefined when there is no such account. */
export async function accountVerifiedAt(db: Executor, accountId: number): Promise<Date | null | undefined> {
  const [row] = await db.select({ verifiedAt: account.verifiedAt }).from(account).where(eq(account.id, accountId));
  return row?.verifiedAt;
}

/** Verifies an account (keeping the first moment it was). */
export async function markAccountVerified(db: Executor, accountId: number, now: Date): Promise<void> {
  await db
    .update(account)
    .set({ verifiedAt: sql`coalesce(${account.verifiedAt}, ${now})`, updatedAt: now })
    .where(eq(account.id, accountId));
}

/** Moves an account to a confirmed address (which verifies it). */
export async function changeAccountEmail(db: Executor, accountId: number, email: string, now: Date): Promise<void> {
  await db
    .update(account)
    .set({ email, verifiedAt: sql`coalesce(${account.verifiedAt}, ${now})`, updatedAt: now })
    .where(eq(account.id, accountId));
}

/** Saves an account's language. */
export async function updateAccountLocale(db: Executor, accountId: number, locale: string, now: Date): Promise<void> {
  await db.update(account).set({ locale, updatedAt: now }).where(eq(account.id, accountId));
}

/**
 * A new password hash; `previous` are the hashes kept to refuse a repeat. `verify` also verifies the
 * account (a reset link proved the address).
 */
export async function setPasswordHash(
  db: Executor,
  accountId: number,
  input: { hash: string; previous: readonly string[]; now: Date; verify: boolean },
): Promise<void> {
  const { hash, previous, now } = input;
  await db.execute(sql`update account set password_hash = ${hash},
      previous_password_hashes = array[${sql.join(
        previous.map((h) => sql`${h}`),
        sql`, `,
      )}]::text[],
      ${input.verify ? sql`verified_at = coalesce(verified_at, ${now}), ` : sql``}updated_at = ${now} where id = ${accountId}`);
}

/** Verifies an account someone else registered but never proved; its password becomes an unusable one. */
export async function takeOverUnverifiedAccount(
  db: Executor,
  accountId: number,
  unusable: string,
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ verifiedAt: now, passwordHash: unusable, previousPasswordHashes: sql`'{}'::text[]`, updatedAt: now })
    .where(eq(account.id, accountId));
}

/** Links an outside identity to an account (once). */
export async function linkIdentity(
  db: Executor,
  row: { provider: string; subject: string; accountId: number; createdAt: Date },
): Promise<void> {
  await db.insert(accountIdentity).values(row).onConflictDoNothing();
}

export type LiveAccount = Pick<AccountRow, "id" | "email" | "locale" | "passwordHash" | "previousPasswordHashes">;

/** An account that is not deleted; `lock` takes its row for the rest of the transaction (for update). */
export async function liveAccount(db: Executor, accountId: number, lock = false): Promise<LiveAccount | undefined> {
  const query = db
    .select({
      id: account.id,
      email: account.email,
      locale: account.locale,
      passwordHash: account.passwordHash,
      previousPasswordHashes: account.previousPasswordHashes,
    })
    .from(account)
    .where(and(eq(account.id, accountId), isNull(account.deletedAt)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

/** Changes a live account's name and username; undefined when it is gone (a taken username throws). */
export async function updateNameAndUsername(
  db: Executor,
  accountId: number,
  input: { name: string; username: string; now: Date },
): Promise<Pick<AccountRow, "name" | "username"> | undefined> {
  const [row] = await db
    .update(account)
    .set({ name: input.name, username: input.username, updatedAt: input.now })
    .where(and(eq(account.id, accountId), isNull(account.deletedAt)))
    .returning({ name: account.name, username: account.username });
  return row;
}

/** The storage key of an account's picture (null: none). */
export async function accountAvatarKey(db: Executor, accountId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ avatarKey: account.avatarKey }).from(account).where(eq(account.id, accountId));
  return row?.avatarKey;
}

type AvatarKeyRow = { avatar_key: string | null };

/**
 * Sets (or clears) a live account's picture key and answers the one it replaces, read and replaced in
 * one statement (two uploads at once leave no picture behind); undefined when the account is gone.
 */
export async function swapAvatarKey(
  db: Executor,
  accountId: number,
  key: string | null,
  now: Date,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await queryRows<AvatarKeyRow>(
    db,
    sql`update account a set avatar_key = ${key}, updated_at = ${now}
        from (select id, avatar_key from account where id = ${accountId} and deleted_at is null for update) old
        where a.id = old.id returning old.avatar_key`,
  );
  return row && { previous: row.avatar_key };
}

/** The tables of an account's own data that go when it is deleted (the row itself stays, anonymised). */
const ACCOUNT_DATA_TABLES = [
  "favorite_folder",
  "favorite",
  "account_interest",
  "account_identity",
  "email_token",
  "auth_session_device",
  "auth_session",
] as const;

/** Deletes an account's favourites, folders, interests, identities, links and sessions. */
export async function deleteAccountData(db: Executor, accountId: number): Promise<void> {
  for (const table of ACCOUNT_DATA_TABLES)
    await db.execute(sql`delete from ${sql.identifier(table)} where account_id = ${accountId}`);
}

/**
 * Anonymises a deleted account: `gone` becomes its username and address; nothing of the person stays
 * (an operator's reason for a block, which may name them, goes too).
 */
export async function anonymiseAccount(db: Executor, accountId: number, gone: string, now: Date): Promise<void> {
  await db.execute(sql`update account set email = ${`${gone}@deleted.invalid`}, username = ${gone}, name = '',
      password_hash = '!', previous_password_hashes = '{}', plan = 'FREE', avatar_key = null, blocked_reason = null,
      deleted_at = ${now}, updated_at = ${now}
      where id = ${accountId}`);
}

// Interests

/** An account's interests: tag ids in the order they were chosen. */
export async function accountInterestIds(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ tagId: accountInterest.tagId })
    .from(accountInterest)
    .where(eq(accountInterest.accountId, accountId))
    .orderBy(accountInterest.createdAt, accountInterest.tagId);
  return rows.map((r) => Number(r.tagId));
}

/** Those of these tags that exist and are of these types. */
export async function existingTagIds(
  db: Executor,
  tagIds: readonly number[],
  types: readonly (typeof tag.$inferSelect)["type"][],
): Promise<number[]> {
  const rows = await db
    .select({ id: tag.id })
    .from(tag)
    .where(and(inArray(tag.id, [...tagIds]), inArray(tag.type, [...types])));
  return rows.map((r) => r.id);
}

/** Drops an account's interests other than these tags. */
export async function deleteInterestsExcept(db: Executor, accountId: number, tagIds: readonly number[]): Promise<void> {
  await db
    .delete(accountInterest)
    .where(and(eq(accountInterest.accountId, accountId), notInArray(accountInterest.tagId, [...tagIds])));
}

/** Adds these tags to an account's interests (those it has stay), each a microsecond after the one before. */
export async function insertInterestsInOrder(
  db: Executor,
  accountId: number,
  tagIds: readonly number[],
  now: Date,
): Promise<void> {
  const ids = sql.join(
    tagIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`insert into account_interest (account_id, tag_id, created_at)
      select ${accountId}, x.id, ${now}::timestamptz + (x.ord * interval '1 microsecond')
      from unnest(array[${ids}]::int[]) with ordinality as x(id, ord)
      on conflict do nothing`);
}
