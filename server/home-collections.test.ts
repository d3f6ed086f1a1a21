import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { httpClient, type Jar, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Issue 22: the home page greets a member and leads with "For you" (a guest gets the marketing hero with
 * its collage of trending previews), and the favourites page shows each collection as a collage of its
 * first templates.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
let templates: number[];
let tags: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { now: new Date(Date.now() - 86_400_000), count: 30 });
  srv = await createTestServer({ database });
  templates = (
    await queryRows<{ id: number }>(
      srv.database.db,
      sql`select id from template where published_at <= now() order by id limit 8`,
    )
  ).map((r) => Number(r.id));
  const rows = await queryRows<{ id: number; slug: string }>(srv.database.db, sql`select id, slug from tag`);
  tags = Object.fromEntries(rows.map((r) => [r.slug, Number(r.id)]));
});
afterAll(async () => {
  await srv?.cleanup();
  await database?.cleanup();
});

const http = () => httpClient((p, i) => srv.request(p, i));
const page = async (path: string, jar?: Jar) => {
  const res = await http().get(path, jar);
  expect(res.status).toBe(200);
  return visible(await res.text());
};
const post = (jar: Jar, fields: Record<string, string>, path = "/profile/favorites") => http().post(path, fields, jar);
const text = (html: string) => html.replace(/<!-- -->/g, "").replaceAll("&#x27;", "'");
/** The page's headings h1 and h2, in order, as text. */
const headings = (html: string) =>
  [...text(html).matchAll(/<(h[12])\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => `${m[1]} ${m[2].replace(/<[^>]+>/g, "")}`);

describe("the home page", () => {
  it("opens with the marketing hero for a guest, its collage of trending previews for large screens only", async () => {
    for (const [path, title, trending] of [
      ["/", "Presentations that look finished from the first slide", "Trending this week"],
      ["/es", "Presentaciones que parecen terminadas desde la primera diapositiva", "Tendencias de la semana"],
    ] as const) {
      const html = await page(path);
      expect(html).toContain("data-home-hero");
      expect(html).not.toContain("data-home-greeting");
      const h = headings(html);
      expect(h[0]).toBe(`h1 ${title}`);
      expect(h[1]).toBe(`h2 ${trending}`);
      const collage = /<div[^>]*data-hero-collage[^>]*>([\s\S]*?)<\/div><\/div><\/section>/.exec(html)?.[1] ?? "";
      // Three previews, each a source for lg screens only: below that the image is an inline pixel, nothing fetched.
      const sources = [...collage.matchAll(/<source\b[^>]*>/g)].map((m) => m[0]);
      expect(sources).toHaveLength(3);
      for (const s of sources) {
        expect(s).toContain('media="(min-width: 1024px)"');
        expect(s).toMatch(/srcset="\/files\/previews\/v1\/\d+\/1-480\.webp 480w,/i);
        expect(s).toContain("sizes=");
      }
      const imgs = [...collage.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      expect(imgs).toHaveLength(3);
      for (const img of imgs) expect(img).toContain('src="data:image/gif;base64,');
      expect(imgs.filter((i) => /fetchPriority="high"/i.test(i))).toHaveLength(1);
      expect(collage).not.toContain("loading=");
    }
  });

  it("greets a member by name and leads with For you, without the marketing hero, in both languages", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const saved = await post(ana.jar, { intent: "interests", tagIds: String(tags.infographics) }, "/profile/settings");
    expect(saved.status).toBe(200);
    const name = (
      await queryRows<{ name: string }>(srv.database.db, sql`select name from account where id = ${ana.id}`)
    )[0].name;
    for (const [path, greeting, forYou, trending, hero] of [
      ["/", `Hi, ${name}`, "For you: Infographics", "Trending this week", "look finished from the first slide"],
      ["/es", `Hola, ${name}`, "Para ti: Infografías", "Tendencias de la semana", "parecen terminadas"],
    ] as const) {
      const html = await page(path, ana.jar);
      expect(html).toContain("data-home-greeting");
      expect(html).not.toContain("data-home-hero");
      expect(html).not.toContain("data-hero-collage");
      expect(text(html)).not.toContain(hero);
      const h = headings(html);
      expect(h.slice(0, 3)).toEqual([`h1 ${greeting}`, `h2 ${forYou}`, `h2 ${trending}`]);
      // The greeting's line speaks of the interests, with the way to change them.
      expect(html).toContain(`href="${path === "/" ? "" : "/es"}/profile/settings#interests"`);
    }
  });

  it("greets a member without interests too, with the trending row first", async () => {
    const ben = await signedInMember(srv, clock, "ben");
    const html = await page("/", ben.jar);
    expect(html).not.toContain("data-home-hero");
    const h = headings(html);
    expect(h[0]).toMatch(/^h1 Hi, /);
    expect(h[1]).toBe("h2 Trending this week");
    expect(text(html)).toContain("What's trending this week, and what was just added.");
  });
});

describe("the favorites page's collections", () => {
  /** The first shown colour variant of a template: the one whose previews stand for it. */
  const firstColour = async (templateId: number) =>
    Number(
      (
        await queryRows<{ id: number }>(
          srv.database.db,
          sql`select id from template_color where template_id = ${templateId} and active order by position, id limit 1`,
        )
      )[0].id,
    );
  const folderId = async (accountId: number, name: string) =>
    Number(
      (
        await queryRows<{ id: number }>(
          srv.database.db,
          sql`select id from favorite_folder where account_id = ${accountId} and name = ${name}`,
        )
      )[0].id,
    );
  /** The collage of the collection card that links to the collection: its tile count and images. */
  const collageOf = (html: string, id: number) => {
    const card = new RegExp(`<a[^>]*data-folder-card="${id}"[^>]*>([\\s\\S]*?)</a>`).exec(html)?.[1] ?? "";
    const tiles = /data-collage-tiles="(\d+)"/.exec(card)?.[1];
    const images = [...card.matchAll(/<img\b[^>]*>/g)].map((m) => ({
      templateId: Number(/data-template-id="(\d+)"/.exec(m[0])?.[1]),
      src: /src="([^"]+)"/.exec(m[0])?.[1] ?? "",
    }));
    return { card, tiles: tiles === undefined ? undefined : Number(tiles), images };
  };

  it("show a 2 x 2 collage of each one's first templates, fewer filling it, an empty one its icon", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    for (const name of ["Five", "Two", "Empty"]) await post(ana.jar, { intent: "createFolder", name });
    const five = await folderId(ana.id, "Five");
    const two = await folderId(ana.id, "Two");
    const empty = await folderId(ana.id, "Empty");
    for (const t of templates.slice(0, 5))
      expect(
        (await post(ana.jar, { intent: "addToFolder", folderId: String(five), templateId: String(t) })).status,
      ).toBe(200);
    for (const t of templates.slice(5, 7))
      await post(ana.jar, { intent: "addToFolder", folderId: String(two), templateId: String(t) });
    // A collection's first templates are the ones its page lists first: the newest put in.
    const firstOf = async (folder: number, n: number) =>
      (
        await queryRows<{ template_id: number }>(
          srv.database.db,
          sql`select template_id from favorite_folder_item where folder_id = ${folder}
              order by created_at desc, template_id desc limit ${n}`,
        )
      ).map((r) => Number(r.template_id));

    for (const path of ["/profile/favorites", "/es/profile/favorites"]) {
      const html = await page(path, ana.jar);
      const big = collageOf(html, five);
      expect(big.tiles).toBe(4);
      expect(big.images.map((i) => i.templateId)).toEqual(await firstOf(five, 4));
      for (const img of big.images)
        expect(img.src).toBe(`/files/previews/v1/${await firstColour(img.templateId)}/1-320.webp`);
      const small = collageOf(html, two);
      expect(small.tiles).toBe(2);
      expect(small.images.map((i) => i.templateId)).toEqual(await firstOf(two, 2));
      const none = collageOf(html, empty);
      expect(none.tiles).toBe(0);
      expect(none.images).toEqual([]);
      expect(none.card).toMatch(/data-collage-tiles="0"><svg[^>]*><use href="[^"]*#folder"/);
    }
    // A template that is no longer published leaves the collage (as it leaves the count).
    const [gone] = await firstOf(two, 1);
    await srv.database.db.execute(sql`update template set published_at = null where id = ${gone}`);
    try {
      const after = collageOf(await page("/profile/favorites", ana.jar), two);
      expect(after.tiles).toBe(1);
      expect(after.images.map((i) => i.templateId)).not.toContain(gone);
    } finally {
      await srv.database.db.execute(
        sql`update template set published_at = now() - interval '1 day' where id = ${gone}`,
      );
    }
  });

  it("are each account's own: another member's collections are not drawn", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const ben = await signedInMember(srv, clock, "ben");
    await post(ben.jar, { intent: "createFolder", name: "Ben's", templateId: String(templates[0]) });
    const bens = await folderId(ben.id, "Ben's");
    const html = await page("/profile/favorites", ana.jar);
    expect(collageOf(html, bens).card).toBe("");
    expect(collageOf(await page("/profile/favorites", ben.jar), bens).tiles).toBe(1);
  });
});
