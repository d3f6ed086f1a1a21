import { parseWithZod } from "@conform-to/zod/v4";
import { createFolderSchema, renameFolderSchema } from "#modules/favorites/folder-schemas.ts";

/**
 * The browser's check of a collection's name, the favourites action's own schema. Loaded only when a
 * collection form is shown (members), so a template page's visitors are not sent the validation library.
 */
export function validateFolderName(formData: FormData, rename: boolean) {
  return parseWithZod(formData, { schema: rename ? renameFolderSchema : createFolderSchema });
}
