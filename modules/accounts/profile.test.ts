import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, refreshSession, verifyAccessToken } from "#modules/auth/sessions.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { paymentSchema } from "#modules/billing/schemas.ts";
import { type BillingContext, fromPaymentForm, subscribe } from "#modules/billing/service.ts";
import { addToFolder, createFolder } from "#modules/favorites/folders.ts";
import { setFavorite } from "#modules/favorites/service.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { outboxMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { paymentFields } from "#tests/payments.ts";
import { setAvatar } from "./avatar.ts";
import { updateInterests } from "./interests.ts";
import { changePassword, deleteAccount, updateProfile } from "./profile.ts";
import { type AccountContext, authenticate, createVerifiedAccount } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const silent = { info() {}, warn() {}, error() {} };
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00Z") };
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
const PASSWORD = "Sl1des!rock";
const SECRET = "s".repeat(32);
/** A signed-in device of the account: its tokens and session id. */
const session = async (accountId: number) => {
  const tokens = await createSession({ db: database.db, clock, secret: SECRET }, accountId);
  const claims = verifyAccessToken(SECRET, tokens.accessToken, clock.now());
  if (!claims) throw new Error("no session");
  return { ...tokens, sessionId: claims.sessionId };
};
let seq = 0;
const member = async (password = PASSWORD) => {
  seq++;
  const email = `member${seq}@example.com`;
  const id = await createVerifiedAccount(ctx(), { email, username: `member${seq}`, name: `Member ${seq}`, password });
  return { id, email };
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("name and username", () => {
  it("saves them, and refuses a username another account has in any case", async () => {
    const ana = await member();
    const ben = await member();
    expect(await updateProfile(ctx(), { accountId: ana.id, name: "Ana Pérez", username: "ana.perez" })).toEqual({
      ok: true,
      value: { name: "Ana Pérez", username: "ana.perez" },
    });
    expect(await updateProfile(ctx(), { accountId: ben.id, name: "Ben", username: "ana.perez" })).toEqual({
      ok: false,
      code: "auth.errors.usernameTaken",
      field: "username",
    });
    // Keeping one's own username is fine.
    expect((await updateProfile(ctx(), { accountId: ana.id, name: "Ana", username: "ana.perez" })).ok).toBe(true);
  });

  it("gives a free username to exactly one of two accounts asking at once", async () => {
    const [a, b] = [await member(), await member()];
    const results = await Promise.all(
      [a, b].map((m) => updateProfile(ctx(), { accountId: m.id, name: "Same", username: "wanted-name" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: "auth.errors.usernameTaken" });
  });

  it("answers 'Failed to update name' (SPEC §8) when the database fails the save, and logs it", async () => {
    const m = await member();
    type Query = (query: unknown, ...rest: unknown[]) => unknown;
    const client = (database.db as unknown as { $client: { query: Query } }).$client;
    const realQuery = client.query;
    // The save's statement fails as a lost connection does; every other statement runs.
    client.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
      const text = typeof query === "string" ? query : String((query as { text?: string }).text ?? "");
      if (/^update "account"/i.test(text))
        return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
      return realQuery.call(this, query, ...rest);
    };
    const logged: string[] = [];
    try {
      const r = await updateProfile(
        { ...ctx(), log: { ...silent, error: (msg: string) => logged.push(msg) } },
        { accountId: m.id, name: "Never Saved", username: `never${seq}` },
      );
      expect(r).toEqual({ ok: false, code: "account.settings.errors.nameFailed" });
    } finally {
      client.query = realQuery;
    }
    expect(logged).toEqual(["name not updated"]);
    const [row] = await queryRows<{ name: string }>(database.db, sql`select name from account where id = ${m.id}`);
    expect(row.name).toBe(`Member ${seq}`);
  });
});

describe("password change", () => {
  it("needs the current password and the rules of SPEC §5, then signs out every other device", async () => {
    const m = await member();
    const here = await session(m.id);
    const elsewhere = await session(m.id);
    const change = (current: string, password: string) =>
      changePassword(ctx(), { accountId: m.id, sessionId: here.sessionId, current, password });
    expect(await change("wrong-one1!", "N3w-pass!word")).toMatchObject({
      ok: false,
      code: "auth.errors.currentPasswordInvalid",
      field: "current",
    });
    expect(await change(PASSWORD, PASSWORD)).toMatchObject({ code: "auth.errors.passwordReused" });
    expect(await change(PASSWORD, "p@ssw0rd")).toMatchObject({ code: "auth.errors.passwordCommon" });
    expect(await change(PASSWORD, `x1!${m.email}`)).toMatchObject({ code: "auth.errors.passwordHasEmail" });
    expect(await change(PASSWORD, "N3w-pass!word")).toEqual({ ok: true, value: null });
    expect((await authenticate(ctx(), { login: m.email, password: "N3w-pass!word" })).ok).toBe(true);
    expect((await authenticate(ctx(), { login: m.email, password: PASSWORD })).ok).toBe(false);
    const sessions = await queryRows<{ id: string; revoked: boolean }>(
      database.db,
      sql`select id, revoked_at is not null as revoked from auth_session where account_id = ${m.id}`,
    );
    expect(sessions.find((s) => s.id === here.sessionId)?.revoked).toBe(false);
    expect(sessions.find((s) => s.id === elsewhere.sessionId)?.revoked).toBe(true);
    expect(await refreshSession({ db: database.db, clock, secret: SECRET }, elsewhere.refreshToken)).toBeNull();
    // The old password is now one of the last two: not allowed back.
    expect(await change("N3w-pass!word", PASSWORD)).toMatchObject({ code: "auth.errors.passwordReused" });
  });

  it("changes the password once when two changes with the same current password arrive together", async () => {
    const m = await member();
    const device = await session(m.id);
    const results = await Promise.all(
      ["F1rst-choice!", "S3cond-choice!"].map((password) =>
        changePassword(ctx(), { accountId: m.id, sessionId: device.sessionId, current: PASSWORD, password }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("account deletion", () => {
  it("needs the password; ends the subscription now, removes favorites and sessions, anonymises, keeps invoices", async () => {
    const m = await member();
    const tax = await createTaxonomy(database.db);
    const t = await createTemplate(database.db, tax, { title: "Kept Deck" });
    await setFavorite(ctx(), { accountId: m.id, templateId: t.id, favorite: true });
    const folder = await createFolder(ctx(), { accountId: m.id, name: "Keepers" });
    if (!folder.ok) throw new Error(folder.code);
    await addToFolder(ctx(), { accountId: m.id, folderId: folder.value.id, templateId: t.id });
    const [tag] = await queryRows<{ id: number }>(database.db, sql`select id from tag where type = 'category' limit 1`);
    expect((await updateInterests(ctx(), { accountId: m.id, tagIds: [tag.id] })).ok).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-del-"));
    const storage = diskStorage(dir);
    const pic = await setAvatar(
      { ...ctx(), storage },
      {
        accountId: m.id,
        bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      },
    );
    if (!pic.ok) throw new Error(pic.code);
    const parsed = paymentSchema.parse(paymentFields());
    const paid = await subscribe(ctx(), { accountId: m.id, ...fromPaymentForm(parsed) });
    expect(paid.ok).toBe(true);
    await session(m.id);

    expect(await deleteAccount(ctx(), { accountId: m.id, password: "not-it-1!" })).toEqual({
      ok: false,
      code: "auth.errors.invalidPassword",
      field: "password",
    });
    expect(await deleteAccount({ ...ctx(), storage }, { accountId: m.id, password: PASSWORD })).toEqual({
      ok: true,
      value: null,
    });
    // Collections, interests and the picture went with it.
    const [left] = await queryRows<{ folders: number; interests: number; avatar: string | null }>(
      database.db,
      sql`select (select count(*)::int from favorite_folder where account_id = ${m.id}) as folders,
            (select count(*)::int from account_interest where account_id = ${m.id}) as interests,
            (select avatar_key from account where id = ${m.id}) as avatar`,
    );
    expect(left).toEqual({ folders: 0, interests: 0, avatar: null });
    expect(await storage.get(pic.value.avatarUrl.slice(1))).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });

    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select email, username, name, plan, deleted_at is not null as deleted,
            (select count(*)::int from favorite where account_id = a.id) as favorites,
            (select count(*)::int from auth_session where account_id = a.id) as sessions,
            (select count(*)::int from billing_profile where account_id = a.id) as profiles,
            (select string_agg(status, ',') from subscription where account_id = a.id) as subscriptions,
            (select count(*)::int from invoice where account_id = a.id) as invoices,
            (select string_agg(buyer::text, ',') from invoice where account_id = a.id) as buyers
          from account a where id = ${m.id}`,
    );
    expect(row).toMatchObject({ plan: "FREE", deleted: true, favorites: 0, sessions: 0, profiles: 0 });
    expect(row.subscriptions).toBe("ended");
    expect(row.invoices).toBe(1);
    expect(row.buyers).not.toContain("Ana");
    expect(row.buyers).not.toContain("ana@example.com");
    expect(row.buyers).toContain("ES");
    expect(String(row.email)).not.toContain(m.email);
    expect(row.name).toBe("");
    // Nobody logs in to it any more, and the address is free to sign up again.
    expect((await authenticate(ctx(), { login: m.email, password: PASSWORD })).ok).toBe(false);
    const again = await createVerifiedAccount(ctx(), {
      email: m.email,
      username: `again${m.id}`,
      name: "Back Again",
      password: PASSWORD,
    });
    expect(again).not.toBe(m.id);
    // Deleting twice finds nothing to delete.
    expect(await deleteAccount(ctx(), { accountId: m.id, password: PASSWORD })).toMatchObject({
      ok: false,
      code: "auth.errors.accountNotFound",
    });
  });

  it("deletes nothing when the payment provider cannot be told to stop the subscription", async () => {
    const m = await member();
    const parsed = paymentSchema.parse(paymentFields());
    expect((await subscribe(ctx(), { accountId: m.id, ...fromPaymentForm(parsed) })).ok).toBe(true);
    const down = sandboxProvider();
    const broken: BillingContext = {
      ...ctx(),
      payments: {
        ...down,
        endNow: async () => {
          throw new Error("provider down");
        },
      },
    };
    const r = await deleteAccount(broken, { accountId: m.id, password: PASSWORD });
    expect(r.ok).toBe(false);
    const [row] = await queryRows<{ deleted: boolean; plan: string }>(
      database.db,
      sql`select deleted_at is not null as deleted, plan from account where id = ${m.id}`,
    );
    expect(row).toEqual({ deleted: false, plan: "PERSONAL_MONTHLY" });
  });
});
