import { describe, expect, it } from "vitest";
import { reshapeCard } from "./reshape.ts";

describe("reshapeCard", () => {
  it("marks the colours whose swatch would fade into the white card (under 3:1), for the darker ring", () => {
    const card = reshapeCard({
      id: 1,
      slug: "a",
      title: "A",
      is_premium: false,
      slides_count: 10,
      aspect_ratio: "4:3",
      formats: "{PP,GS}",
      colors: JSON.stringify([
        [1, "#FFFFFF"],
        [2, "#1E88E5"],
        [3, "#FDD835"],
        [4, "#212121"],
        [5, "#9E9E9E"],
      ]),
    });
    expect(card.colors).toEqual([
      { id: 1, hex: "#FFFFFF", light: true },
      { id: 2, hex: "#1E88E5" },
      { id: 3, hex: "#FDD835", light: true },
      { id: 4, hex: "#212121" },
      { id: 5, hex: "#9E9E9E", light: true },
    ]);
    expect(card.formats).toEqual(["PP", "GS"]);
  });
});
