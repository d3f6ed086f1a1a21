/**
 * Loaded into every Node process of a test run (`--import`, set by scripts/test.ts in NODE_OPTIONS): the
 * command-line scripts the tests spawn, the servers of the E2E run and of bench:cluster, Vitest's workers.
 *
 * Node (24) works out the format of every file it loads from the nearest package.json, and builds that
 * package.json's whole object again for each file: drizzle-orm's is 179 kB (447 exports), read again for
 * each of the hundreds of its files a process loads. That was 190 ms of a 0.9 s start of `npm run account`
 * (a CPU profile: `get` in package_json_reader), and 17 s of CPU over the processes a Vitest run spawns.
 * drizzle-orm is `"type": "module"`, so a relative `.js` import from one of its files is an ES module in
 * the same package: this answers those imports directly, the same URL and format Node would find.
 * Everything else goes to Node's own resolution. The production server does without it (one start).
 */
import { registerHooks } from "node:module";

const DRIZZLE = "/node_modules/drizzle-orm/";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.includes(DRIZZLE) &&
      specifier.startsWith(".") &&
      specifier.endsWith(".js") &&
      context.conditions?.includes("import")
    ) {
      const url = new URL(specifier, parent);
      if (url.href.includes(DRIZZLE)) return { url: url.href, format: "module", shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
