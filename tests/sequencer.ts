/**
 * Vitest's order, one project after another, and within a project the files known to take longest
 * first. On a fresh clone Vitest has no timings to go by and starts the largest files first; the slowest
 * ones here are small (they wait on child processes: the command-line scripts, the server binary,
 * LibreOffice), and one of them started last kept a worker busy alone for half a minute or more after
 * the rest had finished. A stale entry costs nothing; a missing one only that tail.
 *
 * Projects stay together because a worker is kept for the next file only when that file is of the same
 * project (`isolate: false`): with the slow files of every project first, interleaved, a run started 36
 * workers, each new one importing the app and compiling PGlite again; with each project's files
 * together, 16 (docs/decisions/0023-test-harness.md, "Sixth pass").
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW_FIRST = [
  // Seconds per run on a quiet machine (CI of 16:34, main at 174f6b1; both databases where two). In
  // brackets, on the slower machine of session 28 (fresh memory at 14 us a page fault: ADR 0023, "Tenth
  // pass"), where the LibreOffice files grew most: they follow the spawns.
  "scripts/account.test.ts", // 31 [88] (unit: the command on its own embedded data folder)
  "scripts/templates.test.ts", // 24 [99]
  "server/main.test.ts", // 18 [118]
  "modules/slides/attribution.test.ts", // 6 [54] (LibreOffice)
  "modules/slides/previews.test.ts", // 6 [34] (LibreOffice)
  "modules/slides/office.test.ts", // [31] (LibreOffice)
  "modules/demo/templates.test.ts", // 13 + 12
  "modules/search/plan.test.ts", // 16 + 8
  "modules/templates/uploads.test.ts", // 11 + 5
  "modules/downloads/service.test.ts", // 10 + 8
  "server/contact.test.ts", // 8 + 6
  "modules/blog/import.test.ts", // 8 + 4
  "server/auth.test.ts", // 8 + 5
  "modules/search/service.test.ts", // 7 + 4
  "modules/contact/service.test.ts", // 6 + 5
  "db/client.test.ts", // 6 + 6
  "modules/templates/import.test.ts", // 5 + 4
];

/** The command-line and server spawns first (they wait on child processes), the PostgreSQL http files last. */
const PROJECTS = ["unit", "db", "db-postgres", "http", "http-postgres"];

const projectRank = (spec: TestSpecification) => {
  const i = PROJECTS.indexOf(spec.project.name);
  return i < 0 ? PROJECTS.length : i;
};

const rank = (spec: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i < 0 ? SLOW_FIRST.length : i;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => projectRank(a.spec) - projectRank(b.spec) || rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
