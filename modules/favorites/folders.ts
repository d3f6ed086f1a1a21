import { sql } from "drizzle-orm";
import { FOLDERS, PAGE_SIZE } from "#config/constants.ts";
import { uniqueViolation } from "#modules/accounts/service.ts";
import { cardsForIds } from "#modules/catalog/service.ts";
import type { Page, TemplateCard } from "#modules/catalog/views.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
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

export type FolderResult<T> = { ok: true; value: T } | { ok: false; code: FolderErrorCode };

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

type FolderRow = { id: number; name: string; templates_count: number; created_at: Date | string };
const reshapeFolder = (r: FolderRow): FolderView => ({
  id: Number(r.id),
  name: r.name,
  templatesCount: Number(r.templates_count),
  createdAt: new Date(r.created_at),
});

/** The account's collections, by name in the account's language, each with its count of published templates. */
export async function listFolders(ctx: ServiceContext, input: { accountId: number }): Promise<FolderView[]> {
  const rows = await queryRows<FolderRow>(
    ctx.db,
    sql`select f.id, f.name, f.created_at,
          (select count(*)::int from favorite_folder_item i join template t on t.id = i.template_id
            where i.folder_id = f.id and t.published_at <= ${ctx.clock.now()}) as templates_count
        from favorite_folder f where f.account_id = ${input.accountId}`,
  );
  const collator = new Intl.Collator(ctx.locale, { sensitivity: "base", numeric: true });
  return rows.map(reshapeFolder).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** One collection of the account, or null (also for another account's collection). */
export async function getFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number },
): Promise<FolderView | null> {
  const folders = await queryRows<FolderRow>(
    ctx.db,
    sql`select f.id, f.name, f.created_at,
          (select count(*)::int from favorite_folder_item i join template t on t.id = i.template_id
            where i.folder_id = f.id and t.published_at <= ${ctx.clock.now()}) as templates_count
        from favorite_folder f where f.id = ${input.folderId} and f.account_id = ${input.accountId}`,
  );
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
    const rows = await queryRows<FolderRow>(
      ctx.db,
      sql`insert into favorite_folder (account_id, name, name_key, created_at, updated_at)
          select ${input.accountId}, ${name}, ${folderNameKey(name)}, ${now}, ${now}
          where (select count(*) from favorite_folder where account_id = ${input.accountId}) < ${FOLDERS.maxPerAccount}
          returning id, name, created_at, 0 as templates_count`,
    );
    if (!rows[0]) return { ok: false, code: FOLDER_ERRORS.tooMany };
    return { ok: true, value: reshapeFolder(rows[0]) };
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
    const rows = await queryRows<FolderRef>(
      ctx.db,
      sql`update favorite_folder set name = ${name}, name_key = ${folderNameKey(name)}, updated_at = ${ctx.clock.now()}
          where id = ${input.folderId} and account_id = ${input.accountId} returning id, name`,
    );
    if (!rows[0]) return { ok: false, code: FOLDER_ERRORS.notFound };
    return { ok: true, value: { id: Number(rows[0].id), name: rows[0].name } };
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
  const rows = await queryRows<FolderRef>(
    ctx.db,
    sql`delete from favorite_folder where id = ${input.folderId} and account_id = ${input.accountId} returning id, name`,
  );
  if (!rows[0]) return { ok: false, code: FOLDER_ERRORS.notFound };
  return { ok: true, value: { id: Number(rows[0].id), name: rows[0].name } };
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
    const [folder] = await queryRows<FolderRef>(
      tx,
      sql`select id, name from favorite_folder where id = ${input.folderId} and account_id = ${input.accountId} for share`,
    );
    if (!folder) return { ok: false as const, code: FOLDER_ERRORS.notFound };
    await tx.execute(sql`insert into favorite (account_id, template_id, created_at)
        select ${input.accountId}, t.id, ${now} from template t where t.id = ${input.templateId} and t.published_at <= ${now}
        on conflict do nothing`);
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`insert into favorite_folder_item (folder_id, account_id, template_id, created_at)
          select ${folder.id}, f.account_id, f.template_id, ${now} from favorite f
          where f.account_id = ${input.accountId} and f.template_id = ${input.templateId}
          on conflict do nothing returning 1 as n`,
    );
    if (!rows.length) {
      const [kept] = await queryRows<{ n: number }>(
        tx,
        sql`select 1 as n from favorite_folder_item where folder_id = ${folder.id} and template_id = ${input.templateId}`,
      );
      if (!kept) return { ok: false as const, code: FOLDER_ERRORS.unknownTemplate };
    }
    await tx.execute(sql`update favorite_folder set updated_at = ${now} where id = ${folder.id}`);
    return { ok: true as const, value: { id: Number(folder.id), name: folder.name } };
  });
}

/** Takes a template out of a collection; it stays among the favourites. */
export async function removeFromFolder(
  ctx: ServiceContext,
  input: { accountId: number; folderId: number; templateId: number },
): Promise<FolderResult<FolderRef>> {
  const [folder] = await queryRows<FolderRef>(
    ctx.db,
    sql`select id, name from favorite_folder where id = ${input.folderId} and account_id = ${input.accountId}`,
  );
  if (!folder) return { ok: false, code: FOLDER_ERRORS.notFound };
  await ctx.db.execute(
    sql`delete from favorite_folder_item where folder_id = ${folder.id} and account_id = ${input.accountId}
        and template_id = ${input.templateId}`,
  );
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
    const folders = await queryRows<FolderRef>(
      tx,
      sql`select id, name from favorite_folder where account_id = ${input.accountId}
          and id in (${input.fromFolderId}, ${input.toFolderId}) order by id for update`,
    );
    const to = folders.find((f) => Number(f.id) === input.toFolderId);
    if (folders.length < 2 || !to) return { ok: false as const, code: FOLDER_ERRORS.notFound };
    const moved = await queryRows<{ n: number }>(
      tx,
      sql`delete from favorite_folder_item where folder_id = ${input.fromFolderId} and account_id = ${input.accountId}
          and template_id = ${input.templateId} returning 1 as n`,
    );
    if (!moved.length) return { ok: false as const, code: FOLDER_ERRORS.unknownTemplate };
    await tx.execute(sql`insert into favorite_folder_item (folder_id, account_id, template_id, created_at)
        values (${input.toFolderId}, ${input.accountId}, ${input.templateId}, ${now}) on conflict do nothing`);
    await tx.execute(
      sql`update favorite_folder set updated_at = ${now} where id in (${input.fromFolderId}, ${input.toFolderId})`,
    );
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
  const order =
    input.sort === "oldest" ? sql`i.created_at asc, i.template_id asc` : sql`i.created_at desc, i.template_id desc`;
  const ids = await queryRows<{ id: number }>(
    ctx.db,
    sql`select i.template_id as id from favorite_folder_item i join template t on t.id = i.template_id
        where i.folder_id = ${folder.id} and t.published_at <= ${ctx.clock.now()}
        order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const items = await cardsForIds(
    ctx,
    ids.map((r) => Number(r.id)),
  );
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
  const rows = await queryRows<{ template_id: number; id: number; name: string }>(
    ctx.db,
    sql`select i.template_id, f.id, f.name from favorite_folder_item i join favorite_folder f on f.id = i.folder_id
        where i.account_id = ${accountId} and i.template_id in (${sql.join(
          templateIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by f.name_key, f.id`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.template_id)) ?? [];
    list.push({ id: Number(r.id), name: r.name });
    out.set(Number(r.template_id), list);
  }
  return out;
}

/** Every favourite of the account (newest first) with the collections that hold it: SPEC §3 Me.favorites. */
export async function favoritesWithFolders(
  ctx: ServiceContext,
  input: { accountId: number; skip: number; limit: number },
): Promise<{ templateId: number; folders: FolderRef[] }[]> {
  const favs = await queryRows<{ template_id: number }>(
    ctx.db,
    sql`select f.template_id from favorite f join template t on t.id = f.template_id
        where f.account_id = ${input.accountId} and t.published_at <= ${ctx.clock.now()}
        order by f.created_at desc, f.template_id desc limit ${input.limit} offset ${input.skip}`,
  );
  const ids = favs.map((f) => Number(f.template_id));
  const folders = await foldersOfTemplates(ctx, input.accountId, ids);
  return ids.map((templateId) => ({ templateId, folders: folders.get(templateId) ?? [] }));
}
