import { describe, expect, it } from "vitest";
import { approximateBytes } from "./memory.ts";

describe("approximateBytes", () => {
  it("grows with what a value holds: strings by their length, objects and lists by their members", () => {
    expect(approximateBytes("x".repeat(1_000))).toBeGreaterThanOrEqual(2_000);
    const one = approximateBytes({ title: "Deck", colors: [{ hex: "#fff" }] });
    const ten = approximateBytes({ title: "Deck", colors: Array.from({ length: 10 }, () => ({ hex: "#fff" })) });
    expect(ten).toBeGreaterThan(one * 2);
    expect(approximateBytes(new Map([["a", "x".repeat(500)]]))).toBeGreaterThan(1_000);
    expect(approximateBytes(new Uint8Array(4_096))).toBeGreaterThan(4_096);
    // A small view of a large buffer holds the whole buffer.
    expect(approximateBytes(new Uint8Array(new ArrayBuffer(65_536), 0, 16))).toBeGreaterThan(65_536);
  });

  it("counts a shared or circular part once", () => {
    const part = { text: "y".repeat(1_000) };
    const loop: Record<string, unknown> = { part };
    loop.self = loop;
    expect(approximateBytes(loop)).toBeLessThan(approximateBytes(part) + 200);
    expect(approximateBytes([part, part])).toBeLessThan(approximateBytes(part) * 1.5);
  });
});
