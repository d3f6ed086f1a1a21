import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_DESK } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import { createTestDatabase } from "#tests/db.ts";
import { verifiedMember } from "#tests/members.ts";
import {
  addQueryAsSynonym,
  type DeskResult,
  listVocabulary,
  removeEntry,
  saveEntry,
  splitTerms,
  suggestTerms,
  zeroResultQueries,
} from "./desk.ts";
import { searchTemplates } from "./service.ts";

/**
 * The search desk's rules (issue 23): the vocabulary's entries checked and audited, the zero-result
 * report with its suggestions, and a search taught in one action.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };
const ctx = (): ServiceContext => ({ db: database.db, locale: "en", clock: { now: () => now }, log: silent });
const ops = { kind: "account" as const, id: 0, label: "ops@example.com" };
const en = serverT("en");
const es = serverT("es");
/** A refusal's message in both languages. */
const said = (r: DeskResult<unknown>) => {
  if (r.ok) throw new Error("expected a refusal");
  return [en(r.code, r.params), es(r.code, r.params)];
};
const audit = () =>
  database.rows<{ action: string; target_id: string; target_label: string; before: unknown; after: unknown }>(
    sql`select action, target_id, target_label, before, after from operator_audit where target_kind = 'searchSynonym' order by id`,
  );

beforeAll(async () => {
  database = await createTestDatabase({ demo: { now } });
  ops.id = await verifiedMember(database.db, { now: () => now }, "ops");
});
afterAll(async () => {
  await database?.cleanup();
});

describe("the vocabulary on the desk", () => {
  it("lists the seed: groups and one-way additions, a term in two groups explained", async () => {
    const v = await listVocabulary(ctx());
    expect(v.groups.length).toBeGreaterThan(30);
    expect(v.related.find((e) => e.head === "investors")?.terms).toContain("pitch deck");
    // "empresa" is in the business group and the company group: each says so.
    const business = v.groups.find((g) => g.terms[0] === "business");
    expect(business?.alsoIn).toEqual([{ term: "empresa", groups: ["company"] }]);
    const found = await listVocabulary(ctx(), { find: "Hoja de RUTA" });
    expect(found.groups.map((g) => g.terms[0])).toEqual(["roadmap"]);
    expect(found.related).toEqual([]);
  });

  it("refuses bad terms with a message naming them, in both languages, writing nothing", async () => {
    const before = (await listVocabulary(ctx())).total;
    const group = (terms: string[]) => saveEntry(ctx(), ops, { id: null, kind: "group", terms });
    expect(said(await group(["solo"]))).toEqual(["Enter at least 2 terms.", "Escribe al menos 2 términos."]);
    expect(said(await group(["Tesina", "tésina"]))).toEqual([
      "“tésina” is there twice (capitals and accents do not count).",
      "«tésina» está dos veces (las mayúsculas y las tildes no cuentan).",
    ]);
    expect(said(await group(["🎉", "fiesta"]))[0]).toBe("“🎉” has no letters or digits.");
    expect(said(await group(["x".repeat(61), "fiesta"]))[1]).toBe(
      `«${"x".repeat(40)}…» es demasiado largo: como máximo ${SEARCH_DESK.termMaxLength} caracteres.`,
    );
    expect(said(await group(["uno dos tres cuatro cinco seis", "fiesta"]))[0]).toBe(
      "“uno dos tres cuatro cinco seis” has too many words: at most 5.",
    );
    expect(said(await group(["de la", "fiesta"]))).toEqual([
      "“de la” is made only of words every search ignores, so it cannot be a synonym.",
      "«de la» solo tiene palabras que la búsqueda ignora, así que no puede ser un sinónimo.",
    ]);
    expect(said(await group(Array.from({ length: 31 }, (_, i) => `term${i}`)))[0]).toBe(
      "At most 30 terms in one entry.",
    );
    const related = (head: string, terms: string[]) =>
      saveEntry(ctx(), ops, { id: null, kind: "related", head, terms });
    expect(said(await related("", ["thesis"]))[0]).toBe("Enter a term.");
    expect(said(await related("Tesina", ["tesina", "thesis"]))[0]).toBe(
      "“tesina” cannot also find itself: take it out of the terms.",
    );
    expect(said(await related("investors", ["finance"]))).toEqual([
      "There is already a one-way addition for “investors”: change that one.",
      "Ya hay un añadido en un sentido para «investors»: cambia ese.",
    ]);
    expect(said(await related("a, b", ["thesis"]))[0]).toBe("Enter one term to start from.");
    expect(
      said(await addQueryAsSynonym(ctx(), ops, { query: "zzzqqq", phrase: "zzzqqq", term: "thesis; tesis" }))[1],
    ).toBe("Escribe un solo término.");
    expect((await listVocabulary(ctx())).total).toBe(before);
    expect(await audit()).toEqual([]);
  });

  it("makes, changes and removes entries, each audited, and searches follow at once", async () => {
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBe(0);
    const made = await saveEntry(ctx(), ops, {
      id: null,
      kind: "group",
      terms: splitTerms("zqxTesina,\n TFG final ; tesina larga"),
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.value.entry.terms).toEqual(["zqxtesina", "tfg final", "tesina larga"]);
    // "zqxtesina" finds nothing yet: its group holds no word of the templates.
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBe(0);
    const changed = await saveEntry(ctx(), ops, {
      id: made.value.entry.id,
      kind: "group",
      terms: ["zqxtesina", "thesis"],
      stamp: made.value.entry.stamp,
    });
    expect(changed.ok && changed.value.changed).toBe(true);
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBeGreaterThan(0);
    // The same again changes nothing and writes no audit entry.
    if (!changed.ok) return;
    const same = await saveEntry(ctx(), ops, {
      id: made.value.entry.id,
      kind: "group",
      terms: ["zqxTesina", "Thesis"],
      stamp: changed.value.entry.stamp,
    });
    expect(same.ok && same.value.changed).toBe(false);
    // A form drawn before the change is stale; an unknown or negative id is not found.
    const stale = await saveEntry(ctx(), ops, {
      id: made.value.entry.id,
      kind: "group",
      terms: ["zqxtesina", "monografia"],
      stamp: made.value.entry.stamp,
    });
    expect(said(stale)[0]).toBe(
      "Someone changed this entry meanwhile: it is shown as it is now. Make your change again.",
    );
    expect(said(await removeEntry(ctx(), ops, { id: 999_999, stamp: "x" }))).toEqual([
      "This entry no longer exists.",
      "Esta entrada ya no existe.",
    ]);
    expect(said(await saveEntry(ctx(), ops, { id: -3, kind: "group", terms: ["a1", "b1"] }))[0]).toBe(
      "This entry no longer exists.",
    );
    // A group is not a one-way entry's id.
    expect(
      said(await saveEntry(ctx(), ops, { id: made.value.entry.id, kind: "related", head: "x1", terms: ["b1"] }))[0],
    ).toBe("This entry no longer exists.");
    expect(said(await removeEntry(ctx(), ops, { id: made.value.entry.id, stamp: made.value.entry.stamp }))[0]).toMatch(
      /meanwhile/,
    );
    const removed = await removeEntry(ctx(), ops, { id: made.value.entry.id, stamp: changed.value.entry.stamp });
    expect(removed.ok).toBe(true);
    expect((await searchTemplates(ctx(), { q: "zqxtesina" })).total).toBe(0);
    const log = await audit();
    expect(log.map((a) => a.action)).toEqual([
      "searchSynonym.created",
      "searchSynonym.updated",
      "searchSynonym.removed",
    ]);
    expect(log[1]).toMatchObject({
      target_id: String(made.value.entry.id),
      target_label: "zqxtesina, thesis",
      before: { kind: "group", terms: ["zqxtesina", "tfg final", "tesina larga"] },
      after: { kind: "group", terms: ["zqxtesina", "thesis"] },
    });
    expect(log[2].after).toBeNull();
  });

  it("explains a term put in a second group", async () => {
    const r = await saveEntry(ctx(), ops, { id: null, kind: "group", terms: ["empresa", "firma"] });
    expect(r.ok && r.value.entry.alsoIn).toEqual([{ term: "empresa", groups: ["business", "company"] }]);
    if (r.ok) await removeEntry(ctx(), ops, { id: r.value.entry.id, stamp: r.value.entry.stamp });
  });

  it("takes two operators' simultaneous additions of one head as one entry and one refusal", async () => {
    const [a, b] = await Promise.all([
      saveEntry(ctx(), ops, { id: null, kind: "related", head: "zqxboth", terms: ["marketing"] }),
      saveEntry(ctx(), ops, { id: null, kind: "related", head: "zqxboth", terms: ["sales"] }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const [{ n }] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from search_synonym where head = 'zqxboth'`,
    );
    expect(Number(n)).toBe(1);
  });
});

describe("searches that found nothing", () => {
  const log = async (query: string, client: string, count: number, daysAgo: number, locale = "en") =>
    database.db.execute(sql`insert into search_log (query, locale, result_count, client, created_at)
      values (${query}, ${locale}, ${count}, ${client}, ${new Date(now.getTime() - daysAgo * DAY)})`);

  beforeAll(async () => {
    await database.db.execute(sql`delete from search_log`);
    for (const c of ["a", "b", "c"]) await log("pitchdeck", c, 0, 1);
    await log("pitchdeck", "a", 0, 2, "es");
    for (const c of ["a", "b"]) await log("bussines plna", c, 0, 3);
    await log("zzzqqq", "a", 0, 4);
    await log("marketing", "a", 12, 1);
    // Older than the window: not listed.
    await log("oldtypo", "a", 0, 40);
  });

  it("lists them by distinct clients with the zero-result rate and a suggested term that finds templates", async () => {
    const r = await zeroResultQueries(ctx());
    expect(r.items.map((i) => [i.query, i.clients, i.searches])).toEqual([
      ["pitchdeck", 3, 4],
      ["bussines plna", 2, 2],
      ["zzzqqq", 1, 1],
    ]);
    expect(r.items[0].locales).toEqual(["en", "es"]);
    expect(r.rate).toEqual({ searches: 8, zeroResults: 7, rate: 7 / 8 });
    expect(r.items[0].suggestion).toMatchObject({ phrase: "pitchdeck", term: "pitch deck" });
    expect(r.items[0].suggestion?.finds).toBeGreaterThan(0);
    expect(r.items[1].suggestion).toMatchObject({ phrase: "bussines plna", term: "business plan" });
    expect(r.items[2].suggestion).toBeNull();
    expect(r.hasNext).toBe(false);
    expect((await zeroResultQueries(ctx(), { page: 99 })).items).toEqual([]);
    expect((await zeroResultQueries(ctx(), { page: Number.NaN })).page).toBe(1);
  });

  it("suggests nothing for misspelt template words alone, and a word the typed one starts", async () => {
    const s = await suggestTerms(ctx(), ["plantila", "infogra", ""]);
    expect(s.get("plantila")).toBeNull();
    expect(s.get("infogra")?.term).toMatch(/^infogra/);
  });

  it("adds a query as a one-way synonym in one action, answers what it now finds, and lists it as found", async () => {
    const r = await addQueryAsSynonym(ctx(), ops, { query: "pitchdeck", phrase: "pitchdeck", term: "Pitch Deck" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ phrase: "pitchdeck", term: "pitch deck" });
    expect(r.value.found.total).toBeGreaterThan(0);
    expect(r.value.found.items.some((i) => /pitch/i.test(i.title))).toBe(true);
    const again = await addQueryAsSynonym(ctx(), ops, { query: "pitchdeck", phrase: "pitchdeck", term: "pitch deck" });
    expect(said(again)).toEqual(["“pitchdeck” already finds “pitch deck”.", "«pitchdeck» ya encuentra «pitch deck»."]);
    expect(said(await addQueryAsSynonym(ctx(), ops, { query: "x", phrase: "zzzqqq", term: "zzzqqq" }))[0]).toBe(
      "A search cannot be a synonym of itself.",
    );
    expect(said(await addQueryAsSynonym(ctx(), ops, { query: "zzzqqq", phrase: "zzzqqq", term: "" }))[0]).toBe(
      "Enter a term.",
    );
    // Another term for the same query joins its entry; a term that finds nothing says so.
    const other = await addQueryAsSynonym(ctx(), ops, { query: "zzzqqq", phrase: "zzzqqq", term: "qqqzzz" });
    expect(other.ok && other.value.found.total).toBe(0);
    const listed = await zeroResultQueries(ctx());
    expect(listed.items.find((i) => i.query === "pitchdeck")).toMatchObject({
      nowFinds: r.value.found.total,
      suggestion: null,
    });
    const entries = (await listVocabulary(ctx(), { find: "pitchdeck" })).related;
    expect(entries.map((e) => [e.head, e.terms])).toEqual([["pitchdeck", ["pitch deck"]]]);
    const last = (await audit()).at(-2);
    expect(last).toMatchObject({
      action: "searchSynonym.created",
      after: { head: "pitchdeck", fromQuery: "pitchdeck" },
    });
  });
});
