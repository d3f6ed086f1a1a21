import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBlogFolder } from "#modules/blog/import.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * What a page's first paint waits for on a slow link (issue 24, ADR 0034): no stylesheet in the head
 * (the rules the page uses are inlined there under the response's nonce, cached pages included), the
 * whole stylesheet at the end of the body, the scripts and words at low priority, and only the likely
 * LCP image at high priority.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
let templatePath = "";
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  srv = await createTestServer();
  const db = srv.database.db;
  await seedDemo(db, { now: new Date(Date.now() - 86_400_000), count: 12 });
  // The fixture's articles (one names templates this catalogue lacks and is left out: not needed here).
  await importBlogFolder(
    { db, storage: diskStorage(path.join(srv.dataDir, "files")), clock: { now: () => new Date() }, log: silent },
    "modules/blog/fixtures/blog",
  );
  const list = await (await srv.request("/templates")).text();
  templatePath = /href="(\/template\/[a-z0-9-]+)"/.exec(list)?.[1] ?? "";
});
afterAll(async () => {
  await srv?.cleanup();
});

async function page(p: string) {
  const res = await srv.request(p);
  expect(res.status, p).toBe(200);
  const html = await res.text();
  const at = html.indexOf("</head>");
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
  return { res, html, head: html.slice(0, at), body: html.slice(at), nonce };
}

const PAGES = ["/", "/es", "/business", "/es/business", "/search?q=plan", "/pricing", "/es/pricing", "/blog"];

describe("the head of a page", () => {
  it.each(PAGES)("%s: the CSS it uses inline under the response's nonce, no stylesheet to wait for", async (p) => {
    const { head, body, nonce } = await page(p);
    expect(nonce).not.toBe("");
    const style = /<style data-used-css="" nonce="([^"]+)">([\s\S]*?)<\/style>/.exec(head);
    expect(style, "inline CSS in the head").not.toBeNull();
    expect(style?.[1]).toBe(nonce);
    // The page's own classes are styled by it; the operator area's are not.
    expect(style?.[2]).toContain(".container-page{");
    expect(style?.[2]).toContain("@font-face");
    expect(style?.[2]).not.toContain(".operator-");
    expect(style?.[2].length).toBeLessThan(60_000);
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    // The whole stylesheet: at the end of the body, at low priority.
    expect(body).toMatch(
      /<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css" nonce="[^"]+" fetchPriority="low"\/>/i,
    );
  });

  it("a cached page's inline CSS carries each answer's own nonce", async () => {
    const first = await page("/business");
    const second = await page("/business");
    expect(second.res.headers.get("X-Page-Cache")).toBe("HIT");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.head).toContain(`<style data-used-css="" nonce="${second.nonce}">`);
    expect(second.html).not.toContain(first.nonce);
  });

  it("scripts and words are fetched at low priority: the first paint does not need them", async () => {
    const { head, body } = await page("/business");
    const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(2);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    expect(body).toMatch(/<script nonce="[^"]+" type="module" async="" fetchpriority="low">/);
    const words = head.match(/<link[^>]*data-messages=""[^>]*>/g) ?? [];
    expect(words.length).toBeGreaterThan(0);
    for (const link of words) expect(link).toMatch(/fetchPriority="low"/i);
  });
});

describe("image priorities", () => {
  const images = (html: string) => html.match(/<img [^>]*>/g) ?? [];

  it("a list's first card image is the one fetched first; the cards past the first row wait", async () => {
    const imgs = images((await page("/templates")).body);
    expect(imgs.length).toBeGreaterThan(4);
    expect(imgs[0]).toMatch(/fetchPriority="high"/i);
    expect(imgs[0]).not.toContain('loading="lazy"');
    expect(imgs.filter((i) => /fetchPriority="high"/i.test(i))).toHaveLength(1);
    for (const img of imgs.slice(4)) expect(img).toContain('loading="lazy"');
  });

  it("a template page's first slide is fetched first", async () => {
    expect(templatePath).not.toBe("");
    const imgs = images((await page(templatePath)).body);
    const high = imgs.filter((i) => /fetchPriority="high"/i.test(i));
    expect(high).toHaveLength(1);
    expect(high[0]).toMatch(/\/1-\d+\.webp/);
    expect(high[0]).not.toContain('loading="lazy"');
  });
});

describe("the browser's scripts", () => {
  it("start zod jitless: it never probes `new Function`, which the CSP refuses and Chrome reports", () => {
    const dir = path.resolve("build/client/assets");
    const withZod = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".js"))
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .filter((code) => code.includes("__zod_globalConfig"));
    expect(withZod.length).toBeGreaterThan(0);
    for (const code of withZod) expect(code).toMatch(/__zod_globalConfig=\{jitless:(?:!0|true)\}/);
  });
});
