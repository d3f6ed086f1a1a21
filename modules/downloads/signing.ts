import { randomBytes } from "node:crypto";
import { b64, sign, unsign } from "#modules/shared/crypto.ts";
import type { Result } from "#modules/shared/result.ts";
import { accountSubject, guestSubject } from "./subject.ts";

export function newGuestId(): string {
  return b64(randomBytes(18));
}

/**
 * A short-lived token naming a stored file, its download name, when it stops working (epoch seconds) and
 * who it was granted to: `a:<account id>` or `g:<guest id>`. Only that holder's session or guest cookie
 * opens it, so a copied link is no bearer pass to a paid file.
 */
export type FileToken = { key: string; name: string; type: string; exp: number; holder: string };

/** The holder a grant's link is bound to. */
export function fileHolder(viewer: { kind: "account"; accountId: number } | { kind: "guest"; guestId: string }) {
  return viewer.kind === "account" ? accountSubject(viewer.accountId) : guestSubject(viewer.guestId);
}

export function signFileToken(secret: string, token: FileToken): string {
  return sign(secret, "file", b64(Buffer.from(JSON.stringify(token))));
}

/** Why a signed address does not work; each is the translation key of the answer. */
export const FILE_TOKEN_ERRORS = {
  invalid: "downloads.errors.linkInvalid",
  expired: "downloads.errors.linkExpired",
} as const;
export type FileTokenCheck = Result<FileToken, (typeof FILE_TOKEN_ERRORS)[keyof typeof FILE_TOKEN_ERRORS]>;

export function verifyFileToken(secret: string, signed: string, nowMs: number): FileTokenCheck {
  const value = unsign(secret, "file", signed);
  if (!value) return { ok: false, code: FILE_TOKEN_ERRORS.invalid };
  let token: FileToken;
  try {
    token = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return { ok: false, code: FILE_TOKEN_ERRORS.invalid };
  }
  if (
    typeof token?.key !== "string" ||
    typeof token.name !== "string" ||
    typeof token.exp !== "number" ||
    typeof token.holder !== "string"
  ) {
    return { ok: false, code: FILE_TOKEN_ERRORS.invalid };
  }
  if (token.exp * 1000 < nowMs) return { ok: false, code: FILE_TOKEN_ERRORS.expired };
  return { ok: true, value: token };
}
