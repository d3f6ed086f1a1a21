/**
 * Requests as React Router's fetchers send them (the download and favourite routes, app/routes/actions):
 * a submission is the form posted to the route's data address (`/downloads.data`), a load asks the data
 * address for the one route; the answer is decoded as the browser decodes it.
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { formBody } from "./http.ts";

type Requester = (path: string, init?: RequestInit, peer?: string) => Response | Promise<Response>;

/** A fetcher's answer: the status and headers, and the route's data. */
export type FetcherAnswer<T> = { status: number; headers: Headers; data: T };

async function decoded(res: Response): Promise<unknown> {
  if (!res.body) throw new Error(`no body (${res.status})`);
  const stream = await decodeViaTurboStream(res.body, globalThis as unknown as Window);
  await stream.done;
  return stream.value;
}

/** `path` with `.data` before its query: a page's data address. */
const dataAddress = (path: string) => {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};

/**
 * Posts `fields` as a fetcher's submission (an object is a form; a string or array of pairs is sent as
 * it is, so a name may repeat). Same-origin unless `headers` say otherwise.
 */
export async function submitFetcher<T = Record<string, unknown>>(
  request: Requester,
  path: string,
  fields: Record<string, string> | [string, string][] | string,
  opts: { headers?: Record<string, string>; peer?: string; origin?: string } = {},
): Promise<FetcherAnswer<T>> {
  const body =
    typeof fields === "string"
      ? fields
      : Array.isArray(fields)
        ? new URLSearchParams(fields).toString()
        : formBody(fields);
  const res = await request(
    dataAddress(path),
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: opts.origin ?? "http://localhost:3000",
        ...opts.headers,
      },
      body,
      redirect: "manual",
    },
    opts.peer,
  );
  const value = (await decoded(res)) as { data?: T; error?: unknown };
  if (!("data" in value)) throw new Error(`no data (${res.status}): ${JSON.stringify(value)}`);
  return { status: res.status, headers: res.headers, data: value.data as T };
}

/** A fetcher's load of `path` (its query kept) answered by the route `routeId`. */
export async function loadFetcher<T = Record<string, unknown>>(
  request: Requester,
  path: string,
  routeId: string,
  headers: Record<string, string> = {},
): Promise<FetcherAnswer<T>> {
  const address = new URL(dataAddress(path), "http://localhost:3000");
  address.searchParams.set("_routes", routeId);
  const res = await request(`${address.pathname}${address.search}`, { headers, redirect: "manual" });
  const value = (await decoded(res)) as Record<string, { data?: T; error?: unknown }>;
  const own = value[routeId];
  if (!own || !("data" in own)) throw new Error(`no data (${res.status}): ${JSON.stringify(value)}`);
  return { status: res.status, headers: res.headers, data: own.data as T };
}

/** The page's data after a change, as the browser revalidates it: the root loader's. */
export async function rootData<T = Record<string, unknown>>(request: Requester, path: string, cookie: string) {
  const address = path === "/" ? "/_root.data" : dataAddress(path);
  const res = await request(`${address}?_routes=root`, { headers: { cookie }, redirect: "manual" });
  const value = (await decoded(res)) as Record<string, { data?: T }>;
  return value.root?.data as T;
}

/**
 * The data of a fetcher's answer read from a raw response of a route's data address (`/downloads.data`),
 * or null when the answer is not React Router's (a 503 while the database is away, say).
 */
export async function fetcherData<T = Record<string, unknown>>(res: Response): Promise<T | null> {
  if (!(res.headers.get("content-type") ?? "").startsWith("text/x-script")) {
    await res.arrayBuffer();
    return null;
  }
  const value = (await decoded(res)) as { data?: T };
  return value && "data" in value ? (value.data as T) : null;
}
