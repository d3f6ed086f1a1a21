import { type SQL, sql } from "drizzle-orm";
import { type Filters, FORMAT_FILTERS, RATIOS, SLIDE_RANGES } from "#modules/catalog/filters.ts";

/**
 * The catalogue filters (modules/catalog/filters.ts) as tokens inside each search document, so the GIN
 * index applies them together with the words and a filtered search reads no other table. Tokens start
 * with "~", which no query word can produce (queries keep only letters and digits), and mean exactly
 * what the list pages' filters mean: any of the chosen styles, colours, formats, slide ranges or ratios;
 * a licence only when exactly one is chosen.
 */
const token = (kind: string, value: string) => `~${kind}~${value}`;

const quote = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The active filters as groups of tokens: a document must hold a token of every group. */
export function filterTokens(f: Filters | undefined): string[][] {
  if (!f) return [];
  return [
    f.styles.map((s) => token("style", s)),
    f.colors.map((c) => token("color", c)),
    f.licenses.length === 1 ? [token("license", f.licenses[0])] : [],
    f.formats.map((x) => token("format", FORMAT_FILTERS[x])),
    f.slides.map((x) => token("slides", x)),
    f.ratios.map((x) => token("ratio", x)),
  ].filter((g) => g.length);
}

/** tsquery text for one group of tokens: any of them. */
export const tokenGroupQuery = (g: string[]) => (g.length === 1 ? quote(g[0]) : `(${g.map(quote).join(" | ")})`);

/** tsquery text for the filters, or null when none is active. */
export function filterQuery(f: Filters | undefined): string | null {
  const groups = filterTokens(f);
  if (!groups.length) return null;
  return groups.map(tokenGroupQuery).join(" & ");
}

/**
 * SQL for the filter tokens of the template `t` (a text[]), used when its document is built; `styles`
 * and `colors` are the template's style and colour slugs (text[]).
 */
export function filterTokensSql(styles: SQL, colors: SQL): SQL {
  const ranges = Object.entries(SLIDE_RANGES).map(
    ([slug, r]) => sql`when t.slides_count between ${r.min}::int and ${r.max}::int then ${token("slides", slug)}`,
  );
  const ratios = Object.entries(RATIOS).map(([slug, value]) => sql`when ${value}::text then ${token("ratio", slug)}`);
  const prefixed = (kind: string, values: SQL) =>
    sql`array(select ${token(kind, "")} || v from unnest(coalesce(${values}, '{}'::text[])) as v)`;
  return sql`array_remove(array[
      case when t.is_premium then ${token("license", "premium")} else ${token("license", "free")} end,
      case ${sql.join(ranges, sql` `)} end,
      case t.aspect_ratio::text ${sql.join(ratios, sql` `)} end]::text[]
    || ${prefixed("format", sql`t.formats`)} || ${prefixed("style", styles)} || ${prefixed("color", colors)},
    null)`;
}
