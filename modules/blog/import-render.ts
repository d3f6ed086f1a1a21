/** The blog import's rendering: each translation's images and cover stored, its Markdown rendered. */
import { type CoverSource, ensureBodyImage, ensureCover, hashOf } from "./covers.ts";
import { blogFileUrl } from "./files.ts";
import type { Plan, PostPlan, TagPlan } from "./import-plan.ts";
import type { NewPostTranslation } from "./import-repo.ts";
import type { ImportContext } from "./import-types.ts";
import { renderArticle } from "./markdown.ts";

/** Changes when the same source would give other rows (HTML, search document): every translation is rewritten. */
export const RENDER_VERSION = 1;

/** A translation ready to be written: rendered, its images and cover stored. */
export type PreparedTranslation = NewPostTranslation;

/** Stores the images a post needs and its covers, and renders each translation. */
export async function preparePost(
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
