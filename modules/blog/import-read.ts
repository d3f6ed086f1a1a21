/**
 * The blog import's first job: reading the content folder (categories/<key>.<locale>.md and
 * posts/<key>/<locale>.md), each file on its own: size, UTF-8, YAML front matter checked field by field.
 */
import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import { BLOG, LOCALES, type Locale } from "#config/constants.ts";
import type { ImportError } from "./import-types.ts";
import { isBlogSlug } from "./slug.ts";

const TITLE_MAX = 90;
const EXCERPT_MAX = 300;
const AUTHOR_MAX = 80;
const ALT_MAX = 200;
const DESCRIPTION_MAX = 1000;

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

export type PostFrontMatter = z.infer<typeof postSchema>;
/** Fields of an article that all its translations share; a file may leave them to another locale's file. */
export const SHARED = ["category", "tags", "author", "published", "templates", "cover"] as const;

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

export type TagSource = {
  file: string;
  key: string;
  locale: Locale;
  title: string;
  slug: string;
  isCategory: boolean;
  description: string;
};

export type PostSource = {
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
export const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

export async function statOrNull(file: string) {
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

export async function readCategories(root: string, errors: ImportError[]): Promise<TagSource[]> {
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

export async function readPosts(root: string, errors: ImportError[]): Promise<PostSource[]> {
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
