import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { findOperatorTemplate, selectOperatorTemplates, updatePublication } from "./repo/admin.ts";
import {
  designerKeysLike,
  findDesigner,
  insertDesigner,
  lockDesigners,
  selectDesigners,
  updateDesigner,
} from "./repo/designers.ts";
import { importKeysLike, selectEditorNames, selectEditorTemplate, selectLatestVersion } from "./repo/editor.ts";
import {
  findCategory,
  findDesignerId,
  findSlugOwner,
  insertImportedTemplate,
  insertQueuedVersion,
  insertTemplateFile,
  insertVersionColour,
  replaceTemplateStyles,
  replaceTemplateTags,
  selectImportedTemplates,
  selectTemplateSnapshot,
  upsertDesigner,
  upsertTemplateTranslation,
} from "./repo/import.ts";
import { claimVersion, lockTemplateShownVersion, markVersionReady, selectVersionVariants } from "./repo/render.ts";

/**
 * The templates module's hand-written SQL against the real schema: the operator pages' reads (admin,
 * designers, the form) are otherwise run only by the server tests; a renamed column fails here first.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date("2026-11-25T12:00:00Z");
const palette = { background: "#fff", surface: "#eee", text: "#111", muted: "#666", accent1: "#00f", accent2: "#f00" };
let templateId: number;
let versionId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await createTaxonomy(database.db);
  const db = database.db;
  expect(
    await upsertDesigner(db, { key: "ana", name: "Ana", link: null, bio: { en: "Designs.", es: "Diseña." } }),
  ).toEqual({ created: true });
  const category = await findCategory(db, "education");
  templateId = await insertImportedTemplate(db, {
    importKey: "thesis",
    designerId: await findDesignerId(db, "ana"),
    categoryId: category!.id,
    isPremium: false,
    slidesCount: 3,
    aspectRatio: "16:9",
    headingFont: "Poppins",
    bodyFont: "Nunito",
    fonts: ["Nunito", "Poppins"],
    slideText: "Photosynthesis",
    formats: ["PP", "GS", "KN"],
    publishAt: now,
  });
  for (const [locale, title] of [
    ["en", "Thesis"],
    ["es", "Tesis"],
  ])
    await upsertTemplateTranslation(db, templateId, locale, {
      title,
      description: `${title}.`,
      slug: title.toLowerCase(),
    });
  expect(await replaceTemplateTags(db, templateId, ["thesis"])).toBe(true);
  expect(await replaceTemplateStyles(db, templateId, ["minimalist"])).toBe(true);
  versionId = await insertQueuedVersion(db, {
    templateId,
    number: 1,
    sourceHash: "abc",
    facts: { slideCount: 3, aspectRatio: "16:9", headingFont: "Poppins", bodyFont: "Nunito", fonts: [], slideText: "" },
    createdAt: now,
    createdBy: null,
  });
  const colour = await insertVersionColour(db, {
    templateId,
    colour: "blue",
    position: 0,
    palette,
    versionId,
    themeColors: [{ name: "accent1", hex: "#0000ff" }],
    googleSlidesUrl: null,
    previewSources: null,
  });
  await insertTemplateFile(db, {
    templateColorId: colour!.id,
    variant: "paid",
    kind: "pptx",
    storageKey: "decks/abc.pptx",
    sizeBytes: 10,
  });
});
afterAll(() => database?.cleanup());

describe("the templates module's queries", () => {
  it("read an imported template for the import, the audit log and the form", async () => {
    const db = database.db;
    expect(await selectImportedTemplates(db)).toEqual([
      expect.objectContaining({
        id: templateId,
        import_key: "thesis",
        version_id: null,
        latest_hash: "abc",
        latest_number: 1,
        failed_id: null,
      }),
    ]);
    expect(await findSlugOwner(db, "en", "thesis", "other")).toEqual({ import_key: "thesis" });
    expect(await findSlugOwner(db, "en", "thesis", "thesis")).toBeUndefined();
    expect(await selectTemplateSnapshot(db, templateId)).toMatchObject({
      texts: { en: { title: "Thesis", slug: "thesis" }, es: { title: "Tesis" } },
      category: "education",
      tags: ["thesis"],
      styles: ["minimalist"],
      licence: "free",
      designer: "ana",
      version: 1,
    });
    expect(await selectEditorTemplate(db, templateId)).toMatchObject({
      id: templateId,
      import_key: "thesis",
      is_premium: false,
      category: "education",
      designer: "ana",
      tags: ["thesis"],
      styles: ["minimalist"],
      // The version's colour is not shown until it is ready.
      colours: [],
    });
    expect(await selectLatestVersion(db, templateId)).toMatchObject({ number: 1, state: "queued", missingFonts: [] });
    expect(await importKeysLike(db, "thesis")).toEqual(["thesis"]);
    const names = await selectEditorNames(db, "es");
    expect(names.tags).toContainEqual({ slug: "education", type: "category", name: "Educación" });
    expect(names.colours[0]).toEqual({ slug: "blue", name: "Azul", hex: "#2563eb" });
  });

  it("claim a version, show it, and list it on the operator's page by publication state", async () => {
    const db = database.db;
    expect(await claimVersion(db, versionId, now, new Date(now.getTime() - 60_000))).toMatchObject({
      template_id: templateId,
      facts: { slideCount: 3 },
    });
    expect(await claimVersion(db, versionId, now, new Date(now.getTime() - 60_000))).toBeUndefined();
    expect(await selectVersionVariants(db, versionId)).toEqual([
      expect.objectContaining({ previewSources: null, storageKey: "decks/abc.pptx" }),
    ]);
    await db.transaction(async (tx) => {
      expect(await lockTemplateShownVersion(tx, templateId)).toEqual({ version_id: null, number: null });
      expect(await markVersionReady(tx, versionId, now, ["Nunito"])).toEqual({ number: 1 });
    });

    const page = { limit: 10, offset: 0 };
    const [row] = await selectOperatorTemplates(db, "en", { state: null, now }, page);
    expect(row).toMatchObject({
      id: templateId,
      title: "Thesis",
      slug: "thesis",
      source: "import",
      import_key: "thesis",
      is_premium: false,
      published_at: null,
      downloads_count: 0,
      views_count: 0,
      v_number: 1,
      v_state: "ready",
      v_reason: null,
    });
    expect(await selectOperatorTemplates(db, "en", { state: "scheduled", now }, page)).toHaveLength(1);
    await updatePublication(db, templateId, { publishAt: now, publishedAt: now });
    expect(await selectOperatorTemplates(db, "en", { state: "published", now }, page)).toHaveLength(1);
    expect(await selectOperatorTemplates(db, "en", { state: "draft", now }, page)).toHaveLength(0);
    const locked = await db.transaction((tx) => findOperatorTemplate(tx, "es", templateId, { lock: true }));
    expect(locked).toMatchObject({ title: "Tesis", slug: "tesis" });
    expect(await findOperatorTemplate(db, "en", 999_999)).toBeUndefined();
  });

  it("list designers with their templates, and find free keys among keys and page addresses", async () => {
    const db = database.db;
    const id = await db.transaction(async (tx) => {
      await lockDesigners(tx);
      return insertDesigner(tx, "ana-2", { name: "Ana Dos", link: null, bioEn: "", bioEs: "" });
    });
    await updateDesigner(db, id, { name: "Ana Two", link: "https://example.com", bioEn: "Hi.", bioEs: "Hola." });
    expect(await selectDesigners(db)).toEqual([
      {
        id: expect.any(Number),
        key: "ana",
        slug: "ana",
        name: "Ana",
        link: null,
        bio_en: "Designs.",
        bio_es: "Diseña.",
        templates: 1,
      },
      {
        id,
        key: "ana-2",
        slug: "ana-2",
        name: "Ana Two",
        link: "https://example.com",
        bio_en: "Hi.",
        bio_es: "Hola.",
        templates: 0,
      },
    ]);
    const locked = await db.transaction((tx) => findDesigner(tx, id, { lock: true }));
    expect(locked).toMatchObject({ key: "ana-2", templates: 0 });
    expect((await designerKeysLike(db, "ana")).sort()).toEqual(["ana", "ana-2"]);
    expect(await designerKeysLike(db, "bo")).toEqual([]);
  });
});
