/** The blog import's writes: the folder's tags and posts into the tables, in one transaction. */
import type { Locale } from "#config/constants.ts";
import type { Executor } from "#db/client.server.ts";
import { bumpCatalogVersion } from "#modules/catalog/service.ts";
import { type Plan, same, stateErrors } from "./import-plan.ts";
import type { PreparedTranslation } from "./import-render.ts";
import * as repo from "./import-repo.ts";
import { loadImportState, lockImport } from "./import-repo.ts";
import { emptySummary, type ImportError, type ImportSummary } from "./import-types.ts";

/** The English template slugs the folder's posts name. */
export const templateSlugs = (plan: Plan) => [...new Set(plan.posts.flatMap((p) => p.templates))];

export class Rejected extends Error {
  readonly errors: ImportError[];
  constructor(errors: ImportError[]) {
    super("blog import rejected");
    this.errors = errors;
  }
}

export class DryRun extends Error {
  readonly summary: ImportSummary;
  constructor(summary: ImportSummary) {
    super("dry run");
    this.summary = summary;
  }
}

/**
 * Writes the folder (under the import's lock, in the caller's transaction): tags, then posts, then
 * their translations; answers the counts. Throws Rejected when the database refuses the folder.
 */
export async function write(
  db: Executor,
  plan: Plan,
  prepared: Map<string, PreparedTranslation[]>,
  now: Date,
  prune: boolean,
): Promise<ImportSummary> {
  const summary = emptySummary();
  await lockImport(db);
  // Read again under the lock: another import may have finished while this one was rendering.
  const state = await loadImportState(db, templateSlugs(plan));
  const errors = stateErrors(plan, state, prune);
  if (errors.length) throw new Rejected(errors);

  const folderPosts = new Set(plan.posts.map((p) => p.key));
  const folderTags = new Set(plan.tags.map((t) => t.key));
  if (prune) {
    const gone = [...state.posts].filter(([key]) => !folderPosts.has(key)).map(([, p]) => p.id);
    if (gone.length) await repo.deletePosts(db, gone);
    summary.posts.removed = gone.length;
    // Tags leaving free their slugs before the folder's tags take them; the tags go at the end.
    const goneTags = [...state.tags].filter(([key]) => !folderTags.has(key)).map(([, t]) => t.id);
    if (goneTags.length) await repo.deleteTagTranslations(db, goneTags);
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
    if (old && drop.length) await repo.deleteTagTranslationLocales(db, old.id, drop);
    if (!old) {
      tagIds.set(t.key, await repo.insertTag(db, { key: t.key, isCategory: t.isCategory, now }));
      summary.tags.created++;
    } else {
      tagIds.set(t.key, old.id);
      if (changed) {
        await repo.updateTag(db, old.id, { isCategory: t.isCategory, now });
        summary.tags.updated++;
      } else summary.tags.unchanged++;
    }
  }
  for (const x of tagInserts)
    await repo.insertTagTranslation(db, {
      tagId: tagIds.get(x.tagKey)!,
      locale: x.locale,
      title: x.title,
      slug: x.slug,
      description: x.description,
    });

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
      await repo.deletePostTranslationLocales(db, old.id, drop);
    }
    let postId: number;
    if (!old) {
      postId = await repo.insertPost(db, {
        key: p.key,
        categoryId,
        author: p.author,
        publishedAt: p.publishedAt,
        now,
      });
    } else {
      postId = old.id;
      const rowChanged =
        old.categoryId !== categoryId ||
        old.author !== p.author ||
        old.publishedAt.getTime() !== p.publishedAt.getTime();
      if (rowChanged) await repo.updatePost(db, postId, { categoryId, author: p.author, publishedAt: p.publishedAt });
      changed ||= rowChanged;
    }
    postIds.set(p.key, postId);
    if (!old || !same(old.tagIds, tagList)) {
      if (old) await repo.deletePostTags(db, postId);
      for (const tagId of tagList) await repo.insertPostTag(db, postId, tagId);
      changed ||= !!old;
    }
    if (!old || !same(old.templateIds, templateList)) {
      if (old) await repo.deletePostTemplates(db, postId);
      for (const [position, templateId] of templateList.entries())
        await repo.insertPostTemplate(db, { postId, templateId, position });
      changed ||= !!old;
    }
    if (!old) summary.posts.created++;
    else if (changed) {
      await repo.touchPost(db, postId, now);
      summary.posts.updated++;
    } else summary.posts.unchanged++;
  }
  for (const { postKey, t } of inserts) await repo.insertPostTranslation(db, postIds.get(postKey)!, t, now);

  if (prune) {
    const gone = [...state.tags].filter(([key]) => !folderTags.has(key)).map(([, t]) => t.id);
    if (gone.length) summary.tags.removed = await repo.deleteUnusedTags(db, gone);
  }
  const changed =
    summary.tags.created +
    summary.tags.updated +
    summary.tags.removed +
    summary.posts.created +
    summary.posts.updated +
    summary.posts.removed;
  if (changed > 0) {
    // The search's "did you mean" knows the words of what is published now.
    await repo.rebuildBlogWords(db);
    await repo.tidyBlogSearchIndexes(db);
    await bumpCatalogVersion({ db });
  }
  return summary;
}
