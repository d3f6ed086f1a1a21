import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { AppLoadContext } from "#app/context.ts";
import { ACCOUNT_LIMITS, FOLDERS, type Locale } from "#config/constants.ts";
import { FOLDER_INTENTS, type FolderIntent } from "#modules/favorites/folder-schemas.ts";
import { FOLDER_NAME_ERRORS, type FolderRef, type FolderResult } from "#modules/favorites/folders.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { serverT } from "#modules/shared/messages.server.ts";

/** What a collection form gets back: its intent, the form's reply, and a message to announce. */
export type FolderActionData = {
  intent: FolderIntent;
  ok: boolean;
  message: string;
  result: SubmissionResult<string[]>;
  folder?: FolderRef;
};

const SUCCESS: Record<FolderIntent, string> = {
  createFolder: "account.folders.created",
  renameFolder: "account.folders.renamed",
  deleteFolder: "account.folders.deleted",
  addToFolder: "account.folders.added",
  removeFromFolder: "account.folders.removed",
  moveToFolder: "account.folders.moved",
};

/**
 * The one action behind every collection form (favourites page, collection page, template page): the
 * form names its intent, its schema checks it, the folders service does it for the signed-in account.
 * A deleted collection sends its own page back to the favourites.
 */
export async function folderAction(
  app: AppLoadContext,
  locale: Locale,
  formData: FormData,
  opts: { leaveDeleted?: number } = {},
): Promise<FolderActionData | Response> {
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const intent = String(formData.get("intent") ?? "") as FolderIntent;
  if (!Object.hasOwn(FOLDER_INTENTS, intent)) throw new Response(null, { status: 400 });
  const t = serverT(locale);
  const submission = parseWithZod(formData, { schema: FOLDER_INTENTS[intent] });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return {
      intent,
      ok: false,
      message: t(first ?? "account.folders.errors.badRequest", { max: ACCOUNT_LIMITS.folderNameMax }),
      result: submission.reply(),
    };
  }
  const wait = await app.limitFavoriteChange();
  if (wait !== null) {
    const code = "account.favorites.errors.rateLimited";
    return { intent, ok: false, message: t(code, { seconds: wait }), result: submission.reply({ formErrors: [code] }) };
  }
  const folders = app.services.folders;
  const ctx = app.scope;
  const accountId = viewer.account.id;
  const v = submission.value as {
    name: string;
    templateId: number;
    folderId: number;
    fromFolderId: number;
    toFolderId: number;
  };
  let r: FolderResult<FolderRef>;
  switch (intent) {
    case "createFolder":
      r = await folders.createFolder(ctx, { accountId, name: v.name, templateId: v.templateId });
      break;
    case "renameFolder":
      r = await folders.renameFolder(ctx, { accountId, folderId: v.folderId, name: v.name });
      break;
    case "deleteFolder":
      r = await folders.deleteFolder(ctx, { accountId, folderId: v.folderId });
      break;
    case "addToFolder":
      r = await folders.addToFolder(ctx, { accountId, folderId: v.folderId, templateId: v.templateId });
      break;
    case "removeFromFolder":
      r = await folders.removeFromFolder(ctx, { accountId, folderId: v.folderId, templateId: v.templateId });
      break;
    case "moveToFolder":
      r = await folders.moveToFolder(ctx, {
        accountId,
        fromFolderId: v.fromFolderId,
        toFolderId: v.toFolderId,
        templateId: v.templateId,
      });
      break;
  }
  if (!r.ok) {
    const field = FOLDER_NAME_ERRORS.has(r.code) ? "name" : null;
    return {
      intent,
      ok: false,
      message: t(r.code, { max: FOLDERS.maxPerAccount }),
      result: submission.reply(field ? { fieldErrors: { [field]: [r.code] } } : { formErrors: [r.code] }),
    };
  }
  const message = t(SUCCESS[intent], { name: r.value.name });
  if (intent === "deleteFolder" && opts.leaveDeleted === r.value.id)
    return redirect(`${localePath(locale, "/profile/favorites")}?deleted=1`);
  return { intent, ok: true, message, folder: r.value, result: submission.reply({ resetForm: true }) };
}
