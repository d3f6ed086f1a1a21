import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated } from "./helpers.ts";

test("phone: the menu opens, lists the categories and closes with Escape", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const button = page.getByRole("button", { name: "Open menu" });
  await button.click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Marketing" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  // Nothing overflows sideways at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("phone: filters open as a sheet", async ({ page }) => {
  await page.goto("/templates");
  await hydrated(page);
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.getByRole("heading", { name: "Filters" })).toBeVisible();
  await page.getByRole("button", { name: "Close filters" }).click();
  await expect(page.getByRole("heading", { name: "Filters" })).toBeHidden();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("phone: a catalogue page, its menu and its filters pass axe", async ({ page }) => {
    await page.goto("/templates");
    await hydrated(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await axe(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByRole("heading", { name: "Filters" })).toBeVisible();
    await axe(page);
  });
});
