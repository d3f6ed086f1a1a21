import { LIMITS } from "#config/constants.ts";

/**
 * Names in the blog's addresses: article and category slugs (`/blog/{category}/{article}`) and the
 * keys an operator's Markdown folder gives posts and tags (their file and folder names).
 */

/** Lowercase words of letters and digits joined by single hyphens. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Addresses under /blog/ that are pages of their own, so no category may take them as its slug. */
export const RESERVED_BLOG_SLUGS: readonly string[] = ["search", "rss.xml"];

/** Whether `value` can be a blog slug (or a post or tag key): the pattern, and at most LIMITS.slug characters. */
export function isBlogSlug(value: string): boolean {
  return value.length <= LIMITS.slug && BLOG_SLUG.test(value);
}

/**
 * A slug made from any text: accents dropped (é -> e, ñ -> n), anything but letters and digits becomes
 * one hyphen, at most `max` characters. Empty when the text has no letters or digits.
 */
export function slugify(text: string, max = 64): string {
  const plain = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (plain.length <= max) return plain;
  // Cut between words when there is a word boundary to cut at.
  const cut = plain.slice(0, max + 1);
  const at = cut.lastIndexOf("-");
  return (at > 0 ? cut.slice(0, at) : plain.slice(0, max)).replace(/-+$/, "");
}
