/**
 * The shape of the code (issue 21, "rules that hold themselves"), read with dpdm (the project's tsconfig
 * resolving the `#…` imports): import cycles (type-only imports count: a cycle of types is still two
 * files that cannot be read apart); imports of a domain module from modules/shared; modules importing an
 * edge (app/ or server/); and app/ and server/ meeting anywhere but their declared entry points
 * (ENTRY_POINTS). Prints them as JSON; exits 1 when there is any. `node scripts/import-rules.ts`; scripts/import-rules.test.ts runs it.
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

/**
 * Where app/ and server/ may meet: the server never imports app/ (it reads the built bundle); app/ reads
 * the load context's type (server/load-context.ts, naming the request context and the services).
 */
const ENTRY_POINTS: Record<string, readonly string[]> = {
  server: [],
  app: ["server/context.ts", "server/load-context.ts", "server/services.server.ts"],
};

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
  const modulesToEdges: string[] = [];
  const edgesMeeting: string[] = [];
  for (const [file, deps] of Object.entries(tree)) {
    for (const d of deps ?? []) {
      if (d.id === null && d.request.startsWith("#")) unresolved.push(`${file} -> ${d.request}`);
      if (!d.id) continue;
      if (file.startsWith("modules/shared/") && d.id.startsWith("modules/") && !d.id.startsWith("modules/shared/"))
        sharedToDomain.push(`${file} -> ${d.id}`);
      if (file.startsWith("modules/") && /^(app|server)\//.test(d.id)) modulesToEdges.push(`${file} -> ${d.id}`);
      for (const [from, to] of [
        ["server", "app"],
        ["app", "server"],
      ] as const)
        if (file.startsWith(`${from}/`) && d.id.startsWith(`${to}/`) && !ENTRY_POINTS[from].includes(d.id))
          if (!(from === "app" && file === "app/context.ts"))
            // app/context.ts is the one app file that names server types.
            edgesMeeting.push(`${file} -> ${d.id}`);
    }
  }
  return {
    files: Object.keys(tree).filter((f) => !f.startsWith("node_modules/")).length,
    cycles: parseCircular(tree).map((c) => c.join(" -> ")),
    sharedToDomain,
    modulesToEdges,
    edgesMeeting,
    unresolved,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const v = await importViolations();
  console.log(JSON.stringify(v, null, 2));
  const broken = [v.cycles, v.sharedToDomain, v.modulesToEdges, v.edgesMeeting, v.unresolved].some((l) => l.length);
  process.exit(broken ? 1 : 0);
}
