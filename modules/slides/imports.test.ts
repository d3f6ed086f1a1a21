import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FONTS, fontInfo } from "./font-facts.ts";

const here = import.meta.dirname;

describe("modules/slides", () => {
  it("never imports the demo catalog's data (only its tests use the demo decks)", () => {
    const sources = fs
      .readdirSync(here, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`fixtures${path.sep}`));
    expect(sources).toContain("layout.ts");
    const offenders = sources.filter((f) =>
      /from\s+["'][^"']*catalog\/demo\//.test(fs.readFileSync(path.join(here, f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("knows the generic family and width of the fonts it draws", () => {
    expect(fontInfo("Playfair Display")).toMatchObject({ generic: "serif", google: true });
    expect(fontInfo("Calibri")?.width).toBe(0.9);
    expect(fontInfo("No Such Font")).toBeUndefined();
    expect(new Set(FONTS.map((f) => f.family)).size).toBe(FONTS.length);
  });
});
