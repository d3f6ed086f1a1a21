import { inArray, sql } from "drizzle-orm";
import type { Executor } from "#db/client.server.ts";
import { idTokenUse } from "#db/schema/index.ts";
import { queryRows } from "#modules/shared/sql.ts";

/**
 * The auth module's single-use records: CAPTCHA solutions (captcha.ts) and ID-token log-ins
 * (id-token-replay.ts). Each is taken by an insert that only the first request gets through.
 */

type SignatureRow = { signature: string };

/** Records a solved CAPTCHA challenge (by its signature) until it expires; whether this call was the first. */
export async function recordCaptchaSolution(db: Executor, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await queryRows<SignatureRow>(
    db,
    sql`insert into captcha_solution (signature, expires_at)
        values (${signature}, ${expiresAt})
        on conflict (signature) do nothing
        returning signature`,
  );
  return rows.length === 1;
}

type KeyRow = { key: string };

/** Records these ID-token keys (each until its moment) in one statement; answers those that were new. */
export async function recordIdTokenUses(
  db: Executor,
  uses: readonly { key: string; expiresAt: Date }[],
): Promise<Set<string>> {
  const rows = await queryRows<KeyRow>(
    db,
    sql`insert into id_token_use (key, expires_at)
        values ${sql.join(
          uses.map((u) => sql`(${u.key}, ${u.expiresAt})`),
          sql`, `,
        )}
        on conflict (key) do nothing returning key`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Forgets these ID-token keys. */
export async function deleteIdTokenUses(db: Executor, keys: readonly string[]): Promise<void> {
  await db.delete(idTokenUse).where(inArray(idTokenUse.key, [...keys]));
}
