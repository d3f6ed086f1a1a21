import { sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { queryRows } from "#modules/shared/sql.ts";

/** The queries of the operator's desk, members (desk.ts): finding accounts and reading one. */

export type MemberMatchRow = {
  id: number;
  email: string;
  username: string;
  name: string;
  role: string;
  plan: string;
  blocked: boolean;
  deleted: boolean;
  verified: boolean;
  created_at: Date | string;
  last_seen_at: Date | string | null;
  total: number | string;
};

/**
 * Accounts whose e-mail or username starts with `prefix` (lower case; the query's accents are removed,
 * addresses and usernames are compared as stored, lower-cased, so the lower(email) index can serve a
 * prefix), whose name has
 * a word starting with `words` (the name normalised as search does, slidenest_search_normalize), or
 * whose id is `id`; all accounts when nothing is asked. Exact e-mail, username or id first, then the
 * newest. Each row carries the number of matches.
 */
export async function selectMembers(
  db: Executor,
  q: { prefix: string; words: string; id: number | null; limit: number; offset: number },
): Promise<MemberMatchRow[]> {
  const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const any = q.prefix !== "" || q.words !== "" || q.id !== null;
  const where = any
    ? sql`(${
        q.prefix
          ? sql`lower(a.email) like ${`${like(q.prefix)}%`} or lower(a.username) like ${`${like(q.prefix)}%`}`
          : sql`false`
      }
        or ${q.words ? nameStarts(`% ${like(q.words)}%`) : sql`false`}
        or ${q.id !== null ? sql`a.id = ${q.id}` : sql`false`})`
    : sql`true`;
  const exact = any
    ? sql`(lower(a.email) = ${q.prefix} or lower(a.username) = ${q.prefix}
          or ${q.id !== null ? sql`a.id = ${q.id}` : sql`false`}) desc,`
    : sql``;
  return queryRows<MemberMatchRow>(
    db,
    sql`select a.id, a.email, a.username, a.name, a.role, a.plan, a.blocked_at is not null as blocked,
          a.deleted_at is not null as deleted, a.verified_at is not null as verified, a.created_at, a.last_seen_at,
          ${any ? sql`count(*) over ()` : sql`(select count(*) from account)`} as total
        from account a
        where ${where}
        order by ${exact} a.created_at desc, a.id desc
        limit ${q.limit} offset ${q.offset}`,
  );
}

/**
 * A name with a word starting as `pattern` says (a LIKE pattern over the name as search normalises it,
 * a space before each word). A name of plain ASCII words and single spaces (most) is its own lower case
 * once normalised, so only the others pay for slidenest_search_normalize (unaccent and a regex): about
 * three times faster over 100,000 accounts.
 */
const nameStarts = (pattern: string) =>
  sql`case when a.name ~ '^[A-Za-z0-9]+( [A-Za-z0-9]+)*$' then (' ' || lower(a.name)) like ${pattern}
        else (' ' || slidenest_search_normalize(a.name)) like ${pattern} end`;

export type MemberRow = {
  id: number;
  email: string;
  username: string;
  name: string;
  role: string;
  locale: string;
  plan: string;
  verified_at: Date | string | null;
  blocked_at: Date | string | null;
  blocked_reason: string | null;
  last_seen_at: Date | string | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
  password: boolean;
  identities: string[] | null;
  factor_enabled_at: Date | string | null;
  recovery_left: number | string;
  live_sessions: number | string;
};

/** One account as the desk shows it: its state, sign-in methods, second factor and live log-ins. */
export async function selectMember(db: Executor, accountId: number, now: Date): Promise<MemberRow | undefined> {
  const [row] = await queryRows<MemberRow>(
    db,
    sql`select a.id, a.email, a.username, a.name, a.role, a.locale, a.plan, a.verified_at, a.blocked_at,
          a.blocked_reason, a.last_seen_at, a.created_at, a.deleted_at,
          a.password_hash not like '!%' as password,
          (select array_agg(distinct i.provider order by i.provider) from account_identity i where i.account_id = a.id) as identities,
          f.enabled_at as factor_enabled_at,
          (select count(*) from account_recovery_code r where r.account_id = a.id and r.used_at is null) as recovery_left,
          (select count(distinct s.family) from auth_session s
            where s.account_id = a.id and s.revoked_at is null and s.expires_at > ${now}) as live_sessions
        from account a
        left join account_second_factor f on f.account_id = a.id
        where a.id = ${accountId}`,
  );
  return row;
}

export type MemberSubscriptionRow = {
  id: number;
  plan: string;
  status: string;
  provider: string;
  provider_ref: string | null;
  current_period_start: Date | string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  pending_plan: string | null;
  failed_attempts: number;
  next_retry_at: Date | string | null;
  ended_at: Date | string | null;
  created_at: Date | string;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_ref: string | null;
};

/** An account's subscriptions, the live one first, then the most recent (at most `limit`), each with its card. */
export async function selectMemberSubscriptions(
  db: Executor,
  accountId: number,
  limit: number,
): Promise<MemberSubscriptionRow[]> {
  return queryRows<MemberSubscriptionRow>(
    db,
    sql`select s.id, s.plan, s.status, s.provider, s.provider_ref, s.current_period_start, s.current_period_end,
          s.cancel_at_period_end, s.pending_plan, s.failed_attempts, s.next_retry_at, s.ended_at, s.created_at,
          m.brand as card_brand, m.last4 as card_last4, m.exp_month as card_exp_month, m.exp_year as card_exp_year,
          m.provider_ref as card_ref
        from subscription s
        left join payment_method m on m.id = s.payment_method_id
        where s.account_id = ${accountId}
        order by (s.status in ('active', 'past_due')) desc, s.created_at desc, s.id desc
        limit ${limit}`,
  );
}

/** The payment provider's customer of an account (its billing profile), if it has one. */
export async function selectMemberCustomer(
  db: Executor,
  accountId: number,
): Promise<{ provider: string; customer_id: string } | undefined> {
  const [row] = await queryRows<{ provider: string; customer_id: string }>(
    db,
    sql`select provider, customer_id from billing_profile where account_id = ${accountId}`,
  );
  return row;
}
