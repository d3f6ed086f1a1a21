import { describe, expect, it } from "vitest";
import { readMappings, summarizeMaps } from "./bench-memory-maps.ts";

const mapping = (range: string, perms: string, name: string, rssKb: number) =>
  `${range} ${perms} 00000000 00:00 0                          ${name}\nSize:   4 kB\nRss:   ${rssKb} kB\nPss:   ${rssKb} kB\n`;

describe("summarizeMaps", () => {
  it("sorts resident memory into files, malloc's heaps, stacks, V8's pages and the rest", () => {
    const smaps = [
      mapping("00400000-00600000", "r-xp", "/opt/node/bin/node", 2048),
      mapping("374b5000-376ff000", "rw-p", "[heap]", 1024),
      // V8's page at an address of its own choosing.
      mapping("7287e640000-7287e680000", "rw-p", "", 256),
      // A glibc arena: 64 MB-aligned, read-write then PROT_NONE, 64 MB in all.
      mapping("7f8e64000000-7f8e64021000", "rw-p", "", 132),
      mapping("7f8e64021000-7f8e68000000", "---p", "", 0),
      // A thread's stack after its guard page.
      mapping("7f8eaa7fd000-7f8eaa7fe000", "---p", "", 0),
      mapping("7f8eaa7fe000-7f8eaaffe000", "rw-p", "", 64),
      // malloc's block above its mmap threshold.
      mapping("7f8eb14fe000-7f8eb161e000", "rw-p", "", 512),
      mapping("7fffae21c000-7fffae23d000", "rw-p", "[stack]", 32),
    ].join("");
    const m = summarizeMaps(readMappings(smaps));
    expect(m.files).toEqual([["node", 2]]);
    expect(m.heap).toBe(1);
    expect(m.v8).toBe(0.25);
    expect(m.arenas).toBeCloseTo(132 / 1024);
    expect(m.stacks).toBeCloseTo(96 / 1024);
    expect(m.anonymous).toBe(0.5);
    expect(m.total).toBeCloseTo((2048 + 1024 + 256 + 132 + 64 + 512 + 32) / 1024);
  });
});
