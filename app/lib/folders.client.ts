import type { FolderIntent } from "#modules/favorites/folder-schemas.ts";

/** What a collection form gets back when the request never got an answer (SPEC §8: check the connection). */
export type FolderFailure = { intent: FolderIntent; ok: false; failed: true };

const FAILURE_KEYS: Record<FolderIntent, string> = {
  createFolder: "account.folders.errors.createFailed",
  renameFolder: "account.folders.errors.updateFailed",
  deleteFolder: "account.folders.errors.deleteFailed",
  addToFolder: "account.folders.errors.itemFailed",
  removeFromFolder: "account.folders.errors.itemFailed",
  moveToFolder: "account.folders.errors.itemFailed",
};

export const folderFailureKey = (intent: FolderIntent) => FAILURE_KEYS[intent] ?? "account.folders.errors.updateFailed";

/**
 * The client action of the pages whose forms change collections: the server's answer as it is, and
 * when the connection fails, a message that says so instead of the error page.
 */
export async function folderClientAction<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | FolderFailure> {
  const intent = String((await request.clone().formData()).get("intent") ?? "") as FolderIntent;
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "status" in error)) throw error;
    console.warn("collection change not sent", error);
    return { intent, ok: false, failed: true };
  }
}
