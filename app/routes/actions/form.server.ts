/**
 * What the download and favourite actions share: how a request came (a fetcher's, or a plain form's
 * without scripts), its fields, and the page of ours it was sent from.
 */
import { safeRedirect } from "#modules/shared/safe-redirect.ts";

/** A fetcher's request: React Router's data request (`/downloads.data`); a plain form posts to the page's address. */
export function fromFetcher(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * A form's fields. A name sent twice is a list and a file stays a file, so the schema refuses both; a
 * body that is no form (JSON, garbage) has no fields.
 */
export async function formFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return {};
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const fields = new Map<string, unknown>();
  for (const [name, value] of form) {
    const seen = fields.get(name);
    fields.set(name, seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]);
  }
  return Object.fromEntries(fields);
}

/** The page of ours a plain form was sent from (path and query), or null for anything else. */
export function refererPath(request: Request, origin: string): string | null {
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    if (from.origin !== origin && from.origin !== new URL(request.url).origin) return null;
    return safeRedirect(from.pathname + from.search, "") || null;
  } catch {
    return null;
  }
}

/** A route's Retry-After, when its action or loader said to wait (React Router keeps only cookies unless told). */
export function retryAfterHeader({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const wait = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return wait ? { "Retry-After": wait } : new Headers();
}

/** A refusal as text, for a plain form with nowhere to go back to. */
export function textAnswer(message: string, status: number, headers: Headers): Response {
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}
