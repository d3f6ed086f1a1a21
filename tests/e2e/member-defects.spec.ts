import { expect, type Locator, type Page, test } from "@playwright/test";
import { cardExpiry } from "../cards.ts";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

/**
 * The five defects members met every day (issue 19), as a person sees them on a phone (390 px; 360 px for
 * the download meter) and on a desktop (1280 px), in both languages.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

const L = {
  en: {
    prefix: "",
    other: "/es",
    dialog: "What are you interested in?",
    accountSettings: "Account settings",
    logout: "Log out",
    profileNav: "Profile",
    meter: "Your downloads this month",
    meterText: /^\d+ of 200 used$/,
    next: "Next slide",
    filters: "Filters",
    style: "Style",
    color: "Color",
    format: "Format",
    switchTo: "Ver esta página en español",
    openMenu: "Open menu",
    address: "Address",
    city: "City",
    country: "Country",
    zip: "Zip or postal code",
    cardNumber: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    pay: /^Pay /,
    tryAgain: "Try again",
  },
  es: {
    prefix: "/es",
    other: "",
    dialog: "¿Qué te interesa?",
    accountSettings: "Ajustes de la cuenta",
    logout: "Cerrar sesión",
    profileNav: "Perfil",
    meter: "Tus descargas de este mes",
    meterText: /^\d+ de 200 usadas$/,
    next: "Diapositiva siguiente",
    filters: "Filtros",
    style: "Estilo",
    color: "Color",
    format: "Formato",
    switchTo: "View this page in English",
    openMenu: "Abrir menú",
    address: "Dirección",
    city: "Ciudad",
    country: "País",
    zip: "Código postal",
    cardNumber: "Número de tarjeta",
    expiry: "Caducidad (MM/AA)",
    cvc: "CVC",
    pay: /^Pagar /,
    tryAgain: "Inténtalo de nuevo",
  },
} as const;

/** The member's own pages (SPEC §2: the profile area and its children). */
const MEMBER_PAGES = [
  "/profile",
  "/profile/settings",
  "/profile/billing",
  "/profile/payments",
  "/profile/invoices",
  "/profile/downloads",
  "/profile/favorites",
];

async function demoLogIn(page: Page, login: string) {
  const res = await page.request.post("/login", { form: { login, password: "Demo-pass-2026!" }, maxRedirects: 0 });
  expect(res.status(), `log-in of ${login}`).toBe(302);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: page wider than the screen`).toBeLessThanOrEqual(0);
}

/** The element is where it is drawn, uncut: a press at its centre lands on it, with no scrolling first. */
async function expectReachable(locator: Locator, what: string) {
  await expect(locator, what).toBeInViewport({ ratio: 1 });
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return Boolean(at && el.contains(at));
  });
  expect(hit, `${what}: covered or clipped`).toBe(true);
}

/** No two of the options are drawn over each other. */
async function expectNoOverlap(options: Locator, what: string) {
  const overlaps = await options.evaluateAll((els) => {
    const boxes = els.map((el) => el.getBoundingClientRect());
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
        .map(() => i),
    ).length;
  });
  expect(overlaps, `${what}: options drawn over each other`).toBe(0);
}

async function firstTemplatePath(page: Page, prefix: string): Promise<string> {
  const html = await (await page.request.get(`${prefix}/templates`)).text();
  const path = new RegExp(`href="(${prefix}/template/[a-z0-9-]+)"`).exec(html)?.[1];
  expect(path).toBeTruthy();
  return path as string;
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`interests dialog: never over the member's own pages, and it leads to them and to the log-out (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndLogIn(page, `Newcomer ${locale}`, { interests: false });
    const dialog = page.getByRole("dialog", { name: l.dialog });
    for (const [width, size] of WIDTHS) {
      await page.setViewportSize(size);
      // Asked on the home page: this member has not chosen yet.
      await page.goto(`${l.prefix}/`);
      await hydrated(page);
      await expect(dialog, `${width}: asked on the home page`).toBeVisible();
      for (const path of width === "desktop" ? MEMBER_PAGES : ["/profile/settings", "/profile/billing"]) {
        await page.goto(`${l.prefix}${path}`);
        await hydrated(page);
        await page.waitForLoadState("networkidle");
        await expect(dialog, `${width} ${path}: no dialog`).toHaveCount(0);
        await expect(
          page.getByRole("navigation", { name: l.profileNav, exact: true }).getByRole("button", { name: l.logout }),
        ).toBeEnabled();
      }
    }
    // From the dialog itself, on a phone: the account's settings, then the log-out.
    await page.setViewportSize(PHONE);
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    await expect(dialog).toBeVisible();
    await axe(page);
    await dialog.getByRole("link", { name: l.accountSettings }).click();
    await expect(page).toHaveURL(`${l.prefix}/profile/settings`);
    await expect(dialog).toHaveCount(0);
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    await dialog.getByRole("button", { name: l.logout }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/login`));
  });

  test(`download meter: a Personal member's template page fits 360 and 390 px phones and the desktop panel (${locale})`, async ({
    page,
  }) => {
    await demoLogIn(page, "demo-personal");
    const path = await firstTemplatePath(page, l.prefix);
    for (const size of [{ width: 360, height: 780 }, PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(path);
      await hydrated(page);
      const meter = page.getByRole("meter", { name: l.meter });
      await expect(meter).toBeVisible();
      await expect(meter).toHaveAttribute("aria-valuemax", "200");
      await expect(meter).toHaveAttribute("aria-valuetext", l.meterText);
      await expectNoSidewaysScroll(page, `${size.width} px`);
      await expectReachable(page.getByRole("button", { name: l.next }), `${size.width} px: the gallery's Next arrow`);
      // The bar spans its box (200 segments left an empty gap on a desktop).
      const bar = await meter.boundingBox();
      const box = await page.getByTestId("allowance").boundingBox();
      expect(bar && box && bar.width >= box.width * 0.8 && bar.x + bar.width <= box.x + box.width).toBe(true);
    }
    await axe(page);
  });

  test(`filters: one pop-over at a time, Escape and a press outside close it, every option shows (${locale})`, async ({
    page,
  }) => {
    for (const [width, size] of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`${l.prefix}/templates`);
      await hydrated(page);
      if (width === "phone") await page.getByRole("button", { name: l.filters, exact: true }).click();
      const summary = (label: string) => page.locator("summary").filter({ hasText: label });
      const menu = (label: string) => page.locator("details").filter({ has: summary(label) });

      await summary(l.style).click();
      await expect(menu(l.style)).toHaveJSProperty("open", true);
      const styles = menu(l.style).locator("label");
      expect(await styles.count()).toBeGreaterThan(8);
      await expectReachable(styles.first(), `${width}: first style`);
      await expectReachable(styles.last(), `${width}: last style`);
      await expectNoOverlap(styles, `${width}: styles`);

      // Opening Colour closes Style: one at a time. Every colour shows, as a swatch with its name.
      await summary(l.color).click();
      await expect(menu(l.color)).toHaveJSProperty("open", true);
      await expect(menu(l.style)).toHaveJSProperty("open", false);
      const colours = menu(l.color).locator("label");
      expect(await colours.count()).toBeGreaterThan(8);
      await expectReachable(colours.last(), `${width}: last colour`);
      await expectNoOverlap(colours, `${width}: colours`);

      // Escape closes it and gives the focus back to its button.
      await page.keyboard.press("Escape");
      await expect(menu(l.color)).toHaveJSProperty("open", false);
      await expect(summary(l.color)).toBeFocused();

      // A press outside closes it.
      await summary(l.format).click();
      await expect(menu(l.format)).toHaveJSProperty("open", true);
      await (width === "phone"
        ? page.getByRole("heading", { name: l.filters, exact: true })
        : page.getByRole("heading", { level: 1 })
      ).click();
      await expect(menu(l.format)).toHaveJSProperty("open", false);
      await expect(page.locator("details[open]")).toHaveCount(0);

      // The last colour is chosen where it is shown: the list filters by it.
      await summary(l.color).click();
      const last = colours.last();
      const value = await last.locator("input").getAttribute("value");
      await last.click();
      await expect(page).toHaveURL(new RegExp(`[?&]color=${value}(&|$)`));
      if (width === "desktop") await axe(page);
    }
  });

  test(`language switch keeps each page's query once, on every page type with one (${locale})`, async ({ page }) => {
    const pages = [
      "/search?q=plan",
      "/search?q=plan&style=modern",
      "/templates?license=free&page=2",
      "/marketing?style=modern&color=blue",
      "/marketing?page=2",
      "/pitch-deck?format=powerpoint",
      "/blog/search?query=deck",
      "/login?redirect=%2Fprofile",
      "/pricing?period=yearly",
    ];
    const switchLink = page.getByRole("link", { name: l.switchTo });
    for (const path of pages) {
      const res = await page.goto(`${l.prefix}${path}`);
      expect(res?.status(), path).toBe(200);
      const search = new URL(page.url()).search;
      const href = (await switchLink.getAttribute("href")) ?? "";
      expect(href.split("?"), `${path}: ${href}`).toHaveLength(2);
      expect(/^\/es[/?]/.test(href), `${path}: ${href} is in the other language`).toBe(l.other === "/es");
      expect(new URL(href, page.url()).search, path).toBe(search);
    }
    // Switching on a search page leads to the same search once, by click on a desktop and from the phone menu.
    await page.goto(`${l.prefix}/search?q=plan&style=modern`);
    await hydrated(page);
    await switchLink.click();
    await expect(page).toHaveURL(`${l.other}/search?q=plan&style=modern`);
    await page.setViewportSize(PHONE);
    await page.goto(`${l.prefix}/blog/search?query=deck`);
    await hydrated(page);
    await page.getByRole("button", { name: l.openMenu }).click();
    await page.getByRole("link", { name: l.switchTo }).click();
    await expect(page).toHaveURL(`${l.other}/blog/search?query=deck`);
  });

  test(`a declined card's message takes the focus, in view, at phone and desktop widths (${locale})`, async ({
    page,
  }) => {
    await demoLogIn(page, "demo-free");
    for (const [width, size] of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`${l.prefix}/payment/personal?period=monthly`);
      await hydrated(page);
      await page.getByLabel(l.address).fill("Calle Mayor 1");
      await page.getByLabel(l.city).fill("Madrid");
      await page.getByLabel(l.country).selectOption("ES");
      await page.getByLabel(l.zip).fill("28013");
      await page.getByLabel(l.cardNumber).fill("4000 0000 0000 0002");
      await page.getByLabel(l.expiry).fill(cardExpiry());
      await page.getByLabel(l.cvc).fill("123");
      await page.getByRole("button", { name: l.pay }).click();
      const message = page.getByRole("alert").filter({ hasText: l.tryAgain });
      await expect(message).toBeVisible();
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const a = document.activeElement;
              return a && a !== document.body ? (a.querySelector('[role="alert"]') ?? a).textContent : null;
            }),
          { message: `${width}: the focus is on the message` },
        )
        .toContain(l.tryAgain);
      await expect(message, `${width}: the message is in view`).toBeInViewport();
    }
    await axe(page);
  });
}
