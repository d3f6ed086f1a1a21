/**
 * `node scripts/bench-memory.ts` (run by `npm run bench`): each server process's resident memory after
 * start, after a warm-up and at the end of a mixed load (anonymous pages with made-up filters, searches,
 * a member's pages, downloads: scripts/bench-load.ts), on PGlite and on a PostgreSQL 15 of its own.
 *
 * BENCH_MEMORY_SECONDS: the load's length (default 600); BENCH_MEMORY_WARM_SECONDS: the warm-up (60);
 * BENCH_MEMORY_CONNECTIONS (16); BENCH_MEMORY_DATABASES: `pglite,postgres` (default) or one of them;
 * BENCH_MEMORY_DATA_DIR: a PGlite DATA_DIR to use (default: a new one with the demo catalogue);
 * BENCH_MEMORY_SNAPSHOT: a folder for a heap snapshot of each server 30 s after the load (after a full
 * collection, once the figures are read), `<database>.heapsnapshot` (summed up by `node scripts/heap-summary.ts <file>`).
 * Besides the resident size it prints where the memory is (V8's heap, buffers, PGlite's WebAssembly
 * memory), read inside the process by scripts/bench-memory-probe.ts, and by kind of mapping
 * (scripts/bench-memory-maps.ts: files, malloc's heaps, thread stacks, V8's pages).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import {
  ensureMember,
  mixedLoad,
  residentMb,
  root,
  type Server,
  seededPostgres,
  signIn,
  startServer,
} from "./bench-load.ts";
import { describeMaps, processMaps } from "./bench-memory-maps.ts";

const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 600);
const warmSeconds = Number(process.env.BENCH_MEMORY_WARM_SECONDS ?? 60);
const connections = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 16);
const databases = (process.env.BENCH_MEMORY_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim());

type Probe = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
  spaces: Record<string, number>;
  heapUsedAfterGc: number | null;
  arrayBuffersAfterGc: number | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the server's memory is now (scripts/bench-memory-probe.ts answers SIGUSR2). */
async function probe(server: Server, file: string): Promise<Probe | null> {
  fs.rmSync(file, { force: true });
  process.kill(server.pid, "SIGUSR2");
  for (let i = 0; i < 50 && !fs.existsSync(file); i++) await sleep(100);
  await sleep(50);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Probe;
  } catch {
    return null;
  }
}

const line = (label: string, pid: number, p: Probe | null) => {
  const { rss, peak } = residentMb(pid);
  const inside = p
    ? `  (V8 heap ${p.heapUsed.toFixed(0)} used of ${p.heapTotal.toFixed(0)}, buffers ${p.arrayBuffers.toFixed(0)}, external ${p.external.toFixed(0)}, WebAssembly ${p.wasm.toFixed(0)}, old space ${p.spaces.old_space ?? "?"}, new space ${p.spaces.new_space ?? "?"}${p.heapUsedAfterGc !== null ? `; after a full collection: heap ${p.heapUsedAfterGc}, buffers ${p.arrayBuffersAfterGc}` : ""})`
    : "";
  const maps = processMaps(pid);
  console.log(
    `  ${label.padEnd(24)} RSS ${rss.toFixed(0).padStart(5)} MB, peak ${peak.toFixed(0).padStart(5)} MB${inside}`,
  );
  if (maps) console.log(`  ${"".padEnd(24)} by mapping: ${describeMaps(maps)}`);
  return rss;
};

/** Runs the mixed load for `secs`, sampling the resident size every 10 s; the samples and the totals. */
async function load(server: Server, cookie: string, secs: number, unique: boolean) {
  const mix = await mixedLoad(server.base, cookie, { unique });
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentMb(server.pid).rss), 10_000);
  const r = await autocannon({
    url: server.base,
    connections,
    duration: secs,
    requests: mix.requests as unknown as Request[],
  });
  clearInterval(timer);
  return { samples, requests: r.requests.total, rps: r.requests.average, errors: r.errors, non2xx: r.non2xx };
}

async function measure(database: string) {
  const probeFile = path.join(os.tmpdir(), `slidenest-memory-probe-${process.pid}.json`);
  const probeArgs = ["--import", path.join(root, "scripts/bench-memory-probe.ts")];
  let env: Record<string, string>;
  let stopDatabase = () => {};
  console.log(`\n${database}: starting (demo catalogue, ${connections} connections, mixed load)`);
  if (database === "postgres") {
    const pg = await seededPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-memory-pg-files-")));
    stopDatabase = pg.stop;
    env = pg.env;
  } else {
    const dataDir = process.env.BENCH_MEMORY_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-memory-"));
    // The member is made first; the server then seeds the demo catalogue beside it (an empty catalogue).
    await ensureMember({ dataDir: path.join(dataDir, "db") });
    env = { DATA_DIR: dataDir };
    // A first start migrates and seeds the demo catalogue (previews drawn, the search index built); what is
    // measured is a process started on that database, as every later start is. The seeded project templates'
    // previews, drawn by the job queue once the server is ready, may still be drawn by the measured process:
    // PGlite's database cannot be read from here while its server holds it (on PostgreSQL, seededPostgres
    // waits for them).
    await (await startServer(env)).stop();
  }
  const snapshotDir = process.env.BENCH_MEMORY_SNAPSHOT;
  const snapshot = snapshotDir ? path.join(path.resolve(snapshotDir), `${database}.heapsnapshot`) : "";
  if (snapshot) {
    fs.mkdirSync(path.dirname(snapshot), { recursive: true });
    for (const f of [snapshot, `${snapshot}.wanted`, `${snapshot}.part`]) fs.rmSync(f, { force: true });
  }
  let server = await startServer(
    { ...env, BENCH_MEMORY_PROBE: probeFile, ...(snapshot ? { BENCH_MEMORY_SNAPSHOT: snapshot } : {}) },
    probeArgs,
  );
  try {
    // Let the first maintenance (trending, counts) and the job queue's first rounds pass.
    await sleep(10_000);
    const started = line("after start", server.pid, await probe(server, probeFile));
    const cookie = await signIn(server.base);
    // The warm-up is the load itself, made-up addresses included: the caches reach their bounds in it, so
    // what grows after it is not a cache filling (bounded) but memory that is not given back.
    const warm = await load(server, cookie, warmSeconds, true);
    await sleep(2_000);
    const warmed = line(`after ${warmSeconds} s warm-up`, server.pid, await probe(server, probeFile));
    const run = await load(server, cookie, seconds, true);
    const ended = line(`after ${seconds} s of load`, server.pid, await probe(server, probeFile));
    await sleep(30_000);
    const rested = line("30 s later, idle", server.pid, await probe(server, probeFile));
    if (snapshot) {
      // Asked for after the figures are read (writing it takes memory and time). The process writes it
      // under another name until it is whole.
      fs.writeFileSync(`${snapshot}.wanted`, "");
      await probe(server, probeFile);
      for (let i = 0; i < 1200 && !fs.existsSync(snapshot); i++) await sleep(100);
      console.log(`  heap snapshot (30 s after the load): ${fs.existsSync(snapshot) ? snapshot : "not written"}`);
    }
    const highest = Math.max(...run.samples);
    const third = Math.max(1, Math.floor(run.samples.length / 3));
    const firstThird = run.samples.slice(0, third);
    const lastThird = run.samples.slice(-third);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `  load: ${run.requests} requests (${run.rps.toFixed(0)}/s), ${run.errors} errors, ${run.non2xx} non-2xx; warm-up ${warm.requests} requests`,
    );
    console.log(
      `  RSS during the load: highest ${highest.toFixed(0)} MB; first third ${avg(firstThird).toFixed(0)} MB, last third ${avg(lastThird).toFixed(0)} MB (growth after warm-up: ${(avg(lastThird) - avg(firstThird)).toFixed(0)} MB)`,
    );
    // Each minute's last sample: whether the growth levels off over a long run.
    const minutes = run.samples.filter((_, i) => i % 6 === 5).map((mb) => mb.toFixed(0));
    console.log(`  RSS at each minute of the load (MB): ${minutes.join(" ")}`);
    console.log(
      `  summary ${database}: start ${started.toFixed(0)} MB, warm ${warmed.toFixed(0)} MB, end ${ended.toFixed(0)} MB, idle ${rested.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
    server = undefined as unknown as Server;
    stopDatabase();
    fs.rmSync(probeFile, { force: true });
  }
}

for (const database of databases) await measure(database);
