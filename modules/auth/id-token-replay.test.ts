import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH } from "#config/constants.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { type IdTokenContext, issueLoginNonce, spendIdToken } from "./id-token-replay.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const secret = "nonce-test-secret-nonce-test-secret";
const ctx = (s = secret): IdTokenContext => ({ db: database.db, clock, secret: s });
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const inFiveMinutes = () => new Date(now.getTime() + 300_000);
let serial = 0;
/** Stands for a distinct ID token (the module only hashes it). */
const token = () => `header.payload-${++serial}.signature`;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("ID-token log-in nonces", () => {
  it("are ours, signed and short-lived: another secret's, altered, missing or late ones are refused", async () => {
    const { nonce, expiresAt } = issueLoginNonce(ctx());
    expect(expiresAt.getTime() - now.getTime()).toBe(AUTH.googleNonceSeconds * 1000);
    expect(issueLoginNonce(ctx()).nonce).not.toBe(nonce);
    expect(await spendIdToken(ctx(), token(), { nonce: undefined, expiresAt: inFiveMinutes() })).toBe("nonce");
    expect(await spendIdToken(ctx(), token(), { nonce: "client-chosen", expiresAt: inFiveMinutes() })).toBe("nonce");
    expect(await spendIdToken(ctx(), token(), { nonce: 42, expiresAt: inFiveMinutes() })).toBe("nonce");
    expect(await spendIdToken(ctx(), token(), { nonce: "x".repeat(10_000), expiresAt: inFiveMinutes() })).toBe("nonce");
    const theirs = issueLoginNonce(ctx("another-secret-another-secret-xx")).nonce;
    expect(await spendIdToken(ctx(), token(), { nonce: theirs, expiresAt: inFiveMinutes() })).toBe("nonce");
    const [value, mac] = [nonce.slice(0, nonce.lastIndexOf(".")), nonce.split(".").pop()];
    const longer = `${value.replace(/\d+$/, (exp) => String(Number(exp) + 3600))}.${mac}`;
    expect(await spendIdToken(ctx(), token(), { nonce: longer, expiresAt: inFiveMinutes() })).toBe("nonce");
    later(AUTH.googleNonceSeconds + 1);
    expect(await spendIdToken(ctx(), token(), { nonce, expiresAt: inFiveMinutes() })).toBe("nonce");
    // Refusals keep nothing.
    const [kept] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from id_token_use`);
    expect(kept.n).toBe(0);
  });

  it("let one token in once, and one token per nonce, even when both arrive at once", async () => {
    const { nonce } = issueLoginNonce(ctx());
    const first = token();
    expect(await spendIdToken(ctx(), first, { nonce, expiresAt: inFiveMinutes() })).toBeNull();
    expect(await spendIdToken(ctx(), first, { nonce, expiresAt: inFiveMinutes() })).toBe("replayed");
    expect(await spendIdToken(ctx(), token(), { nonce, expiresAt: inFiveMinutes() })).toBe("nonce");
    const twin = token();
    const other = issueLoginNonce(ctx()).nonce;
    const answers = await Promise.all([
      spendIdToken(ctx(), twin, { nonce: other, expiresAt: inFiveMinutes() }),
      spendIdToken(ctx(), twin, { nonce: other, expiresAt: inFiveMinutes() }),
    ]);
    expect(answers.sort()).toEqual([null, "replayed"].sort());
    // Kept until the later of the token's and the nonce's expiry (plus the clock tolerance), then purged.
    const rows = await queryRows<{ expires_at: Date }>(database.db, sql`select expires_at from id_token_use`);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(new Date(r.expires_at).getTime()).toBeGreaterThan(now.getTime());
  });
});
