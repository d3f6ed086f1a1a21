/**
 * `node scripts/bench-mixed.ts` (run by `npm run bench`): latency under a mixed load (scripts/bench-load.ts:
 * anonymous pages, searches, a signed-in member's pages, download grants) with autocannon, on PGlite.
 *
 * 1. Closed loop: BENCH_MIXED_CONNECTIONS (32) connections for BENCH_MIXED_SECONDS (60): each sends its
 *    next request when the last is answered, so the mean latency is connections / throughput.
 * 2. Open loop: the same mix at a fixed offered rate (BENCH_MIXED_RATE requests per second, default half
 *    the closed loop's throughput), where the latency is the server's own and not the queue the load makes.
 *    Requests leave evenly spaced (one every 1000 / rate ms, on up to BENCH_MIXED_CONNECTIONS kept-alive
 *    connections) and each latency counts from when its request was due, not from when it left, so a
 *    stall is not hidden by the requests it delayed. (autocannon's own rate option sends each second's
 *    requests at once, at the start of the second: its latencies were mostly that burst's queue.) It
 *    starts BENCH_MIXED_SETTLE (15) seconds after the closed loop, once the server has done what the
 *    overload left it (its latencies were 37-82 ms stalls for about 10 s after it, then none).
 * BENCH_MIXED_CLOSED=off with a BENCH_MIXED_RATE runs the open loop alone; BENCH_MIXED_SLOW_LOG names a file
 * that gets a line for each of its requests slower than 50 ms (when it was due, its latency, the request).
 * Prints throughput, p50/p90/p99 and errors overall and per kind. BENCH_MIXED_URL measures a server
 * already running (its member must exist: scripts/bench-load.ts MEMBER); else one is started on a new
 * DATA_DIR with the demo catalogue (BENCH_MIXED_DATA_DIR to reuse one), on PGlite, or on a PostgreSQL 15 of
 * its own with BENCH_MIXED_DATABASE=postgres (statements in parallel rather than one at a time).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon, { type Request } from "autocannon";
import { ensureMember, mixedLoad, percentile, type Server, seededPostgres, signIn, startServer } from "./bench-load.ts";

const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const connections = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 32);
const settleSeconds = Number(process.env.BENCH_MIXED_SETTLE ?? 15);
/** The open loop's requests slower than SLOW_MS, one line each (when it was due, in ms since the epoch; latency; request). */
const slowLog = process.env.BENCH_MIXED_SLOW_LOG;
const SLOW_MS = 50;

/** The mix at `rate` requests per second, evenly spaced, each latency from when the request was due. */
async function paced(base: string, mix: Awaited<ReturnType<typeof mixedLoad>>, rate: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const due = performance.now();
  const count = Math.round(rate * seconds);
  const one = (i: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const round = mix.requests[i % mix.requests.length];
      const context: { sentAt?: number } = {};
      const req = round.setupRequest({ path: "/" }, context);
      context.sentAt = dueAt;
      const sent = http.request(
        new URL(req.path, base),
        { method: req.method ?? "GET", headers: req.headers, agent },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            const ms = performance.now() - dueAt;
            latencies.push(ms);
            if (slowLog && ms > SLOW_MS)
              fs.appendFileSync(
                slowLog,
                `${(performance.timeOrigin + dueAt).toFixed(0)} ${ms.toFixed(1)} ms ${req.method ?? "GET"} ${req.path} ${status}\n`,
              );
            if (status >= 400) non2xx++;
            round.onResponse(status, "", context);
            resolve();
          });
        },
      );
      sent.on("error", () => {
        errors++;
        resolve();
      });
      sent.end(req.body);
    });
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const dueAt = due + (i * 1000) / rate;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(i, dueAt));
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors, timeouts: 0, non2xx };
}

async function run(base: string, cookie: string, label: string, rate?: number) {
  const mix = await mixedLoad(base, cookie, { unique: false });
  let latencies: number[] = [];
  let r: { errors: number; timeouts?: number; non2xx: number };
  if (rate) ({ latencies, ...r } = await paced(base, mix, rate));
  else {
    const instance = autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: mix.requests as unknown as Request[],
    });
    instance.on("response", (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
    r = await instance;
  }
  const total = latencies.length;
  const rps = total / seconds;
  console.log(
    `${label}: ${rps.toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p90 ${percentile(latencies, 90).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(0)} ms; ${r.errors} errors, ${r.timeouts ?? 0} timeouts, ${r.non2xx} non-2xx${rate ? "" : ` (closed loop: mean ${(connections / rps) * 1000 > 0 ? ((connections / rps) * 1000).toFixed(0) : "?"} ms = ${connections} / throughput)`}`,
  );
  for (const [kind, seen] of mix.byKind)
    console.log(
      `  ${kind.padEnd(9)} ${String(seen.ms.length).padStart(6)} requests  p50 ${percentile(seen.ms, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(seen.ms, 99).toFixed(1).padStart(6)} ms  ${seen.failed} failed, ${seen.redirected} redirected`,
    );
  const refused = mix.byKind.get("download")?.failed ?? 0;
  if (refused)
    console.log(
      `  warning: ${refused} download grants refused (on a reused BENCH_MIXED_DATA_DIR the address's monthly allowance runs out): their latencies are refusals', not grants'`,
    );
  return { rps, p99: percentile(latencies, 99) };
}

const database = process.env.BENCH_MIXED_DATABASE === "postgres" ? "PostgreSQL 15" : "PGlite";
let server: Server | undefined;
let stopDatabase = () => {};
try {
  let base = process.env.BENCH_MIXED_URL;
  if (!base) {
    const dataDir = process.env.BENCH_MIXED_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-mixed-"));
    if (database === "PGlite") {
      await ensureMember({ dataDir: path.join(dataDir, "db") });
      server = await startServer({ DATA_DIR: dataDir });
    } else {
      const pg = await seededPostgres(dataDir);
      stopDatabase = pg.stop;
      server = await startServer(pg.env);
    }
    base = server.base;
    // The first maintenance (trending, counts) passes before measuring.
    await new Promise((r) => setTimeout(r, 10_000));
  }
  const cookie = await signIn(base);
  console.log(`\nMixed load (${connections} connections, ${seconds} s each, demo catalogue on ${database}):`);
  let rate = Number(process.env.BENCH_MIXED_RATE);
  if (!(rate > 0) || process.env.BENCH_MIXED_CLOSED !== "off") {
    const closed = await run(base, cookie, "closed loop");
    // The overload leaves work behind for some seconds (a major collection of the heap it grew, the counted
    // views written, the answers it had in hand): the open loop measures the server at the rate, not that.
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    rate ||= Math.max(1, Math.round(closed.rps / 2));
  }
  await run(base, cookie, `open loop at ${rate} req/s`, rate);
} finally {
  await server?.stop();
  stopDatabase();
}
