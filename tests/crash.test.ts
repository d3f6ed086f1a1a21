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

/**
 * A node process started as the test servers are, in a folder of its own, ended by `signal` once it says
 * that its event loop runs (a timer's callback has run), not after a guessed wait from the spawn: on a
 * loaded machine node was still compiling its script 300 ms after it, and the stack had no `uv_run`.
 */
async function ended(signal: NodeJS.Signals) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-crash-"));
  dirs.push(cwd);
  const startedAt = Date.now();
  const script = 'setInterval(() => {}, 1000); setTimeout(() => process.stdout.write("looping\\n"), 10)';
  const child = spawn("sh", ["-c", CORE_SHELL, "sh", process.execPath, "-e", script], {
    cwd,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const how = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // Then a moment more, so that it has finished writing and waits in the loop (the stack names uv_run).
    child.stdout.once("data", () => setTimeout(() => child.kill(signal), 200));
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
