import type { Locale } from "#config/constants.ts";
import type { TemplateCard } from "#modules/catalog/views.ts";

/** View types the blog hands to every edge. Rows become these in modules/blog/service.ts only. */

/** A blog category or tag in one locale. */
export type BlogTagView = {
  id: number;
  key: string;
  title: string;
  slug: string;
  description: string;
  isCategory: boolean;
  /** Articles published in this locale under it. */
  postsCount: number;
  updatedAt: Date;
};

export type BlogCover = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  /** The widest version (social previews, the feed). */
  large: string;
};

/** An article as a card: list pages, related articles, the home teaser, search results. */
export type BlogPostCard = {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  publishedAt: Date;
  /** The day it was published, written in the card's language (formatDay): the page's scripts need not format it. */
  publishedOn: string;
  readingMinutes: number;
  category: { title: string; slug: string };
  cover: BlogCover;
  /** Address of the article in the card's locale (locale prefix included). */
  path: string;
};

/** An article's own cover: its srcset also without the widest width (a phone's: ViewportImage). */
export type ArticleCover = BlogCover & { narrowSrcSet: string };

export type BlogArticle = BlogPostCard & {
  cover: ArticleCover;
  /** Sanitised HTML rendered from the article's Markdown when it was imported. */
  html: string;
  updatedAt: Date;
  /** When the article was changed on a later day than it was first published here; null otherwise. */
  revisedAt: Date | null;
  /** That day written in the article's language; null with revisedAt. */
  revisedOn: string | null;
  tags: { title: string; slug: string }[];
  templates: TemplateCard[];
  related: BlogPostCard[];
  /** The article's address in each locale it is translated into. */
  paths: Partial<Record<Locale, string>>;
};

/** A page that exists, but not in the locale asked for: where it can be read instead. */
export type Untranslated = {
  kind: "untranslated";
  /** The languages it exists in, with its title and address in each. */
  availableIn: { locale: Locale; title: string; path: string }[];
};

/** Looking a category or an article up by the slugs of an address. */
export type Lookup<T> =
  | { kind: "found"; value: T }
  | Untranslated
  /** It exists in this locale under another address (its slug in this locale, or its category's). */
  | { kind: "moved"; path: string }
  | { kind: "missing" };
