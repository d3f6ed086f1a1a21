import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOLDERS } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { verifiedMember } from "#tests/members.ts";
import { createFolderSchema, renameFolderSchema } from "./folder-schemas.ts";
import {
  addToFolder,
  createFolder,
  deleteFolder,
  favoritesWithFolders,
  folderNameKey,
  foldersOfTemplates,
  listFolders,
  listFolderTemplates,
  moveToFolder,
  removeFromFolder,
  renameFolder,
  templateKeeping,
} from "./folders.ts";
import { favoriteIds, setFavorite } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: "en" | "es" = "en"): ServiceContext => ({ db: database.db, locale, clock, log: silent });
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
      sql`select id from template where published_at <= ${now} order by id limit 6`,
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await database.cleanup();
});

const made = async (accountId: number, name: string) => {
  const r = await createFolder(ctx(), { accountId, name });
  if (!r.ok) throw new Error(r.code);
  return r.value.id;
};
const tick = () => {
  now = new Date(now.getTime() + 1000);
};

describe("collection names", () => {
  it("fold case, width and spacing into one key", () => {
    expect(folderNameKey("  Café   Ideas ")).toBe(folderNameKey("CAFÉ IDEAS"));
    expect(folderNameKey("Ｐｉｔｃｈ")).toBe("pitch");
    expect(folderNameKey("Ñandú")).toBe(folderNameKey("ñANDÚ"));
    expect(folderNameKey("Pitch")).not.toBe(folderNameKey("Pitches"));
  });

  it("are checked by the form schema: required, at most 50 characters, no control characters", () => {
    const issue = (name: string) => {
      const r = createFolderSchema.safeParse({ name });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(issue("")).toBe("account.folders.errors.nameRequired");
    expect(issue("   ")).toBe("account.folders.errors.nameRequired");
    expect(issue("x".repeat(51))).toBe("account.folders.errors.nameTooLong");
    expect(issue("a\u0000b")).toBe("auth.errors.control");
    expect(issue("Ideas 🎨 para clase")).toBeNull();
    expect(renameFolderSchema.safeParse({ folderId: "1.5", name: "x" }).success).toBe(false);
    expect(renameFolderSchema.safeParse({ folderId: "99999999999", name: "x" }).success).toBe(false);
    expect(renameFolderSchema.safeParse({ folderId: "12", name: "x" }).data).toEqual({ folderId: 12, name: "x" });
  });
});

describe("collections", () => {
  it("are created once per name in any case, also by parallel requests", async () => {
    const results = await Promise.all(
      ["Pitch decks", "PITCH DECKS", "pitch  decks", " Pitch Decks ", "pitch decks"].map((name) =>
        createFolder(ctx(), { accountId: ana, name }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? null : r.code))).toEqual(
      Array(4).fill("account.folders.errors.duplicate"),
    );
    // Another account may use the same name.
    expect((await createFolder(ctx(), { accountId: ben, name: "Pitch decks" })).ok).toBe(true);
    const names = (await listFolders(ctx(), { accountId: ana })).map((f) => f.name);
    expect(names.filter((n) => folderNameKey(n) === "pitch decks")).toHaveLength(1);
  });

  it("can be made with a template in it; a template that cannot be added leaves no collection", async () => {
    const r = await createFolder(ctx(), { accountId: ana, name: "Started with one", templateId: ids[3] });
    expect(r.ok && r.value.templatesCount).toBe(1);
    expect(await createFolder(ctx(), { accountId: ana, name: "Never made", templateId: 2_147_483_000 })).toEqual({
      ok: false,
      code: "account.favorites.errors.unknownTemplate",
    });
    expect((await listFolders(ctx(), { accountId: ana })).map((f) => f.name)).not.toContain("Never made");
  });

  it("rename, refusing a name another collection has, and keep their own name in another case", async () => {
    const a = await made(ana, "Rename me");
    await made(ana, "Taken");
    expect(await renameFolder(ctx(), { accountId: ana, folderId: a, name: "taken" })).toEqual({
      ok: false,
      code: "account.folders.errors.renameDuplicate",
    });
    expect(await renameFolder(ctx(), { accountId: ana, folderId: a, name: "RENAME me" })).toEqual({
      ok: true,
      value: { id: a, name: "RENAME me" },
    });
    expect(await renameFolder(ctx(), { accountId: ana, folderId: a, name: "  Ready   to share " })).toEqual({
      ok: true,
      value: { id: a, name: "Ready to share" },
    });
  });

  it("of another account are not found for rename, delete, add, remove, move or reading", async () => {
    const bens = await made(ben, "Ben's");
    const mine = await made(ana, "Mine to move");
    await addToFolder(ctx(), { accountId: ben, folderId: bens, templateId: ids[0] });
    const notFound = { ok: false, code: "account.folders.errors.notFound" };
    expect(await renameFolder(ctx(), { accountId: ana, folderId: bens, name: "Mine now" })).toEqual(notFound);
    expect(await deleteFolder(ctx(), { accountId: ana, folderId: bens })).toEqual(notFound);
    expect(await addToFolder(ctx(), { accountId: ana, folderId: bens, templateId: ids[1] })).toEqual(notFound);
    expect(await removeFromFolder(ctx(), { accountId: ana, folderId: bens, templateId: ids[0] })).toEqual(notFound);
    expect(
      await moveToFolder(ctx(), { accountId: ana, fromFolderId: bens, toFolderId: mine, templateId: ids[0] }),
    ).toEqual(notFound);
    expect(
      await moveToFolder(ctx(), { accountId: ana, fromFolderId: mine, toFolderId: bens, templateId: ids[0] }),
    ).toEqual(notFound);
    expect(await listFolderTemplates(ctx(), { accountId: ana, folderId: bens, sort: "newest", page: 1 })).toEqual(
      notFound,
    );
    // Ben's collection is untouched.
    const still = await listFolderTemplates(ctx(), { accountId: ben, folderId: bens, sort: "newest", page: 1 });
    expect(still.ok && still.value.folder.name).toBe("Ben's");
    expect(still.ok && still.value.page.items.map((c) => c.id)).toEqual([ids[0]]);
    // Even the database refuses a row that joins Ana's favorite to Ben's folder.
    await setFavorite(ctx(), { accountId: ana, templateId: ids[5], favorite: true });
    await expect(
      database.db.execute(
        sql`insert into favorite_folder_item (folder_id, account_id, template_id) values (${bens}, ${ana}, ${ids[5]})`,
      ),
    ).rejects.toThrow();
  });

  it("hold favourites: adding makes a favourite, removing the favourite empties it from every collection", async () => {
    const work = await made(ana, "Work");
    const school = await made(ana, "School");
    await setFavorite(ctx(), { accountId: ana, templateId: ids[2], favorite: false });
    expect(await addToFolder(ctx(), { accountId: ana, folderId: work, templateId: ids[2] })).toEqual({
      ok: true,
      value: { id: work, name: "Work" },
    });
    // Twice is fine.
    expect((await addToFolder(ctx(), { accountId: ana, folderId: work, templateId: ids[2] })).ok).toBe(true);
    expect((await addToFolder(ctx(), { accountId: ana, folderId: school, templateId: ids[2] })).ok).toBe(true);
    expect([...(await favoriteIds(ctx(), ana, [ids[2]]))]).toEqual([ids[2]]);
    const held = await foldersOfTemplates(ctx(), ana, [ids[2]]);
    expect(held.get(ids[2])?.map((f) => f.name)).toEqual(["School", "Work"]);
    await setFavorite(ctx(), { accountId: ana, templateId: ids[2], favorite: false });
    expect((await foldersOfTemplates(ctx(), ana, [ids[2]])).get(ids[2])).toBeUndefined();
    const folders = await listFolders(ctx(), { accountId: ana });
    expect(folders.find((f) => f.id === work)?.templatesCount).toBe(0);
  });

  it("refuse a template that does not exist or is not published", async () => {
    const f = await made(ana, "Drafts");
    const [draft] = await queryRows<{ id: number }>(
      database.db,
      sql`update template set published_at = ${new Date("2030-01-01T00:00:00Z")}
          where id = (select max(id) from template) returning id`,
    );
    expect(ids).not.toContain(draft.id);
    for (const templateId of [2_147_483_000, draft.id])
      expect(await addToFolder(ctx(), { accountId: ana, folderId: f, templateId })).toEqual({
        ok: false,
        code: "account.favorites.errors.unknownTemplate",
      });
  });

  it("move a template from one collection to another, and list it newest or oldest first", async () => {
    const from = await made(ana, "From");
    const to = await made(ana, "To");
    for (const id of ids.slice(0, 3)) {
      tick();
      await addToFolder(ctx(), { accountId: ana, folderId: from, templateId: id });
    }
    const list = async (folderId: number, sort: "newest" | "oldest") => {
      const r = await listFolderTemplates(ctx(), { accountId: ana, folderId, sort, page: 1 });
      return r.ok ? r.value.page.items.map((c) => c.id) : r.code;
    };
    expect(await list(from, "newest")).toEqual([ids[2], ids[1], ids[0]]);
    expect(await list(from, "oldest")).toEqual([ids[0], ids[1], ids[2]]);
    expect(
      await moveToFolder(ctx(), { accountId: ana, fromFolderId: from, toFolderId: to, templateId: ids[1] }),
    ).toEqual({ ok: true, value: { id: to, name: "To" } });
    expect(await list(from, "newest")).toEqual([ids[2], ids[0]]);
    expect(await list(to, "newest")).toEqual([ids[1]]);
    // Moving what is not in the collection says so and changes nothing.
    expect(
      await moveToFolder(ctx(), { accountId: ana, fromFolderId: from, toFolderId: to, templateId: ids[1] }),
    ).toEqual({ ok: false, code: "account.favorites.errors.unknownTemplate" });
    const counts = Object.fromEntries(
      (await listFolders(ctx(), { accountId: ana })).map((f) => [f.name, f.templatesCount]),
    );
    expect(counts.From).toBe(2);
    expect(counts.To).toBe(1);
  });

  it("deleted keep their templates among the favorites", async () => {
    const f = await made(ana, "Short-lived");
    await addToFolder(ctx(), { accountId: ana, folderId: f, templateId: ids[4] });
    expect(await deleteFolder(ctx(), { accountId: ana, folderId: f })).toEqual({
      ok: true,
      value: { id: f, name: "Short-lived" },
    });
    expect([...(await favoriteIds(ctx(), ana, [ids[4]]))]).toEqual([ids[4]]);
    expect(await deleteFolder(ctx(), { accountId: ana, folderId: f })).toEqual({
      ok: false,
      code: "account.folders.errors.notFound",
    });
  });

  it("are listed by name in the account's language, with favorites and their collections for Me", async () => {
    const names = (await listFolders(ctx("es"), { accountId: ana })).map((f) => f.name);
    const sorted = [...names].sort(new Intl.Collator("es", { sensitivity: "base", numeric: true }).compare);
    expect(names).toEqual(sorted);
    const me = await favoritesWithFolders(ctx(), { accountId: ana, skip: 0, limit: 100 });
    const entry = me.find((f) => f.templateId === ids[1]);
    expect(entry?.folders.map((f) => f.name)).toEqual(["To"]);
    expect(me.every((f) => Array.isArray(f.folders))).toBe(true);
  });

  it("tell a template page in one read what the three reads tell: favourite, collections, which hold it", async () => {
    const dana = await verifiedMember(database.db, clock, "dana");
    // An account with no collection: one row, favourite or not.
    expect(await templateKeeping(ctx(), { accountId: dana, templateId: ids[0] ?? 0 })).toEqual({
      favorite: false,
      folders: [],
      inFolders: [],
    });
    await setFavorite(ctx(), { accountId: dana, templateId: ids[0] ?? 0, favorite: true });
    expect((await templateKeeping(ctx(), { accountId: dana, templateId: ids[0] ?? 0 })).favorite).toBe(true);
    // Ana's collections (made above), and ben's never among them.
    await made(ben, "Ben's own");
    for (const templateId of ids) {
      for (const locale of ["en", "es"] as const) {
        const one = await templateKeeping(ctx(locale), { accountId: ana, templateId });
        const folders = await listFolders(ctx(locale), { accountId: ana });
        const held = (await foldersOfTemplates(ctx(locale), ana, [templateId])).get(templateId) ?? [];
        expect(one.folders).toEqual(folders);
        expect([...one.inFolders].sort()).toEqual(held.map((f) => f.id).sort());
        expect(one.favorite).toBe((await favoriteIds(ctx(), ana, [templateId])).has(templateId));
      }
    }
    const all = await Promise.all(ids.map((templateId) => templateKeeping(ctx(), { accountId: ana, templateId })));
    expect(all.some((k) => k.inFolders.length > 0)).toBe(true);
    expect(all.some((k) => k.favorite)).toBe(true);
    expect(all.flatMap((k) => k.folders.map((f) => f.name))).not.toContain("Ben's own");
  });

  it("stop at the most one account may keep", async () => {
    const carl = await verifiedMember(database.db, clock, "carl");
    await database.db.execute(
      sql`insert into favorite_folder (account_id, name, name_key)
          select ${carl}, 'F' || n, 'f' || n from generate_series(1, ${FOLDERS.maxPerAccount}) n`,
    );
    expect(await createFolder(ctx(), { accountId: carl, name: "One more" })).toEqual({
      ok: false,
      code: "account.folders.errors.tooMany",
    });
  });
});
