import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { describeUserAgent, networkOf } from "./device.ts";
import {
  createSession,
  listSessions,
  purgeExpiredSessions,
  refreshSession,
  revokeOtherSessions,
  revokeSession,
  type SessionContext,
  verifyAccessToken,
} from "./sessions.ts";

/** The member's list of sessions (issue 19, item 4): what is kept at sign-in, listed, and signed out. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const secret = "session-list-secret-session-list";
const ctx = (): SessionContext => ({ db: database.db, clock, secret });
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

let seq = 0;
const account = () => {
  seq++;
  return createVerifiedAccount(
    { db: database.db, clock },
    { email: `list${seq}@example.com`, username: `list${seq}`, name: "L", password: "Sl1des!rock" },
  );
};
/** Signs in from a device: its tokens and the session id its access token names. */
const signIn = async (accountId: number, userAgent?: string, clientKey?: string) => {
  const tokens = await createSession(ctx(), accountId, { userAgent, clientKey });
  const claims = verifyAccessToken(secret, tokens.accessToken, now);
  if (!claims) throw new Error("no session");
  return { ...tokens, sessionId: claims.sessionId };
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("the device of a session", () => {
  it("names the browser and the operating system of common User-Agents", () => {
    expect(describeUserAgent(ANDROID_CHROME)).toEqual({ browser: "Chrome", os: "Android" });
    expect(describeUserAgent(MAC_SAFARI)).toEqual({ browser: "Safari", os: "macOS" });
    expect(describeUserAgent(WINDOWS_EDGE)).toEqual({ browser: "Edge", os: "Windows" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", os: "iOS" });
    expect(describeUserAgent("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toEqual(
      { browser: "Firefox", os: "Linux" },
    );
    expect(describeUserAgent("curl/8.5.0")).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it("keeps the network of the client key, never the full address", () => {
    expect(networkOf("203.0.113.57")).toBe("203.0.113.x");
    expect(networkOf("2001:db8:85a3:8d3::/64")).toBe("2001:db8:85a3:8d3::/64");
    expect(networkOf("unknown")).toBeNull();
    expect(networkOf("999.1.1.1")).toBeNull();
    expect(networkOf("")).toBeNull();
  });
});

describe("the list of sessions", () => {
  it("lists each log-in once with its device, times and network, the current one first and marked", async () => {
    const id = await account();
    const phone = await signIn(id, ANDROID_CHROME, "203.0.113.57");
    later(3600);
    const laptop = await signIn(id, MAC_SAFARI, "2001:db8:85a3:8d3::/64");
    const old = await signIn(id); // a client that sent nothing: listed, described as unknown
    // The phone refreshes twice later on: still one entry, last active now.
    later(3600);
    const r1 = await refreshSession(ctx(), phone.refreshToken);
    later(60);
    const r2 = await refreshSession(ctx(), r1?.refreshToken);
    expect(r2).not.toBeNull();
    const list = await listSessions(ctx(), { accountId: id, sessionId: laptop.sessionId });
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ browser: "Safari", os: "macOS", network: "2001:db8:85a3:8d3::/64", current: true });
    expect(list[1]).toMatchObject({ browser: "Chrome", os: "Android", network: "203.0.113.x", current: false });
    expect(list[1].signedInAt.toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(list[1].lastActiveAt.toISOString()).toBe(now.toISOString());
    expect(list[2]).toMatchObject({ browser: null, os: null, network: null, current: false });
    // Nothing stored anywhere names the full address.
    const stored = await queryRows<{ network: string | null }>(
      database.db,
      sql`select network from auth_session_device where account_id = ${id}`,
    );
    expect(JSON.stringify(stored)).not.toContain("203.0.113.57");
    // Another account sees none of them.
    const other = await account();
    const theirs = await signIn(other, WINDOWS_EDGE, "198.51.100.7");
    const list2 = await listSessions(ctx(), { accountId: other, sessionId: theirs.sessionId });
    expect(list2.map((s) => s.id)).toEqual([list2[0].id]);
    expect(list.map((s) => s.id)).not.toContain(list2[0].id);
    expect(old.sessionId).toBeTruthy();
  });

  it("signs one other session out, only the account's own; refuses another account's, garbage and the current one", async () => {
    const id = await account();
    const here = await signIn(id, MAC_SAFARI, "203.0.113.9");
    const there = await signIn(id, ANDROID_CHROME, "198.51.100.20");
    const stranger = await account();
    const theirs = await signIn(stranger, WINDOWS_EDGE, "192.0.2.1");
    const [theirId] = (await listSessions(ctx(), { accountId: stranger, sessionId: theirs.sessionId })).map(
      (s) => s.id,
    );
    const mine = await listSessions(ctx(), { accountId: id, sessionId: here.sessionId });
    const thereId = mine.find((s) => !s.current)?.id ?? "";

    // Another account's session: the same answer as an unknown one, and it stays signed in.
    expect(await revokeSession(ctx(), { accountId: id, sessionId: here.sessionId, target: theirId })).toEqual({
      ok: false,
      code: "account.sessions.errors.notFound",
    });
    expect(await refreshSession(ctx(), theirs.refreshToken)).not.toBeNull();
    for (const target of ["", "nope", "x".repeat(10_000), "'; drop table auth_session; --"])
      expect(await revokeSession(ctx(), { accountId: id, sessionId: here.sessionId, target })).toMatchObject({
        ok: false,
        code: "account.sessions.errors.notFound",
      });
    expect(await revokeSession(ctx(), { accountId: id, sessionId: here.sessionId, target: mine[0].id })).toMatchObject({
      ok: false,
      code: "account.sessions.errors.current",
    });

    expect(await revokeSession(ctx(), { accountId: id, sessionId: here.sessionId, target: thereId })).toEqual({
      ok: true,
      value: null,
    });
    expect(await refreshSession(ctx(), there.refreshToken)).toBeNull();
    expect((await listSessions(ctx(), { accountId: id, sessionId: here.sessionId })).map((s) => s.current)).toEqual([
      true,
    ]);
    // Twice is not found: it has ended.
    expect(await revokeSession(ctx(), { accountId: id, sessionId: here.sessionId, target: thereId })).toMatchObject({
      ok: false,
    });
  });

  it("signs every other session out and keeps this one; device rows go with their sessions", async () => {
    const id = await account();
    const here = await signIn(id, MAC_SAFARI, "203.0.113.9");
    const others = [await signIn(id, ANDROID_CHROME, "198.51.100.20"), await signIn(id, WINDOWS_EDGE, "192.0.2.3")];
    const stranger = await account();
    const theirs = await signIn(stranger, WINDOWS_EDGE, "192.0.2.1");
    expect(await revokeOtherSessions(ctx(), { accountId: id, sessionId: here.sessionId })).toEqual({
      ok: true,
      value: { ended: 2 },
    });
    for (const o of others) expect(await refreshSession(ctx(), o.refreshToken)).toBeNull();
    expect(await refreshSession(ctx(), theirs.refreshToken)).not.toBeNull();
    const fresh = await refreshSession(ctx(), here.refreshToken);
    expect(fresh).not.toBeNull();
    const list = await listSessions(ctx(), { accountId: id, sessionId: here.sessionId });
    expect(list.map((s) => s.current)).toEqual([true]);
    expect(await revokeOtherSessions(ctx(), { accountId: id, sessionId: "not-a-session" })).toMatchObject({
      ok: false,
    });

    // A day after they were revoked the sessions are purged, and their device rows with them.
    later(2 * 86_400);
    await purgeExpiredSessions(ctx());
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from auth_session_device where account_id = ${id}`,
    );
    expect(left.n).toBe(1);
  });
});
