import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { visible } from "#tests/http.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Issue 20 as visitors meet it: a template page shows what the file holds (fonts, linked where open;
 * theme colours as swatches with their hex codes; the ratio) and who designed it; a designer's page lists
 * their published templates, 24 a page, in both languages.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const designers: Record<string, number> = {};

beforeAll(async () => {
  srv = await createTestServer();
  const db = srv.database.db;
  const tax = await createTaxonomy(db);
  for (const [key, name, link, en, es] of [
    [
      "ana",
      "Ana López",
      "https://ana.example/portfolio",
      "Decks for teachers and their classes.",
      "Presentaciones para docentes y sus clases.",
    ],
    ["bo", "Bo Chen", null, "Pitch decks.", "Presentaciones para inversores."],
  ] as const) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into designer (key, slug, name, link, bio_en, bio_es)
          values (${key}, ${`${key}-studio`}, ${name}, ${link}, ${en}, ${es}) returning id`,
    );
    designers[key] = rows[0].id;
  }
  const imported = async (designer: string, spec: Parameters<typeof createTemplate>[2]) => {
    const t = await createTemplate(db, tax, spec);
    await db.execute(
      sql`update template set source = 'import', design = null, designer_id = ${designers[designer]} where id = ${t.id}`,
    );
    return t;
  };
  const deck = await imported("ana", {
    title: "Classroom Deck",
    titleEs: "Presentación de aula",
    colors: ["blue", "red"],
    downloads: 1000,
  });
  await db.execute(sql`update template set aspect_ratio = '16:10', heading_font = 'Playfair Display', body_font = 'Calibri',
      fonts = array['Playfair Display', 'Calibri', 'Lato', 'Helvetica Neue'] where id = ${deck.id}`);
  await db.execute(
    sql`update template_color set theme_colors = ${JSON.stringify([
      { name: "dk1", hex: "#0B1221" },
      { name: "lt1", hex: "#FFFFFF" },
      { name: "accent1", hex: "#1D4ED8" },
    ])}::jsonb where id = ${deck.colorIds[0]}`,
  );
  await db.execute(
    sql`update template_color set theme_colors = ${JSON.stringify([
      { name: "dk1", hex: "#1F0A0A" },
      { name: "accent1", hex: "#B91C1C" },
    ])}::jsonb where id = ${deck.colorIds[1]}`,
  );
  // 25 published templates of Ana's in all (two pages of 24), a draft of hers, one of Bo's, a demo one.
  for (let i = 1; i <= 24; i++) await imported("ana", { title: `Ana Lesson ${i}`, downloads: 500 - i });
  const draft = await imported("ana", { title: "Ana Secret Draft", downloads: 999 });
  await db.execute(sql`update template set published_at = null where id = ${draft.id}`);
  const custom = await imported("bo", { title: "Bo Odd Size", titleEs: "Bo tamaño raro", downloads: 5 });
  await db.execute(sql`update template set aspect_ratio = 'custom' where id = ${custom.id}`);
  await createTemplate(db, tax, { title: "Plain Demo Deck", titleEs: "Presentación demo sencilla", downloads: 3 });
}, 120_000);
afterAll(() => srv?.cleanup());

const page = async (path: string) => {
  const res = await srv.request(path);
  // React's text separators (<!-- -->) are not what a visitor sees.
  return { res, html: visible(await res.text()).replaceAll("<!-- -->", "") };
};
/** The anchors of a page whose href starts with `prefix`, as written. */
const anchors = (html: string, prefix: string) =>
  [...html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>/g)].filter((m) => m[1].startsWith(prefix)).map((m) => m[0]);

describe("the template page shows what the file holds", () => {
  it("lists the fonts, linking the open ones to Google Fonts and no others, in English", async () => {
    const { res, html } = await page("/template/classroom-deck");
    expect(res.status).toBe(200);
    expect(html).toContain("Fonts and colors used");
    const fontLinks = anchors(html, "https://fonts.google.com/");
    expect(fontLinks.map((a) => /href="([^"]+)"/.exec(a)?.[1]).sort()).toEqual([
      "https://fonts.google.com/specimen/Lato",
      "https://fonts.google.com/specimen/Playfair+Display",
    ]);
    for (const a of fontLinks) expect(a).toContain('rel="noopener noreferrer"');
    expect(html).toMatch(/data-font="Calibri">Calibri</);
    expect(html).toMatch(/data-font="Helvetica Neue">Helvetica Neue</);
    expect(html).not.toContain("specimen/Calibri");
    expect(html).toContain("Headings");
    expect(html).toContain("Also on the slides");
    expect(html).toMatch(/Aspect ratio<\/dt><dd[^>]*>16:10</);
  });

  it("shows the chosen variant's theme colors as swatches with their names and hex codes", async () => {
    const blue = (await page("/template/classroom-deck")).html;
    const swatches = /data-testid="swatches"[\s\S]*?<\/ul>/.exec(blue)?.[0] ?? "";
    expect(swatches).toContain("#1D4ED8");
    expect(swatches).toContain("Accent 1");
    expect(swatches).toContain("Dark 1");
    expect(swatches).not.toContain("#B91C1C");
    expect(blue).toContain("Theme colors: Blue");
    const red = (await page("/template/classroom-deck?color=red")).html;
    const redSwatches = /data-testid="swatches"[\s\S]*?<\/ul>/.exec(red)?.[0] ?? "";
    expect(redSwatches).toContain("#B91C1C");
    expect(redSwatches).not.toContain("#1D4ED8");
  });

  it("names the designer, their bio and site, and more of their published templates", async () => {
    const { html } = await page("/template/classroom-deck");
    expect(html).toMatch(/By <a[^>]*href="\/designers\/ana-studio"[^>]*>Ana López<\/a>/);
    expect(html).toContain("Decks for teachers and their classes.");
    const site = anchors(html, "https://ana.example/");
    expect(site).toHaveLength(1);
    expect(site[0]).toContain('rel="noopener noreferrer"');
    expect(site[0]).toContain('target="_blank"');
    const more = /<section[^>]*aria-labelledby="more-from-designer"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(more).toContain("More from this designer");
    const cards = anchors(more, "/template/").map((a) => /href="\/template\/([^"]+)"/.exec(a)?.[1]);
    expect(cards).toHaveLength(8);
    expect(cards).toContain("ana-lesson-1");
    expect(cards).not.toContain("classroom-deck");
    expect(cards).not.toContain("ana-secret-draft");
    expect(cards).not.toContain("bo-odd-size");
  });

  it("does all of it in Spanish", async () => {
    const { res, html } = await page("/es/template/presentacion-de-aula?color=red");
    expect(res.status).toBe(200);
    expect(html).toContain("Fuentes y colores que usa");
    expect(html).toContain("Títulos");
    expect(html).toContain("Colores del tema: Rojo");
    expect(html).toContain("Énfasis 1");
    expect(html).toContain("#B91C1C");
    expect(html).toContain('href="https://fonts.google.com/specimen/Playfair+Display"');
    expect(html).not.toContain("specimen/Calibri");
    expect(html).toMatch(/De <a[^>]*href="\/es\/designers\/ana-studio"[^>]*>Ana López<\/a>/);
    expect(html).toContain("Presentaciones para docentes y sus clases.");
    expect(html).not.toContain("Decks for teachers");
    expect(html).toContain("Más plantillas de Ana López");
    expect(html).toContain("Relación de aspecto");
    expect(html).toMatch(/Relación de aspecto<\/dt><dd[^>]*>16:10</);
  });

  it("translates a deck of its own size, and shows a demo template's palette without a designer", async () => {
    const en = (await page("/template/bo-odd-size")).html;
    expect(en).toMatch(/Aspect ratio<\/dt><dd[^>]*>Custom size</);
    expect(en).not.toContain("More from this designer"); // Bo has no other template
    const es = (await page("/es/template/bo-tamano-raro")).html;
    expect(es).toContain("Tamaño personalizado");
    const demo = (await page("/template/plain-demo-deck")).html;
    expect(demo).toContain("Fonts and colors used");
    expect(demo).toContain('href="https://fonts.google.com/specimen/Montserrat"');
    expect(demo).toContain('href="https://fonts.google.com/specimen/Open+Sans"');
    const swatches = /data-testid="swatches"[\s\S]*?<\/ul>/.exec(demo)?.[0] ?? "";
    expect(swatches).toContain("Background");
    expect(swatches).toContain("#4F46E5");
    expect(demo).not.toContain('data-testid="designer"');
    expect(demo).not.toContain("More from this designer");
  });
});

describe("a designer's page", () => {
  it("lists only the designer's published templates, 24 a page, with real page links", async () => {
    const { res, html } = await page("/designers/ana-studio");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("s-maxage=");
    expect(html).toMatch(/<h1[^>]*>Ana López<\/h1>/);
    expect(html).toContain("Decks for teachers and their classes.");
    expect(anchors(html, "https://ana.example/")[0]).toContain('rel="noopener noreferrer"');
    expect(html).toContain("25 templates");
    const cards = anchors(html, "/template/").map((a) => /href="\/template\/([^"]+)"/.exec(a)?.[1]);
    expect(new Set(cards).size).toBe(24);
    expect(cards[0]).toBe("classroom-deck");
    expect(cards).not.toContain("ana-secret-draft");
    expect(cards).not.toContain("bo-odd-size");
    expect(cards).not.toContain("plain-demo-deck");
    expect(html).toContain('href="/designers/ana-studio?page=2"');
    expect(html).toContain("<title>Ana López: presentation templates | SlideNest</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/designers/ana-studio"/>');
    expect(html).toContain('hrefLang="es" href="http://localhost:3000/es/designers/ana-studio"');
    const second = await page("/designers/ana-studio?page=2");
    expect(second.res.status).toBe(200);
    const rest = anchors(second.html, "/template/").map((a) => /href="\/template\/([^"]+)"/.exec(a)?.[1]);
    expect(new Set(rest)).toEqual(new Set(["ana-lesson-24"]));
    expect(second.html).toContain('<link rel="canonical" href="http://localhost:3000/designers/ana-studio?page=2"/>');
  });

  it("answers 404 past the last page, and sends odd page numbers to the first", async () => {
    const past = await page("/designers/ana-studio?page=3");
    expect(past.res.status).toBe(404);
    expect(past.html).toContain("This page has no templates");
    expect(past.html).toContain('content="noindex, follow"');
    for (const q of ["?page=1", "?page=abc", "?page=0"]) {
      const res = await srv.request(`/designers/ana-studio${q}`, { redirect: "manual" });
      expect(res.status, q).toBe(301);
      expect(res.headers.get("location"), q).toBe("/designers/ana-studio");
    }
  });

  it("answers 404 with a clear message for an unknown designer, in both languages", async () => {
    const en = await page("/designers/nobody-here");
    expect(en.res.status).toBe(404);
    expect(en.html).toContain("We could not find the designer “nobody-here”");
    expect(en.html).toContain('content="noindex, follow"');
    const es = await page("/es/designers/nobody-here");
    expect(es.res.status).toBe(404);
    expect(es.html).toContain("No encontramos el perfil de diseño «nobody-here»");
  });

  it("is in Spanish under /es, with the Spanish bio and titles", async () => {
    const { res, html } = await page("/es/designers/bo-studio");
    expect(res.status).toBe(200);
    expect(html).toContain("Presentaciones para inversores.");
    expect(html).toContain("Plantillas de Bo Chen");
    expect(html).toContain("1 plantilla");
    const cards = anchors(html, "/es/template/").map((a) => /href="\/es\/template\/([^"]+)"/.exec(a)?.[1]);
    expect(new Set(cards)).toEqual(new Set(["bo-tamano-raro"]));
    expect(html).toContain("<title>Bo Chen: plantillas de presentación | SlideNest</title>");
    expect(html).not.toContain("https://ana.example");
  });
});

describe("cards of decks of every ratio", () => {
  /** The preview box of the card that links to `href`: its ratio and its image's tag. */
  const cardOf = (html: string, href: string) => {
    const card = [...html.matchAll(/<article\b[\s\S]*?<\/article>/g)].map((m) => m[0]).find((a) => a.includes(href));
    const media = /<div class="card-media" data-ratio="([^"]*)">(<img\b[^>]*>)?/.exec(card ?? "");
    return { ratio: media?.[1], img: media?.[2] ?? "" };
  };

  it("draws every card in the same 16:9 box, a 16:10 deck and a deck of its own size whole in it (letterboxed)", async () => {
    const ana = (await page("/designers/ana-studio")).html;
    // The box says the deck's ratio; the image keeps its own size, the stylesheet fits it in the 16:9 box.
    const wide = cardOf(ana, 'href="/template/classroom-deck"');
    expect(wide.ratio).toBe("16:10");
    expect(wide.img).toContain('width="640" height="400"');
    const plain = cardOf(ana, 'href="/template/ana-lesson-1"');
    expect(plain.ratio).toBe("16:9");
    expect(plain.img).toContain('width="640" height="360"');
    const bo = (await page("/es/designers/bo-studio")).html;
    const odd = cardOf(bo, 'href="/es/template/bo-tamano-raro"');
    expect(odd.ratio).toBe("custom");
    expect(odd.img).toContain('width="640" height="360"');
    // The boxes themselves are the stylesheet's: 16:9 for every deck (a grid's rows line up, issue 22), a deck
    // of another ratio contained in it, not cropped.
    const sheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(ana)?.[1] ?? "";
    const css = await (await srv.request(sheet)).text();
    expect(css).toContain(".card-media{aspect-ratio:var(--aspect-video)");
    expect(css).not.toMatch(/\.card-media\[data-ratio="?(4:3|16:10)"?\]\{aspect-ratio/);
    expect(css).toContain('.card-media:not([data-ratio="16:9"])>img{object-fit:contain}');
  });

  it("sizes the template page's gallery to the deck: 16:10, or 16:9 with the whole slide for a custom size", async () => {
    const wide = (await page("/template/classroom-deck")).html;
    expect(/data-testid="gallery"[^>]*style="aspect-ratio:16 \/ 10"/.test(wide)).toBe(true);
    const odd = (await page("/template/bo-odd-size")).html;
    expect(/data-testid="gallery"[^>]*style="aspect-ratio:16 \/ 9"/.test(odd)).toBe(true);
    expect(odd).toContain("object-contain");
  });
});

describe("the sitemap", () => {
  it("lists the pages of designers with a published template, in both languages with their alternates", async () => {
    const res = await srv.request("/sitemap.xml");
    const xml = await res.text();
    const url = (loc: string) => new RegExp(`<url><loc>${loc}</loc>(?:(?!</url>).)*</url>`).exec(xml)?.[0] ?? "";
    for (const slug of ["ana-studio", "bo-studio"]) {
      for (const loc of [`http://localhost:3000/designers/${slug}`, `http://localhost:3000/es/designers/${slug}`]) {
        const entry = url(loc);
        expect(entry, loc).toContain(`hreflang="en" href="http://localhost:3000/designers/${slug}"`);
        expect(entry, loc).toContain(`hreflang="es" href="http://localhost:3000/es/designers/${slug}"`);
        expect(entry, loc).toContain(`hreflang="x-default" href="http://localhost:3000/designers/${slug}"`);
        expect(entry, loc).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      }
    }
  });
});

describe("the words these pages are sent", () => {
  const KEY = /(?<![\w/.-])(?:common|catalog|template|downloads)\.[a-z][A-Za-z]*(?:\.[A-Za-z_]+)+(?![\w/-])/g;
  it("shows no translation key on a template page, a designer page or their 404s, in either language", async () => {
    for (const path of [
      "/template/classroom-deck",
      "/template/bo-odd-size",
      "/template/plain-demo-deck",
      "/designers/ana-studio",
      "/designers/ana-studio?page=2",
      "/designers/ana-studio?page=9",
      "/designers/nobody-here",
    ]) {
      for (const prefix of ["", "/es"]) {
        const en = path.startsWith("/template/") && prefix ? null : `${prefix}${path}`;
        if (!en) continue;
        const { html } = await page(en);
        expect(html.match(KEY) ?? [], en).toEqual([]);
      }
    }
    for (const es of ["/es/template/presentacion-de-aula", "/es/template/bo-tamano-raro"]) {
      const { html } = await page(es);
      expect(html.match(KEY) ?? [], es).toEqual([]);
    }
  });
});
