import type { Locale } from "#config/browser.ts";

/** A GraphQL error as the server sends it: the message is already in the request's language. */
export type GraphqlError = { message: string; extensions?: { code?: string; reason?: string } };

export class GraphqlRequestError extends Error {
  readonly status: number;
  readonly errors: GraphqlError[];
  constructor(status: number, errors: GraphqlError[]) {
    super(errors[0]?.message ?? `GraphQL request failed (${status})`);
    this.status = status;
    this.errors = errors;
  }
}

/** The browser's time zone for the Time-Zone header (SPEC §7), or nothing where it is not known. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one way the browser calls /graphql (SPEC §7): POST with the session cookie, the page's language in
 * the `locale` header and the zone in `Time-Zone`. Resolves the data; rejects with the server's errors.
 */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> | undefined,
  opts: { locale: Locale; signal?: AbortSignal; keepalive?: boolean; method?: "GET" | "POST" },
): Promise<T> {
  const headers: Record<string, string> = { locale: opts.locale };
  const zone = timeZone();
  if (zone) headers["Time-Zone"] = zone;
  // Lookups that are the same for everyone (the search box) go as GET with the language in the
  // address, so the browser may keep the answer a minute (the server says which ones).
  const get = opts.method === "GET";
  const url = get
    ? `/graphql?${new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}), lang: opts.locale })}`
    : "/graphql";
  if (!get) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method: get ? "GET" : "POST",
    credentials: "same-origin",
    headers,
    signal: opts.signal,
    keepalive: opts.keepalive,
    body: get ? undefined : JSON.stringify(variables ? { query, variables } : { query }),
  });
  const body = (await res.json().catch(() => null)) as { data?: T; errors?: GraphqlError[] } | null;
  if (!res.ok || !body || body.errors?.length || body.data == null)
    throw new GraphqlRequestError(res.status, body?.errors ?? []);
  return body.data;
}
