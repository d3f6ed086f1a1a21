import { describe, expect, it } from "vitest";
import { joinWith, PageCache, splitAt } from "./page-cache.ts";

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

  it("keeps entries per catalogue version and for a while, dropping the oldest when full", () => {
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
});
