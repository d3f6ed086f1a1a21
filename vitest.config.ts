import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import SlowFirstSequencer from "./tests/sequencer.ts";

const graphqlDir = path.resolve("node_modules/graphql");

/**
 * Three projects, told apart by what a test file uses (docs/decisions/0023-test-harness.md):
 * - unit: no test database;
 * - db: the test database (tests/db.ts, or TEST_DATABASE_URL itself); a file that opens only an embedded
 *   data folder of its own is a unit file: it runs the same whichever database the others test;
 * - http: the Hono app over the production build (tests/server.ts).
 * db and http run on PGlite, and again on PostgreSQL (db-postgres, http-postgres) when TEST_DATABASE_URL
 * is set; unit runs once. A new test file lands in its project by what it imports, with no list to keep.
 */
const INCLUDE = ["{app,modules,server,db,config,scripts}/**/*.test.ts", "tests/*.test.ts"];
const USES_DATABASE = /#tests\/(db|server)\.ts|from "\.\/(db|server)\.ts"|TEST_DATABASE_URL/;
const USES_SERVER = /#tests\/server\.ts|from "\.\/server\.ts"|\bcreate(Mailing)?TestServer\b/;

const files = INCLUDE.flatMap((pattern) => fs.globSync(pattern, { exclude: ["node_modules/**"] })).sort();
const kind = (file: string) => {
  const text = fs.readFileSync(file, "utf8");
  return USES_SERVER.test(text) ? "http" : USES_DATABASE.test(text) ? "db" : "unit";
};
const byKind: Record<"unit" | "db" | "http", string[]> = { unit: [], db: [], http: [] };
for (const file of files) byKind[kind(file)].push(file);

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const project = (name: string, include: string[], env?: Record<string, string>): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, env },
});

export default defineConfig({
  resolve: {
    // graphql 17 ships a development build under the "development" condition, which Vitest resolves,
    // while Node loads the plain build for the packages outside the bundle (Pothos, Yoga): two copies
    // would meet. Point every import at the build Node uses.
    alias: [
      { find: /^graphql$/, replacement: path.join(graphqlDir, "index.mjs") },
      {
        find: /^graphql\/(error|execution|language|type|utilities|validation)$/,
        replacement: `${graphqlDir}/$1/index.mjs`,
      },
    ],
  },
  test: {
    // The production build once, and the migrated base databases once per run (tests/global-setup.ts).
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A worker process runs file after file of one project with the modules it has imported (the app,
    // Drizzle, PGlite, the production build) instead of a fresh process per file: the same tests, a third
    // less CPU (docs/decisions/0023-test-harness.md). Each file still makes its own database and server;
    // Vitest reuses a worker only within its project, so db and db-postgres never share one.
    isolate: false,
    // V8 starts a full collection whenever 64 MB more of ArrayBuffers exist than after the last one (a
    // PGlite copy loads a 44 MB dump and writes it out as files; query results, response bodies): in a
    // worker that was most of its collections (22 of 27 over two db files) and about a sixth of its CPU.
    // Counted with the heap instead, against a limit that grows with it, db and http on PGlite took 202 ->
    // 161 CPU-s (170 with the bound): tests/db.ts collects after closing a copy once a worker holds 2 GB, or
    // the dead copies' WebAssembly memory would take a worker to 3.8 GB (docs/decisions/0023-test-harness.md,
    // "Sixth pass").
    execArgv: ["--external-memory-accounted-in-global-limit"],
    // One worker more than there are cores, at most 8 (a worker holds up to about 2.5 GB): a file waits on
    // PostgreSQL, spawned scripts (the command-line tests, LibreOffice) and timers, and another worker fills
    // some of that. Measured on this 2-core machine, one run each: 2 workers 265 s; 3 workers 231 s with the
    // cores 85% busy; 4 workers 244 s at 95% busy. Again with each project's files together (session 23): 3
    // workers 180 s, 4 workers 184 s.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.min(os.availableParallelism() + 1, 8),
    // A test that passes only on its second try fails the run all the same (tests/flaky-reporter.ts
    // names it; tests/quarantine.ts may excuse it by name, with a reason).
    retry: process.env.CI ? 1 : 0,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      project("unit", byKind.unit),
      project("db", byKind.db, { TEST_DATABASE_URL: "" }),
      project("http", byKind.http, { TEST_DATABASE_URL: "" }),
      ...(postgres ? [project("db-postgres", byKind.db), project("http-postgres", byKind.http)] : []),
    ],
  },
});
