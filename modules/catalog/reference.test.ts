import { describe, expect, it } from "vitest";
import { ReferenceCache } from "./reference.ts";

function counter() {
  let n = 0;
  return {
    load: async () => ++n,
    get count() {
      return n;
    },
  };
}

describe("ReferenceCache", () => {
  it("reads once per catalog version and again after the version changes", async () => {
    let version = 1;
    const cache = new ReferenceCache(async () => version);
    const c = counter();
    expect(await cache.get("nav", c.load)).toBe(1);
    expect(await cache.get("nav", c.load)).toBe(1);
    expect(c.count).toBe(1);
    version = 2;
    expect(await cache.get("nav", c.load)).toBe(2);
    expect(await cache.get("nav", c.load)).toBe(2);
  });

  it("asks the database for the version once after this process changed the catalogue, else may reuse it", async () => {
    // The version as a process keeps it: read at most every few seconds unless asked fresh.
    let stored = 1;
    let held = 1;
    const asked: boolean[] = [];
    const cache = new ReferenceCache(async (fresh) => {
      asked.push(fresh);
      if (fresh) held = stored;
      return held;
    });
    const c = counter();
    expect(await cache.get("search", c.load)).toBe(1);
    stored = 2; // committed by this process; the kept version is still 1
    expect(await cache.get("search", c.load)).toBe(1);
    cache.recheck();
    expect(await cache.get("search", c.load)).toBe(2);
    expect(await cache.get("search", c.load)).toBe(2);
    expect(asked).toEqual([false, false, true, false]);
  });

  it("shares one read between requests that ask at the same moment", async () => {
    const cache = new ReferenceCache(async () => 1);
    const c = counter();
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.get("filters", c.load)));
    expect(values).toEqual(Array(10).fill(1));
    expect(c.count).toBe(1);
  });

  it("reads a value again once it is a minute old (what is published follows the clock)", async () => {
    let now = 0;
    const cache = new ReferenceCache(async () => 1, { now: () => now, ttlMs: 60_000 });
    const c = counter();
    expect(await cache.get("list", c.load)).toBe(1);
    now = 59_999;
    expect(await cache.get("list", c.load)).toBe(1);
    now = 60_000;
    expect(await cache.get("list", c.load)).toBe(2);
  });

  it("does not keep a failed read: the next request tries again", async () => {
    const cache = new ReferenceCache(async () => 1);
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("database away");
      return "ok";
    };
    await expect(cache.get("nav", load)).rejects.toThrow("database away");
    fail = false;
    expect(await cache.get("nav", load)).toBe("ok");
  });

  it("keeps at most its size, dropping the least recently used", async () => {
    const cache = new ReferenceCache(async () => 1, { maxEntries: 2 });
    const reads: string[] = [];
    const load = (key: string) => async () => {
      reads.push(key);
      return key;
    };
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("a", load("a")); // a is now the most recent
    await cache.get("c", load("c")); // drops b
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    expect(reads).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps at most its bytes, dropping the least recently used, and counts what it holds", async () => {
    const cache = new ReferenceCache(async () => 1, { maxBytes: 10_000 });
    const big = (c: string) => async () => c.repeat(3_000); // about 6 kB each
    await cache.get("a", big("a"));
    expect(cache.bytes).toBeGreaterThan(6_000);
    await cache.get("b", big("b")); // 12 kB together: a goes
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    let reads = 0;
    await cache.get("b", async () => {
      reads++;
      return "";
    });
    expect(reads).toBe(0);
  });

  it("does not keep a value its caller says not to keep (a slug that names nothing)", async () => {
    const cache = new ReferenceCache(async () => 1);
    let reads = 0;
    const load = async () => {
      reads++;
      return { kind: "missing" as const };
    };
    const keep = (v: { kind: string }) => v.kind !== "missing";
    await cache.get("template:nothing", load, { keep });
    await cache.get("template:nothing", load, { keep });
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("forgets its bytes with its entries when the catalogue version changes", async () => {
    let version = 1;
    const cache = new ReferenceCache(async () => version);
    await cache.get("a", async () => "x".repeat(1_000));
    expect(cache.bytes).toBeGreaterThan(2_000);
    version = 2;
    await cache.get("b", async () => 1);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThan(100);
  });
});
