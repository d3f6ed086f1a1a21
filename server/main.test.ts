import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "#tests/net.ts";
import { createTestDataDir } from "#tests/pglite-base.ts";

/**
 * Each test starts a server process (four at once, beside the other test files' workers). On a machine
 * where fresh memory is slow to come by (14 us a page fault, against well under 1 us elsewhere: ADR 0023,
 * "Tenth pass") a start on an empty data folder took over a minute in CI: the allowance is the file's.
 */
const START_MS = 150_000;

/** Starts the server with these variables: its process, and everything it has printed so far. */
function startServerProcess(env: Record<string, string>) {
  const proc = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (d: Buffer) => {
    out += d;
  };
  proc.stdout.on("data", keep);
  proc.stderr.on("data", keep);
  return { proc, output: () => out };
}

/** Runs the server with these variables until it exits: its exit code and everything it printed. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { proc, output } = startServerProcess(env);
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  return { code, out: output() };
}

/** A raw HTTP/1.1 connection: `get` sends a request and answers the whole response as text. */
async function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffer = "";
  let waiting: (() => void) | undefined;
  socket.on("data", (d) => {
    buffer += d;
    waiting?.();
  });
  const ended = new Promise<boolean>((resolve) => socket.once("close", () => resolve(true)));
  socket.on("close", () => waiting?.());
  return {
    ended,
    async get(path: string): Promise<string> {
      buffer = "";
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      for (;;) {
        const head = buffer.indexOf("\r\n\r\n");
        const length = Number(/content-length: (\d+)/i.exec(buffer)?.[1] ?? Number.NaN);
        if (head >= 0 && buffer.length >= head + 4 + length) return buffer;
        if (socket.destroyed) return buffer;
        await new Promise<void>((resolve) => {
          waiting = resolve;
        });
      }
    },
  };
}

describe.concurrent("server process", { timeout: START_MS + 30_000 }, () => {
  it("starts on an empty data folder, logs JSON, and stops cleanly on SIGTERM, answering what was sent on its connections", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-main-"));
    const port = await freePort();
    const { proc, output } = startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "never",
      NODE_ENV: "production",
      DATABASE_URL: "",
    });
    const until = Date.now() + START_MS;
    let ready = false;
    while (!ready && Date.now() < until) {
      try {
        ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(ready, output()).toBe(true);
    // Kept-alive connections, each with one answer behind it, as a proxy or a browser holds them.
    const held = await Promise.all([1, 2, 3].map(() => keptAlive(port)));
    for (const c of held) expect(await c.get("/healthz")).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: keep-alive/i);
    // Kept longer than a proxy keeps its idle connections (60 s): said in each answer, and still open after
    // Node's own 5 s, after which a proxy could send on a connection the server was closing (a 502).
    expect(await held[0].get("/healthz")).toMatch(/keep-alive: timeout=65\r\n/i);
    await new Promise((r) => setTimeout(r, 5_500));
    for (const c of held) expect(await c.get("/healthz")).toMatch(/^HTTP\/1\.1 200 /);
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));
    proc.kill("SIGTERM");
    while (!output().includes('"shutting down"')) await new Promise((r) => setTimeout(r, 10));
    // The stop has begun: no new connection, but a request sent on a held one is answered, and its
    // connection closed after it (Node's own close cut such requests off).
    await expect(keptAlive(port)).rejects.toThrow(/ECONNREFUSED/);
    for (const answer of await Promise.all(held.map((c) => c.get("/healthz"))))
      expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: close[\s\S]*"ok"/i);
    for (const c of held) expect(await c.ended).toBe(true);
    const code = await exited;
    expect(code, output()).toBe(0);
    const lines = output()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["database ready", "listening", "shutting down", "stopped"]),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to start with bad configuration, naming the variable", async () => {
    const { code, out } = await runUntilExit({ PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(out).toContain("PORT");
  });

  it("refuses to start on PostgreSQL without SIGNING_SECRET, naming it", async () => {
    const { code, out } = await runUntilExit({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      SIGNING_SECRET: "",
    });
    expect(code).toBe(1);
    expect(out).toContain("SIGNING_SECRET: required with DATABASE_URL");
  });

  it("refuses to start when S3_BUCKET cannot be reached, naming the settings", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-main-"));
    // A migrated database, as a server's first start leaves it: the check after it is what is tested here
    // (the first start on an empty folder is the first test's).
    await createTestDataDir(path.join(dataDir, "db"));
    const { code, out } = await runUntilExit({
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "never",
      DATABASE_URL: "",
      S3_BUCKET: "slidenest-files",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(code, out).toBe(1);
    expect(out).toContain("S3_BUCKET cannot be reached");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
