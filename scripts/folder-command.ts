/**
 * What the folder-import commands (blog:import, templates:import) share: their arguments
 * (FOLDER [--dry-run] [--prune]), the refusal while the server holds the embedded database, the
 * database and file storage the server uses, and how a command's answer reaches the shell.
 */
import os from "node:os";
import path from "node:path";
import type { Env } from "#config/env.server.ts";
import { type Database, openDatabase } from "#db/client.server.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage, type Storage } from "#modules/files/storage.ts";
import { embeddedDatabaseHeld } from "./embedded-database.ts";

export type CommandAnswer = { code: number; out: string };

/** Who ran a command, for the audit log. */
export function shellUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? "unknown user";
  }
}

/** Parses FOLDER [--dry-run] [--prune], opens the server's database and storage, runs `work`, closes. */
export async function runFolderCommand(
  args: string[],
  env: Env,
  cwd: string,
  usage: string,
  work: (
    target: { database: Database; storage: Storage; folder: string },
    opts: { dryRun: boolean; prune: boolean },
  ) => Promise<CommandAnswer>,
): Promise<CommandAnswer> {
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const folders = args.filter((a) => !a.startsWith("--"));
  const known = [...flags].every((f) => f === "--prune" || f === "--dry-run");
  if (folders.length !== 1 || !known) return { code: 2, out: usage };
  const held = embeddedDatabaseHeld(env, "Nothing was imported.");
  if (held) return { code: 1, out: held };
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(env.dataDir, "db") },
  );
  try {
    await database.migrate();
    const storage = env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
    return await work(
      { database, storage, folder: path.resolve(cwd, folders[0]) },
      { dryRun: flags.has("--dry-run"), prune: flags.has("--prune") },
    );
  } finally {
    await database.close();
  }
}

/** Runs a command when its file is the one node was started with: its answer printed, its code the exit code. */
export async function runAsMain(meta: string, run: (args: string[]) => Promise<CommandAnswer>): Promise<void> {
  if (meta !== `file://${process.argv[1]}`) return;
  try {
    const { code, out } = await run(process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    process.exit(code);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
