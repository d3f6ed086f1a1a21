import zlib from "node:zlib";

/**
 * An in-process cache of rendered anonymous pages. Entries belong to one catalogue version: when the
 * version moves on, every entry is gone. Entries are fresh for `ttlMs` (trending follows the clock), then
 * stale for `staleMs` more: a stale page of the current version is still answered while one render
 * replaces it (server/pages.ts), as `stale-while-revalidate` lets a shared cache do.
 */
export type CachedPage = {
  status: number;
  /** The answer's headers as rendered, without Content-Length and the Content-Security-Policy. */
  headers: [string, string][];
  /** The body's bytes, cut where each answer puts its own nonce (n parts, n - 1 nonces). */
  parts: Uint8Array[];
  /** The sum of the parts' lengths. */
  size: number;
  /**
   * The parts compressed one by one (raw deflate, each but the last ended by a sync flush), for a gzip
   * answer that only puts each answer's nonce between them (gzipWith); absent for a type not compressed.
   */
  deflated?: Uint8Array[];
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

/**
 * The parts compressed each on its own, as raw deflate: every part but the last ends with a sync flush (a
 * byte-aligned, unfinished stream), the last finishes it. Joined with a stored block between them, they
 * are one valid deflate stream (gzipWith).
 */
export function deflateParts(parts: Uint8Array[]): Uint8Array[] {
  return parts.map((part, i) => {
    const deflated = zlib.deflateRawSync(part, {
      level: 6,
      finishFlush: i < parts.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH,
    });
    // zlib answers a view of its 16 kB output chunk: kept as it is, a part of 200 bytes would hold the
    // whole chunk (with many small pages, 2,000 entries held some 150 MB that the bound did not see).
    const exact = new Uint8Array(deflated.length);
    exact.set(deflated);
    return exact;
  });
}

/** gzip's member header: deflate, no name, no time, from Unix (RFC 1952). */
const GZIP_HEADER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * A gzip answer of the page with `nonce` between its parts, without compressing it again: the parts
 * deflated once (deflateParts), each nonce as a stored block (RFC 1951 §3.2.4) between them, and the
 * trailer's CRC-32 and length of the whole text. The chunks to send, in order, and their total length.
 */
export function gzipWith(
  page: Pick<CachedPage, "parts" | "size"> & { deflated: Uint8Array[] },
  nonce: string,
): { chunks: Uint8Array[]; length: number } {
  const filler = Buffer.from(nonce, "latin1");
  // A stored block that is not the last: header bits 000 (padded to a byte, the stream is byte-aligned
  // after a sync flush), then LEN and its one's complement, little-endian, then the bytes.
  const stored = Buffer.alloc(5 + filler.length);
  stored[0] = 0;
  stored.writeUInt16LE(filler.length, 1);
  stored.writeUInt16LE(~filler.length & 0xffff, 3);
  filler.copy(stored, 5);
  const chunks: Uint8Array[] = [GZIP_HEADER];
  let length = GZIP_HEADER.length;
  let crc = 0;
  for (let i = 0; i < page.parts.length; i++) {
    if (i > 0) {
      chunks.push(stored);
      length += stored.length;
      crc = zlib.crc32(filler, crc);
    }
    chunks.push(page.deflated[i]);
    length += page.deflated[i].length;
    crc = zlib.crc32(page.parts[i], crc);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((page.size + filler.length * (page.parts.length - 1)) >>> 0, 4);
  chunks.push(trailer);
  return { chunks, length: length + 8 };
}

/** The memory behind some views: each distinct buffer they are views of, whole (a view holds all of it). */
function heldBytes(views: readonly Uint8Array[]): number {
  const buffers = new Set<ArrayBufferLike>();
  for (const v of views) buffers.add(v.buffer);
  let bytes = 64 * views.length;
  for (const b of buffers) bytes += b.byteLength;
  return bytes;
}

/**
 * What an entry costs in memory: the buffers its body's parts (plain and deflated) are views of, whole,
 * its headers and its key (a rough but monotone measure).
 */
const weight = (key: string, page: CachedPage) =>
  key.length * 2 +
  heldBytes(page.parts) +
  heldBytes(page.deflated ?? []) +
  page.headers.reduce((n, [k, v]) => n + (k.length + v.length) * 2, 0) +
  256;

/** Least recently used pages, bounded in number and in bytes. */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly staleMs: number;
  private used = 0;

  constructor(max = 1000, ttlMs = 60_000, maxBytes = Number.POSITIVE_INFINITY, staleMs = 0) {
    this.max = max;
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
    this.staleMs = staleMs;
  }

  /**
   * The page kept under `key` for `version`, and whether it is past its `ttlMs` (stale: still kept for
   * `staleMs` more).
   */
  lookup(key: string, version: number, now = Date.now()): { page: CachedPage; stale: boolean } | undefined {
    const page = this.kept(key, version, now);
    return page && { page, stale: now - page.at > this.ttlMs };
  }

  /** The page kept under `key` for `version`, if still fresh (a stale one is left in place). */
  get(key: string, version: number, now = Date.now()): CachedPage | undefined {
    const page = this.kept(key, version, now);
    return page && now - page.at <= this.ttlMs ? page : undefined;
  }

  /** The entry under `key`, fresh or stale, moved to the recent end; one of another version or older is dropped. */
  private kept(key: string, version: number, now: number): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.version !== version || now - e.at > this.ttlMs + this.staleMs) {
      this.remove(key, e);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /** Forgets the page under `key` (its address no longer answers a page to keep). */
  delete(key: string): void {
    const e = this.entries.get(key);
    if (e) this.remove(key, e);
  }

  set(key: string, page: CachedPage): void {
    const size = weight(key, page);
    // A page larger than the whole budget is not kept at all.
    if (size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (this.entries.size > 0 && (this.entries.size >= this.max || this.used + size > this.maxBytes)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, CachedPage];
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, page);
    this.used += size;
  }

  private remove(key: string, page: CachedPage) {
    this.entries.delete(key);
    this.used -= weight(key, page);
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the kept pages take. */
  get bytes(): number {
    return this.used;
  }
}

/**
 * The address a cached page is rendered and kept under: only the parameters pages read (`allowed`), in
 * their order.
 */
export function pageCacheKey(url: URL, allowed: ReadonlySet<string>): { key: string; search: string } {
  // In the order the address gives them: a page shows its own query back (the language switch, filters).
  const kept = [...url.searchParams].filter(([name]) => allowed.has(name));
  const search = kept.length ? `?${new URLSearchParams(kept).toString()}` : "";
  return { key: `${url.pathname}${search}`, search };
}
