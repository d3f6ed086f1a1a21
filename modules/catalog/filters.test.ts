import { describe, expect, it } from "vitest";
import { parseListQuery, toSearchParams } from "./filters.ts";

const q = (s: string) => parseListQuery(new URLSearchParams(s));

describe("parseListQuery", () => {
  it("reads every filter, repeated or comma-separated, and drops unknown values", () => {
    const r = q(
      "style=minimalist,bogus&style=corporate&color=blue&license=free&license=gold&format=keynote&slides=11-20&ratio=16-9&sort=newest&page=3",
    );
    expect(r.filters).toEqual({
      styles: ["minimalist", "bogus", "corporate"],
      colors: ["blue"],
      licenses: ["free"],
      formats: ["keynote"],
      slides: ["11-20"],
      ratios: ["16-9"],
    });
    expect(r.sort).toBe("newest");
    expect(r.page).toBe(3);
    const known = parseListQuery(new URLSearchParams("style=minimalist,bogus"), { styles: ["minimalist"], colors: [] });
    expect(known.filters.styles).toEqual(["minimalist"]);
  });

  it("treats bad pages as bad, never as errors", () => {
    for (const p of ["-1", "abc", "0", "1.5", "99999999", "", "%00", "1e3"]) {
      const r = q(`page=${encodeURIComponent(p)}`);
      expect(r.page).toBe(1);
      expect(r.badPage).toBe(true);
    }
    expect(q("page=999999").page).toBe(1);
    expect(q("page=99999").page).toBe(99999);
  });

  it("survives huge, HTML and SQL values", () => {
    const r = q(`style=${"a".repeat(10_000)}&color=<script>&sort=1;drop table template&license='or'1'='1`);
    expect(r.filters.styles).toEqual([]);
    expect(r.filters.colors).toEqual([]);
    expect(r.filters.licenses).toEqual([]);
    expect(r.sort).toBeNull();
  });

  it("writes the canonical query back", () => {
    const r = q("ratio=4-3&style=modern&sort=newest&page=2");
    expect(toSearchParams(r).toString()).toBe("style=modern&ratio=4-3&sort=newest&page=2");
    expect(toSearchParams({ ...r, page: 1 }).toString()).toBe("style=modern&ratio=4-3&sort=newest");
  });
});
