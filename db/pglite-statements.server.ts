import type { PGlite } from "@electric-sql/pglite";
import { PGLITE_PREPARED } from "#config/constants.ts";
import { literal } from "./sql-literal.ts";

/**
 * The embedded database (PGlite) parses and plans every statement again each time it is sent: for the
 * member's download history (seven tables joined) 12-100 ms of planning for well under a millisecond of
 * running it. This keeps the statements a process sends again prepared, on the PGlite instance itself:
 * a statement with parameters sent PGLITE_PREPARED.after times is prepared (`PREPARE`, its parameter types
 * inferred from the text as an unnamed statement's are) and then run as `EXECUTE` with its parameters
 * written as literals, the way a text parameter is bound (quoted and cast to the parameter's type).
 *
 * Left as they are: statements in a transaction (Drizzle runs them on the transaction's own object, not
 * this one), statements without parameters, anything but select, insert, update, delete and with, the
 * search's (PGLITE_PREPARED.planEachTime), statements whose PREPARE fails, parameters that are not text,
 * numbers, booleans, dates or null (arrays, bytes), and every statement past PGLITE_PREPARED.max. A
 * statement prepared keeps answering as before: the same rows, the same errors by code.
 */
export function keepStatementsPrepared(client: PGlite): void {
  const send = client.query.bind(client) as PGlite["query"];
  const names = new Map<string, string | null>();
  const seen = new Map<string, number>();
  let prepared = 0;
  const run: PGlite["query"] = async (text, params, options) => {
    if (!params?.length || !/^\s*(?:select|with|insert|update|delete)\b/i.test(text))
      return send(text, params, options);
    let name = names.get(text);
    if (name === undefined) {
      const times = (seen.get(text) ?? 0) + 1;
      if (times < PGLITE_PREPARED.after || prepared >= PGLITE_PREPARED.max || PGLITE_PREPARED.planEachTime.test(text)) {
        if (seen.size >= PGLITE_PREPARED.tracked) seen.clear();
        seen.set(text, times);
        return send(text, params, options);
      }
      seen.delete(text);
      name = `sn_kept_${++prepared}`;
      try {
        await client.exec(`prepare ${name} as ${text}`);
      } catch {
        name = null;
      }
      names.set(text, name);
    }
    const values = name ? params.map(paramLiteral) : [];
    if (!name || values.includes(undefined)) return send(text, params, options);
    return send(`execute ${name}(${values.join(", ")})`, [], options);
  };
  client.query = run;
}

/**
 * A parameter as PGlite would bind it in text (its serializers: a date as ISO text, a number or boolean as
 * its text), written as a quoted literal of unknown type, which PostgreSQL casts to the parameter's type
 * as it does a bound one. Undefined for what is not kept that way (arrays, objects, bytes, NUL in text).
 */
export function paramLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : literal(value.toISOString());
  if (typeof value === "number" || typeof value === "boolean") return literal(String(value));
  if (typeof value === "string") return value.includes("\0") ? undefined : literal(value);
  return undefined;
}
