import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH } from "#config/constants.ts";
import { createSession, refreshSession, verifyAccessToken } from "#modules/auth/sessions.ts";
import { outboxMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { createTestDatabase } from "#tests/db.ts";
import { SIGNED_OUT_AFTER_FAILURES } from "./current-password.ts";
import { changePassword } from "./profile.ts";
import { createVerifiedAccount } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const secret = "current-password-test-secret-xyz";
const PASSWORD = "Sl1des!rock";
const ctx = () => ({
  db: database.db,
  clock,
  locale: "en" as const,
  log: silent,
  mailer: outboxMailer(database.db, silent),
  origin: "http://localhost:3000",
  translate: serverT,
});
const sessions = () => ({ db: database.db, clock, secret });
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
let seq = 0;
const member = () =>
  createVerifiedAccount(
    { db: database.db, clock },
    { email: `cp${++seq}@example.com`, username: `cp${seq}`, name: "C", password: PASSWORD },
  );
const sessionOf = (accessToken: string | undefined) => verifyAccessToken(secret, accessToken, now)?.sessionId ?? "";
const wrongTry = (accountId: number, sessionId: string, client = "203.0.113.9") =>
  changePassword(ctx(), { accountId, sessionId, client, current: "Not-it-1!", password: "N3w-pass!word" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("current-password checks", () => {
  it("count per log-in, across refreshes and clients, and sign that log-in out at the limit", async () => {
    const accountId = await member();
    const tokens = await createSession(sessions(), accountId);
    const other = await createSession(sessions(), accountId);
    for (let i = 1; i < AUTH.currentPasswordFailures - 1; i++)
      expect(await wrongTry(accountId, sessionOf(tokens.accessToken))).toMatchObject({
        code: "auth.errors.currentPasswordInvalid",
      });
    // A refresh gives the session a new id; the count goes on (and from another address too).
    later(60);
    const rotated = await refreshSession(sessions(), tokens.refreshToken);
    expect(sessionOf(rotated?.accessToken)).not.toBe(sessionOf(tokens.accessToken));
    later(60);
    expect(await wrongTry(accountId, sessionOf(rotated?.accessToken), "198.51.100.20")).toMatchObject({
      code: "auth.errors.currentPasswordInvalid",
    });
    expect(await wrongTry(accountId, sessionOf(rotated?.accessToken))).toEqual({
      ok: false,
      code: SIGNED_OUT_AFTER_FAILURES,
    });
    later(60);
    expect(await refreshSession(sessions(), rotated?.refreshToken)).toBeNull();
    // The member's other log-in is untouched.
    expect(await refreshSession(sessions(), other.refreshToken)).not.toBeNull();
  });

  it("start counting again after the window, and after the right password", async () => {
    const accountId = await member();
    const tokens = await createSession(sessions(), accountId);
    const id = sessionOf(tokens.accessToken);
    for (let i = 1; i < AUTH.currentPasswordFailures; i++) await wrongTry(accountId, id, `198.51.100.${30 + i}`);
    later(AUTH.currentPasswordWindowMinutes * 60 + 1);
    for (let i = 1; i < AUTH.currentPasswordFailures; i++)
      expect((await wrongTry(accountId, id, `198.51.100.${40 + i}`)).ok).toBe(false);
    expect(
      await changePassword(ctx(), {
        accountId,
        sessionId: id,
        client: "198.51.100.50",
        current: PASSWORD,
        password: "N3w-pass!word",
      }),
    ).toEqual({ ok: true, value: null });
    expect(await wrongTry(accountId, id, "198.51.100.51")).toMatchObject({
      code: "auth.errors.currentPasswordInvalid",
    });
    expect(await refreshSession(sessions(), tokens.refreshToken)).not.toBeNull();
  });
});
