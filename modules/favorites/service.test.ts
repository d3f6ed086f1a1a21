import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { verifiedMember } from "#tests/members.ts";
import { countFavorites, favoriteIds, listFavorites, setFavorite } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock, log: silent });
let ana: number;
let ben: number;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now: new Date("2026-11-01T00:00:00Z"), count: 40 } });
  const mk = (u: string) => verifiedMember(database.db, clock, u);
  ana = await mk("ana");
  ben = await mk("ben");
  ids = (
    await queryRows<{ id: number }>(
      database.db,
      sql`select id from template where published_at <= ${now} order by id limit 5`,
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await database.cleanup();
});

describe("favourites", () => {
  it("adds and removes idempotently, one row per template", async () => {
    expect(await setFavorite(ctx(), { accountId: ana, templateId: ids[0], favorite: true })).toEqual({
      ok: true,
      value: true,
    });
    expect(await setFavorite(ctx(), { accountId: ana, templateId: ids[0], favorite: true })).toEqual({
      ok: true,
      value: true,
    });
    await Promise.all(
      Array.from({ length: 10 }, () => setFavorite(ctx(), { accountId: ana, templateId: ids[1], favorite: true })),
    );
    const [{ n }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from favorite where account_id = ${ana}`,
    );
    expect(n).toBe(2);
    expect(await setFavorite(ctx(), { accountId: ana, templateId: ids[1], favorite: false })).toEqual({
      ok: true,
      value: false,
    });
    expect(await setFavorite(ctx(), { accountId: ana, templateId: ids[1], favorite: false })).toEqual({
      ok: true,
      value: false,
    });
  });

  it("refuses templates that do not exist or are not published yet", async () => {
    expect(await setFavorite(ctx(), { accountId: ana, templateId: 2_000_000_000, favorite: true })).toEqual({
      ok: false,
      code: "account.favorites.errors.unknownTemplate",
    });
    const [future] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from template where published_at > ${now} limit 1`,
    );
    if (future)
      expect((await setFavorite(ctx(), { accountId: ana, templateId: future.id, favorite: true })).ok).toBe(false);
  });

  it("lists one account's favorites, newest or oldest first, and nobody else's", async () => {
    for (const [i, id] of ids.slice(2).entries()) {
      now = new Date(now.getTime() + (i + 1) * 60_000);
      await setFavorite(ctx(), { accountId: ana, templateId: id, favorite: true });
    }
    await setFavorite(ctx(), { accountId: ben, templateId: ids[4], favorite: true });
    const newest = await listFavorites(ctx(), { accountId: ana, sort: "newest", page: 1 });
    expect(newest.items.map((c) => c.id)).toEqual([ids[4], ids[3], ids[2], ids[0]]);
    const oldest = await listFavorites(ctx(), { accountId: ana, sort: "oldest", page: 1 });
    expect(oldest.items.map((c) => c.id)).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(newest.total).toBe(4);
    expect(await countFavorites(ctx(), { accountId: ana })).toBe(4);
    expect(await countFavorites(ctx(), { accountId: ben })).toBe(1);
    const bens = await listFavorites(ctx(), { accountId: ben, sort: "newest", page: 99 });
    expect(bens).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(bens.items.map((c) => c.id)).toEqual([ids[4]]);
    expect([...(await favoriteIds(ctx(), ben, ids))]).toEqual([ids[4]]);
    expect((await favoriteIds(ctx(), ben, [])).size).toBe(0);
  });
});
