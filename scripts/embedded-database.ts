/**
 * The embedded database (PGlite in DATA_DIR/db) takes one process at a time, and PGlite itself does not
 * stop a second one from opening the folder: the operator commands check first and say so plainly.
 */
import fs from "node:fs";
import path from "node:path";
import type { Env } from "#config/env.server.ts";

/**
 * Whether another process has the embedded database in `dir` open. PGlite writes `postmaster.pid` while
 * it is open and removes it on close; a server that was killed leaves it behind, so on Linux the
 * processes' open files decide (a stale file with nobody holding the folder does not count).
 */
export function embeddedDatabaseHolder(dir: string): { held: boolean; pid?: number } {
  if (!fs.existsSync(path.join(dir, "postmaster.pid"))) return { held: false };
  let procs: string[];
  try {
    procs = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  } catch {
    return { held: true }; // no /proc (not Linux): the lock file is all there is to go by
  }
  const real = fs.realpathSync(dir);
  for (const pid of procs) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(`${real}/`)) return { held: true, pid: Number(pid) };
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return { held: false };
}

/**
 * The command's answer when another process (the server, probably) holds the embedded database; null
 * when it does not, or when the command works on PostgreSQL (DATABASE_URL).
 */
export function embeddedDatabaseHeld(env: Pick<Env, "DATABASE_URL" | "dataDir">, nothingDone: string): string | null {
  if (env.DATABASE_URL) return null;
  const dir = path.join(env.dataDir, "db");
  const holder = embeddedDatabaseHolder(dir);
  if (!holder.held) return null;
  return [
    `The embedded database in ${dir} is open in another process${holder.pid ? ` (pid ${holder.pid})` : ""}: the server is probably running.`,
    "The embedded database takes one process at a time. Stop the server, run this command again, then start the server.",
    nothingDone,
  ].join("\n");
}
