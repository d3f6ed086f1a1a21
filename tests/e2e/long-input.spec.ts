import { expect, test } from "@playwright/test";

/**
 * Long unbroken input (a pasted 480-character "word") must not make a page wider than the screen: the
 * search results, the blog's search and a 404 that repeats what was asked, in both languages, at phone
 * and desktop widths.
 */
const word = "presentation".repeat(40);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`long unbroken input never widens a page (${width} px)`, async ({ page }) => {
      for (const path of [
        `/search?q=${word}`,
        `/es/search?q=${word}`,
        `/blog/search?q=${word}`,
        `/es/blog/search?q=${word}`,
        `/${word.slice(0, 300)}`,
        `/es/template/${word.slice(0, 110)}`,
      ]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path.slice(0, 40)).toBeLessThanOrEqual(0);
      }
    });
  });
}
