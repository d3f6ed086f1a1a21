import type { TestProject } from "vitest/node";
import { makeBases } from "./bases.ts";
import { ensureBuild } from "./build.ts";

/**
 * Once per Vitest run, before any test file: the production build the server tests run against (made
 * only when its inputs changed, tests/build.ts), and the migrated base databases every test database is
 * copied from (tests/bases.ts), given to the workers as `inject("testDatabases")`.
 */
export default async function setup(project: TestProject) {
  // The projects of vitest.config.ts that run (all of them unless --project picks some).
  const names = project.vitest.projects.map((p) => p.name).filter((n) => /^(unit|db|http)(-|$)/.test(n));
  const wants = (kind: string) => names.length === 0 || names.some((n) => n === kind || n.startsWith(`${kind}-`));
  if (wants("http")) ensureBuild();
  if (!wants("db") && !wants("http")) return;
  const postgres = names.some((n) => n.endsWith("-postgres")) ? process.env.TEST_DATABASE_URL : undefined;
  const bases = await makeBases(postgres || undefined);
  project.provide("testDatabases", { dir: bases.dir, pglite: bases.pglite, postgres: bases.postgres });
  return () => bases.drop();
}
