import { describe, expect, it } from "vitest";
import { downloadInput } from "#modules/downloads/schemas.ts";
import { favoriteIdsInput, setFavoriteInput } from "#modules/favorites/schemas.ts";
import { suggestInput } from "#modules/search/schemas.ts";
import { formLocale, idInput } from "./input.ts";

describe("/api inputs", () => {
  it("takes ids as JSON numbers or digits, and nothing else", () => {
    expect(idInput.parse(42)).toBe(42);
    expect(idInput.parse(" 42 ")).toBe(42);
    for (const bad of [0, -1, 1.5, 2 ** 31, "", "4e2", "0x10", "42\u0000", "４２", [42], null, true, "9".repeat(11)])
      expect(idInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(formLocale.parse("es")).toBe("es");
    expect(formLocale.parse("fr")).toBeUndefined();
    expect(formLocale.parse({ x: 1 })).toBeUndefined();
  });

  it("reads download and favorite requests from scripts and from plain forms", () => {
    expect(downloadInput.parse({ colorId: "7", format: "kn", locale: "es" })).toEqual({
      colorId: 7,
      format: "KN",
      locale: "es",
    });
    expect(downloadInput.safeParse({ colorId: 7, format: "PDF" }).success).toBe(false);
    expect(setFavoriteInput.parse({ templateId: "3", favorite: "on" })).toMatchObject({
      templateId: 3,
      favorite: true,
    });
    expect(setFavoriteInput.parse({ templateId: 3, favorite: false })).toMatchObject({ favorite: false });
    expect(setFavoriteInput.safeParse({ templateId: 3, favorite: "maybe" }).success).toBe(false);
    expect(setFavoriteInput.safeParse({ templateId: 3 }).success).toBe(false);
    expect(favoriteIdsInput.parse("3,3,x,4")).toEqual([3, 4]);
    expect(favoriteIdsInput.safeParse("").success).toBe(false);
    expect(favoriteIdsInput.safeParse("x,y").success).toBe(false);
    expect(favoriteIdsInput.safeParse(Array.from({ length: 101 }, (_, i) => i + 1).join(",")).success).toBe(false);
  });

  it("never refuses what someone typed into the search box", () => {
    expect(suggestInput.parse(undefined)).toBe("");
    expect(suggestInput.parse("  pitch deck  ")).toBe("pitch deck");
    expect(suggestInput.parse("x".repeat(5_000))).toHaveLength(200);
  });
});
