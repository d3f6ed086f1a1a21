import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK_MEMBERS } from "#config/constants.ts";
import { createSession, refreshSession } from "#modules/auth/sessions.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import { type BillingContext, fromPaymentForm, subscribe } from "#modules/billing/service.ts";
import type { Mailer } from "#modules/mail/mailer.ts";
import { outboxMailer } from "#modules/mail/mailer.ts";
import { listAudit } from "#modules/operator/audit.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { paymentFields } from "#tests/payments.ts";
import {
  deleteAtMembersRequest,
  resendVerificationFor,
  setBlocked,
  setPlan,
  signOutEverywhere,
  turnOffSecondFactor,
} from "./operator.ts";
import * as repo from "./repo.ts";
import { type AccountContext, authenticate, createVerifiedAccount } from "./service.ts";

/**
 * The operator's rules on an account (modules/accounts/operator.ts), shared by the desk and the command
 * line: each action's rule, its audit entry (written in the change's own transaction), and its refusals.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
let now = new Date("2026-11-25T10:00:00Z");
const clock: Clock = { now: () => now };
const SECRET = "s".repeat(32);
const PASSWORD = "Sl1des!rock";
const ctx = (mailer?: Mailer): BillingContext & AccountContext => ({
  db: database.db,
  locale: "en",
  clock,
  log: silent,
  payments: sandboxProvider(),
  mailer: mailer ?? outboxMailer(database.db, silent),
  origin: "http://localhost:3000",
  translate: serverT,
  mailTimeoutMs: 2_000,
});
let seq = 0;
const member = async (over: { name?: string; blocked?: boolean } = {}) => {
  seq++;
  const email = `Target${seq}@Example.com`;
  const id = await createVerifiedAccount(ctx(), {
    email,
    username: `target${seq}`,
    name: over.name ?? `Target ${seq}`,
    password: PASSWORD,
    blocked: over.blocked,
  });
  return { id, email, username: `target${seq}` };
};
let operator: { kind: "account"; id: number; label: string };
const accountRow = async (id: number) =>
  (
    await queryRows<{
      email: string;
      name: string;
      plan: string;
      blocked_at: Date | null;
      blocked_reason: string | null;
      deleted_at: Date | null;
    }>(database.db, sql`select email, name, plan, blocked_at, blocked_reason, deleted_at from account where id = ${id}`)
  )[0];
const liveSessions = async (id: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from auth_session where account_id = ${id} and revoked_at is null`,
      )
    )[0].n,
  );
const entriesFor = async (id: number) =>
  (await listAudit({ db: database.db }, { pageSize: 200 })).entries.filter((e) => e.target.id === String(id));

beforeAll(async () => {
  database = await createTestDatabase();
  const id = await createVerifiedAccount(ctx(), {
    email: "desk.op@example.com",
    username: "desk-op",
    name: "Desk Op",
    password: PASSWORD,
  });
  await database.db.execute(sql`update account set role = 'operator' where id = ${id}`);
  operator = { kind: "account", id, label: "desk.op@example.com" };
});
afterAll(() => database?.cleanup());

describe("blocking and unblocking", () => {
  it("blocks with a reason: every session ends at once, log-in and refresh are refused, and the audit says who, why, before and after", async () => {
    const m = await member();
    const s1 = await createSession({ db: database.db, clock, secret: SECRET }, m.id);
    await createSession({ db: database.db, clock, secret: SECRET }, m.id);
    expect(await liveSessions(m.id)).toBe(2);
    const r = await setBlocked(ctx(), m.id, true, { actor: operator, reason: "  Chargebacks on three cards  " });
    expect(r).toMatchObject({ ok: true, value: { id: m.id, changed: true } });
    expect(await liveSessions(m.id)).toBe(0);
    expect(await refreshSession({ db: database.db, clock, secret: SECRET }, s1.refreshToken)).toBeNull();
    expect(await authenticate(ctx(), { login: m.username, password: PASSWORD })).toMatchObject({
      ok: false,
      code: "auth.errors.blocked",
    });
    expect(await accountRow(m.id)).toMatchObject({ blocked_reason: "Chargebacks on three cards" });
    const [entry] = await entriesFor(m.id);
    expect(entry).toMatchObject({
      action: "account.blocked",
      actor: { id: operator.id, label: operator.label },
      target: { kind: "account", label: m.email },
      before: { blocked: false, reason: null },
      after: { blocked: true, reason: "Chargebacks on three cards" },
    });
  });

  it("blocking again keeps the first date and replaces the reason; unblocking clears it; doing nothing records nothing", async () => {
    const m = await member();
    await setBlocked(ctx(), m.id, true, { actor: operator, reason: "first" });
    const since = (await accountRow(m.id)).blocked_at;
    now = new Date(now.getTime() + 60_000);
    expect(await setBlocked(ctx(), m.id, true, { actor: operator, reason: "second" })).toMatchObject({
      ok: true,
      value: { changed: true },
    });
    expect(await accountRow(m.id)).toMatchObject({ blocked_at: since, blocked_reason: "second" });
    expect(await setBlocked(ctx(), m.id, true, { actor: operator, reason: "second" })).toMatchObject({
      ok: true,
      value: { changed: false },
    });
    expect(await setBlocked(ctx(), m.id, false, { actor: operator, reason: "Identity confirmed" })).toMatchObject({
      ok: true,
      value: { changed: true },
    });
    expect(await accountRow(m.id)).toMatchObject({ blocked_at: null, blocked_reason: null });
    expect(await setBlocked(ctx(), m.id, false, { actor: operator, reason: "again" })).toMatchObject({
      ok: true,
      value: { changed: false, message: `${m.email} unblocked (it already was)` },
    });
    expect((await entriesFor(m.id)).map((e) => [e.action, e.after])).toEqual([
      ["account.unblocked", { blocked: false, reason: "Identity confirmed" }],
      ["account.blocked", { blocked: true, reason: "second" }],
      ["account.blocked", { blocked: true, reason: "first" }],
    ]);
    expect(await authenticate(ctx(), { login: m.username, password: PASSWORD })).toMatchObject({ ok: true });
  });

  it("refuses an operator's own account, unknown and deleted accounts, and a reason over the limit (counted as people count)", async () => {
    expect(await setBlocked(ctx(), operator.id, true, { actor: operator, reason: "oops" })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.self",
    });
    expect(await setBlocked(ctx(), 2_000_000_000, true, { actor: operator, reason: "x" })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.unknownAccount",
    });
    const m = await member();
    expect(
      await setBlocked(ctx(), m.id, true, { actor: operator, reason: "x".repeat(DESK_MEMBERS.reasonMax + 1) }),
    ).toMatchObject({ ok: false, code: "deskMembers.errors.reasonTooLong" });
    // 500 emoji are 1000 UTF-16 units, but 500 characters: within the limit.
    expect(
      await setBlocked(ctx(), m.id, true, { actor: operator, reason: "🙂".repeat(DESK_MEMBERS.reasonMax) }),
    ).toMatchObject({ ok: true });
    expect((await accountRow(m.id)).blocked_reason).toBe("🙂".repeat(DESK_MEMBERS.reasonMax));
    // Control characters go (PostgreSQL cannot keep a NUL); line breaks stay.
    expect(await setBlocked(ctx(), m.id, true, { actor: operator, reason: "a\u0000b\u001b\nc\td" })).toMatchObject({
      ok: true,
    });
    expect((await accountRow(m.id)).blocked_reason).toBe("ab\nc\td");
    await deleteAtMembersRequest(ctx(), m.id, { actor: operator, reason: "asked", confirm: m.email });
    expect(await setBlocked(ctx(), m.id, false, { actor: operator, reason: "x" })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.deleted",
    });
  });

  it("writes the change and its audit entry in one transaction: when the entry cannot be written, nothing changed", async () => {
    const m = await member();
    await createSession({ db: database.db, clock, secret: SECRET }, m.id);
    await database.db.execute(sql`create function desk_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit log refused'; end $$`);
    await database.db.execute(
      sql`create trigger desk_test_refuse before insert on operator_audit for each row execute function desk_test_refuse()`,
    );
    try {
      await expect(setBlocked(ctx(), m.id, true, { actor: operator, reason: "r" })).rejects.toThrow();
      await expect(setPlan(ctx(), m.id, "PERSONAL_MONTHLY", { actor: operator })).rejects.toThrow();
      await expect(signOutEverywhere(ctx(), m.id, { actor: operator })).rejects.toThrow();
      await expect(
        deleteAtMembersRequest(ctx(), m.id, { actor: operator, reason: "asked", confirm: m.email }),
      ).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger desk_test_refuse on operator_audit`);
      await database.db.execute(sql`drop function desk_test_refuse()`);
    }
    expect(await accountRow(m.id)).toMatchObject({ blocked_at: null, plan: "FREE", deleted_at: null, email: m.email });
    expect(await liveSessions(m.id)).toBe(1);
  });

  it("takes two operators' changes at once one after the other: each entry's before is the state the other left", async () => {
    const m = await member();
    const [a, b, c] = await Promise.all([
      setBlocked(ctx(), m.id, true, { actor: operator, reason: "first operator" }),
      setBlocked(ctx(), m.id, true, { actor: operator, reason: "second operator" }),
      setPlan(ctx(), m.id, "PERSONAL_YEARLY", { actor: operator }),
    ]);
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, true]);
    const blocks = (await entriesFor(m.id)).filter((e) => e.action === "account.blocked").reverse();
    expect(blocks).toHaveLength(2);
    expect(blocks[0].before).toEqual({ blocked: false, reason: null });
    expect(blocks[1].before).toEqual(blocks[0].after);
    expect((await accountRow(m.id)).blocked_reason).toBe((blocks[1].after as { reason: string }).reason);
  });

  it("keeps the command line's rule: by e-mail or username, a reason optional, the shell user as the actor", async () => {
    const m = await member();
    const cli = { kind: "command" as const, label: "root" };
    expect(await setBlocked(ctx(), m.email.toUpperCase(), true, { actor: cli })).toEqual({
      ok: true,
      value: { id: m.id, changed: true, message: `${m.email} blocked; its sessions ended` },
    });
    expect(await setBlocked(ctx(), "nobody@example.com", true, { actor: cli })).toEqual({
      ok: false,
      code: "deskMembers.errors.unknownAccount",
      detail: "no account with the e-mail or username nobody@example.com",
    });
    const [entry] = await entriesFor(m.id);
    expect(entry).toMatchObject({ actor: { id: null, label: "command line (root)" }, after: { reason: null } });
  });
});

describe("setting a plan by hand", () => {
  it("sets it and records before and after; the same plan changes nothing and records nothing", async () => {
    const m = await member();
    expect(await setPlan(ctx(), m.id, "COMMERCIAL_YEARLY", { actor: operator })).toMatchObject({
      ok: true,
      value: { changed: true, plan: "COMMERCIAL_YEARLY" },
    });
    expect(await setPlan(ctx(), m.id, "COMMERCIAL_YEARLY", { actor: operator })).toMatchObject({
      ok: true,
      value: { changed: false },
    });
    expect((await accountRow(m.id)).plan).toBe("COMMERCIAL_YEARLY");
    const entries = await entriesFor(m.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "account.plan",
      changes: [{ field: "plan", before: "FREE", after: "COMMERCIAL_YEARLY" }],
    });
    expect(await setPlan(ctx(), m.id, "GOLD", { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.unknownPlan",
    });
  });

  it("is refused while a live subscription pays for the plan (the command's rule), and nothing is recorded", async () => {
    const m = await member();
    const paid = await subscribe(ctx(), { accountId: m.id, ...fromPaymentForm(paymentSchema.parse(paymentFields())) });
    expect(paid.ok).toBe(true);
    expect(await setPlan(ctx(), m.id, "FREE", { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.livePlan",
      detail: expect.stringContaining("live subscription"),
    });
    expect((await accountRow(m.id)).plan).toBe("PERSONAL_MONTHLY");
    expect(await entriesFor(m.id)).toEqual([]);
  });
});

describe("the second factor, sessions and the verification mail", () => {
  it("resets the second factor with the identity check in the reason; a member without one is told nothing changed", async () => {
    const m = await member();
    await database.db.execute(sql`insert into account_second_factor (account_id, secret, enabled_at)
      values (${m.id}, 'sealed', ${now})`);
    await database.db.execute(sql`insert into account_recovery_code (account_id, code_hash) values (${m.id}, 'h1')`);
    const reason = "Called back on the phone number of their invoices; answered the last invoice's amount";
    expect(await turnOffSecondFactor(ctx(), m.id, { actor: operator, reason })).toMatchObject({
      ok: true,
      value: { changed: true },
    });
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select (select count(*) from account_second_factor where account_id = ${m.id})
        + (select count(*) from account_recovery_code where account_id = ${m.id}) as n`,
    );
    expect(Number(left[0].n)).toBe(0);
    expect((await entriesFor(m.id))[0]).toMatchObject({
      action: "secondFactor.reset",
      after: { secondFactor: false, reason },
    });
    expect(await turnOffSecondFactor(ctx(), m.id, { actor: operator, reason })).toMatchObject({
      ok: true,
      value: { changed: false },
    });
    expect(await entriesFor(m.id)).toHaveLength(1);
    expect(await turnOffSecondFactor(ctx(), operator.id, { actor: operator, reason })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.self",
    });
  });

  it("signs out everywhere, recording how many log-ins were live; with none, nothing is recorded", async () => {
    const m = await member();
    await createSession({ db: database.db, clock, secret: SECRET }, m.id);
    await createSession({ db: database.db, clock, secret: SECRET }, m.id);
    expect(await signOutEverywhere(ctx(), m.id, { actor: operator })).toMatchObject({
      ok: true,
      value: { ended: 2, changed: true },
    });
    expect(await liveSessions(m.id)).toBe(0);
    expect(await signOutEverywhere(ctx(), m.id, { actor: operator })).toMatchObject({
      ok: true,
      value: { ended: 0, changed: false },
    });
    expect((await entriesFor(m.id)).map((e) => e.changes)).toEqual([[{ field: "liveSessions", before: 2, after: 0 }]]);
  });

  it("resends the verification mail in the member's language, once a minute; refuses verified and blocked accounts; a refused mail records nothing", async () => {
    const id = await repo.insertAccount(database.db, {
      email: "unverified.es@example.com",
      username: "unverified-es",
      name: "Sin Verificar",
      passwordHash: "!",
      locale: "es",
      createdAt: now,
      updatedAt: now,
    });
    const refusing: Mailer = {
      kind: "smtp",
      async send() {
        throw new Error("550 mailbox unavailable");
      },
    };
    expect(await resendVerificationFor(ctx(refusing), id, { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.sendFailed",
    });
    expect(await entriesFor(id)).toEqual([]);
    // The link of a refused mail is gone: sending again goes at once.
    expect(await resendVerificationFor(ctx(), id, { actor: operator })).toMatchObject({
      ok: true,
      value: { delivery: "sent" },
    });
    const mails = await queryRows<{ subject: string; locale: string; kind: string }>(
      database.db,
      sql`select subject, locale, kind from mail_outbox where "to" = 'unverified.es@example.com'`,
    );
    expect(mails).toEqual([{ subject: serverT("es")("mail.verify.subject"), locale: "es", kind: "verify" }]);
    expect(await resendVerificationFor(ctx(), id, { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.recentlyMailed",
    });
    expect((await entriesFor(id)).map((e) => e.action)).toEqual(["account.verificationSent"]);
    const verified = await member();
    expect(await resendVerificationFor(ctx(), verified.id, { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.alreadyVerified",
    });
    await database.db.execute(
      sql`update account set verified_at = null, blocked_at = ${now} where id = ${verified.id}`,
    );
    expect(await resendVerificationFor(ctx(), verified.id, { actor: operator })).toMatchObject({
      ok: false,
      code: "deskMembers.errors.blockedNoMail",
    });
  });
});

describe("deleting at the member's request", () => {
  it("is the member's own deletion: subscription ended, invoices kept without personal data, the person gone; audited by id only", async () => {
    const m = await member({ name: "José Núñez" });
    expect(
      (await subscribe(ctx(), { accountId: m.id, ...fromPaymentForm(paymentSchema.parse(paymentFields())) })).ok,
    ).toBe(true);
    await setBlocked(ctx(), m.id, true, { actor: operator, reason: "José's card was stolen" });
    expect(
      await deleteAtMembersRequest(ctx(), m.id, { actor: operator, reason: "Asked by e-mail", confirm: "nope@x.com" }),
    ).toMatchObject({ ok: false, code: "deskMembers.errors.confirmMismatch" });
    expect((await accountRow(m.id)).deleted_at).toBeNull();
    const r = await deleteAtMembersRequest(ctx(), m.id, {
      actor: operator,
      reason: "Asked by e-mail on 2026-11-24",
      confirm: ` ${m.email.toLowerCase()} `,
    });
    expect(r).toMatchObject({ ok: true, value: { id: m.id, changed: true } });
    const row = await accountRow(m.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row.email).toMatch(/^deleted-\d+-[0-9a-f]+@deleted\.invalid$/);
    expect(row).toMatchObject({ name: "", plan: "FREE", blocked_reason: null });
    const [sub] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from subscription where account_id = ${m.id}`,
    );
    expect(sub.status).toBe("ended");
    const invoices = await queryRows<{ buyer: unknown }>(
      database.db,
      sql`select buyer from invoice where account_id = ${m.id}`,
    );
    expect(invoices.length).toBeGreaterThan(0);
    expect(JSON.stringify(invoices)).not.toContain("Ana García");
    const [entry] = await entriesFor(m.id);
    expect(entry).toMatchObject({
      action: "account.deleted",
      target: { kind: "account", label: `#${m.id}` },
      after: { deleted: true, reason: "Asked by e-mail on 2026-11-24" },
    });
    expect(JSON.stringify(entry)).not.toContain(m.email);
    expect(await deleteAtMembersRequest(ctx(), m.id, { actor: operator, reason: "x", confirm: m.email })).toMatchObject(
      {
        ok: false,
        code: "deskMembers.errors.deleted",
      },
    );
  });

  it("refuses an operator's account and one's own", async () => {
    const m = await member();
    await database.db.execute(sql`update account set role = 'operator' where id = ${m.id}`);
    expect(
      await deleteAtMembersRequest(ctx(), m.id, { actor: operator, reason: "asked", confirm: m.email }),
    ).toMatchObject({ ok: false, code: "deskMembers.errors.operatorAccount" });
    expect(
      await deleteAtMembersRequest(ctx(), operator.id, { actor: operator, reason: "asked", confirm: operator.label }),
    ).toMatchObject({ ok: false, code: "deskMembers.errors.self" });
    expect((await accountRow(m.id)).deleted_at).toBeNull();
  });
});
