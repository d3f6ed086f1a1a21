import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import PptxGenJS from "pptxgenjs";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { diskStorage } from "#modules/files/storage.ts";
import { searchTemplates } from "#modules/search/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { inspectDeck } from "#modules/slides/deck.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { importTemplateFolder } from "./import.ts";
import { renderTemplateVersion } from "./render.ts";

const silent = { info() {}, warn() {}, error() {} };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let filesDir: string;
const now = new Date("2026-11-20T10:00:00Z");
const clock: Clock = { now: () => now };
const ctx = () => ({ db: database.db, storage: diskStorage(filesDir), clock, log: silent });

/** A real deck: theme fonts, `slides` slides whose text is known, 16:9 or 4:3. */
async function deck(opts: { slides: string[]; ratio?: "16:9" | "4:3"; heading?: string; body?: string }) {
  const pptx = new PptxGenJS();
  pptx.layout = opts.ratio === "4:3" ? "LAYOUT_4x3" : "LAYOUT_16x9";
  pptx.theme = { headFontFace: opts.heading ?? "Poppins", bodyFontFace: opts.body ?? "Nunito" };
  for (const text of opts.slides) {
    const slide = pptx.addSlide();
    slide.addText(text, { x: 0.5, y: 0.5, w: 8, h: 1, fontSize: 28 });
  }
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}

const png = (hex: string) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: hex } })
    .png()
    .toBuffer();

/** The folders this file makes, removed at its end. */
const made: string[] = [];

/** Writes a folder of templates: each entry is a template folder's files (path -> content). */
function folderOf(files: Record<string, string | Buffer>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sn-templates-"));
  made.push(root);
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, body);
  }
  return root;
}

const manifest = (key: string, over: Record<string, string> = {}) =>
  [
    `key: ${key}`,
    `category: ${over.category ?? "education"}`,
    `tags: ${over.tags ?? "[thesis]"}`,
    `styles: ${over.styles ?? "[minimalist]"}`,
    `licence: ${over.licence ?? "free"}`,
    `publish: ${over.publish ?? "true"}`,
    ...(over.designer ? [`designer: ${over.designer}`] : []),
    `en: { title: "${over.titleEn ?? `Thesis defense ${key}`}", description: "A calm deck for a thesis defense." }`,
    `es: { title: "${over.titleEs ?? `Defensa de tesis ${key}`}", description: "Una plantilla tranquila para defender la tesis." }`,
    "variants:",
    `  - colour: ${over.colour ?? "blue"}`,
    `    pptx: ${over.pptx ?? "deck.pptx"}`,
    ...(over.extra ? [over.extra] : []),
  ].join("\n");

const SLIDES = ["Photosynthesis under blue light", "Resultados del experimento: fotosíntesis", "Gracias"];
let thesisDeck: Buffer;
let images: Record<string, Buffer>;

const counts = async () => {
  const [r] = await queryRows<{ t: number; v: number; c: number }>(
    database.db,
    sql`select (select count(*)::int from template where source = 'import') as t,
          (select count(*)::int from template_version) as v,
          (select count(*)::int from template_color tc join template t on t.id = tc.template_id where t.source = 'import') as c`,
  );
  return { ...r, files: fs.existsSync(filesDir) ? fs.readdirSync(filesDir, { recursive: true }).length : 0 };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await createTaxonomy(database.db);
  thesisDeck = await deck({ slides: SLIDES });
  images = {
    "thesis/previews/blue/01.png": await png("#1e3a8a"),
    "thesis/previews/blue/02.png": await png("#1d4ed8"),
    "thesis/previews/blue/03.png": await png("#60a5fa"),
  };
});
afterAll(async () => {
  await database?.cleanup();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-template-files-"));
  made.push(filesDir);
});

describe("checking a folder: one problem and nothing is written", () => {
  const cases: [string, () => Promise<Record<string, string | Buffer>>, RegExp][] = [
    [
      "an unknown tag, named",
      async () => ({
        "a/template.yaml": manifest("a", { tags: "[thesis, zebras, unicorns]" }),
        "a/deck.pptx": thesisDeck,
      }),
      /unknown tags "zebras", "unicorns"/,
    ],
    [
      "an unknown category",
      async () => ({ "a/template.yaml": manifest("a", { category: "cooking" }), "a/deck.pptx": thesisDeck }),
      /"category": unknown category "cooking"/,
    ],
    [
      "an unknown colour",
      async () => ({ "a/template.yaml": manifest("a", { colour: "mauve" }), "a/deck.pptx": thesisDeck }),
      /unknown colour "mauve"/,
    ],
    [
      "a missing deck",
      async () => ({ "a/template.yaml": manifest("a", { pptx: "nope.pptx" }) }),
      /"variants.0.pptx": nope.pptx is not a file/,
    ],
    [
      "a macro-enabled deck named",
      async () => ({ "a/template.yaml": manifest("a", { pptx: "deck.pptm" }), "a/deck.pptm": thesisDeck }),
      /macro-enabled/,
    ],
    [
      "a deck outside the folder",
      async () => ({ "a/template.yaml": manifest("a", { pptx: "../b/deck.pptx" }) }),
      /no folders/,
    ],
    [
      "a text file named .pptx",
      async () => ({ "a/template.yaml": manifest("a"), "a/deck.pptx": "just some text, not a deck" }),
      /a\/deck\.pptx: slides\.errors\.notPresentation/,
    ],
    [
      "a key that is not the folder's",
      async () => ({ "a/template.yaml": manifest("b"), "a/deck.pptx": thesisDeck }),
      /"key" is "b", but the folder is "a"/,
    ],
    [
      "an unknown field",
      async () => ({ "a/template.yaml": `${manifest("a")}\nprice: 12`, "a/deck.pptx": thesisDeck }),
      /unknown field "price"/,
    ],
    [
      "a publication day that does not exist",
      async () => ({ "a/template.yaml": manifest("a", { publish: '"2026-02-30"' }), "a/deck.pptx": thesisDeck }),
      /"publish" must be true, false or a date/,
    ],
    [
      "a licence that is neither",
      async () => ({ "a/template.yaml": manifest("a", { licence: "gratis" }), "a/deck.pptx": thesisDeck }),
      /"licence" must be "free" or "premium"/,
    ],
    ["not YAML", async () => ({ "a/template.yaml": "key: [unclosed", "a/deck.pptx": thesisDeck }), /is not valid YAML/],
    [
      "two templates with one slug",
      async () => ({
        "a/template.yaml": manifest("a", { titleEn: "Same" }),
        "a/deck.pptx": thesisDeck,
        "b/template.yaml": manifest("b", { titleEn: "Same" }),
        "b/deck.pptx": thesisDeck,
      }),
      /"en.slug" "same" is also the slug of a\/template.yaml/,
    ],
    [
      "slide images that are not as many as the slides",
      async () => ({
        "a/template.yaml": manifest("a"),
        "a/deck.pptx": thesisDeck,
        "a/previews/blue/01.png": images["thesis/previews/blue/01.png"],
      }),
      /holds 1 slide images, but the deck has 3 slides/,
    ],
    [
      "a slide image that is not an image",
      async () => ({
        "a/template.yaml": manifest("a"),
        "a/deck.pptx": thesisDeck,
        "a/previews/blue/01.png": "GIF89a not really",
      }),
      /is not a PNG, JPEG or WebP image/,
    ],
    [
      "a designer without a file",
      async () => ({ "a/template.yaml": manifest("a", { designer: "nobody" }), "a/deck.pptx": thesisDeck }),
      /no designers\/nobody.yaml/,
    ],
    [
      "a Google Slides address elsewhere",
      async () => ({
        "a/template.yaml": manifest("a", {
          extra: "    googleSlides: https://evil.example/presentation/d/abcdefghijk",
        }),
        "a/deck.pptx": thesisDeck,
      }),
      /must be a Google Slides address/,
    ],
  ];
  it.each(cases)("%s", async (_name, files, message) => {
    const before = await counts();
    const r = await importTemplateFolder(ctx(), folderOf(await files()));
    const text = r.problems.map((p) => `${p.file}: ${p.code ?? ""}${p.message}`).join("\n");
    expect(text).toMatch(message);
    expect(await counts()).toEqual({ ...before, files: 0 });
  });
});

describe("importing", () => {
  let folder: string;
  beforeAll(() => {
    folder = folderOf({
      "designers/ana-lopez.yaml":
        'name: Ana López\nlink: https://ana.example\nbio: { en: "Designs decks.", es: "Diseña plantillas." }',
      "thesis/template.yaml": manifest("thesis", { designer: "ana-lopez" }),
      "thesis/deck.pptx": thesisDeck,
      ...images,
    });
  });

  it("a dry run counts and writes nothing", async () => {
    const before = await counts();
    const r = await importTemplateFolder(ctx(), folder, { dryRun: true });
    expect(r.problems).toEqual([]);
    expect(r.templates.created).toBe(1);
    expect(r.versions).toBe(1);
    expect(await counts()).toEqual({ ...before, files: 0 });
  });

  it("makes a draft-until-ready template with a queued version; the render shows and publishes it; search finds its slides' words", async () => {
    const r = await importTemplateFolder(ctx(), folder);
    expect(r.problems).toEqual([]);
    expect(r.templates).toMatchObject({ created: 1 });
    expect(r.designers.created).toBe(1);
    const [t] = await queryRows<{
      id: number;
      published_at: Date | null;
      publish_at: Date | null;
      slides_count: number;
      heading_font: string;
    }>(
      database.db,
      sql`select id, published_at, publish_at, slides_count, heading_font from template where import_key = 'thesis'`,
    );
    expect(t.published_at).toBeNull();
    expect(t.publish_at).not.toBeNull();
    const [v] = await queryRows<{ id: number; state: string }>(
      database.db,
      sql`select id, state from template_version where template_id = ${t.id}`,
    );
    expect(v.state).toBe("queued");
    // The deck is stored by its content.
    expect(fs.readdirSync(path.join(filesDir, "decks")).length).toBe(1);

    const out = await renderTemplateVersion(ctx(), v.id);
    expect(out).toMatchObject({ ok: true, value: { state: "ready" } });
    const [shown] = await queryRows<{
      published_at: Date | null;
      slides_count: number;
      heading_font: string;
      active: number;
    }>(
      database.db,
      sql`select t.published_at, t.slides_count, t.heading_font,
            (select count(*)::int from template_color tc where tc.template_id = t.id and tc.active) as active
          from template t where t.id = ${t.id}`,
    );
    expect(shown.published_at).not.toBeNull();
    expect(shown.slides_count).toBe(3);
    expect(shown.heading_font).toBe("Poppins");
    expect(shown.active).toBe(1);
    // Previews at every width, and a free-licence file with one slide more.
    const previews = fs.readdirSync(path.join(filesDir, "previews", "v1"), { recursive: true }).map(String);
    expect(previews.filter((p) => p.endsWith(".webp")).length).toBeGreaterThanOrEqual(3);
    const free = fs.readdirSync(path.join(filesDir, "decks")).find((n) => n.endsWith("-free.pptx"))!;
    const freeFacts = inspectDeck(fs.readFileSync(path.join(filesDir, "decks", free)));
    expect(freeFacts.ok && freeFacts.value.slideCount).toBe(4);
    // A word printed on slide 2 only, in both languages' searches.
    for (const locale of ["en", "es"] as const) {
      const found = await searchTemplates({ db: database.db, locale, clock, log: silent }, { q: "fotosintesis" });
      expect(
        found.items.map((i) => i.slug),
        locale,
      ).toContain(locale === "en" ? "thesis-defense-thesis" : "defensa-de-tesis-thesis");
    }
  });

  it("importing the same folder again changes nothing; two renders of one version draw it once", async () => {
    const before = await counts();
    const r = await importTemplateFolder(ctx(), folder);
    expect(r.templates).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(r.versions).toBe(0);
    expect(r.designers.unchanged).toBe(1);
    expect((await counts()).v).toBe(before.v);
    const [v] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from template_version order by id desc limit 1`,
    );
    expect(await renderTemplateVersion(ctx(), v.id)).toEqual({ ok: true, value: { state: "skipped" } });
  });

  it("a changed deck is a new version: the old one shows until the new one is ready, then retires", async () => {
    const changed = folderOf({
      "designers/ana-lopez.yaml":
        'name: Ana López\nlink: https://ana.example\nbio: { en: "Designs decks.", es: "Diseña plantillas." }',
      "thesis/template.yaml": manifest("thesis", { designer: "ana-lopez" }),
      "thesis/deck.pptx": await deck({ slides: ["New cover", "Mitochondria", "Gracias", "Preguntas"] }),
    });
    const r = await importTemplateFolder(ctx(), changed);
    expect(r.versions).toBe(1);
    const [t] = await queryRows<{ id: number; slides_count: number }>(
      database.db,
      sql`select id, slides_count from template where import_key = 'thesis'`,
    );
    expect(t.slides_count).toBe(3);
    const [v] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from template_version where template_id = ${t.id} and state = 'queued'`,
    );
    // Without LibreOffice on PATH the version fails with the reason, and the old one stays.
    const path0 = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const out = await renderTemplateVersion(ctx(), v.id);
      expect(out).toMatchObject({ ok: false, code: "slides.errors.converterMissing" });
    } finally {
      process.env.PATH = path0;
    }
    const [still] = await queryRows<{ slides_count: number; published_at: Date | null }>(
      database.db,
      sql`select slides_count, published_at from template where id = ${t.id}`,
    );
    expect(still.slides_count).toBe(3);
    expect(still.published_at).not.toBeNull();
    // The same folder again (LibreOffice here now) tries that version again; two processes at once draw it once.
    const again = await importTemplateFolder(ctx(), changed);
    expect(again.versions).toBe(1);
    const outcomes = await Promise.all([renderTemplateVersion(ctx(), v.id), renderTemplateVersion(ctx(), v.id)]);
    expect(outcomes.map((o) => (o.ok ? o.value.state : o.code)).sort()).toEqual(["ready", "skipped"]);
    const [after] = await queryRows<{ slides_count: number; active: number; retired: number }>(
      database.db,
      sql`select t.slides_count,
            (select count(*)::int from template_color tc where tc.template_id = t.id and tc.active) as active,
            (select count(*)::int from template_color tc where tc.template_id = t.id and not tc.active) as retired
          from template t where t.id = ${t.id}`,
    );
    expect(after).toEqual({ slides_count: 4, active: 1, retired: 1 });
    // Drawn from the deck by LibreOffice: the fourth slide's previews for the new colour row.
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from template_color where template_id = ${t.id} and active`,
    );
    const drawn = fs.readdirSync(path.join(filesDir, "previews", "v1", String(row.id)));
    expect(drawn.filter((n) => n.startsWith("4-")).length).toBeGreaterThan(0);
  });

  it("--prune unpublishes templates the folder no longer has, and deletes nothing", async () => {
    const other = folderOf({
      "other/template.yaml": manifest("other", { titleEn: "Other", titleEs: "Otra", publish: "false" }),
      "other/deck.pptx": thesisDeck,
      "other/previews/blue/01.png": images["thesis/previews/blue/01.png"],
      "other/previews/blue/02.png": images["thesis/previews/blue/02.png"],
      "other/previews/blue/03.png": images["thesis/previews/blue/03.png"],
    });
    const actor = { kind: "command" as const, label: "ana" };
    const r = await importTemplateFolder(ctx(), other, { prune: true, actor });
    expect(r.problems).toEqual([]);
    expect(r.templates.unpublished).toBe(1);
    // Both changes are in the operator audit log, named by who ran the command.
    const audit = await queryRows<{ action: string; target_label: string; actor_label: string; after: unknown }>(
      database.db,
      sql`select action, target_label, actor_label, after from operator_audit order by id`,
    );
    expect(audit.map((a) => [a.action, a.target_label, a.actor_label])).toEqual([
      ["template.created", "other", "command line (ana)"],
      ["template.unpublished", "thesis", "command line (ana)"],
    ]);
    expect(audit[0].after).toMatchObject({
      texts: { en: { title: "Other" }, es: { title: "Otra" } },
      category: "education",
      tags: ["thesis"],
      licence: "free",
      publishAt: null,
      version: 1,
    });
    const rows = await queryRows<{ import_key: string; published_at: Date | null }>(
      database.db,
      sql`select import_key, published_at from template where source = 'import' order by import_key`,
    );
    expect(rows.map((x) => [x.import_key, x.published_at])).toEqual([
      ["other", null],
      ["thesis", null],
    ]);
  });

  it("a full disk or an unreachable file storage while drawing fails nothing: the version goes back to the queue, and the next try draws it", async () => {
    const r = await importTemplateFolder(
      ctx(),
      folderOf({
        "faulty/template.yaml": manifest("faulty", { titleEn: "Faulty", titleEs: "Con fallos" }),
        "faulty/deck.pptx": thesisDeck,
        "faulty/previews/blue/01.png": images["thesis/previews/blue/01.png"],
        "faulty/previews/blue/02.png": images["thesis/previews/blue/02.png"],
        "faulty/previews/blue/03.png": images["thesis/previews/blue/03.png"],
      }),
    );
    expect(r.problems).toEqual([]);
    const [v] = await queryRows<{ id: number; state: string }>(
      database.db,
      sql`select v.id, v.state::text as state from template_version v join template t on t.id = v.template_id
          where t.import_key = 'faulty'`,
    );
    expect(v.state).toBe("queued");
    const disk = diskStorage(filesDir);
    const fault = (code: string) => async () => {
      throw Object.assign(new Error(`${code}: the storage said no`), { code });
    };
    for (const storage of [
      { ...disk, put: fault("ENOSPC") },
      { ...disk, get: fault("ECONNRESET") },
    ]) {
      await expect(renderTemplateVersion({ ...ctx(), storage }, v.id)).rejects.toThrow(/ENOSPC|ECONNRESET/);
      const [after] = await queryRows<{ state: string; reason: string | null }>(
        database.db,
        sql`select state::text as state, reason from template_version where id = ${v.id}`,
      );
      expect(after).toEqual({ state: "queued", reason: null });
    }
    // The storage answering again, the next try draws the version.
    expect(await renderTemplateVersion(ctx(), v.id)).toMatchObject({ ok: true, value: { state: "ready" } });
  });
});
