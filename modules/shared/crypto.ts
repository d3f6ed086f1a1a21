/**
 * Signing and comparing secrets, for every module and edge: a value signed for a purpose (cookies, URL
 * tokens, nonces) and a constant-time comparison.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Bytes as URL-safe base64 without padding. */
export const b64 = (buf: Buffer) => buf.toString("base64url");

function mac(secret: string, purpose: string, value: string): string {
  return b64(createHmac("sha256", secret).update(`${purpose}\n${value}`).digest());
}

/** Whether two secrets are equal, in time that does not tell how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
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
  return sameSecret(signed.slice(dot + 1), mac(secret, purpose, value)) ? value : null;
}
