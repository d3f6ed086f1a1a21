import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { readZip } from "../zip.ts";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

async function freeSlugs(page: Page, prefix: string): Promise<string[]> {
  const res = await page.request.get(`${prefix}/templates?license=free`);
  const html = await res.text();
  const re = new RegExp(`href="${prefix}/template/([a-z0-9-]+)"`, "g");
  return [...new Set([...html.matchAll(re)].map((m) => m[1]))];
}

const L = {
  en: {
    prefix: "",
    pp: "PowerPoint",
    limit: "You've hit your download limit",
    premium: "This is a premium template",
    left: "0 downloads left",
    menu: /Account menu/,
    usage: "This month: 1 of 10 used",
  },
  es: {
    prefix: "/es",
    pp: "PowerPoint",
    limit: "Has alcanzado tu límite de descargas",
    premium: "Esta es una plantilla premium",
    left: "Te quedan 0 descargas",
    menu: /Menú de la cuenta/,
    usage: "Este mes: 1 de 10 usadas",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`a guest downloads three templates, each a valid deck ending with the attribution, and the fourth opens the limit dialog (${locale})`, async ({
    page,
  }) => {
    const slugs = await freeSlugs(page, l.prefix);
    expect(slugs.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 4; i++) {
      await page.goto(`${l.prefix}/template/${slugs[i]}`);
      await hydrated(page);
      await expect(page.getByTestId("allowance")).toBeVisible();
      const button = page.getByRole("button", { name: l.pp, exact: true });
      if (i < 3) {
        const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
        expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-pp\.pptx$/);
        const file = await download.path();
        const zip = readZip(fs.readFileSync(file));
        const slides = zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length;
        expect(zip.read(`ppt/slides/slide${slides}.xml`)).toContain("Template by SlideNest");
      } else {
        await button.click();
        const dialog = page.getByRole("dialog", { name: l.limit });
        await expect(dialog).toBeVisible();
        await expect(page.getByTestId("allowance")).toContainText(l.left);
        await axe(page);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }
    }
  });

  test(`a member's download counts in the header's meter at once, and downloads again from the profile (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `meter-${locale}`);
    const [slug] = await freeSlugs(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const menu = page.getByRole("navigation", { name: l.menu });
    await page.getByRole("button", { name: l.menu }).click();
    await expect(menu).toContainText("0/10");
    await page.getByRole("button", { name: l.menu }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: l.pp, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-pp\.pptx$/);
    // No reload: the download's action revalidated the page's data, the root loader's meter with it.
    await page.getByRole("button", { name: l.menu }).click();
    await expect(menu).toContainText("1/10");
    await page.getByRole("button", { name: l.menu }).click();
    // The profile's history downloads again (this month's template: no credit taken).
    await page.goto(`${l.prefix}/profile/downloads`);
    await hydrated(page);
    await expect(page.getByTestId("downloads-usage")).toContainText(l.usage);
    const [again] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("button", { name: /^PP \(PowerPoint\)/ })
        .first()
        .click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/^[a-z0-9-]+-pp\.pptx$/);
    await expect(page.getByTestId("downloads-usage")).toContainText(l.usage);
    await page.getByRole("button", { name: l.menu }).click();
    await expect(menu).toContainText("1/10");
  });

  test(`a premium template opens the go-premium dialog (${locale})`, async ({ page }) => {
    const html = await (await page.request.get(`${l.prefix}/templates?license=premium`)).text();
    const slug = new RegExp(`href="${l.prefix}/template/([a-z0-9-]+)"`).exec(html)![1];
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: l.pp, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: l.premium });
    await expect(dialog).toBeVisible();
    // Focus stays inside the modal.
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await axe(page);
    await dialog.getByRole("button").first().click();
    await expect(dialog).toBeHidden();
  });
}
