import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK_MEMBERS } from "#config/constants.ts";
import { createSession, refreshSession } from "#modules/auth/sessions.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import { type BillingContext, fromPaymentForm, subscribe } from "#modules/billing/service.ts";
import { outboxMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { paymentFields } from "#tests/payments.ts";
import { findMembers, getMember, memberQuery } from "./desk.ts";
import { deleteAtMembersRequest, setBlocked } from "./operator.ts";
import * as repo from "./repo.ts";
import { type AccountContext, createVerifiedAccount } from "./service.ts";

/**
 * The desk's reads of accounts (modules/accounts/desk.ts): the search (prefix of the address or username,
 * of any word of the name, accents and case aside, ids, paging) and one account's page, and the
 * account's "last seen" kept by log-ins and refreshes.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let now = new Date("2026-11-25T10:00:00Z");
const clock: Clock = { now: () => now };
const ctx = (): BillingContext & AccountContext => ({
  db: database.db,
  locale: "en",
  clock,
  log: silent,
  payments: sandboxProvider(),
  mailer: outboxMailer(database.db, silent),
  origin: "http://localhost:3000",
  translate: serverT,
});
const operator = { kind: "account" as const, id: 0, label: "desk.op@example.com" };
const add = (email: string, username: string, name: string, createdAt = now) =>
  repo.insertAccount(database.db, {
    email,
    username,
    name,
    passwordHash: "!",
    locale: "en",
    createdAt,
    updatedAt: createdAt,
  });
let jose = 0;
let maria = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  operator.id = await add("desk.op@example.com", "desk-op", "Desk Op", new Date("2026-10-01T00:00:00Z"));
  jose = await add("j.alvarez@example.com", "jalvarez", "José Álvarez Peña", new Date("2026-11-01T00:00:00Z"));
  maria = await add("maria.nunez@example.org", "mnunez", "María Núñez", new Date("2026-11-02T00:00:00Z"));
  await add("zoe_x@example.net", "zoe_x", "Zoë O'Brien", new Date("2026-11-03T00:00:00Z"));
  await add("mj@example.net", "mjw", "Mary-Jane  Watson", new Date("2026-10-03T00:00:00Z"));
  // Thirty more, one a minute, to page through.
  for (let i = 0; i < 30; i++)
    await add(`bulk${i}@example.com`, `bulk${i}`, `Bulk Person ${i}`, new Date(Date.UTC(2026, 10, 10, 0, i)));
});
afterAll(() => database?.cleanup());

const emails = async (query: string, page = 1) =>
  (await findMembers(ctx(), { query, page })).members.map((m) => m.email);

describe("finding members", () => {
  it("matches the start of the address, the username or any word of the name, without regard to case or accents", async () => {
    expect(await emails("jose")).toEqual(["j.alvarez@example.com"]);
    expect(await emails("ÁLVAREZ")).toEqual(["j.alvarez@example.com"]);
    expect(await emails("pena")).toEqual(["j.alvarez@example.com"]);
    expect(await emails("jose alv")).toEqual(["j.alvarez@example.com"]);
    expect(await emails("J.ALV")).toEqual(["j.alvarez@example.com"]);
    expect(await emails("mnun")).toEqual(["maria.nunez@example.org"]);
    expect(await emails("@mnunez")).toEqual(["maria.nunez@example.org"]);
    expect(await emails("Nuñez")).toEqual(["maria.nunez@example.org"]);
    expect(await emails("maría.n")).toEqual(["maria.nunez@example.org"]);
    expect(await emails("zoe")).toEqual(["zoe_x@example.net"]);
    expect(await emails("obrien")).toEqual([]);
    expect(await emails("o brien")).toEqual(["zoe_x@example.net"]);
    // ASCII names with punctuation or double spaces are normalised too.
    expect(await emails("jane wat")).toEqual(["mj@example.net"]);
    expect(await emails("WATSON")).toEqual(["mj@example.net"]);
    // Inside a word is not a prefix.
    expect(await emails("varez")).toEqual([]);
    expect(await emails("example")).toEqual([]);
  });

  it("finds an account by its number, and puts exact matches first", async () => {
    expect(await emails(`#${maria}`)).toEqual(["maria.nunez@example.org"]);
    expect(await emails(String(jose))).toContain("j.alvarez@example.com");
    const bulk1 = await findMembers(ctx(), { query: "bulk1" });
    expect(bulk1.members[0].email).toBe("bulk1@example.com");
    expect(bulk1.total).toBe(11);
  });

  it("takes LIKE's wildcards, control characters, huge and non-text input as plain text", async () => {
    expect(await findMembers(ctx(), { query: "%" })).toMatchObject({ total: 0, members: [] });
    expect(await findMembers(ctx(), { query: "_" })).toMatchObject({ total: 0, members: [] });
    expect(await emails("zoe_")).toEqual(["zoe_x@example.net"]);
    expect(await emails("jo\u0000se")).toEqual([]);
    const huge = await findMembers(ctx(), { query: "j".repeat(100_000) });
    expect(huge).toMatchObject({ total: 0 });
    expect([...huge.query]).toHaveLength(DESK_MEMBERS.queryMax);
    expect(memberQuery({ not: "text" })).toEqual({ text: "", prefix: "", words: "", id: null });
    expect(memberQuery("  #12  ")).toEqual({ text: "#12", prefix: "", words: "", id: 12 });
    expect(memberQuery("12")).toEqual({ text: "12", prefix: "12", words: "12", id: 12 });
    expect((await findMembers(ctx(), { query: ["jose"] })).total).toBe(35);
  });

  it("lists every account (the operator's too) newest first when nothing is asked, a page at a time; bad pages are the first", async () => {
    const first = await findMembers(ctx(), { query: "" });
    expect(first).toMatchObject({ total: 35, page: 1, pageCount: 2 });
    expect(first.members).toHaveLength(DESK_MEMBERS.pageSize);
    expect(first.members[0].email).toBe("bulk29@example.com");
    const second = await findMembers(ctx(), { query: "", page: 2 });
    expect(second.members).toHaveLength(35 - DESK_MEMBERS.pageSize);
    expect(second.members.at(-1)?.email).toBe("desk.op@example.com");
    expect(new Set([...first.members, ...second.members].map((m) => m.id)).size).toBe(35);
    for (const page of [0, -1, 1.5, "2", Number.NaN]) expect((await findMembers(ctx(), { page })).page).toBe(1);
    expect(await findMembers(ctx(), { page: 99 })).toMatchObject({ page: 99, members: [], total: 0 });
  });

  it("shows deleted accounts as deleted, without their personal data, and marks operators and blocked accounts", async () => {
    const gone = await createVerifiedAccount(ctx(), {
      email: "gone.person@example.com",
      username: "goneperson",
      name: "Gone Person",
      password: "Sl1des!rock",
    });
    expect(await emails("gone")).toEqual(["gone.person@example.com"]);
    await deleteAtMembersRequest(ctx(), gone, { actor: operator, reason: "asked", confirm: "gone.person@example.com" });
    expect(await emails("gone")).toEqual([]);
    const [found] = (await findMembers(ctx(), { query: `#${gone}` })).members;
    expect(found).toMatchObject({ id: gone, deleted: true, email: null, username: null, name: null });
    await database.db.execute(sql`update account set role = 'operator' where id = ${maria}`);
    await setBlocked(ctx(), jose, true, { actor: operator, reason: "test" });
    const [m] = (await findMembers(ctx(), { query: "maria" })).members;
    const [j] = (await findMembers(ctx(), { query: "jose" })).members;
    expect(m).toMatchObject({ role: "operator", blocked: false });
    expect(j).toMatchObject({ role: "member", blocked: true, verified: false });
    await setBlocked(ctx(), jose, false, { actor: operator, reason: "test" });
  });
});

describe("one account's page", () => {
  it("is null for an id nobody has", async () => {
    expect(await getMember(ctx(), { id: 2_000_000_000 })).toBeNull();
    expect(await getMember(ctx(), { id: 0 })).toBeNull();
    expect(await getMember(ctx(), { id: 2 ** 40 })).toBeNull();
  });

  it("reads plan, subscription with the provider's ids, card, invoices, payments, sign-in methods, second factor, sessions and downloads", async () => {
    const id = await createVerifiedAccount(ctx(), {
      email: "payer@example.com",
      username: "payer",
      name: "Payer",
      password: "Sl1des!rock",
    });
    expect(
      (await subscribe(ctx(), { accountId: id, ...fromPaymentForm(paymentSchema.parse(paymentFields())) })).ok,
    ).toBe(true);
    await database.db.execute(
      sql`insert into account_identity (provider, subject, account_id) values ('google', 'g-1', ${id})`,
    );
    await database.db.execute(
      sql`insert into account_second_factor (account_id, secret, enabled_at) values (${id}, 'x', ${now})`,
    );
    await database.db.execute(
      sql`insert into account_recovery_code (account_id, code_hash) values (${id}, 'a'), (${id}, 'b')`,
    );
    await createSession({ db: database.db, clock, secret: "s".repeat(32) }, id);
    const tax = await createTaxonomy(database.db);
    const t = await createTemplate(database.db, tax, { title: "Quarterly Deck" });
    await database.db.execute(sql`insert into download (template_id, format, license, account_id, period, created_at)
      values (${t.id}, 'KN', 'personal', ${id}, '2026-11', ${now})`);
    const m = await getMember(ctx(), { id });
    expect(m).toMatchObject({
      id,
      email: "payer@example.com",
      plan: "PERSONAL_MONTHLY",
      verified: true,
      blockedAt: null,
      deletedAt: null,
      paying: true,
      signIn: { password: true, providers: ["google"] },
      secondFactor: { enabled: true, recoveryCodesLeft: 2 },
      liveSessions: 1,
      allowance: { limit: 200 },
      downloads: { total: 1, page: 1, pageCount: 1 },
      invoices: { total: 1 },
      payments: { total: 1 },
    });
    expect(m?.downloads.items[0]).toMatchObject({ title: "Quarterly Deck", format: "KN", license: "personal" });
    expect(m?.subscriptions).toHaveLength(1);
    const [sub] = m?.subscriptions ?? [];
    expect(sub).toMatchObject({ plan: "PERSONAL_MONTHLY", status: "active", live: true, provider: "sandbox" });
    expect(sub.card).toMatchObject({ last4: "4242", providerRef: expect.any(String) });
    expect(m?.customer).toMatchObject({ provider: "sandbox", id: expect.any(String) });
    expect(m?.invoices.items[0]).toMatchObject({ number: expect.stringMatching(/^SN-2026-\d{6}$/), status: "paid" });
    expect(m?.payments.items[0]).toMatchObject({ status: "succeeded", invoiceNumber: m?.invoices.items[0].number });
  });
});

describe("last seen", () => {
  it("is written at log-in and refresh, at most once every few minutes", async () => {
    const id = await add("seen@example.com", "seen", "Seen");
    const seen = async () =>
      (
        await queryRows<{ at: Date | string | null }>(
          database.db,
          sql`select last_seen_at as at from account where id = ${id}`,
        )
      )[0].at;
    expect(await seen()).toBeNull();
    const start = now;
    const s = await createSession({ db: database.db, clock, secret: "s".repeat(32) }, id);
    expect(new Date((await seen()) as string)).toEqual(start);
    now = new Date(start.getTime() + (DESK_MEMBERS.lastSeenEveryMinutes * 60 - 1) * 1000);
    const next = await refreshSession({ db: database.db, clock, secret: "s".repeat(32) }, s.refreshToken);
    expect(new Date((await seen()) as string)).toEqual(start);
    now = new Date(start.getTime() + (DESK_MEMBERS.lastSeenEveryMinutes * 60 + 1) * 1000);
    await refreshSession({ db: database.db, clock, secret: "s".repeat(32) }, next?.refreshToken);
    expect(new Date((await seen()) as string)).toEqual(now);
    expect((await getMember(ctx(), { id }))?.lastSeenAt).toEqual(now);
  });
});
