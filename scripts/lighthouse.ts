/**
 * `npm run lighthouse`: Lighthouse (performance, accessibility, best practices, SEO) on the home, a
 * category, a template, the search, the blog's list, an article, the pricing and the member's profile
 * page, in English and in Spanish, against a
 * running server (LIGHTHOUSE_BASE, default http://localhost:3000). Uses Debian's Chromium (CHROME_PATH);
 * fetches lighthouse@13.5 with npx on first use. Run one at a time: scores need a quiet machine.
 *
 *   npm run lighthouse                          desktop, the 16 pages
 *   npm run lighthouse -- --mobile              mobile instead (--desktop --mobile: both)
 *   npm run lighthouse -- --pages=home,profile --locales=es
 *
 * The profile page is a member's: the script signs in as a browser does (the log-in form, posted from
 * the site's own origin) with LIGHTHOUSE_LOGIN and LIGHTHOUSE_PASSWORD (default: the demo account
 * free@demo.slidenest.test of demo mode) and gives Lighthouse the session cookie.
 *
 * Prints a table of scores and the audits that fall short per page (a metric at 99 may still round to a
 * category's 100); exits 1 when a category's score is below 100.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

type Locale = "en" | "es";
type Page = { name: string; path: (locale: Locale) => Promise<string>; member?: boolean };

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const base = (process.env.LIGHTHOUSE_BASE ?? "http://localhost:3000").replace(/\/$/, "");
const login = process.env.LIGHTHOUSE_LOGIN ?? "free@demo.slidenest.test";
const password = process.env.LIGHTHOUSE_PASSWORD ?? "Demo-pass-2026!";
const presets = args.includes("--mobile")
  ? args.includes("--desktop")
    ? (["desktop", "mobile"] as const)
    : (["mobile"] as const)
  : (["desktop"] as const);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const SHORT: Record<(typeof CATEGORIES)[number], string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best",
  seo: "seo",
};

const prefixed = (locale: Locale, p: string) => (locale === "en" ? p : p === "/" ? "/es" : `/es${p}`);

/** The first link on a locale's page that matches `pattern` (slugs differ per locale). */
async function firstLink(locale: Locale, page: string, pattern: RegExp, what: string): Promise<string> {
  const res = await fetch(`${base}${prefixed(locale, page)}`);
  const found = pattern.exec(await res.text())?.[1];
  if (!found) throw new Error(`no ${what} on ${prefixed(locale, page)} (${res.status})`);
  return found;
}
/** The first template card of the locale's business category. */
const firstTemplate = (locale: Locale) =>
  firstLink(locale, "/business", /href="((?:\/es)?\/template\/[^"?#]+)"/, "template card");
/** The first article of the locale's blog (`/blog/<category>/<slug>`). */
const firstArticle = (locale: Locale) =>
  firstLink(locale, "/blog", /href="((?:\/es)?\/blog\/(?!search\b|rss\.xml)[^"/?#]+\/[^"/?#]+)"/, "article");

const PAGES: Page[] = [
  { name: "home", path: async (l) => prefixed(l, "/") },
  { name: "category", path: async (l) => prefixed(l, "/business") },
  { name: "template", path: firstTemplate },
  { name: "search", path: async (l) => prefixed(l, "/search?q=business") },
  { name: "blog", path: async (l) => prefixed(l, "/blog") },
  { name: "article", path: firstArticle },
  { name: "pricing", path: async (l) => prefixed(l, "/pricing") },
  { name: "profile", path: async (l) => prefixed(l, "/profile"), member: true },
];

/** Signs in through the log-in form as a browser would; the Cookie header of the new session. */
async function signIn(): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      // The server refuses state changes whose Origin is not its own (CSRF).
      Origin: new URL(base).origin,
      "Sec-Fetch-Site": "same-origin",
    },
    body: new URLSearchParams({ login, password, redirect: "" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => /^[^=]+=./.test(c))
    .join("; ");
  if (!cookie.includes("apollo-token="))
    throw new Error(
      `signing in as ${login} failed (${res.status}); set LIGHTHOUSE_LOGIN and LIGHTHOUSE_PASSWORD to a member's account (the demo accounts exist only in demo mode)`,
    );
  const check = await fetch(`${base}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (check.status !== 200) throw new Error(`signed in, but /profile answered ${check.status}`);
  return cookie;
}

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string };
type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

async function runLighthouse(
  url: string,
  file: string,
  preset: "desktop" | "mobile",
  cookie?: string,
): Promise<Report | string> {
  const lhArgs = [
    "--yes",
    "lighthouse@13.5.0",
    url,
    "--quiet",
    "--output=json",
    `--output-path=${file}`,
    "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync",
    `--only-categories=${CATEGORIES.join(",")}`,
  ];
  if (preset === "desktop") lhArgs.push("--preset=desktop");
  let headers: string | undefined;
  if (cookie) {
    headers = `${file}.headers.json`;
    fs.writeFileSync(headers, JSON.stringify({ Cookie: cookie }), { mode: 0o600 });
    lhArgs.push(`--extra-headers=${headers}`);
  }
  // Not spawnSync: a blocked event loop keeps idle keep-alive sockets that the server has since closed.
  const child = spawn("npx", lhArgs, {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  });
  const [status] = (await once(child, "exit")) as [number | null];
  if (headers) fs.rmSync(headers, { force: true });
  if (status !== 0 || !fs.existsSync(file)) return `lighthouse exited with ${status}`;
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as Report;
  return report.runtimeError ? report.runtimeError.message : report;
}

/** Audits that cost points: scored below 1 in a category that counts them (weight above 0). */
function shortfalls(report: Report): Audit[] {
  const weighted = new Set(
    CATEGORIES.flatMap((c) => report.categories[c]?.auditRefs.filter((a) => a.weight > 0).map((a) => a.id) ?? []),
  );
  return Object.values(report.audits).filter(
    (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && weighted.has(a.id),
  );
}

const onlyPages = option("pages")?.split(",");
const locales = (option("locales")?.split(",") ?? ["en", "es"]) as Locale[];
const pages = PAGES.filter((p) => !onlyPages || onlyPages.includes(p.name));
const out = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-lh-"));
const rows: string[] = [];
const notes: string[] = [];
let failed = false;
const pad = (s: string, n: number) => s.padEnd(n);
const head = `${pad("form", 8)}${pad("page", 10)}${pad("locale", 7)}${CATEGORIES.map((c) => SHORT[c].padStart(5)).join("")}   FCP      LCP      CLS    TBT`;

for (const preset of presets) {
  for (const page of pages) {
    for (const locale of locales) {
      const label = `${pad(preset, 8)}${pad(page.name, 10)}${pad(locale, 7)}`;
      let url: string;
      let cookie: string | undefined;
      try {
        url = `${base}${await page.path(locale)}`;
        // A fresh session per run: an access token lasts 15 minutes and must not need a refresh.
        if (page.member) cookie = await signIn();
      } catch (error) {
        const e = error as Error;
        rows.push(`${label}failed: ${e.message}${e.cause ? ` (${(e.cause as Error).message ?? e.cause})` : ""}`);
        failed = true;
        continue;
      }
      const file = path.join(out, `${preset}-${page.name}-${locale}.json`);
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART) and asks to be run again: once.
      let report = await runLighthouse(url, file, preset, cookie);
      if (typeof report === "string") report = await runLighthouse(url, file, preset, cookie);
      if (typeof report === "string") {
        rows.push(`${label}failed: ${report}`);
        failed = true;
        continue;
      }
      const audits = report.audits;
      const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
      const metric = (id: string, n: number) => pad(audits[id]?.displayValue ?? "", n);
      rows.push(
        `${label}${CATEGORIES.map((c) => String(score(c)).padStart(5)).join("")}   ${metric("first-contentful-paint", 9)}${metric("largest-contentful-paint", 9)}${metric("cumulative-layout-shift", 7)}${metric("total-blocking-time", 8)}`,
      );
      if (CATEGORIES.some((c) => score(c) < 100)) failed = true;
      const short = shortfalls(report);
      if (short.length)
        notes.push(
          `${preset} ${page.name} ${locale} (${url}):`,
          ...short.map(
            (a) =>
              `  ${a.id} (${Math.round((a.score ?? 0) * 100)}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}`,
          ),
        );
    }
  }
}

console.log(head);
console.log(rows.join("\n"));
if (notes.length) console.log(`\nAudits short of full marks:\n${notes.join("\n")}`);
console.log(`\nreports: ${out}`);
process.exit(failed ? 1 : 0);
