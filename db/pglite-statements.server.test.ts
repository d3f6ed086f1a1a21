import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_PREPARED } from "#config/constants.ts";
import { keepStatementsPrepared, paramLiteral } from "./pglite-statements.server.ts";

/**
 * Statements the embedded database is sent again are prepared once and answer as before (ADR 0036,
 * addendum). One database keeps them, one does not: every answer is compared.
 */
let kept: PGlite;
let plain: PGlite;

const SCHEMA = `create table item (id serial primary key, name text not null unique, price numeric,
  on_sale boolean not null default false, made_at timestamptz, tags jsonb)`;

beforeAll(async () => {
  [kept, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  keepStatementsPrepared(kept);
  for (const db of [kept, plain]) await db.exec(SCHEMA);
});
afterAll(async () => {
  await Promise.all([kept?.close(), plain?.close()]);
});

/** The statements the database keeps prepared, by their text. */
async function preparedTexts(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ statement: string }>(
    "select statement from pg_prepared_statements where name like 'sn_kept_%'",
  );
  return rows.map((r) => r.statement.replace(/^prepare \w+ as /, ""));
}

/** The same call on both databases, several times (prepared from the second); the answers must agree. */
async function both<T>(call: (db: PGlite, i: number) => Promise<T>, times = PGLITE_PREPARED.after + 2): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < times; i++) {
    const [a, b] = await Promise.all([call(kept, i), call(plain, i)]);
    expect(a).toEqual(b);
    last = a;
  }
  return last as T;
}

describe("statements kept prepared on the embedded database", () => {
  it("answer as before: rows, types, affected rows, with text, numbers, booleans, dates and nulls", async () => {
    const made = new Date("2026-11-20T10:00:00.123Z");
    await both((db, i) =>
      db.query("insert into item (name, price, on_sale, made_at) values ($1, $2, $3, $4) returning id, name", [
        `it's a \\ "quoted" ñandú ${i}`,
        12.5,
        true,
        made,
      ]),
    );
    const select = "select name, price, on_sale, made_at, tags from item where price > $1 and on_sale = $2 order by id";
    const rows = await both((db) => db.query(select, [1, true]));
    expect(rows.rows.length).toBeGreaterThan(2);
    expect(rows.rows[0]).toMatchObject({ price: "12.5", on_sale: true, made_at: made, tags: null });
    const updated = await both((db) => db.query("update item set tags = $1 where name like $2", ['{"a":1}', "it%"]));
    expect(updated.affectedRows).toBe(rows.rows.length);
    await both((db) =>
      db.query("select count(*)::int as n from item where made_at <= $1 and ($2::text is null or name <> $2)", [
        made,
        null,
      ]),
    );
    expect(await preparedTexts(kept)).toEqual(expect.arrayContaining([select]));
    expect(await preparedTexts(plain)).toEqual([]);
  });

  it("fail as before, by the same code (a name taken twice)", async () => {
    const insert = "insert into item (name) values ($1)";
    for (let i = 0; i < PGLITE_PREPARED.after + 1; i++) {
      const codes = await Promise.all(
        [kept, plain].map((db) =>
          db.query(insert, ["twice"]).then(
            () => "ok",
            (e: { code?: string }) => e.code,
          ),
        ),
      );
      expect(codes).toEqual(i === 0 ? ["ok", "ok"] : ["23505", "23505"]);
    }
    expect(await preparedTexts(kept)).toContain(insert);
  });

  it("leave the search's statements, arrays and statements without parameters to be planned each time", async () => {
    const search = "select id from item where to_tsvector('simple', name) @@ plainto_tsquery('simple', $1)";
    const any = "select name from item where id = any($1) order by id";
    const none = "select count(*) from item where id > 0";
    for (let i = 0; i < PGLITE_PREPARED.after + 2; i++) {
      await both((db) => db.query(search, ["quoted"]), 1);
      await both((db) => db.query(any, [[1, 2]]), 1);
      await both((db) => db.query(none), 1);
    }
    const texts = await preparedTexts(kept);
    expect(texts).not.toContain(search);
    expect(texts).not.toContain(none);
    // The array's statement is prepared, but run unprepared while a parameter is an array.
    expect((await kept.query<{ name: string }>(any, [[1]])).rows).toHaveLength(1);
  });

  it("write each kind of parameter as a quoted literal, and refuse what they cannot carry", () => {
    expect(paramLiteral(null)).toBe("NULL");
    expect(paramLiteral(undefined)).toBe("NULL");
    expect(paramLiteral(42)).toBe("E'42'");
    expect(paramLiteral(1.5)).toBe("E'1.5'");
    expect(paramLiteral(false)).toBe("E'false'");
    expect(paramLiteral("a'b\\c")).toBe("E'a''b\\\\c'");
    expect(paramLiteral(new Date("2026-01-02T03:04:05.006Z"))).toBe("E'2026-01-02T03:04:05.006Z'");
    expect(paramLiteral(new Date(Number.NaN))).toBeUndefined();
    expect(paramLiteral("nul\0")).toBeUndefined();
    expect(paramLiteral([1, 2])).toBeUndefined();
    expect(paramLiteral({ a: 1 })).toBeUndefined();
    expect(paramLiteral(new Uint8Array([1]))).toBeUndefined();
  });
});
