/**
 * The shape of the code (issue 21, "rules that hold themselves"), read with dpdm (the project's tsconfig
 * resolving the `#…` imports): import cycles (type-only imports count: a cycle of types is still two
 * files that cannot be read apart) and imports of a domain module from modules/shared. Prints them as
 * JSON; exits 1 when there is any. `node scripts/import-rules.ts`; scripts/import-rules.test.ts runs it.
 */
import { glob } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = [
  "app/**/*.{ts,tsx}",
  "modules/**/*.ts",
  "server/**/*.ts",
  "db/**/*.ts",
  "config/**/*.ts",
  "scripts/**/*.ts",
];

export async function importViolations() {
  const entries: string[] = [];
  for (const pattern of SOURCES)
    for await (const file of glob(pattern, { cwd: root }))
      if (!/\.test\.tsx?$|\.d\.ts$|[\\/]\+types[\\/]/.test(file)) entries.push(file);
  process.chdir(root);
  const tree = await parseDependencyTree(entries, {
    context: root,
    tsconfig: "tsconfig.json",
    transform: false,
    skipDynamicImports: false,
    include: /\.(ts|tsx|mjs|js)$/,
    exclude: /node_modules/,
  });
  const unresolved: string[] = [];
  const sharedToDomain: string[] = [];
  for (const [file, deps] of Object.entries(tree)) {
    for (const d of deps ?? []) {
      if (d.id === null && d.request.startsWith("#")) unresolved.push(`${file} -> ${d.request}`);
      if (file.startsWith("modules/shared/") && d.id?.startsWith("modules/") && !d.id.startsWith("modules/shared/"))
        sharedToDomain.push(`${file} -> ${d.id}`);
    }
  }
  return {
    files: Object.keys(tree).filter((f) => !f.startsWith("node_modules/")).length,
    cycles: parseCircular(tree).map((c) => c.join(" -> ")),
    sharedToDomain,
    unresolved,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const v = await importViolations();
  console.log(JSON.stringify(v, null, 2));
  process.exit(v.cycles.length || v.sharedToDomain.length || v.unresolved.length ? 1 : 0);
}
