import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { cardExpiry } from "../cards.ts";
import { readZip } from "../zip.ts";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

const L = {
  en: {
    prefix: "",
    upgradePersonal: "Upgrade: Personal",
    address: "Address",
    city: "City",
    country: "Country",
    zip: "Zip or postal code",
    cardNumber: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "CVC",
    pay: /^Pay /,
    tryAgain: "Try again",
    subscribed: "Subscribed!",
    menu: /Account menu/,
    credit: "Credit for unused Personal, monthly",
    cancel: "Cancel subscription",
    reason: "It is too expensive",
    next: "Continue",
    lose: "Unlimited downloads",
    confirm: "Continue cancellation",
    cancelled: /Your subscription is canceled\. You keep your plan until/,
    renew: "Renew",
    renewed: "Subscription renewed!",
    download: /^PDF\W+invoice SN-\d{4}-\d{6}$/,
  },
  es: {
    prefix: "/es",
    upgradePersonal: "Mejorar: Personal",
    address: "Dirección",
    city: "Ciudad",
    country: "País",
    zip: "Código postal",
    cardNumber: "Número de tarjeta",
    expiry: "Caducidad (MM/AA)",
    cvc: "CVC",
    pay: /^Pagar /,
    tryAgain: "Inténtalo de nuevo",
    subscribed: "¡Suscrito!",
    menu: /Menú de la cuenta/,
    credit: "Descuento por Personal, mensual sin usar",
    cancel: "Cancelar suscripción",
    reason: "Es demasiado caro",
    next: "Continuar",
    lose: "Descargas ilimitadas",
    confirm: "Continuar con la cancelación",
    cancelled: /Tu suscripción está cancelada\. Mantienes tu plan hasta el/,
    renew: "Renovar",
    renewed: "¡Suscripción renovada!",
    download: /^PDF\W+factura SN-\d{4}-\d{6}$/,
  },
} as const;

async function premiumSlug(page: Page, prefix: string): Promise<string> {
  const html = await (await page.request.get(`${prefix}/templates?license=premium`)).text();
  const slug = new RegExp(`href="${prefix}/template/([a-z0-9-]+)"`).exec(html)?.[1];
  expect(slug).toBeTruthy();
  return slug as string;
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`pricing -> payment -> thank-you -> premium download, upgrade with proration, cancel and renew, invoice PDF (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndLogIn(page, `Buyer ${locale}`);
    await page.goto(`${l.prefix}/pricing`);
    await hydrated(page);
    await axe(page);
    await page.getByRole("link", { name: l.upgradePersonal }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/payment/personal\\?period=monthly$`));
    await hydrated(page);
    await axe(page);
    await page.getByLabel(l.address).fill("Calle Mayor 1");
    await page.getByLabel(l.city).fill("Madrid");
    await page.getByLabel(l.country).selectOption("ES");
    await page.getByLabel(l.zip).fill("28013");
    await page.getByLabel(l.cardNumber).fill("4000 0000 0000 0002");
    await page.getByLabel(l.expiry).fill(cardExpiry());
    await page.getByLabel(l.cvc).fill("123");
    await page.getByRole("button", { name: l.pay }).click();
    await expect(page.getByRole("alert").filter({ hasText: l.tryAgain })).toBeVisible();
    await axe(page);
    // What was typed stays; the card number is typed again.
    await expect(page.getByLabel(l.address)).toHaveValue("Calle Mayor 1");
    await page.getByLabel(l.cardNumber).fill("4242 4242 4242 4242");
    await page.getByLabel(l.cvc).fill("123");
    await page.getByRole("button", { name: l.pay }).click();
    await expect(page).toHaveURL(/\/thank-you\?amount=7\.99&plan=PERSONAL_MONTHLY&transactionId=txn_/);
    await expect(page.getByRole("heading", { level: 1, name: l.subscribed })).toBeVisible();
    await hydrated(page);
    await axe(page);
    await page.getByRole("button", { name: l.menu }).click();
    await expect(page.getByRole("navigation", { name: l.menu })).toContainText("0/200");

    // A premium template now downloads, without the attribution slide.
    await page.goto(`${l.prefix}/template/${await premiumSlug(page, l.prefix)}`);
    await hydrated(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "PowerPoint", exact: true }).click(),
    ]);
    const zip = readZip(fs.readFileSync((await download.path()) as string));
    const slides = zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length;
    expect(slides).toBeGreaterThan(3);
    expect(zip.read(`ppt/slides/slide${slides}.xml`)).not.toContain("Template by SlideNest");
    await page.getByRole("button", { name: l.menu }).click();
    await expect(page.getByRole("navigation", { name: l.menu })).toContainText("1/200");

    // Upgrade to Commercial: the unused part of the month is credited.
    await page.goto(`${l.prefix}/payment/commercial`);
    await hydrated(page);
    await expect(page.getByText(l.credit)).toBeVisible();
    const due = (await page.getByTestId("due-today").textContent()) ?? "";
    expect(due).toMatch(/7[.,]0\d/);
    await axe(page);
    await page.getByRole("button", { name: l.pay }).click();
    await expect(page).toHaveURL(/\/thank-you\?amount=7\.0\d&plan=COMMERCIAL_MONTHLY/);

    // Cancel at the period end, then renew.
    await page.goto(`${l.prefix}/profile/billing`);
    await hydrated(page);
    await page.getByRole("link", { name: l.cancel }).click();
    await page.getByRole("dialog").getByLabel(l.reason).check();
    await page.getByRole("dialog").getByRole("button", { name: l.next }).click();
    await expect(page.getByRole("dialog")).toContainText(l.lose);
    await axe(page);
    await page.getByRole("dialog").getByRole("button", { name: l.confirm }).click();
    await expect(page.getByRole("status").filter({ hasText: l.cancelled })).toBeVisible();
    await expect(page.getByTestId("cancelled-note")).toBeVisible();
    await page.getByRole("button", { name: l.renew, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: l.renewed })).toBeVisible();
    await expect(page.getByTestId("cancelled-note")).toHaveCount(0);

    // The invoice PDF holds its number.
    await page.goto(`${l.prefix}/profile/invoices`);
    await hydrated(page);
    await axe(page);
    const link = page.getByRole("link", { name: l.download }).first();
    const number = /SN-\d{4}-\d{6}/.exec((await link.textContent()) ?? "")?.[0] as string;
    const [pdf] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const text = spawnSync("pdftotext", [(await pdf.path()) as string, "-"]).stdout.toString();
    expect(text).toContain(number);

    // The saved card on the payments page.
    await page.goto(`${l.prefix}/profile/payments`);
    await hydrated(page);
    await expect(page.getByText(/4242/).first()).toBeVisible();
    await axe(page);
  });
}
