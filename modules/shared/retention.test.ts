import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { purgeExpiredRecords } from "./retention.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

const count = async (table: string) =>
  (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

describe("retention", () => {
  it("deletes guest downloads, counters and credits after 3 months, old search log and outbox mail, and contact messages 2 years after the conversation ended", async () => {
    const db = database.db;
    const tax = await createTaxonomy(db);
    const t = await createTemplate(db, tax, { title: "Kept Deck" });
    const [account] = await queryRows<{ id: number }>(
      db,
      sql`insert into account (email, username, name, password_hash) values ('r@example.com', 'retained', 'R', 'x') returning id`,
    );
    const row = (at: string, accountId: number | null) =>
      db.execute(sql`insert into download (template_id, template_color_id, category_id, format, license, fingerprint,
                       account_id, period, created_at)
                     values (${t.id}, ${t.colorIds[0]}, ${tax.tags.marketing}, 'PP', 'free',
                             ${accountId ? null : "guest-1"}, ${accountId}, ${at.slice(0, 7)}, ${new Date(at)})`);
    await row("2026-07-01T00:00:00Z", null); // a guest, over 3 months before: deleted
    await row("2026-09-15T00:00:00Z", null); // a guest, within 3 months: kept
    await row("2026-01-01T00:00:00Z", account.id); // an account's history: kept
    for (const period of ["2026-07", "2026-08", "2026-11"]) {
      await db.execute(sql`insert into download_counter (subject, period, used) values ('g:guest-1', ${period}, 1)`);
      await db.execute(
        sql`insert into download_grant (subject, period, template_id, created_at) values ('g:guest-1', ${period}, ${t.id}, now())`,
      );
    }
    await db.execute(sql`insert into search_log (query, locale, result_count, created_at)
                         values ('old', 'en', 1, ${new Date("2026-09-01T00:00:00Z")}), ('new', 'en', 1, ${new Date("2026-11-20T00:00:00Z")})`);
    await db.execute(sql`insert into mail_outbox ("to", subject, text, html, kind, locale, created_at)
                         values ('a@b.co', 's', 't', 'h', 'verify', 'en', ${new Date("2026-09-01T00:00:00Z")})`);
    await db.execute(sql`insert into rate_limit (scope, key, tokens, at_ms)
                         values ('search', 'old', 1, ${Date.parse("2026-11-21T00:00:00Z")}), ('search', 'new', 1, ${Date.parse("2026-11-22T12:00:00Z")})`);
    await db.execute(sql`insert into template_view_seen (day, client, template_id)
                         values ('2026-11-21', 'c', ${t.id}), ('2026-11-22', 'c', ${t.id}), ('2026-11-23', 'c', ${t.id})`);
    await db.execute(sql`insert into captcha_solution (signature, expires_at)
                         values ('gone', ${new Date("2026-11-22T22:00:00Z")}), ('recent', ${new Date("2026-11-22T23:30:00Z")}),
                                ('live', ${new Date("2026-11-23T00:05:00Z")})`);
    // Contact messages go two years after the conversation ended, sent or not (the privacy policy's support
    // messages); untouched on the desk, that is two years after they came.
    await db.execute(sql`insert into contact_message (first_name, last_name, email, message, locale, status, digest, created_at)
                         values ('Old', 'Sent', 'o@example.com', 'm', 'en', 'sent', 'd1', ${new Date("2024-11-22T23:59:00Z")}),
                                ('Old', 'Failed', 'o@example.com', 'm', 'en', 'failed', 'd2', ${new Date("2024-10-01T00:00:00Z")}),
                                ('Kept', 'Edge', 'k@example.com', 'm', 'es', 'sent', 'd3', ${new Date("2024-11-23T00:01:00Z")}),
                                ('Kept', 'New', 'k@example.com', 'm', 'en', 'received', 'd4', ${new Date("2026-11-01T00:00:00Z")})`);
    // Two years after the conversation ended, not after it began: an old message answered, closed or
    // replied to within the two years stays, with its thread; one whose last reply is older goes with it.
    const [, , replied, ended] = await queryRows<{ id: number }>(
      db,
      sql`insert into contact_message (first_name, last_name, email, message, locale, status, digest, created_at,
                                       desk_state, answered_at, closed_at)
          values ('Kept', 'Answered', 'a@example.com', 'm', 'en', 'sent', 'd5', ${new Date("2024-01-01T00:00:00Z")},
                  'answered', ${new Date("2025-01-01T00:00:00Z")}, null),
                 ('Kept', 'Closed', 'c@example.com', 'm', 'en', 'sent', 'd6', ${new Date("2024-01-01T00:00:00Z")},
                  'closed', null, ${new Date("2024-12-01T00:00:00Z")}),
                 ('Kept', 'Replied', 'r@example.com', 'm', 'en', 'sent', 'd7', ${new Date("2024-01-01T00:00:00Z")},
                  'open', null, null),
                 ('Old', 'Ended', 'e@example.com', 'm', 'en', 'sent', 'd8', ${new Date("2024-01-01T00:00:00Z")},
                  'answered', ${new Date("2024-02-01T00:00:00Z")}, ${new Date("2024-03-01T00:00:00Z")})
          returning id`,
    );
    await db.execute(sql`insert into contact_reply (message_id, author_label, body, locale, status, created_at, updated_at, sent_at)
                         values (${replied.id}, 'ops', 'a draft kept', 'en', 'draft', ${new Date("2024-01-02T00:00:00Z")},
                                 ${new Date("2025-06-01T00:00:00Z")}, null),
                                (${ended.id}, 'ops', 'old answer', 'en', 'sent', ${new Date("2024-02-01T00:00:00Z")},
                                 ${new Date("2024-02-01T00:00:00Z")}, ${new Date("2024-02-01T00:00:00Z")})`);
    const purged = await purgeExpiredRecords({ db, clock: { now: () => new Date("2026-11-23T00:00:00Z") } });
    expect(purged).toMatchObject({
      guestDownloads: 1,
      counters: 1,
      grants: 1,
      searchLog: 1,
      outbox: 1,
      rateLimits: 1,
      viewsSeen: 1,
      captchaSolutions: 1,
      contactMessages: 3,
    });
    expect(
      (await queryRows<{ last_name: string }>(db, sql`select last_name from contact_message order by id`)).map(
        (r) => r.last_name,
      ),
    ).toEqual(["Edge", "New", "Answered", "Closed", "Replied"]);
    expect(
      (await queryRows<{ body: string }>(db, sql`select body from contact_reply order by id`)).map((r) => r.body),
    ).toEqual(["a draft kept"]);
    // Solutions of challenges that expired less than an hour ago, or not yet, are still refused as replays.
    expect(await count("captcha_solution")).toBe(2);
    expect(await count("rate_limit")).toBe(1);
    expect(await count("template_view_seen")).toBe(2);
    expect(await count("download")).toBe(2);
    expect(await count("download_counter")).toBe(2);
    expect(await count("search_log")).toBe(1);
    // Used Google log-in nonces and ID tokens go once they have expired.
    await db.execute(sql`insert into id_token_use (key, expires_at)
                         values ('token:old', ${new Date("2026-11-22T23:59:00Z")}), ('nonce:live', ${new Date("2026-11-23T00:01:00Z")})`);
    expect(await purgeExpiredRecords({ db, clock: { now: () => new Date("2026-11-23T00:00:00Z") } })).toMatchObject({
      idTokensUsed: 1,
    });
    expect(await count("id_token_use")).toBe(1);
    // Nothing left to delete the second time.
    const again = await purgeExpiredRecords({ db, clock: { now: () => new Date("2026-11-23T00:00:00Z") } });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it("deletes sign-ups never verified after 30 days, with their links; verified, newer and deleted accounts stay", async () => {
    const db = database.db;
    const add = async (username: string, created: string, verified: string | null, deleted: string | null = null) => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into account (email, username, name, password_hash, verified_at, deleted_at, created_at)
            values (${`${username}@example.com`}, ${username}, ${username}, 'x', ${verified ? new Date(verified) : null},
                    ${deleted ? new Date(deleted) : null}, ${new Date(created)}) returning id`,
      );
      await db.execute(sql`insert into email_token (token_hash, account_id, purpose, expires_at)
                           values (${`t-${username}`}, ${row.id}, 'verify', ${new Date(created)})`);
      return row.id;
    };
    const now = new Date("2026-11-25T12:00:00Z");
    const stale = await add("never-verified", "2026-10-26T11:59:00Z", null); // 30 days and a minute: deleted
    const fresh = await add("verifying", "2026-10-26T12:01:00Z", null); // a minute short of 30 days: kept
    const member = await add("verified-old", "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z");
    const gone = await add("deleted-old", "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z", "2026-02-01T00:00:00Z");
    const purged = await purgeExpiredRecords({ db, clock: { now: () => now } });
    expect(purged.unverifiedAccounts).toBe(1);
    const left = await queryRows<{ id: number }>(
      db,
      sql`select id from account where id in (${stale}, ${fresh}, ${member}, ${gone}) order by id`,
    );
    expect(left.map((r) => r.id)).toEqual([fresh, member, gone]);
    expect(
      (
        await queryRows<{ n: number }>(db, sql`select count(*)::int as n from email_token where account_id = ${stale}`)
      )[0].n,
    ).toBe(0);
    // A day later the one that was still verifying has had its 30 days too.
    const later = await purgeExpiredRecords({ db, clock: { now: () => new Date("2026-11-26T12:00:00Z") } });
    expect(later.unverifiedAccounts).toBe(1);
  });
});

describe("the demo catalogue and the retention", () => {
  it("seeds no guest download record the Privacy Policy would not keep, while the counts keep the whole history", async () => {
    const now = new Date("2026-11-01T00:00:00Z");
    const demo = await createTestDatabase({ demo: { now, count: 150 } });
    try {
      const [{ records, oldest, counted }] = await queryRows<{ records: number; oldest: Date; counted: number }>(
        demo.db,
        sql`select (select count(*)::int from download) as records, (select min(created_at) from download) as oldest,
              (select sum(downloads_count)::int from template) as counted`,
      );
      expect(records).toBeGreaterThan(1000);
      expect(new Date(oldest).getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 7, 1));
      expect(counted).toBeGreaterThan(records);
      // So the first maintenance finds nothing of it to delete.
      expect((await purgeExpiredRecords({ db: demo.db, clock: { now: () => now } })).guestDownloads).toBe(0);
      expect((await queryRows<{ n: number }>(demo.db, sql`select count(*)::int as n from download`))[0].n).toBe(
        records,
      );
    } finally {
      await demo.cleanup();
    }
  });
});
