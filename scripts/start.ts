/**
 * `npm start`: builds the app when the build is missing or older than the sources, then starts the server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "build/server/index.js");

function newest(dir: string): number {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(full));
    else max = Math.max(max, fs.statSync(full).mtimeMs);
  }
  return max;
}

const sources = ["app", "config", "modules"].map((d) => path.join(root, d)).filter((d) => fs.existsSync(d));
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(
  ...sources.map(newest),
  ...["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => fs.statSync(path.join(root, f)).mtimeMs),
);
if (!built || changed > built) {
  console.log(built ? "Sources changed: rebuilding…" : "No build yet: building…");
  const r = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= "production";
const { start } = await import("../server/main.ts");
await start();
