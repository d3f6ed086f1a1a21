/**
 * The blog's articles come from a folder of Markdown files (README: "Writing blog articles"):
 *
 *   categories/<key>.<locale>.md   front matter title, slug, category (true: a category; false: a tag); body: description
 *   posts/<key>/<locale>.md        an article in one locale (front matter below; body: the article)
 *   posts/<key>/images/*           images the article names by relative path
 *
 * `importBlogFolder` reads and checks everything first; one error and nothing is written. Then it draws
 * covers and stores images (content-addressed: what exists is not made again) and writes the tables in
 * one transaction under an advisory lock, so two imports at once take turns. A translation whose source
 * (file, images, cover, renderer) hashes as before is left as it is, so importing the same folder again
 * writes nothing.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import matter from "gray-matter";
import { z } from "zod";
import { BLOG, LOCALES, type Locale } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import type { Scope } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type CoverSource, checkImage, ensureBodyImage, ensureCover, hashOf } from "./covers.ts";
import { blogFileUrl } from "./files.ts";
import { imageSources, isRelativeImagePath, renderArticle } from "./markdown.ts";
import { isBlogSlug, RESERVED_BLOG_SLUGS } from "./slug.ts";

/** Changes when the same source would give other rows (HTML, search document): every translation is rewritten. */
export const RENDER_VERSION = 1;

/** The text search configuration of each locale's documents (the read side queries with the same). */
export const SEARCH_CONFIG: Record<Locale, "english" | "spanish"> = { en: "english", es: "spanish" };

export type ImportContext = Pick<Scope, "db" | "storage" | "clock" | "log">;
export type ImportOptions = {
  /** Also delete posts missing from the folder, and tags missing from it that no post uses. */
  prune?: boolean;
  /** Check and work out the counts, write nothing (no files, no rows). */
  dryRun?: boolean;
};
export type ImportError = { file: string; message: string };
export type ImportSummary = {
  tags: { created: number; updated: number; unchanged: number; removed: number };
  posts: { created: number; updated: number; unchanged: number; removed: number };
  errors: ImportError[];
};

const TITLE_MAX = 90;
const EXCERPT_MAX = 300;
const AUTHOR_MAX = 80;
const ALT_MAX = 200;
const DESCRIPTION_MAX = 1000;
const LOCK = "slidenest:blog-import";

// ------------------------------------------------------------------------------------------------
// Front matter

const missingOr = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? "is missing" : what);

const text = (min: number, max: number) =>
  z
    .string({ error: missingOr("must be text") })
    .trim()
    .min(min, { error: min === 1 ? "must not be empty" : `must be at least ${min} characters` })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => !/\p{Cc}/u.test(v.replace(/[\n\t]/g, "")), { error: "must not hold control characters" });

const slugField = z.string({ error: missingOr("must be text") }).refine(isBlogSlug, {
  error: "must be lowercase letters and digits joined by single hyphens (at most 120 characters)",
});

const keyField = z
  .string({ error: missingOr("must be text") })
  .refine(isBlogSlug, { error: "must be the key of a file in the folder (lowercase letters, digits, hyphens)" });

const keyList = z
  .array(keyField, { error: "must be a list" })
  .refine((a) => new Set(a).size === a.length, { error: "names an entry twice" });

const dateField = z
  .string({ error: missingOr("must be a date (YYYY-MM-DD or an ISO date and time)") })
  .refine((v) => parseDate(v) !== null, { error: "must be a date (YYYY-MM-DD or an ISO date and time)" });

const categorySchema = z.strictObject({
  title: text(1, TITLE_MAX),
  slug: slugField,
  category: z.boolean({ error: missingOr("must be true (a category) or false (a tag)") }),
});

const postSchema = z.strictObject({
  title: text(1, TITLE_MAX),
  slug: slugField,
  excerpt: text(1, EXCERPT_MAX),
  category: keyField.optional(),
  tags: keyList.optional(),
  author: text(1, AUTHOR_MAX).optional(),
  published: dateField.optional(),
  templates: z
    .array(slugField, { error: "must be a list" })
    .max(BLOG.maxTemplatesPerPost, { error: `names more than ${BLOG.maxTemplatesPerPost} templates` })
    .refine((a) => new Set(a).size === a.length, { error: "names a template twice" })
    .optional(),
  cover: z.string({ error: "must be a path" }).trim().min(1, { error: "must not be empty" }).optional(),
  coverAlt: text(1, ALT_MAX).optional(),
});

type PostFrontMatter = z.infer<typeof postSchema>;
/** Fields of an article that all its translations share; a file may leave them to another locale's file. */
const SHARED = ["category", "tags", "author", "published", "templates", "cover"] as const;

/** A date of the front matter: "YYYY-MM-DD" (midnight UTC) or an ISO date and time (UTC when it names no zone). */
export function parseDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
    value.trim(),
  );
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1, 7).map((x) => x ?? undefined) as string[];
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  if (day.getUTCFullYear() !== +y || day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  if (m[4] === undefined) return day;
  const zone = m[8] ? (m[8].toUpperCase() === "Z" ? "Z" : m[8].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")) : "Z";
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${m[7] ?? ""}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The scalar a YAML line holds as written (YAML turns dates into Date objects, silently moving 2026-02-30 to March). */
function rawScalar(frontMatter: string, field: string): string | null {
  const m = new RegExp(`^${field}[ \\t]*:[ \\t]*(.*)$`, "m").exec(frontMatter);
  if (!m) return null;
  const v = m[1].replace(/\s+#.*$/, "").trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}

function noScript(): never {
  throw new Error("front matter must be YAML");
}

/** Front matter and body of a Markdown file; YAML only (gray-matter would run `---js` front matter as code). */
function parseMarkdown(source: string): { data: Record<string, unknown>; body: string; frontMatter: string } {
  const parsed = matter(source.replace(/^\uFEFF/, ""), {
    engines: { js: noScript, javascript: noScript, coffee: noScript, cson: noScript },
  });
  const data = parsed.data && typeof parsed.data === "object" ? { ...parsed.data } : {};
  // Empty YAML values (`tags:`) mean "not given".
  for (const [k, v] of Object.entries(data)) if (v === null) delete data[k];
  return { data, body: parsed.content, frontMatter: parsed.matter ?? "" };
}

/** zod issues as messages naming the field. */
function issues(file: string, error: z.ZodError): ImportError[] {
  return error.issues.map((i) => {
    const field = i.path.length ? i.path.map(String).join(".") : "front matter";
    const message =
      i.code === "unrecognized_keys"
        ? `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.map((k) => `"${k}"`).join(", ")}`
        : `"${field}" ${i.message}`;
    return { file, message };
  });
}

// ------------------------------------------------------------------------------------------------
// Reading the folder

type TagSource = {
  file: string;
  key: string;
  locale: Locale;
  title: string;
  slug: string;
  isCategory: boolean;
  description: string;
};

type PostSource = {
  file: string;
  key: string;
  locale: Locale;
  /** The post's folder (absolute). */
  dir: string;
  bytes: Buffer;
  fm: PostFrontMatter;
  body: string;
};

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);
const hidden = (name: string) => name.startsWith(".");
const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

async function statOrNull(file: string) {
  try {
    return await fs.stat(file);
  } catch {
    return null;
  }
}

async function readSource(root: string, file: string, errors: ImportError[]): Promise<Buffer | null> {
  const stat = await statOrNull(file);
  if (!stat?.isFile()) {
    errors.push({ file: rel(root, file), message: "is not a file" });
    return null;
  }
  if (stat.size > BLOG.maxSourceBytes) {
    errors.push({ file: rel(root, file), message: `is larger than ${BLOG.maxSourceBytes} bytes` });
    return null;
  }
  return fs.readFile(file);
}

function decodeUtf8(root: string, file: string, bytes: Buffer, errors: ImportError[]): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    errors.push({ file: rel(root, file), message: "is not UTF-8 text" });
    return null;
  }
}

/** A Markdown file read, decoded and split into front matter and body; null (with the error noted) when it cannot be. */
async function readMarkdownFile(
  root: string,
  file: string,
  errors: ImportError[],
): Promise<{ bytes: Buffer; parsed: ReturnType<typeof parseMarkdown> } | null> {
  const bytes = await readSource(root, file, errors);
  const source = bytes && decodeUtf8(root, file, bytes, errors);
  if (!bytes || source === null || source === undefined) return null;
  try {
    return { bytes, parsed: parseMarkdown(source) };
  } catch (error) {
    errors.push({ file: rel(root, file), message: `front matter: ${(error as Error).message.split("\n")[0]}` });
    return null;
  }
}

const unknownLocale = (locale: string) => `unknown locale "${locale}" in the file name (one of ${LOCALES.join(", ")})`;
const badKey = (key: string) => `key "${key}" must be lowercase letters and digits joined by hyphens`;

async function readCategories(root: string, errors: ImportError[]): Promise<TagSource[]> {
  const dir = path.join(root, "categories");
  const names = (await statOrNull(dir))?.isDirectory() ? (await fs.readdir(dir)).sort() : [];
  const out: TagSource[] = [];
  for (const name of names) {
    if (hidden(name)) continue;
    const file = path.join(dir, name);
    const where = rel(root, file);
    const m = /^(.+)\.([^.]+)\.md$/.exec(name);
    if (!m) {
      errors.push({ file: where, message: "expected a file named <key>.<locale>.md" });
      continue;
    }
    const [, key, locale] = m;
    if (!isLocale(locale)) {
      errors.push({ file: where, message: unknownLocale(locale) });
      continue;
    }
    if (!isBlogSlug(key)) {
      errors.push({ file: where, message: badKey(key) });
      continue;
    }
    const read = await readMarkdownFile(root, file, errors);
    if (!read) continue;
    const { parsed } = read;
    const r = categorySchema.safeParse(parsed.data);
    if (!r.success) {
      errors.push(...issues(where, r.error));
      continue;
    }
    const description = parsed.body.trim().replace(/\s+/g, " ");
    if (description.length > DESCRIPTION_MAX) {
      errors.push({ file: where, message: `the description is longer than ${DESCRIPTION_MAX} characters` });
      continue;
    }
    out.push({
      file: where,
      key,
      locale,
      title: r.data.title,
      slug: r.data.slug,
      isCategory: r.data.category,
      description,
    });
  }
  return out;
}

async function readPosts(root: string, errors: ImportError[]): Promise<PostSource[]> {
  const dir = path.join(root, "posts");
  const names = (await statOrNull(dir))?.isDirectory() ? (await fs.readdir(dir)).sort() : [];
  const out: PostSource[] = [];
  for (const key of names) {
    if (hidden(key)) continue;
    const postDir = path.join(dir, key);
    if (!(await statOrNull(postDir))?.isDirectory()) {
      errors.push({ file: rel(root, postDir), message: "expected a folder posts/<key>/ holding <locale>.md files" });
      continue;
    }
    if (!isBlogSlug(key)) {
      errors.push({ file: rel(root, postDir), message: badKey(key) });
      continue;
    }
    let found = 0;
    for (const name of (await fs.readdir(postDir)).sort()) {
      if (hidden(name) || !name.endsWith(".md")) continue;
      const file = path.join(postDir, name);
      const where = rel(root, file);
      const locale = name.slice(0, -3);
      if (!isLocale(locale)) {
        errors.push({ file: where, message: unknownLocale(locale) });
        continue;
      }
      found++;
      const read = await readMarkdownFile(root, file, errors);
      if (!read) continue;
      const { bytes, parsed } = read;
      const data = parsed.data;
      // YAML reads an unquoted date as a Date: check what was written instead.
      if (data.published instanceof Date) data.published = rawScalar(parsed.frontMatter, "published") ?? "";
      const r = postSchema.safeParse(data);
      if (!r.success) {
        errors.push(...issues(where, r.error));
        continue;
      }
      if (!parsed.body.trim()) {
        errors.push({ file: where, message: "the article has no text" });
        continue;
      }
      out.push({ file: where, key, locale, dir: postDir, bytes, fm: r.data, body: parsed.body });
    }
    if (found === 0) errors.push({ file: rel(root, postDir), message: "holds no <locale>.md file" });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Checking the folder as a whole

type TagPlan = {
  key: string;
  isCategory: boolean;
  files: string[];
  translations: Map<Locale, { title: string; slug: string; description: string }>;
};

type TranslationPlan = {
  file: string;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  bytes: Buffer;
  coverAlt: string | null;
  /** Relative image source -> absolute file, for the images the body names. */
  images: Map<string, string>;
};

type PostPlan = {
  key: string;
  dir: string;
  files: string[];
  category: string;
  tags: string[];
  author: string;
  publishedAt: Date;
  templates: string[];
  /** The file that names the templates (for messages). */
  templatesFile: string;
  /** The operator's cover image (absolute path), or null: covers are drawn. */
  cover: string | null;
  translations: Map<Locale, TranslationPlan>;
};

type Plan = { tags: TagPlan[]; posts: PostPlan[]; images: Map<string, Buffer> };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sharedValue(field: (typeof SHARED)[number], fm: PostFrontMatter): unknown {
  if (field === "published") return fm.published === undefined ? undefined : parseDate(fm.published)?.toISOString();
  return fm[field];
}

/** An image a post names: inside the post's folder, a file, not too large, decodable. */
async function checkImageFile(
  root: string,
  dir: string,
  src: string,
  where: string,
  what: string,
  images: Map<string, Buffer>,
  errors: ImportError[],
): Promise<string | null> {
  if (!isRelativeImagePath(src)) {
    errors.push({ file: where, message: `${what} "${src}": images must be files in the post's folder (images/...)` });
    return null;
  }
  let decoded = src;
  try {
    decoded = decodeURI(src);
  } catch {
    /* a lone % is part of the name */
  }
  const file = path.resolve(dir, decoded);
  const inside = path.relative(dir, file);
  if (inside.startsWith("..") || path.isAbsolute(inside)) {
    errors.push({ file: where, message: `${what} "${src}" is outside the post's folder` });
    return null;
  }
  if (images.has(file)) return file;
  const stat = await statOrNull(file);
  if (!stat?.isFile()) {
    errors.push({ file: where, message: `${what} "${src}" not found (${rel(root, file)})` });
    return null;
  }
  if (stat.size > BLOG.maxImageBytes) {
    errors.push({ file: where, message: `${what} "${src}" is larger than ${BLOG.maxImageBytes} bytes` });
    return null;
  }
  const bytes = await fs.readFile(file);
  try {
    await checkImage(bytes);
  } catch (error) {
    errors.push({ file: where, message: `${what} "${src}": ${(error as Error).message}` });
    return null;
  }
  images.set(file, bytes);
  return file;
}

async function planFolder(
  root: string,
  tagFiles: TagSource[],
  postFiles: PostSource[],
  errors: ImportError[],
): Promise<Plan> {
  // Tags
  const tags = new Map<string, TagPlan>();
  for (const t of tagFiles) {
    const plan = tags.get(t.key);
    if (!plan) {
      tags.set(t.key, {
        key: t.key,
        isCategory: t.isCategory,
        files: [t.file],
        translations: new Map([[t.locale, { title: t.title, slug: t.slug, description: t.description }]]),
      });
      continue;
    }
    if (plan.isCategory !== t.isCategory)
      errors.push({ file: t.file, message: `"category" differs between ${plan.files[0]} and ${t.file}` });
    plan.files.push(t.file);
    plan.translations.set(t.locale, { title: t.title, slug: t.slug, description: t.description });
  }
  const tagSlugs = new Map<string, string>();
  for (const t of tagFiles) {
    if (RESERVED_BLOG_SLUGS.includes(t.slug))
      errors.push({ file: t.file, message: `"slug" "${t.slug}" is reserved (it is a page of the blog)` });
    const at = `${t.locale}:${t.slug}`;
    const other = tagSlugs.get(at);
    if (other) errors.push({ file: t.file, message: `"slug" "${t.slug}" is also the slug of ${other}` });
    else tagSlugs.set(at, t.file);
  }

  // Posts
  const byKey = new Map<string, PostSource[]>();
  for (const p of postFiles) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  const posts: PostPlan[] = [];
  const images = new Map<string, Buffer>();
  const postSlugs = new Map<string, string>();
  for (const [key, files] of byKey) {
    let ok = true;
    const shared: Partial<Record<(typeof SHARED)[number], { value: unknown; file: string }>> = {};
    for (const f of files) {
      for (const field of SHARED) {
        const value = sharedValue(field, f.fm);
        if (value === undefined) continue;
        const seen = shared[field];
        if (!seen) shared[field] = { value, file: f.file };
        else if (!same(seen.value, value)) {
          errors.push({ file: f.file, message: `"${field}" differs between ${seen.file} and ${f.file}` });
          ok = false;
        }
      }
    }
    const first = files[0].file;
    for (const field of ["category", "author", "published"] as const) {
      if (!shared[field]) {
        errors.push({ file: first, message: `"${field}" is missing (give it in at least one translation)` });
        ok = false;
      }
    }
    const category = files.find((f) => f.fm.category)?.fm.category;
    if (category) {
      const tag = tags.get(category);
      if (!tag) errors.push({ file: shared.category!.file, message: `"category" "${category}" is not in categories/` });
      else if (!tag.isCategory)
        errors.push({
          file: shared.category!.file,
          message: `"category" "${category}" is a tag (category: false), not a category`,
        });
      else
        for (const f of files)
          if (!tag.translations.has(f.locale))
            // The article's address in that locale goes through the category's slug in it.
            errors.push({
              file: f.file,
              message: `"category" "${category}" has no ${f.locale} translation (categories/${category}.${f.locale}.md)`,
            });
    }
    const tagKeys = files.find((f) => f.fm.tags)?.fm.tags ?? [];
    for (const t of tagKeys) {
      const tag = tags.get(t);
      if (!tag) errors.push({ file: shared.tags!.file, message: `"tags" names "${t}", which is not in categories/` });
      else if (tag.isCategory)
        errors.push({
          file: shared.tags!.file,
          message: `"tags" names "${t}", a category (category: true), not a tag`,
        });
    }
    const dir = files[0].dir;
    const coverSrc = files.find((f) => f.fm.cover)?.fm.cover;
    const cover = coverSrc
      ? await checkImageFile(root, dir, coverSrc, shared.cover!.file, "cover", images, errors)
      : null;
    if (coverSrc && !cover) ok = false;
    const translations = new Map<Locale, TranslationPlan>();
    for (const f of files) {
      const at = `${f.locale}:${f.fm.slug}`;
      const other = postSlugs.get(at);
      if (other) errors.push({ file: f.file, message: `"slug" "${f.fm.slug}" is also the slug of ${other}` });
      else postSlugs.set(at, f.file);
      const found = new Map<string, string>();
      for (const src of imageSources(f.body)) {
        const file = await checkImageFile(root, dir, src, f.file, "image", images, errors);
        if (file) found.set(src, file);
        else ok = false;
      }
      translations.set(f.locale, {
        file: f.file,
        title: f.fm.title,
        slug: f.fm.slug,
        excerpt: f.fm.excerpt,
        body: f.body,
        bytes: f.bytes,
        coverAlt: f.fm.coverAlt ?? null,
        images: found,
      });
    }
    if (!ok) continue;
    posts.push({
      key,
      dir,
      files: files.map((f) => f.file),
      category: category ?? "",
      tags: tagKeys,
      author: files.find((f) => f.fm.author)?.fm.author ?? "",
      publishedAt: parseDate(files.find((f) => f.fm.published)?.fm.published ?? "") ?? new Date(0),
      templates: files.find((f) => f.fm.templates)?.fm.templates ?? [],
      templatesFile: shared.templates?.file ?? first,
      cover,
      translations,
    });
  }
  return { tags: [...tags.values()], posts, images };
}

// ------------------------------------------------------------------------------------------------
// What the database holds

type DbState = {
  tags: Map<
    string,
    { id: number; isCategory: boolean; translations: Map<string, { title: string; slug: string; description: string }> }
  >;
  posts: Map<
    string,
    {
      id: number;
      categoryId: number;
      author: string;
      publishedAt: Date;
      translations: Map<string, { slug: string; sourceHash: string }>;
      tagIds: number[];
      templateIds: number[];
    }
  >;
  /** English template slug -> template id, for the slugs the folder names. */
  templates: Map<string, number>;
};

async function loadState(db: Db, plan: Plan): Promise<DbState> {
  // One query after another: inside a transaction they share one connection.
  const tagRows = await queryRows<{ id: number; key: string; is_category: boolean }>(
    db,
    sql`select id, key, is_category from blog_tag`,
  );
  const tagTr = await queryRows<{ tag_id: number; locale: string; title: string; slug: string; description: string }>(
    db,
    sql`select tag_id, locale, title, slug, description from blog_tag_translation`,
  );
  const postRows = await queryRows<{
    id: number;
    key: string;
    category_id: number;
    author: string;
    published_at: Date | string;
  }>(db, sql`select id, key, category_id, author, published_at from blog_post`);
  const postTr = await queryRows<{ post_id: number; locale: string; slug: string; source_hash: string }>(
    db,
    sql`select post_id, locale, slug, source_hash from blog_post_translation`,
  );
  const postTags = await queryRows<{ post_id: number; tag_id: number }>(
    db,
    sql`select post_id, tag_id from blog_post_tag order by tag_id`,
  );
  const postTemplates = await queryRows<{ post_id: number; template_id: number }>(
    db,
    sql`select post_id, template_id from blog_post_template order by post_id, position`,
  );
  const wanted = [...new Set(plan.posts.flatMap((p) => p.templates))];
  const templateRows = wanted.length
    ? await queryRows<{ slug: string; template_id: number }>(
        db,
        sql`select slug, template_id from template_translation where locale = 'en' and slug in (${sql.join(
          wanted.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
    : [];
  const tags: DbState["tags"] = new Map();
  const tagById = new Map<number, DbState["tags"] extends Map<string, infer V> ? V : never>();
  for (const r of tagRows) {
    const entry = { id: Number(r.id), isCategory: r.is_category, translations: new Map() };
    tags.set(r.key, entry);
    tagById.set(entry.id, entry);
  }
  for (const r of tagTr)
    tagById
      .get(Number(r.tag_id))
      ?.translations.set(r.locale, { title: r.title, slug: r.slug, description: r.description });
  const posts: DbState["posts"] = new Map();
  const postById = new Map<number, DbState["posts"] extends Map<string, infer V> ? V : never>();
  for (const r of postRows) {
    const entry = {
      id: Number(r.id),
      categoryId: Number(r.category_id),
      author: r.author,
      publishedAt: new Date(r.published_at),
      translations: new Map(),
      tagIds: [] as number[],
      templateIds: [] as number[],
    };
    posts.set(r.key, entry);
    postById.set(entry.id, entry);
  }
  for (const r of postTr)
    postById.get(Number(r.post_id))?.translations.set(r.locale, { slug: r.slug, sourceHash: r.source_hash });
  for (const r of postTags) postById.get(Number(r.post_id))?.tagIds.push(Number(r.tag_id));
  for (const r of postTemplates) postById.get(Number(r.post_id))?.templateIds.push(Number(r.template_id));
  return { tags, posts, templates: new Map(templateRows.map((r) => [r.slug, Number(r.template_id)])) };
}

/** What the folder asks that the database refuses: unknown templates, slugs held by entries the import keeps. */
function stateErrors(plan: Plan, state: DbState, prune: boolean): ImportError[] {
  const errors: ImportError[] = [];
  for (const p of plan.posts) {
    const unknown = p.templates.filter((s) => !state.templates.has(s));
    if (unknown.length) {
      const file = p.templatesFile;
      errors.push({
        file,
        message: `"templates" names ${unknown.length > 1 ? "templates" : "a template"} not in the catalogue (English slugs): ${unknown.join(", ")}`,
      });
    }
  }
  if (!prune) {
    const folderPosts = new Set(plan.posts.map((p) => p.key));
    const held = new Map<string, string>();
    for (const [key, post] of state.posts)
      if (!folderPosts.has(key)) for (const [locale, t] of post.translations) held.set(`${locale}:${t.slug}`, key);
    for (const p of plan.posts)
      for (const [locale, t] of p.translations) {
        const other = held.get(`${locale}:${t.slug}`);
        if (other)
          errors.push({
            file: t.file,
            message: `"slug" "${t.slug}" belongs to the post "${other}", which is not in this folder (remove it with --prune, or choose another slug)`,
          });
      }
    const folderTags = new Set(plan.tags.map((t) => t.key));
    const heldTags = new Map<string, string>();
    for (const [key, tag] of state.tags)
      if (!folderTags.has(key)) for (const [locale, t] of tag.translations) heldTags.set(`${locale}:${t.slug}`, key);
    for (const t of plan.tags)
      for (const [locale, tr] of t.translations) {
        const other = heldTags.get(`${locale}:${tr.slug}`);
        if (other)
          errors.push({
            file: t.files[0],
            message: `"slug" "${tr.slug}" (${locale}) belongs to "${other}", which is not in this folder (remove it with --prune, or choose another slug)`,
          });
      }
  }
  return errors;
}

// ------------------------------------------------------------------------------------------------
// Rendering

type PreparedTranslation = {
  locale: Locale;
  title: string;
  slug: string;
  excerpt: string;
  bodyMd: string;
  bodyHtml: string;
  text: string;
  readingMinutes: number;
  coverKey: string;
  coverAlt: string;
  sourceHash: string;
};

/** Stores the images a post needs and its covers, and renders each translation. */
async function preparePost(
  ctx: ImportContext,
  plan: Plan,
  post: PostPlan,
  tagPlans: Map<string, TagPlan>,
  dryRun: boolean,
): Promise<PreparedTranslation[]> {
  const out: PreparedTranslation[] = [];
  const category = tagPlans.get(post.category)!;
  for (const [locale, t] of post.translations) {
    const stored = new Map<string, { url: string; width: number; height: number }>();
    const imageParts: string[] = [];
    for (const [src, file] of [...t.images].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const bytes = plan.images.get(file)!;
      const image = await ensureBodyImage(ctx.storage, bytes, { dryRun });
      stored.set(src, { url: blogFileUrl(image.key), width: image.width, height: image.height });
      imageParts.push(src, image.key);
    }
    const rendered = renderArticle(t.body, { resolveImage: (src) => stored.get(src) ?? null });
    const categoryName =
      category.translations.get(locale)?.title ?? category.translations.values().next().value?.title ?? category.key;
    const source: CoverSource = post.cover
      ? { kind: "image", bytes: plan.images.get(post.cover)! }
      : { kind: "drawn", cover: { postKey: post.key, title: t.title, category: categoryName } };
    const cover = await ensureCover(ctx.storage, source, { dryRun });
    out.push({
      locale,
      title: t.title,
      slug: t.slug,
      excerpt: t.excerpt,
      bodyMd: t.body.trim(),
      bodyHtml: rendered.html,
      text: rendered.text,
      readingMinutes: rendered.readingMinutes,
      coverKey: cover.prefix,
      coverAlt: t.coverAlt ?? t.title,
      sourceHash: hashOf([`render-v${RENDER_VERSION}`, t.bytes, ...imageParts, cover.prefix], 64),
    });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Writing

class Rejected extends Error {
  readonly errors: ImportError[];
  constructor(errors: ImportError[]) {
    super("blog import rejected");
    this.errors = errors;
  }
}

class DryRun extends Error {
  readonly summary: ImportSummary;
  constructor(summary: ImportSummary) {
    super("dry run");
    this.summary = summary;
  }
}

const emptySummary = (): ImportSummary => ({
  tags: { created: 0, updated: 0, unchanged: 0, removed: 0 },
  posts: { created: 0, updated: 0, unchanged: 0, removed: 0 },
  errors: [],
});

const weighted = (text: string, config: string, weight: "A" | "B" | "C") =>
  sql`setweight(to_tsvector(${config}::regconfig, slidenest_unaccent(lower(${text}))), ${sql.raw(`'${weight}'`)})`;

async function insertTranslation(db: Db, postId: number, t: PreparedTranslation, now: Date) {
  const config = SEARCH_CONFIG[t.locale];
  await db.execute(sql`
    insert into blog_post_translation
      (post_id, locale, title, slug, excerpt, body_md, body_html, reading_minutes, cover_key, cover_alt, source_hash, search, updated_at)
    values (${postId}, ${t.locale}, ${t.title}, ${t.slug}, ${t.excerpt}, ${t.bodyMd}, ${t.bodyHtml}, ${t.readingMinutes},
      ${t.coverKey}, ${t.coverAlt}, ${t.sourceHash},
      ${weighted(t.title, config, "A")} || ${weighted(t.excerpt, config, "B")} || ${weighted(t.text, config, "C")},
      ${now})`);
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function write(
  db: Db,
  plan: Plan,
  prepared: Map<string, PreparedTranslation[]>,
  now: Date,
  prune: boolean,
): Promise<ImportSummary> {
  const summary = emptySummary();
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
  // Read again under the lock: another import may have finished while this one was rendering.
  const state = await loadState(db, plan);
  const errors = stateErrors(plan, state, prune);
  if (errors.length) throw new Rejected(errors);

  const folderPosts = new Set(plan.posts.map((p) => p.key));
  const folderTags = new Set(plan.tags.map((t) => t.key));
  if (prune) {
    const gone = [...state.posts].filter(([key]) => !folderPosts.has(key)).map(([, p]) => p.id);
    if (gone.length) await db.execute(sql`delete from blog_post where id in (${idList(gone)})`);
    summary.posts.removed = gone.length;
    // Tags leaving free their slugs before the folder's tags take them; the tags go at the end.
    const goneTags = [...state.tags].filter(([key]) => !folderTags.has(key)).map(([, t]) => t.id);
    if (goneTags.length) await db.execute(sql`delete from blog_tag_translation where tag_id in (${idList(goneTags)})`);
  }

  // Tags: translations that change are deleted first and inserted after, so two tags may swap slugs.
  const tagIds = new Map<string, number>();
  const tagInserts: { tagKey: string; locale: string; title: string; slug: string; description: string }[] = [];
  for (const t of plan.tags) {
    const old = state.tags.get(t.key);
    let changed = !old || old.isCategory !== t.isCategory;
    for (const [locale, tr] of t.translations) {
      const before = old?.translations.get(locale);
      if (before && same(before, { title: tr.title, slug: tr.slug, description: tr.description })) continue;
      changed = true;
      tagInserts.push({ tagKey: t.key, locale, ...tr });
    }
    const removed = old ? [...old.translations.keys()].filter((l) => !t.translations.has(l as Locale)) : [];
    if (removed.length) changed = true;
    const replaced = tagInserts
      .filter((x) => x.tagKey === t.key && old?.translations.has(x.locale))
      .map((x) => x.locale);
    const drop = [...removed, ...replaced];
    if (old && drop.length)
      await db.execute(
        sql`delete from blog_tag_translation where tag_id = ${old.id} and locale in (${sql.join(
          drop.map((l) => sql`${l}`),
          sql`, `,
        )})`,
      );
    if (!old) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into blog_tag (key, is_category, created_at, updated_at) values (${t.key}, ${t.isCategory}, ${now}, ${now}) returning id`,
      );
      tagIds.set(t.key, Number(row.id));
      summary.tags.created++;
    } else {
      tagIds.set(t.key, old.id);
      if (changed) {
        await db.execute(
          sql`update blog_tag set is_category = ${t.isCategory}, updated_at = ${now} where id = ${old.id}`,
        );
        summary.tags.updated++;
      } else summary.tags.unchanged++;
    }
  }
  for (const x of tagInserts)
    await db.execute(sql`insert into blog_tag_translation (tag_id, locale, title, slug, description)
      values (${tagIds.get(x.tagKey)!}, ${x.locale}, ${x.title}, ${x.slug}, ${x.description})`);

  // Posts: the same order (deletes of changed translations first).
  const inserts: { postKey: string; t: PreparedTranslation }[] = [];
  const postIds = new Map<string, number>();
  for (const p of plan.posts) {
    const old = state.posts.get(p.key);
    const categoryId = tagIds.get(p.category)!;
    const tagList = p.tags.map((k) => tagIds.get(k)!).sort((a, b) => a - b);
    const templateList = p.templates.map((s) => state.templates.get(s)!);
    const translations = prepared.get(p.key)!;
    let changed = false;
    const drop: string[] = [];
    for (const t of translations) {
      const before = old?.translations.get(t.locale);
      if (before && before.sourceHash === t.sourceHash) continue;
      changed = true;
      inserts.push({ postKey: p.key, t });
      if (before) drop.push(t.locale);
    }
    if (old) for (const locale of old.translations.keys()) if (!p.translations.has(locale as Locale)) drop.push(locale);
    if (old && drop.length) {
      changed = true;
      await db.execute(
        sql`delete from blog_post_translation where post_id = ${old.id} and locale in (${sql.join(
          drop.map((l) => sql`${l}`),
          sql`, `,
        )})`,
      );
    }
    let postId: number;
    if (!old) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into blog_post (key, category_id, author, published_at, created_at, updated_at)
            values (${p.key}, ${categoryId}, ${p.author}, ${p.publishedAt}, ${now}, ${now}) returning id`,
      );
      postId = Number(row.id);
    } else {
      postId = old.id;
      const rowChanged =
        old.categoryId !== categoryId ||
        old.author !== p.author ||
        old.publishedAt.getTime() !== p.publishedAt.getTime();
      if (rowChanged)
        await db.execute(sql`update blog_post set category_id = ${categoryId}, author = ${p.author},
          published_at = ${p.publishedAt} where id = ${postId}`);
      changed ||= rowChanged;
    }
    postIds.set(p.key, postId);
    if (!old || !same(old.tagIds, tagList)) {
      if (old) await db.execute(sql`delete from blog_post_tag where post_id = ${postId}`);
      for (const tagId of tagList)
        await db.execute(sql`insert into blog_post_tag (post_id, tag_id) values (${postId}, ${tagId})`);
      changed ||= !!old;
    }
    if (!old || !same(old.templateIds, templateList)) {
      if (old) await db.execute(sql`delete from blog_post_template where post_id = ${postId}`);
      for (const [position, templateId] of templateList.entries())
        await db.execute(
          sql`insert into blog_post_template (post_id, template_id, position) values (${postId}, ${templateId}, ${position})`,
        );
      changed ||= !!old;
    }
    if (!old) summary.posts.created++;
    else if (changed) {
      await db.execute(sql`update blog_post set updated_at = ${now} where id = ${postId}`);
      summary.posts.updated++;
    } else summary.posts.unchanged++;
  }
  for (const { postKey, t } of inserts) await insertTranslation(db, postIds.get(postKey)!, t, now);

  if (prune) {
    const gone = [...state.tags].filter(([key]) => !folderTags.has(key)).map(([, t]) => t.id);
    if (gone.length) {
      const removed = await queryRows<{ id: number }>(
        db,
        sql`delete from blog_tag t where t.id in (${idList(gone)})
            and not exists (select 1 from blog_post p where p.category_id = t.id)
            and not exists (select 1 from blog_post_tag x where x.tag_id = t.id) returning t.id`,
      );
      summary.tags.removed = removed.length;
    }
  }
  const changed =
    summary.tags.created +
    summary.tags.updated +
    summary.tags.removed +
    summary.posts.created +
    summary.posts.updated +
    summary.posts.removed;
  if (changed > 0) await bumpCatalogVersion({ db });
  return summary;
}

// ------------------------------------------------------------------------------------------------
// The import

/**
 * Imports a folder of Markdown articles (see the top of this file). Answers counts, or the errors that
 * stopped it (then nothing was written). A missing or empty folder is an error, never "delete all".
 */
export async function importBlogFolder(
  ctx: ImportContext,
  folder: string,
  opts: ImportOptions = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const root = path.resolve(folder);
  const fail = (errors: ImportError[]): ImportSummary => ({ ...emptySummary(), errors });
  if (!(await statOrNull(root))?.isDirectory()) return fail([{ file: folder, message: "folder not found" }]);
  const errors: ImportError[] = [];
  const tagFiles = await readCategories(root, errors);
  const postFiles = await readPosts(root, errors);
  if (!errors.length && tagFiles.length === 0 && postFiles.length === 0)
    return fail([{ file: folder, message: "holds no categories/*.md and no posts/*/*.md" }]);
  const plan = await planFolder(root, tagFiles, postFiles, errors);
  if (errors.length) return fail(errors);
  const prune = opts.prune ?? false;
  const dryRun = opts.dryRun ?? false;

  // A first look at the database, so that a refusal comes before any file is stored.
  const before = stateErrors(plan, await loadState(ctx.db, plan), prune);
  if (before.length) return fail(before);

  const tagPlans = new Map(plan.tags.map((t) => [t.key, t]));
  const prepared = new Map<string, PreparedTranslation[]>();
  for (const post of plan.posts) prepared.set(post.key, await preparePost(ctx, plan, post, tagPlans, dryRun));
  const rendered = Date.now();

  let summary: ImportSummary;
  try {
    summary = await ctx.db.transaction(async (tx) => {
      const result = await write(tx, plan, prepared, ctx.clock.now(), prune);
      if (dryRun) throw new DryRun(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRun) summary = error.summary;
    else if (error instanceof Rejected) return fail(error.errors);
    else throw error;
  }
  ctx.log.info(dryRun ? "blog import checked (dry run)" : "blog imported", {
    tags: summary.tags,
    posts: summary.posts,
    renderMs: rendered - started,
    ms: Date.now() - started,
  });
  return summary;
}
