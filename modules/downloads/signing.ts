import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const b64 = (buf: Buffer) => buf.toString("base64url");

function mac(secret: string, purpose: string, value: string): string {
  return b64(createHmac("sha256", secret).update(`${purpose}\n${value}`).digest());
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "<value>.<mac>" for a purpose; the purpose keeps a cookie from passing as a URL token and back. */
export function sign(secret: string, purpose: string, value: string): string {
  return `${value}.${mac(secret, purpose, value)}`;
}

/** The value of a signed string, or null when it was altered or signed for another purpose. */
export function unsign(secret: string, purpose: string, signed: string | null | undefined): string | null {
  if (!signed || signed.length > 4096) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  return same(signed.slice(dot + 1), mac(secret, purpose, value)) ? value : null;
}

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
  return viewer.kind === "account" ? `a:${viewer.accountId}` : `g:${viewer.guestId}`;
}

export function signFileToken(secret: string, token: FileToken): string {
  return sign(secret, "file", b64(Buffer.from(JSON.stringify(token))));
}

export type FileTokenCheck = { ok: true; token: FileToken } | { ok: false; reason: "invalid" | "expired" };

export function verifyFileToken(secret: string, signed: string, nowMs: number): FileTokenCheck {
  const value = unsign(secret, "file", signed);
  if (!value) return { ok: false, reason: "invalid" };
  let token: FileToken;
  try {
    token = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (
    typeof token?.key !== "string" ||
    typeof token.name !== "string" ||
    typeof token.exp !== "number" ||
    typeof token.holder !== "string"
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (token.exp * 1000 < nowMs) return { ok: false, reason: "expired" };
  return { ok: true, token };
}
