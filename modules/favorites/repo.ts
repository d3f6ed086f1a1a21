import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { favorite, favoriteFolder, favoriteFolderItem, template } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The favourites module's queries: an account's favourites (service.ts) and its collections of them
 * (folders.ts). Only published templates count; every query names the account.
 */

type Direction = "asc" | "desc";
const by = (direction: Direction) => (direction === "asc" ? asc : desc);

// Favourites

type TemplateIdRow = { template_id: number };

/**
 * Makes a published template a favourite of the account (in one statement: a template that is not
 * published, or not there, adds nothing); whether this call added it (false also when it already was).
 */
export async function insertPublishedFavorite(
  db: Executor,
  input: { accountId: number; templateId: number; now: Date },
): Promise<boolean> {
  const rows = await queryRows<TemplateIdRow>(
    db,
    sql`insert into favorite (account_id, template_id, created_at)
        select ${input.accountId}, t.id, ${input.now} from template t where t.id = ${input.templateId} and t.published_at <= ${input.now}
        on conflict do nothing returning template_id`,
  );
  return rows.length > 0;
}

/** Takes a template out of the account's favourites (nothing when it is not one). */
export async function deleteFavorite(db: Executor, accountId: number, templateId: number): Promise<void> {
  await db.delete(favorite).where(and(eq(favorite.accountId, accountId), eq(favorite.templateId, templateId)));
}

/** Whether the account keeps a template among its favourites. */
export async function hasFavorite(db: Executor, accountId: number, templateId: number): Promise<boolean> {
  const rows = await db
    .select({ templateId: favorite.templateId })
    .from(favorite)
    .where(and(eq(favorite.accountId, accountId), eq(favorite.templateId, templateId)));
  return rows.length > 0;
}

/** Those of these templates that the account keeps among its favourites. */
export async function favoriteTemplateIds(
  db: Executor,
  accountId: number,
  templateIds: readonly number[],
): Promise<number[]> {
  const rows = await db
    .select({ templateId: favorite.templateId })
    .from(favorite)
    .where(and(eq(favorite.accountId, accountId), inArray(favorite.templateId, [...templateIds])));
  return rows.map((r) => r.templateId);
}

const publishedFavorites = (accountId: number, now: Date) =>
  and(eq(favorite.accountId, accountId), lte(template.publishedAt, now));

/** How many published templates the account keeps among its favourites. */
export async function countPublishedFavorites(db: Executor, accountId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorite)
    .innerJoin(template, eq(template.id, favorite.templateId))
    .where(publishedFavorites(accountId, now));
  return Number(row?.n ?? 0);
}

/** A page of the account's published favourites (template ids), by when they were added. */
export async function publishedFavoriteIds(
  db: Executor,
  input: { accountId: number; now: Date; direction: Direction; limit: number; offset: number },
): Promise<number[]> {
  const order = by(input.direction);
  const rows = await db
    .select({ id: favorite.templateId })
    .from(favorite)
    .innerJoin(template, eq(template.id, favorite.templateId))
    .where(publishedFavorites(input.accountId, input.now))
    .orderBy(order(favorite.createdAt), order(favorite.templateId))
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((r) => Number(r.id));
}

// Collections

/** A collection as the lists show it: its count is of published templates. */
export type FolderRow = { id: number; name: string; templates_count: number; created_at: Date | string };
export type FolderRefRow = Pick<typeof favoriteFolder.$inferSelect, "id" | "name">;

/** A collection's (`f`) count of published templates, as `templates_count`. */
const publishedCount = (now: Date) =>
  sql`(select count(*)::int from favorite_folder_item i join template t on t.id = i.template_id
        where i.folder_id = f.id and t.published_at <= ${now}) as templates_count`;

/** The account's collections (or the one of them named), each with its count of published templates. */
export async function folderRows(
  db: Executor,
  input: { accountId: number; now: Date; folderId?: number },
): Promise<FolderRow[]> {
  return queryRows<FolderRow>(
    db,
    sql`select f.id, f.name, f.created_at,
          ${publishedCount(input.now)}
        from favorite_folder f where ${input.folderId === undefined ? sql`` : sql`f.id = ${input.folderId} and `}f.account_id = ${input.accountId}`,
  );
}

/**
 * One template as the account keeps it, in one statement (a template page asks this on every view): whether
 * it is a favourite, and each of the account's collections (as folderRows) with whether it holds it. One row
 * with no collection when the account has none.
 */
export type TemplateKeepingRow = { favorite: boolean } & (
  | (FolderRow & { holds: boolean })
  | { id: null; name: null; templates_count: null; created_at: null; holds: null }
);
export async function templateKeepingRows(
  db: Executor,
  input: { accountId: number; templateId: number; now: Date },
): Promise<TemplateKeepingRow[]> {
  return queryRows<TemplateKeepingRow>(
    db,
    sql`select exists (select 1 from favorite v where v.account_id = ${input.accountId}
              and v.template_id = ${input.templateId}) as favorite,
          f.id, f.name, f.created_at,
          ${publishedCount(input.now)},
          exists (select 1 from favorite_folder_item h where h.folder_id = f.id
              and h.template_id = ${input.templateId}) as holds
        from (select 1) as one left join favorite_folder f on f.account_id = ${input.accountId}`,
  );
}

/**
 * A new (empty) collection, unless the account has FOLDERS.maxPerAccount of them already (`max`), decided
 * in the insert itself; undefined then. A name the account has (its key) throws (the unique index).
 */
export async function insertFolderRow(
  db: Executor,
  input: { accountId: number; name: string; nameKey: string; now: Date; max: number },
): Promise<FolderRow | undefined> {
  const [row] = await queryRows<FolderRow>(
    db,
    sql`insert into favorite_folder (account_id, name, name_key, created_at, updated_at)
        select ${input.accountId}, ${input.name}, ${input.nameKey}, ${input.now}, ${input.now}
        where (select count(*) from favorite_folder where account_id = ${input.accountId}) < ${input.max}
        returning id, name, created_at, 0 as templates_count`,
  );
  return row;
}

/** Renames one of the account's collections; undefined when it has no such one. */
export async function renameFolderRow(
  db: Executor,
  input: { accountId: number; folderId: number; name: string; nameKey: string; now: Date },
): Promise<FolderRefRow | undefined> {
  const [row] = await db
    .update(favoriteFolder)
    .set({ name: input.name, nameKey: input.nameKey, updatedAt: input.now })
    .where(and(eq(favoriteFolder.id, input.folderId), eq(favoriteFolder.accountId, input.accountId)))
    .returning({ id: favoriteFolder.id, name: favoriteFolder.name });
  return row;
}

/** Deletes one of the account's collections; undefined when it has no such one. */
export async function deleteFolderRow(
  db: Executor,
  accountId: number,
  folderId: number,
): Promise<FolderRefRow | undefined> {
  const [row] = await db
    .delete(favoriteFolder)
    .where(and(eq(favoriteFolder.id, folderId), eq(favoriteFolder.accountId, accountId)))
    .returning({ id: favoriteFolder.id, name: favoriteFolder.name });
  return row;
}

/** One of the account's collections; `lock: "share"` keeps it from going for the rest of the transaction. */
export async function folderRef(
  db: Executor,
  input: { accountId: number; folderId: number; lock?: "share" },
): Promise<FolderRefRow | undefined> {
  const query = db
    .select({ id: favoriteFolder.id, name: favoriteFolder.name })
    .from(favoriteFolder)
    .where(and(eq(favoriteFolder.id, input.folderId), eq(favoriteFolder.accountId, input.accountId)));
  const [row] = await (input.lock ? query.for(input.lock) : query);
  return row;
}

/** Some of the account's collections, by id, locked for the rest of the transaction (in id order). */
export async function lockFolders(
  db: Executor,
  accountId: number,
  folderIds: readonly number[],
): Promise<FolderRefRow[]> {
  return db
    .select({ id: favoriteFolder.id, name: favoriteFolder.name })
    .from(favoriteFolder)
    .where(and(eq(favoriteFolder.accountId, accountId), inArray(favoriteFolder.id, [...folderIds])))
    .orderBy(favoriteFolder.id)
    .for("update");
}

/** Marks collections changed. */
export async function touchFolders(db: Executor, folderIds: readonly number[], now: Date): Promise<void> {
  await db
    .update(favoriteFolder)
    .set({ updatedAt: now })
    .where(folderIds.length === 1 ? eq(favoriteFolder.id, folderIds[0]) : inArray(favoriteFolder.id, [...folderIds]));
}

type OneRow = { n: number };

/**
 * Puts one of the account's favourites in a collection (a template that is not a favourite adds nothing);
 * whether this call put it there (false also when it already was).
 */
export async function insertFolderItemFromFavorite(
  db: Executor,
  input: { folderId: number; accountId: number; templateId: number; now: Date },
): Promise<boolean> {
  const rows = await queryRows<OneRow>(
    db,
    sql`insert into favorite_folder_item (folder_id, account_id, template_id, created_at)
        select ${input.folderId}, f.account_id, f.template_id, ${input.now} from favorite f
        where f.account_id = ${input.accountId} and f.template_id = ${input.templateId}
        on conflict do nothing returning 1 as n`,
  );
  return rows.length > 0;
}

/** Puts a template in a collection (nothing when it is there already). */
export async function insertFolderItem(
  db: Executor,
  input: { folderId: number; accountId: number; templateId: number; now: Date },
): Promise<void> {
  await db
    .insert(favoriteFolderItem)
    .values({
      folderId: input.folderId,
      accountId: input.accountId,
      templateId: input.templateId,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

/** Whether a collection holds a template. */
export async function folderHasItem(db: Executor, folderId: number, templateId: number): Promise<boolean> {
  const rows = await db
    .select({ templateId: favoriteFolderItem.templateId })
    .from(favoriteFolderItem)
    .where(and(eq(favoriteFolderItem.folderId, folderId), eq(favoriteFolderItem.templateId, templateId)));
  return rows.length > 0;
}

/** Takes a template out of one of the account's collections; whether it was there. */
export async function deleteFolderItem(
  db: Executor,
  input: { folderId: number; accountId: number; templateId: number },
): Promise<boolean> {
  const rows = await db
    .delete(favoriteFolderItem)
    .where(
      and(
        eq(favoriteFolderItem.folderId, input.folderId),
        eq(favoriteFolderItem.accountId, input.accountId),
        eq(favoriteFolderItem.templateId, input.templateId),
      ),
    )
    .returning({ templateId: favoriteFolderItem.templateId });
  return rows.length > 0;
}

/** A page of a collection's published templates (ids), by when they were put in it. */
export async function publishedFolderItemIds(
  db: Executor,
  input: { folderId: number; now: Date; direction: Direction; limit: number; offset: number },
): Promise<number[]> {
  const order = by(input.direction);
  const rows = await db
    .select({ id: favoriteFolderItem.templateId })
    .from(favoriteFolderItem)
    .innerJoin(template, eq(template.id, favoriteFolderItem.templateId))
    .where(and(eq(favoriteFolderItem.folderId, input.folderId), lte(template.publishedAt, input.now)))
    .orderBy(order(favoriteFolderItem.createdAt), order(favoriteFolderItem.templateId))
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((r) => Number(r.id));
}

export type TemplateFolderRow = { templateId: number; id: number; name: string };

/** The account's collections that hold each of these templates, by name key, then id. */
export async function templateFolders(
  db: Executor,
  accountId: number,
  templateIds: readonly number[],
): Promise<TemplateFolderRow[]> {
  return db
    .select({ templateId: favoriteFolderItem.templateId, id: favoriteFolder.id, name: favoriteFolder.name })
    .from(favoriteFolderItem)
    .innerJoin(favoriteFolder, eq(favoriteFolder.id, favoriteFolderItem.folderId))
    .where(and(eq(favoriteFolderItem.accountId, accountId), inArray(favoriteFolderItem.templateId, [...templateIds])))
    .orderBy(favoriteFolder.nameKey, favoriteFolder.id);
}

export type FolderCoverRow = {
  folder_id: number;
  template_id: number;
  color_id: number;
  aspect_ratio: (typeof template.$inferSelect)["aspectRatio"];
};

/**
 * The first `perFolder` published templates of each of the account's collections, in the collection's own
 * first order (newest put in first), each with its first shown colour variant (whose previews are drawn):
 * the collage of the collection list. A template with no variant shown is passed over.
 */
export async function folderCoverRows(
  db: Executor,
  input: { accountId: number; now: Date; perFolder: number },
): Promise<FolderCoverRow[]> {
  return queryRows<FolderCoverRow>(
    db,
    sql`select f.id as folder_id, p.template_id, p.color_id, p.aspect_ratio
        from favorite_folder f
        cross join lateral (
          select i.template_id, t.aspect_ratio, i.created_at,
            (select tc.id from template_color tc where tc.template_id = t.id and tc.active
              order by tc.position, tc.id limit 1) as color_id
          from favorite_folder_item i join template t on t.id = i.template_id
          where i.folder_id = f.id and t.published_at <= ${input.now}
            and exists (select 1 from template_color x where x.template_id = t.id and x.active)
          order by i.created_at desc, i.template_id desc
          limit ${input.perFolder}
        ) p
        where f.account_id = ${input.accountId}
        order by f.id, p.created_at desc, p.template_id desc`,
  );
}
