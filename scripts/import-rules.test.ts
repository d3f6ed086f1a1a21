import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The import rules (scripts/import-rules.ts), run as the command runs them: in a process of its own
 * (dpdm resolves the `#…` imports through Node's own resolution, which the test runner replaces).
 */
describe("import rules", () => {
  it("no cycles, modules/shared free of domain modules, modules free of edges, app and server meeting only at their entry points, every # import resolved", {
    timeout: 180_000,
  }, () => {
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, "import-rules.ts")], {
      encoding: "utf8",
      cwd: path.resolve(import.meta.dirname, ".."),
    });
    const v = JSON.parse(run.stdout);
    expect(v.files).toBeGreaterThan(300);
    expect(v.unresolved).toEqual([]);
    expect(v.cycles).toEqual([]);
    expect(v.sharedToDomain).toEqual([]);
    expect(v.modulesToEdges).toEqual([]);
    expect(v.edgesMeeting).toEqual([]);
  });
});
