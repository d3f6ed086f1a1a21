/**
 * Part of `npm run bench` (issue 20), or alone: `sh scripts/with-node.sh node scripts/bench-upload.ts`.
 * The operator's deck upload on the real path: the production server as its own process on a fresh
 * embedded database in a temporary DATA_DIR (SEED_DEMO=never, its own job queue: server/main.ts starts
 * startProcessJobs, so previews are drawn by LibreOffice in that process's render job), an operator made
 * in the database before the server starts (createVerifiedAccount + setRole) who logs in and enrols the
 * second factor over HTTP (TOTP from the key the page shows), all requests over loopback.
 *
 * 1. Memory: a valid ~100 MB .pptx (a pptxgenjs deck whose picture is swapped for a ~99 MB stored PNG of
 *    random pixels) streamed to POST /operator/uploads from a file with node:http; the server's RSS
 *    (/proc/<pid>/status VmRSS) sampled every 50 ms: before, while the body streams to storage (the
 *    upload's .tmp file exists), while the stored deck is read and inspected (after the rename, until
 *    the answer), and after. Goal: it grows by less than 50 MB while the body streams in.
 * 2. Time from upload to ready previews for an 8-slide and a 60-slide pptxgenjs deck (text, shapes, two
 *    pictures per slide): the upload, the form's save (POST /operator/templates/new), the render (until
 *    GET /operator/templates/<id> shows the version ready, asked every BENCH_UPLOAD_POLL_MS, 250) and
 *    the total; with the server's own log lines for where the render's time goes (queue wait, LibreOffice,
 *    pdftoppm + WebP, storing and showing). Goal: 8 slides ready within 10 s.
 *
 * One run; figures in ms and MB (1 MB = 1,048,576 bytes here). A missed goal is printed, never an exit
 * code: it is a bench, not a test. BENCH_UPLOAD_KEEP=1 keeps the temporary folder.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "otplib";
import sharp from "sharp";
import { DECK_LIMITS } from "#config/constants.ts";
import { openDatabase } from "#db/client.server.ts";
import { setRole } from "#modules/accounts/operator.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { systemClock } from "#modules/shared/context.ts";
import { loadPptxGenJS } from "#modules/slides/pptxgen.ts";
import { readDirectory, rewriteZip } from "#modules/slides/zip.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { httpClient, Jar } from "#tests/http.ts";
import { freePort, waitFor } from "#tests/net.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POLL_MS = Number(process.env.BENCH_UPLOAD_POLL_MS ?? 250);
const SAMPLE_MS = 50;
const MB = 1024 * 1024;
const LOGIN = "bench-ops";
const PASSWORD = "Sl1des!rock";
const GOALS = { readyMs: 10_000, growthMb: 50 };
/** BENCH_UPLOAD_TRACE=1 prints every RSS sample of the large upload; BENCH_UPLOAD_ONLY=memory skips the renders. */
const TRACE = process.env.BENCH_UPLOAD_TRACE === "1";
const ONLY_MEMORY = process.env.BENCH_UPLOAD_ONLY === "memory";

const mb = (kb: number) => (kb / 1024).toFixed(1);
const ms = (n: number) => `${Math.round(n)} ms`;

// ---------------------------------------------------------------- decks

/** A picture for the slides: a gradient with shapes and a little noise, as JPEG (a photo's weight). */
async function picture(seed: number, width = 1600, height = 900): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const circles = Array.from({ length: 12 }, (_, i) => {
    const x = (i * 137 + seed * 53) % width;
    const y = (i * 89 + seed * 31) % height;
    return `<circle cx="${x}" cy="${y}" r="${60 + ((i * 23) % 140)}" fill="hsl(${(hue + i * 29) % 360},70%,60%)" fill-opacity="0.55"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,75%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 18 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A deck of `slides` slides: a title, bullets, a few shapes, two pictures (a photo and a small one) each. */
async function makeDeck(slides: number): Promise<Buffer> {
  const photos = await Promise.all([0, 1, 2, 3].map((i) => picture(i)));
  const smalls = await Promise.all([4, 5].map((i) => picture(i, 480, 480)));
  const data = (b: Buffer) => `image/jpeg;base64,${b.toString("base64")}`;
  const p = new (await loadPptxGenJS())();
  p.layout = "LAYOUT_16x9";
  p.title = `Bench deck (${slides} slides)`;
  p.theme = { headFontFace: "Montserrat", bodyFontFace: "Open Sans" };
  for (let i = 0; i < slides; i++) {
    const s = p.addSlide();
    s.background = { color: i % 2 ? "F8FAFC" : "FFFFFF" };
    s.addShape(p.ShapeType.rect, { x: 0, y: 0, w: 10, h: 0.35, fill: { color: "4F46E5" } });
    s.addText(`Section ${Math.floor(i / 5) + 1}: quarterly review, part ${i + 1}`, {
      x: 0.4,
      y: 0.45,
      w: 9.2,
      h: 0.7,
      fontFace: "Montserrat",
      fontSize: 26,
      bold: true,
      color: "0F172A",
    });
    s.addText(
      [
        { text: `Revenue grew ${10 + (i % 9)}% on the quarter, señales claras`, options: { bullet: true } },
        { text: "Costs held flat while the team doubled its output", options: { bullet: true } },
        { text: "Customers in three new markets: México, España, Chile", options: { bullet: true } },
        { text: "Next steps: hire, ship the roadmap, report in June", options: { bullet: true } },
      ],
      { x: 0.4, y: 1.3, w: 4.6, h: 2.4, fontFace: "Open Sans", fontSize: 14, color: "334155", valign: "top" },
    );
    s.addImage({ data: data(photos[i % photos.length]), x: 5.2, y: 1.3, w: 4.4, h: 2.475 });
    s.addImage({ data: data(smalls[i % smalls.length]), x: 0.4, y: 3.9, w: 1.4, h: 1.4 });
    s.addShape(p.ShapeType.ellipse, { x: 2.1, y: 4.0, w: 1.2, h: 1.2, fill: { color: "0EA5E9" } });
    s.addShape(p.ShapeType.roundRect, {
      x: 3.6,
      y: 4.1,
      w: 2.6,
      h: 1.0,
      fill: { color: "E0E7FF" },
      line: { color: "4F46E5", width: 1.5 },
      rectRadius: 0.15,
    });
    s.addText(`${(i + 1) * 17}k`, { x: 3.6, y: 4.1, w: 2.6, h: 1.0, align: "center", fontSize: 28, bold: true });
    s.addShape(p.ShapeType.line, {
      x: 6.5,
      y: 4.6,
      w: 3.1,
      h: 0,
      line: { color: "475569", width: 2, dashType: "dash" },
    });
    s.addText(`${i + 1} / ${slides}`, {
      x: 8.6,
      y: 5.1,
      w: 1.0,
      h: 0.4,
      fontSize: 10,
      color: "64748B",
      align: "right",
    });
  }
  return Buffer.from((await p.write({ outputType: "nodebuffer" })) as ArrayBuffer);
}

/**
 * A real deck just under DECK_LIMITS.maxBytes: a one-slide pptxgenjs deck whose picture is replaced by a
 * PNG of random pixels (incompressible; zlib level 0), stored.
 */
async function makeLargeDeck(): Promise<Buffer> {
  const tiny = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();
  const p = new (await loadPptxGenJS())();
  p.layout = "LAYOUT_16x9";
  const s = p.addSlide();
  s.addText("A very large picture", { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28 });
  s.addImage({ data: `image/png;base64,${tiny.toString("base64")}`, x: 0.5, y: 1.2, w: 9, h: 4.2 });
  const small = Buffer.from((await p.write({ outputType: "nodebuffer" })) as ArrayBuffer);
  const media = readDirectory(small, 1000).find((e) => /^ppt\/media\/.+\.png$/.test(e.name))?.name;
  if (!media) throw new Error("pptxgenjs made no picture part");
  // Room for the rest of the package and the PNG's own framing: one 64 kB block of zlib per ~64 kB.
  const budget = DECK_LIMITS.maxBytes - small.length - 600 * 1024;
  const width = 4000;
  const height = Math.floor(budget / (width * 3 + 1) / 1.0005);
  const big = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  const deck = rewriteZip(small, (name) => (name === media ? big : undefined));
  if (deck.length > DECK_LIMITS.maxBytes) throw new Error(`large deck is ${deck.length} bytes, past the limit`);
  return deck;
}

// ---------------------------------------------------------------- server

type LogLine = { time: string; level: string; msg: string; [k: string]: unknown };

type Server = { proc: ChildProcess; base: string; logs: LogLine[]; pid: number };

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_UPLOAD_NODE_ARGS: flags for the server's node (--trace-gc, with BENCH_UPLOAD_TRACE=1 to see it).
  // The server as `npm start` runs it: with --expose-gc, so uploads can release their chunks (memory.ts).
  const nodeArgs = ["--expose-gc", ...(process.env.BENCH_UPLOAD_NODE_ARGS ?? "").split(" ").filter(Boolean)];
  const proc = spawn(process.execPath, [...nodeArgs, "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DATABASE_URL: "",
      SEED_DEMO: "never",
      // Info: the render's own log lines ("deck previews drawn", "template version ready") time its parts.
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      RATE_LIMIT_SCALE: "100000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logs: LogLine[] = [];
  let rest = "";
  proc.stdout?.setEncoding("utf8");
  proc.stdout?.on("data", (chunk: string) => {
    rest += chunk;
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) {
      try {
        logs.push(JSON.parse(l) as LogLine);
      } catch {
        // Not a log line (NODE_OPTIONS=--trace-gc, say): shown when tracing.
        if (TRACE && l.trim()) console.log(`    server: ${l}`);
      }
    }
  });
  await waitFor(`${base}/readyz`, 120_000);
  // Let the first maintenance and stats refresh pass (they hold PGlite's one connection).
  let quietSince = Date.now();
  const started = Date.now();
  while (Date.now() - quietSince < 3_000 && Date.now() - started < 60_000) {
    const t = Date.now();
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok || Date.now() - t > 100) quietSince = Date.now();
    await sleep(200);
  }
  return { proc, base, logs, pid: proc.pid ?? 0 };
}

function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** The operator's cookie jar: logs in and enrols TOTP through the pages, as a person would. */
async function signIn(base: string): Promise<Jar> {
  const client = httpClient((p, i) => fetch(`${base}${p}`, i), base);
  const jar = new Jar();
  const login = jar.take(await client.post("/login", { login: LOGIN, password: PASSWORD }, jar));
  if (login.status !== 302) throw new Error(`log-in answered ${login.status}`);
  const start = jar.take(
    await client.post("/operator/enrol", { intent: "secondFactor", step: "start", password: PASSWORD }, jar),
  );
  const key = /data-testid="totp-key"[^>]*>([A-Z2-7 ]+)</.exec(await start.text())?.[1];
  if (!key) throw new Error(`enrolment showed no key (${start.status})`);
  const code = await generate({ secret: key.replace(/\s/g, ""), epoch: Math.floor(Date.now() / 1000) });
  const confirm = jar.take(
    await client.post("/operator/enrol", { intent: "secondFactor", step: "confirm", code }, jar),
  );
  if (confirm.status >= 400) throw new Error(`second factor not confirmed (${confirm.status})`);
  const home = await client.get("/operator", jar);
  if (home.status !== 200) throw new Error(`/operator answered ${home.status} after enrolment`);
  return jar;
}

type UploadAnswer = { status: number; body: { ok: boolean; upload?: { id: string; facts: unknown }; code?: string } };

/** Streams a file to POST /operator/uploads (node:http, 1 MB chunks from disk): the answer and when it came. */
function streamUpload(base: string, jar: Jar, file: string): Promise<UploadAnswer & { sentAt: number }> {
  const size = fs.statSync(file).size;
  const url = new URL("/operator/uploads", base);
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    const req = http.request(
      {
        method: "POST",
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          origin: base,
          accept: "application/json",
          "content-type": "application/octet-stream",
          "x-file-name": encodeURIComponent(path.basename(file)),
          "content-length": String(size),
          cookie: jar.header,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(parts).toString("utf8")),
              sentAt: sentAt || Date.now(),
            });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on("error", reject);
    req.on("finish", () => {
      sentAt = Date.now();
    });
    fs.createReadStream(file, { highWaterMark: MB }).pipe(req);
  });
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : Number.NaN;
}

// ---------------------------------------------------------------- measures

async function memoryDuringLargeUpload(srv: Server, jar: Jar, file: string, dataDir: string) {
  const uploads = path.join(dataDir, "files", "uploads");
  const before = new Set(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);
  type Phase = "before" | "streaming" | "inspecting" | "after";
  let phase: Phase = "before";
  const peak: Record<Phase, number> = { before: 0, streaming: 0, inspecting: 0, after: 0 };
  const baseline: number[] = [];
  const total = fs.statSync(file).size;
  const halves = [0, 0];
  let samples = 0;
  let sawTmp = false;
  let streamedAt = 0;
  let started = 0;
  const trace: string[] = [];
  const sample = () => {
    let kb: number;
    try {
      kb = rssKb(srv.pid);
    } catch {
      return;
    }
    samples++;
    let stored = 0;
    if (phase === "streaming") {
      // The body is in storage once the .tmp file is renamed to the upload's own name.
      const names = fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((n) => !before.has(n)) : [];
      const tmp = names.find((n) => n.endsWith(".tmp"));
      if (tmp) {
        sawTmp = true;
        stored = fs.statSync(path.join(uploads, tmp), { throwIfNoEntry: false })?.size ?? 0;
      } else if (names.length) {
        phase = "inspecting";
        streamedAt = Date.now();
      }
    }
    if (TRACE && phase !== "before")
      trace.push(
        `    ${String(Date.now() - started).padStart(6)} ms ${phase.padEnd(10)} RSS ${mb(kb).padStart(7)} MB${stored ? `  .tmp ${(stored / MB).toFixed(1)} MB` : ""}`,
      );
    if (phase === "before") baseline.push(kb);
    peak[phase] = Math.max(peak[phase], kb);
    // Does it grow with the bytes received (the deck held) or stop (bounded buffers, garbage)?
    if (phase === "streaming") {
      if (stored < total / 2) halves[0] = Math.max(halves[0], kb);
      else halves[1] = Math.max(halves[1], kb);
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  await sleep(2_000);
  phase = "streaming";
  started = Date.now();
  const answer = await streamUpload(srv.base, jar, file);
  const answeredAt = Date.now();
  if (phase === "streaming") phase = "inspecting"; // answered between two samples
  sample();
  phase = "after";
  await sleep(3_000);
  clearInterval(timer);
  const settled = rssKb(srv.pid);
  if (TRACE) console.log(trace.join("\n"));
  const base = baseline.sort((a, b) => a - b)[Math.floor(baseline.length / 2)];
  return {
    answer,
    base,
    peak,
    halves,
    settled,
    samples,
    sawTmp,
    uploadMs: answeredAt - started,
    sendMs: answer.sentAt - started,
    streamMs: streamedAt ? streamedAt - started : Number.NaN,
  };
}

type DeckTimes = {
  slides: number;
  bytes: number;
  uploadMs: number;
  saveMs: number;
  renderMs: number;
  totalMs: number;
  state: string;
  server: { queueMs?: number; convertMs?: number; drawMs?: number; finishMs?: number; pollLagMs?: number };
};

async function uploadToReady(srv: Server, jar: Jar, file: string, slides: number): Promise<DeckTimes> {
  const bytes = fs.statSync(file).size;
  const logFrom = srv.logs.length;
  const t0 = Date.now();
  const up = await streamUpload(srv.base, jar, file);
  const t1 = Date.now();
  if (up.status !== 201 || !up.body.upload) throw new Error(`upload answered ${up.status} ${JSON.stringify(up.body)}`);
  const form = new URLSearchParams({
    "en.title": `Bench deck ${slides} slides ${t0}`,
    "en.description": "A deck the upload bench made, to time its previews.",
    "en.slug": "",
    "es.title": `Plantilla de prueba ${slides} diapositivas ${t0}`,
    "es.description": "Una plantilla que hizo la prueba de subida, para medir sus vistas previas.",
    "es.slug": "",
    category: "education",
    licence: "free",
    designer: "",
    publish: "now",
    publishAt: "",
    "variant.0.pptx": up.body.upload.id,
    "variant.0.colour": "blue",
  });
  const saved = await fetch(`${srv.base}/operator/templates/new`, {
    method: "POST",
    headers: { origin: srv.base, "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: form.toString(),
    redirect: "manual",
  });
  const t2 = Date.now();
  const id = /\/operator\/templates\/(\d+)/.exec(saved.headers.get("location") ?? "")?.[1];
  if (saved.status !== 302 || !id) throw new Error(`save answered ${saved.status} (${saved.headers.get("location")})`);
  let state = "queued";
  while (Date.now() - t2 < 5 * 60_000) {
    const html = await (
      await fetch(`${srv.base}/operator/templates/${id}`, { headers: { cookie: jar.header } })
    ).text();
    const m = /Version \d+: (queued|drawing previews|ready|failed)/.exec(html);
    state = m?.[1] ?? "unknown";
    if (state === "ready" || state === "failed") break;
    await sleep(POLL_MS);
  }
  const t3 = Date.now();
  // The server's account of the render (same machine, same clock).
  const lines = srv.logs.slice(logFrom);
  const drawn = lines.find((l) => l.msg === "deck previews drawn");
  const ready = lines.find((l) => l.msg === "template version ready");
  const server: DeckTimes["server"] = {};
  if (ready) {
    const readyAt = Date.parse(ready.time);
    const claimedAt = readyAt - Number(ready.ms);
    server.queueMs = claimedAt - t2;
    server.pollLagMs = t3 - readyAt;
    if (drawn) {
      server.convertMs = Number(drawn.convertMs);
      server.drawMs = Number(drawn.ms) - Number(drawn.convertMs);
      server.finishMs = Number(ready.ms) - Number(drawn.ms);
    }
  }
  return {
    slides,
    bytes,
    uploadMs: t1 - t0,
    saveMs: t2 - t1,
    renderMs: t3 - t2,
    totalMs: t3 - t0,
    state,
    server,
  };
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    const flock = spawnSync("sh", ["-c", "command -v flock"]).status === 0;
    const build = ["npx", "react-router", "build"];
    const [cmd, ...args] = flock ? ["flock", path.join(os.tmpdir(), "sn-build.lock"), ...build] : build;
    if (spawnSync(cmd, args, { cwd: root, stdio: "inherit" }).status !== 0) throw new Error("build failed");
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-bench-upload-"));
  const dataDir = path.join(work, "data");
  const decks = path.join(work, "decks");
  fs.mkdirSync(decks, { recursive: true });
  let srv: Server | undefined;
  try {
    let t = Date.now();
    const files: Record<string, string> = {};
    for (const n of [8, 60]) {
      files[n] = path.join(decks, `bench-${n}-slides.pptx`);
      fs.writeFileSync(files[n], await makeDeck(n));
    }
    files.large = path.join(decks, "bench-large.pptx");
    fs.writeFileSync(files.large, await makeLargeDeck());
    console.log(
      `\nUploads (issue 20): decks made in ${ms(Date.now() - t)}: 8 slides ${(fs.statSync(files[8]).size / MB).toFixed(1)} MB, 60 slides ${(fs.statSync(files[60]).size / MB).toFixed(1)} MB, large ${(fs.statSync(files.large).size / MB).toFixed(1)} MB (limit ${DECK_LIMITS.maxBytes / MB} MB)`,
    );

    t = Date.now();
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      await database.migrate();
      await createTaxonomy(database.db);
      await createVerifiedAccount(
        { db: database.db, clock: systemClock },
        { email: `${LOGIN}@example.com`, username: LOGIN, name: "Bench operator", password: PASSWORD },
      );
      const r = await setRole({ db: database.db, clock: systemClock }, LOGIN, "operator", {
        kind: "command",
        label: "bench",
      });
      if (!r.ok) throw new Error(r.detail);
    } finally {
      await database.close();
    }
    srv = await startServer(dataDir);
    const jar = await signIn(srv.base);
    console.log(`server pid ${srv.pid} on ${srv.base}, operator signed in with TOTP (${ms(Date.now() - t)})`);

    // 1. Memory while a ~100 MB deck streams in: first, on a server that has drawn nothing yet.
    const m = await memoryDuringLargeUpload(srv, jar, files.large, dataDir);
    const grow = (kb: number) => kb - m.base;
    console.log(
      `large upload: ${(fs.statSync(files.large).size / MB).toFixed(1)} MB answered ${m.answer.status}${m.answer.body.ok ? "" : ` ${m.answer.body.code}`} in ${ms(m.uploadMs)} (client done sending at ${ms(m.sendMs)}, body in storage at ${Number.isNaN(m.streamMs) ? "?" : ms(m.streamMs)}; ${m.samples} RSS samples every ${SAMPLE_MS} ms${m.sawTmp ? "" : ", .tmp file never seen"})`,
    );
    console.log(`  RSS before                           ${mb(m.base).padStart(7)} MB`);
    console.log(
      `  RSS peak while the body streams in   ${mb(m.peak.streaming).padStart(7)} MB  (+${mb(grow(m.peak.streaming))} MB)`,
    );
    console.log(
      `    of which: peak until half the body was stored ${mb(m.halves[0])} MB (+${mb(grow(m.halves[0]))} MB), over the second half ${mb(m.halves[1])} MB (+${mb(grow(m.halves[1]))} MB)`,
    );
    console.log(
      `  RSS peak while the deck is inspected ${mb(m.peak.inspecting).padStart(7)} MB  (+${mb(grow(m.peak.inspecting))} MB: the stored deck is read whole, then inspected)`,
    );
    console.log(
      `  RSS 3 s after the answer             ${mb(m.settled).padStart(7)} MB  (+${mb(grow(m.settled))} MB; peak after ${mb(m.peak.after)} MB)`,
    );
    const streamGrowth = grow(m.peak.streaming) / 1024;
    console.log(
      `  goal: grows < ${GOALS.growthMb} MB while streaming: ${streamGrowth < GOALS.growthMb ? "PASS" : "MISS"} (+${streamGrowth.toFixed(1)} MB)${grow(m.peak.inspecting) / 1024 >= GOALS.growthMb ? `; after streaming, reading the deck: +${mb(grow(m.peak.inspecting))} MB` : ""}`,
    );

    if (ONLY_MEMORY) return;
    // 2. Upload to ready previews.
    const times: DeckTimes[] = [];
    for (const n of [8, 60]) {
      const r = await uploadToReady(srv, jar, files[n], n);
      times.push(r);
      const s = r.server;
      const part = (label: string, v: number | undefined) => (v === undefined ? "" : `${label} ${ms(v)}, `);
      console.log(
        `${String(n).padStart(2)} slides (${(r.bytes / MB).toFixed(1)} MB): upload ${ms(r.uploadMs)}, save ${ms(r.saveMs)}, render ${ms(r.renderMs)} = total ${ms(r.totalMs)} (${r.state})`,
      );
      console.log(
        `  render, from the server's log: ${part("queue wait", s.queueMs)}${part("LibreOffice to PDF", s.convertMs)}${part("pdftoppm + WebP", s.drawMs)}${part("store + show", s.finishMs)}${part("seen by polling after", s.pollLagMs)}`.replace(
          /, $/,
          "",
        ),
      );
    }
    const eight = times[0];
    console.log(
      `goal: 8 slides ready within ${GOALS.readyMs / 1000} s of the upload's start: ${eight.state === "ready" && eight.totalMs <= GOALS.readyMs ? "PASS" : "MISS"} (${(eight.totalMs / 1000).toFixed(1)} s)`,
    );
    const sixty = times[1];
    console.log(`60 slides: ${(sixty.totalMs / 1000).toFixed(1)} s (${sixty.state}; no goal)`);
  } finally {
    if (srv) await stop(srv.proc);
    if (process.env.BENCH_UPLOAD_KEEP === "1") console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
