import { expect, test } from "@playwright/test";
import { hydrated, signUpAndLogIn, uniqueEmail } from "./helpers.ts";

/**
 * Issue 22 in the browser: "Forgot your password?" follows what is typed in the log-in field (an e-mail
 * comes along, a username does not), and a failed save of the member's language is shown as a toast in
 * the language switched to (SPEC §8).
 */

const L = {
  en: {
    prefix: "",
    other: "/es",
    login: "E-mail or username",
    forgot: "Forgot your password?",
    forgotEmail: "E-mail",
    switchTo: "Ver esta página en español",
    // Shown on the page switched to, in its language.
    saveFailed: "No se ha podido guardar tu idioma en tu cuenta, inténtalo de nuevo.",
  },
  es: {
    prefix: "/es",
    other: "",
    login: "Correo o nombre de usuario",
    forgot: "¿Has olvidado tu contraseña?",
    forgotEmail: "Correo electrónico",
    switchTo: "View this page in English",
    saveFailed: "Your language could not be saved to your account, please try again.",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`"Forgot your password?" carries the e-mail being typed to the forgot-password form (${locale})`, async ({
    page,
  }) => {
    await page.goto(`${l.prefix}/login`);
    await hydrated(page);
    const link = page.getByRole("link", { name: l.forgot });
    const email = uniqueEmail("forgetful");
    await page.getByLabel(l.login).fill(email);
    await expect(link).toHaveAttribute("href", `${l.prefix}/forgot-password?email=${encodeURIComponent(email)}`);
    // A username is no address to send a link to: the link goes without it.
    await page.getByLabel(l.login).fill("someone_else");
    await expect(link).toHaveAttribute("href", `${l.prefix}/forgot-password`);
    await page.getByLabel(l.login).fill(email);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/forgot-password\\?email=`));
    await expect(page.getByLabel(l.forgotEmail)).toHaveValue(email);
  });

  test(`a language that could not be saved to the account says so on the page switched to (${locale})`, async ({
    page,
  }) => {
    await signUpAndLogIn(page, `Polyglot ${locale}`);
    await page.goto(`${l.prefix}/templates`);
    await hydrated(page);
    // The network fails the save (offline for that moment): the switch itself still happens.
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes("UpdateMe")) await route.abort("internetdisconnected");
      else await route.continue();
    });
    await page.getByRole("link", { name: l.switchTo }).first().click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*//[^/]+${l.other}/templates`));
    await expect(page.getByText(l.saveFailed)).toBeVisible();
  });
}
