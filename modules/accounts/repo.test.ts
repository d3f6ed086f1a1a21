import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { literal } from "#db/sql-literal.ts";
import { createSession, verifyAccessToken } from "#modules/auth/sessions.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createTestDatabase } from "#tests/db.ts";
import { sessionAccount } from "./repo.ts";
import { createVerifiedAccount } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00Z") };
const secret = "repo-test-secret-repo-test-secret";
let accountId: number;
let sessionId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  accountId = await createVerifiedAccount(
    { db: database.db, clock },
    { email: "repo@example.com", username: "repo", name: "Repo", password: "Sl1des!rock" },
  );
  const tokens = await createSession({ db: database.db, clock, secret }, accountId);
  sessionId = verifyAccessToken(secret, tokens.accessToken, clock.now())!.sessionId;
  await database.db.execute(
    sql`insert into download_counter (subject, period, used) values (${`a:${accountId}`}, '2026-11', 2)`,
  );
});
afterAll(async () => {
  await database?.cleanup();
});

describe("sessionAccount", () => {
  const input = () => ({ accountId, sessionId, subject: `a:${accountId}`, period: "2026-11" });

  it("answers the same row as the kept statement of the embedded database and as Drizzle's", async () => {
    // On PGlite the database runs the statement it keeps prepared; in a transaction (and on PostgreSQL)
    // Drizzle's: a column renamed in the schema but not in one of them makes the rows differ.
    const kept = await sessionAccount(database.db, input());
    const drizzle = await database.db.transaction((tx) => sessionAccount(tx, input()));
    expect(kept).toEqual(drizzle);
    expect(kept).toMatchObject({ id: accountId, username: "repo", downloadsUsed: 2, hasInterests: false });
    expect(kept?.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(kept ?? {}).sort()).toEqual(Object.keys(drizzle ?? {}).sort());
  });

  it("finds nothing for another session, a revoked one, or text made to break out of its quotes", async () => {
    expect(await sessionAccount(database.db, { ...input(), sessionId: "x' or '1'='1" })).toBeUndefined();
    expect(await sessionAccount(database.db, { ...input(), sessionId: "x\\' or true --" })).toBeUndefined();
    expect(await sessionAccount(database.db, { ...input(), accountId: accountId + 1 })).toBeUndefined();
    expect(await sessionAccount(database.db, { ...input(), subject: "a:'; drop table account; --" })).toMatchObject({
      downloadsUsed: 0,
    });
    await database.db.execute(sql`update auth_session set revoked_at = now() where id = ${sessionId}`);
    expect(await sessionAccount(database.db, input())).toBeUndefined();
    await database.db.execute(sql`update auth_session set revoked_at = null where id = ${sessionId}`);
    expect(await sessionAccount(database.db, input())).toMatchObject({ id: accountId });
  });
});

describe("literal", () => {
  it("writes integers as digits and text as an escape string, refusing what it cannot write", () => {
    expect(literal(42)).toBe("42");
    expect(literal("it's")).toBe("E'it''s'");
    expect(literal("a\\b")).toBe("E'a\\\\b'");
    expect(() => literal(1.5)).toThrow();
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal("a\0b")).toThrow();
  });
});
