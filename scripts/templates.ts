/**
 * `npm run templates:import -- FOLDER [--dry-run] [--prune]`: imports a folder of real templates (README:
 * "Importing templates"). The whole folder is checked first: one problem (printed with its file and
 * field, exit code 1) and nothing is written. New or changed decks make a new version whose previews
 * the job queue draws (the server, or `npm run worker`); `--prune` unpublishes templates of earlier
 * imports the folder no longer has (never deletes them); `--dry-run` only checks and counts. It works on
 * the database and file storage the server uses: DATABASE_URL, else the embedded database in DATA_DIR,
 * which one process holds at a time (the command says so while the server runs); S3_* when set.
 */
import path from "node:path";
import { serverT } from "#app/lib/messages.server.ts";
import { DECK_PREVIEWS } from "#config/constants.ts";
import { getEnv } from "#config/env.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { type Logger, systemClock } from "#modules/shared/context.ts";
import { hasLibreOffice } from "#modules/slides/previews.ts";
import { importTemplateFolder, type TemplateImportSummary } from "#modules/templates/import.ts";
import { embeddedDatabaseHeld } from "./embedded-database.ts";

const USAGE = "usage: npm run templates:import -- FOLDER [--dry-run] [--prune]";

const quiet: Logger = {
  info() {},
  warn: (msg, fields) => console.error(msg, fields ?? ""),
  error: (msg, fields) => console.error(msg, fields ?? ""),
};

function summaryText(r: TemplateImportSummary, dryRun: boolean, converter: boolean): string {
  const t = r.templates;
  const lines = [
    dryRun
      ? "Dry run: the folder is fine; this is what an import would do (nothing was written)."
      : "Templates imported.",
    `Templates: ${t.created} created, ${t.updated} updated, ${t.unchanged} unchanged, ${t.unpublished} unpublished`,
    `Designers: ${r.designers.created} created, ${r.designers.updated} updated, ${r.designers.unchanged} unchanged`,
    `New versions: ${r.versions}${r.versions && !dryRun ? " (their previews are drawn by the job queue: the server or npm run worker; a template shows once its version is ready)" : ""}`,
  ];
  if (r.needConverter && !converter)
    lines.push(
      `LibreOffice is not on this machine: ${r.needConverter} version${r.needConverter > 1 ? "s have variants" : " has a variant"} without a previews/ folder, which only LibreOffice can draw; ${DECK_PREVIEWS.installHint}.`,
    );
  return lines.join("\n");
}

export async function runTemplatesCommand(
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
    const result = await importTemplateFolder({ db: database.db, storage, clock: systemClock, log: quiet }, folder, {
      prune: flags.has("--prune"),
      dryRun,
    });
    if (result.problems.length) {
      const t = serverT("en");
      const lines = result.problems.map(
        (p) => `${p.file}: ${p.code ? `${t(p.code)}${p.message ? ` (${p.message})` : ""}` : p.message}`,
      );
      return {
        code: 1,
        out: [
          `Nothing was imported: ${lines.length} problem${lines.length > 1 ? "s" : ""} in ${folder}`,
          ...lines,
        ].join("\n"),
      };
    }
    return { code: 0, out: summaryText(result, dryRun, hasLibreOffice()) };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { code, out } = await runTemplatesCommand(process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    process.exit(code);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
