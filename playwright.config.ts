import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * `count` different TCP ports free on loopback now, below the system's ephemeral range (tests/net.ts
 * freePorts), found in a child process so that this file stays synchronous (the config is read by the
 * runner and again by each worker).
 */
function freePorts(count: number): number[] {
  const net = new URL("./tests/net.ts", import.meta.url).href;
  const out = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { freePorts } = await import(${JSON.stringify(net)}); console.log((await freePorts(${count})).join(" "));`,
    ],
    { encoding: "utf8" },
  );
  const ports = out.stdout.trim().split(" ").map(Number);
  if (out.status !== 0 || ports.length !== count || !ports.every((p) => p > 0))
    throw new Error(`no free ports: ${out.stderr || out.stdout}`);
  return ports;
}

// Each run takes ports of its own, so two runs on one machine do not meet (E2E_PORT picks them by hand:
// the operator specs' servers then use E2E_PORT + 47, + 53 and + 59). The runner chooses once; its workers
// inherit the choice through the environment.
if (!process.env.E2E_PORT) {
  const [site, operator, upload, desk] = freePorts(4);
  process.env.E2E_PORT = String(site);
  process.env.E2E_OPERATOR_PORT = String(operator);
  process.env.E2E_UPLOAD_PORT = String(upload);
  process.env.E2E_DESK_PORT = String(desk);
}
const port = Number(process.env.E2E_PORT);
// Chosen by the runner, inherited by its workers (the operator specs keep a migrated base beside it).
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `slidenest-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Debian's Chromium with the flags this network needs; never a browser download of the test tool's own.
 * Its headless shell (`chromium-headless-shell`, the same build without the browser's window and UI, as
 * Playwright itself runs headless Chromium) when installed: the suite then takes 184 s instead of 253 s
 * and a third less CPU (docs/decisions/0041-e2e-in-the-headless-shell.md). CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * The site the specs run against: the production server on a fresh embedded database. Playwright starts it
 * (webServer below) unless E2E_SERVER_STARTED=1 says it answers at `url` already: `npm test` starts it
 * itself, beside the Vitest run, so that its start (migrations, the demo catalogue) is not waited for.
 */
export const e2eServer = {
  // A core file allowed, node exec'd in the shell's place: a native fault leaves a stack (tests/crash.ts).
  command: `ulimit -c unlimited 2>/dev/null; rm -rf ${dataDir} && exec node server/main.ts`,
  url: `http://127.0.0.1:${port}/readyz`,
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Links in e-mails point here, the address the browser uses (cookies are per host).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    // As behind a proxy on this machine: a test can speak for other clients (X-Forwarded-For), while the
    // browser's own requests carry no such header and stay this machine's (demo mode answers them).
    TRUST_PROXY: "127.0.0.1, ::1",
    // Every spec signs up and logs in from this one address, two workers at once: the budget per address
    // (RATE_LIMITS.auth, meant for one person) ran out mid-suite ("Too many attempts", a flaky sign-up).
    // The limits themselves are tested in Vitest (server/auth.test.ts and others).
    RATE_LIMIT_SCALE: "5",
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "en-US",
    trace: "off",
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch },
      testIgnore: /responsive\.spec\.ts/,
    },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions: chromiumLaunch }, testMatch: /responsive\.spec\.ts/ },
  ],
  // Started here unless `npm test` has started it (E2E_SERVER_STARTED=1): then none of Playwright's own, even
  // if that one has gone (its tests fail, and `npm test` says the site exited).
  webServer:
    process.env.E2E_SERVER_STARTED === "1"
      ? undefined
      : { ...e2eServer, timeout: 180_000, reuseExistingServer: false, stdout: "ignore", stderr: "pipe" },
});
