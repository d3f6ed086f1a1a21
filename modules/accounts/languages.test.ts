import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { languageOf, listLanguages, updateAccountLanguage } from "./languages.ts";
import type { AccountView } from "./service.ts";

const english = { id: 1, name: "English", locale: "en" };
const spanish = { id: 2, name: "Español", locale: "es" };

describe("languages", () => {
  it("names an account's language, English for a locale the site does not speak", () => {
    expect(languageOf("es")).toEqual(spanish);
    expect(languageOf("en")).toEqual(english);
    expect(languageOf("fr")).toEqual(english);
  });

  it("lists, filters, orders and pages them, counting every match", () => {
    expect(listLanguages({ skip: 0, limit: 50 })).toEqual({
      ok: true,
      value: { list: [english, spanish], totalCount: 2 },
    });
    expect(listLanguages({ where: { locale: "es" }, skip: 0, limit: 50 })).toEqual({
      ok: true,
      value: { list: [spanish], totalCount: 1 },
    });
    expect(listLanguages({ where: { id: 1, locale: "es" }, skip: 0, limit: 50 })).toEqual({
      ok: true,
      value: { list: [], totalCount: 0 },
    });
    expect(listLanguages({ orderBy: { field: "name", direction: "desc" }, skip: 0, limit: 50 })).toEqual({
      ok: true,
      value: { list: [spanish, english], totalCount: 2 },
    });
    expect(listLanguages({ orderBy: { field: "locale" }, skip: 1, limit: 1 })).toEqual({
      ok: true,
      value: { list: [spanish], totalCount: 2 },
    });
    expect(listLanguages({ orderBy: { field: "constructor" }, skip: 0, limit: 50 })).toEqual({
      ok: false,
      code: "languages.errors.orderBy",
    });
  });
});

describe("changing an account's language", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: ServiceContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = {
      db: database.db,
      locale: "en",
      clock: { now: () => new Date() },
      log: { info() {}, warn() {}, error() {} },
    };
  });
  afterAll(() => database?.cleanup());

  it("saves the language chosen by id, keeps it without one, refuses an unknown id", async () => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into account (email, username, name, password_hash, verified_at)
          values ('lingua@example.com', 'lingua', 'Lingua', 'x', now()) returning id`,
    );
    const account: AccountView = {
      id: row.id,
      name: "Lingua",
      username: "lingua",
      email: "lingua@example.com",
      plan: "FREE",
      locale: "en",
      verified: true,
      avatarUrl: null,
      role: "member",
    };
    const localeOf = async () =>
      (await queryRows<{ locale: string }>(database.db, sql`select locale from account where id = ${row.id}`))[0]
        .locale;
    expect(await updateAccountLanguage(ctx, { account, languageId: null })).toEqual({ ok: true, value: account });
    expect(await updateAccountLanguage(ctx, { account, languageId: 9 })).toEqual({
      ok: false,
      code: "languages.errors.unknown",
    });
    expect(await localeOf()).toBe("en");
    expect(await updateAccountLanguage(ctx, { account, languageId: 2 })).toEqual({
      ok: true,
      value: { ...account, locale: "es" },
    });
    expect(await localeOf()).toBe("es");
  });
});
