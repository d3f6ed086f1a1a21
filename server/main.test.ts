import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "#tests/net.ts";

/** Runs the server with these variables until it exits: its exit code and everything it printed. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const proc = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout.on("data", (d) => {
    out += d;
  });
  proc.stderr.on("data", (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
  return { code, out };
}

describe.concurrent("server process", () => {
  it("starts on an empty data folder, logs JSON, and stops cleanly on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-main-"));
    const port = await freePort();
    const proc = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "never",
        NODE_ENV: "production",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    proc.stdout.on("data", (d) => {
      out += d;
    });
    proc.stderr.on("data", (d) => {
      out += d;
    });
    const until = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < until) {
      try {
        ready = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    expect(ready, out).toBe(true);
    const code = await new Promise<number | null>((resolve) => {
      proc.once("exit", (c) => resolve(c));
      proc.kill("SIGTERM");
    });
    expect(code, out).toBe(0);
    const lines = out
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
