import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BLOG } from "#config/constants.ts";
import { generateDemoCatalog } from "#modules/catalog/demo/generate.ts";
import {
  BLOG_CONTENT_DIR,
  DEMO_COUNT,
  DEMO_SEED,
  insertTemplates,
  seedBlog,
  seedTaxonomy,
} from "#modules/demo/seed.ts";
import { diskStorage, type Storage } from "#modules/files/storage.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { coverKey } from "./files.ts";
import { type ImportContext, importBlogFolder } from "./import.ts";

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/blog");
const start = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let storageDir: string;
let storage: Storage;
let now = start;
let templateSlugs: string[] = [];
const temp: string[] = [];

const ctx = (over: Partial<ImportContext> = {}): ImportContext => ({
  db: database.db,
  storage,
  clock: { now: () => now },
  log: silent,
  ...over,
});
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** A fresh copy of the fixture folder, naming templates the test catalogue has. */
async function folder(): Promise<string> {
  const dir = await tempDir("sn-blog-");
  await fs.cp(FIXTURE, dir, { recursive: true });
  await edit(dir, "posts/pitch-decks/en.md", (s) =>
    s.replace(/^templates: .*$/m, `templates: [${templateSlugs[1]}, ${templateSlugs[0]}]`),
  );
  return dir;
}

async function edit(dir: string, file: string, change: (s: string) => string) {
  const full = path.join(dir, file);
  await fs.writeFile(full, change(await fs.readFile(full, "utf8")));
}

async function write(dir: string, file: string, body: string | Buffer) {
  const full = path.join(dir, file);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, body);
}

/** Everything the import writes, to compare before and after. */
async function snapshot() {
  return {
    tags: await rows(sql`select * from blog_tag order by key`),
    tagTranslations: await rows(sql`select * from blog_tag_translation order by tag_id, locale`),
    posts: await rows(sql`select * from blog_post order by key`),
    translations: await rows(
      sql`select post_id, locale, title, slug, source_hash, updated_at, search::text from blog_post_translation order by post_id, locale`,
    ),
    postTags: await rows(sql`select * from blog_post_tag order by post_id, tag_id`),
    postTemplates: await rows(sql`select * from blog_post_template order by post_id, position`),
    version: await rows(sql`select version from catalog_version`),
  };
}

async function resetBlog() {
  await database.db.execute(sql`delete from blog_post`);
  await database.db.execute(sql`delete from blog_tag`);
}

const translation = async (key: string, locale: string) =>
  (
    await rows<Record<string, unknown>>(sql`select t.* from blog_post_translation t join blog_post p on p.id = t.post_id
      where p.key = ${key} and t.locale = ${locale}`)
  )[0];

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now: start, count: 30 } });
  templateSlugs = (
    await rows<{ slug: string }>(
      sql`select slug from template_translation where locale = 'en' order by template_id limit 2`,
    )
  ).map((r) => r.slug);
  storageDir = await tempDir("sn-blog-files-");
  storage = diskStorage(storageDir);
});

afterAll(async () => {
  await database?.cleanup();
  for (const dir of temp) await fs.rm(dir, { recursive: true, force: true });
});

describe("importBlogFolder", () => {
  beforeEach(async () => {
    now = start;
    await resetBlog();
  });

  it("imports tags, posts, rendered bodies, images, covers and search documents", async () => {
    const dir = await folder();
    const version = (await rows<{ version: number }>(sql`select version from catalog_version`))[0].version;
    const result = await importBlogFolder(ctx(), dir);
    expect(result).toEqual({
      tags: { created: 3, updated: 0, unchanged: 0, removed: 0 },
      posts: { created: 3, updated: 0, unchanged: 0, removed: 0 },
      errors: [],
    });
    expect(Number((await rows<{ version: number }>(sql`select version from catalog_version`))[0].version)).toBe(
      Number(version) + 1,
    );

    const tags = await rows<{ key: string; is_category: boolean; locale: string; slug: string; description: string }>(
      sql`select g.key, g.is_category, t.locale, t.slug, t.description from blog_tag g join blog_tag_translation t on t.tag_id = g.id order by g.key, t.locale`,
    );
    expect(tags.map((t) => `${t.key}:${t.is_category}:${t.locale}:${t.slug}`)).toEqual([
      "beginners:false:en:beginners",
      "beginners:false:es:principiantes",
      "design:true:en:design",
      "design:true:es:diseno",
      "presenting:true:en:presenting",
      "presenting:true:es:presentar",
    ]);
    expect(tags[3].description).toBe("Composición, color y tipografía para diapositivas que se recuerdan.");

    const posts = await rows<{ key: string; category: string; author: string; published_at: Date; locales: string }>(
      sql`select p.key, c.key as category, p.author, p.published_at,
            (select string_agg(locale, ',' order by locale) from blog_post_translation t where t.post_id = p.id) as locales
          from blog_post p join blog_tag c on c.id = p.category_id order by p.key`,
    );
    expect(posts.map((p) => [p.key, p.category, p.author, new Date(p.published_at).toISOString(), p.locales])).toEqual([
      ["colour-basics", "design", "Daniel Reyes", "2026-02-03T09:30:00.000Z", "en,es"],
      ["first-steps", "presenting", "Ana Ruiz", "2026-01-10T00:00:00.000Z", "en"],
      // Shared fields given only in English hold for the Spanish translation too.
      ["pitch-decks", "presenting", "Ana Ruiz", "2026-03-01T00:00:00.000Z", "en,es"],
    ]);
    const postTags = await rows<{ key: string; tag: string }>(
      sql`select p.key, g.key as tag from blog_post_tag x join blog_post p on p.id = x.post_id join blog_tag g on g.id = x.tag_id`,
    );
    expect(postTags).toEqual([{ key: "first-steps", tag: "beginners" }]);
    const templates = await rows<{ slug: string; position: number }>(
      sql`select t.slug, x.position from blog_post_template x join blog_post p on p.id = x.post_id
          join template_translation t on t.template_id = x.template_id and t.locale = 'en'
          where p.key = 'pitch-decks' order by x.position`,
    );
    expect(templates).toEqual([
      { slug: templateSlugs[1], position: 0 },
      { slug: templateSlugs[0], position: 1 },
    ]);

    // The body: sanitised HTML, images stored as WebP with their size.
    const en = await translation("colour-basics", "en");
    const imgs = [
      ...String(en.body_html).matchAll(/<img src="\/files\/([^"]+)" alt="([^"]*)" width="(\d+)" height="(\d+)"/g),
    ];
    expect(imgs.map((m) => [m[2], m[3], m[4]])).toEqual([
      ["A colour wheel", String(BLOG.maxImageWidth), String(BLOG.maxImageWidth / 2)],
      ["A diagram of the 60-30-10 rule", "400", "200"],
    ]);
    for (const m of imgs) {
      const stored = await storage.get(m[1]);
      const meta = await sharp(stored!).metadata();
      expect([meta.format, String(meta.width), String(meta.height)]).toEqual(["webp", m[3], m[4]]);
    }
    // The same image in both translations is one stored file.
    const es = await translation("colour-basics", "es");
    expect(String(es.body_html)).toContain(imgs[0][1]);
    expect(String(en.body_html)).toContain('<h2 id="balance">Balance</h2>');
    expect(en.reading_minutes).toBe(1);
    expect(en.cover_alt).toBe("Colour basics for slides");
    expect(es.cover_alt).toBe("Portada sobre el color");
    expect(String(en.body_md)).toMatch(/^Designing with colour/);
    const first = await translation("first-steps", "en");
    expect(String(first.body_html)).toContain('<a href="/blog">our guides</a>');
    expect(String(first.body_html)).toContain(
      '<a href="https://example.com/rehearse" rel="noopener noreferrer">the web</a>',
    );

    // Covers: one per translation, WebP at each width, 16:9.
    const covers = await rows<{ cover_key: string }>(sql`select distinct cover_key from blog_post_translation`);
    expect(covers).toHaveLength(5);
    for (const { cover_key } of covers)
      for (const width of BLOG.coverWidths) {
        const meta = await sharp((await storage.get(coverKey(cover_key, width)))!).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width * BLOG.coverHeightRatio]);
      }
  });

  it("matches stemmed, unaccented words in each locale's search document", async () => {
    expect((await importBlogFolder(ctx(), await folder())).errors).toEqual([]);
    const search = async (locale: "en" | "es", config: string, q: string) =>
      (
        await rows<{ key: string }>(sql`select p.key from blog_post_translation t join blog_post p on p.id = t.post_id
          where t.locale = ${locale} and t.search @@ websearch_to_tsquery(${config}::regconfig, slidenest_unaccent(lower(${q})))
          order by p.key`)
      ).map((r) => r.key);
    // "plantillas" is in the Spanish body; "diseño" in a Spanish title ("Nociones de color para diapositivas").
    expect(await search("es", "spanish", "plantilla")).toEqual(["colour-basics"]);
    expect(await search("es", "spanish", "diapositiva")).toEqual(["colour-basics", "pitch-decks"]);
    expect(await search("es", "spanish", "diseno")).toEqual(["colour-basics"]);
    expect(await search("en", "english", "designs")).toEqual(["colour-basics"]);
    expect(await search("en", "english", "rehearsing")).toEqual(["first-steps"]);
    // Link targets are not text.
    expect(await search("en", "english", "example")).toEqual([]);
    // Title A, excerpt B, body C.
    const doc = String((await translation("pitch-decks", "en")).search);
    expect(doc).toMatch(/'pitch':\d+A/);
    expect(doc).toMatch(/'expect':\d+B/);
    expect(doc).toMatch(/'market':\d+C/);
  });

  it("writes nothing when the same folder is imported again", async () => {
    const dir = await folder();
    await importBlogFolder(ctx(), dir);
    const before = await snapshot();
    const files = await fs.readdir(storageDir, { recursive: true });
    now = new Date(start.getTime() + 3_600_000);
    expect(await importBlogFolder(ctx(), dir)).toEqual({
      tags: { created: 0, updated: 0, unchanged: 3, removed: 0 },
      posts: { created: 0, updated: 0, unchanged: 3, removed: 0 },
      errors: [],
    });
    expect(await snapshot()).toEqual(before);
    expect(await fs.readdir(storageDir, { recursive: true })).toEqual(files);
  });

  it("updates only the translation whose file changed", async () => {
    const dir = await folder();
    await importBlogFolder(ctx(), dir);
    const enBefore = await translation("colour-basics", "en");
    const pitchBefore = await translation("pitch-decks", "es");
    now = new Date(start.getTime() + 3_600_000);
    await edit(dir, "posts/colour-basics/es.md", (s) =>
      s.replace("title: Nociones de color para diapositivas", "title: Color para diapositivas"),
    );
    await edit(dir, "categories/design.en.md", (s) => s.replace("title: Design", "title: Design tips"));
    const result = await importBlogFolder(ctx(), dir);
    expect(result.tags).toEqual({ created: 0, updated: 1, unchanged: 2, removed: 0 });
    // The English cover shows the category's new name: that translation changes too.
    expect(result.posts).toEqual({ created: 0, updated: 1, unchanged: 2, removed: 0 });
    const es = await translation("colour-basics", "es");
    expect(es.title).toBe("Color para diapositivas");
    expect(new Date(es.updated_at as string).getTime()).toBe(now.getTime());
    const en = await translation("colour-basics", "en");
    expect(en.cover_key).not.toBe(enBefore.cover_key);
    expect(await translation("pitch-decks", "es")).toEqual(pitchBefore);
    const [tag] = await rows<{ updated_at: Date }>(sql`select updated_at from blog_tag where key = 'presenting'`);
    expect(new Date(tag.updated_at).getTime()).toBe(start.getTime());
    const [design] = await rows<{ updated_at: Date }>(sql`select updated_at from blog_tag where key = 'design'`);
    expect(new Date(design.updated_at).getTime()).toBe(now.getTime());
  });

  it("removes a translation that left the folder, and keeps the others", async () => {
    const dir = await folder();
    await importBlogFolder(ctx(), dir);
    await fs.rm(path.join(dir, "posts/pitch-decks/es.md"));
    // The remaining file must now carry what the article shares: it does (category, author, ...).
    const result = await importBlogFolder(ctx(), dir);
    expect(result.posts).toEqual({ created: 0, updated: 1, unchanged: 2, removed: 0 });
    expect(await translation("pitch-decks", "es")).toBeUndefined();
    expect(await translation("pitch-decks", "en")).toBeDefined();
  });

  it("lets two translations swap slugs", async () => {
    const dir = await folder();
    await importBlogFolder(ctx(), dir);
    await edit(dir, "posts/first-steps/en.md", (s) =>
      s.replace("slug: your-first-presentation", "slug: colour-basics"),
    );
    await edit(dir, "posts/colour-basics/en.md", (s) =>
      s.replace("slug: colour-basics", "slug: your-first-presentation"),
    );
    const result = await importBlogFolder(ctx(), dir);
    expect(result.errors).toEqual([]);
    expect((await translation("first-steps", "en")).slug).toBe("colour-basics");
  });

  it("deletes posts and unused tags missing from the folder only with prune", async () => {
    const dir = await folder();
    await importBlogFolder(ctx(), dir);
    await fs.rm(path.join(dir, "posts/first-steps"), { recursive: true });
    await fs.rm(path.join(dir, "categories/beginners.en.md"));
    await fs.rm(path.join(dir, "categories/beginners.es.md"));
    const kept = await importBlogFolder(ctx(), dir);
    expect(kept.posts).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 0 });
    expect(kept.tags).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 0 });
    expect(await translation("first-steps", "en")).toBeDefined();

    const pruned = await importBlogFolder(ctx(), dir, { prune: true });
    expect(pruned.posts).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 1 });
    expect(pruned.tags).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 1 });
    expect(await rows(sql`select key from blog_post where key = 'first-steps'`)).toEqual([]);
    expect(await rows(sql`select key from blog_tag where key = 'beginners'`)).toEqual([]);
  });

  it("checks without writing on a dry run", async () => {
    const dir = await folder();
    const files = await tempDir("sn-blog-dry-");
    const before = await snapshot();
    const result = await importBlogFolder(ctx({ storage: diskStorage(files) }), dir, { dryRun: true });
    expect(result.posts.created).toBe(3);
    expect(result.tags.created).toBe(3);
    expect(await snapshot()).toEqual(before);
    expect(await fs.readdir(files)).toEqual([]);
  });

  it("seeds the blog once, while it has neither posts nor tags", async () => {
    const dir = await folder();
    const seeded = await seedBlog(database, { storage, log: silent, clock: { now: () => now }, folder: dir });
    expect(seeded?.posts.created).toBe(3);
    expect(await seedBlog(database, { storage, log: silent, clock: { now: () => now }, folder: dir })).toBeNull();
    await database.db.execute(sql`delete from blog_post`);
    // Tags alone mean an operator's blog (all its articles pruned): not seeded again.
    expect(await seedBlog(database, { storage, log: silent, clock: { now: () => now }, folder: dir })).toBeNull();
  });

  it("lets two imports at once take turns", async () => {
    const dir = await folder();
    const [a, b] = await Promise.all([importBlogFolder(ctx(), dir), importBlogFolder(ctx(), dir)]);
    expect([a.errors, b.errors]).toEqual([[], []]);
    expect(a.posts.created + b.posts.created).toBe(3);
    expect(a.posts.unchanged + b.posts.unchanged).toBe(3);
    expect(await rows(sql`select count(*)::int as n from blog_post_translation`)).toEqual([{ n: 5 }]);
  });
});

describe("importBlogFolder refuses a folder with an error, and writes nothing", () => {
  const cases: [string, (dir: string) => Promise<void>, string, RegExp][] = [
    [
      "a bad slug",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("slug: your-first-presentation", "slug: Your First")),
      "posts/first-steps/en.md",
      /"slug" must be lowercase/,
    ],
    [
      "a slug longer than the limit",
      (d) =>
        edit(d, "posts/first-steps/en.md", (s) =>
          s.replace("slug: your-first-presentation", `slug: ${"a".repeat(121)}`),
        ),
      "posts/first-steps/en.md",
      /"slug"/,
    ],
    [
      "a reserved category slug",
      (d) => edit(d, "categories/design.en.md", (s) => s.replace("slug: design", "slug: search")),
      "categories/design.en.md",
      /"search" is reserved/,
    ],
    [
      "a duplicate post slug",
      (d) =>
        edit(d, "posts/first-steps/en.md", (s) => s.replace("slug: your-first-presentation", "slug: colour-basics")),
      "posts/first-steps/en.md",
      /also the slug of posts\/colour-basics\/en\.md/,
    ],
    [
      "a duplicate tag slug",
      (d) => edit(d, "categories/presenting.es.md", (s) => s.replace("slug: presentar", "slug: diseno")),
      "categories/presenting.es.md",
      /also the slug of categories\/design\.es\.md/,
    ],
    [
      "a missing field",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace(/^excerpt: .*\n/m, "")),
      "posts/first-steps/en.md",
      /"excerpt" is missing/,
    ],
    [
      "a shared field no translation gives",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace(/^author: .*\n/m, "")),
      "posts/first-steps/en.md",
      /"author" is missing/,
    ],
    [
      "a title too long",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace(/^title: .*$/m, `title: ${"x".repeat(91)}`)),
      "posts/first-steps/en.md",
      /"title" must be at most 90/,
    ],
    [
      "an unknown field",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("author:", "tag: beginners\nauthor:")),
      "posts/first-steps/en.md",
      /unknown field "tag"/,
    ],
    [
      "an unknown category",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("category: presenting", "category: cooking")),
      "posts/first-steps/en.md",
      /"cooking" is not in categories/,
    ],
    [
      "a category missing the article's locale",
      (d) => fs.rm(path.join(d, "categories/presenting.es.md")),
      "posts/pitch-decks/es.md",
      /"presenting" has no es translation/,
    ],
    [
      "a tag used as a category",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("category: presenting", "category: beginners")),
      "posts/first-steps/en.md",
      /is a tag/,
    ],
    [
      "an unknown tag",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("tags: [beginners]", "tags: [beginners, experts]")),
      "posts/first-steps/en.md",
      /"experts", which is not in categories/,
    ],
    [
      "an unknown template",
      (d) => edit(d, "posts/pitch-decks/en.md", (s) => s.replace(/^templates: \[/m, "templates: [no-such-template, ")),
      "posts/pitch-decks/en.md",
      /not in the catalogue.*no-such-template/,
    ],
    [
      "too many templates",
      (d) =>
        edit(d, "posts/pitch-decks/en.md", (s) =>
          s.replace(/^templates: .*$/m, `templates: [${Array.from({ length: 9 }, (_, i) => `t${i}`).join(", ")}]`),
        ),
      "posts/pitch-decks/en.md",
      /more than 8 templates/,
    ],
    [
      "shared fields that disagree",
      (d) => edit(d, "posts/colour-basics/es.md", (s) => s.replace("author: Daniel Reyes", "author: Daniela Reyes")),
      "posts/colour-basics/es.md",
      /"author" differs between posts\/colour-basics\/en\.md and posts\/colour-basics\/es\.md/,
    ],
    [
      "category flags that disagree",
      (d) => edit(d, "categories/beginners.es.md", (s) => s.replace("category: false", "category: true")),
      "categories/beginners.es.md",
      /"category" differs between categories\/beginners\.en\.md and categories\/beginners\.es\.md/,
    ],
    [
      "a file too big",
      (d) => edit(d, "posts/first-steps/en.md", (s) => `${s}\n${"word ".repeat(BLOG.maxSourceBytes / 5 + 10)}`),
      "posts/first-steps/en.md",
      /larger than/,
    ],
    [
      "an image too big",
      (d) => write(d, "posts/colour-basics/images/wheel.png", Buffer.alloc(BLOG.maxImageBytes + 1)),
      "posts/colour-basics/en.md",
      /"images\/wheel\.png" is larger than/,
    ],
    [
      "an image that is not one",
      (d) => write(d, "posts/colour-basics/images/wheel.png", Buffer.from("%PDF-1.4")),
      "posts/colour-basics/en.md",
      /not a readable image/,
    ],
    [
      "a missing image",
      (d) => fs.rm(path.join(d, "posts/colour-basics/images/diagram.svg")),
      "posts/colour-basics/en.md",
      /"images\/diagram\.svg" not found/,
    ],
    [
      "an image outside the post's folder",
      (d) => edit(d, "posts/first-steps/en.md", (s) => `${s}\n![x](../colour-basics/images/wheel.png)\n`),
      "posts/first-steps/en.md",
      /outside the post's folder/,
    ],
    [
      "a remote image",
      (d) => edit(d, "posts/first-steps/en.md", (s) => `${s}\n![x](https://example.com/x.png)\n`),
      "posts/first-steps/en.md",
      /must be files in the post's folder/,
    ],
    [
      "an impossible date",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("published: 2026-01-10", "published: 2026-02-30")),
      "posts/first-steps/en.md",
      /"published" must be a date/,
    ],
    [
      "a date that is not one",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("published: 2026-01-10", "published: last week")),
      "posts/first-steps/en.md",
      /"published" must be a date/,
    ],
    [
      "an unknown locale in a post's file name",
      (d) => fs.copyFile(path.join(d, "posts/first-steps/en.md"), path.join(d, "posts/first-steps/fr.md")),
      "posts/first-steps/fr.md",
      /unknown locale "fr"/,
    ],
    [
      "an unknown locale in a category's file name",
      (d) => fs.copyFile(path.join(d, "categories/design.en.md"), path.join(d, "categories/design.de.md")),
      "categories/design.de.md",
      /unknown locale "de"/,
    ],
    [
      "front matter that would run code",
      (d) => write(d, "posts/first-steps/en.md", '---js\n{ title: (() => { throw new Error("ran") })() }\n---\nBody'),
      "posts/first-steps/en.md",
      /front matter must be YAML/,
    ],
    [
      "broken YAML",
      (d) => edit(d, "posts/first-steps/en.md", (s) => s.replace("tags: [beginners]", "tags: [beginners")),
      "posts/first-steps/en.md",
      /front matter/,
    ],
  ];

  let before: Awaited<ReturnType<typeof snapshot>>;
  let files: string[];
  beforeAll(async () => {
    // A blog already imported: a refused import must leave it exactly as it was.
    now = start;
    await resetBlog();
    expect((await importBlogFolder(ctx(), await folder())).errors).toEqual([]);
    before = await snapshot();
    files = (await fs.readdir(storageDir, { recursive: true })).sort();
  });

  it.each(cases)("%s", async (_name, change, file, message) => {
    const dir = await folder();
    await edit(dir, "posts/pitch-decks/es.md", (s) => s.replace("Los inversores", "Los inversores ya"));
    await change(dir);
    now = new Date(start.getTime() + 3_600_000);
    const result = await importBlogFolder(ctx(), dir, { prune: true });
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors).toContainEqual({ file, message: expect.stringMatching(message) });
    expect(result.posts).toEqual({ created: 0, updated: 0, unchanged: 0, removed: 0 });
    expect(await snapshot()).toEqual(before);
    expect((await fs.readdir(storageDir, { recursive: true })).sort()).toEqual(files);
  });

  it("refuses a folder that is missing or empty", async () => {
    expect((await importBlogFolder(ctx(), path.join(os.tmpdir(), "sn-no-such-folder"))).errors).toEqual([
      { file: path.join(os.tmpdir(), "sn-no-such-folder"), message: "folder not found" },
    ]);
    const empty = await tempDir("sn-blog-empty-");
    expect((await importBlogFolder(ctx(), empty, { prune: true })).errors[0].message).toMatch(/holds no/);
    expect(await snapshot()).toEqual(before);
  });
});

describe("importBlogFolder and slugs held by posts outside the folder", () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    now = start;
    await resetBlog();
    expect((await importBlogFolder(ctx(), await folder())).errors).toEqual([]);
    before = await snapshot();
  });

  it("refuses a slug held by a post the folder no longer has, unless pruning", async () => {
    const dir = await folder();
    await fs.rm(path.join(dir, "posts/first-steps"), { recursive: true });
    await edit(dir, "posts/colour-basics/en.md", (s) =>
      s.replace("slug: colour-basics", "slug: your-first-presentation"),
    );
    const refused = await importBlogFolder(ctx(), dir);
    expect(refused.errors).toEqual([
      { file: "posts/colour-basics/en.md", message: expect.stringMatching(/belongs to the post "first-steps"/) },
    ]);
    expect(await snapshot()).toEqual(before);
    expect((await importBlogFolder(ctx(), dir, { prune: true })).errors).toEqual([]);
  });
});

describe.skipIf(!existsSync(BLOG_CONTENT_DIR))("the repository's blog (content/blog)", () => {
  it("imports without errors against the demo catalogue", async () => {
    const db = await createTestDatabase();
    try {
      // Only the demo templates the articles name (the whole catalogue takes seconds to seed).
      const named = new Set<string>();
      for (const entry of await fs.readdir(path.join(BLOG_CONTENT_DIR, "posts"), { recursive: true })) {
        if (!String(entry).endsWith(".md")) continue;
        const text = await fs.readFile(path.join(BLOG_CONTENT_DIR, "posts", String(entry)), "utf8");
        for (const m of text.matchAll(/^templates:\s*\[([^\]]*)\]/gm))
          for (const slug of m[1].split(",")) named.add(slug.trim());
      }
      const catalog = generateDemoCatalog({ seed: DEMO_SEED, count: DEMO_COUNT, now: start });
      const ids = await seedTaxonomy(db.db);
      await insertTemplates(
        db.db,
        ids,
        catalog.filter((t) => named.has(t.translations.en.slug)),
      );
      const result = await importBlogFolder(
        {
          db: db.db,
          storage: diskStorage(await tempDir("sn-blog-content-")),
          clock: { now: () => start },
          log: silent,
        },
        BLOG_CONTENT_DIR,
        { dryRun: true },
      );
      expect(result.errors).toEqual([]);
      expect(result.posts.created).toBeGreaterThan(0);
    } finally {
      await db.cleanup();
    }
  });
});
