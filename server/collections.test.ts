import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/** Collections and interests through the pages and GraphQL, as a member (and another member) uses them. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
let templates: number[];
let tags: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { now: new Date(Date.now() - 86_400_000), count: 30 });
  srv = await createTestServer({ database });
  templates = (
    await queryRows<{ id: number }>(
      srv.database.db,
      sql`select id from template where published_at <= now() order by id limit 4`,
    )
  ).map((r) => Number(r.id));
  const rows = await queryRows<{ id: number; slug: string }>(srv.database.db, sql`select id, slug from tag`);
  tags = Object.fromEntries(rows.map((r) => [r.slug, Number(r.id)]));
});
afterAll(async () => {
  await srv?.cleanup();
  await database?.cleanup();
});

const http = () => httpClient((p, i) => srv.request(p, i));
const post = async (jar: Jar, fields: Record<string, string>, path = "/profile/favorites") => {
  const res = jar.take(await http().post(path, fields, jar));
  const html = res.status === 200 ? await res.text() : "";
  return { res, html, notices: notices(html) };
};
const gql = async (jar: Jar | null, query: string, variables: Record<string, unknown> = {}, locale = "en") => {
  const res = await srv.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", locale, ...(jar ? { cookie: jar.header } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: Record<string, any>; errors?: { message: string; extensions?: any }[] },
  };
};
const folderIdOf = async (accountId: number, name: string) =>
  Number(
    (
      await queryRows<{ id: number }>(
        srv.database.db,
        sql`select id from favorite_folder where account_id = ${accountId} and name = ${name}`,
      )
    )[0]?.id,
  );

describe("collections of favorites", () => {
  it("are created from the favorites page, once per name in any case even when sent in parallel, in both languages", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const made = await post(ana.jar, { intent: "createFolder", name: "Client pitches" });
    expect(made.res.status).toBe(200);
    expect(made.notices).toContain("Collection “Client pitches” created.");
    expect(visible(made.html)).toContain("Client pitches");
    const again = await Promise.all(
      ["client PITCHES", "CLIENT pitches", " Client  Pitches "].map((name) =>
        post(ana.jar, { intent: "createFolder", name }),
      ),
    );
    for (const r of again) expect(r.notices).toContain("A folder with the same name already exists.");
    const es = await post(ana.jar, { intent: "createFolder", name: "client pitches" }, "/es/profile/favorites");
    expect(es.notices).toContain("Ya existe una carpeta con el mismo nombre.");
    const [count] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from favorite_folder where account_id = ${ana.id}`,
    );
    expect(Number(count.n)).toBe(1);
    // Empty, too long and control characters are refused with their messages.
    expect((await post(ana.jar, { intent: "createFolder", name: "  " })).notices).toContain(
      "Give the collection a name.",
    );
    expect((await post(ana.jar, { intent: "createFolder", name: "x".repeat(51) })).notices).toContain(
      "Use at most 50 characters.",
    );
    expect((await post(ana.jar, { intent: "createFolder", name: "a\u0000b" })).res.status).toBe(200);
  });

  it("hold templates: add from anywhere, see the collection page, rename, move, remove, delete", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    await post(ana.jar, { intent: "createFolder", name: "Work" });
    await post(ana.jar, { intent: "createFolder", name: "School", templateId: String(templates[1]) });
    const work = await folderIdOf(ana.id, "Work");
    const school = await folderIdOf(ana.id, "School");
    const added = await post(ana.jar, {
      intent: "addToFolder",
      folderId: String(work),
      templateId: String(templates[0]),
    });
    expect(added.notices).toContain("Added to “Work”.");
    const page = await http().get(`/profile/favorites/${work}`, ana.jar);
    expect(page.status).toBe(200);
    const html = visible(await page.text());
    expect(html).toMatch(/<h1[^>]*>Work<\/h1>/);
    expect(html).toContain("1 template");

    const renamed = await post(
      ana.jar,
      { intent: "renameFolder", folderId: String(work), name: "school" },
      `/profile/favorites/${work}`,
    );
    expect(renamed.notices).toContain("The new folder name already exists.");
    const ok = await post(
      ana.jar,
      { intent: "renameFolder", folderId: String(work), name: "Work 2026" },
      `/profile/favorites/${work}`,
    );
    expect(ok.notices).toContain("Collection renamed to “Work 2026”.");

    const moved = await post(
      ana.jar,
      {
        intent: "moveToFolder",
        fromFolderId: String(work),
        toFolderId: String(school),
        templateId: String(templates[0]),
      },
      `/profile/favorites/${work}`,
    );
    expect(moved.notices).toContain("Moved to “School”.");
    const schoolPage = visible(await (await http().get(`/es/profile/favorites/${school}`, ana.jar)).text());
    expect(schoolPage).toContain("2 plantillas");

    const removed = await post(
      ana.jar,
      { intent: "removeFromFolder", folderId: String(school), templateId: String(templates[1]) },
      `/es/profile/favorites/${school}`,
    );
    expect(removed.notices).toContain("Quitada de «School».");

    const deleted = await post(
      ana.jar,
      { intent: "deleteFolder", folderId: String(school) },
      `/profile/favorites/${school}`,
    );
    expect(deleted.res.status).toBe(302);
    expect(deleted.res.headers.get("location")).toBe("/profile/favorites?deleted=1");
    expect(notices(await (await http().get("/profile/favorites?deleted=1", ana.jar)).text())).toContain(
      "The collection was deleted. Its templates are still in your favorites.",
    );
    // Its templates are still favourites.
    const [fav] = await queryRows<{ n: number }>(
      srv.database.db,
      sql`select count(*)::int as n from favorite where account_id = ${ana.id}`,
    );
    expect(Number(fav.n)).toBe(2);
  });

  it("of another account cannot be seen or changed by their ids", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const ben = await signedInMember(srv, clock, "ben");
    await post(ben.jar, { intent: "createFolder", name: "Ben only", templateId: String(templates[2]) });
    const bens = await folderIdOf(ben.id, "Ben only");
    expect((await http().get(`/profile/favorites/${bens}`, ana.jar)).status).toBe(404);
    const attempts: Record<string, string>[] = [
      { intent: "renameFolder", folderId: String(bens), name: "Mine" },
      { intent: "deleteFolder", folderId: String(bens) },
      { intent: "addToFolder", folderId: String(bens), templateId: String(templates[3]) },
      { intent: "removeFromFolder", folderId: String(bens), templateId: String(templates[2]) },
    ];
    for (const fields of attempts)
      expect((await post(ana.jar, fields)).notices).toContain("This collection could not be found.");
    const [row] = await queryRows<{ name: string; n: number }>(
      srv.database.db,
      sql`select f.name, (select count(*)::int from favorite_folder_item i where i.folder_id = f.id) as n
          from favorite_folder f where f.id = ${bens}`,
    );
    expect(row).toEqual({ name: "Ben only", n: 1 });
  });

  it("refuse guests, bad ids and unknown intents without a 500", async () => {
    const guest = await http().post("/profile/favorites", { intent: "createFolder", name: "x" });
    expect(guest.status).toBeLessThan(500);
    expect(guest.status).not.toBe(200);
    const ana = await signedInMember(srv, clock, "ana");
    for (const folderId of ["", "abc", "1.5", "-3", "99999999999", "١٢"])
      expect((await post(ana.jar, { intent: "deleteFolder", folderId })).notices).toContain(
        "Choose a collection and a template.",
      );
    expect((await post(ana.jar, { intent: "dropTables" })).res.status).toBe(400);
    expect((await http().get("/profile/favorites/abc", ana.jar)).status).toBe(404);
    expect((await http().get("/profile/favorites/99999999999", ana.jar)).status).toBe(404);
  });

  it("are in Me: favourites with their collections, collections with templatesCount", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    await post(ana.jar, { intent: "createFolder", name: "Decks", templateId: String(templates[0]) });
    await post(ana.jar, { intent: "createFolder", name: "Empty" });
    const { status, body } = await gql(
      ana.jar,
      "{ me { favorites { templateId folders { id name } } folders { id name templatesCount } } }",
    );
    expect(status).toBe(200);
    const decks = await folderIdOf(ana.id, "Decks");
    expect(body.data?.me.favorites).toEqual([{ templateId: templates[0], folders: [{ id: decks, name: "Decks" }] }]);
    expect(body.data?.me.folders).toEqual([
      { id: decks, name: "Decks", templatesCount: 1 },
      { id: await folderIdOf(ana.id, "Empty"), name: "Empty", templatesCount: 0 },
    ]);
    const bad = await gql(ana.jar, "{ me { favorites(limit: 100000) { templateId } } }");
    expect(bad.status).toBe(400);
  });
});

describe("interests", () => {
  const SAVE = "mutation UpdateAccountInterests($tagIds: [Int!]!) { updateAccountInterests(tagIds: $tagIds) }";

  it("are saved through UpdateAccountInterests, never emptied, and returned by Me", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    expect((await gql(ana.jar, "{ me { interests } }")).body.data?.me.interests).toEqual([]);
    const none = await gql(ana.jar, SAVE, { tagIds: [] }, "es");
    expect(none.status).toBe(400);
    expect(none.body.errors?.[0]?.message).toBe("El campo de intereses es obligatorio.");
    const saved = await gql(ana.jar, SAVE, { tagIds: [tags.education, tags.marketing] });
    expect(saved.body.data).toEqual({ updateAccountInterests: true });
    expect((await gql(ana.jar, "{ me { interests } }")).body.data?.me.interests).toEqual([
      tags.education,
      tags.marketing,
    ]);
    const service = await gql(ana.jar, SAVE, { tagIds: [tags.trending] });
    expect(service.body.errors?.[0]?.extensions?.reason).toBe("account.interests.errors.unknownTag");
    const wrongType = await gql(ana.jar, SAVE, { tagIds: ["education"] });
    expect(wrongType.status).toBe(400);
    const guest = await gql(null, SAVE, { tagIds: [tags.education] });
    expect(guest.status).toBe(401);
  });

  it("once chosen in the profile, lead the home page, in both languages", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const before = visible(await (await http().get("/", ana.jar)).text());
    expect(before).not.toContain("For you:");
    const form = await post(ana.jar, { intent: "interests", tagIds: String(tags.infographics) }, "/profile/settings");
    expect(form.notices).toContain("Your interests are saved.");
    const home = visible(await (await http().get("/", ana.jar)).text());
    const headings = [...home.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings[0]).toBe("For you: Infographics");
    expect(headings.slice(0, 3)).toEqual(["For you: Infographics", "Trending this week", "Just added"]);
    const after = await (await http().get("/es", ana.jar)).text();
    expect(visible(after)).toContain("Para ti: Infografías");
    // The settings form refuses none with the SPEC's message and keeps what was there.
    const notAnId = await post(ana.jar, { intent: "interests", tagIds: "abc" }, "/profile/settings");
    expect(visible(notAnId.html)).toContain("One of these topics no longer exists.");
    const emptied = await post(ana.jar, { intent: "interests" }, "/es/profile/settings");
    expect(emptied.html).toContain("El campo de intereses es obligatorio.");
    expect((await gql(ana.jar, "{ me { interests } }")).body.data?.me.interests).toEqual([tags.infographics]);
  });
});
