import { serialize } from "hono/utils/cookie";
import { AUTH, SECOND_FACTOR } from "#config/constants.ts";

/**
 * Every cookie this site sets, in one place: httpOnly, SameSite=Lax, Secure over HTTPS, with a lifetime
 * in seconds (0 removes it). A cookie's name, lifetime and path are declared here and nowhere else.
 */
export const COOKIES = {
  /** The access token (SPEC §7: apollo-token, 7 days). */
  token: { name: "apollo-token", maxAge: AUTH.tokenCookieDays * 86_400, path: "/" },
  /** The refresh token (30 days). */
  refresh: { name: "sn_refresh", maxAge: AUTH.refreshTokenSeconds, path: "/" },
  /** The second step of a log-in (ADR 0020): a signed token naming the account whose password was right. */
  secondStep: { name: "sn_2fa", maxAge: SECOND_FACTOR.stepSeconds, path: "/" },
  /** A guest's signed id (the guest allowance and the signed download addresses). */
  guest: { name: "sn_guest", maxAge: 400 * 86_400, path: "/" },
  /** Google's sign-in flow while the visitor is at the provider (only sent to its own routes). */
  googleFlow: { name: "sn_oidc", maxAge: 600, path: "/auth/google" },
  /** Facebook's sign-in flow while the visitor is at the provider. */
  facebookFlow: { name: "sn_fb", maxAge: 600, path: "/auth/facebook" },
} as const;

export type CookieName = keyof typeof COOKIES;

/** The Set-Cookie value of one of the site's cookies. */
export function cookieHeader(cookie: CookieName, value: string, secure: boolean): string {
  const { name, maxAge, path } = COOKIES[cookie];
  return serialize(name, value, { httpOnly: true, sameSite: "Lax", secure, path, maxAge });
}

/** The Set-Cookie value that removes one of the site's cookies. */
export function clearedCookieHeader(cookie: CookieName, secure: boolean): string {
  const { name, path } = COOKIES[cookie];
  return serialize(name, "", { httpOnly: true, sameSite: "Lax", secure, path, maxAge: 0 });
}

/** A cookie's value from a Cookie header (undecodable values are none). */
export function cookieValue(cookie: CookieName, header: string | null | undefined): string | undefined {
  const { name } = COOKIES[cookie];
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
