import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#modules/scope.ts";
import { createTestDatabase, testDatabaseKind } from "#tests/db.ts";
import { normalizeQuery } from "./normalize.ts";
import { searchTemplates } from "./service.ts";
import { RELATED_TERMS, SYNONYM_GROUPS } from "./synonyms.ts";
import {
  buildVocabulary,
  readVocabulary,
  seedVocabulary,
  shippedEntries,
  shippedVocabulary,
  VocabularyCache,
  vocabularyWords,
} from "./vocabulary.ts";
import { selectVocabulary } from "./vocabulary-repo.ts";

/**
 * The search vocabulary in the database (issue 23, ADR 0030): seeded once from synonyms.ts however many
 * processes start at once, and a change made by any process seen by every process's next search.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock: { now: () => now }, log: silent });
const count = async (table: string) =>
  Number((await database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}`))[0].n);
const state = async () =>
  (
    await database.rows<{ version: number; seeded_at: Date | null }>(
      sql`select version, seeded_at from search_vocabulary`,
    )
  )[0];

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now } });
});
afterAll(async () => {
  await database?.cleanup();
});

describe("the shipped lists", () => {
  it("are written normalised, and become one entry each", () => {
    const entries = shippedEntries();
    expect(entries).toHaveLength(SYNONYM_GROUPS.length + Object.keys(RELATED_TERMS).length);
    for (const e of entries)
      for (const t of [e.head ?? "", ...e.terms].filter(Boolean)) expect(normalizeQuery(t)).toBe(t);
    const v = shippedVocabulary();
    expect([...(v.expansions.get("tfg") ?? [])]).toEqual(expect.arrayContaining(["thesis", "tesis"]));
    // One-way: a head finds its terms, the terms do not find the head.
    expect([...(v.expansions.get("investors") ?? [])]).toContain("pitch deck");
    expect([...(v.expansions.get("pitch deck") ?? [])]).not.toContain("investors");
    expect(v.longestPhrase).toBe(4);
  });

  it("leave one-way heads out of the typo dictionary's words (a head may be a misspelling)", () => {
    const words = vocabularyWords([
      { kind: "related", head: "bussines", terms: ["business plan"] },
      { kind: "group", head: null, terms: ["hr", "recursos humanos"] },
    ]);
    expect(words.sort()).toEqual(["business", "humanos", "plan", "recursos"]);
    expect(buildVocabulary(3, []).longestPhrase).toBe(1);
  });
});

describe("the seed", () => {
  it("is written once, however many processes ask at once", async () => {
    // The demo catalogue's index refresh seeded it: as a fresh database would be.
    expect((await state()).seeded_at).not.toBeNull();
    await database.db.execute(sql`delete from search_synonym`);
    await database.db.execute(sql`update search_vocabulary set seeded_at = null, version = 0`);
    // On PostgreSQL each call takes its own pooled connection: two processes racing for the row lock.
    const results = await Promise.all([seedVocabulary(database.db, now), seedVocabulary(database.db, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await count("search_synonym")).toBe(shippedEntries().length);
    expect(Number((await state()).version)).toBe(1);
    // Two caches (two processes) read the same vocabulary.
    const [a, b] = await Promise.all([new VocabularyCache().get(database.db), new VocabularyCache().get(database.db)]);
    expect(a.version).toBe(1);
    expect(b.expansions.size).toBe(a.expansions.size);
    // The synonyms' words joined the typo dictionary.
    const [{ n }] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from search_word where word = 'mercadotecnia'`,
    );
    expect(Number(n)).toBe(1);
    expect(testDatabaseKind()).toMatch(/pglite|postgres/);
  });

  it("is never written again, even after an operator removed everything", async () => {
    await database.db.execute(sql`delete from search_synonym`);
    expect(await seedVocabulary(database.db, now)).toBe(false);
    const { vocabulary, entries } = await readVocabulary(database.db);
    expect(entries).toEqual([]);
    expect(vocabulary.expansions.size).toBe(0);
    // Back as shipped for the next tests.
    await database.db.execute(sql`update search_vocabulary set seeded_at = null`);
    expect(await seedVocabulary(database.db, now)).toBe(true);
    expect(await count("search_synonym")).toBe(shippedEntries().length);
  });

  it("reads version and entries in one statement (a renamed column fails here)", async () => {
    const row = await selectVocabulary(database.db);
    expect(row).toMatchObject({ version: expect.anything(), seeded_at: expect.anything() });
    const entries = typeof row?.entries === "string" ? JSON.parse(row.entries) : row?.entries;
    expect(entries[0]).toMatchObject({ id: expect.any(Number), kind: "group", head: null, terms: expect.any(Array) });
  });
});

describe("a change made by another process", () => {
  it("changes what the very next search finds here, both ways", async () => {
    // This process has searched: its copy of the vocabulary is held.
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBe(0);
    expect((await searchTemplates(ctx(), { q: "thesis" })).total).toBeGreaterThan(0);
    // Another process adds a one-way entry and raises the version (what the desk does, in SQL here).
    await database.db.execute(
      sql`insert into search_synonym (kind, head, terms) values ('related', 'zqxtesina', array['thesis'])`,
    );
    await database.db.execute(sql`update search_vocabulary set version = version + 1`);
    const found = await searchTemplates(ctx(), { q: "zqxtesina" });
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.some((i) => /thesis/i.test(i.title))).toBe(true);
    // And takes it away again.
    await database.db.execute(sql`delete from search_synonym where head = 'zqxtesina'`);
    await database.db.execute(sql`update search_vocabulary set version = version + 1`);
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBe(0);
  });

  it("is read again by a second cache only when the version moved", async () => {
    const a = new VocabularyCache();
    const first = await a.get(database.db);
    expect(await a.atVersion(database.db, first.version)).toBe(first);
    await database.db.execute(
      sql`insert into search_synonym (kind, head, terms) values ('related', 'zqxfoo', array['marketing'])`,
    );
    // Without a version change the held copy stands (the version is the signal).
    expect((await a.atVersion(database.db, first.version)).expansions.has("zqxfoo")).toBe(false);
    await database.db.execute(sql`update search_vocabulary set version = version + 1`);
    const next = await a.atVersion(database.db, first.version + 1);
    expect(next.expansions.get("zqxfoo")).toEqual(new Set(["zqxfoo", "marketing"]));
    await database.db.execute(sql`delete from search_synonym where head = 'zqxfoo'`);
    await database.db.execute(sql`update search_vocabulary set version = version + 1`);
  });
});
