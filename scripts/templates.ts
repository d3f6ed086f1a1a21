/**
 * `npm run templates:import -- FOLDER [--dry-run] [--prune]`: imports a folder of real templates (README:
 * "Importing templates"). The whole folder is checked first: one problem (printed with its file and
 * field, exit code 1) and nothing is written. New or changed decks make a new version whose previews
 * the job queue draws (the server, or `npm run worker`); `--prune` unpublishes templates of earlier
 * imports the folder no longer has (never deletes them); `--dry-run` only checks and counts. It works on
 * the database and file storage the server uses: DATABASE_URL, else the embedded database in DATA_DIR,
 * which one process holds at a time (the command says so while the server runs); S3_* when set.
 */

import { DECK_PREVIEWS } from "#config/constants.ts";
import { getEnv } from "#config/env.server.ts";
import { type Logger, systemClock } from "#modules/shared/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { hasLibreOffice } from "#modules/slides/previews.ts";
import { importTemplateFolder, type TemplateImportSummary } from "#modules/templates/import.ts";
import { type CommandAnswer, runAsMain, runFolderCommand, shellUser } from "./folder-command.ts";

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
): Promise<CommandAnswer> {
  return runFolderCommand(args, env, cwd, USAGE, async ({ database, storage, folder }, opts) => {
    const result = await importTemplateFolder({ db: database.db, storage, clock: systemClock, log: quiet }, folder, {
      ...opts,
      actor: { kind: "command", label: shellUser() },
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
    return { code: 0, out: summaryText(result, opts.dryRun, hasLibreOffice()) };
  });
}

await runAsMain(import.meta.url, (args) => runTemplatesCommand(args));
