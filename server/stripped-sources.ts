import fs from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import NODE_BUILD from "../config/node-build.json" with { type: "json" };

/**
 * The server's TypeScript with its types stripped, written by the build (vite.config.ts) to build/node as
 * `<path>.js`: `npm start` loads these instead of the .ts files through server/strip-types-hook.mjs, so
 * node never loads its own TypeScript stripper (amaro: its WebAssembly and its sources, 15-20 MB resident
 * in each process; issue 24, memory). Stripping keeps every line and column: stack traces still point
 * into the .ts files. Test files and declarations are left out. Returns how many files it wrote.
 */
export function writeStrippedSources(root: string): number {
  const out = path.join(root, NODE_BUILD.dir);
  fs.rmSync(out, { recursive: true, force: true });
  let written = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full);
      } else if (/\.(ts|mts)$/.test(entry.name) && !/\.(test|d)\.m?ts$/.test(entry.name)) {
        const copy = path.join(out, `${path.relative(root, full)}.js`);
        fs.mkdirSync(path.dirname(copy), { recursive: true });
        fs.writeFileSync(copy, stripTypeScriptTypes(fs.readFileSync(full, "utf8")));
        written++;
      }
    }
  };
  for (const folder of NODE_BUILD.folders) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  return written;
}
