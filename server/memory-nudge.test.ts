import { describe, expect, it } from "vitest";
import { startMemoryNudge } from "./memory-nudge.ts";

describe("the memory nudge", () => {
  it("asks for a collection when the buffers hold the step more than their least of late, not again for memory in use", () => {
    let bytes = 10;
    let collections = 0;
    const nudge = startMemoryNudge({
      held: () => bytes,
      collect: () => collections++,
      everyMs: 60_000,
      growthBytes: 50,
    });
    nudge.check();
    expect(collections).toBe(0);
    bytes = 70; // garbage waiting
    nudge.check();
    expect(collections).toBe(1);
    bytes = 40; // what survived the collection
    nudge.check();
    bytes = 75; // the cache fills: under the step, and soon the least of late
    for (let i = 0; i < 6; i++) nudge.check();
    expect(collections).toBe(1);
    bytes = 130; // 55 more than what stays
    nudge.check();
    expect(collections).toBe(2);
    nudge.stop();
  });
});
