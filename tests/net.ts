import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** The first port of the system's ephemeral range, where outgoing connections take their ports. */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/**
 * `count` different TCP ports free on loopback now, for servers the tests and benchmarks start a moment
 * later. Taken at random below the system's ephemeral range: a port the system hands out (listen on 0)
 * comes from that range, and an outgoing connection made meanwhile (a database's, a browser's, another
 * test's) could take it before the server binds it (EADDRINUSE: a flaky CI run, when the E2E ports were
 * chosen that way). At random, so that two processes choosing at once rarely pick the same one.
 */
export async function freePorts(count: number): Promise<number[]> {
  const low = Math.min(ephemeralLow(), 32768);
  const from = Math.max(1024, low - 12_000);
  const span = Math.max(1000, low - from);
  const found: number[] = [];
  for (let tries = 0; found.length < count && tries < 200 * count; tries++) {
    const port = from + Math.floor(Math.random() * span);
    if (!found.includes(port) && (await isFree(port))) found.push(port);
  }
  if (found.length < count) throw new Error(`no ${count} free ports below the ephemeral range`);
  return found;
}

/** One TCP port free on loopback now (freePorts). */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0];
}

/** Waits until `url` answers 2xx, polling; throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Waits until a server process started a moment ago answers `url` (waitFor); rejects at once, naming it,
 * when the process exits first (a port taken, a failed migration) instead of polling until the timeout.
 */
export function waitForServer(url: string, proc: ChildProcess, name: string, timeoutMs = 120_000): Promise<void> {
  let onExit: (code: number | null) => void = () => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = (code) => reject(new Error(`${name} exited (${code}) before it answered`));
    if (proc.exitCode !== null) onExit(proc.exitCode);
    else proc.once("exit", onExit);
  });
  return Promise.race([waitFor(url, timeoutMs), exited]).finally(() => proc.off("exit", onExit));
}
