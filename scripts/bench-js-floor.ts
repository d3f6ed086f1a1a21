/**
 * The floor for the home page's JavaScript (issue 11): a bare React Router + React app (a root with
 * Meta, Links, Scripts and ScrollRestoration, one index route with a loader and a Link), built with the
 * project's own packages, versions and Vite settings, its home page rendered and every script it loads
 * gzipped (level 9) as `npm run bench` does for SlideNest's home page.
 * `npm run bench` prints it beside SlideNest's; alone: node scripts/bench-js-floor.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bare", private: true, type: "module" }),
  "react-router.config.ts": `export default { ssr: true, appDirectory: "app", buildDirectory: "build" };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()], build: { assetsInlineLimit: 0 } });
`,
  // React Router's own default server entry, written out: without one it would install isbot.
  "app/entry.server.tsx": `import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}
`,
  "app/routes.ts": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.tsx")];
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body>{children}<ScrollRestoration /><Scripts /></body>
    </html>
  );
}
export default function App() { return <Outlet />; }
`,
  "app/routes/home.tsx": `import { Link } from "react-router";
export function loader() { return { title: "Home" }; }
export default function Home({ loaderData }: { loaderData: { title: string } }) {
  return <main><h1>{loaderData.title}</h1><Link to="/">Home</Link></main>;
}
`,
};

/** Builds the bare app in a temporary folder and answers the gzipped size of its home page's scripts. */
export async function homeJsFloor(): Promise<{ files: number; gzipBytes: number }> {
  // Inside the project (under build/, ignored) so that its packages resolve from the project's node_modules.
  fs.mkdirSync(path.join(root, "build"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, "build", "bare-app-"));
  try {
    for (const [file, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const r = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (r.status !== 0) throw new Error(`bare app build failed:\n${r.stdout}\n${r.stderr}`);
    const build = (await import(pathToFileURL(path.join(dir, "build/server/index.js")).href)) as ServerBuild;
    const html = await (await createRequestHandler(build, "production")(new Request("http://localhost/"))).text();
    const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    let gzipBytes = 0;
    for (const s of scripts)
      gzipBytes += zlib.gzipSync(fs.readFileSync(path.join(dir, "build/client", s)), { level: 9 }).length;
    return { files: scripts.size, gzipBytes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const floor = await homeJsFloor();
  console.log(
    `bare React Router + React home page JS: ${floor.files} files, ${(floor.gzipBytes / 1024).toFixed(1)} kB gzipped`,
  );
}
