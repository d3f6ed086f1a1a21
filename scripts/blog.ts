/**
 * `npm run blog:import -- FOLDER [--prune] [--dry-run]`: imports a folder of Markdown articles into the
 * blog (README: "Writing blog articles"). It checks the whole folder first and writes nothing when
 * anything is wrong (each problem is printed with its file, and the exit code is 1). `--prune` also
 * deletes articles, and tags no article uses, that are not in the folder; `--dry-run` only checks and
 * counts. It works on the database and file storage the server uses: DATABASE_URL, else the embedded
 * database in DATA_DIR (stop the server first: the embedded database takes one process at a time);
 * S3_* when set, else DATA_DIR/files.
 */
import { getEnv } from "#config/env.server.ts";
import { type ImportSummary, importBlogFolder } from "#modules/blog/import.ts";
import { type Logger, systemClock } from "#modules/shared/context.ts";
import { type CommandAnswer, runAsMain, runFolderCommand } from "./folder-command.ts";

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
): Promise<CommandAnswer> {
  return runFolderCommand(args, env, cwd, USAGE, async ({ database, storage, folder }, opts) => {
    const result = await importBlogFolder({ db: database.db, storage, clock: systemClock, log: quiet }, folder, opts);
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
    return { code: 0, out: summaryText(result, opts.dryRun) };
  });
}

await runAsMain(import.meta.url, (args) => runBlogCommand(args));
