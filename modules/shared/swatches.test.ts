import { describe, expect, it } from "vitest";
import { contrastRatio, hexChannels, isLightSwatch, relativeLuminance } from "./swatches.ts";

describe("swatch contrast on the white surface", () => {
  it("reads #rgb and #rrggbb, and nothing else", () => {
    expect(hexChannels("#fff")).toEqual([255, 255, 255]);
    expect(hexChannels("#1E40AF")).toEqual([30, 64, 175]);
    expect(hexChannels("1e40af")).toEqual([30, 64, 175]);
    expect(hexChannels("blue")).toBeNull();
    expect(hexChannels("#12345")).toBeNull();
  });

  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("rings white, cream, pale and yellow swatches, not dark or saturated ones", () => {
    for (const light of ["#ffffff", "#FFFFFF", "#f8fafc", "#fef3c7", "#facc15", "#e5e7eb", "#a3e635"])
      expect(isLightSwatch(light), light).toBe(true);
    for (const dark of ["#000000", "#1e3a8a", "#dc2626", "#15803d", "#7c3aed", "#6b7280", "#0f172a"])
      expect(isLightSwatch(dark), dark).toBe(false);
    // Exactly at the edge: 3:1 is enough.
    expect(contrastRatio("#949494", "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(isLightSwatch("#949494")).toBe(false);
    expect(isLightSwatch("#959595")).toBe(true);
    // Unknown values are ringed rather than risked.
    expect(isLightSwatch("transparent")).toBe(true);
  });
});
