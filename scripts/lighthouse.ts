/**
 * Lighthouse on the home, a category and a template page, desktop and mobile, against a running
 * server (LIGHTHOUSE_BASE, default http://localhost:3000). Uses Debian's Chromium; fetches
 * lighthouse@13.5 with npx on first use. Usage: npm run lighthouse
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const base = process.env.LIGHTHOUSE_BASE ?? "http://localhost:3000";
const html = await (await fetch(`${base}/business`)).text();
const slug = /href="\/template\/([a-z0-9-]+)"/.exec(html)?.[1];
const pages = { home: "/", category: "/business", template: `/template/${slug}` };
const flags =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
const out = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-lh-"));
const rows: string[] = [];
for (const preset of ["desktop", "mobile"] as const) {
  for (const [name, p] of Object.entries(pages)) {
    const file = path.join(out, `${preset}-${name}.json`);
    const args = [
      "--yes",
      "lighthouse@13.5.0",
      `${base}${p}`,
      "--quiet",
      "--output=json",
      `--output-path=${file}`,
      `--chrome-flags=${flags}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ];
    if (preset === "desktop") args.push("--preset=desktop");
    const r = spawnSync("npx", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    });
    if (r.status !== 0 || !fs.existsSync(file)) {
      rows.push(`${preset.padEnd(8)} ${name.padEnd(9)} failed`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    const c = report.categories;
    const s = (k: string) => String(Math.round((c[k]?.score ?? 0) * 100)).padStart(3);
    const lcp = report.audits["largest-contentful-paint"]?.displayValue ?? "";
    const cls = report.audits["cumulative-layout-shift"]?.displayValue ?? "";
    rows.push(
      `${preset.padEnd(8)} ${name.padEnd(9)} perf ${s("performance")}  a11y ${s("accessibility")}  best ${s("best-practices")}  seo ${s("seo")}  LCP ${lcp}  CLS ${cls}`,
    );
    const failing = Object.values(
      report.audits as Record<string, { score: number | null; title: string; scoreDisplayMode: string }>,
    )
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual",
      )
      .map((a) => a.title)
      .slice(0, 8);
    if (failing.length) rows.push(`         ${"".padEnd(9)} to look at: ${failing.join("; ")}`);
  }
}
console.log(rows.join("\n"));
console.log(`reports: ${out}`);
