import { LIMITS } from "#config/constants.ts";

/** `?page=` of a personal list: a whole number from 1, else 1 (a hand-edited address still shows a page). */
export function pageParam(params: URLSearchParams): number {
  const n = Number(params.get("page") ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= LIMITS.maxPage ? n : 1;
}

/** `?sort=` among known sorts; the first one is the default. */
export function sortParam<S extends string>(params: URLSearchParams, sorts: readonly S[]): S {
  const raw = params.get("sort");
  return sorts.find((s) => s === raw) ?? sorts[0];
}

/** The address of a page of a list in a sort; the default sort and page 1 are left out. */
export function listHref<S extends string>(base: string, sorts: readonly S[], sort: S, page: number): string {
  const q = new URLSearchParams();
  if (sort !== sorts[0]) q.set("sort", sort);
  if (page > 1) q.set("page", String(page));
  const qs = q.toString();
  return qs ? `${base}?${qs}` : base;
}

/** `?wait=` that a rate-limited plain form came back with: seconds, 1 to 3600, else a minute. */
export function waitParam(params: URLSearchParams): number {
  return Math.min(3600, Math.max(1, Number(params.get("wait")) || 60));
}
