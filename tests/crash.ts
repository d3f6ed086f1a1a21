/**
 * A server the tests start that dies of a native fault (a segfault in a native library: libvips, fontconfig,
 * argon2, V8 itself) leaves only "killed by SIGSEGV" behind, and a fault seen once in many runs is then a
 * guess. The servers start through `CORE_SHELL`, which lets the kernel write a core file (into the
 * server's working folder, as this machine's `kernel.core_pattern` "core" says); `nativeCrash` then asks
 * gdb, when the machine has it, for the faulting thread's stack and removes the file.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** `sh -c CORE_SHELL sh <command…>`: the command itself (exec), allowed a core file of any size. */
export const CORE_SHELL = 'ulimit -c unlimited 2>/dev/null; exec "$@"';

/** Signals of a native fault, not of a stop asked for. */
const FAULTS = new Set(["SIGSEGV", "SIGBUS", "SIGABRT", "SIGILL", "SIGFPE", "SIGTRAP"]);
/** Shell exit codes of the same (128 + the signal's number). */
const FAULT_CODES = new Set([128 + 11, 128 + 7, 128 + 6, 128 + 4, 128 + 8, 128 + 5]);

/**
 * What to report of a server that ended: null when it ended as asked (or by an ordinary exit), else how
 * it died and, when a core file newer than `startedAt` lies in `cwd` and gdb is there, the faulting thread's stack.
 */
export function nativeCrash(
  how: { code: number | null; signal: NodeJS.Signals | null },
  cwd: string,
  startedAt: number,
): string | null {
  if (!(how.signal && FAULTS.has(how.signal)) && !(how.code !== null && FAULT_CODES.has(how.code))) return null;
  const lines = [`the server died of a native fault (${how.signal ?? `exit code ${how.code}`})`];
  const core = fs
    .readdirSync(cwd)
    .filter((f) => /^core(\.\d+)?$/.test(f))
    .map((f) => path.join(cwd, f))
    .find((f) => fs.statSync(f).mtimeMs >= startedAt - 1000);
  if (!core) {
    lines.push("no core file was written (the kernel's core_pattern may send it elsewhere)");
    return lines.join("\n");
  }
  const gdb = spawnSync("gdb", ["-batch", "-nx", "-ex", "bt 30", process.execPath, core], {
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  if (gdb.error) lines.push(`core file ${core} (gdb is not there to read it: ${gdb.error.message})`);
  else lines.push(gdb.stdout.replace(/^\[(New LWP|Thread debugging).*\n/gm, "").trim());
  fs.rmSync(core, { force: true });
  return lines.join("\n");
}
