import type { SQL } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";

/**
 * Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`; the shared `Db` type
 * cannot name their result types at once, see db/client.server.ts `asDb`, hence the one cast here).
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
