/**
 * What the memory and mixed-load benchmarks share (scripts/bench-memory.ts, scripts/bench-mixed.ts): a
 * production server on PGlite or on a PostgreSQL 15 of their own, a member signed in, and a mixed load of
 * anonymous pages, searches, signed-in pages and downloads for autocannon.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formBody } from "#tests/http.ts";
import { freePort, waitFor } from "#tests/net.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The tree whose server is measured: this one, or BENCH_SERVER_ROOT (another build, for a before/after). */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const isRoot = process.getuid?.() === 0;

/** The member the load signs in as (made by the benchmark when missing). */
export const MEMBER = { login: "bench-load@example.com", username: "bench-load", password: "Bench-load-2026!" };

/** Runs a PostgreSQL tool, as user postgres when we are root (PostgreSQL refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const cmd = isRoot ? "runuser" : path.join(PG_BIN, tool);
  const full = isRoot ? ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args] : args;
  const r = spawnSync(cmd, full, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

/** What this process started and has not stopped yet: PostgreSQL servers, the site's processes. */
const running = new Set<() => void>();
let stopOnExit = false;

/**
 * Stops whatever this process started when it ends without having stopped it: an exception, a server of
 * the benchmark that died, Ctrl-C or a SIGTERM (a benchmark left PostgreSQL and servers running before).
 */
function stopAllOnExit() {
  if (stopOnExit) return;
  stopOnExit = true;
  process.on("exit", () => {
    for (const stop of [...running]) stop();
  });
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.once(signal, () => process.exit(code));
}

/**
 * A PostgreSQL 15 in a temporary folder on a free loopback port; `stop` ends it and removes the folder
 * (and so does this process's end, if nothing else did).
 */
export async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-bench-pg-"));
  if (isRoot) spawnSync("chown", ["postgres", dir]);
  const port = await freePort();
  pgTool("initdb", ["-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=100`;
  pgTool("pg_ctl", ["-D", `${dir}/data`, "-l", `${dir}/log`, "-w", "-o", opts, "start"]);
  const stop = () => {
    running.delete(stop);
    try {
      pgTool("pg_ctl", ["-D", `${dir}/data`, "-m", "fast", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  running.add(stop);
  stopAllOnExit();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

export type Server = { proc: ChildProcess; pid: number; base: string; stop: () => Promise<void> };

/**
 * The flags `npm start` gives node (package.json): the collector callable (modules/shared/memory.ts), a
 * young generation of 8 MB a half (node 24's default grows it to 64 MB a half: 112 MB more resident; 16 MB
 * a half: 25 MB more at the end of a 150 s load for about 2% more uncached pages a second, docs/benchmarks.md
 * "Session 19"), an old generation that grows by a quarter over what the last full collection left
 * (`--heap-growing-percent=25`, ADR 0040: 5-7 MB of growth after the warm-up instead of 11-16), and
 * an old generation of at most 512 MB (MAX_OLD_SPACE_MB), which also keeps V8 from growing it to four
 * times what is live (docs/benchmarks.md, "Memory").
 * BENCH_START_FLAGS replaces them (a before/after with another tree's flags).
 */
export const START_FLAGS = (
  process.env.BENCH_START_FLAGS ??
  "--expose-gc --max-semi-space-size=8 --heap-growing-percent=25 --max-old-space-size=512"
)
  .split(" ")
  .filter(Boolean);

/**
 * The environment `npm start` gives node (package.json): glibc's malloc kept to two arenas, and blocks of
 * 32 kB and more mapped and given back on free (a page's buffers, zlib's windows: between long-lived blocks
 * in the heap, their freed memory stayed resident), with free memory at the heap's top returned past 128 kB
 * (docs/benchmarks.md, "Memory"). BENCH_START_ENV replaces it (`NAME=value` words; empty for none).
 */
export const START_ENV: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_START_ENV ?? "MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=131072")
    .split(" ")
    .filter(Boolean)
    .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
);

/**
 * The production server (server/main.ts, with `npm start`'s flags) with the demo catalogue (seeded on first start), the limits
 * raised so they do not shape the load, and `env` on top; waits for /readyz.
 */
export async function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, [...START_FLAGS, ...nodeArgs, "server/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      RATE_LIMIT_SCALE: "100000",
      SIGNING_SECRET: randomBytes(24).toString("hex"),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Killed with this process if nothing stopped it first (a benchmark that throws).
  const kill = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  };
  running.add(kill);
  stopAllOnExit();
  proc.once("exit", () => running.delete(kill));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`, 300_000);
  return {
    proc,
    pid: proc.pid ?? 0,
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Makes the benchmark's member in the database (verified, FREE) unless it exists. */
export async function ensureMember(opts: { url?: string; dataDir?: string }): Promise<void> {
  const { openDatabase } = await import("#db/client.server.ts");
  const { createVerifiedAccount } = await import("#modules/accounts/service.ts");
  const { systemClock } = await import("#modules/shared/context.ts");
  const { sql } = await import("drizzle-orm");
  const database = await openDatabase(opts.url ? { url: opts.url } : { dataDir: opts.dataDir });
  try {
    await database.migrate();
    const found = await database.rows(sql`select 1 from account where email = ${MEMBER.login}`);
    if (!found.length)
      await createVerifiedAccount(
        { db: database.db, clock: systemClock },
        { email: MEMBER.login, username: MEMBER.username, name: "Bench Load", password: MEMBER.password },
      );
  } finally {
    await database.close();
  }
}

/**
 * Waits until no template version is waiting for its previews or being drawn: the project's own templates
 * are seeded as versions that the job queue draws (sharp, libvips' threads and caches) after the server is
 * ready. Stopped before that, the measured start would do the seed's work (about 30 MB more at start).
 */
async function previewsDrawn(url: string, timeoutMs = 300_000): Promise<void> {
  const { openDatabase } = await import("#db/client.server.ts");
  const { sql } = await import("drizzle-orm");
  const database = await openDatabase({ url });
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from template_version where state in ('queued', 'rendering')`,
      );
      if (!row?.n) return;
      if (Date.now() > until) throw new Error(`${row.n} template versions still without previews`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await database.close();
  }
}

/**
 * A PostgreSQL 15 of its own with the demo catalogue and the demo member: a first server start migrates and
 * seeds it (previews drawn, the search index built), then stops once the seeded templates' previews are
 * drawn; what is measured is a later start on it.
 * The environment a server needs for it (DATA_DIR for its files) and how to stop the database.
 */
export async function seededPostgres(dataDir: string): Promise<{ env: Record<string, string>; stop: () => void }> {
  const pg = await startPostgres();
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
  try {
    const first = await startServer(env);
    try {
      await ensureMember({ url: pg.url });
      await previewsDrawn(pg.url);
    } finally {
      await first.stop();
    }
  } catch (error) {
    pg.stop();
    throw error;
  }
  return { env, stop: pg.stop };
}

/** Signs in through the log-in form as a browser would; the Cookie header of the session. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
    },
    body: new URLSearchParams({ login: MEMBER.login, password: MEMBER.password, redirect: "" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => /^[^=]+=./.test(c))
    .join("; ");
  if (!cookie.includes("apollo-token=")) throw new Error(`signing in as ${MEMBER.login} failed (${res.status})`);
  return cookie;
}

/** A request of the mix, as autocannon's `requests` takes it. */
type MixRequest = { method?: string; path: string; headers?: Record<string, string>; body?: string };
/** autocannon's per-connection context: when this connection's request was sent. */
type Context = { sentAt?: number };
export type Mix = {
  /** One round of the mix for a connection; each request chooses its address when it is sent. */
  requests: {
    setupRequest: (req: MixRequest, context: Context) => MixRequest;
    onResponse: (status: number, body: string, context: Context) => void;
  }[];
  /** Latencies (ms) and statuses by kind of request: page, search, member, download, data. */
  byKind: Map<string, { ms: number[]; failed: number; redirected: number }>;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const WORDS = ["business", "pitch", "report", "modern", "education", "marketing", "plan", "finance", "minimal", "bold"];

/**
 * The mixed load: of ten requests, four anonymous pages (home, categories, their later pages and made-up
 * filters, templates, in both languages), two searches (a word and a random suffix), two pages of the
 * signed-in member, one download grant (a guest's re-download: counted and recorded), one page's data.
 * `unique` makes anonymous addresses vary without end (new filter values), as crawlers do: the caches'
 * bounds are what holds memory then.
 */
export async function mixedLoad(base: string, cookie: string, opts: { unique: boolean }): Promise<Mix> {
  const home = await (await fetch(`${base}/`)).text();
  const listing = await (await fetch(`${base}/templates?license=free`)).text();
  const slugs = [...new Set([...(home + listing).matchAll(/href="\/template\/([a-z0-9-]+)"/g)].map((m) => m[1]))];
  const categories = [...new Set([...home.matchAll(/href="\/([a-z-]+)"/g)].map((m) => m[1]))].filter(
    (c) =>
      ![
        ...["login", "signup", "blog", "pricing", "search", "templates", "latest", "trending", "es", "faq", "license"],
        ...["contact-us", "cookie-policy", "privacy-policy", "terms-conditions"],
      ].includes(c),
  );
  const colorId = Number(/previews\/v1\/(\d+)\//.exec(listing)?.[1]);
  if (!slugs.length || !colorId) throw new Error("no templates found on the home page");
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: base };
  const body = formBody({ colorId: String(colorId), format: "PP" });
  const first = await fetch(`${base}/downloads.data`, { method: "POST", headers, body });
  const guest = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const rand = () => Math.random().toString(36).slice(2, 8);
  const anonymous = (): string => {
    const lang = Math.random() < 0.3 ? "/es" : "";
    const r = Math.random();
    if (r < 0.15) return lang || "/";
    if (r < 0.4) return `${lang}/${pick(categories.length ? categories : ["business"])}`;
    if (r < 0.55) return `${lang}/templates?page=${1 + Math.floor(Math.random() * 3)}`;
    if (r < 0.65) return opts.unique ? `${lang}/templates?style=${rand()}` : `${lang}/templates?license=free`;
    if (r < 0.7) return `${lang}/blog`;
    return `${lang}/template/${pick(slugs)}`;
  };
  const search = () => `${Math.random() < 0.3 ? "/es" : ""}/search?q=${pick(WORDS)}${opts.unique ? `+${rand()}` : ""}`;
  const member = () => pick(["/profile", "/profile/downloads", "/business", `/template/${pick(slugs)}`, "/"]);
  const get =
    (choose: () => string, memberCookie = false) =>
    (req: MixRequest): MixRequest => ({
      ...req,
      method: "GET",
      path: choose(),
      headers: { "accept-encoding": "gzip", ...(memberCookie ? { cookie } : {}) },
    });
  const kinds = ["page", "page", "search", "member", "page", "page", "search", "member", "download", "data"];
  const byKind = new Map(kinds.map((k) => [k, { ms: [] as number[], failed: 0, redirected: 0 }]));
  const choose: Record<string, (req: MixRequest) => MixRequest> = {
    page: get(anonymous),
    search: get(search),
    member: get(member, true),
    data: get(() => `/${pick(categories.length ? categories : ["business"])}.data`),
    download: (req) => ({
      ...req,
      method: "POST",
      path: "/downloads.data",
      headers: { ...headers, cookie: guest },
      body,
    }),
  };
  const requests = kinds.map((kind) => ({
    setupRequest: (req: MixRequest, context: Context) => {
      context.sentAt = performance.now();
      return choose[kind](req);
    },
    onResponse: (status: number, _body: string, context: Context) => {
      const seen = byKind.get(kind);
      if (!seen) return;
      if (context.sentAt !== undefined) seen.ms.push(performance.now() - context.sentAt);
      if (status >= 400) seen.failed++;
      else if (status >= 300) seen.redirected++;
    },
  }));
  return { requests, byKind };
}

/** The p-th percentile of some latencies (ms). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The resident memory of a process, in MB (VmRSS), and its peak (VmHWM). */
export function residentMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}
