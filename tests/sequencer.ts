/**
 * Vitest's order, with the files known to take longest first. On a fresh clone Vitest has no timings
 * to go by and starts the largest files first; the slowest ones here are small (they wait on child
 * processes: the command-line scripts, the server binary, LibreOffice), and one of them started last
 * kept a worker busy alone for half a minute or more after the rest had finished. A stale entry costs
 * nothing; a missing one only that tail.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOW_FIRST = [
  "scripts/account.test.ts",
  "scripts/templates.test.ts",
  "server/main.test.ts",
  "modules/demo/templates.test.ts",
  "modules/search/plan.test.ts",
  "modules/templates/uploads.test.ts",
  "modules/templates/import.test.ts",
  "modules/downloads/service.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i < 0 ? SLOW_FIRST.length : i;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
