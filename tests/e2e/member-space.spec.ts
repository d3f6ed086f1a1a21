import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

/** The member's own space: the interests dialog, collections of favourites and the profile picture. */

const L = {
  en: {
    prefix: "",
    dialog: "What are you interested in?",
    education: "Education",
    business: "Business",
    required: "The interest field is required.",
    save: "Save my interests",
    forYou: "For you: Education",
    forYouBusiness: "For you: Business",
    favorites: "Favorites",
    newCollection: "New collection",
    create: "Create",
    created: "Collection “Pitch ideas” created.",
    duplicate: "A folder with the same name already exists.",
    saveTo: /Collections: /,
    added: "Added to “Pitch ideas”.",
    inOne: "In 1 collection",
    settings: "Account settings",
    choose: "Choose a picture",
    upload: "Upload picture",
    uploaded: "Profile picture updated.",
    invalid: "Invalid file type",
    menu: /Account menu/,
    chart: "Downloads per month",
  },
  es: {
    prefix: "/es",
    dialog: "¿Qué te interesa?",
    education: "Educación",
    business: "Negocios",
    required: "El campo de intereses es obligatorio.",
    save: "Guardar mis intereses",
    forYou: "Para ti: Educación",
    forYouBusiness: "Para ti: Negocios",
    favorites: "Favoritos",
    newCollection: "Nueva colección",
    create: "Crear",
    created: "Colección «Pitch ideas» creada.",
    duplicate: "Ya existe una carpeta con el mismo nombre.",
    saveTo: /Colecciones: /,
    added: "Añadida a «Pitch ideas».",
    inOne: "En 1 colección",
    settings: "Ajustes de la cuenta",
    choose: "Elige una imagen",
    upload: "Subir imagen",
    uploaded: "Foto de perfil actualizada.",
    invalid: "Tipo de archivo no válido",
    menu: /Menú de la cuenta/,
    chart: "Descargas por mes",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`a new account is asked its interests, and the home page then leads with them (${locale})`, async ({ page }) => {
    await signUpAndLogIn(page, `Interests ${locale}`, { interests: false });
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: l.dialog });
    await expect(dialog).toBeVisible();
    // No close button, Escape does nothing (its way out is choosing; the log-out, "Cerrar sesión", is no close).
    await expect(dialog.getByRole("button", { name: /close|cerrar(?! sesión)/i })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await axe(page);
    await dialog.getByRole("button", { name: l.education, exact: true }).click();
    await expect(dialog.getByRole("button", { name: l.education, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // The last one chosen stays chosen.
    await dialog.getByRole("button", { name: l.education, exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(l.required);
    await expect(dialog.getByRole("button", { name: l.education, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await dialog.getByRole("button", { name: l.business, exact: true }).click();
    await dialog.getByRole("button", { name: l.save }).click();
    await expect(dialog).toBeHidden();
    const headings = page.getByRole("heading", { level: 2 });
    await expect(headings.first()).toHaveText(l.forYou);
    await expect(headings.nth(1)).toHaveText(l.forYouBusiness);
    // It does not come back.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(l.forYou);
    await expect(page.getByRole("dialog", { name: l.dialog })).toHaveCount(0);
  });

  test(`collections: create one, refuse a second with the same name, save a template into it (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `Collector ${locale}`);
    await page.goto(`${l.prefix}/profile/favorites`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: l.favorites })).toBeVisible();
    await page.getByLabel(l.newCollection).fill("Pitch ideas");
    await page.getByRole("button", { name: l.create }).click();
    await expect(page.getByText(l.created)).toBeVisible();
    await expect(page.getByRole("link", { name: /Pitch ideas/ })).toBeVisible();
    await page.getByLabel(l.newCollection).fill("PITCH IDEAS");
    await page.getByRole("button", { name: l.create }).click();
    await expect(page.getByText(l.duplicate)).toBeVisible();
    await axe(page);

    // From a template's page: save it into the collection.
    await page.goto(`${l.prefix}/templates`);
    await page.locator("article h2 a, article h3 a").first().click();
    await hydrated(page);
    await page.getByRole("group").first().waitFor({ state: "attached" });
    const menu = page.locator("details[data-folder-menu] > summary");
    await expect(menu).toContainText(locale === "en" ? "Save to collection" : "Guardar en colección");
    await menu.click();
    await page.getByRole("button", { name: /Pitch ideas/ }).click();
    await expect(page.getByText(l.added)).toBeAttached();
    await expect(menu).toContainText(l.inOne);
    await axe(page);

    await page.goto(`${l.prefix}/profile/favorites`);
    await page.getByRole("link", { name: /Pitch ideas/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pitch ideas" })).toBeVisible();
    await expect(page.locator("article")).toHaveCount(1);
    await axe(page);
  });

  test(`profile picture: a renamed PDF is refused, a picture shows in the header; the chart is there (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `Pictured ${locale}`);
    await page.goto(`${l.prefix}/profile/settings`);
    await hydrated(page);
    await page.getByLabel(l.choose).setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
    });
    await page.getByRole("button", { name: l.upload }).click();
    await expect(page.getByText(l.invalid)).toBeVisible();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#f97316" } })
      .png()
      .toBuffer();
    await page.getByLabel(l.choose).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: l.upload }).click();
    await expect(page.getByText(l.uploaded)).toBeVisible();
    await expect(page.getByRole("button", { name: l.menu }).locator("img")).toHaveAttribute("src", /^\/avatars\//);
    await axe(page);

    await page.goto(`${l.prefix}/profile`);
    await expect(page.getByRole("figure", { name: l.chart })).toBeVisible();
    await expect(page.getByRole("table", { name: l.chart })).toBeAttached();
    await axe(page);
  });
}
