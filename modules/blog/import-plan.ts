/**
 * The blog import's checks of the folder as a whole (translations that agree, categories and tags that
 * exist, unique slugs, images that can be used), and of the folder against what the database holds.
 */
import type { Locale } from "#config/constants.ts";
import { checkImageFile } from "./import-images.ts";
import { type PostFrontMatter, type PostSource, parseDate, SHARED, type TagSource } from "./import-read.ts";
import type { ImportState } from "./import-repo.ts";
import type { ImportError } from "./import-types.ts";
import { imageSources } from "./markdown.ts";
import { RESERVED_BLOG_SLUGS } from "./slug.ts";

export type TagPlan = {
  key: string;
  isCategory: boolean;
  files: string[];
  translations: Map<Locale, { title: string; slug: string; description: string }>;
};

export type TranslationPlan = {
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

export type PostPlan = {
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

export type Plan = { tags: TagPlan[]; posts: PostPlan[]; images: Map<string, Buffer> };

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sharedValue(field: (typeof SHARED)[number], fm: PostFrontMatter): unknown {
  if (field === "published") return fm.published === undefined ? undefined : parseDate(fm.published)?.toISOString();
  return fm[field];
}

export async function planFolder(
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

/** What the folder asks that the database refuses: unknown templates, slugs held by entries the import keeps. */
export function stateErrors(plan: Plan, state: ImportState, prune: boolean): ImportError[] {
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
