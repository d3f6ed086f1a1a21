/**
 * Loaded first by `npm start` and `npm run worker` (`node --import`): a .ts file of the project is read
 * from its copy with the types stripped in build/node (server/stripped-sources.ts, written by the build)
 * when that copy is at least as new as the file, so node never loads its own TypeScript stripper (15-20
 * MB resident; issue 24, memory). A file without a fresh copy (changed since the build) loads as usual.
 * Plain JavaScript: a .ts file here would load the stripper itself.
 */
import fs from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootUrl = `${pathToFileURL(root).href}/`;
const { dir } = JSON.parse(fs.readFileSync(path.join(root, "config/node-build.json"), "utf8"));
const out = path.join(root, dir);

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith(rootUrl) && /\.m?ts$/.test(url)) {
      const file = fileURLToPath(url);
      const copy = path.join(out, `${path.relative(root, file)}.js`);
      const copied = fs.statSync(copy, { throwIfNoEntry: false });
      if (copied && copied.mtimeMs >= fs.statSync(file).mtimeMs)
        return { format: "module", source: fs.readFileSync(copy, "utf8"), shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
