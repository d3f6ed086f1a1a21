import { LOCALES, type Locale } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { AppError } from "#modules/shared/context.ts";
import * as repo from "./repo.ts";

/**
 * `GET /api/tags` of SPEC §7, answered the way the content service (Strapi 4's REST API) answers it, so
 * a client written for that service keeps working: `filters[field][$eq|$ne]`, `sort` (`field:asc`),
 * `fields`, `populate` (posts, with their own `fields`), `locale`, `pagination[page|pageSize|start|limit]`;
 * `{ data: [{ id, attributes }], meta: { pagination } }`. Refusals are coded errors (translation keys)
 * that the edge answers as Strapi's `{ data: null, error }`.
 */

const TAG_FIELDS = ["title", "slug", "description", "isCategory", "locale", "createdAt", "updatedAt"] as const;
type TagField = (typeof TAG_FIELDS)[number];
const POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "author",
  "readingTime",
  "publishedAt",
  "updatedAt",
  "locale",
] as const;
type PostField = (typeof POST_FIELDS)[number];
const SORTABLE = ["id", "title", "slug", "createdAt", "updatedAt"] as const;
type SortField = (typeof SORTABLE)[number];
const FILTERABLE = ["id", "isCategory", "slug", "title"] as const;
type FilterField = (typeof FILTERABLE)[number];

export type TagsQuery = {
  locale: Locale;
  filters: { field: FilterField; op: "$eq" | "$ne"; value: string }[];
  sort: { field: SortField; dir: "asc" | "desc" }[];
  fields: TagField[] | null;
  posts: { fields: PostField[] | null } | null;
  page: number;
  pageSize: number;
  /** Set when the request paged with start/limit (then meta says so). */
  offsetPaging: boolean;
};

export const TAGS_API = { defaultPageSize: 25, maxPageSize: 100, maxParams: 40 } as const;

function invalid(detail: string): never {
  throw new AppError("blog.api.invalidQuery", 400, { detail });
}

const oneOf = <T extends string>(list: readonly T[], v: string, what: string): T =>
  (list as readonly string[]).includes(v) ? (v as T) : invalid(`${what}: ${v}`);

/** Values of `name` and `name[0]`, `name[1]`...; a comma list counts as several. */
function listParam(params: URLSearchParams, name: string): string[] | null {
  const out: string[] = [];
  let seen = false;
  for (const [k, v] of params) {
    if (k === name || new RegExp(`^${name.replace(/[[\]]/g, "\\$&")}\\[\\d{1,2}\\]$`).test(k)) {
      seen = true;
      out.push(
        ...v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      );
    }
  }
  return seen ? out : null;
}

function positive(v: string | null, what: string, min: number): number | null {
  if (v === null) return null;
  if (!/^\d{1,7}$/.test(v) || Number(v) < min) invalid(`${what}: ${v}`);
  return Number(v);
}

/** Reads the query string of a request; throws `blog.api.invalidQuery` naming what it did not understand. */
export function parseTagsQuery(params: URLSearchParams, fallbackLocale: Locale): TagsQuery {
  if ([...params.keys()].length > TAGS_API.maxParams) invalid("too many parameters");
  const localeParam = params.get("locale");
  const locale = localeParam === null ? fallbackLocale : oneOf(LOCALES, localeParam, "locale");
  const filters: TagsQuery["filters"] = [];
  let postsFields: PostField[] | null = null;
  let populatePosts = false;
  for (const [key, value] of params) {
    let m = /^filters\[(\w+)\]\[(\$\w+)\]$/.exec(key);
    if (m) {
      filters.push({
        field: oneOf(FILTERABLE, m[1], "filter"),
        op: oneOf(["$eq", "$ne"] as const, m[2], "filter operator"),
        value,
      });
      continue;
    }
    m = /^filters\[(\w+)\]$/.exec(key);
    if (m) {
      filters.push({ field: oneOf(FILTERABLE, m[1], "filter"), op: "$eq", value });
      continue;
    }
    if (key === "populate" || /^populate\[\d{1,2}\]$/.test(key)) {
      for (const p of value.split(",").map((s) => s.trim())) {
        if (p === "*" || p === "posts") populatePosts = true;
        else invalid(`populate: ${p}`);
      }
      continue;
    }
    if (key === "populate[posts]") {
      if (!["true", "*", "1"].includes(value)) invalid(`populate[posts]: ${value}`);
      populatePosts = true;
      continue;
    }
    if (/^populate\[posts\]\[fields\](\[\d{1,2}\])?$/.test(key)) {
      populatePosts = true;
      postsFields = [
        ...(postsFields ?? []),
        ...value
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s && s !== "id")
          .map((s) => oneOf(POST_FIELDS, s, "posts field")),
      ];
      continue;
    }
    if (
      key === "locale" ||
      key === "sort" ||
      /^sort\[\d{1,2}\]$/.test(key) ||
      key === "fields" ||
      /^fields\[\d{1,2}\]$/.test(key) ||
      /^pagination\[(page|pageSize|start|limit|withCount)\]$/.test(key)
    )
      continue;
    invalid(`parameter: ${key}`);
  }
  for (const f of filters) {
    if (f.field === "isCategory" && f.value !== "true" && f.value !== "false") invalid(`isCategory: ${f.value}`);
    if (f.field === "id" && !/^\d{1,9}$/.test(f.value)) invalid(`id: ${f.value}`);
    if (f.value.length > 200) invalid(`${f.field}: too long`);
  }
  const sort = (listParam(params, "sort") ?? []).map((s) => {
    const [field, dir = "asc"] = s.split(":");
    return {
      field: oneOf(SORTABLE, field, "sort"),
      dir: oneOf(["asc", "desc"] as const, dir.toLowerCase(), "sort direction"),
    };
  });
  const fieldsList = listParam(params, "fields");
  const fields = fieldsList ? fieldsList.filter((f) => f !== "id").map((f) => oneOf(TAG_FIELDS, f, "field")) : null;
  const start = positive(params.get("pagination[start]"), "pagination[start]", 0);
  const limit = positive(params.get("pagination[limit]"), "pagination[limit]", 1);
  const pageSize = Math.min(
    limit ?? positive(params.get("pagination[pageSize]"), "pagination[pageSize]", 1) ?? TAGS_API.defaultPageSize,
    TAGS_API.maxPageSize,
  );
  const offsetPaging = start !== null || limit !== null;
  const page = offsetPaging
    ? Math.floor((start ?? 0) / pageSize) + 1
    : (positive(params.get("pagination[page]"), "pagination[page]", 1) ?? 1);
  return {
    locale,
    filters,
    sort,
    fields,
    posts: populatePosts ? { fields: postsFields } : null,
    page,
    pageSize,
    offsetPaging,
  };
}

type Entry = { id: number; attributes: Record<string, unknown> };
export type TagsResponse = {
  data: Entry[];
  meta: { pagination: { page: number; pageSize: number; pageCount: number; total: number } };
};

function pick<F extends string>(all: Record<F, unknown>, fields: readonly F[] | null): Record<string, unknown> {
  if (!fields) return all;
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}

/** Blog tags of the query's locale, as the content service lists them. */
export async function listTagsForApi(ctx: ServiceContext, q: TagsQuery): Promise<TagsResponse> {
  const query: repo.ApiTagsQuery = {
    locale: q.locale,
    filters: q.filters.map((f) => ({
      field: f.field,
      op: f.op,
      value: f.field === "isCategory" ? f.value === "true" : f.field === "id" ? Number(f.value) : f.value,
    })),
    sort: q.sort,
  };
  const offset = (q.page - 1) * q.pageSize;
  const [rows, n] = await Promise.all([
    repo.selectApiTags(ctx.db, { ...query, limit: q.pageSize, offset }),
    repo.countApiTags(ctx.db, query),
  ]);
  const posts =
    q.posts && rows.length
      ? await postsOf(
          ctx,
          q.locale,
          rows.map((r) => Number(r.id)),
        )
      : null;
  const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
  const total = Number(n);
  return {
    data: rows.map((r) => {
      const attributes = pick<TagField>(
        {
          title: r.title,
          slug: r.slug,
          description: r.description,
          isCategory: Boolean(r.is_category),
          locale: q.locale,
          createdAt: iso(r.created_at),
          updatedAt: iso(r.updated_at),
        },
        q.fields,
      );
      if (posts && q.posts)
        attributes.posts = {
          data: (posts.get(Number(r.id)) ?? []).map((p) => ({
            id: p.id,
            attributes: pick<PostField>(p.attributes, q.posts?.fields ?? null),
          })),
        };
      return { id: Number(r.id), attributes };
    }),
    meta: {
      pagination: {
        page: q.page,
        pageSize: q.pageSize,
        pageCount: Math.ceil(total / q.pageSize),
        total,
      },
    },
  };
}

/** The published articles of the locale under each tag (as category or tag), newest first. */
async function postsOf(
  ctx: ServiceContext,
  locale: Locale,
  tagIds: number[],
): Promise<Map<number, { id: number; attributes: Record<PostField, unknown> }[]>> {
  const rows = await repo.selectPostsUnderTags(ctx.db, { locale, now: ctx.clock.now(), tagIds });
  const out = new Map<number, { id: number; attributes: Record<PostField, unknown> }[]>();
  const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
  for (const r of rows) {
    const list = out.get(Number(r.tag_id)) ?? [];
    list.push({
      id: Number(r.id),
      attributes: {
        title: r.title,
        slug: r.slug,
        excerpt: r.excerpt,
        author: r.author,
        readingTime: Number(r.reading_minutes),
        publishedAt: iso(r.published_at),
        updatedAt: iso(r.updated_at),
        locale,
      },
    });
    out.set(Number(r.tag_id), list);
  }
  return out;
}
