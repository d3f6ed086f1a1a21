import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

// Each test stands alone (its own member, no shared account): both workers may take them, so that this file,
// late in the run, does not end it on one worker (docs/decisions/0023, "Eighth pass").
test.describe.configure({ mode: "parallel" });

/**
 * Issue 22's polish of lists, cards, the home page, the header on phones, the filter sheet, the FAQ and the
 * collections, measured in the browser at a phone's width (390 px) and a desktop's (1280 px).
 */

const L = {
  en: {
    prefix: "",
    openMenu: "Open menu",
    menu: "Menu",
    login: "Log in",
    filters: "Filters",
    showResults: /^Show (\d+)\+? results?$/,
    results: /^(\d+)\+? templates?$/,
    free: "Free",
    licence: "License",
    greeting: /^Hi, /,
    forYou: /^For you: /,
    trending: "Trending this week",
  },
  es: {
    prefix: "/es",
    openMenu: "Abrir menú",
    menu: "Menú",
    login: "Iniciar sesión",
    filters: "Filtros",
    showResults: /^Ver (?:más de )?(\d+) resultados?$/,
    results: /^(?:Más de )?(\d+) plantillas?$/,
    free: "Gratis",
    licence: "Licencia",
    greeting: /^Hola, /,
    forYou: /^Para ti: /,
    trending: "Tendencias de la semana",
  },
} as const;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The cards of the page's grids: for each grid row (same top), the heights of its cards and of their previews. */
async function gridRows(page: Page) {
  return page.evaluate(() => {
    const rows = new Map<string, { card: number[]; media: number[]; ratio: number[] }>();
    for (const grid of document.querySelectorAll("ul.card-grid")) {
      for (const li of grid.querySelectorAll(":scope > li")) {
        const card = li.getBoundingClientRect();
        const media = li.querySelector(".card-media")?.getBoundingClientRect();
        if (!media) continue;
        const key = `${grid.getBoundingClientRect().top.toFixed(0)}:${Math.round(card.top + window.scrollY)}`;
        const row = rows.get(key) ?? { card: [], media: [], ratio: [] };
        row.card.push(card.height);
        row.media.push(media.height);
        row.ratio.push(media.width / media.height);
        rows.set(key, row);
      }
    }
    return [...rows.values()];
  });
}

/** Each card's colour dots: their tops, the count shown, "+k" and the colours the card has. */
async function cardDots(page: Page) {
  return page.locator(".card-colors").evaluateAll((groups) =>
    groups.map((g) => {
      const dots = [...g.querySelectorAll(":scope > i")].map((i) => i.getBoundingClientRect());
      const card = g.closest("article")?.getBoundingClientRect();
      const box = g.getBoundingClientRect();
      return {
        colors: Number(g.getAttribute("data-colors")),
        tops: dots.map((d) => Math.round(d.top)),
        more: g.querySelector("[data-more-colors]")?.textContent ?? null,
        inside: card ? box.left >= card.left - 0.5 && box.right <= card.right + 0.5 : false,
        light: [...g.querySelectorAll(":scope > i")].map((i) => ({
          light: i.hasAttribute("data-light"),
          background: getComputedStyle(i).backgroundColor,
          ring: getComputedStyle(i).boxShadow,
        })),
      };
    }),
  );
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  for (const viewport of [PHONE, DESKTOP]) {
    test.describe(`${viewport.width} px (${locale})`, () => {
      test.use({ viewport });

      test(`lists: one height per grid row, 16:9 previews, colour dots on one line (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.goto(`${l.prefix}/templates`);
        await hydrated(page);
        const rows = await gridRows(page);
        expect(rows.length).toBeGreaterThan(viewport === PHONE ? 10 : 4);
        for (const row of rows) {
          expect(Math.max(...row.card) - Math.min(...row.card), `card heights ${row.card}`).toBeLessThanOrEqual(1);
          expect(Math.max(...row.media) - Math.min(...row.media), `preview heights ${row.media}`).toBeLessThanOrEqual(
            1,
          );
          for (const r of row.ratio) expect(Math.abs(r - 16 / 9), `preview ratio ${r}`).toBeLessThan(0.02);
        }
        const dots = await cardDots(page);
        expect(dots.length).toBeGreaterThan(3);
        for (const d of dots) {
          expect(new Set(d.tops).size, "the dots share one line").toBe(1);
          expect(d.inside, "the dots stay inside their card").toBe(true);
          expect(d.tops.length).toBe(Math.min(d.colors, 4));
          expect(d.more).toBe(d.colors > 4 ? `+${d.colors - 4}` : null);
          // A white (or other light) dot has a ring that shows on the white card; a dark one keeps the faint one.
          for (const dot of d.light) {
            const white = dot.background === "rgb(255, 255, 255)";
            if (white) expect(dot.light).toBe(true);
            if (dot.light) expect(dot.ring).toContain("0.55");
          }
        }
        // The facts under every card of a row start at the same height (two lines of the same shape).
        const metaTops = await page
          .locator("ul.card-grid > li .card-meta")
          .evaluateAll((els) =>
            els.map((e) => [
              Math.round(e.closest("li")?.getBoundingClientRect().top ?? 0),
              e.getBoundingClientRect().height,
            ]),
          );
        const heights = new Set(metaTops.map(([, h]) => Math.round(h)));
        expect(heights.size, `meta heights ${[...heights]}`).toBe(1);
        await axe(page);
      });

      test(`home for a guest: the hero, its collage only on large screens, the sticky header's share (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.goto(`${l.prefix}/`);
        await hydrated(page);
        await expect(page.locator("[data-home-hero] h1")).toBeVisible();
        const collage = page.locator("[data-hero-collage]");
        if (viewport === DESKTOP) {
          await expect(collage).toBeVisible();
          const imgs = collage.locator("img");
          await expect(imgs).toHaveCount(3);
          await expect
            .poll(() =>
              imgs.evaluateAll((els) =>
                els.every((i) => {
                  const img = i as HTMLImageElement;
                  return (
                    img.naturalWidth > 0 &&
                    /^http.*\/files\/previews\/v1\/\d+\/1-(480|640|960)\.webp$/.test(img.currentSrc)
                  );
                }),
              ),
            )
            .toBe(true);
          // The collage fills the hero's right half.
          const hero = (await page.locator("[data-home-hero] > div").boundingBox()) ?? { x: 0, width: 0 };
          const box = (await collage.boundingBox()) ?? { x: 0, width: 0 };
          expect(box.x).toBeGreaterThan(hero.x + hero.width / 2 - 40);
          expect(box.width).toBeGreaterThan(hero.width / 3);
        } else {
          await expect(collage).toBeHidden();
          // Nothing of it is fetched on a phone: its images keep the inline pixel.
          expect(
            await collage.locator("img").evaluateAll((els) => els.map((i) => (i as HTMLImageElement).currentSrc)),
          ).toEqual(["", "", ""].map(() => expect.stringMatching(/^data:image\/gif/)));
        }
        // Scrolled down a screen: what stays on top of the page.
        await page.mouse.wheel(0, 900);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
        const top = await page.locator("[data-header-top]").boundingBox();
        const header = await page.getByRole("banner").evaluate((h) => {
          const r = h.getBoundingClientRect();
          return { top: r.top, height: r.height, display: getComputedStyle(h).display };
        });
        const strip = await page
          .getByRole("navigation", { name: /^(Categories and lists|Categorías y listas)$/ })
          .boundingBox();
        const search = page.getByRole("combobox").first();
        await expect(search).toBeInViewport();
        if (viewport === PHONE) {
          expect(top?.y).toBe(0);
          expect(top?.height ?? 999, "the phone's sticky header").toBeLessThanOrEqual(0.2 * viewport.height);
          expect(top?.height ?? 999).toBeLessThanOrEqual(120);
          // The category strip scrolled away with the page.
          expect((strip?.y ?? 0) + (strip?.height ?? 0)).toBeLessThanOrEqual(0);
        } else {
          expect(header.top).toBe(0);
          expect(header.display).toBe("block");
          // From md up the strip stays under the header.
          expect(strip?.y ?? -1).toBeGreaterThan(0);
        }
        await axe(page);
      });

      test(`the FAQ's questions open with the design's chevron, no browser marker (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.goto(`${l.prefix}/faq`);
        await hydrated(page);
        const summary = page.locator("details > summary").first();
        await expect(summary).toBeVisible();
        const look = () =>
          summary.evaluate((s) => {
            const after = getComputedStyle(s, "::after");
            return {
              display: getComputedStyle(s).display,
              listStyle: getComputedStyle(s).listStyleType,
              marker: getComputedStyle(s, "::marker").content,
              chevron: after.content,
              rotate: after.rotate,
              width: after.width,
            };
          });
        const closed = await look();
        expect(closed.display).toBe("flex");
        expect(closed.listStyle).toBe("none");
        expect(["none", '""', "normal"]).toContain(closed.marker);
        expect(closed.chevron).toBe('""');
        expect(closed.rotate).toBe("45deg");
        expect(closed.width).toBe("8px");
        await summary.click();
        await expect(summary.locator("xpath=..")).toHaveAttribute("open", "");
        await expect.poll(async () => (await look()).rotate).toBe("-135deg");
        await axe(page);
      });
    });
  }

  test.describe(`phone (${locale})`, () => {
    test.use({ viewport: PHONE });

    test(`the menu shows "Log in" once, the header's (${locale})`, async ({ page }) => {
      await page.goto(`${l.prefix}/`);
      await hydrated(page);
      await page.getByRole("button", { name: l.openMenu }).click();
      const menu = page.getByRole("navigation", { name: l.menu, exact: true });
      await expect(menu).toBeVisible();
      await expect(page.getByRole("link", { name: l.login, exact: true })).toHaveCount(1);
      await expect(menu.getByRole("link", { name: l.login, exact: true })).toHaveCount(0);
      await expect(page.getByRole("banner").getByRole("link", { name: l.login, exact: true })).toBeVisible();
      // The menu opens under the sticky rows even when the page is scrolled.
      await page.keyboard.press("Escape");
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await page.getByRole("button", { name: l.openMenu }).click();
      await expect(menu).toBeInViewport();
      await axe(page);
    });

    test(`the filter sheet's button counts the results the filters give (${locale})`, async ({ page }) => {
      await page.goto(`${l.prefix}/templates`);
      await hydrated(page);
      const count = async () =>
        Number(l.results.exec((await page.getByText(l.results).first().textContent()) ?? "")?.[1]);
      const all = await count();
      expect(all).toBeGreaterThan(20);
      await page.getByRole("button", { name: l.filters, exact: true }).click();
      const sheetButton = page.getByRole("button", { name: l.showResults });
      await expect(sheetButton).toBeVisible();
      expect(Number(l.showResults.exec((await sheetButton.textContent()) ?? "")?.[1])).toBe(all);
      // A filter changed in the sheet: the button follows the list's own new count.
      await page.locator("details.filter-menu > summary", { hasText: l.licence }).click();
      await page.getByRole("checkbox", { name: l.free, exact: true }).check();
      await expect(page).toHaveURL(/license=free/);
      await expect
        .poll(async () => Number(l.showResults.exec((await sheetButton.textContent()) ?? "")?.[1]))
        .toBeLessThan(all);
      const filtered = Number(l.showResults.exec((await sheetButton.textContent()) ?? "")?.[1]);
      await axe(page);
      await sheetButton.click();
      await expect(page.getByRole("heading", { name: l.filters })).toBeHidden();
      expect(await count()).toBe(filtered);
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`a member's home leads with For you, and their collections show collages (${locale}, ${viewport.width})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await signUpAndLogIn(page, `Polish ${locale} ${viewport.width}`);
      await page.goto(`${l.prefix}/`);
      await hydrated(page);
      await expect(page.locator("[data-home-hero]")).toHaveCount(0);
      const h1 = page.locator("main h1");
      await expect(h1).toHaveText(l.greeting);
      const h2s = await page.locator("main h2").allTextContents();
      expect(h2s[0]).toMatch(l.forYou);
      expect(h2s.indexOf(l.trending)).toBeGreaterThan(0);
      // "For you" starts in the first screen.
      const first = await page.locator("main h2").first().boundingBox();
      expect(first?.y ?? 9999).toBeLessThan(viewport.height * 0.5);
      await axe(page);

      // Collections: one with three templates, one empty.
      const templateIds = (
        await page
          .locator('main article button[name="templateId"]')
          .evaluateAll((els) => els.map((e) => Number((e as HTMLButtonElement).value)))
      ).slice(0, 3);
      expect(templateIds).toHaveLength(3);
      expect(templateIds.every((n) => n > 0)).toBe(true);
      const favorites = `${l.prefix}/profile/favorites`;
      await page.request.post(favorites, { form: { intent: "createFolder", name: "Three" } });
      await page.request.post(favorites, { form: { intent: "createFolder", name: "Nothing yet" } });
      await page.goto(favorites);
      const three = page.locator("[data-folder-card]", { hasText: "Three" });
      const folderId = await three.getAttribute("data-folder-card");
      for (const templateId of templateIds)
        await page.request.post(favorites, {
          form: { intent: "addToFolder", folderId: String(folderId), templateId: String(templateId) },
        });
      await page.reload();
      await hydrated(page);
      await expect(three.locator("[data-collage-tiles]")).toHaveAttribute("data-collage-tiles", "3");
      await expect
        .poll(() =>
          three.locator("img").evaluateAll((els) => els.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
        )
        .toBe(3);
      const empty = page.locator("[data-folder-card]", { hasText: "Nothing yet" });
      await expect(empty.locator("[data-collage-tiles]")).toHaveAttribute("data-collage-tiles", "0");
      await expect(empty.locator("img")).toHaveCount(0);
      // Both collages have the same box, so the list's rows line up.
      const a = await three.locator("[data-collage-tiles]").boundingBox();
      const b = await empty.locator("[data-collage-tiles]").boundingBox();
      expect(Math.abs((a?.height ?? 0) - (b?.height ?? 1))).toBeLessThanOrEqual(1);
      expect(Math.abs((a?.width ?? 0) / (a?.height ?? 1) - 16 / 9)).toBeLessThan(0.03);
      await axe(page);
    });
  }
}
