/**
 * `node scripts/bench-pages.ts [--base=<git ref>]` (also run by `npm run bench` when BENCH_PAGES_BASE is
 * set): uncached pages (PAGE_CACHE=off) of this checkout beside another commit's, in one run, on the demo
 * catalogue in PGlite, measured from outside with wrk: requests per second at 32 connections
 * (`wrk -t2 -c32`) and the median at one (`-c1`), alternating the two servers page by page, twice.
 *
 * Pages: a category, a template page, the home page, the blog's list, and a signed-in member's category
 * page (the demo account free@demo.slidenest.test, with interests chosen, so the interests dialog is not
 * drawn). The base commit is built in a temporary worktree with this checkout's node_modules; each server
 * seeds its own demo data in a temporary folder (the demo catalogue is the same for a given code).
 * Prints each figure, the medians and the ratios (this checkout / base); the ratios are the figure to
 * quote (issue 24): the machine is shared and noisy. Needs wrk on PATH.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitFor } from "#tests/net.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const baseRef = arg("base") ?? process.env.BENCH_PAGES_BASE;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const DEMO_LOGIN = { login: "free@demo.slidenest.test", password: "Demo-pass-2026!" };

type Side = { name: string; dir: string; proc?: ChildProcess; base?: string; cookie?: string };

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}`);
}

/** A worktree of `ref` with this checkout's packages, built. */
function prepareBase(ref: string): string {
  const sha = spawnSync("git", ["rev-parse", "--short", ref], { cwd: root, encoding: "utf8" }).stdout.trim();
  if (!sha) throw new Error(`unknown git ref ${ref}`);
  const dir = path.join(os.tmpdir(), `slidenest-base-${sha}`);
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    spawnSync("git", ["worktree", "prune"], { cwd: root });
    run("git", ["worktree", "add", "--detach", "--force", dir, sha], root);
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    run("npx", ["react-router", "build"], dir);
  }
  return dir;
}

async function start(side: Side): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `slidenest-pages-${side.name}-`));
  side.proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: side.dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PAGE_CACHE: "off",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  side.base = `http://127.0.0.1:${port}`;
  await waitFor(`${side.base}/readyz`, 300_000);
  // Let the first maintenance (counts, trending) finish before measuring.
  await new Promise((r) => setTimeout(r, 8_000));
}

/** Signs in as the demo member (as the log-in form does) and chooses two interests. */
async function signIn(side: Side): Promise<void> {
  const res = await fetch(`${side.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: side.base ?? "" },
    body: new URLSearchParams({ ...DEMO_LOGIN, redirect: "" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("apollo-token=")) throw new Error(`${side.name}: signing in failed (${res.status})`);
  side.cookie = cookie;
  const form = new URLSearchParams([
    ["intent", "interests"],
    ["tagIds", "1"],
    ["tagIds", "5"],
  ]);
  await fetch(`${side.base}/profile/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: side.base ?? "", cookie },
    body: form,
  });
}

function wrk(url: string, connections: number, secs: number, cookie?: string) {
  const args = [`-t${connections > 1 ? 2 : 1}`, `-c${connections}`, `-d${secs}s`, "--latency"];
  if (cookie) args.push("-H", `Cookie: ${cookie}`);
  const out = spawnSync("wrk", [...args, url], { encoding: "utf8" }).stdout ?? "";
  const m = /^\s*50%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const p50 = m ? Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1) : Number.NaN;
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN), p50, bad };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  if (spawnSync("wrk", ["--version"]).error) {
    console.log("bench-pages: wrk is not installed; skipped");
    return;
  }
  const sides: Side[] = [{ name: "now", dir: root }];
  if (baseRef) sides.unshift({ name: `base ${baseRef}`, dir: prepareBase(baseRef) });
  try {
    for (const side of sides) await start(side);
    const first = sides[sides.length - 1];
    const home = await (await fetch(`${first.base}/`)).text();
    const template = /href="(\/template\/[a-z0-9-]+)"/.exec(home)?.[1] ?? "/templates";
    const pages: { name: string; path: string; member?: boolean }[] = [
      { name: "category", path: "/business" },
      { name: "template", path: template },
      { name: "home", path: "/" },
      { name: "blog", path: "/blog" },
      { name: "member category", path: "/business", member: true },
    ];
    const figures = new Map<string, { rps: number[]; p50: number[] }>();
    for (const page of pages) {
      // A fresh session for each page: access tokens last 15 minutes, and an expired one would measure
      // the refresh path instead.
      if (page.member) for (const side of sides) await signIn(side);
      for (const side of sides) wrk(`${side.base}${page.path}`, 8, 2, page.member ? side.cookie : undefined);
      for (let round = 0; round < 2; round++)
        for (const side of sides) {
          const url = `${side.base}${page.path}`;
          const cookie = page.member ? side.cookie : undefined;
          const load = wrk(url, 32, seconds, cookie);
          const one = wrk(url, 1, Math.max(2, seconds / 2), cookie);
          const key = `${page.name}|${side.name}`;
          const f = figures.get(key) ?? { rps: [], p50: [] };
          f.rps.push(load.rps);
          f.p50.push(one.p50);
          figures.set(key, f);
          console.log(
            `${page.name.padEnd(16)} ${side.name.padEnd(22)} ${load.rps.toFixed(1).padStart(8)} req/s  p50 ${one.p50.toFixed(2)} ms${load.bad || one.bad ? `  (${load.bad + one.bad} non-2xx)` : ""}`,
          );
        }
    }
    console.log(`\nUncached pages, medians of two runs each (wrk -t2 -c32 -d${seconds}s; p50 at one connection):`);
    console.log(`| page | ${sides.map((s) => `${s.name} req/s, p50`).join(" | ")} |${baseRef ? " now / base |" : ""}`);
    for (const page of pages) {
      const cells = sides.map((s) => {
        const f = figures.get(`${page.name}|${s.name}`);
        return f ? `${median(f.rps).toFixed(0)}, ${median(f.p50).toFixed(2)} ms` : "";
      });
      let ratio = "";
      if (baseRef) {
        const b = figures.get(`${page.name}|${sides[0].name}`);
        const n = figures.get(`${page.name}|now`);
        if (b && n)
          ratio = ` ${(median(n.rps) / median(b.rps)).toFixed(2)}x req/s, p50 ${(median(n.p50) / median(b.p50)).toFixed(2)}x |`;
      }
      console.log(`| ${page.name} | ${cells.join(" | ")} |${ratio}`);
    }
    for (const side of sides) {
      const guest = figures.get(`category|${side.name}`);
      const member = figures.get(`member category|${side.name}`);
      if (guest && member)
        console.log(
          `${side.name}: a member's category page at ${(median(guest.rps) / median(member.rps)).toFixed(2)}x the guest's time by req/s, ${(median(member.p50) / median(guest.p50)).toFixed(2)}x by p50 (goal: within 1.3x)`,
        );
    }
  } finally {
    for (const side of sides) side.proc?.kill("SIGTERM");
  }
}

await main();
