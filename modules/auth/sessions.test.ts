import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import {
  createSession,
  endAllSessions,
  endSession,
  purgeExpiredSessions,
  refreshSession,
  type SessionContext,
  verifyAccessToken,
} from "./sessions.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const secret = "session-test-secret-session-test";
const ctx = (): SessionContext => ({ db: database.db, clock, secret });
let accountId: number;
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  database = await createTestDatabase();
  accountId = await createVerifiedAccount(
    { db: database.db, clock },
    { email: "s@example.com", username: "sess", name: "S", password: "Sl1des!rock" },
  );
});
afterAll(async () => {
  await database.cleanup();
});

describe("sessions", () => {
  it("issues an access token that works for 15 minutes and cannot be forged", async () => {
    const t = await createSession(ctx(), accountId);
    expect(verifyAccessToken(secret, t.accessToken, now)).toMatchObject({ accountId });
    expect(verifyAccessToken("another-secret-another-secret-xx", t.accessToken, now)).toBeNull();
    const [value, mac] = [t.accessToken.slice(0, t.accessToken.lastIndexOf(".")), t.accessToken.split(".").pop()];
    expect(verifyAccessToken(secret, `${value.replace(/^\d+/, "999")}.${mac}`, now)).toBeNull();
    expect(verifyAccessToken(secret, t.accessToken, new Date(now.getTime() + 14 * 60_000))).not.toBeNull();
    expect(verifyAccessToken(secret, t.accessToken, new Date(now.getTime() + 16 * 60_000))).toBeNull();
    expect(verifyAccessToken(secret, "", now)).toBeNull();
    expect(verifyAccessToken(secret, "x".repeat(10_000), now)).toBeNull();
  });

  it("rotates the refresh token; reuse after the grace period revokes the whole family", async () => {
    const first = await createSession(ctx(), accountId);
    later(60);
    const second = await refreshSession(ctx(), first.refreshToken);
    expect(second).not.toBeNull();
    // Two tabs refreshing at once: the old token still works within the grace period.
    const sibling = await refreshSession(ctx(), first.refreshToken);
    expect(sibling).not.toBeNull();
    later(120);
    // A stolen, already rotated token used later: refused, and every token of the family ends.
    expect(await refreshSession(ctx(), first.refreshToken)).toBeNull();
    expect(await refreshSession(ctx(), second?.refreshToken)).toBeNull();
    expect(await refreshSession(ctx(), sibling?.refreshToken)).toBeNull();
  });

  it("answers a rotated token reused within the grace period with the same successor, even at once", async () => {
    const first = await createSession(ctx(), accountId);
    later(60);
    const familyOf = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from auth_session where family =
                (select family from auth_session where id = ${first.refreshToken.split(".")[0]})`,
        )
      )[0].n;
    // Two tabs (or two processes) refreshing at the same moment, and a third a little later.
    const [a, b] = await Promise.all([
      refreshSession(ctx(), first.refreshToken),
      refreshSession(ctx(), first.refreshToken),
    ]);
    later(10);
    const c = await refreshSession(ctx(), first.refreshToken);
    expect(a?.refreshToken).toBeTruthy();
    expect(b?.refreshToken).toBe(a?.refreshToken);
    expect(c?.refreshToken).toBe(a?.refreshToken);
    const sessionOf = (t: typeof a) => verifyAccessToken(secret, t?.accessToken, now)?.sessionId;
    expect(new Set([sessionOf(a), sessionOf(b), sessionOf(c)]).size).toBe(1);
    // One log-in, one rotation: two rows in the family, however often the old token came back.
    expect(await familyOf()).toBe(2);
    // The successor goes on as usual; reusing the first token after the grace period ends the family.
    const next = await refreshSession(ctx(), a?.refreshToken);
    expect(next).not.toBeNull();
    later(60);
    expect(await refreshSession(ctx(), first.refreshToken)).toBeNull();
    expect(await refreshSession(ctx(), next?.refreshToken)).toBeNull();
  });

  it("does not hand out a successor that was signed out since", async () => {
    const first = await createSession(ctx(), accountId);
    later(60);
    const second = await refreshSession(ctx(), first.refreshToken);
    const id = verifyAccessToken(secret, second?.accessToken, now)?.sessionId ?? "";
    await database.db.execute(sql`update auth_session set revoked_at = ${now} where id = ${id}`);
    expect(await refreshSession(ctx(), first.refreshToken)).toBeNull();
  });

  it("ends a session 90 days after its log-in, however often it was refreshed", async () => {
    let t = await createSession(ctx(), accountId);
    for (let day = 0; day < 80; day += 20) {
      later(20 * 86_400);
      const next = await refreshSession(ctx(), t.refreshToken);
      expect(next, `day ${day + 20}`).not.toBeNull();
      t = next as NonNullable<typeof next>;
    }
    later(11 * 86_400);
    expect(await refreshSession(ctx(), t.refreshToken)).toBeNull();
  });

  it("expires refresh tokens after 30 days and ignores junk", async () => {
    const t = await createSession(ctx(), accountId);
    later(31 * 86_400);
    expect(await refreshSession(ctx(), t.refreshToken)).toBeNull();
    expect(await refreshSession(ctx(), "junk")).toBeNull();
    expect(await refreshSession(ctx(), "")).toBeNull();
    expect(await refreshSession(ctx(), "x".repeat(5000))).toBeNull();
  });

  it("ends one session on log-out, and all of them after a password change", async () => {
    const a = await createSession(ctx(), accountId);
    const b = await createSession(ctx(), accountId);
    const claims = verifyAccessToken(secret, a.accessToken, now);
    await endSession(ctx(), { sessionId: claims?.sessionId });
    expect(await refreshSession(ctx(), a.refreshToken)).toBeNull();
    const b2 = await refreshSession(ctx(), b.refreshToken);
    expect(b2).not.toBeNull();
    await endAllSessions(ctx(), accountId);
    expect(await refreshSession(ctx(), b2?.refreshToken)).toBeNull();
  });

  it("purges expired and long-revoked sessions, keeping live ones", async () => {
    const live = await createSession(ctx(), accountId);
    const ended = await createSession(ctx(), accountId);
    await endSession(ctx(), { refreshToken: ended.refreshToken });
    later(2 * 86_400);
    await purgeExpiredSessions(ctx());
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from auth_session`);
    expect(rows[0].n).toBe(1);
    expect(await refreshSession(ctx(), live.refreshToken)).not.toBeNull();
  });
});
