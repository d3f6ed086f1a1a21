import { expect, type Page, test } from "@playwright/test";
import { qrOfPdf, textOfPdf } from "../qr.ts";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

/**
 * Licences (issue 22) as a person meets them: right after a download the panel shows the licence's code
 * with its certificate and check links; a member names the project there and finds it in the Licences
 * tab; a guest sees the code too. Both languages, with axe on each screen.
 */

async function firstFreeSlug(page: Page, prefix: string, skip = 0): Promise<string> {
  const html = await (await page.request.get(`${prefix}/templates?license=free`)).text();
  const slugs = [
    ...new Set([...html.matchAll(new RegExp(`href="${prefix}/template/([a-z0-9-]+)"`, "g"))].map((m) => m[1])),
  ];
  expect(slugs.length).toBeGreaterThan(skip);
  return slugs[skip];
}

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

const L = {
  en: {
    prefix: "",
    started: "Your download has started.",
    certificate: /^Certificate \(PDF\)/,
    check: /^Check it/,
    addProject: "Add the project it is for (optional)",
    project: /^Project \(optional\)/,
    save: "Save",
    saved: "Project saved.",
    tab: "Licenses",
    kind: "Free license (with attribution)",
    guestNote: "the certificate opens in this browser only",
    valid: "Valid license",
    certificateTitle: "License certificate",
  },
  es: {
    prefix: "/es",
    started: "Tu descarga ha comenzado.",
    certificate: /^Certificado \(PDF\)/,
    check: /^Comprobarla/,
    addProject: "Añade el proyecto al que va (opcional)",
    project: /^Proyecto \(opcional\)/,
    save: "Guardar",
    saved: "Proyecto guardado.",
    tab: "Licencias",
    kind: "Licencia gratuita",
    guestNote: "el certificado solo se abre en este navegador",
    valid: "Licencia válida",
    certificateTitle: "Certificado de licencia",
  },
} as const;

/** Opens the licence's certificate from its link: the PDF the browser saves. */
async function certificate(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [saved] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const file = await saved.path();
  expect(file).toBeTruthy();
  const { readFileSync } = await import("node:fs");
  return readFileSync(file as string);
}

/** Downloads the page's template as PowerPoint through the panel and answers the licence panel shown. */
async function downloadAndSeeLicence(page: Page, started: string) {
  await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "PowerPoint", exact: true }).click(),
  ]);
  const licence = page.getByTestId("grant-licence");
  await expect(licence).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: started })).toBeVisible();
  const code = (await licence.getByTestId("licence-code").textContent())?.trim() ?? "";
  expect(code).toMatch(CODE);
  return { licence, code };
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`a member downloads, names the licence's project in the panel and finds it in the Licences tab (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `licensee-${locale}`);
    await page.goto(`${l.prefix}/template/${await firstFreeSlug(page, l.prefix, 1)}`);
    await hydrated(page);
    const { licence, code } = await downloadAndSeeLicence(page, l.started);
    await expect(licence.getByRole("link", { name: l.certificate })).toHaveAttribute(
      "href",
      `${l.prefix}/licence/${code}/pdf`,
    );
    await expect(licence.getByRole("link", { name: l.check })).toHaveAttribute("href", `${l.prefix}/licence/${code}`);
    // The project field stays folded until asked for.
    const field = licence.getByRole("textbox", { name: l.project });
    await expect(field).toBeHidden();
    await licence.getByText(l.addProject).click();
    await field.fill(`Harbour pitch ${locale}`);
    await licence.getByRole("button", { name: l.save }).click();
    await expect(licence.getByRole("status")).toHaveText(l.saved);
    await axe(page);

    // The certificate names the project, and its QR code leads a phone to the public check of the code.
    const pdf = await certificate(page, licence.getByRole("link", { name: l.certificate }));
    const printed = textOfPdf(pdf).replace(/\s+/g, " ");
    expect(printed).toContain(l.certificateTitle);
    expect(printed).toContain(code);
    expect(printed).toContain(`Harbour pitch ${locale}`);
    const scanned = await qrOfPdf(pdf);
    expect(scanned).toMatch(new RegExp(`${l.prefix}/licence/${code}$`));
    const checkPath = new URL(scanned as string).pathname;
    await page.goto(checkPath);
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(main.getByText(l.valid, { exact: true })).toBeVisible();
    await expect(main).toContainText(`licensee-${locale}`);
    await expect(main).toContainText(code);
    // Anyone may check a code: the project stays the member's.
    await expect(main).not.toContainText("Harbour pitch");
    await axe(page);

    // Through the profile's navigation, to the Licences tab.
    await page.goto(`${l.prefix}/profile`);
    await hydrated(page);
    await page.getByRole("link", { name: l.tab, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/profile/licences$`));
    await expect(page.getByRole("heading", { level: 1, name: l.tab })).toBeVisible();
    const row = page.locator(`#licence-${code}`);
    await expect(row.getByTestId("licence-code")).toHaveText(code);
    await expect(row).toContainText(l.kind);
    await expect(row.getByRole("textbox")).toHaveValue(`Harbour pitch ${locale}`);
    // Renamed in place from the tab, kept after a reload.
    await row.getByRole("textbox").fill(`Harbour pitch ${locale}, final`);
    await row.getByRole("button", { name: l.save }).click();
    await expect(row.getByRole("status")).toHaveText(l.saved);
    await page.reload();
    await expect(page.locator(`#licence-${code}`).getByRole("textbox")).toHaveValue(`Harbour pitch ${locale}, final`);
    await axe(page);
  });

  test(`a guest downloads and sees the licence's code, certificate and check (${locale})`, async ({ page }) => {
    await page.goto(`${l.prefix}/template/${await firstFreeSlug(page, l.prefix, 2)}`);
    await hydrated(page);
    const { licence, code } = await downloadAndSeeLicence(page, l.started);
    await expect(licence).toContainText(l.kind);
    await expect(licence).toContainText(l.guestNote);
    await expect(licence.getByRole("link", { name: l.certificate })).toHaveAttribute(
      "href",
      `${l.prefix}/licence/${code}/pdf`,
    );
    // No project for a guest: the field is a member's.
    await expect(licence.getByRole("textbox")).toHaveCount(0);
    await axe(page);
    // The guest's certificate: this browser's, no name on it.
    const printed = textOfPdf(await certificate(page, licence.getByRole("link", { name: l.certificate })));
    expect(printed.replace(/\s+/g, " ")).toContain(code);
  });
}

/** Presses Tab until `target` has the focus (at most `max` times): the way a keyboard reaches it. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>, max = 120, back = false) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return i + 1;
  }
  throw new Error(`not reached by ${max} Tabs`);
}

test("keyboard only: a member downloads, names the project and saves the certificate without the pointer", async ({
  page,
}) => {
  const l = L.en;
  await signUpAndLogIn(page, "keyboard-licensee");
  await page.goto(`/template/${await firstFreeSlug(page, "", 3)}`);
  await hydrated(page);
  // From the top of the page to the PowerPoint download, by Tab: the gallery is one stop, not one per slide.
  const tabs = await tabTo(page, page.getByRole("button", { name: "PowerPoint", exact: true }));
  expect(tabs).toBeLessThan(40);
  await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const licence = page.getByTestId("grant-licence");
  await expect(licence).toBeVisible();
  // The project: open the folded field with the keyboard, type, save with Enter.
  await tabTo(page, licence.getByText(l.addProject), 20);
  await page.keyboard.press("Enter");
  await tabTo(page, licence.getByRole("textbox", { name: l.project }), 5);
  await page.keyboard.type("Keyboard pitch");
  await page.keyboard.press("Enter");
  await expect(licence.getByRole("status")).toHaveText(l.saved);
  // The certificate, reached back with Shift+Tab and opened with Enter.
  const link = licence.getByRole("link", { name: l.certificate });
  await tabTo(page, link, 10, true);
  const [saved] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const { readFileSync } = await import("node:fs");
  expect(textOfPdf(readFileSync((await saved.path()) as string)).replace(/\s+/g, " ")).toContain("Keyboard pitch");
});
