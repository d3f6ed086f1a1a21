/**
 * The demo seed's queries written by hand (repo.ts), each run against the migrated schema: a renamed
 * or dropped column fails here even where only a server test takes that path.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import {
  addAccountInterests,
  analyze,
  blogUsed,
  importedTemplatesExist,
  insertTag,
  tagCount,
  vacuumAnalyze,
} from "./repo.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.cleanup();
});

describe("demo seed queries written by hand", () => {
  it("tell what was seeded and keep a demo account's interests", async () => {
    const db = database.db;
    expect(await blogUsed(db)).toBe(false);
    expect(await importedTemplatesExist(db)).toBe(false);
    expect(await tagCount(db)).toBe(0);
    const a = await insertTag(db, { slug: "repo-a", type: "tag", iconName: null });
    const b = await insertTag(db, { slug: "repo-b", type: "tag", iconName: null });
    await insertTag(db, { slug: "repo-c", type: "tag", iconName: null });
    expect(await tagCount(db)).toBe(3);

    const [{ id }] = await queryRows<{ id: number }>(
      db,
      sql`insert into account (email, username, name, password_hash) values ('demo-repo@example.com', 'demorepo', 'Demo', 'x')
          returning id`,
    );
    await addAccountInterests(db, id, ["repo-a", "repo-b", "missing"]);
    await addAccountInterests(db, id, ["repo-a"]);
    const kept = await queryRows<{ tag_id: number }>(
      db,
      sql`select tag_id from account_interest where account_id = ${id} order by tag_id`,
    );
    expect(kept.map((r) => r.tag_id)).toEqual([a, b].sort((x, y) => x - y));

    await analyze(db);
    await vacuumAnalyze(db);
  });
});
