/**
 * `npm run blog:import -- FOLDER [--prune] [--dry-run]`: imports a folder of Markdown articles into the
 * blog (README: "Writing blog articles"). It checks the whole folder first and writes nothing when
 * anything is wrong (each problem is printed with its file, and the exit code is 1). `--prune` also
 * deletes articles, and tags no article uses, that are not in the folder; `--dry-run` only checks and
 * counts. It works on the database and file storage the server uses: DATABASE_URL, else the embedded
 * database in DATA_DIR (stop the server first: the embedded database takes one process at a time);
 * S3_* when set, else DATA_DIR/files.
 */
import path from "node:path";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { type ImportSummary, importBlogFolder } from "#modules/blog/import.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { type Logger, systemClock } from "#modules/shared/context.ts";
import { embeddedDatabaseHeld } from "./embedded-database.ts";

const USAGE = "usage: npm run blog:import -- FOLDER [--prune] [--dry-run]";

/** Warnings and errors only: the summary is the command's answer. */
const quiet: Logger = {
  info() {},
  warn: (msg, fields) => console.error(msg, fields ?? ""),
  error: (msg, fields) => console.error(msg, fields ?? ""),
};

function summaryText(r: ImportSummary, dryRun: boolean): string {
  const line = (what: string, c: Record<string, number>) =>
    `${what}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.removed} removed`;
  return [
    dryRun ? "Dry run: the folder is fine; this is what an import would do (nothing was written)." : "Blog imported.",
    line("Categories and tags", r.tags),
    line("Articles", r.posts),
  ].join("\n");
}

export async function runBlogCommand(
  args: string[],
  env = getEnv(),
  cwd = process.env.INIT_CWD ?? process.cwd(),
): Promise<{ code: number; out: string }> {
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const folders = args.filter((a) => !a.startsWith("--"));
  const known = [...flags].every((f) => f === "--prune" || f === "--dry-run");
  if (folders.length !== 1 || !known) return { code: 2, out: USAGE };
  const folder = path.resolve(cwd, folders[0]);
  const dryRun = flags.has("--dry-run");
  const held = embeddedDatabaseHeld(env, "Nothing was imported.");
  if (held) return { code: 1, out: held };
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: 2 } : { dataDir: path.join(env.dataDir, "db") },
  );
  try {
    await database.migrate();
    const storage = env.s3 ? s3Storage(env.s3) : diskStorage(path.join(env.dataDir, "files"));
    const result = await importBlogFolder({ db: database.db, storage, clock: systemClock, log: quiet }, folder, {
      prune: flags.has("--prune"),
      dryRun,
    });
    if (result.errors.length) {
      const lines = result.errors.map((e) => `${e.file}: ${e.message}`);
      return {
        code: 1,
        out: [
          `Nothing was imported: ${lines.length} problem${lines.length > 1 ? "s" : ""} in ${folder}`,
          ...lines,
        ].join("\n"),
      };
    }
    return { code: 0, out: summaryText(result, dryRun) };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { code, out } = await runBlogCommand(process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    process.exit(code);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
