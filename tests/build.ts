/**
 * The production build the server tests, `bench:cluster` and the E2E run against, made once per change
 * of its inputs. The inputs are fingerprinted by content (every file under the source folders but test
 * files, the lock file, the build's configuration), written beside the build after it succeeds; a build
 * whose fingerprint differs, or that has none, is made again. Run as a script (`node tests/build.ts`)
 * it builds when stale, taking turns with other checkouts' builds on one flock(1) lock.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["app", "config", "db", "modules", "server", "public", "types"];
const FILES = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];
const stampFile = path.join(root, "build", ".inputs");

function walk(dir: string, out: string[]) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (e.isFile() && !/\.test\.tsx?$/.test(e.name)) out.push(full);
  }
}

/** A hash of every build input's path and content. */
export function buildInputsHash(): string {
  const files: string[] = [];
  for (const d of FOLDERS) walk(path.join(root, d), files);
  for (const f of FILES) if (fs.existsSync(path.join(root, f))) files.push(path.join(root, f));
  files.sort();
  const h = createHash("sha256");
  for (const f of files) {
    h.update(path.relative(root, f));
    h.update("\0");
    h.update(fs.readFileSync(f));
    h.update("\0");
  }
  return h.digest("hex");
}

export function buildIsCurrent(hash = buildInputsHash()): boolean {
  return (
    fs.existsSync(path.join(root, "build/server/index.js")) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, "utf8").trim() === hash
  );
}

/** Builds (NODE_ENV=production) unless the build is current; throws when the build fails. */
export function ensureBuild(): { built: boolean; seconds: number } {
  const started = Date.now();
  if (buildIsCurrent()) return { built: false, seconds: 0 };
  // Two test runs in one checkout must not build over each other (one deletes the files the other
  // writes): where flock(1) exists, builds take turns on one lock, and each checks again under it.
  const flock = spawnSync("sh", ["-c", "command -v flock"]).status === 0;
  const self = [process.execPath, fileURLToPath(import.meta.url), "--locked"];
  const [cmd, ...args] = flock ? ["flock", path.join(os.tmpdir(), "sn-build.lock"), ...self] : self;
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("production build failed");
  return { built: true, seconds: (Date.now() - started) / 1000 };
}

function buildNow() {
  const hash = buildInputsHash();
  if (buildIsCurrent(hash)) return;
  fs.rmSync(stampFile, { force: true });
  const r = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stampFile, `${hash}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--locked")) buildNow();
  else ensureBuild();
}
