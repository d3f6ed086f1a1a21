import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import PptxGenJSImport from "pptxgenjs";
import { seedTaxonomy } from "../../modules/demo/seed.ts";
import { readZip } from "../zip.ts";
import {
  attachOnFailure,
  expectNoSeriousA11yViolations as axe,
  browserLog,
  hydrated,
  logInAndEnrolOperator,
  type OwnServer,
  startOperatorServer,
} from "./helpers.ts";

/**
 * The operator template form, in English and in Spanish: an operator (made with the account command,
 * second factor enrolled here) opens Templates → New template, sees a renamed Word file refused in its
 * row, uploads a deck made elsewhere (by pptxgenjs, a word of its own on slide 2), fills both
 * languages, publishes now and watches the version's previews being drawn by LibreOffice in the server
 * process. Then a guest finds the template by the word printed only on its slide and downloads it.
 *
 * Like operator.spec.ts, this file runs its own server on a data folder prepared first (helpers.ts,
 * startOperatorServer: the account command needs the embedded database to itself): the taxonomy only,
 * no demo catalogue, so the render job is the only work of the job queue and the search has one template to find. The server
 * loads build/ when it starts: a build written meanwhile leaves its pages without their scripts (where
 * others build under /tmp/sn-build.lock, run this under `flock -s /tmp/sn-build.lock`).
 */
/** A port of its own, chosen free by playwright.config.ts (or E2E_PORT + 53 when the ports are given by hand). */
const port = Number(process.env.E2E_UPLOAD_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 53);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = "Sl1des!rock";
const FIXTURES = path.resolve("modules/slides/fixtures");
/** LibreOffice on a shared two-core machine: a three-slide deck's previews can take a while. */
const RENDER_TIMEOUT = 150_000;

const PptxGenJS: typeof PptxGenJSImport =
  (PptxGenJSImport as unknown as { default?: typeof PptxGenJSImport }).default ?? PptxGenJSImport;

let dataDir: string;
let server: OwnServer | undefined;

const L = {
  en: {
    prefix: "",
    nav: "Operator area",
    templates: "Templates",
    newTemplate: "New template",
    drop: /^Decks: drop \.pptx files/,
    notDeck: "This file is not a PowerPoint presentation (.pptx).",
    remove: (name: string) => `Remove ${name}`,
    variant: "Variant 1",
    slides: "3 slides",
    colour: "Color",
    title: "Title",
    description: "Description",
    category: "Category",
    styles: "Styles",
    free: /^Free/,
    publishNow: /^Publish now/,
    create: "Create template",
    saved: "Saved.",
    version: /^Version 1: (queued|drawing previews|ready)$/,
    ready: "Version 1: ready",
    progress: "Drawing the previews",
    viewPublic: "See it on the site",
    search: "Search templates",
    results: /Results for “/,
    nothing: "We couldn't find templates for “blorptangle”",
    word: "zephyrquartz",
    texts: {
      en: { title: "Tidewater Harbour Pitch", description: "A calm, blue deck for port and logistics pitches." },
      es: {
        title: "Propuesta Puerto Marea",
        description: "Una presentación azul y serena para propuestas de logística.",
      },
    },
  },
  es: {
    prefix: "/es",
    nav: "Área de operadores",
    templates: "Plantillas",
    newTemplate: "Nueva plantilla",
    drop: /^Presentaciones: suelta aquí los archivos \.pptx/,
    notDeck: "Este archivo no es una presentación de PowerPoint (.pptx).",
    remove: (name: string) => `Quitar ${name}`,
    variant: "Variante 1",
    slides: "3 diapositivas",
    colour: "Color",
    title: "Título",
    description: "Descripción",
    category: "Categoría",
    styles: "Estilos",
    free: /^Gratis/,
    publishNow: /^Publicar ahora/,
    create: "Crear plantilla",
    saved: "Guardado.",
    version: /^Versión 1: (en cola|dibujando las vistas previas|lista)$/,
    ready: "Versión 1: lista",
    progress: "Dibujando las vistas previas",
    viewPublic: "Verla en el sitio",
    search: "Buscar plantillas",
    results: /Resultados de «/,
    nothing: "No hemos encontrado plantillas de «blorptangle»",
    word: "quetzalmorfo",
    texts: {
      en: { title: "Ember Summit Review", description: "A warm deck for yearly reviews and summits." },
      es: { title: "Revisión Cumbre Ascua", description: "Una presentación cálida para revisiones anuales y cumbres." },
    },
  },
} as const;

/** A three-slide deck made by pptxgenjs (not by the project's generator), `word` only on slide 2. */
async function makeDeck(file: string, word: string, heading: string) {
  const p = new PptxGenJS();
  p.layout = "LAYOUT_16x9";
  p.addSlide().addText(heading, { x: 0.5, y: 2, w: 9, h: 1.2, fontSize: 36, bold: true });
  p.addSlide().addText(`The ${word} method, step by step`, { x: 0.5, y: 1, w: 9, h: 1, fontSize: 24 });
  p.addSlide().addText("Thank you", { x: 0.5, y: 2, w: 9, h: 1, fontSize: 32 });
  const buf = await p.stream({ compression: true });
  fs.writeFileSync(file, Buffer.from(buf as ArrayBuffer));
}

const operatorName = (locale: "en" | "es") => `uploader-${locale}`;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOperatorServer({
    port,
    name: "upload",
    operators: [operatorName("en"), operatorName("es")],
    password: PASSWORD,
    // Categories, tags, styles and colours for the form's choices; no templates.
    prepare: (db) => seedTaxonomy(db),
  });
  dataDir = server.dataDir;
  fs.mkdirSync(path.join(dataDir, "decks"));
  for (const locale of ["en", "es"] as const) {
    await makeDeck(path.join(dataDir, "decks", `deck-${locale}.pptx`), L[locale].word, L[locale].texts.en.title);
    // A Word document under a deck's name: the browser lets it through, the server's deck reader does not.
    fs.copyFileSync(path.join(FIXTURES, "document.docx"), path.join(dataDir, "decks", `fake-${locale}.pptx`));
  }
});

test.afterAll(async () => {
  await server?.stop();
});

/** The browser's side of the test now running (its pages are watched as they are made). */
let browserSide = browserLog();
test.beforeEach(() => {
  browserSide = browserLog();
});

test.afterEach(({}, info) => attachOnFailure(info, server, browserSide));

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`an operator uploads a deck, publishes it and a guest finds it by its slide text and downloads it (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(RENDER_TIMEOUT + 150_000);
    browserSide.watch(page);
    await logInAndEnrolOperator(page, {
      base,
      locale,
      email: `${operatorName(locale)}@example.com`,
      password: PASSWORD,
    });

    // Templates → New template.
    await page.getByRole("navigation", { name: l.nav }).getByRole("link", { name: l.templates, exact: true }).click();
    await expect(page).toHaveURL(`${base}${l.prefix}/operator/templates`);
    await page.getByRole("link", { name: l.newTemplate, exact: true }).click();
    await expect(page).toHaveURL(`${base}${l.prefix}/operator/templates/new`);
    await expect(page.getByRole("heading", { level: 1, name: l.newTemplate })).toBeVisible();
    await hydrated(page);
    await axe(page);

    const files = page.getByLabel(l.drop);

    // A renamed Word document: refused in its row with the server's words, in this language.
    const fake = `fake-${locale}.pptx`;
    await files.setInputFiles(path.join(dataDir, "decks", fake));
    const fakeRow = page.getByRole("listitem").filter({ hasText: fake });
    await expect(fakeRow.getByRole("alert")).toContainText(l.notDeck);
    await fakeRow.getByRole("button", { name: l.remove(fake) }).click();
    await expect(fakeRow).toHaveCount(0);

    // A real deck, made elsewhere: it becomes colour variant 1 with the facts the server read.
    const deck = `deck-${locale}.pptx`;
    await files.setInputFiles(path.join(dataDir, "decks", deck));
    const card = page.getByRole("listitem", { name: deck });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(l.variant);
    await expect(card).toContainText(l.slides);
    const colour = card.getByLabel(l.colour, { exact: true });
    await expect(colour).not.toHaveValue("");
    await colour.selectOption({ index: 1 });

    // Both languages' texts, a category, a style, the free licence, publish now.
    for (const lang of ["en", "es"] as const) {
      const group = page.getByRole("group", { name: lang === "en" ? "English" : "Español", exact: true });
      await group.getByLabel(l.title, { exact: true }).fill(l.texts[lang].title);
      await group.getByLabel(l.description, { exact: true }).fill(l.texts[lang].description);
    }
    await page.getByLabel(l.category, { exact: true }).selectOption({ index: 1 });
    await page.getByRole("group", { name: l.styles, exact: true }).getByRole("checkbox").first().check();
    await page.getByRole("radio", { name: l.free }).check();
    await page.getByRole("radio", { name: l.publishNow }).check();
    await axe(page);
    await page.getByRole("button", { name: l.create, exact: true }).click();

    // Saved: the template's own page, with its first version's previews being drawn.
    await expect(page).toHaveURL(new RegExp(`^${base}${l.prefix}/operator/templates/\\d+\\?saved=1$`));
    await expect(page.getByRole("status").filter({ hasText: l.saved })).toBeVisible();
    const version = page.getByText(l.version);
    await expect(version).toBeVisible();
    // Until it is ready a bar shows the progress. The page asks again every 1.5 s, so the state and its bar
    // are read in one look: read one after the other, the version could turn ready in between, its bar gone.
    const seen = await version.evaluate((p, label) => {
      const bar = p.parentElement?.querySelector(`progress[aria-label="${label}"]`)?.getBoundingClientRect();
      return { state: p.textContent, bar: Boolean(bar && bar.width > 0 && bar.height > 0) };
    }, l.progress);
    if (seen.state !== l.ready) expect(seen.bar, `a progress bar beside "${seen.state}"`).toBe(true);
    await axe(page);
    // The page asks again every 1.5 s until LibreOffice has drawn the slides.
    await expect(version).toHaveText(l.ready, { timeout: RENDER_TIMEOUT });
    await expect(page.getByRole("progressbar", { name: l.progress })).toHaveCount(0);
    await expect(page.getByRole("link", { name: l.viewPublic })).toBeVisible();
    await axe(page);

    // A guest searches the word printed only on slide 2, in this language, and downloads the template.
    const guest = await browser.newContext({ baseURL: base, locale: locale === "es" ? "es-ES" : "en-US" });
    try {
      const visitor = browserSide.watch(await guest.newPage());
      // The search does not answer everything: a word on no slide finds nothing.
      await visitor.goto(`${l.prefix}/search?q=blorptangle`);
      await expect(visitor.getByText(l.nothing, { exact: true })).toBeVisible();
      await expect(visitor.locator("article")).toHaveCount(0);
      await visitor.goto(`${l.prefix}/`);
      await hydrated(visitor);
      const box = visitor.getByRole("combobox", { name: l.search });
      await box.fill(l.word);
      await box.press("Enter");
      await expect(visitor).toHaveURL(new RegExp(`${l.prefix}/search\\?q=${l.word}`));
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(l.results);
      const title = l.texts[locale].title;
      const result = visitor.locator("article").filter({ hasText: title });
      await expect(result).toHaveCount(1);
      // Only this one: in the second run the first run's template (another slide word) is public too.
      await expect(visitor.locator("article")).toHaveCount(1);
      await result.getByRole("link", { name: title }).click();
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await hydrated(visitor);
      const [download] = await Promise.all([
        visitor.waitForEvent("download"),
        visitor.getByRole("button", { name: "PowerPoint", exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pptx$/);
      const bytes = fs.readFileSync(await download.path());
      expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
      // The operator's own deck (the word on slide 2), with the attribution slide a free template ends with.
      const zip = readZip(bytes);
      const slides = zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length;
      expect(slides).toBe(4);
      expect(zip.read("ppt/slides/slide2.xml")).toContain(l.word);
      expect(zip.read(`ppt/slides/slide${slides}.xml`)).toContain("Template by SlideNest");
    } finally {
      await guest.close();
    }
  });
}
