import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBlogFolder } from "#modules/blog/import.ts";
import { seedDemo } from "#modules/demo/seed.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { visible } from "#tests/http.ts";
import { createTestServer } from "#tests/server.ts";

/** The blog as a visitor, a feed reader, a crawler and a content client meet it, over the fixture folder. */

const KEY = "content-key-0123456789abcdef-xyz";
let srv: Awaited<ReturnType<typeof createTestServer>>;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  srv = await createTestServer({ env: { CONTENT_API_KEY: KEY } });
  const db = srv.database.db;
  await seedDemo(db, { now: new Date(Date.now() - 86_400_000), count: 12 });
  // The fixture's article names these two templates.
  const ids = await queryRows<{ id: number }>(db, sql`select id from template order by id limit 2`);
  await db.execute(
    sql`update template_translation set slug = 'first-template' where template_id = ${ids[0].id} and locale = 'en'`,
  );
  await db.execute(
    sql`update template_translation set slug = 'second-template' where template_id = ${ids[1].id} and locale = 'en'`,
  );
  const summary = await importBlogFolder(
    { db, storage: diskStorage(path.join(srv.dataDir, "files")), clock: { now: () => new Date() }, log: silent },
    "modules/blog/fixtures/blog",
  );
  expect(summary.errors).toEqual([]);
});
afterAll(async () => {
  await srv?.cleanup();
});

const get = (p: string, init?: RequestInit) => srv.request(p, init);
const html = async (p: string) => {
  const res = await get(p);
  return { status: res.status, body: await res.text(), res };
};

describe("pages", () => {
  it("lists the articles of each language with the blog's categories, search, feed and alternates", async () => {
    const en = await html("/blog");
    expect(en.status).toBe(200);
    expect(en.body).toContain("Your first presentation, step by step");
    expect(en.body).toContain("Colour basics for slides");
    expect(en.body).toMatch(/<nav aria-label="Blog categories"[\s\S]*?href="\/blog\/design"[\s\S]*?<\/nav>/);
    expect(en.body).toContain('action="/blog/search"');
    expect(en.body).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="The SlideNest blog" href="http:\/\/localhost:3000\/blog\/rss.xml"/,
    );
    expect(en.body).toContain('hrefLang="es" href="http://localhost:3000/es/blog"');
    const es = await html("/es/blog");
    expect(es.body).toContain("Nociones de color para diapositivas");
    expect(es.body).not.toContain("Your first presentation");
    expect(es.body).toContain('href="/es/blog/diseno"');
  });

  it("shows an article with its reading time, tags, templates, related articles and JSON-LD", async () => {
    const { status, body } = await html("/blog/presenting/your-first-presentation");
    expect(status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Your first presentation, step by step<\/h1>/);
    expect(body).toMatch(/\d+ min read/);
    expect(body).toContain('href="/blog/beginners"');
    expect(body).toContain('<h2 id="outline">Outline</h2>');
    expect(body).toContain('"@type":"BlogPosting"');
    expect(body).toContain("Keep reading");
    const pitch = await html("/blog/presenting/pitch-deck-in-ten-slides");
    expect(pitch.body).toContain("Templates from this article");
    expect(pitch.body).toMatch(/href="\/template\/first-template"[\s\S]*href="\/template\/second-template"/);
    // An image of the body carries its size.
    const colour = await html("/blog/design/colour-basics");
    expect(colour.body).toMatch(
      /<img src="\/files\/blog\/images\/[a-f0-9]+\.webp" alt="[^"]+" width="\d+" height="\d+"/,
    );
  });

  it("says an article or category is not translated and links to the language it exists in", async () => {
    const { status, body } = await html("/es/blog/presentar/your-first-presentation");
    expect(status).toBe(200);
    expect(visible(body)).toContain("Este artículo no está disponible en español");
    expect(body).toContain('href="/blog/presenting/your-first-presentation"');
    expect(body).toContain('content="noindex, follow"');
    expect(body).toContain('rel="canonical" href="http://localhost:3000/blog/presenting/your-first-presentation"');
  });

  it("sends another language's slug or a wrong category to the right address", async () => {
    const moved = await get("/blog/design/nociones-de-color");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/design/colour-basics");
    const cat = await get("/es/blog/design");
    expect(cat.status).toBe(301);
    expect(cat.headers.get("location")).toBe("/es/blog/diseno");
    const wrong = await get("/blog/presenting/colour-basics");
    expect(wrong.headers.get("location")).toBe("/blog/design/colour-basics");
  });

  it("answers 404 naming what is missing", async () => {
    const cat = await html("/blog/no-such-category");
    expect(cat.status).toBe(404);
    expect(cat.body).toContain("Blog category “no-such-category” could not be found");
    for (const odd of ["/blog/%00", "/blog/design/%00", "/es/blog/%E2%9C%93/x", `/blog/design/${"x".repeat(300)}`])
      expect((await get(odd)).status, odd).toBe(404);
    const art = await html("/es/blog/diseno/no-existe");
    expect(art.status).toBe(404);
    expect(art.body).toContain("No se ha encontrado el artículo «no-existe»");
  });

  it("lists a category, pages with real addresses, and an empty page says there is no data", async () => {
    const cat = await html("/blog/presenting");
    expect(cat.status).toBe(200);
    expect(cat.body).toContain("Ten slides for a pitch deck");
    expect(cat.body).not.toContain("Colour basics for slides");
    expect((await get("/blog?page=abc")).headers.get("location")).toBe("/blog");
    expect((await get("/blog?page=1")).status).toBe(301);
    const far = await html("/blog?page=9");
    expect(far.status).toBe(404);
    expect(far.body).toContain("No data");
  });

  it("searches in the page's language, and without a query goes to the blog", async () => {
    const none = await get("/blog/search");
    expect([301, 302]).toContain(none.status);
    expect(none.headers.get("location")).toBe("/blog");
    expect((await get("/es/blog/search?query=%20%20")).headers.get("location")).toBe("/es/blog");
    const en = await html("/blog/search?query=outline");
    expect(en.body).toContain("Your first presentation, step by step");
    expect(en.body).toContain('value="outline"');
    const es = await html("/es/blog/search?query=inversores");
    expect(es.body).toContain("Diez diapositivas para un pitch deck");
    const nothing = await html("/blog/search?query=zzzqqq");
    expect(nothing.status).toBe(200);
    expect(nothing.body).toContain("Sorry, we couldn&#x27;t find any blogs");
    const odd = await html(`/blog/search?query=${encodeURIComponent("'\"<script>&|!:*()\u0000".repeat(40))}`);
    expect(odd.status).toBe(200);
    expect(odd.body).not.toContain("<script>&amp;");
  });

  it("teases the latest articles on the home page, links the blog in the header", async () => {
    const home = await html("/es");
    expect(home.body).toContain("Del blog");
    expect(home.body).toContain("Diez diapositivas para un pitch deck");
    expect(home.body).toMatch(/<nav aria-label="Principal"[\s\S]*?href="\/es\/blog"/);
  });
});

describe("feeds, sitemap, images", () => {
  it("serves an RSS feed per language with absolute addresses", async () => {
    const res = await get("/es/blog/rss.xml");
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await res.text();
    expect(xml).toContain("<title>El blog de SlideNest</title>");
    expect(xml).toContain("<link>http://localhost:3000/es/blog/diseno/nociones-de-color</link>");
    expect(xml).toContain("<language>es-ES</language>");
    expect(xml).not.toContain("Your first presentation");
    expect(xml).not.toMatch(/src="\/files/);
    // A year is a year, not a number with a thousands separator ("© 2,025").
    expect(xml).toMatch(/<copyright>© \d{4} SlideNest<\/copyright>/);
    expect(await (await get("/blog/rss.xml")).text()).toMatch(/<copyright>© \d{4} SlideNest<\/copyright>/);
  });

  it("lists articles in the sitemap with alternates for the languages they exist in", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/blog/design/colour-basics</loc><lastmod>");
    expect(xml).toMatch(
      /<loc>http:\/\/localhost:3000\/blog\/presenting\/your-first-presentation<\/loc><lastmod>[\d-]+<\/lastmod><xhtml:link rel="alternate" hreflang="en" href="http:\/\/localhost:3000\/blog\/presenting\/your-first-presentation"\/><xhtml:link rel="alternate" hreflang="x-default"/,
    );
    expect(xml).toContain('hreflang="es" href="http://localhost:3000/es/blog/diseno/nociones-de-color"');
  });

  it("serves covers and body images for a year, and nothing else from storage", async () => {
    const page = await (await get("/blog")).text();
    const cover = /src="(\/files\/blog\/covers\/[a-f0-9]+-640\.webp)"/.exec(page)?.[1];
    expect(cover).toBeDefined();
    const img = await get(cover as string);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toContain("immutable");
    for (const bad of [
      "/files/blog/covers/nothere0000000000000000-640.webp",
      "/files/blog/../avatars/1/x.webp",
      "/files/blog/covers/%2e%2e%2fsecret",
      "/files/blog/images/ABC.webp",
    ])
      expect((await get(bad)).status, bad).toBe(404);
  });

  it("answers a cover width drawn after the cover was stored with the next wider one, for an hour, until the import draws it", async () => {
    const page = await (await get("/blog")).text();
    const prefix =
      /srcset="(\/files\/blog\/covers\/[a-f0-9]+)-640\.webp 640w, [^"]*-800\.webp 800w, [^"]*-1280\.webp 1280w"/i.exec(
        page,
      )?.[1];
    expect(prefix, "a card's srcset names 640, 800 and 1280").toBeDefined();
    const storage = diskStorage(path.join(srv.dataDir, "files"));
    const key = (width: number) => `${prefix}-${width}.webp`.slice("/files/".length);
    const wide = await storage.get(key(1280));
    const phone = await storage.get(key(800));
    try {
      // As stored before 800 was a width: the phone's request gets the 1280 instead of nothing.
      await storage.delete(key(800));
      const standIn = await get(`${prefix}-800.webp`);
      expect(standIn.status).toBe(200);
      expect(standIn.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(Buffer.from(await standIn.arrayBuffer()).equals(wide as Buffer)).toBe(true);
      // A width that is not one of the cover widths, or with nothing wider stored, is not found.
      expect((await get(`${prefix}-900.webp`)).status).toBe(404);
      await storage.delete(key(1280));
      expect((await get(`${prefix}-800.webp`)).status).toBe(404);
      expect((await get(`${prefix}-1280.webp`)).status).toBe(404);
    } finally {
      await storage.put(key(800), phone as Buffer);
      await storage.put(key(1280), wide as Buffer);
    }
    const exact = await get(`${prefix}-800.webp`);
    expect(exact.headers.get("cache-control")).toContain("immutable");
  });
});

describe("GET /api/tags (the content service's call)", () => {
  const api = (q: string, auth: string | null = `Bearer ${KEY}`) =>
    get(`/api/tags?${q}`, { headers: auth ? { Authorization: auth } : {} });

  it("answers the blog's categories as the content service does", async () => {
    const res = await api(
      "filters[isCategory][$eq]=true&sort=updatedAt:asc&fields[0]=title&fields[1]=slug&populate[posts][fields][0]=id&locale=es",
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { id: number; attributes: Record<string, unknown> }[]; meta: unknown };
    expect(body.data.map((d) => d.attributes.slug).sort()).toEqual(["diseno", "presentar"]);
    expect(body.data[0].attributes).toEqual({
      title: expect.any(String),
      slug: expect.any(String),
      posts: expect.any(Object),
    });
    expect(body.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } });
  });

  it("refuses a missing or wrong key, and bad queries, in the content service's error shape", async () => {
    for (const auth of [null, "Bearer wrong", `Basic ${KEY}`, `Bearer ${KEY}x`]) {
      const res = await api("locale=en", auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ data: null, error: { status: 401, name: "UnauthorizedError" } });
    }
    const bad = await api("filters[secret][$eq]=1");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      data: null,
      error: { status: 400, name: "ValidationError", message: "Invalid query: filter: secret" },
    });
    const es = await get("/api/tags?sort=nope", { headers: { Authorization: `Bearer ${KEY}`, locale: "es" } });
    expect((await es.json()).error.message).toBe("Consulta no válida: sort: nope");
  });

  it("does not exist without a configured key", async () => {
    const other = await createTestServer({ database: srv.database, dataDir: srv.dataDir });
    try {
      const res = await other.request("/api/tags", { headers: { Authorization: `Bearer ${KEY}` } });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
