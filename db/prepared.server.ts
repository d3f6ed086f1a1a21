import type { Executor } from "./client.server.ts";
import { literal } from "./sql-literal.ts";

/**
 * The embedded database (PGlite) parses and plans every statement it is sent again, each time: for a short
 * read that is most of its cost (the session's statement: 0.88 ms through Drizzle, 0.33 ms as `EXECUTE` of a
 * statement prepared once, on this machine). A statement made with `keptStatement` is prepared once per
 * embedded database (`PREPARE`, its plan kept by the database) and run with `EXECUTE`, its parameters written
 * as literals (`literal`). On PostgreSQL it answers null and the caller runs its Drizzle statement, which
 * node-postgres prepares once per connection by its name already.
 *
 * `text` is SQL with `$1..$n` for the parameters, in `types`' order. Only values the code makes (ids,
 * periods, signed tokens' ids) go in; they are written as literals all the same, never spliced raw.
 */
export function keptStatement<Row>(name: string, types: readonly string[], text: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`statement name ${name}: lower case, digits and _ only`);
  const prepared = new WeakSet<object>();
  return async (db: Executor, params: readonly (string | number)[]): Promise<Row[] | null> => {
    const client = embedded(db);
    if (!client) return null;
    if (!prepared.has(client)) {
      try {
        await client.exec(`prepare ${name}(${types.join(", ")}) as ${text}`);
      } catch (error) {
        // Prepared already on this database (another copy of this module, as in tests): use it.
        if ((error as { code?: string }).code !== "42P05") throw error;
      }
      prepared.add(client);
    }
    const result = await client.query<Row>(`execute ${name}(${params.map(literal).join(", ")})`);
    return result.rows;
  };
}

type Embedded = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string): Promise<{ rows: T[] }>;
};

/** The PGlite instance behind a Drizzle database; null for PostgreSQL (a pool) and for transactions. */
function embedded(db: Executor): Embedded | null {
  const client = (db as { $client?: Record<string, unknown> }).$client;
  if (!client || typeof client.exec !== "function" || typeof client.query !== "function") return null;
  // node-postgres' pool and client both connect; PGlite does not.
  if (typeof client.connect === "function") return null;
  return client as unknown as Embedded;
}
