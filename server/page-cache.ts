/**
 * An in-process cache of rendered anonymous pages. Entries belong to one catalogue version: when the
 * version moves on, every entry is stale. Entries also expire after `ttlMs` so trending stays fresh.
 */
export type CachedPage = { status: number; headers: [string, string][]; body: Uint8Array; version: number; at: number };

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly max: number;
  private readonly ttlMs: number;
  hits = 0;
  misses = 0;

  constructor(max = 1000, ttlMs = 60_000) {
    this.max = max;
    this.ttlMs = ttlMs;
  }

  get(key: string, version: number, now = Date.now()): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version || now - e.at > this.ttlMs) {
      if (e) this.entries.delete(key);
      this.misses++;
      return undefined;
    }
    // Refresh its place for LRU order.
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits++;
    return e;
  }

  set(key: string, page: CachedPage): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, page);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
