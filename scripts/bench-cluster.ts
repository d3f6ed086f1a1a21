/**
 * `npm run bench:cluster`: SlideNest on two processes and one PostgreSQL, behind nginx, proved under load.
 *
 * 1. Starts PostgreSQL 15 in a temporary folder, then two production servers on it at the same moment
 *    (each with its own DATA_DIR, the same SIGNING_SECRET), and nginx balancing one port over both.
 * 2. Downloads: a Personal member with r credits left sends 200 download requests at once (200 different
 *    templates) through nginx: exactly r are granted, the rest refused with the allowance message, no 5xx,
 *    and the database's counter and grants agree.
 * 3. A download granted by one process is fetched from the other (which had never made that file).
 * 4. PostgreSQL is restarted under load (pages, favourite writes): no process dies, both answer /readyz
 *    and pages again within 5 s of PostgreSQL being back, and every favourite answered "saved" is there.
 *
 * Prints each figure and "cluster: ok" or the failed checks (exit 1). `--short` (CI) keeps the load
 * phases short. Needs a production build (made when missing), PostgreSQL 15 and nginx.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { DOWNLOAD_ALLOWANCE } from "#config/constants.ts";
import { openDatabase } from "#db/client.server.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { systemClock } from "#modules/shared/context.ts";
import { periodOf } from "#modules/shared/period.ts";
import { fetcherData } from "#tests/fetcher.ts";
import { formBody } from "#tests/http.ts";
import { freePort, waitFor, waitForServer } from "#tests/net.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const short = process.argv.includes("--short") || process.env.BENCH_SHORT === "1";
const PARALLEL = 200;
const PRESPENT = 30;
const PLAN = "PERSONAL_MONTHLY" as const;
const LOAD_BEFORE_MS = short ? 1_500 : 4_000;
const LOAD_AFTER_MS = short ? 2_000 : 6_000;
const WORKERS = short ? 8 : 24;
const OUTAGE_MS = 2_000;
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const isRoot = process.getuid?.() === 0;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a PostgreSQL tool, as user postgres when we are root (PostgreSQL refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const cmd = isRoot ? "runuser" : path.join(PG_BIN, tool);
  const full = isRoot ? ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args] : args;
  const r = spawnSync(cmd, full, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout}`);
}

type Proc = { name: string; proc: ChildProcess; base: string; dataDir: string; log: string[] };
/** Whether a server process has ended, by an exit code or a signal. */
const ended = (p: Proc) => p.proc.exitCode !== null || p.proc.signalCode !== null;

function startServer(name: string, port: number, env: Record<string, string>): Proc {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `slidenest-cluster-${name}-`));
  const proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const keep = (d: Buffer) => {
    for (const line of d.toString().split("\n")) if (line.trim()) log.push(line);
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  return { name, proc, base: `http://127.0.0.1:${port}`, dataDir, log };
}

/** Name=value of every cookie a response sets. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("cluster: building");
    const b = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (b.status !== 0) throw new Error("build failed");
  }
  const cleanups: (() => Promise<void> | void)[] = [];
  // Stopped from outside (Ctrl-C, `npm test` ending): PostgreSQL, the two processes and nginx go too.
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      for (const c of [...cleanups].reverse()) await Promise.resolve(c()).catch(() => {});
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  const procsForLogs: Proc[] = [];
  /** nginx's error log, printed with a failure (a 502 says there why). */
  let nginxLog = "";
  try {
    // ---------------------------------------------------------------- PostgreSQL
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-cluster-pg-"));
    if (isRoot) spawnSync("chown", ["postgres", pgDir]);
    cleanups.push(() => fs.rmSync(pgDir, { recursive: true, force: true }));
    const pgPort = await freePort();
    pgTool("initdb", ["-D", `${pgDir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
    const pgOpts = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${pgDir} -c max_connections=100`;
    pgTool("pg_ctl", ["-D", `${pgDir}/data`, "-l", `${pgDir}/log`, "-w", "-o", pgOpts, "start"]);
    cleanups.push(() => {
      try {
        pgTool("pg_ctl", ["-D", `${pgDir}/data`, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already stopped */
      }
    });
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    console.log(`cluster: PostgreSQL on 127.0.0.1:${pgPort}`);

    // ---------------------------------------------------------------- two processes behind nginx
    const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      SIGNING_SECRET: randomBytes(24).toString("hex"),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "127.0.0.1",
      SEED_DEMO: "auto",
      LOG_LEVEL: "warn",
      // One client sends everything here: budgets far above what it sends.
      RATE_LIMIT_SCALE: "1000",
    };
    const started = Date.now();
    const procs = [startServer("a", portA, env), startServer("b", portB, env)];
    procsForLogs.push(...procs);
    cleanups.push(async () => {
      for (const p of procs) {
        if (!ended(p)) {
          const gone = new Promise((r) => p.proc.once("exit", r));
          p.proc.kill("SIGTERM");
          await Promise.race([gone, sleep(15_000)]);
        }
        fs.rmSync(p.dataDir, { recursive: true, force: true });
      }
    });
    // A process that exits first (a port taken, a failed migration) is said at once, with its log lines.
    // Started beside the whole Vitest run in CI: 120 s was not always enough on a slow machine.
    await Promise.all(procs.map((p) => waitForServer(`${p.base}/readyz`, p.proc, `process ${p.name}`, 300_000)));
    console.log(`cluster: both processes ready in ${((Date.now() - started) / 1000).toFixed(1)} s (started together)`);

    const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-cluster-nginx-"));
    const conf = path.join(nginxDir, "nginx.conf");
    nginxLog = path.join(nginxDir, "error.log");
    fs.writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body; proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi; uwsgi_temp_path ${nginxDir}/uwsgi; scgi_temp_path ${nginxDir}/scgi;
  upstream slidenest { server 127.0.0.1:${portA}; server 127.0.0.1:${portB}; keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://slidenest;
      # 200 first downloads at once each build a deck: beside the whole Vitest run in CI they took over
      # nginx's default 60 s (504s, then both processes marked down: 502s). A slow answer is not a failure.
      proxy_read_timeout 300s;
      proxy_send_timeout 300s;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
    const nginx = spawn("nginx", ["-c", conf, "-p", nginxDir], { stdio: ["ignore", "ignore", "inherit"] });
    cleanups.push(async () => {
      nginx.kill("SIGQUIT");
      await Promise.race([new Promise((r) => nginx.once("exit", r)), sleep(5_000)]);
      fs.rmSync(nginxDir, { recursive: true, force: true });
    });
    await waitFor(`${publicUrl}/healthz`);

    // ---------------------------------------------------------------- members
    const database = await openDatabase({ url: databaseUrl, poolMax: 4 });
    cleanups.push(() => database.close());
    const password = "Cluster!Bench-2026";
    const member = async (name: string, plan: string) => {
      const id = await createVerifiedAccount(
        { db: database.db, clock: systemClock },
        { email: `${name}@cluster.example`, username: name, name, password },
      );
      await database.rows(sql`update account set plan = ${plan} where id = ${id}`);
      const res = await fetch(`${publicUrl}/auth/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: publicUrl },
        body: JSON.stringify({ login: name, password }),
      });
      if (!res.ok) throw new Error(`log-in of ${name}: ${res.status} ${await res.text()}`);
      return { id, cookie: cookiesOf(res) };
    };
    const buyer = await member("clusterbuyer", PLAN);
    const templates = await database.rows<{ template_id: number; color_id: number }>(
      sql`select t.id as template_id, (select tc.id from template_color tc where tc.template_id = t.id order by tc.position limit 1) as color_id
          from template t where t.published_at <= now() order by t.id`,
    );
    if (templates.length < PRESPENT + PARALLEL)
      throw new Error(`the demo catalogue has ${templates.length} templates; ${PRESPENT + PARALLEL} are needed`);

    /** A download as the template page's button asks it: a fetcher's submission to the download route. */
    const grant = async (base: string, cookie: string, colorId: number) => {
      const r = await fetch(`${base}/downloads.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl, cookie },
        body: formBody({ colorId: String(colorId), format: "PP" }),
      });
      const body = (await fetcherData<{ ok?: boolean; code?: string; url?: string }>(r)) ?? {};
      return { ok: r.ok && body.ok === true, status: r.status, headers: r.headers, body };
    };

    // ---------------------------------------------------------------- 200 parallel downloads
    console.log(`\n1. ${PARALLEL} download requests at once through nginx`);
    for (const t of templates.slice(0, PRESPENT)) {
      const r = await grant(publicUrl, buyer.cookie, t.color_id);
      if (!r.ok) throw new Error(`pre-spending: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const allowance = DOWNLOAD_ALLOWANCE[PLAN] as number;
    const left = allowance - PRESPENT;
    const burstStarted = Date.now();
    // A 503 with Retry-After is the server shedding load (a wait for a pooled connection past its limit, on a
    // machine busy with the whole Vitest run): a client waits as told and sends it again, and so does this one.
    let shed = 0;
    const grantAsClient = async (colorId: number) => {
      for (let tries = 0; ; tries++) {
        const r = await grant(publicUrl, buyer.cookie, colorId);
        const wait = Number(r.headers.get("retry-after"));
        if (r.status !== 503 || !(wait > 0) || tries >= 3) return r;
        shed++;
        await sleep(wait * 1_000);
      }
    };
    const answers = await Promise.all(
      templates.slice(PRESPENT, PRESPENT + PARALLEL).map(async (t) => {
        const r = await grantAsClient(t.color_id);
        return {
          status: r.status,
          ok: r.ok,
          code: r.body.code,
          served: r.headers.get("x-request-id") ?? "",
          template: t,
        };
      }),
    );
    const burstMs = Date.now() - burstStarted;
    const granted = answers.filter((a) => a.ok).length;
    const serverErrors = answers.filter((a) => a.status >= 500).length;
    const refusals = answers.filter((a) => !a.ok);
    const byProcess = new Set(answers.map((a) => a.served.split("-")[0]));
    console.log(
      `   ${granted} granted, ${refusals.length} refused (${[...new Set(refusals.map((a) => `${a.status} ${a.code}`))].join(", ")}), ${serverErrors} 5xx, in ${burstMs} ms, served by ${byProcess.size} processes; ${shed} answers were 503 with Retry-After and sent again`,
    );
    check(granted === left, `exactly r = ${left} of ${PARALLEL} granted (got ${granted})`);
    check(serverErrors === 0, "no 5xx");
    check(
      refusals.every((a) => a.status === 403 && a.code === "downloads.errors.limitExceeded"),
      "every refusal is the allowance message",
    );
    check(byProcess.size === 2, "both processes answered");
    const [counter] = await database.rows<{ used: number; grants: number }>(
      sql`select (select used from download_counter where subject = ${`a:${buyer.id}`} and period = ${periodOf(new Date())}) as used,
                 (select count(*)::int from download_grant where subject = ${`a:${buyer.id}`} and period = ${periodOf(new Date())}) as grants`,
    );
    check(
      Number(counter.used) === allowance && Number(counter.grants) === allowance,
      `the database agrees: ${counter.used} used, ${counter.grants} grants of ${allowance}`,
    );

    // ---------------------------------------------------------------- one process grants, the other serves
    console.log("\n2. a download granted by one process, fetched from the other");
    const [a, b] = procs;
    // A template already granted (a re-download takes no credit) whose deck the other process never made.
    const made = (p: Proc, t: { template_id: number; color_id: number }) =>
      ["free", "paid"].some((v) =>
        fs.existsSync(path.join(p.dataDir, "files", "templates", String(t.template_id), `${t.color_id}-${v}.pptx`)),
      );
    const grantedTemplates = [...templates.slice(0, PRESPENT), ...answers.filter((x) => x.ok).map((x) => x.template)];
    const target = grantedTemplates.find((t) => !made(b, t));
    if (!target) throw new Error(`${b.name} has made every deck; none is left to fetch from it for the first time`);
    const onA = await grant(a.base, buyer.cookie, target.color_id);
    const onAJson = { ok: onA.ok, url: onA.body.url ?? "" };
    check(made(a, target) && !made(b, target), `${a.name} made the deck, ${b.name} has never seen it`);
    const fetched = await fetch(`${b.base}${onAJson.url}`, { headers: { cookie: buyer.cookie } });
    const bytes = Buffer.from(await fetched.arrayBuffer());
    check(onAJson.ok && fetched.status === 200, `granted on ${a.name}, fetched on ${b.name}: ${fetched.status}`);
    check(bytes.subarray(0, 2).toString() === "PK" && bytes.length > 10_000, `a deck of ${bytes.length} bytes`);

    // ---------------------------------------------------------------- PostgreSQL restarted under load
    console.log("\n3. PostgreSQL restarted under load");
    // Each writing worker is its own member, saving every template as a favourite in turn.
    const fans = await Promise.all(Array.from({ length: WORKERS / 2 }, (_, i) => member(`clusterfan${i}`, "FREE")));
    const saved = new Set<string>();
    const stats = { requests: 0, ok: 0, failed: 0, serverErrors: 0, unavailable: 0 };
    /** Each 5xx that is not a 503 with Retry-After: what it was, printed when the check fails. */
    const odd: string[] = [];
    let restartAt = 0;
    /** `copy`: a clone of the answer, whose body is read here (the caller reads its own). */
    const tally = async (r: Response, what: string, copy: Response) => {
      if (r.status < 500) return;
      stats.serverErrors++;
      if (r.status === 503 && r.headers.get("retry-after")) {
        stats.unavailable++;
        return;
      }
      const since = restartAt ? `${Date.now() - restartAt} ms after the stop` : "before the restart";
      const body = (await copy.text().catch(() => "")).replace(/\s+/g, " ").slice(0, 200);
      odd.push(`${r.status} ${what} (${since}; server ${r.headers.get("server") ?? "?"}): ${body}`);
    };
    let running = true;
    const pool = templates.map((t) => t.template_id);
    const worker = async (w: number) => {
      const fan = fans[Math.floor(w / 2)];
      let next = 0;
      while (running) {
        try {
          if (w % 2 === 0 && next < pool.length) {
            const id = pool[next++];
            // A heart, as the page's fetcher submits it to the favourites route.
            const r = await fetch(`${publicUrl}/favorites.data`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl, cookie: fan.cookie },
              body: formBody({ templateId: String(id), favorite: "true" }),
              signal: AbortSignal.timeout(10_000),
            });
            const copy = r.clone();
            const body = (await fetcherData<{ ok?: boolean }>(r)) ?? {};
            stats.requests++;
            if (r.ok && body.ok) {
              saved.add(`${fan.id}:${id}`);
              stats.ok++;
            } else {
              stats.failed++;
              await tally(r, "POST /favorites.data", copy);
            }
          } else {
            const r = await fetch(
              `${publicUrl}/graphql?${new URLSearchParams({
                query: "query S($q: String!) { searchAutocompletions(searchRequest: $q) }",
                variables: JSON.stringify({ q: `${["pitch", "deck", "plan", "edu"][w % 4]}${stats.requests % 97}` }),
              })}`,
              {
                signal: AbortSignal.timeout(10_000),
              },
            );
            stats.requests++;
            if (r.ok) stats.ok++;
            else {
              stats.failed++;
              await tally(r, "GET /graphql (searchAutocompletions)", r.clone());
            }
            await r.arrayBuffer();
          }
        } catch {
          stats.requests++;
          stats.failed++;
        }
      }
    };
    const load = Array.from({ length: WORKERS }, (_, w) => worker(w));
    await sleep(LOAD_BEFORE_MS);
    const before = { ...stats };
    const restartStarted = Date.now();
    restartAt = restartStarted;
    // A restart as an operator makes one: stop (open connections are cut), a moment down, start.
    pgTool("pg_ctl", ["-D", `${pgDir}/data`, "-m", "fast", "-w", "stop"]);
    await sleep(OUTAGE_MS);
    pgTool("pg_ctl", ["-D", `${pgDir}/data`, "-l", `${pgDir}/log`, "-w", "-o", pgOpts, "start"]);
    const pgBack = Date.now();
    // Recovery: from PostgreSQL answering again to each process answering /readyz and a database read.
    const recovered = await Promise.all(
      procs.map(async (p) => {
        while (Date.now() - pgBack < 30_000) {
          try {
            const ready = await fetch(`${p.base}/readyz`, { signal: AbortSignal.timeout(2_000) });
            const read = await fetch(`${p.base}/favorites.data?ids=1&_routes=actions/favorites`, {
              headers: { cookie: fans[0].cookie },
              signal: AbortSignal.timeout(2_000),
            });
            if (ready.ok && read.ok) return Date.now() - pgBack;
          } catch {
            /* not yet */
          }
          await sleep(50);
        }
        return Number.POSITIVE_INFINITY;
      }),
    );
    await sleep(LOAD_AFTER_MS);
    running = false;
    await Promise.all(load);
    console.log(
      `   PostgreSQL down for ${pgBack - restartStarted} ms; ${stats.requests} requests (${before.requests} before the restart), ${stats.ok} answered 2xx, ${stats.failed} not (${stats.serverErrors} 5xx, during the outage)`,
    );
    for (const [i, p] of procs.entries())
      check(recovered[i] <= 5_000, `${p.name} answers again ${recovered[i]} ms after PostgreSQL is back (≤ 5000)`);
    check(
      procs.every((p) => !ended(p)),
      "no process crashed",
    );
    const rows = await database.rows<{ account_id: number; template_id: number }>(
      sql`select account_id, template_id from favorite where account_id in (${sql.join(
        fans.map((f) => sql`${f.id}`),
        sql`, `,
      )})`,
    );
    const kept = new Set(rows.map((r) => `${r.account_id}:${r.template_id}`));
    const lost = [...saved].filter((id) => !kept.has(id));
    check(lost.length === 0, `every favourite answered "saved" is kept (${saved.size} saved, ${lost.length} lost)`);
    check(stats.ok > before.ok, "requests succeed after the restart");
    check(
      stats.unavailable === stats.serverErrors,
      `answers while PostgreSQL is down are 503 with Retry-After (${stats.unavailable} of ${stats.serverErrors})`,
    );
    for (const line of odd) console.log(`       ${line}`);
  } catch (error) {
    failures.push(`stopped: ${(error as Error).message}`);
  } finally {
    if (failures.length) {
      // A process that died first, and each line cut short: a log of long error lines hid the crash itself.
      for (const p of [...procsForLogs].sort((x, y) => Number(ended(y)) - Number(ended(x)))) {
        const status = ended(p) ? `exited (code ${p.proc.exitCode}, signal ${p.proc.signalCode})` : "running";
        const cut = (l: string) => (l.length > 600 ? `${l.slice(0, 600)} …` : l);
        const lines = p.log.slice(ended(p) ? -40 : -10).map(cut);
        console.log(`\n── ${p.name}: ${status}; last log lines\n${lines.join("\n")}`);
        // A 500 among many 503s: its own line, which the last lines above may have pushed out.
        const errors = p.log.filter((l) => l.includes('"request failed"')).slice(-5);
        if (errors.length) console.log(`   its "request failed" lines:\n${errors.map(cut).join("\n")}`);
      }
      const proxied = nginxLog && fs.existsSync(nginxLog) ? fs.readFileSync(nginxLog, "utf8").trim().split("\n") : [];
      if (proxied.length && proxied[0]) console.log(`\n── nginx: error log\n${proxied.slice(-20).join("\n")}`);
    }
    for (const c of cleanups.reverse()) {
      try {
        await c();
      } catch (error) {
        console.error("cleanup:", (error as Error).message);
      }
    }
  }
  console.log(failures.length ? `\ncluster: FAILED\n- ${failures.join("\n- ")}` : "\ncluster: ok");
  process.exit(failures.length ? 1 : 0);
}

await main();
