import { and, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { templateUpload } from "#db/schema/operator.ts";
import { queryRows } from "#modules/shared/sql.ts";
import type { DeckFacts } from "#modules/slides/deck.ts";

/** The queries of operators' uploads (uploads.ts). */

/** An upload as the service reads it (named as its columns are). */
export type UploadRow = {
  id: string;
  name: string;
  kind: "pptx" | "key";
  size_bytes: number | string;
  sha256: string;
  storage_key: string;
  facts: (DeckFacts & { missingFonts?: string[] }) | null;
};

const uploadColumns = {
  id: templateUpload.id,
  name: templateUpload.name,
  kind: sql<UploadRow["kind"]>`${templateUpload.kind}`,
  size_bytes: templateUpload.sizeBytes,
  sha256: templateUpload.sha256,
  storage_key: templateUpload.storageKey,
  facts: sql<UploadRow["facts"]>`${templateUpload.facts}`,
};

/** An operator's uploads take turns while a place is reserved: held until the transaction ends. */
export async function lockOperatorUploads(db: Executor, accountId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`template-upload:${accountId}`}))`);
}

/** How many uploads and how many bytes (a bigint sum: a string on node-postgres). */
export type PendingUploadsRow = { n: number; bytes: number | string };

/** How many uploads an account has made since `since`, and their bytes. */
export async function pendingUploads(db: Executor, accountId: number, since: Date): Promise<PendingUploadsRow> {
  const [row] = await queryRows<PendingUploadsRow>(
    db,
    sql`select count(*)::int as n, coalesce(sum(size_bytes), 0) as bytes from template_upload
        where account_id = ${accountId} and created_at > ${since}`,
  );
  return row;
}

export type NewUpload = Pick<
  typeof templateUpload.$inferInsert,
  "id" | "accountId" | "name" | "kind" | "sizeBytes" | "storageKey" | "createdAt"
>;

/** A place for an upload whose body is on its way (no hash yet). */
export async function insertUpload(db: Executor, u: NewUpload): Promise<void> {
  await db.insert(templateUpload).values({ ...u, sha256: "" });
}

/** An upload whose body is stored: its hash and what its deck holds. */
export async function completeUpload(
  db: Executor,
  id: string,
  done: { sha256: string; facts: UploadRow["facts"] },
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(templateUpload)
    .set({ sha256: done.sha256, facts: done.facts })
    .where(eq(templateUpload.id, id))
    .returning(uploadColumns);
  return row;
}

/** An account's stored uploads by id, made after `since`. */
export function selectUploads(db: Executor, accountId: number, since: Date, ids: string[]): Promise<UploadRow[]> {
  return db
    .select(uploadColumns)
    .from(templateUpload)
    .where(
      and(
        eq(templateUpload.accountId, accountId),
        gt(templateUpload.createdAt, since),
        ne(templateUpload.sha256, ""),
        inArray(templateUpload.id, ids),
      ),
    );
}

/** Removes an upload's row (its file is the caller's). */
export async function deleteUpload(db: Executor, id: string): Promise<void> {
  await db.delete(templateUpload).where(eq(templateUpload.id, id));
}

/** Removes uploads by id; answers their files' keys. */
export async function deleteUploads(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await db
    .delete(templateUpload)
    .where(inArray(templateUpload.id, ids))
    .returning({ storageKey: templateUpload.storageKey });
  return rows.map((r) => r.storageKey);
}

/** Removes uploads made at or before `before`; answers their files' keys. */
export async function deleteUploadsMadeBefore(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .delete(templateUpload)
    .where(lte(templateUpload.createdAt, before))
    .returning({ storageKey: templateUpload.storageKey });
  return rows.map((r) => r.storageKey);
}

/** Removes one of an account's uploads; answers its file's key (none: not theirs, or gone). */
export async function deleteAccountUpload(db: Executor, accountId: number, id: string): Promise<string[]> {
  const rows = await db
    .delete(templateUpload)
    .where(and(eq(templateUpload.id, id), eq(templateUpload.accountId, accountId)))
    .returning({ storageKey: templateUpload.storageKey });
  return rows.map((r) => r.storageKey);
}
