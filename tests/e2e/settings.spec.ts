import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, chooseInterests, hydrated, uniqueEmail } from "./helpers.ts";

// Each test stands alone (its own member, no shared account): both workers may take them, so that this file,
// late in the run, does not end it on one worker (docs/decisions/0023, "Eighth pass").
test.describe.configure({ mode: "parallel" });

const PASSWORD = "Sl1des!rock";

/**
 * A new account through sign-up, the demo outbox and the link, logged in. The form is sent as soon as it
 * is filled in: if the CAPTCHA's proof of work is still running, the submit waits for it by itself.
 */
async function newMember(page: Page, email: string) {
  await page.goto("/signup");
  await hydrated(page);
  await page.getByLabel("Name").fill("Edu Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I am 18 or older/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("link", { name: "Open the demo outbox" }).click();
  // The outbox is every test's: open the mail to this address, not the newest one.
  await page
    .getByRole("link", { name: /Confirm your SlideNest account/ })
    .filter({ hasText: email })
    .click();
  await expect(page.getByRole("article")).toContainText(email);
  await page.getByRole("link", { name: /\/login\?hash=/ }).click();
  await hydrated(page);
  await page.getByLabel("E-mail or username").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await chooseInterests(page);
}

const L = {
  en: {
    prefix: "",
    settings: "Account settings",
    name: "Name",
    username: "Username",
    save: "Save changes",
    saved: "Profile updated.",
    current: "Current password",
    next: "New password",
    confirm: "Repeat the new password",
    change: "Change password",
    wrongCurrent: "Invalid current password",
    changed: "Password updated. Your other devices are signed out.",
    deletePassword: "Your password",
    deleteSection: "Delete account",
    delete: "Delete my account",
    wrongPassword: "Invalid password",
    deleted: "Your account has been deleted.",
    menu: /Account menu/,
  },
  es: {
    prefix: "/es",
    settings: "Ajustes de la cuenta",
    name: "Nombre",
    username: "Nombre de usuario",
    save: "Guardar cambios",
    saved: "Perfil actualizado.",
    current: "Contraseña actual",
    next: "Nueva contraseña",
    confirm: "Repite la nueva contraseña",
    change: "Cambiar contraseña",
    wrongCurrent: "La contraseña actual no es válida",
    changed: "Contraseña actualizada. Se ha cerrado la sesión en tus otros dispositivos.",
    deletePassword: "Tu contraseña",
    deleteSection: "Eliminar cuenta",
    delete: "Eliminar mi cuenta",
    wrongPassword: "Contraseña no válida",
    deleted: "Tu cuenta se ha eliminado.",
    menu: /Menú de la cuenta/,
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`settings: edit the name, change the password with the current one, delete the account and sign up again (${locale})`, async ({
    page,
  }) => {
    const email = uniqueEmail(`settings-${locale}`);
    await newMember(page, email);
    await page.goto(`${l.prefix}/profile`);
    await page
      .getByRole("navigation", { name: locale === "en" ? "Profile" : "Perfil" })
      .getByRole("link", { name: l.settings })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: l.settings })).toBeVisible();
    await hydrated(page);
    await axe(page);

    await page.getByLabel(l.name, { exact: true }).fill("Edu Renamed");
    await page.getByLabel(l.username, { exact: true }).fill(`edu-${locale}-${Date.now() % 100000}`);
    await page.getByRole("button", { name: l.save }).click();
    await expect(page.getByText(l.saved)).toBeVisible();
    await expect(page.getByRole("button", { name: l.menu })).toContainText("Edu Renamed");

    await page.getByLabel(l.current, { exact: true }).fill("Not-the-one1!");
    await page.getByLabel(l.next, { exact: true }).fill("N3w-pass!word");
    await page.getByLabel(l.confirm, { exact: true }).fill("N3w-pass!word");
    await page.getByRole("button", { name: l.change }).click();
    await expect(page.getByText(l.wrongCurrent)).toBeVisible();
    await page.getByLabel(l.current, { exact: true }).fill(PASSWORD);
    await page.getByLabel(l.next, { exact: true }).fill("N3w-pass!word");
    await page.getByLabel(l.confirm, { exact: true }).fill("N3w-pass!word");
    await page.getByRole("button", { name: l.change }).click();
    await expect(page.getByText(l.changed)).toBeVisible();
    await axe(page);

    await page
      .getByRole("region", { name: l.deleteSection })
      .getByLabel(l.deletePassword, { exact: true })
      .fill(PASSWORD);
    await page.getByRole("button", { name: l.delete }).click();
    await expect(page.getByText(l.wrongPassword)).toBeVisible();
    await page
      .getByRole("region", { name: l.deleteSection })
      .getByLabel(l.deletePassword, { exact: true })
      .fill("N3w-pass!word");
    await page.getByRole("button", { name: l.delete }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/signup\\?deleted=1$`));
    await expect(page.getByText(l.deleted)).toBeVisible();
    await axe(page);

    // Signed out, and the same address signs up again.
    await page.goto("/signup");
    await hydrated(page);
    await page.getByLabel("Name").fill("Edu Again");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /I am 18 or older/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(
      page.getByRole("heading", { name: "Verification link has been sent to your account, please check your email" }),
    ).toBeVisible();
  });
}
