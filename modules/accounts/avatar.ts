import { randomBytes } from "node:crypto";
import { AVATAR } from "#config/constants.ts";
import type { Scope, ServiceContext } from "#modules/scope.ts";
import { images, isImageWorkerBusy } from "#modules/shared/images.ts";
import type { Result } from "#modules/shared/result.ts";
import { swapAvatarKey } from "./repo.ts";

/**
 * Profile pictures (DECISIONS: Accounts): JPEG, PNG, WebP or GIF up to 5 MB, told apart by their first
 * bytes (never by name or declared type), decoded and re-encoded to a 256 x 256 WebP, so what is served
 * is always an image we made. Each picture gets a new random key, so its address can be cached forever.
 */

export const AVATAR_ERRORS = {
  type: "account.settings.errors.invalidFileType",
  size: "account.settings.errors.fileTooLarge",
  upload: "account.settings.errors.uploadFailed",
  missing: "account.settings.errors.noFile",
  failed: "account.settings.errors.avatarFailed",
  gone: "auth.errors.accountNotFound",
} as const;

export type AvatarContext = ServiceContext & Pick<Scope, "storage">;
type ImageType = "jpeg" | "png" | "webp" | "gif";

/** The image type its first bytes say, or null: anything else (a PDF, an SVG, a renamed file) is not a picture. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((ch, i) => bytes[from + i] === ch.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  return null;
}

/** The address a stored picture is served at (`/avatars/...`, see server/avatars.ts). */
export function avatarUrl(key: string | null | undefined): string | null {
  return key ? `/${key}` : null;
}

/** A storage key of our own making for an account's new picture. */
const newKey = (accountId: number) => `avatars/${accountId}/${randomBytes(12).toString("hex")}.webp`;

/** Sets the account's picture from an uploaded file; the previous one is removed. Answers its address. */
export async function setAvatar(
  ctx: AvatarContext,
  input: { accountId: number; bytes: Uint8Array | null },
): Promise<Result<{ avatarUrl: string }>> {
  const bytes = input.bytes;
  if (!bytes || bytes.length === 0) return { ok: false, code: AVATAR_ERRORS.missing, field: "avatar" };
  if (bytes.length > AVATAR.maxBytes) return { ok: false, code: AVATAR_ERRORS.size, field: "avatar" };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, code: AVATAR_ERRORS.type, field: "avatar" };
  let webp: Buffer;
  try {
    // Decoded in the image worker: a file that breaks the decoder ends that process, not the server.
    const source = {
      input: bytes,
      options: { limitInputPixels: AVATAR.maxInputPixels, failOn: "error", animated: false },
    } as const;
    const meta = await images().metadata(source);
    // What the bytes claimed must be what the decoder found.
    if (meta.format !== type) return { ok: false, code: AVATAR_ERRORS.type, field: "avatar" };
    const made = await images().encode(source, [
      { op: "rotate" },
      { op: "resize", options: { width: AVATAR.size, height: AVATAR.size, fit: "cover", position: "attention" } },
      { op: "webp", options: { quality: AVATAR.quality } },
    ]);
    webp = made.data;
  } catch (error) {
    ctx.log.warn("avatar not decoded", { accountId: input.accountId, error: String(error) });
    // Too many images waiting is not the file's fault: the member is told to try again.
    if (isImageWorkerBusy(error)) return { ok: false, code: AVATAR_ERRORS.failed };
    return { ok: false, code: AVATAR_ERRORS.upload, field: "avatar" };
  }
  const key = newKey(input.accountId);
  try {
    await ctx.storage.put(key, webp);
  } catch (error) {
    ctx.log.error("avatar not stored", { accountId: input.accountId, error });
    return { ok: false, code: AVATAR_ERRORS.failed };
  }
  // The old key is read and replaced in one statement, so two uploads at once leave no picture behind.
  const row = await swapAvatarKey(ctx.db, input.accountId, key, ctx.clock.now());
  if (!row) {
    await ctx.storage.delete(key);
    return { ok: false, code: AVATAR_ERRORS.gone };
  }
  if (row.previous && row.previous !== key) await removeStored(ctx, row.previous);
  return { ok: true, value: { avatarUrl: avatarUrl(key) as string } };
}

/** Removes the account's picture (the header shows the initial again). Removing none is fine. */
export async function removeAvatar(ctx: AvatarContext, input: { accountId: number }): Promise<Result<null>> {
  const row = await swapAvatarKey(ctx.db, input.accountId, null, ctx.clock.now());
  if (!row) return { ok: false, code: AVATAR_ERRORS.gone };
  if (row.previous) await removeStored(ctx, row.previous);
  return { ok: true, value: null };
}

/** Deletes a stored picture; a failure is logged, not the member's problem (the row no longer names it). */
async function removeStored(ctx: AvatarContext, key: string) {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.warn("old avatar not deleted", { key, error: String(error) });
  }
}

/** A stored picture, for serving: only keys of the avatar form are read. */
export async function readAvatar(ctx: AvatarContext, key: string): Promise<Buffer | null> {
  if (!/^avatars\/\d{1,10}\/[0-9a-f]{24}\.webp$/.test(key)) return null;
  return ctx.storage.get(key);
}
