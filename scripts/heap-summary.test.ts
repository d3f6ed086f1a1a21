import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { type Snapshot, summarize } from "./heap-summary.ts";

it("sums a real heap snapshot by kind and name, the largest first", () => {
  // A small process of its own (this worker's heap holds every test file before it), with something of a
  // known name and count to find: 20,000 objects of one class.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heap-summary-"));
  const file = path.join(dir, "test.heapsnapshot");
  try {
    const made = spawnSync(process.execPath, [
      "-e",
      `class HeldForTheSummary { formats = ["PP", "KN", "GS"].map((f) => \`\${f}\`); }
       globalThis.held = Array.from({ length: 20000 }, () => new HeldForTheSummary());
       require("node:v8").writeHeapSnapshot(${JSON.stringify(file)});`,
    ]);
    expect(made.status, made.stderr.toString()).toBe(0);
    const { total, byType, rows } = summarize(JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot);
    const ours = rows.find((r) => r.key === `${"object".padEnd(12)} HeldForTheSummary`);
    expect(ours?.count).toBe(20_000);
    expect(ours?.bytes).toBeGreaterThan(20_000 * 12);
    expect(rows[0].bytes).toBeGreaterThanOrEqual(rows[1].bytes);
    expect(byType.reduce((n, [, bytes]) => n + bytes, 0)).toBe(total);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
