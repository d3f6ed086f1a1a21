import { expect, test } from "@playwright/test";
import { hydrated } from "./helpers.ts";

/**
 * A page is drawn before its scripts, its words and its manifest are asked for (ADR 0037): on a phone the first paint no longer waits
 * for 100-170 kB of JavaScript to arrive and run. The page still becomes interactive, in both languages,
 * and a page opened in a tab that draws no frames still hydrates.
 */

const PAGES = { en: ["/", "/business", "/pricing"], es: ["/es", "/es/business", "/es/pricing"] } as const;

for (const locale of ["en", "es"] as const) {
  test(`pages paint before their scripts are fetched, then hydrate (${locale})`, async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") refused.push(m.text());
    });
    for (const path of PAGES[locale]) {
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
          .map((e) => e.startTime);
        return { fcp, firstScript: Math.min(...scripts), scripts: scripts.length };
      });
      expect(timing.fcp, path).toBeGreaterThan(0);
      expect(timing.scripts, path).toBeGreaterThan(3);
      expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.fcp);
    }
    await page.goto(PAGES[locale][0]);
    await hydrated(page);
    expect(await page.locator('script[type="text/x-deferred-module"]').count()).toBe(0);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(3);
    // The words and the manifest came with the scripts, once each.
    expect(await page.locator("link[data-messages]").count()).toBeGreaterThan(1);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    expect(refused).toEqual([]);
  });

  /** How long after the document was parsed its first script was asked for. */
  const scriptDelay = () =>
    performance
      .getEntriesByType("resource")
      .filter((e) => /\/assets\/entry\.client-[^/]+\.js$/.test(new URL(e.name).pathname))
      .map(
        (e) =>
          e.startTime - (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domInteractive,
      )[0] ?? Number.NaN;

  test(`a page in a tab that draws no frames hydrates at once (${locale})`, async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto(PAGES[locale][1]);
    await hydrated(page);
    // Asked for while the page was read, not after the wait kept for a browser that reports no paint.
    expect(await page.evaluate(scriptDelay)).toBeLessThan(1_000);
  });

  test(`a browser that reports no paint still hydrates, after a short wait (${locale})`, async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "PerformanceObserver", { configurable: true, value: undefined });
    });
    await page.goto(PAGES[locale][2]);
    await hydrated(page);
    expect(await page.evaluate(scriptDelay)).toBeGreaterThanOrEqual(1_000);
  });
}

for (const locale of ["en", "es"] as const) {
  test(`a list's cards out of view are drawn as they come near, without moving the page (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.shifts.push((e as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(locale === "es" ? "/es/business" : "/business");
    await hydrated(page);
    const cards = page.locator(".card-grid > li");
    expect(await cards.count()).toBeGreaterThan(8);
    // On a phone the first card is drawn at once; the last is not laid out until it comes near.
    const drawn = (i: number) =>
      cards.nth(i).evaluate((li) => li.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false);
    expect(await drawn(0)).toBe(true);
    const last = (await cards.count()) - 1;
    expect(await drawn(last)).toBe(false);
    // Down the page as a thumb would, until the last card is on screen.
    await cards.nth(last).evaluate(async (li) => {
      for (let y = 300; li.getBoundingClientRect().top > window.innerHeight / 2; y += 300) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    await expect.poll(() => drawn(last)).toBe(true);
    await expect(cards.nth(last).getByRole("link").first()).toBeInViewport();
    await expect(cards.nth(last).locator("img")).toBeVisible();
    // Nothing on screen moved while the cards were drawn on the way down.
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
  });
}

for (const locale of ["en", "es"] as const) {
  test(`a card drawn after it came near keeps its ring and its hover shadow (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(locale === "es" ? "/es/business" : "/business");
    await hydrated(page);
    const card = page.locator(".card-grid > li").nth(9).locator(".card-tile");
    await card.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const box = await card.boundingBox();
    if (!box) throw new Error("no card box");
    // One pixel of the page: the same bytes for the same colour.
    const pixel = (x: number, y: number) => page.screenshot({ clip: { x, y, width: 1, height: 1 } });
    const background = await pixel(box.x + box.width + 12, box.y + box.height / 2);
    // The ring, drawn just outside the card's box (a card paints only inside its box unless given room).
    expect((await pixel(box.x + box.width, box.y + box.height / 2)).equals(background)).toBe(false);
    // The shadow a hovered card casts below itself.
    const below = () => pixel(box.x + box.width / 2, box.y + box.height + 8);
    const still = await below();
    await card.hover();
    await expect.poll(async () => (await below()).equals(still)).toBe(false);
  });
}
