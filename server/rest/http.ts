import type { Context } from "hono";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";

const FORM = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)/i;

/**
 * The REST edge's one body reader: a form post's fields, or a JSON body (whatever its declared type) as a
 * plain object; null when it is neither (not JSON, an array, a string…), so the endpoint answers with its
 * own refusal. Its size was bounded before it was read (server/app.ts body limits).
 */
export async function readBody(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = FORM.test(c.req.header("content-type") ?? "")
      ? await c.req.parseBody()
      : JSON.parse(await c.req.text());
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The page of ours a plain form was sent from (path and query), or null for anything else. */
export function refererPath(c: Context, origin: string): string | null {
  try {
    const u = new URL(c.req.header("referer") ?? "");
    if (u.origin !== origin && u.origin !== new URL(c.req.url).origin) return null;
    return safeRedirect(u.pathname + u.search, "") || null;
  } catch {
    return null;
  }
}

/**
 * The one CSRF rule (applied to every state change by server/app.ts): a request from another site, by
 * its Origin header or, without one, its Sec-Fetch-Site. Clients that are not browsers send neither.
 */
export function crossSite(c: Context, origin: string): boolean {
  const o = c.req.header("origin");
  if (o) return !(o === origin || o === new URL(c.req.url).origin);
  const site = c.req.header("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/** A refusal of the REST edge: `{ ok: false, code, message }` with its status (and Retry-After when given). */
export function refusal(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 429 | 503,
  code: string,
  message: string,
  retryAfter?: number,
) {
  if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
  return c.json({ ok: false, code, message }, status);
}
