import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated } from "./helpers.ts";

const L = {
  en: {
    prefix: "",
    category: "Education",
    license: "License",
    free: "Free",
    next: "Next slide",
    other: "Español",
    notFound: "This page could not be found",
    missingTemplate: "could not be found",
    results: /\d+ templates?/,
  },
  es: {
    prefix: "/es",
    category: "Educación",
    license: "Licencia",
    free: "Gratis",
    next: "Diapositiva siguiente",
    other: "English",
    notFound: "No se ha podido encontrar esta página",
    missingTemplate: "No se ha encontrado la plantilla",
    results: /\d+ plantillas?/,
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test.describe(`journey (${locale})`, () => {
    test("home → category → filter → template → gallery by keyboard → language switch keeps the page", async ({
      page,
    }) => {
      await page.goto(`${l.prefix}/`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await axe(page);

      // Category from the navigation strip.
      await page.getByRole("banner").getByRole("link", { name: l.category, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/education$`));
      await expect(page.getByRole("banner").getByRole("link", { name: l.category, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await axe(page);

      // Filter: free licence only; the filter lives in the URL.
      await hydrated(page);
      await page.locator("summary", { hasText: l.license }).click();
      await page.getByRole("checkbox", { name: l.free }).check();
      await expect(page).toHaveURL(/license=free/);
      await expect(page.getByText(l.results).first()).toBeVisible();
      const cards = page.locator("article");
      await expect(cards.first()).toBeVisible();
      await expect(page.locator("article .badge-premium")).toHaveCount(0);
      expect(await page.locator("article .badge-free").count()).toBe(await cards.count());

      // Open the first template.
      await cards.first().getByRole("link").last().click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/template/`));
      await hydrated(page);
      const counter = page.getByTestId("slide-counter");
      await expect(counter).toHaveText(/^1 \/ \d+$/);
      const total = Number((await counter.textContent())!.split("/")[1].trim());
      await axe(page);

      // Gallery by keyboard: focus the viewer, arrows move, End goes last, wraps to first.
      await page.getByTestId("gallery").focus();
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`2 / ${total}`);
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`3 / ${total}`);
      await page.keyboard.press("ArrowLeft");
      await expect(counter).toHaveText(`2 / ${total}`);
      await page.keyboard.press("End");
      await expect(counter).toHaveText(`${total} / ${total}`);
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`1 / ${total}`);
      await page.getByRole("button", { name: l.next }).click();
      await expect(counter).toHaveText(`2 / ${total}`);
      const preview = page.getByTestId("gallery").locator("img");
      await expect(preview).toHaveJSProperty("complete", true);
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // Language switch keeps the page (the template, in the other language's address).
      const heading = await page.getByRole("heading", { level: 1 }).textContent();
      await page.getByRole("link", { name: l.other }).first().click();
      const other = locale === "en" ? "es" : "en";
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(page).toHaveURL(new RegExp(`${other === "es" ? "/es" : ""}/template/[a-z0-9-]+$`));
      await expect(page.getByTestId("slide-counter")).toBeVisible();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe(heading);
    });

    test("404 pages name what is missing and link home", async ({ page }) => {
      const res = await page.goto(`${l.prefix}/no/such/page`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.notFound);
      await expect(
        page.getByRole("link", { name: locale === "en" ? "Go to the home page" : "Ir a la página de inicio" }),
      ).toBeVisible();
      await axe(page);
      const missing = await page.goto(`${l.prefix}/template/no-such-template`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(l.missingTemplate);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("no-such-template");
    });

    test("every page type passes axe", async ({ page }) => {
      for (const path of [
        "/templates",
        "/trending",
        "/latest",
        "/infographics",
        "/faq",
        "/license",
        "/terms-conditions",
        "/privacy-policy",
        "/cookie-policy",
      ]) {
        const res = await page.goto(`${l.prefix}${path}`);
        expect(res?.status(), path).toBe(200);
        await axe(page);
      }
    });
  });
}

test("load more appends the next page without leaving it", async ({ page }) => {
  await page.goto("/templates");
  const cards = page.locator("article");
  await expect(cards).toHaveCount(24);
  await hydrated(page);
  await page.getByRole("link", { name: "Load more templates" }).click();
  await expect(cards).toHaveCount(48);
  await expect(page).toHaveURL(/\/templates$/);
});

test("a page's words are loaded before it hydrates, and a new area's during the navigation there", async ({ page }) => {
  const words = new Set<string>();
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/i18n/")) words.add(pathname.replace(/\.[0-9a-f]{10}\.json$/, ""));
  });
  await page.goto("/es/business");
  await hydrated(page);
  // The root's set and the list's (preloaded from <head>, then read by the client entry).
  expect([...words].sort()).toEqual(["/i18n/es/list", "/i18n/es/root"]);
  // A template page needs its own set: loaded during the navigation, and its words are shown.
  await page.locator("article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/es\/template\//);
  await expect(page.getByRole("heading", { name: "Descargar", exact: true })).toBeVisible();
  expect(words.has("/i18n/es/template")).toBe(true);
});
