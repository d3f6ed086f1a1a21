import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

// Each test stands alone (its own member, no shared account): both workers may take them, so that this file,
// late in the run, does not end it on one worker (docs/decisions/0023, "Eighth pass").
test.describe.configure({ mode: "parallel" });

/**
 * The template page on a phone (issue 22): the pinned download bar, the thumbnails as one tab stop, the
 * full-screen slide viewer, the colour in the address, and "You downloaded this" for a member.
 */
const L = {
  en: {
    prefix: "",
    bar: "Download this template",
    download: "Download",
    open: "View full screen",
    close: "Close full-screen view",
    thumbnails: "All slides",
    pp: "PowerPoint",
    downloaded: "You downloaded this on",
    history: "See your download history",
  },
  es: {
    prefix: "/es",
    bar: "Descargar esta plantilla",
    download: "Descargar",
    open: "Ver a pantalla completa",
    close: "Cerrar la vista a pantalla completa",
    thumbnails: "Todas las diapositivas",
    pp: "PowerPoint",
    downloaded: "Descargaste esta plantilla el",
    history: "Ver tu historial de descargas",
  },
} as const;

/** Free templates' slugs of a locale, as the catalogue lists them. */
async function freeSlugs(page: Page, prefix: string): Promise<string[]> {
  const html = await (await page.request.get(`${prefix}/templates?license=free`)).text();
  const re = new RegExp(`href="${prefix}/template/([a-z0-9-]+)"`, "g");
  return [...new Set([...html.matchAll(re)].map((m) => m[1]))];
}

/** A free template with more than one colour, and its colours' slugs. */
async function manyColours(page: Page, prefix: string): Promise<{ slug: string; colours: string[] }> {
  for (const slug of await freeSlugs(page, prefix)) {
    const html = await (await page.request.get(`${prefix}/template/${slug}`)).text();
    const colours = [...html.matchAll(/<input\b[^>]*\bname="color"[^>]*\bvalue="([a-z0-9-]+)"/g)].map((m) => m[1]);
    if (colours.length > 1) return { slug, colours };
  }
  throw new Error("no template with two colors");
}

const slidesOf = async (page: Page) => Number((await page.getByTestId("slide-counter").textContent())!.split("/")[1]);

test.use({ viewport: { width: 390, height: 844 } });

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`phone: the pinned download bar leads to the download choices and steps aside there (${locale})`, async ({
    page,
  }) => {
    const [slug] = await freeSlugs(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const bar = page.getByRole("complementary", { name: l.bar });
    const panel = page.locator("#download-options");
    await expect(bar).toBeVisible();
    await expect(panel).not.toBeInViewport();
    // Pinned to the bottom of the screen, all the way down the page.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(async () => Math.round((await bar.boundingBox())!.y + box.height)).toBe(844);
    // At the end it rests in its own room before the footer, covering nothing.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeVisible();
    const footer = (await page.locator("footer").boundingBox())!;
    const rest = (await bar.boundingBox())!;
    expect(rest.y + rest.height).toBeLessThanOrEqual(footer.y);
    await page.evaluate(() => window.scrollTo(0, 0));
    await axe(page);

    await bar.getByRole("link", { name: l.download }).click();
    await expect(panel).toBeInViewport();
    await expect(panel).toBeFocused();
    await expect(page.getByRole("button", { name: l.pp, exact: true })).toBeInViewport();
    // The panel in view: the bar is out of the way (and out of the tab order); the address is unchanged.
    await expect(bar).toBeHidden();
    expect(new URL(page.url()).hash).toBe("");
    // Back up at the gallery, it is there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible();
    // Nothing overflows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test(`phone: the thumbnails are one tab stop whose arrows move the slide shown (${locale})`, async ({ page }) => {
    const [slug] = await freeSlugs(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const total = await slidesOf(page);
    expect(total).toBeGreaterThan(3);
    const strip = page.getByRole("tablist", { name: l.thumbnails });
    const tabs = strip.getByRole("tab");
    await expect(tabs).toHaveCount(total);
    await expect(strip.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");

    // From the slide, Tab reaches the strip once; the next Tab leaves it.
    await page.getByTestId("gallery").focus();
    let presses = 0;
    while (presses < 10 && !(await tabs.first().evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press("Tab");
      presses++;
    }
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("slide-counter")).toHaveText(`2 / ${total}`);
    await page.keyboard.press("End");
    await expect(tabs.last()).toBeFocused();
    await expect(page.getByTestId("slide-counter")).toHaveText(`${total} / ${total}`);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("slide-counter")).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Home");
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("slide-counter")).toHaveText(`3 / ${total}`);
    await expect(strip.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await expect(tabs.nth(2)).toHaveAttribute("tabindex", "0");
    // One Tab leaves the strip: no other thumbnail is a stop.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("tab");
    // And the download's first button is a few stops on, not one per slide.
    let toDownload = 0;
    const pp = page.getByRole("button", { name: l.pp, exact: true });
    while (toDownload < 30 && !(await pp.evaluate((el) => el === document.activeElement))) {
      await page.keyboard.press("Tab");
      toDownload++;
    }
    await expect(pp).toBeFocused();
    expect(toDownload).toBeLessThanOrEqual(15);
    await axe(page);
  });

  test(`phone: the full-screen viewer moves with the arrows and a swipe, closes with Escape and gives the focus back (${locale})`, async ({
    page,
  }) => {
    const [slug] = await freeSlugs(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const total = await slidesOf(page);
    await page.getByRole("tablist", { name: l.thumbnails }).getByRole("tab").nth(1).click();
    const opener = page.getByRole("button", { name: l.open });
    await opener.click();
    const viewer = page.getByRole("dialog");
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("heading", { level: 2 })).toBeVisible();
    const counter = viewer.getByTestId("viewer-counter");
    await expect(counter).toHaveText(`2 / ${total}`);
    const image = viewer.getByTestId("viewer-image");
    await expect(image).toHaveAttribute("src", /\/2-1280\.webp$/);
    await expect(image).toHaveAttribute("srcset", /320w.*1280w/);
    // Large: the whole width of the phone.
    expect((await image.boundingBox())!.width).toBeGreaterThan(350);
    await axe(page);

    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`3 / ${total}`);
    await expect(image).toHaveAttribute("src", /\/3-1280\.webp$/);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press("End");
    await expect(counter).toHaveText(`${total} / ${total}`);
    await page.keyboard.press("Home");
    await expect(counter).toHaveText(`1 / ${total}`);
    // A swipe to the left shows the next slide.
    const b = (await image.boundingBox())!;
    const y = b.y + b.height / 2;
    await page.mouse.move(b.x + b.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(counter).toHaveText(`2 / ${total}`);
    // Tab and Shift+Tab go round the dialog's controls, never out of it.
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await viewer.evaluate((d) => d.contains(document.activeElement) && d !== document.activeElement)).toBe(
        true,
      );
    }
    await expect(viewer.getByRole("button", { name: l.close })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
    // The page shows the slide last seen.
    await expect(page.getByTestId("slide-counter")).toHaveText(`2 / ${total}`);
    // The close button closes it too.
    await opener.click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole("button", { name: l.close }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test(`phone: the colour picked goes in the address without a request, and a reload keeps it (${locale})`, async ({
    page,
  }) => {
    const { slug, colours } = await manyColours(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const second = colours[1];
    const radio = page.locator(`input[name="color"][value="${second}"]`);
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith(".data")) dataRequests.push(r.url());
    });
    const swatch = page.locator("label", { has: radio });
    await swatch.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await swatch.click();
    await expect(radio).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`[?&]color=${second}(&|$)`));
    // No revalidation (no data request), no scroll to the top.
    await page.waitForTimeout(300);
    expect(dataRequests).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    const src = await page.getByTestId("gallery").locator("img").getAttribute("src");

    await page.reload();
    await hydrated(page);
    await expect(page.locator(`input[name="color"][value="${second}"]`)).toBeChecked();
    await expect(page.getByTestId("gallery").locator("img")).toHaveAttribute("src", src!);
    await expect(page).toHaveURL(new RegExp(`[?&]color=${second}(&|$)`));
    // The first colour back in the address too.
    await page.locator("label", { has: page.locator(`input[name="color"][value="${colours[0]}"]`) }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]color=${colours[0]}(&|$)`));
  });

  test(`a member who downloaded the template is told so, with their history a link away (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `noted-${locale}`);
    const [slug] = await freeSlugs(page, l.prefix);
    await page.goto(`${l.prefix}/template/${slug}`);
    await hydrated(page);
    const note = page.getByTestId("downloaded-note");
    await expect(note).toHaveCount(0);
    await page.getByRole("complementary", { name: l.bar }).getByRole("link", { name: l.download }).click();
    await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: l.pp, exact: true }).click()]);
    // The download revalidates the page: the note is there without a reload.
    await expect(note).toContainText(l.downloaded);
    await axe(page);
    await note.getByRole("link", { name: l.history }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/profile/downloads`));
  });
}
