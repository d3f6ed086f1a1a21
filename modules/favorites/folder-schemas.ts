import { z } from "zod/mini";
import { ACCOUNT_LIMITS } from "#config/constants.ts";
import { noControl } from "#modules/shared/checks.ts";

/**
 * The collection forms (SPEC §3 favorites: create, rename, delete; add, remove, move a template),
 * shared by the browser (Conform) and the favourites pages' action. Messages are translation keys.
 */
const nameField = z
  .string({ error: "account.folders.errors.nameRequired" })
  .check(
    z.trim(),
    z.minLength(1, { error: "account.folders.errors.nameRequired" }),
    z.maxLength(ACCOUNT_LIMITS.folderNameMax, { error: "account.folders.errors.nameTooLong" }),
    noControl("auth.errors.control"),
  );

/** A row id from a form field: digits only, 1 to 2^31 - 1. */
const id = z.pipe(
  z
    .string({ error: "account.folders.errors.badRequest" })
    .check(z.regex(/^\d{1,10}$/, { error: "account.folders.errors.badRequest" })),
  z.pipe(
    z.transform(Number),
    z.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647, { error: "account.folders.errors.badRequest" })),
  ),
);

export const createFolderSchema = z.object({ name: nameField, templateId: z.optional(id) });
export const renameFolderSchema = z.object({ folderId: id, name: nameField });
export const deleteFolderSchema = z.object({ folderId: id });
export const folderItemSchema = z.object({ folderId: id, templateId: id });
export const moveFolderItemSchema = z.object({ fromFolderId: id, toFolderId: id, templateId: id });

export const FOLDER_INTENTS = {
  createFolder: createFolderSchema,
  renameFolder: renameFolderSchema,
  deleteFolder: deleteFolderSchema,
  addToFolder: folderItemSchema,
  removeFromFolder: folderItemSchema,
  moveToFolder: moveFolderItemSchema,
} as const;
export type FolderIntent = keyof typeof FOLDER_INTENTS;
