import { FOLDERS, PAGE_SIZE } from "#config/constants.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { AspectRatio, Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { uniqueViolation } from "#modules/shared/db-errors.ts";
import type { Result } from "#modules/shared/result.ts";
import * as repo from "./repo.ts";
import type { FavoriteSort } from "./sorts.ts";

/**
 * Collections ("folders", SPEC §1 and §3) of an account's favourites. A template in a collection is a
 * favourite: adding one to a collection keeps it among the favourites, removing the favourite takes it
 * out of every collection (the database's keys say so too). Every call names the account, and a folder
 * or template of another account is "not found", never touched.
 */

export const FOLDER_ERRORS = {
  duplicate: "account.folders.errors.duplicate",
  renameDuplicate: "account.folders.errors.renameDuplicate",
  notFound: "account.folders.errors.notFound",
  tooMany: "account.folders.errors.tooMany",
  unknownTemplate: "account.favorites.errors.unknownTemplate",
} as const;
export type FolderErrorCode = (typeof FOLDER_ERRORS)[keyof typeof FOLDER_ERRORS];

export type FolderResult<T> = Result<T, FolderErrorCode>;

/** Refusals about the name a form gave (shown under its name field). */
export const FOLDER_NAME_ERRORS: ReadonlySet<string> = new Set([
  FOLDER_ERRORS.duplicate,
  FOLDER_ERRORS.renameDuplicate,
]);

export type FolderView = { id: number; name: string; templatesCount: number; createdAt: Date };
export type FolderRef = { id: number; name: string };

/** The key two names share when they differ only in case, width or spacing ("Café" = "CAFÉ" = " café "). */
export function folderNameKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();
}

/** The name as kept: trimmed, inner runs of spaces made one. */
export function cleanFolderName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/gu, " ");
}

const reshapeFolder = (r: repo.FolderRow): FolderView => ({
  id: Number(r.id),
  name: r.name,
  templatesCount: Number(r.templates_count),
  createdAt: new Date(r.created_at),
});

/** The account's collections, by name in the account's language, each with its count of published templates. */
export async function listFolders(ctx: ServiceContext, input: { accountId: number }): Promise<FolderView[]> {
  const rows = await repo.folderRows(ctx.db, { accountId: input.accountId, now: ctx.clock.now() });
  return rows.map(reshapeFolder).sort(byName(ctx.locale));
}

/** Collections in name order in the reader's language (ties by id). */
function byName(locale: string) {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  return (a: FolderView, b: FolderView) => collator.compare(a.name, b.name) || a.id - b.id;
}

/**
 * A template as the account keeps it, for its page: whether it is a favourite, the account's collections
 * (as listFolders) and the ones that hold it, in one statement where it took three.
 */
export async function templateKeeping(
  ctx: ServiceContext,
  input: { accountId: number; templateId: number },
): Promise<{ favorite: boolean; folders: FolderView[]; inFolders: number[] }> {
  const rows = await repo.templateKeepingRows(ctx.db, { ...input, now: ctx.clock.now() });
  const order = byName(ctx.locale);
  const kept = rows.flatMap((r) => (r.id === null ? [] : [{ view: reshapeFolder(r), holds: r.holds }]));
  kept.sort((a, b) => order(a.view, b.view));
  return {
    favorite: Boolean(rows[0]?.favorite),
    folders: kept.map((k) => k.view),
    inFolders: kept.filter((k) => k.holds).map((k) => k.view.id),
  };
}

/** How many of a collection's templates its collage shows (a 2 x 2 grid). */
export const FOLDER_COVER_TILES = 4;

/** A tile of a collection's collage: a template's first slide, in its first shown colour. */
export type FolderCover = { templateId: number; colorId: number; aspectRatio: AspectRatio };

/**
 * The collage of each of the account's collections: its first FOLDER_COVER_TILES published templates, in
 * the collection's own first order (newest put in first). A collection with none has no entry.
 */
export async function folderCovers(
  ctx: ServiceContext,
  input: { accountId: number },
): Promise<Map<number, FolderCover[]>> {
  const rows = await repo.folderCoverRows(ctx.db, {
    accountId: input.accountId,
    now: ctx.clock.now(),
    perFolder: FOLDER_COVER_TILES,
  });
  const covers = new Map<number, FolderCover[]>();
  for (const r of rows) {
    const id = Number(r.folder_id);
    const list = covers.get(id) ?? [];
    list.push({ templateId: Number(r.template_id), colorId: Number(r.color_id), aspectRatio: r.aspect_ratio });
    covers.set(id, list);
  }
  return covers;
}

/** One collection of the account, or null (also for another account's collection). */
export async function getFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number },
): Promise<FolderView | null> {
  const folders = await repo.folderRows(ctx.db, { ...input, now: ctx.clock.now() });
  return folders[0] ? reshapeFolder(folders[0]) : null;
}

/**
 * A new collection, with a template put in it at once when one is given (a template that cannot be
 * added leaves no collection behind). Two requests with the same name at once (in any case) make one;
 * the other is told 'A folder with the same name already exists.' by the unique index, not by a check
 * that races.
 */
export async function createFolder(
  ctx: ServiceContext,
  input: { accountId: number; name: string; templateId?: number },
): Promise<FolderResult<FolderView>> {
  const made = await insertFolder(ctx, input);
  if (!made.ok || input.templateId === undefined) return made;
  const added = await addToFolder(ctx, {
    accountId: input.accountId,
    folderId: made.value.id,
    templateId: input.templateId,
  });
  if (added.ok) return { ok: true, value: { ...made.value, templatesCount: 1 } };
  await deleteFolder(ctx, { accountId: input.accountId, folderId: made.value.id });
  return added;
}

async function insertFolder(
  ctx: ServiceContext,
  input: { accountId: number; name: string },
): Promise<FolderResult<FolderView>> {
  const name = cleanFolderName(input.name);
  const now = ctx.clock.now();
  try {
    const row = await repo.insertFolderRow(ctx.db, {
      accountId: input.accountId,
      name,
      nameKey: folderNameKey(name),
      now,
      max: FOLDERS.maxPerAccount,
    });
    if (!row) return { ok: false, code: FOLDER_ERRORS.tooMany };
    return { ok: true, value: reshapeFolder(row) };
  } catch (error) {
    if (uniqueViolation(error) === "favorite_folder_name_idx") return { ok: false, code: FOLDER_ERRORS.duplicate };
    throw error;
  }
}

/** A new name for a collection; another collection of the account with that name refuses it. */
export async function renameFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number; name: string },
): Promise<FolderResult<FolderRef>> {
  const name = cleanFolderName(input.name);
  try {
    const row = await repo.renameFolderRow(ctx.db, {
      ...input,
      name,
      nameKey: folderNameKey(name),
      now: ctx.clock.now(),
    });
    if (!row) return { ok: false, code: FOLDER_ERRORS.notFound };
    return { ok: true, value: { id: Number(row.id), name: row.name } };
  } catch (error) {
    if (uniqueViolation(error) === "favorite_folder_name_idx")
      return { ok: false, code: FOLDER_ERRORS.renameDuplicate };
    throw error;
  }
}

/** Deletes a collection. Its templates stay among the favourites. */
export async function deleteFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number },
): Promise<FolderResult<FolderRef>> {
  const row = await repo.deleteFolderRow(ctx.db, input.accountId, input.folderId);
  if (!row) return { ok: false, code: FOLDER_ERRORS.notFound };
  return { ok: true, value: { id: Number(row.id), name: row.name } };
}

/**
 * Puts a template in a collection, making it a favourite first when it is not one yet (only published
 * templates). Adding what is already there is fine. One statement per step, so parallel requests agree.
 */
export async function addToFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number; templateId: number },
): Promise<FolderResult<FolderRef>> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const folder = await repo.folderRef(tx, { ...input, lock: "share" });
    if (!folder) return { ok: false as const, code: FOLDER_ERRORS.notFound };
    await repo.insertPublishedFavorite(tx, { ...input, now });
    const put = await repo.insertFolderItemFromFavorite(tx, { ...input, folderId: folder.id, now });
    if (!put && !(await repo.folderHasItem(tx, folder.id, input.templateId)))
      return { ok: false as const, code: FOLDER_ERRORS.unknownTemplate };
    await repo.touchFolders(tx, [folder.id], now);
    return { ok: true as const, value: { id: Number(folder.id), name: folder.name } };
  });
}

/** Takes a template out of a collection; it stays among the favourites. */
export async function removeFromFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number; templateId: number },
): Promise<FolderResult<FolderRef>> {
  const folder = await repo.folderRef(ctx.db, input);
  if (!folder) return { ok: false, code: FOLDER_ERRORS.notFound };
  await repo.deleteFolderItem(ctx.db, { ...input, folderId: folder.id });
  return { ok: true, value: { id: Number(folder.id), name: folder.name } };
}

/** Moves a template from one collection of the account to another, in one transaction. */
export async function moveToFolder(
  ctx: ServiceContext,
  input: { accountId: number; fromFolderId: number; toFolderId: number; templateId: number },
): Promise<FolderResult<FolderRef>> {
  if (input.fromFolderId === input.toFolderId) {
    const folder = await getFolder(ctx, { accountId: input.accountId, folderId: input.toFolderId });
    return folder
      ? { ok: true, value: { id: folder.id, name: folder.name } }
      : { ok: false, code: FOLDER_ERRORS.notFound };
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const folders = await repo.lockFolders(tx, input.accountId, [input.fromFolderId, input.toFolderId]);
    const to = folders.find((f) => Number(f.id) === input.toFolderId);
    if (folders.length < 2 || !to) return { ok: false as const, code: FOLDER_ERRORS.notFound };
    const item = { accountId: input.accountId, templateId: input.templateId };
    const moved = await repo.deleteFolderItem(tx, { ...item, folderId: input.fromFolderId });
    if (!moved) return { ok: false as const, code: FOLDER_ERRORS.unknownTemplate };
    await repo.insertFolderItem(tx, { ...item, folderId: input.toFolderId, now });
    await repo.touchFolders(tx, [input.fromFolderId, input.toFolderId], now);
    return { ok: true as const, value: { id: Number(to.id), name: to.name } };
  });
}

/** The templates of one collection as cards, newest or oldest first (when they were added), a page at a time. */
export async function listFolderTemplates(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number; sort: FavoriteSort; page: number },
): Promise<FolderResult<{ folder: FolderView; page: Page<TemplateCard> }>> {
  const folder = await getFolder(ctx, { accountId: input.accountId, folderId: input.folderId });
  if (!folder) return { ok: false, code: FOLDER_ERRORS.notFound };
  const pageSize = PAGE_SIZE.templates;
  const total = folder.templatesCount;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, input.page), pageCount);
  const ids = await repo.publishedFolderItemIds(ctx.db, {
    folderId: folder.id,
    now: ctx.clock.now(),
    direction: input.sort === "oldest" ? "asc" : "desc",
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const items = await cardsForIds(ctx, ids);
  return { ok: true, value: { folder, page: { items, total, totalCapped: false, page, pageCount, pageSize } } };
}

/** For each of these templates, the account's collections that hold it (by name). */
export async function foldersOfTemplates(
  ctx: ServiceContext,
  accountId: number,
  templateIds: number[],
): Promise<Map<number, FolderRef[]>> {
  const out = new Map<number, FolderRef[]>();
  if (!templateIds.length) return out;
  const rows = await repo.templateFolders(ctx.db, accountId, templateIds);
  for (const r of rows) {
    const list = out.get(Number(r.templateId)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    out.set(Number(r.templateId), list);
  }
  return out;
}

/** Every favourite of the account (newest first) with the collections that hold it: SPEC §3 Me.favorites. */
export async function favoritesWithFolders(
  ctx: ServiceContext,
  input: { accountId: number; skip: number; limit: number },
): Promise<{ templateId: number; folders: FolderRef[] }[]> {
  const ids = await repo.publishedFavoriteIds(ctx.db, {
    accountId: input.accountId,
    now: ctx.clock.now(),
    direction: "desc",
    limit: input.limit,
    offset: input.skip,
  });
  const folders = await foldersOfTemplates(ctx, input.accountId, ids);
  return ids.map((templateId) => ({ templateId, folders: folders.get(templateId) ?? [] }));
}
