import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { type Jar, visible } from "#tests/http.ts";
import { signedInMember, signedInOperator } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The search desk (issue 23): an operator sees the searches that found nothing with a suggested term,
 * adds one in a click and sees what the search now finds, and a guest's search then finds templates;
 * the vocabulary's forms answer in the page's language; members and guests get the site's 404 for the
 * page and every form.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const ORIGIN = "http://localhost:3000";
const DAY = 86_400_000;
let ops: Jar;
let opsId: number;
let member: Jar;

beforeAll(async () => {
  srv = await createTestServer({ clock, demo: { now } });
  ({ jar: ops, id: opsId } = await signedInOperator(srv, clock, "search-ops"));
  member = (await signedInMember(srv, clock)).jar;
  const db = srv.database.db;
  for (const [query, client, days] of [
    ["pitchdeck", "c1", 1],
    ["pitchdeck", "c2", 2],
    ["pitchdeck", "c3", 3],
    ["zzkqwv", "c1", 1],
  ] as const)
    await db.execute(sql`insert into search_log (query, locale, result_count, client, created_at)
      values (${query}, 'en', 0, ${client}, ${new Date(now.getTime() - days * DAY)})`);
});
afterAll(() => srv?.cleanup());

/** What a reader sees: text without tags, comments and entities, spaces collapsed. */
const text = (html: string) =>
  visible(html)
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
const page = async (path: string, jar?: Jar) => {
  const res = await srv.request(path, { headers: jar ? { cookie: jar.header } : {} });
  return { status: res.status, html: await res.text() };
};
const post = (jar: Jar | null, fields: Record<string, string>, path = "/operator/search") =>
  srv.request(path, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      ...(jar ? { cookie: jar.header } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
/** A guest's search, and what the search log kept of it. */
const guestSearch = async (q: string) => {
  const res = await srv.request(`/search?q=${encodeURIComponent(q)}`, {}, "203.0.113.9");
  const html = await res.text();
  const [row] = await queryRows<{ result_count: number }>(
    srv.database.db,
    sql`select result_count from search_log where query = ${q} order by id desc limit 1`,
  );
  return { status: res.status, html, logged: Number(row?.result_count) };
};

describe("the search desk", () => {
  it("is the site's 404 to members and guests, for the page and every form", async () => {
    expect((await page("/operator/search", member)).status).toBe(404);
    expect((await page("/operator/search")).status).toBe(404);
    expect((await page("/es/operator/search", member)).status).toBe(404);
    for (const jar of [member, null]) {
      const add = await post(jar, {
        intent: "add-synonym",
        query: "pitchdeck",
        phrase: "pitchdeck",
        term: "pitch deck",
      });
      expect(add.status).toBe(404);
      const group = await post(jar, { intent: "save-group", terms: "mallory, evil" }, "/es/operator/search");
      expect(group.status).toBe(404);
    }
    const [{ n }] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from search_synonym where 'mallory' = any(terms) or head = 'pitchdeck'`,
    );
    expect(Number(n)).toBe(0);
  });

  it("lists the searches that found nothing with a suggested term, in both languages, and the vocabulary", async () => {
    const en = await page("/operator/search", ops);
    expect(en.status).toBe(200);
    const words = text(en.html);
    expect(words).toContain("Searches that found nothing");
    expect(words).toContain("4 of 4 searches found nothing (100%).");
    expect(words).toContain("“pitchdeck”");
    expect(words).toContain("3 people · 3 searches");
    expect(words).toContain("Add “pitchdeck” as a synonym of “pitch deck”");
    expect(words).toContain("No word of the catalogue is close to it: type the term it should find.");
    expect(words).toContain("Groups of equivalent terms");
    expect(words).toContain("“empresa” is also in the group of “company”");
    const nav = /<a\b[^>]*href="\/operator\/search"[^>]*>Search<\/a>/.exec(en.html)?.[0] ?? "";
    expect(nav).toContain('aria-current="page"');
    const es = text((await page("/es/operator/search", ops)).html);
    expect(es).toContain("Búsquedas sin resultados");
    expect(es).toContain("4 de 4 búsquedas no encontraron nada (100 %).");
    expect(es).toContain("3 personas · 3 búsquedas");
    expect(es).toContain("Añadir «pitchdeck» como sinónimo de «pitch deck»");
    expect(es).toContain("Añadidos en un sentido");
  });

  it("adds a search as a synonym in one click, shows what it finds, and a guest's search then finds templates", async () => {
    const before = await guestSearch("pitchdeck");
    expect(before.status).toBe(200);
    expect(before.logged).toBe(0);
    const res = await post(ops, { intent: "add-synonym", query: "pitchdeck", phrase: "pitchdeck", term: "pitch deck" });
    expect(res.status).toBe(200);
    const html = await res.text();
    const words = text(html);
    expect(words).toContain("“pitchdeck” now also finds “pitch deck”.");
    expect(words).toMatch(/The search “pitchdeck” now finds \d+ templates:/);
    expect(html).toMatch(/<a[^>]+href="\/template\/[^"]+"[^>]*>[\s\S]*?Pitch/);
    expect(html).toContain('href="/search?q=pitchdeck"');
    // The list now says what it finds instead of offering the action again.
    expect(words).toMatch(/Now finds \d+ templates/);
    const after = await guestSearch("pitchdeck");
    expect(after.logged).toBeGreaterThan(0);
    expect(text(after.html)).toMatch(/Pitch Deck/i);
    const audit = await queryRows<{ actor_id: number; action: string; target_label: string }>(
      srv.database.db,
      sql`select actor_id, action, target_label from operator_audit where target_kind = 'searchSynonym' order by id`,
    );
    expect(audit).toEqual([
      { actor_id: opsId, action: "searchSynonym.created", target_label: "pitchdeck → pitch deck" },
    ]);
    // The audit log names the action in each language.
    expect(text((await page("/operator/audit", ops)).html)).toContain("Search vocabulary entry added");
    expect(text((await page("/es/operator/audit", ops)).html)).toContain("Entrada del vocabulario de búsqueda añadida");
  });

  it("adds a term the operator types, in Spanish, and says when the search still finds nothing", async () => {
    const res = await post(
      ops,
      { intent: "add-synonym", query: "zzkqwv", phrase: "zzkqwv", term: "Zzkqwvv" },
      "/es/operator/search",
    );
    const words = text(await res.text());
    expect(words).toContain("«zzkqwv» ahora también encuentra «zzkqwvv».");
    expect(words).toContain("La búsqueda «zzkqwv» sigue sin encontrar nada: prueba con otro término.");
    const same = await post(ops, { intent: "add-synonym", query: "zzkqwv", phrase: "zzkqwv", term: "zzkqwv" });
    expect(text(await same.text())).toContain("A search cannot be a synonym of itself.");
  });

  it("answers every bad form with a clear message in the page's language, never a 500", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "save-group", terms: "solo" }, "Enter at least 2 terms.", "Escribe al menos 2 términos."],
      [
        { intent: "save-group", terms: "Café, cafe" },
        "“cafe” is there twice (capitals and accents do not count).",
        "«cafe» está dos veces (las mayúsculas y las tildes no cuentan).",
      ],
      [
        { intent: "save-related", head: "investors", terms: "finance" },
        "There is already a one-way addition for “investors”: change that one.",
        "Ya hay un añadido en un sentido para «investors»: cambia ese.",
      ],
      [
        { intent: "save-group", id: "abc", terms: "a1, b1" },
        "This entry no longer exists.",
        "Esta entrada ya no existe.",
      ],
      [{ intent: "remove", id: "999999", stamp: "x" }, "This entry no longer exists.", "Esta entrada ya no existe."],
      [
        { intent: "save-group", terms: "x".repeat(10_000) },
        "Check the form: something in it is not as expected.",
        "Revisa el formulario: algo no es como se esperaba.",
      ],
      [
        { intent: "drop-table", terms: "a, b" },
        "Check the form: something in it is not as expected.",
        "Revisa el formulario: algo no es como se esperaba.",
      ],
      [{ intent: "save-group", terms: "🎉, ✨" }, "“🎉” has no letters or digits.", "«🎉» no tiene letras ni números."],
    ];
    for (const [fields, en, es] of cases) {
      const a = await post(ops, fields);
      expect(a.status, JSON.stringify(fields)).toBe(200);
      expect(text(await a.text())).toContain(en);
      const b = await post(ops, fields, "/es/operator/search");
      expect(text(await b.text())).toContain(es);
    }
  });

  it("makes, changes and removes a group through its forms, each audited", async () => {
    const made = text(await (await post(ops, { intent: "save-group", terms: "gimnasio\nfitness" })).text());
    expect(made).toContain("Saved. Every search uses it from now on.");
    const [entry] = await queryRows<{ id: number; terms: string[] }>(
      srv.database.db,
      sql`select id, terms from search_synonym where 'gimnasio' = any(terms)`,
    );
    expect(entry.terms).toEqual(["gimnasio", "fitness"]);
    const listed = await page("/operator/search?find=gimnasio", ops);
    const stamp = new RegExp(`name="id" value="${entry.id}"/><input type="hidden" name="stamp" value="([^"]+)"`).exec(
      listed.html,
    )?.[1];
    expect(stamp).toBeTruthy();
    const changed = await post(
      ops,
      { intent: "save-group", id: String(entry.id), stamp: stamp ?? "", terms: "gimnasio, fitness, gym" },
      "/es/operator/search",
    );
    expect(text(await changed.text())).toContain("Guardado. Todas las búsquedas lo usan desde ahora.");
    // The old form is stale now.
    const stale = await post(ops, { intent: "remove", id: String(entry.id), stamp: stamp ?? "" });
    expect(text(await stale.text())).toContain("Someone changed this entry meanwhile");
    const fresh = /name="stamp" value="([^"]+)"/.exec((await page("/operator/search?find=gym", ops)).html)?.[1] ?? "";
    const removed = await post(ops, { intent: "remove", id: String(entry.id), stamp: fresh });
    expect(text(await removed.text())).toContain("Removed. Searches no longer use it.");
    const audit = await queryRows<{ action: string }>(
      srv.database.db,
      sql`select action from operator_audit where target_kind = 'searchSynonym' and target_id = ${String(entry.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "searchSynonym.created",
      "searchSynonym.updated",
      "searchSynonym.removed",
    ]);
  });
});
