import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CORE_SHELL, nativeCrash } from "./crash.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A node process started as the test servers are, in a folder of its own, ended by `signal`. */
async function ended(signal: NodeJS.Signals) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-crash-"));
  dirs.push(cwd);
  const startedAt = Date.now();
  const child = spawn("sh", ["-c", CORE_SHELL, "sh", process.execPath, "-e", "setInterval(() => {}, 1000)"], {
    cwd,
    stdio: "ignore",
  });
  const how = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("spawn", () => setTimeout(() => child.kill(signal), 300));
    child.once("exit", (code, sig) => resolve({ code, signal: sig }));
  });
  return { how, cwd, startedAt };
}

const corePattern = (() => {
  try {
    return fs.readFileSync("/proc/sys/kernel/core_pattern", "utf8").trim();
  } catch {
    return "";
  }
})();
const hasGdb = spawnSync("sh", ["-c", "command -v gdb"]).status === 0;

describe("a test server's native fault", () => {
  it("is told with the faulting thread's stack, and its core file is removed", async () => {
    const { how, cwd, startedAt } = await ended("SIGSEGV");
    expect(how.signal).toBe("SIGSEGV");
    const report = nativeCrash(how, cwd, startedAt);
    expect(report).toMatch(/^the server died of a native fault \(SIGSEGV\)/);
    if (corePattern === "core" && hasGdb) {
      // The stack of the process's main thread, as gdb reads it from the core file.
      expect(report).toMatch(/#0 .*\n(.*\n)*#\d+ .*uv_run/);
      expect(fs.readdirSync(cwd)).toEqual([]);
    }
  });

  it("is nothing to report when the server was stopped or exited by itself", async () => {
    const { how, cwd, startedAt } = await ended("SIGTERM");
    expect(nativeCrash(how, cwd, startedAt)).toBeNull();
    expect(nativeCrash({ code: 1, signal: null }, cwd, startedAt)).toBeNull();
    // A shell's report of node's segfault (128 + 11) is one.
    expect(nativeCrash({ code: 139, signal: null }, cwd, startedAt)).toMatch(/exit code 139/);
  });
});
