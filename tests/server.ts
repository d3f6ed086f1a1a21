import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { getEnv } from "#config/env.server.ts";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createServerApp } from "#server/app.ts";
import { createLogger } from "#server/logger.ts";
import { createTestDatabase, type DemoSeed, type TestDatabase } from "./db.ts";
import { startSmtpServer } from "./smtp.ts";

/**
 * The real Hono app over the production build and a fresh test database (with `demo`, one that holds the
 * demo catalogue: see tests/db.ts). Pass `database`, `dataDir` and `secret` of another test server to see
 * the same data through another clock.
 */
export async function createTestServer(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    database?: TestDatabase;
    demo?: DemoSeed;
    dataDir?: string;
    secret?: string;
    rateLimits?: Partial<RateLimits>;
    mailer?: import("#modules/mail/mailer.ts").Mailer;
    /** How long mail a person waits on may take within a request (a stalling SMTP server's tests). */
    mailTimeoutMs?: number;
    /** The server's logger (default: silent), for a test that reads what it logs. */
    log?: ReturnType<typeof createLogger>;
  } = {},
) {
  const database = opts.database ?? (await createTestDatabase({ demo: opts.demo }));
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-srv-"));
  const env = getEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...opts.env,
  });
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const server = createServerApp({
    env,
    database,
    build,
    clientDir: path.resolve("build/client"),
    log: opts.log ?? createLogger("silent"),
    clock: opts.clock,
    secret: opts.secret,
    // High limits unless a test is about them.
    rateLimits:
      opts.rateLimits ?? (Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])) as RateLimits),
    mailer: opts.mailer,
    deferMail: false,
    mailTimeoutMs: opts.mailTimeoutMs,
    refreshStatsEveryMs: 0,
  });
  /**
   * A request as if over a socket from `peer` (default: this machine, as a browser on the same computer;
   * another address is a client on the network).
   */
  const request = (p: string, init?: RequestInit, peer = "127.0.0.1") =>
    server.app.request(`http://localhost:3000${p}`, init, { incoming: { socket: { remoteAddress: peer } } });
  const owns = !opts.database;
  // The data folder this made (not one the test gave, which another server may be using).
  const removeOwnFolder = () => {
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Budgets live in the database, shared by every server on it: one with its own (tight) limits starts
  // with full buckets and leaves them full for the others.
  const resetRateLimits = () => database.db.execute(sql`delete from rate_limit`);
  if (opts.rateLimits) await resetRateLimits();
  return {
    ...server,
    database,
    dataDir,
    request,
    resetRateLimits,
    /** Stops the server; one on a database the test brought is done with, and so is the folder it made. */
    async close() {
      await server.close();
      if (opts.rateLimits && !owns) await resetRateLimits();
      if (!owns) removeOwnFolder();
    },
    async cleanup() {
      await this.close();
      if (owns) await database.cleanup();
      removeOwnFolder();
    },
  };
}

/**
 * A test server whose mail goes through a real SMTP server on loopback (tests/smtp.ts): the server, the
 * SMTP server's inbox, and one cleanup for both.
 */
export async function createMailingTestServer() {
  const smtp = await startSmtpServer();
  const mailer = smtpMailer({ url: smtp.url, log: { info() {}, warn() {}, error() {} } });
  const srv = await createTestServer({ mailer });
  return {
    srv,
    smtp,
    mailer,
    async cleanup() {
      await srv.cleanup();
      mailer.close();
      await smtp.close();
    },
  };
}
