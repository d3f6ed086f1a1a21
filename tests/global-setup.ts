import { spawnSync } from "node:child_process";
import fs from "node:fs";
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
  const r = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error("production build failed");
}
