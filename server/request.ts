import type { Context } from "hono";
import { safeRedirect } from "#modules/shared/safe-redirect.ts";

/** The body of a JSON or form post as a plain object; a body that does not parse is empty. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = (c.req.header("content-type") ?? "").includes("application/json")
      ? await c.req.json()
      : await c.req.parseBody();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
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
