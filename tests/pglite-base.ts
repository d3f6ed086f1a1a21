/**
 * The run's migrated PGlite base (tests/bases.ts, made once by tests/global-setup.ts) as each worker reads
 * it: for tests/db.ts's copies in memory, and for the data folders of the tests of what runs on one (the
 * operator commands). Kept apart from tests/db.ts, whose importers vitest.config.ts counts as database
 * files (run on PGlite and again on PostgreSQL).
 */
import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import type { TestDatabaseBases } from "./bases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Made once per run by tests/global-setup.ts (tests/bases.ts). */
    testDatabases: TestDatabaseBases;
  }
}

/** The bases of this run, or none when the tests run without tests/global-setup.ts. */
export function bases(): TestDatabaseBases | undefined {
  try {
    return inject("testDatabases");
  } catch {
    return undefined;
  }
}

let ownBase: Blob | undefined;

/** The dump files of this run, read once per worker (they never change during a run). */
const dumps = new Map<string, ArrayBuffer>();

/**
 * A dump file as PGlite reads `loadDataDir`: its bytes (`arrayBuffer()`) and its type. The bytes are this
 * worker's one copy: PGlite copies each file out of them, and a Blob's own `arrayBuffer()` read and joined
 * 44 MB in chunks for every copy (50 of the 320 ms of CPU that opening one took).
 */
export function dumpFile(file: string): Blob {
  let bytes = dumps.get(file);
  if (!bytes) {
    const data = fs.readFileSync(file);
    bytes = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
    dumps.set(file, bytes);
  }
  const shared = bytes;
  return { type: "application/x-tar", size: shared.byteLength, arrayBuffer: async () => shared } as unknown as Blob;
}

/** The run's base dump, or (without the global setup) one this process migrates once for itself. */
export async function pgliteBase(): Promise<Blob> {
  const file = bases()?.pglite;
  if (file) return dumpFile(file);
  if (!ownBase) {
    const first = await openDatabase({});
    await first.migrate();
    ownBase = await first.pglite!.dumpDataDir("none");
    await first.close();
  }
  return ownBase;
}

/**
 * A migrated embedded database written into `dir` (a DATA_DIR's `db` folder), as a server's first start
 * leaves it: the run's base loaded, without initdb and every migration again (3.4 -> 0.5 CPU-s).
 */
export async function createTestDataDir(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir, loadDataDir: await pgliteBase() });
  await database.close();
}
