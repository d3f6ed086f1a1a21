/**
 * An in-process cache of rendered anonymous pages. Entries belong to one catalogue version: when the
 * version moves on, every entry is stale. Entries also expire after `ttlMs` so trending stays fresh.
 */
export type CachedPage = {
  status: number;
  /** The answer's headers as rendered, without Content-Length and the Content-Security-Policy. */
  headers: [string, string][];
  /** The body's bytes, cut where each answer puts its own nonce (n parts, n - 1 nonces). */
  parts: Uint8Array[];
  /** The sum of the parts' lengths. */
  size: number;
  version: number;
  at: number;
};

/** Cuts a body at every occurrence of `mark` (ASCII), without decoding it. */
export function splitAt(body: Uint8Array, mark: string): Uint8Array[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const needle = Buffer.from(mark, "latin1");
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = bytes.indexOf(needle, from); at !== -1; at = bytes.indexOf(needle, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

/** The parts joined with `nonce` (ASCII) between them, in one buffer. */
export function joinWith(page: Pick<CachedPage, "parts" | "size">, nonce: string): Uint8Array<ArrayBuffer> {
  const filler = Buffer.from(nonce, "latin1");
  const out = new Uint8Array(page.size + filler.length * (page.parts.length - 1));
  let at = 0;
  for (let i = 0; i < page.parts.length; i++) {
    if (i > 0) {
      out.set(filler, at);
      at += filler.length;
    }
    out.set(page.parts[i], at);
    at += page.parts[i].length;
  }
  return out;
}

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
