import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated } from "./helpers.ts";

/**
 * The sign-up form's password field: a refusal that takes the hint's place does not move the form (the
 * pointer on its way to "Create account" still lands on it), the minimum length speaks of characters, and
 * what was typed can be shown and hidden again. In both languages.
 */
const L = {
  en: {
    prefix: "",
    name: "Name",
    password: "Password",
    submit: "Create account",
    short: "Field must have at least 6 characters.",
    show: "Show password",
  },
  es: {
    prefix: "/es",
    name: "Nombre",
    password: "Contraseña",
    submit: "Crear cuenta",
    short: "El campo debe tener al menos 6 caracteres.",
    show: "Mostrar contraseña",
  },
} as const;

for (const [locale, l] of Object.entries(L)) {
  test(`sign-up: a short password's refusal keeps the form still, and the password can be shown (${locale})`, async ({
    page,
  }) => {
    await page.goto(`${l.prefix}/signup`);
    await hydrated(page);
    const submit = page.getByRole("button", { name: l.submit });
    const before = await submit.boundingBox();
    const password = page.getByLabel(l.password, { exact: true });
    await password.fill("abc");
    // Leaving the field checks it: its refusal takes the hint's place.
    await page.getByLabel(l.name, { exact: true }).click();
    await expect(page.getByText(l.short)).toBeVisible();
    const after = await submit.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(1);

    const toggle = page.getByRole("button", { name: l.show });
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("abc");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");
    await axe(page);
  });
}
