import { BLOG } from "#config/constants.ts";
import type { Storage } from "#modules/files/storage.ts";

/**
 * Where the blog's images live: storage keys the import writes (content-addressed, so a changed image
 * gets a new name) and the addresses that serve them (GET /files/blog/..., cached for a year).
 */
export type CoverWidth = (typeof BLOG.coverWidths)[number];

/** Storage key prefix of a cover; each width is `{prefix}-{width}.webp`. */
export function coverPrefix(hash: string): string {
  return `blog/covers/${hash}`;
}

export function coverKey(prefix: string, width: CoverWidth): string {
  return `${prefix}-${width}.webp`;
}

/** Storage key of an image of an article's body. */
export function bodyImageKey(hash: string): string {
  return `blog/images/${hash}.webp`;
}

/** The address of a stored blog image. */
export function blogFileUrl(key: string): string {
  return `/files/${key}`;
}

export function coverUrl(prefix: string, width: CoverWidth): string {
  return blogFileUrl(coverKey(prefix, width));
}

/** Whether a path after /files/ names a blog image (and nothing else in storage). */
export const BLOG_FILE_KEY = /^blog\/(covers\/[a-f0-9]{16,64}-\d{3,4}|images\/[a-f0-9]{16,64})\.webp$/;

const COVER_FILE = /^(blog\/covers\/[a-f0-9]{16,64})-(\d{3,4})\.webp$/;

/**
 * A stored blog file by its key (BLOG_FILE_KEY). A cover asked for at one of BLOG.coverWidths that it
 * lacks (a width added after it was stored: the next import draws it) is answered with the next wider
 * width it has, marked `exact: false` so that it is not kept for long; the page asked for it in a srcset,
 * and a wider image scales down where a missing one would show nothing.
 */
export async function readBlogFile(storage: Storage, key: string): Promise<{ body: Buffer; exact: boolean } | null> {
  const body = await storage.get(key);
  if (body) return { body, exact: true };
  const cover = COVER_FILE.exec(key);
  const width = Number(cover?.[2]);
  if (!cover || !(BLOG.coverWidths as readonly number[]).includes(width)) return null;
  for (const wider of BLOG.coverWidths.filter((w) => w > width)) {
    const stored = await storage.get(coverKey(cover[1], wider));
    if (stored) return { body: stored, exact: false };
  }
  return null;
}
