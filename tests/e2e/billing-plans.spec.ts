import { expect, type Locator, type Page, test } from "@playwright/test";
import { cardExpiry } from "../cards.ts";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

/**
 * Issue 22: pricing, billing and the profile's tabs. Every state of the period toggle and its "save" chip
 * meets contrast (axe on each state, and the ratio computed from the colours drawn); a drawback is not a
 * benefit; the recommended plan has the primary button; cancelling asks for a reason in the page's
 * language; "Something else" takes words; invoices and their PDF links are in view on a phone; the active
 * profile tab is in view on a phone.
 */
const L = {
  en: {
    prefix: "",
    monthly: "Monthly",
    yearly: /^Annually/,
    save: "save 16%",
    ads: "Ads shown",
    drawback: "Limitation:",
    cancel: "Cancel subscription",
    next: "Continue",
    reasonRequired: "Choose a reason.",
    other: "Something else",
    note: "Tell us more (optional)",
    lose: "200 downloads a month",
    confirm: "Continue cancellation",
    cancelled: /Your subscription is canceled\. You keep your plan until/,
    pdf: /^PDF\W+invoice SN-\d{4}-\d{6}$/,
    recent: "Recent invoices",
    invoicesTab: "Invoices",
  },
  es: {
    prefix: "/es",
    monthly: "Mensual",
    yearly: /^Anual/,
    save: "ahorra un 16 %",
    ads: "Con anuncios",
    drawback: "Limitación:",
    cancel: "Cancelar suscripción",
    next: "Continuar",
    reasonRequired: "Elige un motivo.",
    other: "Otro motivo",
    note: "Cuéntanos más (opcional)",
    lose: "200 descargas al mes",
    confirm: "Continuar con la cancelación",
    cancelled: /Tu suscripción está cancelada\. Mantienes tu plan hasta el/,
    pdf: /^PDF\W+factura SN-\d{4}-\d{6}$/,
    recent: "Facturas recientes",
    invoicesTab: "Facturas",
  },
} as const;

/**
 * The contrast ratio of an element's text against what is drawn behind it: its colour and every
 * ancestor's background, composited (any CSS colour, through a canvas), in the state the page is in now.
 */
async function textContrast(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no canvas");
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], below: number[]) =>
      [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
    const layers: number[][] = [];
    for (let e: Element | null = node; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const bg = rgba(style.backgroundColor);
      const opacity = Number(style.opacity);
      if (bg[3] > 0) layers.push([bg[0], bg[1], bg[2], bg[3] * opacity]);
      if (bg[3] * opacity >= 1) break;
    }
    let back = [255, 255, 255, 1];
    for (const layer of layers.reverse()) back = over(layer, back);
    const fg = over(rgba(getComputedStyle(node).color), back);
    const lum = (c: number[]) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2]);
    };
    const [hi, lo] = [lum(fg), lum(back)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}

/** A paid Personal plan (monthly), bought through the payment page's own action. */
async function subscribe(page: Page) {
  const res = await page.request.post("/payment/personal", {
    form: {
      type: "personal",
      period: "monthly",
      billingName: "Ana García",
      billingEmail: "ana@example.com",
      address: "Calle Mayor 1",
      country: "ES",
      city: "Madrid",
      zip: "28013",
      cardNumber: "4242 4242 4242 4242",
      cardExpiry: cardExpiry(),
      cardCvc: "123",
      attempt: `attempt-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/\/thank-you\?/);
}

/** The box of an element lies wholly inside the viewport's width (nothing to scroll sideways to reach it). */
async function expectInViewWidth(page: Page, el: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`pricing: every state of the period toggle and its chip has contrast; drawbacks and the primary button (${locale})`, async ({
    page,
  }) => {
    for (const period of ["monthly", "yearly"] as const) {
      await page.goto(`${l.prefix}/pricing${period === "yearly" ? "?period=yearly" : ""}`);
      await hydrated(page);
      const toggle = page.getByRole("navigation", {
        name: locale === "en" ? "Billing period" : "Periodo de facturación",
      });
      const monthly = toggle.getByRole("link", { name: l.monthly });
      const yearly = toggle.getByRole("link", { name: l.yearly });
      const chip = yearly.getByText(l.save);
      await expect(period === "yearly" ? yearly : monthly).toHaveAttribute("aria-current", "page");
      const states: [string, () => Promise<void>][] = [
        ["rest", async () => page.mouse.move(0, 0)],
        ["hover monthly", () => monthly.hover()],
        ["hover yearly", () => yearly.hover()],
        ["focus monthly", () => monthly.focus()],
        ["focus yearly", () => yearly.focus()],
      ];
      for (const [state, enter] of states) {
        await enter();
        for (const [name, el] of [
          ["monthly", monthly],
          ["yearly", yearly],
          ["chip", chip],
        ] as const) {
          const ratio = await textContrast(el);
          expect(ratio, `${period}, ${state}: ${name} has ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
        }
        await axe(page);
      }
    }

    // A drawback of the Free plan is not ticked like a benefit: a minus, and said to be a limitation.
    const free = page.getByTestId("plan-free");
    const ads = free.getByRole("listitem").filter({ hasText: l.ads });
    await expect(ads).toHaveCount(1);
    await expect(ads.locator('[data-mark="drawback"]')).toHaveCount(1);
    await expect(ads.locator('[data-mark="benefit"]')).toHaveCount(0);
    expect((await ads.textContent())?.replace(/\s+/g, " ").trim()).toBe(`${l.drawback} ${l.ads}`);

    // The recommended plan (Personal) has the primary button, the others the secondary one.
    const background = (tier: string) =>
      page
        .getByTestId(`plan-${tier}`)
        .getByRole("link")
        .first()
        .evaluate((a) => getComputedStyle(a).backgroundColor);
    const personal = await background("personal");
    expect(personal).not.toBe(await background("free"));
    expect(personal).not.toBe(await background("commercial"));
    expect(await background("free")).toBe(await background("commercial"));
    expect(personal).toBe("rgb(79, 70, 229)");
  });

  test(`cancel: no reason says so in the page's language, "Something else" takes words, losses are marked as losses (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpAndLogIn(page, `Leaver ${locale}`);
    await subscribe(page);
    // Opened by its address (a reload, a link from another page): the dialog stays open once scripts run.
    await page.goto(`${l.prefix}/profile/billing?cancel=reason`);
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    expect(page.url()).toContain("cancel=reason");
    await page.goto(`${l.prefix}/profile/billing`);
    await hydrated(page);
    await page.getByRole("link", { name: l.cancel }).click();
    await expect(dialog.getByRole("radio")).toHaveCount(3);
    // The group is required for assistive technology; the radios do not lean on the browser's bubble.
    await expect(dialog.getByRole("radiogroup")).toHaveAttribute("aria-required", "true");
    for (const radio of await dialog.getByRole("radio").all()) expect(await radio.getAttribute("required")).toBeNull();
    const url = page.url();
    await dialog.getByRole("button", { name: l.next }).click();
    await expect(dialog.getByRole("alert")).toHaveText(l.reasonRequired);
    await expect(dialog.getByRole("radiogroup")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("radio").first()).toBeFocused();
    expect(page.url()).toBe(url);
    await axe(page);

    // "Something else" opens a field for the member's words, which go on with the reason.
    await expect(dialog.getByLabel(l.note)).toBeHidden();
    await dialog.getByLabel(l.other).check();
    await expect(dialog.getByLabel(l.note)).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await dialog.getByLabel(l.note).fill("Me mudo a otra herramienta");
    await axe(page);
    await dialog.getByRole("button", { name: l.next }).click();
    await expect(page).toHaveURL(/cancel=lose&reason=other&note=Me/);
    const losses = dialog.getByTestId("cancel-losses");
    await expect(losses).toContainText(l.lose);
    const items = await losses.getByRole("listitem").count();
    expect(items).toBeGreaterThan(3);
    await expect(losses.locator('[data-mark="loss"]')).toHaveCount(items);
    await axe(page);
    await dialog.getByRole("button", { name: l.confirm }).click();
    await expect(page.getByRole("status").filter({ hasText: l.cancelled })).toBeVisible();
  });

  test(`phone (390 px): invoices and their PDF links in view, billing shows the recent ones, the active tab is in view (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndLogIn(page, `Phone ${locale}`);
    await subscribe(page);

    await page.goto(`${l.prefix}/profile/invoices`);
    await hydrated(page);
    const pdf = page.getByRole("link", { name: l.pdf }).first();
    await expect(pdf).toBeVisible();
    await expectInViewWidth(page, pdf);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The active tab (Invoices, near the strip's end) was brought into view, without moving the page.
    const tabs = page.getByRole("navigation", { name: locale === "en" ? "Profile" : "Perfil", exact: true });
    const active = tabs.locator('[aria-current="page"]');
    await expect(active).toHaveText(l.invoicesTab);
    await expect.poll(async () => (await active.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await expectInViewWidth(page, active);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await axe(page);

    await page.goto(`${l.prefix}/profile/payments`);
    await hydrated(page);
    const invoiceLink = page.getByRole("link", { name: /SN-\d{4}-\d{6}/ }).first();
    await expectInViewWidth(page, invoiceLink);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe(page);

    await page.goto(`${l.prefix}/profile/billing`);
    await hydrated(page);
    const recent = page.getByRole("region", { name: l.recent });
    await expect(recent.getByRole("link", { name: l.pdf })).toHaveCount(1);
    await expectInViewWidth(page, recent.getByRole("link", { name: l.pdf }));
    await axe(page);
  });
}
