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
 *
 * The import's jobs, one file each: import-read.ts reads and parses the folder's files, import-images.ts
 * finds and checks the images posts name, import-plan.ts checks the folder as a whole and against the
 * database, import-render.ts stores images and covers and renders the Markdown, import-write.ts writes
 * the tables (its queries in import-repo.ts). This file runs them in order.
 */
import path from "node:path";
import { planFolder, stateErrors } from "./import-plan.ts";
import { readCategories, readPosts, statOrNull } from "./import-read.ts";
import { type PreparedTranslation, preparePost } from "./import-render.ts";
import { loadImportState } from "./import-repo.ts";
import {
  emptySummary,
  type ImportContext,
  type ImportError,
  type ImportOptions,
  type ImportSummary,
} from "./import-types.ts";
import { DryRun, Rejected, templateSlugs, write } from "./import-write.ts";

export { parseDate } from "./import-read.ts";
export { RENDER_VERSION } from "./import-render.ts";
export { SEARCH_CONFIG } from "./import-repo.ts";
export type { ImportContext, ImportError, ImportOptions, ImportSummary } from "./import-types.ts";

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
  const before = stateErrors(plan, await loadImportState(ctx.db, templateSlugs(plan)), prune);
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
