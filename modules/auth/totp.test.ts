import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { listAudit } from "#modules/operator/audit.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import {
  confirmEnrolment,
  disableSecondFactor,
  issueSecondStep,
  normaliseRecoveryCode,
  openSecret,
  readSecondStep,
  recoveryCodeHash,
  renewRecoveryCodes,
  sealSecret,
  secondFactorStatus,
  startEnrolment,
  type TotpContext,
  verifySecondFactor,
} from "./totp.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-25T12:00:10Z");
const clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const SECRET = "t".repeat(40);
let ctx: TotpContext;
const PASSWORD = "Sl1des!rock";

const keyOf = (shown: string) => shown.replace(/\s/g, "");
const codeAt = (key: string, at: Date) => generate({ secret: keyOf(key), epoch: Math.floor(at.getTime() / 1000) });

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { db: database.db, clock, locale: "en", log: silent, secret: SECRET };
});
afterAll(async () => {
  await database?.cleanup();
});

async function account(username: string, role = "member") {
  const id = await createVerifiedAccount(ctx, {
    email: `${username}@example.com`,
    username,
    name: username,
    password: PASSWORD,
  });
  await ctx.db.execute(sql`update account set role = ${role} where id = ${id}`);
  return id;
}

async function enrolled(username: string, role = "member") {
  const accountId = await account(username, role);
  const started = await startEnrolment(ctx, { accountId, password: PASSWORD, label: `${username}@example.com` });
  if (!started.ok) throw new Error(started.code);
  const confirmed = await confirmEnrolment(ctx, { accountId, code: await codeAt(started.value.key, now) });
  if (!confirmed.ok) throw new Error(confirmed.code);
  return { accountId, key: started.value.key, recoveryCodes: confirmed.value.recoveryCodes };
}

describe("TOTP second factor", () => {
  it("keeps the secret encrypted, bound to its account and key", async () => {
    const sealed = sealSecret(SECRET, 7, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DP");
    expect(openSecret(SECRET, 7, sealed)).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(openSecret(SECRET, 8, sealed)).toBeNull();
    expect(openSecret("another secret of forty characters....", 7, sealed)).toBeNull();
    expect(openSecret(SECRET, 7, `${sealed.slice(0, -2)}AA`)).toBeNull();
    const { accountId, key } = await enrolled("sealed");
    const [row] = await queryRows<{ secret: string }>(
      ctx.db,
      sql`select secret from account_second_factor where account_id = ${accountId}`,
    );
    expect(row.secret).not.toContain(keyOf(key));
    expect(openSecret(SECRET, accountId, row.secret)).toBe(keyOf(key));
  });

  it("enrols: the password first, the key as text and a QR code, then a first code turns it on with ten recovery codes", async () => {
    const accountId = await account("enrolling");
    expect(await startEnrolment(ctx, { accountId, password: "wrong", label: "x" })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.wrongPassword",
    });
    const started = await startEnrolment(ctx, { accountId, password: PASSWORD, label: "enrolling@example.com" });
    if (!started.ok) throw new Error(started.code);
    expect(started.value.key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(started.value.uri).toMatch(
      /^otpauth:\/\/totp\/SlideNest:enrolling%40example\.com\?secret=[A-Z2-7]{32}&issuer=SlideNest$/,
    );
    expect(Buffer.from(started.value.qr.split(",")[1], "base64").toString()).toContain("<svg");
    expect((await secondFactorStatus(ctx, accountId)).enabled).toBe(false);
    expect(await confirmEnrolment(ctx, { accountId, code: "" })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.fillCode",
    });
    expect(await confirmEnrolment(ctx, { accountId, code: "12ab56" })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.badCode",
    });
    const wrong = (Number(await codeAt(started.value.key, now)) + 1) % 1_000_000;
    expect(await confirmEnrolment(ctx, { accountId, code: String(wrong).padStart(6, "0") })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.badCode",
    });
    const confirmed = await confirmEnrolment(ctx, { accountId, code: await codeAt(started.value.key, now) });
    if (!confirmed.ok) throw new Error(confirmed.code);
    expect(confirmed.value.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.value.recoveryCodes).size).toBe(10);
    for (const c of confirmed.value.recoveryCodes)
      expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const stored = await queryRows<{ code_hash: string }>(
      ctx.db,
      sql`select code_hash from account_recovery_code where account_id = ${accountId}`,
    );
    expect(stored.map((r) => r.code_hash).sort()).toEqual(
      confirmed.value.recoveryCodes.map((c) => recoveryCodeHash(accountId, c)).sort(),
    );
    expect(await secondFactorStatus(ctx, accountId)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await startEnrolment(ctx, { accountId, password: PASSWORD, label: "x" })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.alreadyOn",
    });
  });

  it("accepts a code of the step before or after, never one of a step already used, nor two steps away", async () => {
    const { accountId, key } = await enrolled("window");
    now = new Date(now.getTime() + 60_000);
    // The enrolment's step is used: its code is refused, even a minute later within a window that covers it.
    expect(
      await verifySecondFactor(ctx, { accountId, code: await codeAt(key, new Date(now.getTime() - 60_000)) }),
    ).toMatchObject({ ok: false });
    expect(
      await verifySecondFactor(ctx, { accountId, code: await codeAt(key, new Date(now.getTime() - 30_000)) }),
    ).toMatchObject({
      ok: true,
      value: { method: "totp" },
    });
    const current = await codeAt(key, now);
    expect(
      await verifySecondFactor(ctx, { accountId, code: `${current.slice(0, 3)} ${current.slice(3)}` }),
    ).toMatchObject({ ok: true });
    // Replayed: the same code again.
    expect(await verifySecondFactor(ctx, { accountId, code: current })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.badCode",
    });
    expect(
      await verifySecondFactor(ctx, { accountId, code: await codeAt(key, new Date(now.getTime() + 30_000)) }),
    ).toMatchObject({ ok: true });
    now = new Date(now.getTime() + 30_000 * 4);
    expect(
      await verifySecondFactor(ctx, { accountId, code: await codeAt(key, new Date(now.getTime() + 65_000)) }),
    ).toMatchObject({ ok: false });
  });

  it("takes each recovery code once, typed in any case, with or without dashes", async () => {
    const { accountId, recoveryCodes } = await enrolled("recovery");
    const [first, second] = recoveryCodes;
    expect(normaliseRecoveryCode(" ABCD-efgh-IJKL-mnoO ")).toBe("abcdefgh1jk1mn00");
    expect(await verifySecondFactor(ctx, { accountId, code: first.toUpperCase().replaceAll("-", " ") })).toMatchObject({
      ok: true,
      value: { method: "recovery", recoveryCodesLeft: 9 },
    });
    expect(await verifySecondFactor(ctx, { accountId, code: first })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.badCode",
    });
    expect(await verifySecondFactor(ctx, { accountId, code: "\u0000".repeat(16) })).toMatchObject({ ok: false });
    expect(await verifySecondFactor(ctx, { accountId, code: "x".repeat(5000) })).toMatchObject({ ok: false });
    const renewed = await renewRecoveryCodes(ctx, { accountId, code: second });
    if (!renewed.ok) throw new Error(renewed.code);
    expect(await verifySecondFactor(ctx, { accountId, code: recoveryCodes[2] })).toMatchObject({ ok: false });
    expect(await verifySecondFactor(ctx, { accountId, code: renewed.value.recoveryCodes[0] })).toMatchObject({
      ok: true,
    });
  });

  it("backs off wrong codes per account: after five, even the right code waits", async () => {
    const { accountId, key } = await enrolled("guessed");
    now = new Date(now.getTime() + 60_000);
    for (let i = 0; i < 5; i++)
      expect(
        await verifySecondFactor(ctx, { accountId, code: "000000" === (await codeAt(key, now)) ? "111111" : "000000" }),
      ).toMatchObject({
        ok: false,
        code: "auth.secondFactor.errors.badCode",
      });
    await verifySecondFactor(ctx, { accountId, code: "999999" === (await codeAt(key, now)) ? "888888" : "999999" });
    expect(await verifySecondFactor(ctx, { accountId, code: await codeAt(key, now) })).toMatchObject({
      ok: false,
      code: "auth.secondFactor.errors.rateLimited",
      seconds: expect.any(Number),
    });
    now = new Date(now.getTime() + 3_000);
    expect(await verifySecondFactor(ctx, { accountId, code: await codeAt(key, now) })).toMatchObject({ ok: true });
  });

  it("turns off with the password and a code; an operator's enrollment and disabling go to the audit log", async () => {
    const { accountId, key } = await enrolled("operator-one", "operator");
    now = new Date(now.getTime() + 60_000);
    expect(await disableSecondFactor(ctx, { accountId, password: "nope", code: await codeAt(key, now) })).toMatchObject(
      {
        ok: false,
        code: "auth.secondFactor.errors.wrongPassword",
      },
    );
    expect(await disableSecondFactor(ctx, { accountId, password: PASSWORD, code: "123" })).toMatchObject({ ok: false });
    expect(await disableSecondFactor(ctx, { accountId, password: PASSWORD, code: await codeAt(key, now) })).toEqual({
      ok: true,
      value: null,
    });
    expect(await secondFactorStatus(ctx, accountId)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const log = await listAudit(ctx, {});
    const mine = log.entries.filter((e) => e.target.id === String(accountId));
    expect(mine.map((e) => e.action)).toEqual(["secondFactor.disabled", "secondFactor.enabled"]);
    expect(mine[0]).toMatchObject({
      actor: { id: accountId, label: "operator-one@example.com" },
      changes: [{ field: "secondFactor", before: true, after: false }],
    });
    // A member's own factor is the member's business: not in the operator log.
    const member = await enrolled("member-one");
    expect((await listAudit(ctx, {})).entries.some((e) => e.target.id === String(member.accountId))).toBe(false);
  });

  it("opens nothing for an account blocked since its password was checked", async () => {
    const { accountId, recoveryCodes } = await enrolled("blocked-later");
    await ctx.db.execute(sql`update account set blocked_at = ${now} where id = ${accountId}`);
    expect(await verifySecondFactor(ctx, { accountId, code: recoveryCodes[0] })).toEqual({
      ok: false,
      code: "auth.errors.blocked",
    });
  });

  it("signs the second step: the account until it expires, nothing when altered", () => {
    const step = issueSecondStep(SECRET, 42, now);
    expect(readSecondStep(SECRET, step.token, now)).toBe(42);
    expect(readSecondStep(SECRET, step.token, new Date(now.getTime() + 301_000))).toBeNull();
    expect(readSecondStep("x".repeat(40), step.token, now)).toBeNull();
    expect(readSecondStep(SECRET, step.token.replace(/^42/, "43"), now)).toBeNull();
    expect(readSecondStep(SECRET, "", now)).toBeNull();
    expect(readSecondStep(SECRET, "\u0000", now)).toBeNull();
  });
});
