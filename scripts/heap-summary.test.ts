import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { expect, it } from "vitest";
import { type Snapshot, summarize } from "./heap-summary.ts";

it("sums a real heap snapshot by kind and name, the largest first", () => {
  // Something of a known size and name to find: 20,000 objects of one class, each with its own array.
  class HeldForTheSummary {
    formats = ["PP", "KN", "GS"].map((f) => `${f}`);
  }
  const held = Array.from({ length: 20_000 }, () => new HeldForTheSummary());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heap-summary-"));
  try {
    const file = v8.writeHeapSnapshot(path.join(dir, "test.heapsnapshot"));
    const { total, byType, rows } = summarize(JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot);
    const ours = rows.find((r) => r.key === `${"object".padEnd(12)} HeldForTheSummary`);
    expect(ours?.count).toBe(held.length);
    expect(ours?.bytes).toBeGreaterThan(held.length * 12);
    expect(rows[0].bytes).toBeGreaterThanOrEqual(rows[1].bytes);
    expect(byType.reduce((n, [, bytes]) => n + bytes, 0)).toBe(total);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
