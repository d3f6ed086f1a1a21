/**
 * The repository's own templates (content/templates), as the first start imports them: the folder
 * imports without a problem onto the demo taxonomy, every version is drawn from its committed slide
 * images on a machine without LibreOffice and shown, the decks say what make.ts meant (theme fonts and
 * colours, ratios, both licences, two colour variants), and a guest finds a template by a word printed
 * only on its slides, in both languages.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_WIDTHS } from "#config/constants.ts";
import { generateDemoCatalog } from "#modules/catalog/demo/generate.ts";
import { diskStorage } from "#modules/files/storage.ts";
import { searchTemplates } from "#modules/search/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { inspectDeck } from "#modules/slides/deck.ts";
import { shippedFonts } from "#modules/slides/fonts.ts";
import { hasLibreOffice } from "#modules/slides/previews.ts";
import type { TemplateImportSummary } from "#modules/templates/import.ts";
import { previewKey } from "#modules/templates/render.ts";
import { createTestDatabase } from "#tests/db.ts";
import { DEMO_COUNT, DEMO_SEED, seedTaxonomy, seedTemplates, TEMPLATES_CONTENT_DIR } from "./seed.ts";

const silent = { info() {}, warn() {}, error() {} };
const now = new Date("2026-11-25T09:00:00Z");
const clock: Clock = { now: () => now };
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let filesDir: string;
let summary: TemplateImportSummary | null;
/** Whether this machine could have drawn the previews itself while the versions were drawn. */
let converterDuringRender: boolean;

const folders = fs
  .readdirSync(TEMPLATES_CONTENT_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== "designers")
  .map((e) => e.name);

type Row = {
  import_key: string;
  version_id: number | null;
  published_at: Date | null;
  is_premium: boolean;
  aspect_ratio: string;
  slides_count: number;
  heading_font: string;
  body_font: string;
  designer: string | null;
  state: string;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedTaxonomy(database.db);
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-own-templates-"));
  // A PATH without soffice and pdftoppm: the committed slide images are all the versions need.
  const pathBefore = process.env.PATH;
  const emptyBin = fs.mkdtempSync(path.join(os.tmpdir(), "sn-no-libreoffice-"));
  process.env.PATH = emptyBin;
  try {
    converterDuringRender = hasLibreOffice();
    summary = await seedTemplates(database, { storage: diskStorage(filesDir), log: silent, clock, render: true });
  } finally {
    process.env.PATH = pathBefore;
    fs.rmSync(emptyBin, { recursive: true, force: true });
  }
}, 180_000);

afterAll(async () => {
  await database?.cleanup();
  if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

const rows = () =>
  queryRows<Row>(
    database.db,
    sql`select t.import_key, t.version_id, t.published_at, t.is_premium, t.aspect_ratio, t.slides_count,
          t.heading_font, t.body_font, d.key as designer, v.state::text as state
        from template t left join designer d on d.id = t.designer_id
        left join template_version v on v.template_id = t.id
        where t.source = 'import' order by t.import_key`,
  );

describe("content/templates: the project's own templates", () => {
  it("import onto the demo taxonomy without a problem, one version each", () => {
    expect(converterDuringRender).toBe(false);
    expect(summary?.problems).toEqual([]);
    expect(folders.length).toBeGreaterThanOrEqual(6);
    expect(summary?.templates.created).toBe(folders.length);
    expect(summary?.versions).toBe(folders.length);
    expect(summary?.designers.created).toBeGreaterThanOrEqual(1);
  });

  it("every version is drawn from its slide images without LibreOffice, shown and public", async () => {
    const all = await rows();
    expect(all.map((r) => r.import_key)).toEqual([...folders].sort());
    for (const r of all) {
      expect(r.state, r.import_key).toBe("ready");
      expect(r.version_id, r.import_key).not.toBeNull();
      expect(r.published_at, r.import_key).not.toBeNull();
      expect(r.designer, r.import_key).toBe("slidenest-studio");
    }
    // Every slide of every variant at every width, and the free file with its attribution slide.
    const variants = await queryRows<{ id: number; slides: number; free: number }>(
      database.db,
      sql`select tc.id, t.slides_count as slides,
            (select count(*)::int from template_file f where f.template_color_id = tc.id and f.variant = 'free') as free
          from template_color tc join template t on t.id = tc.template_id
          where t.source = 'import' and tc.active`,
    );
    expect(variants.length).toBeGreaterThan(all.length);
    const storage = diskStorage(filesDir);
    for (const v of variants) {
      expect(v.free).toBe(1);
      for (let slide = 1; slide <= v.slides; slide++)
        for (const width of PREVIEW_WIDTHS) expect(await storage.exists(previewKey(v.id, slide, width))).toBe(true);
      expect(await storage.exists(previewKey(v.id, v.slides + 1, PREVIEW_WIDTHS[0]))).toBe(false);
    }
  });

  it("hold 16:9 and 4:3 decks, free and premium, 6 to 12 slides, in shipped fonts and their own theme colours", async () => {
    const all = await rows();
    expect(new Set(all.map((r) => r.aspect_ratio))).toEqual(new Set(["16:9", "4:3"]));
    expect(new Set(all.map((r) => r.is_premium))).toEqual(new Set([true, false]));
    const shipped = new Set(shippedFonts().map((f) => f.family));
    for (const r of all) {
      expect(r.slides_count, r.import_key).toBeGreaterThanOrEqual(6);
      expect(r.slides_count, r.import_key).toBeLessThanOrEqual(12);
      expect(shipped.has(r.heading_font), `${r.import_key}: ${r.heading_font}`).toBe(true);
      expect(shipped.has(r.body_font), `${r.import_key}: ${r.body_font}`).toBe(true);
    }
    const decks = folders.flatMap((f) =>
      fs
        .readdirSync(path.join(TEMPLATES_CONTENT_DIR, f))
        .filter((n) => n.endsWith(".pptx"))
        .map((n) => ({ folder: f, file: path.join(TEMPLATES_CONTENT_DIR, f, n) })),
    );
    expect(decks.length).toBeGreaterThan(folders.length);
    for (const d of decks) {
      const read = inspectDeck(fs.readFileSync(d.file));
      if (!read.ok) throw new Error(`${d.file}: ${read.code}`);
      const f = read.value;
      // The deck names its two theme fonts and nothing else (no office suite's Arial left behind).
      expect(f.fonts, d.file).toEqual(
        [...new Set([f.headingFont ?? "", f.bodyFont ?? ""])].sort((a, b) => a.localeCompare(b, "en")),
      );
      expect(f.themeColors.map((c) => c.name)).toEqual([
        "dk1",
        "lt1",
        "dk2",
        "lt2",
        "accent1",
        "accent2",
        "accent3",
        "accent4",
        "accent5",
        "accent6",
        "hlink",
        "folHlink",
      ]);
      // Not the "Office" scheme LibreOffice writes by itself.
      expect(f.themeColors.find((c) => c.name === "accent1")?.hex, d.file).not.toBe("#4472C4");
      expect(f.slideTexts.every((t) => t.trim().length > 0)).toBe(true);
      expect(f.externalLinks).toEqual([]);
      expect(f.embeddedObjects).toEqual([]);
    }
  });

  it("a guest finds a template by a word printed only on its slides, in English and in Spanish", async () => {
    const manifest = fs.readFileSync(path.join(TEMPLATES_CONTENT_DIR, "thesis-defense", "template.yaml"), "utf8");
    expect(manifest.toLowerCase()).not.toContain("xylem");
    const [t] = await queryRows<{ slide_text: string }>(
      database.db,
      sql`select slide_text from template where import_key = 'thesis-defense'`,
    );
    expect(t.slide_text.toLowerCase()).toContain("xylem");
    for (const [locale, slug] of [
      ["en", "thesis-defense-in-green"],
      ["es", "defensa-de-tesis-en-verde"],
    ] as const) {
      const found = await searchTemplates({ db: database.db, locale, clock, log: silent }, { q: "xylem" });
      expect(
        found.items.map((i) => i.slug),
        locale,
      ).toEqual([slug]);
    }
  });

  it("take no slug of the demo catalog they are imported beside (the import would refuse them)", async () => {
    const own = await queryRows<{ locale: "en" | "es"; slug: string }>(
      database.db,
      sql`select tr.locale, tr.slug from template_translation tr join template t on t.id = tr.template_id
          where t.source = 'import'`,
    );
    expect(own).toHaveLength(folders.length * 2);
    const demo = generateDemoCatalog({ seed: DEMO_SEED, count: DEMO_COUNT, now });
    for (const locale of ["en", "es"] as const) {
      const taken = new Set(demo.map((t) => t.translations[locale].slug));
      expect(own.filter((o) => o.locale === locale && taken.has(o.slug))).toEqual([]);
    }
  });

  it("is imported once: a later start finds imported templates and leaves them alone", async () => {
    expect(await seedTemplates(database, { storage: diskStorage(filesDir), log: silent, clock })).toBeNull();
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from template_version`);
    expect(n).toBe(folders.length);
  });
});
