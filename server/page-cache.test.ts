import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_QUERY_PARAMS } from "#config/constants.ts";
import { FILTER_PARAMS } from "#modules/catalog/filters.ts";
import { deflateParts, joinWith, PageCache, pageCacheKey, splitAt } from "./page-cache.ts";

const MARK = "__MARK__";
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe("cached page bodies", () => {
  it("cut at the nonce's mark and joined with each answer's nonce give the page with that nonce", () => {
    for (const page of [
      `<script nonce="${MARK}">a</script><p>é 🙂 ñ</p><script nonce="${MARK}">b</script>`,
      `${MARK}starts and ends${MARK}`,
      "no mark at all: señal 🙂",
      `${MARK}${MARK}`,
      "",
    ]) {
      const parts = splitAt(bytes(page), MARK);
      expect(parts).toHaveLength(page.split(MARK).length);
      const size = parts.reduce((n, p) => n + p.length, 0);
      expect(text(joinWith({ parts, size }, "n0nce+/="))).toBe(page.replaceAll(MARK, "n0nce+/="));
    }
  });

  it("keeps entries per catalog version and for a while, dropping the oldest when full", () => {
    const cache = new PageCache(2, 1000);
    const entry = (version: number, at: number) => ({ status: 200, headers: [], parts: [], size: 0, version, at });
    cache.set("/a", entry(1, 0));
    cache.set("/b", entry(1, 0));
    expect(cache.get("/a", 1, 10)).toBeDefined();
    cache.set("/c", entry(1, 0)); // "/b" is the least recently used
    expect(cache.get("/b", 1, 10)).toBeUndefined();
    expect(cache.get("/a", 2, 10)).toBeUndefined(); // the catalogue moved on
    expect(cache.get("/c", 1, 5000)).toBeUndefined(); // too old
  });

  it("answers a page past its time as stale for a while more, of the current catalogue version only", () => {
    const cache = new PageCache(10, 1000, Number.POSITIVE_INFINITY, 5000);
    cache.set("/a", { status: 200, headers: [], parts: [], size: 0, version: 1, at: 0 });
    expect(cache.lookup("/a", 1, 1000)?.stale).toBe(false);
    expect(cache.get("/a", 1, 1000)).toBeDefined();
    // Past its 1 s: stale, and what only takes fresh pages does not get it, nor drops it.
    expect(cache.get("/a", 1, 1001)).toBeUndefined();
    expect(cache.lookup("/a", 1, 1001)?.stale).toBe(true);
    expect(cache.lookup("/a", 1, 6000)?.stale).toBe(true);
    expect(cache.size).toBe(1);
    // Past its 5 s more: gone.
    expect(cache.lookup("/a", 1, 6001)).toBeUndefined();
    expect(cache.size).toBe(0);
    // Of another version: gone at once, stale or not.
    cache.set("/b", { status: 200, headers: [], parts: [], size: 0, version: 1, at: 0 });
    expect(cache.lookup("/b", 2, 2000)).toBeUndefined();
    expect(cache.lookup("/b", 1, 2000)).toBeUndefined();
    cache.set("/c", { status: 200, headers: [], parts: [], size: 10, version: 1, at: 0 });
    cache.delete("/c");
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it("stays within its bytes: the least recently used pages go first, and one larger than the budget is not kept", () => {
    const cache = new PageCache(100, 60_000, 10_000);
    const page = (kb: number) => ({
      status: 200,
      headers: [] as [string, string][],
      parts: [new Uint8Array(kb * 1000)],
      size: kb * 1000,
      version: 1,
      at: 0,
    });
    for (const key of ["/1", "/2", "/3", "/4"]) cache.set(key, page(2));
    expect(cache.size).toBe(4);
    cache.get("/1", 1, 1);
    cache.set("/5", page(3)); // 8 + 3 kB and overhead is past 10 kB: "/2" (least recently used) goes
    expect(cache.get("/2", 1, 1)).toBeUndefined();
    expect(cache.get("/1", 1, 1)).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    cache.set("/huge", page(11));
    expect(cache.get("/huge", 1, 1)).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // Replacing a page counts its bytes once.
    for (let i = 0; i < 50; i++) cache.set("/1", page(2));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get("/1", 1, 1)).toBeDefined();
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("counts the whole buffer a page's parts are views of, and keeps deflated parts in buffers of their own", () => {
    const cache = new PageCache(100, 60_000, 100_000);
    const big = new Uint8Array(60_000);
    // Two parts of 10 bytes each, views of a 60 kB buffer: the entry holds 60 kB.
    const page = { status: 200, headers: [] as [string, string][], size: 20, version: 1, at: 0 };
    cache.set("/a", { ...page, parts: [big.subarray(0, 10), big.subarray(10, 20)] });
    expect(cache.bytes).toBeGreaterThan(60_000);
    cache.set("/b", { ...page, parts: [big.subarray(0, 10), big.subarray(10, 20)] });
    expect(cache.get("/a", 1, 1)).toBeUndefined(); // 2 x 60 kB is past 100 kB: the older went
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    for (const part of deflateParts(splitAt(bytes(`a${MARK}b${MARK}c`), MARK)))
      expect(part.buffer.byteLength).toBe(part.byteLength);
  });

  it("keys a page by the parameters pages read; made-up ones are dropped", () => {
    const allowed = new Set<string>(PAGE_QUERY_PARAMS);
    const key = (u: string) => pageCacheKey(new URL(u, "http://x"), allowed).key;
    expect(key("/?cb=1")).toBe("/");
    expect(key("/?cb=2&utm_source=x")).toBe("/");
    expect(key("/business?page=2&cb=9")).toBe("/business?page=2");
    // In the address's order: the page shows its query back as it was given.
    expect(key("/business?style=modern&color=red")).toBe("/business?style=modern&color=red");
    expect(key("/business?style=b&x=1&style=a")).toBe("/business?style=b&style=a");
    expect(key("/business.data?_routes=routes%2Fcatalog%2Flist&zz=1")).toBe(
      "/business.data?_routes=routes%2Fcatalog%2Flist",
    );
    expect(key("/template/x?color=blue&download=limitFree&wait=30")).toBe(
      "/template/x?color=blue&download=limitFree&wait=30",
    );
  });

  it("lists every query parameter a page reads (else the cache would drop it and serve the wrong page)", () => {
    const read = new Set<string>(Object.values(FILTER_PARAMS));
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? walk(full) : /\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [full] : [];
      });
    // The download and favourite routes (app/routes/actions) declare themselves personal: never cached.
    for (const file of walk(path.resolve("app")).filter((f) => !f.includes(`${path.sep}actions${path.sep}`)))
      for (const m of fs
        .readFileSync(file, "utf8")
        .matchAll(/(?:searchParams|params)\.(?:get|getAll|has)\("([^"]+)"\)/g))
        read.add(m[1]);
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !(PAGE_QUERY_PARAMS as readonly string[]).includes(name))).toEqual([]);
  });
});
