/**
 * Token buckets per key (client address) in memory: `capacity` requests at once, refilled at
 * `perMinute`. One process only; several processes would keep these in PostgreSQL.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  readonly capacity: number;
  private readonly perMs: number;

  constructor(capacity: number, perMinute: number) {
    this.capacity = capacity;
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token (or `cost` tokens); answers how many seconds to wait when there are not enough. */
  take(key: string, now = Date.now(), cost = 1): { ok: true } | { ok: false; retryAfter: number } {
    if (this.buckets.size > 100_000) this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    const need = Math.min(cost, this.capacity);
    if (b.tokens < need) return { ok: false, retryAfter: Math.ceil((need - b.tokens) / this.perMs / 1000) };
    b.tokens -= need;
    return { ok: true };
  }

  private sweep(now: number) {
    for (const [k, b] of this.buckets)
      if (b.tokens + (now - b.at) * this.perMs >= this.capacity) this.buckets.delete(k);
  }
}
