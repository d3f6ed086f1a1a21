import type { BLOG } from "#config/constants.ts";

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
