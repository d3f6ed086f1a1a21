import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RateLimits } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { hasControl } from "./checks.ts";
import { queryRows } from "./sql.ts";

/**
 * The row key of a client's bucket: the key cut to 300 characters, or its hash when it holds control
 * characters (a login name typed with a NUL, which PostgreSQL cannot store).
 */
const bucketKey = (key: string) =>
  hasControl(key) ? `#${createHash("sha256").update(key).digest("base64url")}` : key.slice(0, 300);

export type Taken = { ok: true } | { ok: false; retryAfter: number };

/** A bucket after a take: the tokens left and whether the take was granted. */
type BucketRow = { tokens: number; ok: boolean };

/**
 * The key of a budget kept per account and client address (favourite changes, uploads, payment
 * attempts): `a:<account id>:<client key>`, the account id empty for a guest. Every edge that spends
 * such a budget names it this way, so a form and its script or GraphQL twin draw from the same one.
 */
export function attemptKey(accountId: number | null | undefined, clientKey: string): string {
  return `a:${accountId ?? ""}:${clientKey}`;
}

/**
 * Token buckets per key (client address, account, login name; this file is their query file): `capacity` requests at once, refilled at
 * `perMinute`. The buckets are rows of `rate_limit`, taken from in one atomic upsert, so every process
 * on the database draws from the same budget and a restart refills nothing.
 */
export class RateLimiter {
  readonly capacity: number;
  private readonly perMs: number;
  private readonly db: Db;
  private readonly scope: string;

  constructor(db: Db, scope: string, [capacity, perMinute]: readonly [number, number]) {
    this.db = db;
    this.scope = scope;
    this.capacity = capacity;
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token (or `cost` tokens); answers how many seconds to wait when there are not enough. */
  async take(key: string, now = Date.now(), cost = 1): Promise<Taken> {
    const need = Math.min(Math.max(cost, 0), this.capacity);
    const cap = this.capacity;
    // Tokens refill with the time since the last take (never backwards: processes' clocks differ a little).
    const refilled = sql`least(${cap}::float8, b.tokens + greatest(0, ${now}::bigint - b.at_ms) * ${this.perMs}::float8)`;
    const [row] = await queryRows<BucketRow>(
      this.db,
      sql`insert into rate_limit as b (scope, key, tokens, at_ms, ok)
          values (${this.scope}, ${bucketKey(key)}, ${cap - need}::float8, ${now}::bigint, true)
          on conflict (scope, key) do update set
            tokens = case when ${refilled} >= ${need}::float8 then ${refilled} - ${need}::float8 else ${refilled} end,
            ok = ${refilled} >= ${need}::float8,
            at_ms = greatest(b.at_ms, ${now}::bigint)
          returning tokens, ok`,
    );
    if (row.ok) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil((need - Number(row.tokens)) / this.perMs / 1000)) };
  }
}

export type RateLimiters = { [K in keyof RateLimits]: RateLimiter };

/** One limiter per named limit, each with its own budget in the database. */
export function createRateLimiters(db: Db, limits: RateLimits): RateLimiters {
  return Object.fromEntries(
    Object.entries(limits).map(([scope, limit]) => [scope, new RateLimiter(db, scope, limit)]),
  ) as RateLimiters;
}
