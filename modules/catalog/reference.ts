import { REFERENCE_CACHE } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { approximateBytes } from "#modules/shared/memory.ts";

/**
 * Catalogue reads that every page repeats and that change only with the catalogue: the navigation's
 * tags, a tag by its slug, the filters' styles and colours, the unfiltered counts, and the lists'
 * pages themselves. Some also follow the clock (what is published by now; the hourly counts), so an
 * entry is kept at most a minute, as the page cache keeps a page. One
 * process keeps them for the current catalogue version; every catalogue change bumps the version
 * (`bumpCatalogVersion`), which each process reads at most every two seconds (the page cache's
 * interval, server/app.ts), and the next use reads them again. An entry still in use in the last quarter
 * of its minute is read again beside the request that found it (never served past its minute), so that
 * the requests after it do not each wait for a read: a search or a list read that expired was the slow
 * request of a mixed load. Entries are shared between requests: callers must not change what they get.
 */
export class ReferenceCache {
  #version = Number.NaN;
  #entries = new Map<string, Entry>();
  #bytes = 0;
  #recheck = false;
  readonly #currentVersion: (fresh: boolean) => Promise<number>;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(
    /** The catalogue's version; the caller may keep it a moment, unless `fresh` asks it of the database. */
    currentVersion: (fresh: boolean) => Promise<number>,
    opts: { maxEntries?: number; maxBytes?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.#currentVersion = currentVersion;
    this.#maxEntries = opts.maxEntries ?? REFERENCE_CACHE.entries;
    this.#maxBytes = opts.maxBytes ?? REFERENCE_CACHE.maxBytes;
    this.#ttlMs = opts.ttlMs ?? REFERENCE_CACHE.ttlMs;
    this.#now = opts.now ?? Date.now;
  }

  /** What the entries hold, about (`approximateBytes` of each value once read). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value of `key` for the current catalogue version, read with `load` when missing or too old.
   * A value for which `keep` answers false is returned and not kept (a slug that names nothing: anyone
   * can send a new one with every request).
   */
  async get<T>(key: string, load: () => Promise<T>, opts: { keep?: (value: T) => boolean } = {}): Promise<T> {
    const fresh = this.#recheck;
    this.#recheck = false;
    const version = await this.#currentVersion(fresh);
    if (version !== this.#version) {
      this.#version = version;
      this.#entries.clear();
      this.#bytes = 0;
    }
    const now = this.#now();
    const found = this.#entries.get(key);
    if (found && found.expires > now) {
      // Most recently used last: the first entries are the ones to drop when full.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      // In the last quarter of its minute, an entry in use is read again beside the request that found
      // it: the next ones get the new value without waiting for a read (a search, a list) themselves.
      if (found.settled && !found.refreshing && now >= found.expires - this.#ttlMs / 4) {
        found.refreshing = true;
        this.#keep(key, load(), now, opts.keep, found);
      }
      return found.value as Promise<T>;
    }
    if (found) this.#drop(key, found);
    const value = load();
    this.#keep(key, value, now, opts.keep);
    return value;
  }

  /**
   * Keeps what `value` resolves to under `key`, read at `now`; in place of `replacing` (an entry read
   * again ahead of its time) only if that entry is still the one kept, the version unchanged.
   */
  #keep<T>(key: string, value: Promise<T>, now: number, keep?: (value: T) => boolean, replacing?: Entry): void {
    const entry: Entry = { value, expires: now + this.#ttlMs, bytes: 0, settled: false, refreshing: false };
    if (!replacing) this.#entries.set(key, entry);
    value.then(
      (v) => {
        if (replacing) {
          if (this.#entries.get(key) !== replacing) return;
          this.#drop(key, replacing);
          if (keep && !keep(v)) return;
          entry.value = Promise.resolve(v);
          this.#entries.set(key, entry);
        } else if (this.#entries.get(key) !== entry) return;
        else if (keep && !keep(v)) {
          this.#drop(key, entry);
          return;
        }
        entry.bytes = approximateBytes(v);
        entry.settled = true;
        this.#bytes += entry.bytes;
        this.#trim();
      },
      // A failed read (the database away) is not kept: the next request tries again. The entry read
      // ahead of its time stays until its minute is up, not read ahead again (requests would each try).
      () => {
        if (!replacing && this.#entries.get(key) === entry) this.#drop(key, entry);
      },
    );
    this.#trim();
  }

  /**
   * This process has just committed a change of the catalogue (an operator's edit): the next read asks
   * the database for the version instead of the one seen in the last seconds, so that the operator's
   * next page shows the change. Other processes see it within their interval.
   */
  recheck(): void {
    this.#recheck = true;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Least recently used first, until both bounds hold. */
  #trim(): void {
    while (this.#entries.size > this.#maxEntries || (this.#bytes > this.#maxBytes && this.#entries.size > 1)) {
      const oldest = this.#entries.entries().next().value;
      if (!oldest) break;
      this.#drop(oldest[0], oldest[1]);
    }
  }
}

type Entry = {
  value: Promise<unknown>;
  expires: number;
  bytes: number;
  /** Read and kept (its bytes counted). */
  settled: boolean;
  /** Being read again ahead of its time. */
  refreshing: boolean;
};

/** Through the context's cache when it has one (the web server), else read each time (scripts, tests). */
export function fromReference<T>(
  ctx: ServiceContext,
  key: string,
  load: () => Promise<T>,
  opts?: { keep?: (value: T) => boolean },
): Promise<T> {
  return ctx.reference ? ctx.reference.get(`${ctx.locale}:${key}`, load, opts) : load();
}
