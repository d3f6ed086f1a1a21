import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PAGE_CACHE } from "#config/constants.ts";
import { getCatalogVersion, refreshCatalogStats } from "#modules/catalog/service.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createLogger } from "#server/logger.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { createTestServer } from "#tests/server.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer();
  const tax = await createTaxonomy(srv.database.db);
  await createTemplate(srv.database.db, tax, {
    title: "Minimal Startup Pitch Deck",
    titleEs: "Pitch deck minimalista",
    tags: ["pitch-deck"],
    styles: ["minimalist"],
    isPremium: true,
    downloads: 9,
  });
  await createTemplate(srv.database.db, tax, {
    title: "Biology Thesis Defense",
    titleEs: "Defensa de tesis de biología",
    category: "education",
    tags: ["thesis"],
    colors: ["green", "red"],
  });
  await refreshCatalogStats({ db: srv.database.db, clock: { now: () => new Date() } });
});
afterAll(() => srv?.cleanup());

const html = async (path: string, init?: RequestInit) => {
  const res = await srv.request(path, init);
  return { res, text: await res.text() };
};

describe("pages", () => {
  it("serves the home page in English with security headers, a nonce and a request id", async () => {
    const { res, text } = await html("/");
    expect(res.status).toBe(200);
    expect(text).toContain('<html lang="en"');
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(text).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // A client saying "https" is not believed: only the site's address or a trusted proxy says so.
    const claimed = await srv.request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });

  it("uses the browser's language only at /", async () => {
    const es = await srv.request("/", { headers: { "accept-language": "es-ES,es;q=0.9,en;q=0.8" } });
    expect(es.status).toBe(302);
    expect(es.headers.get("location")).toBe("/es");
    const fromSite = await srv.request("/", { headers: { "accept-language": "es", "sec-fetch-site": "same-origin" } });
    expect(fromSite.status).toBe(200);
    const other = await srv.request("/templates", { headers: { "accept-language": "es" } });
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('lang="en"');
  });

  it("serves every list route in both locales with canonical and hreflang links", async () => {
    for (const p of ["/templates", "/trending", "/latest", "/marketing", "/education", "/thesis"]) {
      for (const prefix of ["", "/es"]) {
        const { res, text } = await html(`${prefix}${p}`);
        expect(res.status, `${prefix}${p}`).toBe(200);
        expect(text).toContain(`rel="canonical" href="http://localhost:3000${prefix}${p}"`);
        expect(text).toContain(`hrefLang="es" href="http://localhost:3000/es${p}"`);
        expect(text).toContain(`hrefLang="x-default" href="http://localhost:3000${p}"`);
      }
    }
    const { text } = await html("/es/education");
    expect(text).toContain('lang="es"');
    expect(text).toContain("Defensa de tesis de biología");
  });

  it("filters from the URL and shows the count", async () => {
    const { text } = await html("/templates?license=premium");
    expect(text).toContain("Minimal Startup Pitch Deck");
    expect(text).not.toContain("Biology Thesis Defense");
    expect(text).toContain("1 template");
    const none = await html("/templates?license=premium&color=green");
    expect(none.text).toContain("No templates match these filters");
  });

  it("never answers bad list input with a 500", async () => {
    const long = "x".repeat(10_000);
    const cases = [
      "/templates?page=-1",
      "/templates?page=abc",
      "/templates?page=1",
      `/templates?style=${long}`,
      `/templates?q=${long}&sort=${long}`,
      "/templates?color=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "/templates?sort=1%3Bdrop%20table%20template",
      "/templates?license=free&license=free&license=free",
      "/templates?page=%00",
      "/%00",
      "/es/ma%00rketing",
      "/%F0%9F%98%80",
      "/templates?style=%00&q=%01",
      `/${long}`,
      "/marketing?ratio=5-4&slides=999",
    ];
    for (const p of cases) {
      const res = await srv.request(p);
      expect(res.status, p).toBeLessThan(500);
      if (p.includes("%00") && !p.includes("?")) expect(res.status, p).toBe(404);
      const body = await res.text();
      expect(body).not.toContain("<script>alert(1)</script>");
    }
    const bad = await srv.request("/templates?page=abc&style=minimalist");
    expect(bad.status).toBe(301);
    expect(bad.headers.get("location")).toBe("/templates?style=minimalist");
    const far = await html("/templates?page=99999");
    expect(far.res.status).toBe(404);
    expect(far.text).toContain("This page has no templates");
  });

  it("shows a template, redirects a slug of the other locale, and names a missing one", async () => {
    const { res, text } = await html("/template/minimal-startup-pitch-deck");
    expect(res.status).toBe(200);
    expect(text).toContain("Minimal Startup Pitch Deck");
    expect(text).toContain('"@type":"CreativeWork"');
    expect(text).toContain('"@type":"BreadcrumbList"');
    expect(text).toContain('hrefLang="es" href="http://localhost:3000/es/template/pitch-deck-minimalista"');
    const moved = await srv.request("/es/template/minimal-startup-pitch-deck");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/es/template/pitch-deck-minimalista");
    const missing = await html("/template/no-such-deck");
    expect(missing.res.status).toBe(404);
    expect(missing.text).toContain("Template “no-such-deck” could not be found");
    const missingEs = await html("/es/template/no-such-deck");
    expect(missingEs.text).toContain("No se ha encontrado la plantilla «no-such-deck»");
    // An address that names no category or tag is an unknown page (SPEC §2), which says what was looked for.
    const tag = await html("/es/no-such-tag");
    expect(tag.res.status).toBe(404);
    expect(tag.text).toContain("No se ha podido encontrar esta página");
    expect(tag.text).toContain("No hay ninguna categoría ni etiqueta llamada «no-such-tag»");
    expect(tag.text).not.toContain("No se ha encontrado la etiqueta");
    const about = await html("/about");
    expect(about.text).toContain("<h1");
    expect(about.text).toMatch(/<h1[^>]*>This page could not be found<\/h1>/);
    // A search box and the main links, so the visitor goes on from there.
    expect(about.text).toMatch(
      /<form role="search" aria-label="Search the templates"[^>]*action="\/search" method="get">/,
    );
    for (const link of ['href="/blog"', 'href="/pricing"', 'href="/contact-us"']) expect(about.text).toContain(link);
  });

  it("answers unknown paths with a real 404 page in the right language", async () => {
    const en = await html("/this/does/not/exist");
    expect(en.res.status).toBe(404);
    expect(en.text).toContain("This page could not be found");
    expect(en.text).toContain('href="/"');
    const es = await html("/es/esto/no/existe");
    expect(es.res.status).toBe(404);
    expect(es.text).toContain("No se ha podido encontrar esta página");
    const fr = await html("/fr/templates");
    expect(fr.res.status).toBe(404);
  });

  it("serves the information pages and license PDFs in both languages", async () => {
    for (const p of ["/faq", "/license", "/terms-conditions", "/privacy-policy", "/cookie-policy"]) {
      expect((await srv.request(p)).status, p).toBe(200);
      expect((await srv.request(`/es${p}`)).status, `/es${p}`).toBe(200);
    }
    const terms = await html("/terms-conditions");
    expect(terms.text).toMatch(/18/);
    expect(terms.text).toContain("November 2021");
    for (const p of ["/pdf-license-personal", "/es/pdf-license-commercial"]) {
      const res = await srv.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
  });
});

describe("template views", () => {
  it("counts views of template pages by people, once per visitor and day, cached or not, and not by bots", async () => {
    const ua = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36" };
    const before = await srv.request("/template/biology-thesis-defense", { headers: ua });
    expect(before.status).toBe(200);
    await srv.request("/template/biology-thesis-defense", { headers: ua });
    const third = await srv.request("/es/template/defensa-de-tesis-de-biologia", { headers: ua });
    expect(third.status).toBe(200);
    await srv.request("/template/biology-thesis-defense", {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    await srv.request("/template/no-such-template", { headers: ua });
    await srv.views.flush();
    const [row] = await queryRows<{ views_count: number; day_views: number }>(
      srv.database.db,
      sql`select t.views_count, (select sum(views)::int from template_view_day d where d.template_id = t.id) as day_views
          from template t join template_translation tr on tr.template_id = t.id
          where tr.slug = 'biology-thesis-defense'`,
    );
    // The same visitor: once however often reloaded, in whichever language.
    expect(row.views_count).toBe(1);
    expect(row.day_views).toBe(row.views_count);
  });

  it("counts a visitor once across processes, and each visitor once", async () => {
    const views = async () =>
      (
        await queryRows<{ n: number }>(
          srv.database.db,
          sql`select t.views_count as n from template t join template_translation tr on tr.template_id = t.id
              where tr.slug = 'minimal-startup-pitch-deck'`,
        )
      )[0].n;
    const start = await views();
    const proxied = { env: { TRUST_PROXY: "1" }, database: srv.database };
    const [one, two] = [await createTestServer(proxied), await createTestServer(proxied)];
    try {
      const visit = (s: typeof one, address: string) =>
        s.request("/template/minimal-startup-pitch-deck", {
          headers: { "user-agent": "Mozilla/5.0 Firefox/150.0", "x-forwarded-for": address },
        });
      expect((await visit(one, "203.0.113.7")).status).toBe(200);
      await one.views.flush();
      await visit(two, "203.0.113.7");
      await visit(one, "203.0.113.7");
      await visit(two, "198.51.100.20");
      await Promise.all([one.views.flush(), two.views.flush()]);
      expect(await views()).toBe(start + 2);
    } finally {
      await one.cleanup();
      await two.cleanup();
    }
  });
});

describe("platform", () => {
  it("marks the guest cookie Secure when the site's address is https, whatever the socket says", async () => {
    // A guest's first download attempt (here of a colour that does not exist) gets the guest cookie: through
    // the panel's fetcher, or its plain form without scripts.
    const attempt = async (s: typeof srv, origin: string) =>
      (
        await s.request("/downloads", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin },
          body: "colorId=2000000000&format=PP",
        })
      ).headers;
    expect(
      (await submitFetcher(srv.request, "/downloads", { colorId: "2000000000", format: "PP" })).headers.get(
        "set-cookie",
      ),
    ).toMatch(/^sn_guest=[^;]+; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    const plain = await attempt(srv, "http://localhost:3000");
    expect(plain.get("set-cookie")).toMatch(/^sn_guest=/);
    expect(plain.get("set-cookie")).not.toMatch(/;\s*Secure/i);
    const https = await createTestServer({ database: srv.database, env: { PUBLIC_URL: "https://slidenest.example" } });
    try {
      const res = await attempt(https, "https://slidenest.example");
      expect(res.get("set-cookie")).toMatch(/^sn_guest=.*;\s*Secure/i);
    } finally {
      await https.close();
    }
  });

  it("refuses request bodies over the limit with 413, announced or streamed, in the page's language", async () => {
    const big = "x".repeat(200 * 1024);
    const form = await srv.request("/es/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(big.length + 6) },
      body: `login=${big}`,
    });
    expect(form.status).toBe(413);
    expect(await form.text()).toBe("Esta petición es demasiado grande.");
    const gql = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ me { id } } # ${big}` }),
    });
    expect(gql.status).toBe(413);
    expect(await gql.json()).toMatchObject({ code: "common.errors.tooLarge" });
    // No Content-Length: counted while it streams.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode("y".repeat(8192)));
        controller.close();
      },
    });
    const streamed = await srv.request("/auth/authenticate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // Uploads are not taken by GraphQL.
    const multipart = new FormData();
    multipart.set("operations", JSON.stringify({ query: "{ me { id } }" }));
    const upload = await srv.request("/graphql", { method: "POST", body: multipart });
    expect(upload.status).toBeGreaterThanOrEqual(400);
    expect(upload.status).toBeLessThan(500);
    // Ordinary requests go through.
    expect(
      (
        await srv.request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: "{ me { id } }" }),
        })
      ).status,
    ).toBe(200);
  });

  it("logs a request the client gave up on (a navigation that replaced it) as aborted, beside React Router's 500", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = { ...createLogger("silent"), info: (msg: string, fields?: object) => lines.push({ msg, ...fields }) };
    const own = await createTestServer({ database: srv.database, log });
    try {
      const gone = new AbortController();
      gone.abort();
      expect((await own.request("/templates", { signal: gone.signal })).status).toBe(500);
      expect(lines.filter((l) => l.msg === "request")).toEqual([
        expect.objectContaining({ path: "/templates", status: 500, aborted: true }),
      ]);
    } finally {
      await own.close();
    }
  });

  it("reports health and readiness", async () => {
    expect((await srv.request("/healthz")).status).toBe(200);
    const ready = await srv.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
  });

  it("lists every page of both locales in the sitemap, and points robots at it", async () => {
    const { text } = await html("/sitemap.xml");
    for (const loc of [
      "http://localhost:3000/templates",
      "http://localhost:3000/es/templates",
      "http://localhost:3000/thesis",
      "http://localhost:3000/template/minimal-startup-pitch-deck",
      "http://localhost:3000/es/template/pitch-deck-minimalista",
      "http://localhost:3000/es/faq",
    ]) {
      expect(text).toContain(`<loc>${loc}</loc>`);
    }
    expect(text).toContain('hreflang="x-default"');
    const robots = await html("/robots.txt");
    expect(robots.text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("caches built assets for a year and compresses text", async () => {
    const { text } = await html("/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(text)?.[0];
    expect(asset).toBeTruthy();
    const res = await srv.request(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the build's Brotli copy of a script to browsers that take it, the same script unpacked", async () => {
    const { text } = await html("/");
    const asset = /\/assets\/chrome-[\w-]+\.js/.exec(text)?.[0];
    expect(asset).toBeTruthy();
    const res = await srv.request(asset!, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const packed = Buffer.from(await res.arrayBuffer());
    const original = fs.readFileSync(path.resolve(`build/client${asset}`));
    expect(zlib.brotliDecompressSync(packed).equals(original)).toBe(true);
    expect(packed.length).toBeLessThan(original.length / 3);
  });

  it("serves anonymous pages from its cache with a fresh nonce each time, and drops the cache when the catalog changes", async () => {
    await srv.request("/latest");
    const a = await srv.request("/latest");
    const b = await srv.request("/latest");
    expect(a.headers.get("x-page-cache")).toBe("HIT");
    const nonceA = /'nonce-([^']+)'/.exec(a.headers.get("content-security-policy") ?? "")?.[1];
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonceA).not.toBe(nonceB);
    expect(await b.text()).toContain(`nonce="${nonceB}"`);
  });

  it("answers a page past its time as it was while one render replaces it, and forgets one that no longer renders", async () => {
    const version = await getCatalogVersion({ db: srv.database.db });
    await srv.request("/latest");
    const kept = srv.pageCache.lookup("/latest", version)?.page;
    expect(kept).toBeDefined();
    // As if kept a second longer than its time.
    if (kept) kept.at -= PAGE_CACHE.ttlMs + 1000;
    const set = vi.spyOn(srv.pageCache, "set");
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => srv.request("/latest")));
      expect(answers.map((r) => [r.status, r.headers.get("x-page-cache")])).toEqual(Array(6).fill([200, "STALE"]));
      const nonce = /'nonce-([^']+)'/.exec(answers[0].headers.get("content-security-policy") ?? "")?.[1];
      expect(await answers[0].text()).toContain(`nonce="${nonce}"`);
      await vi.waitFor(() => expect(srv.pageCache.lookup("/latest", version)?.stale).toBe(false));
      // One render for the six, and the next visitor has the new page from the cache.
      expect(set.mock.calls.map(([key]) => key)).toEqual(["/latest"]);
      expect(srv.pageCache.lookup("/latest", version)?.page).not.toBe(kept);
      expect((await srv.request("/latest")).headers.get("x-page-cache")).toBe("HIT");
    } finally {
      set.mockRestore();
    }
    // A page kept for an address that now answers no page (404): answered once more, then forgotten.
    const gone = "/no-such-category-anymore";
    const body = Buffer.from("<!DOCTYPE html><p>kept before</p>");
    srv.pageCache.set(gone, {
      status: 200,
      headers: [["content-type", "text/html; charset=utf-8"]],
      parts: [body],
      size: body.length,
      version,
      at: Date.now() - PAGE_CACHE.ttlMs - 1000,
    });
    // Stale pages are rendered one every PAGE_CACHE.refreshGapMs.
    await new Promise((resolve) => setTimeout(resolve, PAGE_CACHE.refreshGapMs));
    const stale = await srv.request(gone);
    expect([stale.status, stale.headers.get("x-page-cache"), await stale.text()]).toEqual([
      200,
      "STALE",
      body.toString(),
    ]);
    await vi.waitFor(() => expect(srv.pageCache.lookup(gone, version)).toBeUndefined());
    const now = await srv.request(gone);
    expect([now.status, now.headers.get("x-page-cache")]).toEqual([404, null]);
  });

  it("answers GraphQL on /graphql", async () => {
    const res = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", locale: "es" },
      body: JSON.stringify({ query: "{ categories { totalCount list { slug content { name } } } }" }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.categories.list[1].content.name).toBe("Educación");
  });
});

describe("the page cache under made-up addresses", () => {
  it("renders and keeps a page once for the parameters pages read: /?cb=N is /", async () => {
    await srv.request("/education?style=minimalist");
    const size = srv.pageCache.size;
    for (let i = 0; i < 20; i++) {
      const res = await srv.request(`/education?cb=${i}&style=minimalist&utm_source=mail`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache")).toBe("HIT");
    }
    expect(srv.pageCache.size).toBe(size);
    // What was dropped is not in the page either (its links and language switch).
    const page = await (await srv.request("/education?cb=12345&style=minimalist")).text();
    expect(page).not.toContain("12345");
    expect(page).not.toContain("cb=");
  });

  it("limits the renders of pages it lacked per client (hits cost nothing), with Retry-After, in the page's language", async () => {
    const limited = await createTestServer({ database: srv.database, rateLimits: { pageRenders: [3, 1] } });
    try {
      const from = (path: string, peer: string) => limited.request(path, {}, peer);
      const statuses = [];
      for (const p of ["/education", "/education?color=green", "/education?color=red"])
        statuses.push((await from(p, "203.0.113.20")).status);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await from("/es/education?style=minimalist", "203.0.113.20");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(/Demasiadas peticiones/);
      // A page in the cache is still served to that client, and other clients are not held back.
      expect((await from("/education?color=green&cb=1", "203.0.113.20")).headers.get("x-page-cache")).toBe("HIT");
      expect((await from("/es/education?style=minimalist", "203.0.113.21")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("route discovery through the page cache", () => {
  it("answers /__manifest for the paths it is asked about, each time (its parameters are its answer)", async () => {
    const { assets } = (await import(`${process.cwd()}/build/server/index.js`)) as { assets: { version: string } };
    const ask = async (p: string) => {
      const res = await srv.request(`/__manifest?${new URLSearchParams({ paths: p, version: assets.version })}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const template = await ask("/template/minimal-startup-pitch-deck");
    const blog = await ask("/blog/some-category/some-article");
    expect(template).toContain('"id":"template"');
    expect(blog).toContain('"id":"blog/article"');
    expect(blog).not.toBe(template);
  });
});
