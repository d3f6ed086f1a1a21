import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#config/constants.ts";
import type { ServiceContext } from "#modules/scope.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { createTaxonomy, createTemplate, type Taxonomy } from "#tests/factories.ts";
import { openFontFamily, openFontPage } from "./fonts.ts";
import { reshapeFonts, reshapeSwatches } from "./reshape.ts";
import * as catalog from "./service.ts";

/** Designers (issue 20): their page's services, and what a template page shows of the file and its designer. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let tax: Taxonomy;
const now = new Date("2026-11-20T12:00:00Z");
const silent = { info() {}, warn() {}, error() {} };
const ctx = (locale: Locale = "en"): ServiceContext => ({
  db: database.db,
  locale,
  clock: { now: () => now },
  log: silent,
});
const ids: Record<string, number> = {};
const designers: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  tax = await createTaxonomy(database.db);
  for (const [key, name, link, en, es] of [
    ["ana", "Ana López", "https://ana.example/portfolio", "Decks for teachers.", "Presentaciones para docentes."],
    ["bo", "Bo Chen", null, "", ""],
    ["nobody", "Nobody Yet", null, "Draws slowly.", "Dibuja despacio."],
  ] as const) {
    const rows = await queryRows<{ id: number }>(
      database.db,
      sql`insert into designer (key, slug, name, link, bio_en, bio_es)
          values (${key}, ${`${key}-studio`}, ${name}, ${link}, ${en}, ${es}) returning id`,
    );
    designers[key] = rows[0].id;
  }
  const make = async (key: string, designer: string | null, spec: Parameters<typeof createTemplate>[2]) => {
    const t = await createTemplate(database.db, tax, spec);
    ids[key] = t.id;
    if (designer)
      await database.db.execute(
        sql`update template set source = 'import', design = null, designer_id = ${designers[designer]} where id = ${t.id}`,
      );
    return t;
  };
  const deck = await make("deck", "ana", {
    title: "Classroom Deck",
    titleEs: "Presentación de aula",
    colors: ["blue", "red"],
    downloads: 30,
  });
  await database.db.execute(sql`update template set aspect_ratio = '16:10', heading_font = 'Montserrat SemiBold',
      body_font = 'Calibri', fonts = array['Montserrat SemiBold', 'Calibri', 'Lora', 'Helvetica Neue', 'Calibri']
      where id = ${ids.deck}`);
  await database.db.execute(
    sql`update template_color set theme_colors = ${JSON.stringify([
      { name: "dk1", hex: "#000000" },
      { name: "lt1", hex: "#ffffff" },
      { name: "accent1", hex: "#1d4ed8" },
    ])}::jsonb where id = ${deck.colorIds[0]}`,
  );
  await database.db.execute(
    sql`update template_color set theme_colors = ${JSON.stringify([
      { name: "dk1", hex: "#111111" },
      { name: "accent1", hex: "#b91c1c" },
    ])}::jsonb where id = ${deck.colorIds[1]}`,
  );
  await make("quiz", "ana", { title: "Quiz Night", downloads: 50 });
  await make("poster", "ana", { title: "Science Poster", downloads: 10 });
  await make("draft", "ana", { title: "Unfinished Draft", downloads: 99 });
  await database.db.execute(sql`update template set published_at = null where id = ${ids.draft}`);
  await make("scheduled", "ana", { title: "Next Month", publishedAt: new Date("2026-12-20T00:00:00Z") });
  await make("other", "bo", { title: "Bo Pitch", downloads: 70 });
  await make("demo", null, { title: "Demo Deck", downloads: 80 });
  // A retired colour row of Ana's quiz (an older version) is never shown.
  await database.db.execute(sql`insert into template_color (template_id, color_id, position, palette, active)
      select template_id, ${tax.colors.green}, 9, palette, false from template_color where template_id = ${ids.quiz}`);
});
afterAll(() => database?.cleanup());

describe("designers", () => {
  it("finds a designer by the slug of their page, with the bio of the context's language", async () => {
    const en = await catalog.getDesigner(ctx(), "ana-studio");
    expect(en).toEqual({
      id: designers.ana,
      slug: "ana-studio",
      name: "Ana López",
      link: "https://ana.example/portfolio",
      bio: "Decks for teachers.",
    });
    expect((await catalog.getDesigner(ctx("es"), "ANA-studio"))?.bio).toBe("Presentaciones para docentes.");
  });

  it("finds no designer for an unknown or malformed slug", async () => {
    expect(await catalog.getDesigner(ctx(), "no-such-designer")).toBeNull();
    expect(await catalog.getDesigner(ctx(), "ana")).toBeNull(); // the key is not the slug
    expect(await catalog.getDesigner(ctx(), "<script>")).toBeNull();
    expect(await catalog.getDesigner(ctx(), "x".repeat(500))).toBeNull();
  });

  it("lists only the designer's published templates, most downloaded first, with their active colors", async () => {
    const page = await catalog.listDesignerTemplates(ctx(), { designerId: designers.ana });
    expect(page.items.map((c) => c.slug)).toEqual(["quiz-night", "classroom-deck", "science-poster"]);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, pageSize: 24, totalCapped: false });
    const quiz = page.items[0];
    expect(quiz.colors).toHaveLength(1); // the retired row is left out
    const es = await catalog.listDesignerTemplates(ctx("es"), { designerId: designers.ana });
    expect(es.items.map((c) => c.title)).toContain("Presentación de aula");
    const bo = await catalog.listDesignerTemplates(ctx(), { designerId: designers.bo });
    expect(bo.items.map((c) => c.slug)).toEqual(["bo-pitch"]);
    const none = await catalog.listDesignerTemplates(ctx(), { designerId: designers.nobody });
    expect(none).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });

  it("pages the list, and leaves out the template a page is about", async () => {
    const first = await catalog.listDesignerTemplates(ctx(), { designerId: designers.ana, pageSize: 2 });
    expect(first.items.map((c) => c.slug)).toEqual(["quiz-night", "classroom-deck"]);
    expect(first).toMatchObject({ total: 3, pageCount: 2 });
    const second = await catalog.listDesignerTemplates(ctx(), { designerId: designers.ana, pageSize: 2, page: 2 });
    expect(second.items.map((c) => c.slug)).toEqual(["science-poster"]);
    const past = await catalog.listDesignerTemplates(ctx(), { designerId: designers.ana, pageSize: 2, page: 3 });
    expect(past.items).toEqual([]);
    const more = await catalog.listDesignerTemplates(ctx(), { designerId: designers.ana, excludeIds: [ids.deck] });
    expect(more.items.map((c) => c.slug)).toEqual(["quiz-night", "science-poster"]);
  });

  it("lists in the sitemap the designers with a published template, not those without one", async () => {
    const entries = await catalog.listSitemapEntries(ctx());
    expect(entries.designers.map((d) => d.slug)).toEqual(["ana-studio", "bo-studio"]);
    for (const d of entries.designers) expect(d.updatedAt).toBeInstanceOf(Date);
    // Only a draft or a template published later: not listed yet.
    const later = new Date("2026-12-01T00:00:00Z");
    const [{ published_at: was }] = await queryRows<{ published_at: Date }>(
      database.db,
      sql`update template t set published_at = ${later} from template old
          where t.id = ${ids.other} and old.id = t.id returning old.published_at`,
    );
    try {
      expect((await catalog.listSitemapEntries(ctx())).designers.map((d) => d.slug)).toEqual(["ana-studio"]);
    } finally {
      await database.db.execute(sql`update template set published_at = ${was} where id = ${ids.other}`);
    }
  });

  it("publishes a scheduled template on its date", async () => {
    const later: ServiceContext = { ...ctx(), clock: { now: () => new Date("2026-12-21T00:00:00Z") } };
    const page = await catalog.listDesignerTemplates(later, { designerId: designers.ana });
    expect(page.items.map((c) => c.slug)).toContain("next-month");
    expect(page.items.map((c) => c.slug)).not.toContain("unfinished-draft");
  });
});

describe("a template page's fonts, colors and designer", () => {
  it("reads the fonts (linked where open), the variants' theme colors, the ratio and the designer", async () => {
    const found = await catalog.getTemplateBySlug(ctx(), "classroom-deck");
    if (found.kind !== "found") throw new Error("not found");
    const t = found.template;
    expect(t.aspectRatio).toBe("16:10");
    expect(t.fonts).toEqual({
      heading: { family: "Montserrat SemiBold", url: "https://fonts.google.com/specimen/Montserrat" },
      body: { family: "Calibri", url: null },
      others: [
        { family: "Lora", url: "https://fonts.google.com/specimen/Lora" },
        { family: "Helvetica Neue", url: null },
      ],
    });
    const [blue, red] = t.colors.map((c) => c.id);
    expect(t.swatches[blue]).toEqual([
      { name: "dk1", hex: "#000000" },
      { name: "lt1", hex: "#FFFFFF" },
      { name: "accent1", hex: "#1D4ED8" },
    ]);
    expect(t.swatches[red].map((s) => s.hex)).toEqual(["#111111", "#B91C1C"]);
    expect(t.designer).toMatchObject({ slug: "ana-studio", name: "Ana López", bio: "Decks for teachers." });
    const es = await catalog.getTemplateBySlug(ctx("es"), "presentacion-de-aula");
    expect(es.kind === "found" && es.template.designer?.bio).toBe("Presentaciones para docentes.");
  });

  it("shows a demo template's palette as its swatches, and no designer", async () => {
    const found = await catalog.getTemplateBySlug(ctx(), "demo-deck");
    if (found.kind !== "found") throw new Error("not found");
    const t = found.template;
    expect(t.designer).toBeNull();
    expect(t.fonts.heading).toEqual({ family: "Montserrat", url: "https://fonts.google.com/specimen/Montserrat" });
    expect(t.fonts.body).toEqual({ family: "Open Sans", url: "https://fonts.google.com/specimen/Open+Sans" });
    expect(t.swatches[t.colors[0].id].map((s) => s.name)).toEqual([
      "background",
      "surface",
      "text",
      "muted",
      "accent1",
      "accent2",
    ]);
    expect(t.swatches[t.colors[0].id][0]).toEqual({ name: "background", hex: "#FFFFFF" });
  });
});

describe("open fonts", () => {
  it("links the catalog's Google Fonts and the shipped families, never other fonts", () => {
    expect(openFontPage("Source Sans 3")).toBe("https://fonts.google.com/specimen/Source+Sans+3");
    expect(openFontPage("playfair display")).toBe("https://fonts.google.com/specimen/Playfair+Display");
    expect(openFontFamily("Lato Light Italic")).toBe("Lato");
    expect(openFontFamily("Poppins  ExtraBold")).toBe("Poppins");
    for (const closed of ["Calibri", "Helvetica Neue", "Arial", "Futura", "+mj-lt", "", "Bold"])
      expect(openFontPage(closed)).toBeNull();
  });

  it("lists heading and body once, and other fonts once each", () => {
    expect(reshapeFonts("Lora", "Lora", ["Lora", "lora", "Inter", "Inter"])).toEqual({
      heading: { family: "Lora", url: "https://fonts.google.com/specimen/Lora" },
      body: { family: "Lora", url: "https://fonts.google.com/specimen/Lora" },
      others: [{ family: "Inter", url: "https://fonts.google.com/specimen/Inter" }],
    });
    expect(reshapeFonts("", "", "{}")).toEqual({ heading: null, body: null, others: [] });
  });

  it("keeps only well-formed hex codes in swatches", () => {
    expect(
      reshapeSwatches({
        theme_colors: [
          { name: "dk1", hex: "000000" },
          { name: "accent1", hex: "url(x)" },
        ],
        palette: null,
      }),
    ).toEqual([{ name: "dk1", hex: "#000000" }]);
  });
});
