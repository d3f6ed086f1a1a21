import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated } from "./helpers.ts";

/** The blog as a reader meets it, over the articles the demo seeds (content/blog), in both languages. */

const L = {
  en: {
    prefix: "",
    heading: "Better slides, better talks",
    category: "Design tips",
    article: "How to choose and pair fonts for a presentation",
    readingTime: /\d+ min read/,
    related: "Keep reading",
    templates: "Templates from this article",
    untranslatedPath: "/blog/teaching/como-preparar-la-defensa-del-tfg",
    untranslated: "This article is not available in English",
    readIn: /Read it in Spanish/,
    otherTitle: /defensa de tu TFG/,
    search: "Search the blog",
    query: "fonts",
    typo: "fontts",
    corrected: "fonts",
    otherLanguage: "tipografías",
    noResults: "Sorry, we couldn't find any blogs",
    back: "Back",
  },
  es: {
    prefix: "/es",
    heading: "Mejores diapositivas, mejores presentaciones",
    category: "Consejos de diseño",
    article: "Cómo elegir y combinar tipografías para una presentación",
    readingTime: /\d+ min de lectura/,
    related: "Sigue leyendo",
    templates: "Plantillas de este artículo",
    untranslatedPath: "/es/blog/educacion/designing-slides-for-the-classroom",
    untranslated: "Este artículo no está disponible en español",
    readIn: /Léelo en inglés/,
    otherTitle: /classroom/i,
    search: "Buscar en el blog",
    query: "tipografías",
    typo: "tipogrfías",
    corrected: "tipografias",
    otherLanguage: "fonts",
    noResults: "Lo sentimos, no hemos encontrado ningún artículo",
    back: "Volver",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test.describe(`blog (${locale})`, () => {
    test("blog list -> category -> article -> related article", async ({ page }) => {
      await page.goto(`${l.prefix}/blog`);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: l.heading })).toBeVisible();
      await axe(page);
      const strip = page.getByRole("navigation", { name: locale === "en" ? "Blog categories" : "Categorías del blog" });
      await strip.getByRole("link", { name: l.category }).click();
      await expect(page.getByRole("heading", { level: 1, name: l.category })).toBeVisible();
      await expect(strip.getByRole("link", { name: l.category })).toHaveAttribute("aria-current", "page");
      await axe(page);
      await page.getByRole("link", { name: l.article }).click();
      await expect(page.getByRole("heading", { level: 1, name: l.article })).toBeVisible();
      await expect(page.getByText(l.readingTime).first()).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: l.templates })).toBeVisible();
      await axe(page);
      const related = page.getByRole("region", { name: l.related });
      const next = related.getByRole("heading", { level: 3 }).first();
      const title = (await next.textContent())?.trim() ?? "";
      expect(title).not.toBe("");
      await next.getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // Back where the reader came from.
      await page.getByRole("link", { name: l.back }).click();
      await expect(page.getByRole("heading", { level: 1, name: l.article })).toBeVisible();
    });

    test("an article not translated into the page's language says so and leads to the one it is in", async ({
      page,
    }) => {
      await page.goto(l.untranslatedPath);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1, name: l.untranslated })).toBeVisible();
      await axe(page);
      await page.getByRole("link", { name: l.readIn }).click();
      await expect(page.getByRole("heading", { level: 1, name: l.otherTitle })).toBeVisible();
    });

    test("blog search with and without results", async ({ page }) => {
      await page.goto(`${l.prefix}/blog/search`);
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog$`));
      await hydrated(page);
      const box = page.getByRole("searchbox", { name: l.search });
      await box.fill(l.query);
      await box.press("Enter");
      await expect(page).toHaveURL(/\/blog\/search\?query=/);
      await expect(page.getByRole("link", { name: l.article })).toBeVisible();
      await axe(page);
      // A misspelt word: the corrected query's results, and the correction said.
      await box.fill(l.typo);
      await box.press("Enter");
      await expect(page.getByTestId("did-you-mean").getByRole("link", { name: l.corrected })).toBeVisible();
      await expect(page.getByRole("link", { name: l.article })).toBeVisible();
      // A word of the other language finds the article through its other translation, shown in this one.
      await box.fill(l.otherLanguage);
      await box.press("Enter");
      // The correction gone first: until the new results are drawn, the misspelt word's (with the article) show.
      await expect(page.getByTestId("did-you-mean")).toHaveCount(0);
      await expect(page.getByRole("link", { name: l.article })).toBeVisible();
      await axe(page);
      await box.fill("zzqqxx");
      await box.press("Enter");
      await expect(page.getByRole("heading", { name: l.noResults })).toBeVisible();
      await axe(page);
    });
  });
}

test.describe("on a phone (412 px at a density of 1.75, Lighthouse's)", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  test("the blog's covers are the 800 px ones, not the 1280 px ones a wide screen gets", async ({ page }) => {
    await page.goto("/blog");
    const cover = page.locator("article img").first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.webp$/);
  });

  // Opened as its first page, as Lighthouse opens it. It was flaky (about one load in eight took the 1280)
  // while React preloaded the cover from the head, weighed before the phone's viewport applied: the cover
  // is now in a <picture> (app/components/ui/viewport-image.tsx), which React does not preload.
  test("an article's cover is the 800 px one", async ({ page }) => {
    await page.goto("/blog/design/how-to-choose-presentation-fonts");
    await expect(
      page.getByRole("heading", { level: 1, name: "How to choose and pair fonts for a presentation" }),
    ).toBeVisible();
    const hero = page.locator("main img[fetchpriority=high]");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.webp$/);
  });
});

test.describe("on a wide screen (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

  // The widest cover is offered only to screens that can use it (a <source> for wide or dense screens).
  test("an article's cover is the 1280 px one", async ({ page }) => {
    await page.goto("/blog/design/how-to-choose-presentation-fonts");
    const hero = page.locator("main img[fetchpriority=high]");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-1280\.webp$/);
  });
});
