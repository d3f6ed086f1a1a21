/**
 * `npm test`: the whole suite (docs/decisions/0023-test-harness.md). Lint, locale parity and types, beside
 * the production build (made once, tests/build.ts); then, side by side, Vitest in one run of its projects
 * (unit; db and http on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set), two processes on
 * one PostgreSQL behind nginx (`bench:cluster --short`) and the E2E site's start; then Playwright E2E
 * against it. Ends with one line
 * "tests: N passed, N failed, N flaky" that names the flaky tests (failed, then passed on a retry): they
 * fail the run unless tests/quarantine.ts excuses them by name.
 *
 * `npm test -- checks|unit|e2e` runs one part.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nativeCrash } from "../tests/crash.ts";
import { waitForServer } from "../tests/net.ts";
import { isQuarantined } from "../tests/quarantine.ts";
import type { VitestSummary } from "../tests/vitest-summary.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-test-"));
const runStarted = Date.now();
let passed = 0;
let failed = 0;
const failures: string[] = [];
const flaky: string[] = [];
const excused: string[] = [];
const timings: string[] = [];
/** The steps running now, told to stop (SIGTERM) when this run is stopped, and waited for. */
const running = new Set<import("node:child_process").ChildProcess>();
/** What else to end when the run is stopped (the E2E site). */
const onStop: (() => void)[] = [];
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    for (const stop of onStop) stop();
    for (const child of running) child.kill("SIGTERM");
    const gone = [...running].map(
      (child) => new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null))),
    );
    await Promise.race([Promise.all(gone), new Promise((r) => setTimeout(r, 15_000))]);
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
  });

// Every Node process of the run (Vitest's workers, the scripts they spawn, the servers) answers drizzle-orm's
// relative imports without reading its 179 kB package.json again per file (tests/resolve-hook.ts).
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, `--import="${path.join(root, "tests/resolve-hook.ts")}"`]
  .filter(Boolean)
  .join(" ");

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs a step. `live` steps print as they go; the others (run beside a live one) print their output in
 * one block when they end, so two steps never interleave their lines.
 */
function run(
  label: string,
  cmd: string,
  args: string[],
  opts: {
    env?: NodeJS.ProcessEnv;
    live?: boolean;
    /** A step that is not live prints its block only once this is settled (after a live step beside it). */
    printAfter?: Promise<unknown>;
  } = {},
): Promise<boolean> {
  const started = Date.now();
  if (opts.live) console.log(`\n── ${label}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: opts.live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...opts.env },
    });
    running.add(child);
    const out: Buffer[] = [];
    child.stdout?.on("data", (d: Buffer) => out.push(d));
    child.stderr?.on("data", (d: Buffer) => out.push(d));
    child.on("close", async (code) => {
      running.delete(child);
      const ok = code === 0;
      const took = seconds(started);
      if (!opts.live) {
        await opts.printAfter;
        console.log(`\n── ${label}`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`── ${label}: ${ok ? "ok" : `failed (exit ${code})`} in ${took} s`);
      timings.push(`${label} ${took} s`);
      if (!ok) failures.push(label);
      resolve(ok);
    });
  });
}

/** A check that counts as one test. */
async function check(label: string, cmd: string, args: string[], opts: { printAfter?: Promise<unknown> } = {}) {
  if (await run(label, cmd, args, opts)) passed++;
  else failed++;
}

/**
 * The E2E site (playwright.config.ts's e2eServer), started by this run instead of by Playwright, so that
 * its start (migrations and the demo catalogue, 12-13 s on one core) happens beside the Vitest run and is
 * not waited for. `ready` settles when it answers (false if it exits or takes 180 s first); `exited` says
 * whether it has gone since; `stop` ends it (SIGTERM to its process group, then SIGKILL after 10 s), as
 * does this run ending in any way (a signal included). Its stderr (warnings and errors) is kept, the last
 * 20,000 characters, and printed by `stop`. It prints nothing itself while Vitest's output runs.
 */
async function startE2eSite() {
  process.env.E2E_DATA_DIR ??= path.join(tmp, "e2e-data");
  // Choosing the ports (into process.env, which Playwright inherits) and naming the command and its env.
  const { e2eServer } = await import("../playwright.config.ts");
  const started = Date.now();
  const child = spawn("sh", ["-c", e2eServer.command], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...e2eServer.env },
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  let exited = false;
  let reason = "";
  /** How it ended: an exit code (128 + N when its shell saw node killed by signal N, 139 a segfault) or a signal. */
  let how = "";
  let stopping = false;
  child.on("exit", (code, signal) => {
    exited = true;
    how = signal ? `killed by ${signal}` : `exit code ${code}`;
    // A native fault: the faulting thread's stack from its core file, when gdb is there (tests/crash.ts).
    const crash = stopping ? null : nativeCrash({ code, signal }, root, started);
    if (crash) how += `\n${crash}`;
  });
  const group = child.pid;
  const signalGroup = (signal: NodeJS.Signals | 0) => {
    try {
      if (group) process.kill(-group, signal);
      return true;
    } catch {
      return false; // None of the group is left.
    }
  };
  process.on("exit", () => signalGroup("SIGKILL"));
  onStop.push(() => signalGroup("SIGKILL"));
  const ready = waitForServer(e2eServer.url, child, "the E2E site", 180_000).then(
    () => `answered at ${new URL(e2eServer.url).origin} ${seconds(started)} s after its start`,
    (error: Error) => {
      reason = error.message;
      return undefined;
    },
  );
  return {
    /** The line to print when Playwright starts: where and how soon it answered, or why it did not. */
    async ready(): Promise<{ ok: boolean; line: string }> {
      const answered = await ready;
      if (answered && !exited) return { ok: true, line: answered };
      return { ok: false, line: `${exited ? `exited (${how})` : reason}\n${stderr}` };
    },
    exited: () => exited,
    how: () => how,
    async stop() {
      stopping = true;
      signalGroup("SIGTERM");
      // node and the sh that started it are one process group: wait for all of it, not only for sh.
      for (let waited = 0; waited < 10_000 && signalGroup(0); waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      signalGroup("SIGKILL");
      if (stderr.trim()) console.log(`\n── E2E site's stderr (the last 20,000 characters)\n${stderr}`);
    },
  };
}

function noteFlaky(where: string, file: string, name: string) {
  const line = `${where}: ${file} > ${name}`;
  if (isQuarantined(file, name)) excused.push(line);
  else flaky.push(line);
}

function countVitest(file: string) {
  try {
    const s = JSON.parse(fs.readFileSync(file, "utf8")) as VitestSummary;
    const parts: string[] = [];
    for (const [name, p] of Object.entries(s.projects)) {
      passed += p.passed;
      // A file that failed outside its tests (an import or a hook) counts once.
      failed += p.failed + (p.failed === 0 ? p.failedFiles : 0);
      parts.push(`${name} ${p.passed}/${p.passed + p.failed}${p.skipped ? ` (${p.skipped} skipped)` : ""}`);
    }
    console.log(`   vitest by project: ${parts.join(", ")}`);
    for (const f of s.flaky) noteFlaky(`vitest ${f.project}`, f.file, f.name);
  } catch {
    failed += 1;
  }
}

type PwSuite = { title: string; file?: string; specs?: PwSpec[]; suites?: PwSuite[] };
type PwResult = { status: string; attachments?: { name: string; path?: string; body?: string }[] };
type PwSpec = { title: string; file: string; tests: { projectName: string; status: string; results?: PwResult[] }[] };

/** Lines printed by printPageAtFailure: a run where everything fails prints the first few hundred. */
let pageLinesPrinted = 0;
/**
 * What the page showed when a test failed, even on a retry that passed: its alerts, headings and status
 * lines from Playwright's error context. CI keeps only this log, and a flaky test is otherwise a guess.
 */
function printPageAtFailure(title: string, results: PwResult[]) {
  for (const r of results) {
    if (r.status === "passed" || r.status === "skipped" || pageLinesPrinted > 400) continue;
    const context = r.attachments?.find((a) => a.name === "error-context" && a.path);
    let text = "";
    try {
      text = context?.path ? fs.readFileSync(context.path, "utf8") : "";
    } catch {
      // A help for reading the log, never a reason for the run's outcome.
    }
    const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
    const notable = snapshot
      .split("\n")
      .filter((line) => /^\s*- (alert|heading|status|dialog|textbox|checkbox)\b/.test(line))
      .slice(0, 40);
    console.log(`\n   the page when "${title}" failed (${r.status}):`);
    for (const line of notable.length ? notable : ["(no page snapshot)"]) console.log(`     ${line.slice(0, 200)}`);
    pageLinesPrinted += notable.length + 1;
    // What a spec's own server and the browser said meanwhile (attached by the spec on failure).
    for (const a of r.attachments ?? []) {
      if (!LOG_ATTACHMENTS.has(a.name) || !a.body) continue;
      const lines = Buffer.from(a.body, "base64").toString("utf8").trim().split("\n").slice(-40);
      console.log(`   ${a.name}:`);
      for (const line of lines) console.log(`     ${line.slice(0, 300)}`);
      pageLinesPrinted += lines.length + 1;
    }
  }
}
/** Text attachments whose last lines are printed with a failure. */
const LOG_ATTACHMENTS = new Set(["server stderr", "browser console"]);

function countPlaywright(file: string) {
  try {
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0);
    failed += j.stats?.unexpected ?? 0;
    const walk = (suite: PwSuite, titles: string[]) => {
      const here = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests) {
          const title = [...here, spec.title].join(" > ");
          if (t.status === "flaky") noteFlaky(`playwright ${t.projectName}`, spec.file, title);
          if (t.status === "flaky" || t.status === "unexpected") printPageAtFailure(title, t.results ?? []);
        }
      for (const s of suite.suites ?? []) walk(s, here);
    };
    for (const s of j.suites ?? []) walk(s, []);
  } catch {
    failed += 1;
  }
}

const only = process.argv[2];
const checks = !only || only === "checks";
const unit = !only || only === "unit";
const e2e = !only || only === "e2e";

// Lint, locales and types beside the production build: the build uses one core at a time for much of it.
const build =
  unit || e2e ? run("production build (when its inputs changed)", "node", ["tests/build.ts"]) : Promise.resolve(true);
if (checks) {
  await check("lint (biome)", "npx", ["biome", "check", "."]);
  await check("locale parity", "node", ["scripts/check-locales.ts"]);
  await check("types (react-router typegen + tsc)", "sh", ["-c", "npx react-router typegen && npx tsc -p ."]);
}
const built = await build;
if (!built) failed++;

// Beside Vitest (whose files wait on PostgreSQL, spawned scripts and timers: three workers kept the two cores
// 85% busy): the E2E site's start and the two-process check, whose block is printed after Vitest's.
const site = e2e && built ? await startE2eSite() : undefined;
let vitestDone: Promise<unknown> = Promise.resolve();
if (unit) {
  if (!process.env.TEST_DATABASE_URL)
    console.log("\n── vitest: db and http on PGlite only (TEST_DATABASE_URL is not set; .ci/run sets it)");
  const summary = path.join(tmp, "vitest-summary.json");
  vitestDone = run(
    `vitest (unit; db and http on PGlite${process.env.TEST_DATABASE_URL ? " and PostgreSQL" : ""})`,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=./tests/vitest-summary.ts"],
    { live: true, env: { SN_VITEST_SUMMARY: summary } },
  ).then(() => {
    countVitest(summary);
    const slow = fs.existsSync(summary)
      ? (JSON.parse(fs.readFileSync(summary, "utf8")) as VitestSummary).files
          .sort((a, b) => b.seconds - a.seconds)
          .slice(0, 8)
          .map((f) => `${f.file} (${f.project}) ${f.seconds} s`)
      : [];
    if (slow.length) console.log(`   slowest files: ${slow.join(", ")}`);
  });
}
let clusterDone: Promise<unknown> = Promise.resolve();
if (e2e && built) {
  // Two processes on one PostgreSQL behind nginx (docs/benchmarks.md), in its short form.
  const pgBin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
  const hasNginx = spawnSync("sh", ["-c", "command -v nginx"]).status === 0;
  if (fs.existsSync(path.join(pgBin, "initdb")) && hasNginx)
    clusterDone = check(
      "two processes on one PostgreSQL (bench:cluster --short)",
      "node",
      ["scripts/bench-cluster.ts", "--short"],
      { printAfter: vitestDone },
    );
  else console.log("\n── bench:cluster: skipped (needs PostgreSQL 15 and nginx; .ci/run installs them)");
}
await Promise.all([vitestDone, clusterDone]);

if (e2e && built && site) {
  const out = path.join(tmp, "playwright.json");
  const { ok, line } = await site.ready();
  console.log(`\n── E2E site: ${line}`);
  if (ok) {
    // The ports are playwright.config.ts's to choose (free, and below the ephemeral range, for the site and
    // the operator specs' own servers) unless E2E_PORT is given; startE2eSite put them in this process's env.
    // With E2E_SERVER_STARTED Playwright starts no site of its own, not even if this one has gone.
    await run("playwright E2E (Chromium)", "npx", ["playwright", "test"], {
      live: true,
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_SERVER_STARTED: "1" },
    });
    countPlaywright(out);
    if (site.exited()) {
      console.log(`\n── E2E site: exited during the run (${site.how()}; its stderr follows)`);
      failures.push("E2E site");
      failed++;
    }
  } else {
    failures.push("E2E site");
    failed++;
  }
  await site.stop();
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nsteps: ${timings.join("; ")}; all ${seconds(runStarted)} s`);
if (excused.length) console.log(`quarantined (flaky, excused in tests/quarantine.ts): ${excused.join("; ")}`);
if (failures.length) console.log(`failed steps: ${failures.join(", ")}`);
const flakyNote = flaky.length ? `, ${flaky.length} flaky (${flaky.join("; ")})` : ", 0 flaky";
console.log(`\ntests: ${passed} passed, ${failed} failed${flakyNote}`);
process.exit(failures.length || failed || flaky.length ? 1 : 0);
