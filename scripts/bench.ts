/**
 * `npm run bench`: load and latency on a large generated catalogue, beside nginx serving the same HTML.
 *
 * 1. Builds when needed; makes a database with BENCH_COUNT (default 100000) generated templates in a
 *    temporary DATA_DIR (or reuses BENCH_DATA_DIR). BENCH_COUNT=1000000 works too: about an hour and
 *    8 GB to generate here (docs/benchmarks.md), and each server start waits for its first maintenance.
 * 2. Starts the production server twice (page cache off, then on) and nginx with the same HTML saved
 *    from the server; drives each with autocannon on loopback; with wrk, the page cache beside nginx and
 *    a bare Node server answering the same bytes (scripts/bench-bare.ts, the ceiling), in turns.
 * 3. Prints req/s and p50/p95/p99 per page, the ratio to static, the gzipped JS of the home page beside
 *    a bare React Router + React app built with the same packages (scripts/bench-js-floor.ts), and
 *    each page's HTML and loader data as served.
 * 4. Then search (scripts/bench-search.ts), billing (scripts/bench-billing.ts), operator uploads
 *    (scripts/bench-upload.ts), memory under a mixed load on PGlite and PostgreSQL (scripts/bench-memory.ts,
 *    BENCH_MEMORY_SECONDS), latency under a mixed load (scripts/bench-mixed.ts), uncached pages beside the
 *    commit BENCH_PAGES_BASE names (scripts/bench-pages.ts) and the operator's figures page at 100,000
 *    members and 1,000,000 downloads (scripts/bench-figures.ts); BENCH_SEARCH, BENCH_BILLING, BENCH_UPLOAD,
 *    BENCH_MEMORY, BENCH_MIXED, BENCH_PAGES or BENCH_FIGURES=off leaves one out.
 * Figures are ratios measured in one run: the machine is shared and noisy.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { deferredLinks } from "#app/lib/scripts-after-paint.server.ts";
import { fetcherData } from "#tests/fetcher.ts";
import { formBody } from "#tests/http.ts";
import { freePort, waitFor } from "#tests/net.ts";
import { homeJsFloor } from "./bench-js-floor.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const count = Number(process.env.BENCH_COUNT ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), `slidenest-bench-${count}`);

async function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "never",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  // A large catalogue takes longer to open, and the server's first maintenance (trending scores and
  // counts over every template, then every few minutes) holds PGlite's one connection: minutes at
  // 1,000,000 templates. Measure once it is done, not during it.
  await waitFor(`${base}/readyz`, count >= 500_000 ? 30 * 60_000 : 120_000);
  await settle(base);
  return { proc, base };
}

/** Waits until /readyz answers within 100 ms for 5 s in a row (the database is not busy), up to 30 min. */
async function settle(base: string): Promise<void> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - quietSince < 5_000 && Date.now() - started < 30 * 60_000) {
    const t = Date.now();
    const ok = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok || Date.now() - t > 100) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 250));
  }
  const waited = Date.now() - started - 5_000;
  if (waited > 2_000)
    console.log(`(server busy for ${(waited / 1000).toFixed(0)} s after start: its first maintenance)`);
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

type Result = { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

async function load(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Result> {
  const times: number[] = [];
  const instance = autocannon({
    url,
    duration,
    connections,
    headers: { "accept-encoding": "gzip", ...init.headers },
    ...(init.method ? { method: init.method } : {}),
    ...(init.body ? { body: init.body } : {}),
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const r = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : Number.NaN;
  return { rps: r.requests.average, p50: pct(50), p95: pct(95), p99: pct(99), errors: r.errors, non2xx: r.non2xx };
}

/** wrk on the system, when installed: the load the issue measures with (2 threads, 32 connections, no compression). */
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/** `wrk -t2 -c32 --latency` on a URL: requests per second and latency percentiles (ms). */
function wrkLoad(url: string, headers?: Record<string, string>): Result {
  const extra = Object.entries(headers ?? {}).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const r = spawnSync("wrk", ["-t2", "-c32", `-d${duration}s`, "--latency", ...extra, url], { encoding: "utf8" });
  const out = r.stdout ?? "";
  const ms = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    if (!m) return Number.NaN;
    return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: ms("50"),
    p95: ms("90"),
    p99: ms("99"),
    errors,
    non2xx,
  };
}

/** Of runs taken in turns with others, the one with the most requests per second. */
const best = (runs: Result[]): Result => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : ""}`;

/** nginx serving the HTML saved from the server (`/<name>` is `<name>.html`), gzip on, one worker per core. */
async function startNginx(): Promise<{ base: string; stop: () => void }> {
  const nginxPort = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-nginx-"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes auto; daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 1024; }
http { access_log off; gzip on; default_type text/html;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server { listen 127.0.0.1:${nginxPort}; root ${path.join(dataDir, "static")}; location / { try_files $uri.html =404; } } }
`,
  );
  const proc = spawn("nginx", ["-c", conf, "-p", prefix], { stdio: "inherit" });
  const base = `http://127.0.0.1:${nginxPort}`;
  await waitFor(`${base}/home`);
  return { base, stop: () => proc.kill("SIGQUIT") };
}

/** The ceiling: a bare Node http server answering the same bytes (scripts/bench-bare.ts). */
async function startBare(): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["scripts/bench-bare.ts", path.join(dataDir, "static"), String(port)], {
    cwd: root,
    stdio: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/home`);
  return { base, stop: () => proc.kill("SIGTERM") };
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  }
  if (!fs.existsSync(path.join(dataDir, "db"))) {
    console.log(`Generating ${count} templates into ${dataDir} …`);
    const t = Date.now();
    const r = spawnSync(process.execPath, ["scripts/generate-large-catalog.ts", String(count)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: "inherit",
    });
    if (r.status !== 0) process.exit(1);
    console.log(`catalogue: ${count} templates in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }

  const results: Record<string, Record<string, Result>> = {};
  let pages: Record<string, string> = {};

  for (const mode of ["uncached", "cached"] as const) {
    const { proc, base } = await startServer({ PAGE_CACHE: mode === "cached" ? "on" : "off" });
    try {
      if (!Object.keys(pages).length) {
        const html = await (await fetch(`${base}/`)).text();
        const slug = /href="\/template\/([a-z0-9-]+)"/.exec(html)?.[1];
        pages = { home: "/", category: "/business", template: `/template/${slug}` };
      }
      results[mode] = {};
      for (const [name, p] of Object.entries(pages)) {
        await load(`${base}${p}`); // warm up
        results[mode][name] = await load(`${base}${p}`);
        console.log(`${mode.padEnd(9)} ${name.padEnd(9)} ${fmt(results[mode][name])}`);
      }
      if (mode === "cached") {
        const html = await (await fetch(`${base}/`)).text();
        // Named in the head or, since ADR 0037, in the list the page adds after its first paint.
        const scripts = [
          ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
          ...deferredLinks(html).preloads,
        ];
        let gz = 0;
        for (const s of new Set(scripts))
          gz += zlib.gzipSync(Buffer.from(await (await fetch(`${base}${s}`)).arrayBuffer()), { level: 9 }).length;
        console.log(`home page JS: ${new Set(scripts).size} files, ${(gz / 1024).toFixed(1)} kB gzipped`);
        const floor = await homeJsFloor();
        console.log(
          `bare React Router + React app: ${(floor.gzipBytes / 1024).toFixed(1)} kB; SlideNest's home is ${((gz - floor.gzipBytes) / 1024).toFixed(1)} kB above it (goal: at most 12 kB)`,
        );
        // Page weight as served (no compression): the HTML and the loader data's inline script.
        for (const [name, p] of Object.entries(pages)) {
          const page = await (await fetch(`${base}${p}`)).text();
          const data = Math.max(
            0,
            ...[...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
              .map((m) => m[1])
              .filter((x) => x.includes("streamController.enqueue"))
              .map((x) => Buffer.byteLength(x)),
          );
          console.log(
            `page weight ${name.padEnd(9)} HTML ${(Buffer.byteLength(page) / 1000).toFixed(1)} kB, loader data ${(data / 1000).toFixed(1)} kB (goals for a 24-card list: 70 kB, 15 kB)`,
          );
        }
        // Save the same HTML for nginx.
        const staticDir = path.join(dataDir, "static");
        fs.mkdirSync(staticDir, { recursive: true });
        for (const [name, p] of Object.entries(pages))
          fs.writeFileSync(path.join(staticDir, `${name}.html`), await (await fetch(`${base}${p}`)).text());
      }
      if (mode === "cached" && hasWrk) {
        // The page cache beside nginx and a bare Node server answering the same bytes, in turns (two rounds
        // each, so a change in the machine's load falls on all three), without and with gzip.
        const nginx = await startNginx();
        const bare = await startBare();
        try {
          for (const gzip of [false, true]) {
            const suffix = gzip ? "Gzip" : "";
            const header = gzip ? { "accept-encoding": "gzip" } : undefined;
            for (const key of ["cachedWrk", "nginxWrk", "bareWrk"]) results[key + suffix] = {};
            for (const [name, p] of Object.entries(pages)) {
              const runs: Record<string, Result[]> = { cachedWrk: [], nginxWrk: [], bareWrk: [] };
              for (let round = 0; round < 2; round++) {
                runs.cachedWrk.push(wrkLoad(`${base}${p}`, header));
                runs.nginxWrk.push(wrkLoad(`${nginx.base}/${name}`, header));
                // The bare server does not compress: its figure is the ceiling of plain answers only.
                if (!gzip) runs.bareWrk.push(wrkLoad(`${bare.base}/${name}`));
              }
              for (const [key, list] of Object.entries(runs)) {
                if (!list.length) continue;
                results[key + suffix][name] = best(list);
                console.log(
                  `${key.replace("Wrk", "").padEnd(9)} ${name.padEnd(9)} ${fmt(results[key + suffix][name])}  (wrk -t2 -c32${gzip ? ", gzip" : ""}, best of ${list.length}, p90 as p95; runs ${list.map((r) => r.rps.toFixed(0)).join(" / ")})`,
                );
              }
            }
          }
        } finally {
          nginx.stop();
          bare.stop();
        }
      }
    } finally {
      await stop(proc);
    }
  }

  // Downloads: the grant (a transaction with locked counters, recorded) and the signed file address.
  {
    const { proc, base } = await startServer({ PAGE_CACHE: "on", RATE_LIMIT_SCALE: "100000" });
    try {
      const html = await (await fetch(`${base}/templates?license=free`)).text();
      const colorId = Number(/previews\/v1\/(\d+)\//.exec(html)?.[1]);
      // As the template page's download button asks: a fetcher's submission to the download route.
      const headers = { "content-type": "application/x-www-form-urlencoded", origin: base };
      const body = formBody({ colorId: String(colorId), format: "PP" });
      const first = await fetch(`${base}/downloads.data`, { method: "POST", headers, body });
      const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
      const { url } = (await fetcherData<{ url: string }>(first)) ?? { url: "" };
      results.downloads = {
        grant: await load(`${base}/downloads.data`, { method: "POST", body, headers: { ...headers, cookie } }),
        file: await load(`${base}${url}`),
      };
      console.log(
        `${"download".padEnd(9)} ${"grant".padEnd(9)} ${fmt(results.downloads.grant)}  (re-download: counted, recorded, no credit)`,
      );
      console.log(
        `${"download".padEnd(9)} ${"file".padEnd(9)} ${fmt(results.downloads.file)}  (signed address, ~100 kB .pptx)`,
      );
    } finally {
      await stop(proc);
    }
  }

  // nginx with the same HTML, gzip on, one worker per core.
  const nginx = await startNginx();
  results.nginx = {};
  try {
    for (const name of Object.keys(pages)) {
      await load(`${nginx.base}/${name}`);
      results.nginx[name] = await load(`${nginx.base}/${name}`);
      console.log(`${"nginx".padEnd(9)} ${name.padEnd(9)} ${fmt(results.nginx[name])}`);
    }
  } finally {
    nginx.stop();
  }

  console.log(
    `\nRatios to nginx serving the same HTML (${count} templates, ${connections} connections, ${duration} s each):`,
  );
  for (const name of Object.keys(pages)) {
    const s = results.nginx[name].rps;
    console.log(
      `${name.padEnd(9)} cached ${((results.cached[name].rps / s) * 100).toFixed(1)}% of static, uncached ${((results.uncached[name].rps / s) * 100).toFixed(2)}% of static`,
    );
  }
  if (results.cachedWrk && results.nginxWrk) {
    console.log(
      "\nFrom the page cache beside nginx and a bare Node server (the ceiling), wrk -t2 -c32, same minutes, in turns:",
    );
    const pct = (a: Result, b: Result) => `${((a.rps / b.rps) * 100).toFixed(1)}%`;
    for (const name of Object.keys(pages)) {
      const [c, n, b] = [results.cachedWrk[name], results.nginxWrk[name], results.bareWrk[name]];
      console.log(
        `${name.padEnd(9)} plain: cache ${c.rps.toFixed(0)}, nginx ${n.rps.toFixed(0)}, bare Node ${b.rps.toFixed(0)} req/s: cache ${pct(c, n)} of nginx, ${pct(c, b)} of bare Node (bare Node ${pct(b, n)} of nginx)`,
      );
      const [cg, ng] = [results.cachedWrkGzip?.[name], results.nginxWrkGzip?.[name]];
      if (cg && ng)
        console.log(
          `${"".padEnd(9)} gzip:  cache ${cg.rps.toFixed(0)}, nginx ${ng.rps.toFixed(0)} req/s: cache ${pct(cg, ng)} of nginx`,
        );
    }
  }
  if (process.env.BENCH_SEARCH !== "off" && fs.existsSync(path.join(root, "scripts/bench-search.ts"))) {
    spawnSync(process.execPath, ["scripts/bench-search.ts"], {
      cwd: root,
      // Past 500,000 templates the search bench uses the catalogue in place (the servers above already
      // wrote to it) instead of copying gigabytes.
      env: {
        ...process.env,
        BENCH_DATA_DIR: dataDir,
        ...(count >= 500_000 && !process.env.BENCH_SEARCH_DIR ? { BENCH_SEARCH_DIR: "same" } : {}),
      },
      stdio: "inherit",
    });
  }
  if (process.env.BENCH_BILLING !== "off")
    spawnSync(process.execPath, ["scripts/bench-billing.ts"], { cwd: root, env: process.env, stdio: "inherit" });
  // Operator uploads (issue 20): upload to ready previews for 8 and 60 slides, memory during a 100 MB upload.
  if (process.env.BENCH_UPLOAD !== "off")
    spawnSync(process.execPath, ["scripts/bench-upload.ts"], { cwd: root, env: process.env, stdio: "inherit" });
  // Issue 24: each process's memory after start, warm-up and a mixed load (PGlite and PostgreSQL), and the
  // latency of a mixed load (closed loop at 32 connections, then a fixed rate).
  if (process.env.BENCH_MEMORY !== "off")
    spawnSync(process.execPath, ["scripts/bench-memory.ts"], { cwd: root, env: process.env, stdio: "inherit" });
  if (process.env.BENCH_MIXED !== "off")
    spawnSync(process.execPath, ["scripts/bench-mixed.ts"], { cwd: root, env: process.env, stdio: "inherit" });
  // Issue 24: uncached pages (a category, a template, home, the blog, a member's category page) beside
  // another commit's, alternating (BENCH_PAGES_BASE=<git ref>; without it, this checkout's figures alone).
  if (process.env.BENCH_PAGES !== "off")
    spawnSync(process.execPath, ["scripts/bench-pages.ts"], { cwd: root, env: process.env, stdio: "inherit" });
  // The operator's figures page (issue 23): p95 over many requests per period, from the daily figures.
  if (process.env.BENCH_FIGURES !== "off")
    spawnSync(process.execPath, ["scripts/bench-figures.ts"], { cwd: root, env: process.env, stdio: "inherit" });
}

await main();
