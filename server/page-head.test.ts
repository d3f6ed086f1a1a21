import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deferredLinks } from "#app/lib/scripts-after-paint.server.ts";
import { WIDE_IMAGE_MEDIA } from "#config/browser.ts";
import { importBlogFolder } from "#modules/blog/import.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * What a page's first paint waits for on a slow link (issue 24, ADR 0034): one stylesheet in the head
 * (inlining the page's rules was measured and reverted), and only the likely LCP image at high priority.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
let templatePath = "";
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  srv = await createTestServer();
  const db = srv.database.db;
  await seedDemo(db, { now: new Date(Date.now() - 86_400_000), count: 12 });
  // The fixture's articles; one names these two templates.
  for (const [i, slug] of ["first-template", "second-template"].entries())
    await db.execute(
      sql`update template_translation set slug = ${slug} where locale = 'en' and template_id = (select id from template order by id offset ${i} limit 1)`,
    );
  const imported = await importBlogFolder(
    { db, storage: diskStorage(path.join(srv.dataDir, "files")), clock: { now: () => new Date() }, log: silent },
    "modules/blog/fixtures/blog",
  );
  expect(imported.errors).toEqual([]);
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

/** The scripts a page loads after its first paint, as the loader adds their preloads. */
const preloadsOf = (body: string) => deferredLinks(body).preloads;

describe("the head of a page", () => {
  it("waits for one stylesheet, linked in the head (ADR 0034: the inlined rules were measured and reverted)", async () => {
    const { head } = await page("/business");
    expect(head.match(/<link[^>]*rel="stylesheet"[^>]*>/g)).toEqual([
      expect.stringMatching(/href="\/assets\/app-[\w-]+\.css"/),
    ]);
    expect(head).not.toContain("<style data-used-css");
  });

  it("asks for the stylesheet before the font and anything else the head names", async () => {
    for (const p of ["/business", templatePath]) {
      const { head } = await page(p);
      const sheet = head.search(/<link[^>]*rel="stylesheet"/);
      expect(sheet, p).toBeGreaterThan(0);
      expect(sheet, p).toBeLessThan(head.indexOf('as="font"'));
    }
  });

  it("names no script, words or manifest: they are asked for after the first paint (ADR 0037)", async () => {
    for (const p of ["/", "/business", templatePath, "/blog", "/pricing", "/es/business"]) {
      const { head, body, nonce } = await page(p);
      expect(head, p).not.toContain("modulepreload");
      expect(head, p).not.toMatch(/<script[^>]*type="module"/);
      expect(head, p).not.toContain("data-messages");
      expect(head, p).not.toContain('rel="manifest"');
      // The words of the root and of the page, in the page's language, and the manifest, wait with the scripts.
      const { words } = deferredLinks(body);
      const lang = p.startsWith("/es") ? "es" : "en";
      expect(words[0], p).toMatch(new RegExp(`^/i18n/${lang}/root\\.[0-9a-f]+\\.json$`));
      expect(words.length, p).toBeGreaterThan(1);
      for (const href of words) expect((await srv.request(href)).status, href).toBe(200);
      expect(body, p).toContain('data-manifest="/site.webmanifest"');
      // React Router's module script, inert, with the preloads it had in the head, the client entry first.
      const inert = [...body.matchAll(/<script type="text\/x-deferred-module" data-preloads="([^"]*)"[^>]*>/g)];
      expect(inert, p).toHaveLength(1);
      const preloads = (inert[0]?.[1] ?? "").split(" ");
      expect(preloads[0], p).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
      expect(preloads.length, p).toBeGreaterThan(3);
      for (const src of preloads) expect(fs.existsSync(path.resolve("build/client", `.${src}`)), src).toBe(true);
      // The loader follows it at once and carries this answer's nonce (so the CSP lets it run).
      const after = body.slice(body.indexOf("</script>", inert[0]?.index) + "</script>".length);
      expect(after.startsWith(`<script nonce="${nonce}">`), p).toBe(true);
      expect(after.slice(0, after.indexOf("</script>"))).toContain("first-contentful-paint");
      expect(body, p).not.toMatch(/<script[^>]*type="module"/);
    }
  });

  it("a page from the page cache carries its own answer's nonce in the loader", async () => {
    const first = await page("/pricing");
    const second = await page("/pricing");
    expect(second.res.headers.get("x-page-cache")).toBe("HIT");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`<script nonce="${second.nonce}">(()=>{`);
    expect(second.body).not.toContain(first.nonce);
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

  // A preload in the head is weighed against a 980 px page before a phone's viewport applies: a phone then
  // fetched the widest slide or cover (ViewportImage). The image itself is found as early, at the right width.
  it("a template page's first slide and an article's cover are not preloaded from the head at a width of their own", async () => {
    const list = (await page("/blog")).body;
    const article = /href="(\/blog\/(?!tag\/)[^"/?#]+\/[^"/?#]+)"/.exec(list)?.[1] ?? "";
    expect(article).not.toBe("");
    for (const p of [templatePath, article]) {
      const { head, body } = await page(p);
      const high = images(body).filter((i) => /fetchPriority="high"/i.test(i));
      expect(high, p).toHaveLength(1);
      // The <img> offers the narrower candidates; the widest only a <source> for wide or dense screens,
      // which a phone's 980 px before its viewport is not (ViewportImage).
      expect(high[0], p).toMatch(/srcSet="[^"]*-(800|960)\.webp (800|960)w"/i);
      expect(high[0], p).not.toMatch(/1280\.webp 1280w/i);
      const source = /<picture[^>]*><source ([^>]*)>/.exec(body)?.[1] ?? "";
      expect(source, p).toContain(`media="${WIDE_IMAGE_MEDIA}"`);
      expect(source, p).toMatch(/srcSet="[^"]*1280\.webp 1280w"/i);
      expect(head, p).not.toMatch(/<link rel="preload" as="image"/);
    }
    // A list's card previews keep theirs: every phone width takes their widest candidate anyway.
    expect((await page("/templates")).head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
  });
});

describe("the browser's scripts", () => {
  it("carry no server code: no database layer, no node built-ins (a value imported from a server module pulls it in)", () => {
    const dir = path.resolve("build/client/assets");
    const scripts = fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(20);
    for (const f of scripts)
      expect(/drizzle|node:crypto/.test(fs.readFileSync(path.join(dir, f), "utf8")), f).toBe(false);
  });

  it("a page with no form of its own fetches no form checks (zod): the template page and pricing", async () => {
    for (const p of [templatePath, "/pricing"]) {
      const scripts = preloadsOf((await page(p)).body);
      expect(scripts.length, p).toBeGreaterThan(3);
      for (const src of scripts) {
        const code = fs.readFileSync(path.resolve("build/client", `.${src}`), "utf8");
        expect(code.includes("$ZodObject"), `${p}: ${src}`).toBe(false);
      }
    }
    // The check itself finds zod where a page has a form.
    const withZod = preloadsOf((await page("/contact-us")).body).some((src) =>
      fs.readFileSync(path.resolve("build/client", `.${src}`), "utf8").includes("$ZodObject"),
    );
    expect(withZod).toBe(true);
  });

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
