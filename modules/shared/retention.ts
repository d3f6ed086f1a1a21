import { type SQL, sql } from "drizzle-orm";
import { RETENTION, TOP_SEARCHES_WINDOW_DAYS } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import type { Clock } from "./context.ts";
import { periodOf } from "./period.ts";
import { queryRows } from "./sql.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** How many rows a purge deleted (`count(*)::int as n` of its `returning`). */
type PurgedRow = { n: number };

/** Provider webhook ids are kept this long against redeliveries (Stripe retries for three days). */
const BILLING_EVENT_DAYS = 90;

/** The oldest a guest's download record is kept (RETENTION.guestDownloadsMonths before `now`, on its day). */
export function guestDownloadsKeptFrom(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - RETENTION.guestDownloadsMonths, now.getUTCDate()));
}

/**
 * Deletes what the Privacy Policy promises not to keep (RETENTION): guest download records after 3
 * months, allowance counters and credits of periods that old, the search log once it is older than the
 * top-searches window and the log retention, demo outbox mail, old webhook ids, rate-limit buckets
 * that have refilled, CAPTCHA solutions whose challenge expired, used Google log-in nonces and tokens
 * past their expiry, yesterday's record of who viewed what, contact messages (and their replies) 2 years after
 * the conversation ended, sign-ups
 * never verified after 30 days and the operator audit log after two years. Runs on a schedule (the
 * maintenance job); answers how many rows went, per kind.
 */
export async function purgeExpiredRecords(ctx: { db: Executor; clock: Clock }): Promise<Record<string, number>> {
  const now = ctx.clock.now();
  const months = guestDownloadsKeptFrom(now);
  const oldestPeriod = periodOf(months);
  const supportCutoff = new Date(
    Date.UTC(
      now.getUTCFullYear() - RETENTION.supportMessageYears,
      now.getUTCMonth(),
      now.getUTCDate(),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
    ),
  );
  const logCutoff = new Date(now.getTime() - Math.max(RETENTION.serverLogDays, TOP_SEARCHES_WINDOW_DAYS) * DAY_MS);
  /** Deletes `from <table> where <condition>` and answers how many rows went. */
  const purge = async (from: SQL) =>
    Number(
      (
        await queryRows<PurgedRow>(
          ctx.db,
          sql`with d as (delete from ${from} returning 1) select count(*)::int as n from d`,
        )
      )[0]?.n ?? 0,
    );
  return {
    guestDownloads: await purge(sql`download where account_id is null and created_at < ${months}`),
    counters: await purge(sql`download_counter where period < ${oldestPeriod}`),
    grants: await purge(sql`download_grant where period < ${oldestPeriod}`),
    searchLog: await purge(sql`search_log where created_at < ${logCutoff}`),
    outbox: await purge(sql`mail_outbox where created_at < ${logCutoff}`),
    loginBackoff: await purge(sql`login_backoff where updated_at < ${new Date(now.getTime() - DAY_MS)}`),
    // Rate-limit buckets untouched for a day have long refilled; who viewed what is needed for today only.
    rateLimits: await purge(sql`rate_limit where at_ms < ${now.getTime() - DAY_MS}::bigint`),
    viewsSeen: await purge(
      sql`template_view_seen where day < ${new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10)}::date`,
    ),
    // Used CAPTCHA solutions are kept only while their challenge could still be posted (plus an hour,
    // as processes' clocks differ a little).
    captchaSolutions: await purge(sql`captcha_solution where expires_at < ${new Date(now.getTime() - HOUR_MS)}`),
    // Google log-in nonces and ID tokens already used, once they could no longer be accepted anyway.
    idTokensUsed: await purge(sql`id_token_use where expires_at < ${now}`),
    // Messages sent through the contact form, whatever became of them, RETENTION.supportMessageYears after
    // the conversation ended (the privacy policy's words): its last moment is the latest of the message,
    // its answer, its closing and its replies' last change; the replies go with it (a cascade).
    contactMessages: await purge(
      sql`contact_message m where greatest(m.created_at, m.answered_at, m.closed_at,
            (select max(greatest(r.updated_at, r.sent_at)) from contact_reply r where r.message_id = m.id)) < ${supportCutoff}`,
    ),
    billingEvents: await purge(
      sql`billing_event where received_at < ${new Date(now.getTime() - BILLING_EVENT_DAYS * DAY_MS)}`,
    ),
    // What operators did (the audit log), after RETENTION.auditLogDays (two years).
    auditLog: await purge(sql`operator_audit where at < ${new Date(now.getTime() - RETENTION.auditLogDays * DAY_MS)}`),
    // Sign-ups never verified: the account (never able to log in, so nothing else of it) and, by the
    // foreign keys, its links, after RETENTION.unverifiedAccountDays. Deleted accounts stay anonymised.
    unverifiedAccounts: await purge(
      sql`account where verified_at is null and deleted_at is null
          and created_at < ${new Date(now.getTime() - RETENTION.unverifiedAccountDays * DAY_MS)}`,
    ),
  };
}
