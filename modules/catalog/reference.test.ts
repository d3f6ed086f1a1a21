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

  it("reads an entry in use again in the last quarter of its minute, beside the request, never serving it past it", async () => {
    let now = 0;
    let version = 1;
    const cache = new ReferenceCache(async () => version, { now: () => now, ttlMs: 60_000 });
    const c = counter();
    const tick = () => new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("search", c.load)).toBe(1);
    now = 44_999;
    expect(await cache.get("search", c.load)).toBe(1);
    await tick();
    expect(c.count).toBe(1);
    // Three quarters of a minute: this request gets the value it finds (still within its minute) and a new
    // read starts beside it, once; the next request gets the new value without reading.
    now = 45_000;
    const both = await Promise.all([cache.get("search", c.load), cache.get("search", c.load)]);
    expect(both).toEqual([1, 1]);
    await tick();
    expect(c.count).toBe(2);
    expect(await cache.get("search", c.load)).toBe(2);
    // The new value counts its minute from its own read.
    now = 104_999;
    expect(await cache.get("search", c.load)).toBe(2);
    await tick();
    expect(c.count).toBe(3);

    // A read ahead that fails leaves the value until its minute is up, without reading ahead again, then
    // the next request reads.
    const failing = new ReferenceCache(async () => version, { now: () => now, ttlMs: 60_000 });
    now = 0;
    let fail = false;
    let reads = 0;
    const load = async () => {
      reads++;
      if (fail) throw new Error("database away");
      return reads;
    };
    expect(await failing.get("list", load)).toBe(1);
    fail = true;
    now = 50_000;
    expect(await failing.get("list", load)).toBe(1);
    await tick();
    expect(reads).toBe(2);
    expect(await failing.get("list", load)).toBe(1);
    fail = false;
    now = 60_000;
    expect(await failing.get("list", load)).toBe(3);

    // A read ahead that ends after the catalogue changed is not kept.
    let release: (v: number) => void = () => {};
    const slow = new ReferenceCache(async () => version, { now: () => now, ttlMs: 60_000 });
    now = 0;
    expect(await slow.get("nav", async () => 10)).toBe(10);
    now = 50_000;
    expect(await slow.get("nav", () => new Promise<number>((r) => (release = r)))).toBe(10);
    version = 2;
    expect(await slow.get("nav", async () => 20)).toBe(20);
    release(11);
    await tick();
    expect(await slow.get("nav", async () => 30)).toBe(20);
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
