import type { ServiceContext } from "#modules/scope.ts";

/**
 * Catalogue reads that every page repeats and that change only with the catalogue: the navigation's
 * tags, a tag by its slug, the filters' styles and colours, the unfiltered counts, and the lists'
 * pages themselves. Some also follow the clock (what is published by now; the hourly counts), so an
 * entry is kept at most a minute, as the page cache keeps a page. One
 * process keeps them for the current catalogue version; every catalogue change bumps the version
 * (`bumpCatalogVersion`), which each process reads at most every two seconds (the page cache's
 * interval, server/app.ts), and the next use reads them again. Entries are shared between requests:
 * callers must not change what they get.
 */
export class ReferenceCache {
  #version = Number.NaN;
  #entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  readonly #currentVersion: () => Promise<number>;
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(
    currentVersion: () => Promise<number>,
    opts: { maxEntries?: number; ttlMs?: number; now?: () => number } = {},
  ) {
    this.#currentVersion = currentVersion;
    this.#maxEntries = opts.maxEntries ?? 1000;
    this.#ttlMs = opts.ttlMs ?? 60_000;
    this.#now = opts.now ?? Date.now;
  }

  /** The value of `key` for the current catalogue version, read with `load` when missing or too old. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.#currentVersion();
    if (version !== this.#version) {
      this.#version = version;
      this.#entries.clear();
    }
    const now = this.#now();
    const found = this.#entries.get(key);
    if (found && found.expires > now) {
      // Most recently used last: the first entries are the ones to drop when full.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found.value as Promise<T>;
    }
    const value = load();
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
    // A failed read (the database away) is not kept: the next request tries again.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return value;
  }
}

/** Through the context's cache when it has one (the web server), else read each time (scripts, tests). */
export function fromReference<T>(ctx: ServiceContext, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.reference ? ctx.reference.get(`${ctx.locale}:${key}`, load) : load();
}
