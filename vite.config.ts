import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const here = (p: string) => path.join(import.meta.dirname, p);
/**
 * Fewer, larger files for the browser to fetch before a page works (each small chunk costs a request,
 * six at a time over HTTP/1.1): the project's modules that every page loads (the client entry, the
 * root, the default layout, and the SEO and error helpers nearly every route imports) go in one
 * "chrome" chunk with the libraries they pull in; the template card (home, lists, articles) in a "cards"
 * chunk, and what only list pages add (results, filters, pagination) in one "catalog" chunk. Everything else keeps the bundler's own chunks.
 */
const GROUPS = {
  chrome: [
    "app/entry.client.tsx",
    "app/root.tsx?__react-router-build-client-route",
    "app/routes/layout/default.tsx?__react-router-build-client-route",
    "app/lib/seo.ts",
    "app/components/error-view.tsx",
  ].map(here),
  cards: ["app/components/catalog/template-card.tsx", "app/components/blog/post-card.tsx"].map(here),
  catalog: [
    "app/components/catalog/results.tsx",
    "app/components/catalog/filter-bar.tsx",
    "app/components/catalog/pagination.tsx",
  ].map(here),
};
/** Libraries that go with a group (React DOM stays in the entry's chunk, fetched beside it). */
const LIBRARIES: Record<string, RegExp> = {
  chrome: /node_modules[\\/](?!react-dom[\\/]|scheduler[\\/])/,
};
const RUNTIME = /^\0rolldown[\\/]runtime/;
const ROUTE_MODULE = /\?__react-router-build-client-route$|[\\/]entry\.client\.tsx$/;
let chunkOf: Map<string, string> | undefined;

/** The project's modules each group's starting points import, directly or not (first group wins). */
function assign(graph: ModuleGraph): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, starts] of Object.entries(GROUPS)) {
    const visit = (id: string) => {
      if (found.has(id) || id.startsWith("\0") || (id.includes("node_modules") && !LIBRARIES[name]?.test(id))) return;
      const info = graph.getModuleInfo(id);
      if (!info) return;
      found.set(id, name);
      for (const next of info.importedIds) visit(next);
    };
    for (const start of starts) visit(start);
  }
  // Route modules and the entry stay chunks of their own (the route manifest points at them).
  for (const id of found.keys()) if (ROUTE_MODULE.test(id)) found.delete(id);
  return found;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed copies of the browser's files (.br at Brotli's best, .gz at level 9), written once at build
 * time: the server sends them as they are (serveStatic's `precompressed`) instead of gzipping each
 * answer, and Brotli is 10-15% smaller than gzip on the scripts.
 */
function precompress(): Plugin {
  return {
    name: "slidenest:precompress",
    apply: "build",
    applyToEnvironment: (env) => env.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir as string;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => /\.(js|css|svg|json|txt|html)$/.test(file))
          .map(async (file) => {
            const data = await fs.readFile(path.join(dir, file));
            if (data.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: 9 }),
            ]);
            await Promise.all([
              fs.writeFile(path.join(dir, `${file}.br`), br),
              fs.writeFile(path.join(dir, `${file}.gz`), gz),
            ]);
          }),
      );
    },
  };
}

/**
 * Zod probes `new Function("")` once, when its first object schema is built, to know whether it may
 * compile object parsers. Under the site's CSP (no 'unsafe-eval') the probe fails quietly, but Chrome
 * records a CSP issue for it (Lighthouse's best-practices "issues" audit: 96 on the template page). The
 * browser's zod starts jitless, so it never probes; the server's keeps its compiled parsers.
 */
const ZOD_CONFIG = "(_a.__zod_globalConfig = {})";
function zodJitless(): Plugin {
  return {
    name: "slidenest:zod-jitless",
    applyToEnvironment: (env) => env.name === "client",
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(ZOD_CONFIG)) this.error("zod's global config changed: update slidenest:zod-jitless");
      return code.replace(ZOD_CONFIG, "(_a.__zod_globalConfig = { jitless: true })");
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress(), zodJitless()],
  build: { assetsInlineLimit: 0, sourcemap: process.env.SOURCEMAP === "1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // One group per chunk, the chrome first: a module two groups would take goes to the first.
              groups: Object.keys(GROUPS).map((group, i, all) => ({
                debugName: group,
                priority: all.length - i,
                name(id: string, ctx: ModuleGraph) {
                  chunkOf ??= assign(ctx);
                  // The bundler's own helpers (CommonJS interop for React) go with the chrome too.
                  if (group === "chrome" && RUNTIME.test(id)) return group;
                  return chunkOf.get(id) === group ? group : null;
                },
              })),
            },
          },
        },
      },
    },
  },
  ssr: {
    // Server code that must stay outside the server bundle: loaded by Node at run time.
    external: ["@electric-sql/pglite", "pg", "sharp", "pptxgenjs", "pdfkit"],
  },
});
