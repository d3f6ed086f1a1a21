import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function newest(dir: string): number {
  let max = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

/** The server tests run against the production build: make it when it is missing or older than the sources. */
export default function setup() {
  const stamp = path.resolve("build/server/index.js");
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(
    ...["app", "config", "modules"].map((d) => newest(path.resolve(d))),
    ...["vite.config.ts", "react-router.config.ts"].map((f) => fs.statSync(path.resolve(f)).mtimeMs),
  );
  if (built && built >= changed) return;
  // Two test runs in one checkout must not build over each other (one deletes the files the other
  // writes): where flock(1) exists, builds take turns on one lock.
  const flock = spawnSync("sh", ["-c", "command -v flock"]).status === 0;
  const build = ["npx", "react-router", "build"];
  const [cmd, ...args] = flock ? ["flock", path.join(os.tmpdir(), "sn-build.lock"), ...build] : build;
  const r = spawnSync(cmd, args, {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error("production build failed");
}
