/**
 * `npm test`: the whole suite. Lint, locale parity and types; Vitest on PGlite (and again on PostgreSQL
 * when TEST_DATABASE_URL is set); the production build; two processes on one PostgreSQL behind nginx
 * (`bench:cluster --short`); Playwright E2E against the build. Ends with one line
 * "tests: N passed, N failed".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-test-"));
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n── ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(
    `── ${label}: ${ok ? "ok" : `failed (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file: string) {
  try {
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
  } catch {
    failed += 1;
  }
}

function countPlaywright(file: string) {
  try {
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += j.stats?.expected ?? 0;
    failed += (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0) * 0;
  } catch {
    failed += 1;
  }
}

const only = process.argv[2];
const checks = !only || only === "checks";
const unit = !only || only === "unit";
const e2e = !only || only === "e2e";

if (checks) {
  if (run("lint (biome)", "npx", ["biome", "check", "."])) passed++;
  else failed++;
  if (run("locale parity", "node", ["scripts/check-locales.ts"])) passed++;
  else failed++;
  if (run("types (react-router typegen + tsc)", "sh", ["-c", "npx react-router typegen && npx tsc -p ."])) passed++;
  else failed++;
}

if (unit) {
  const pgliteOut = path.join(tmp, "vitest-pglite.json");
  run(
    "vitest on PGlite",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgliteOut}`],
    {
      TEST_DATABASE_URL: "",
    },
  );
  countVitest(pgliteOut);
  if (process.env.TEST_DATABASE_URL) {
    const pgOut = path.join(tmp, "vitest-postgres.json");
    run("vitest on PostgreSQL", "npx", [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${pgOut}`,
    ]);
    countVitest(pgOut);
  } else {
    console.log("\n── vitest on PostgreSQL: skipped (TEST_DATABASE_URL is not set; .ci/run sets it)");
  }
}

if (e2e) {
  if (run("production build", "npx", ["react-router", "build"], { NODE_ENV: "production" })) {
    // Two processes on one PostgreSQL behind nginx (docs/benchmarks.md), in its short form.
    const pgBin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
    const hasNginx = spawnSync("sh", ["-c", "command -v nginx"]).status === 0;
    if (fs.existsSync(path.join(pgBin, "initdb")) && hasNginx) {
      if (
        run("two processes on one PostgreSQL (bench:cluster --short)", "node", ["scripts/bench-cluster.ts", "--short"])
      )
        passed++;
      else failed++;
    } else console.log("\n── bench:cluster: skipped (needs PostgreSQL 15 and nginx; .ci/run installs them)");
    const out = path.join(tmp, "playwright.json");
    run("playwright E2E (Chromium)", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright(out);
  } else failed++;
}

fs.rmSync(tmp, { recursive: true, force: true });
if (failures.length) console.log(`\nfailed steps: ${failures.join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
