import { LIMITS } from "#config/constants.ts";

/** Sort slugs, defined once. */
export const SORTS = ["popular", "newest"] as const;
export type Sort = (typeof SORTS)[number];

export const LICENSES = ["free", "premium"] as const;
export type License = (typeof LICENSES)[number];

/** Format filter slugs in URLs, and the format codes they stand for. */
export const FORMAT_FILTERS = { powerpoint: "PP", "google-slides": "GS", keynote: "KN" } as const;
export type FormatFilter = keyof typeof FORMAT_FILTERS;

export const SLIDE_RANGES = {
  "up-to-10": { min: 0, max: 10 },
  "11-20": { min: 11, max: 20 },
  "21-plus": { min: 21, max: 10_000 },
} as const;
export type SlideRange = keyof typeof SLIDE_RANGES;

export const RATIOS = { "16-9": "16:9", "4-3": "4:3" } as const;
export type RatioFilter = keyof typeof RATIOS;

/** URL parameter names, defined once. */
export const FILTER_PARAMS = {
  style: "style",
  color: "color",
  license: "license",
  format: "format",
  slides: "slides",
  ratio: "ratio",
  sort: "sort",
  page: "page",
} as const;

export type Filters = {
  styles: string[];
  colors: string[];
  licenses: License[];
  formats: FormatFilter[];
  slides: SlideRange[];
  ratios: RatioFilter[];
};

export type ListQuery = {
  filters: Filters;
  sort: Sort | null;
  page: number;
  /** True when the page parameter was present but not a usable number. */
  badPage: boolean;
};

export const emptyFilters = (): Filters => ({
  styles: [],
  colors: [],
  licenses: [],
  formats: [],
  slides: [],
  ratios: [],
});

function pick<T extends string>(params: URLSearchParams, name: string, allowed: (v: string) => v is T): T[] {
  const out: T[] = [];
  for (const raw of params.getAll(name)) {
    for (const part of raw.slice(0, LIMITS.queryParam).split(",")) {
      const v = part.trim().toLowerCase();
      if (allowed(v) && !out.includes(v)) out.push(v);
      if (out.length >= LIMITS.filterValuesPerParam) return out;
    }
  }
  return out;
}

const isIn =
  <T extends string>(list: readonly T[]) =>
  (v: string): v is T =>
    (list as readonly string[]).includes(v);
const slugLike = (v: string): v is string => /^[a-z0-9-]{1,40}$/.test(v);

/**
 * Reads filters, sort and page from a URL. Unknown values are dropped, never an error: a URL that
 * someone edited by hand still shows a page.
 */
export function parseListQuery(params: URLSearchParams, known?: { styles: string[]; colors: string[] }): ListQuery {
  const styles = pick(params, FILTER_PARAMS.style, slugLike).filter((s) => !known || known.styles.includes(s));
  const colors = pick(params, FILTER_PARAMS.color, slugLike).filter((s) => !known || known.colors.includes(s));
  const sortRaw = params.get(FILTER_PARAMS.sort)?.trim().toLowerCase() ?? "";
  const pageRaw = params.get(FILTER_PARAMS.page);
  let page = 1;
  let badPage = false;
  if (pageRaw !== null) {
    const n = /^\d{1,7}$/.test(pageRaw.trim()) ? Number(pageRaw.trim()) : Number.NaN;
    if (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxPage) page = n;
    else badPage = true;
  }
  return {
    filters: {
      styles,
      colors,
      licenses: pick(params, FILTER_PARAMS.license, isIn(LICENSES)),
      formats: pick(params, FILTER_PARAMS.format, isIn(Object.keys(FORMAT_FILTERS) as FormatFilter[])),
      slides: pick(params, FILTER_PARAMS.slides, isIn(Object.keys(SLIDE_RANGES) as SlideRange[])),
      ratios: pick(params, FILTER_PARAMS.ratio, isIn(Object.keys(RATIOS) as RatioFilter[])),
    },
    sort: isIn(SORTS)(sortRaw) ? sortRaw : null,
    page,
    badPage,
  };
}

export function activeFilterCount(f: Filters): number {
  return f.styles.length + f.colors.length + f.licenses.length + f.formats.length + f.slides.length + f.ratios.length;
}

/** The canonical search string for a query (stable order, defaults left out). */
export function toSearchParams(q: { filters: Filters; sort: Sort | null; page?: number }): URLSearchParams {
  const p = new URLSearchParams();
  const add = (name: string, values: string[]) => {
    for (const v of values) p.append(name, v);
  };
  add(FILTER_PARAMS.style, q.filters.styles);
  add(FILTER_PARAMS.color, q.filters.colors);
  add(FILTER_PARAMS.license, q.filters.licenses);
  add(FILTER_PARAMS.format, q.filters.formats);
  add(FILTER_PARAMS.slides, q.filters.slides);
  add(FILTER_PARAMS.ratio, q.filters.ratios);
  if (q.sort) p.set(FILTER_PARAMS.sort, q.sort);
  if (q.page && q.page > 1) p.set(FILTER_PARAMS.page, String(q.page));
  return p;
}

/** Sorts of search results: relevance ("matching query") first, then the list sorts. */
export const SEARCH_SORTS = ["relevance", ...SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
