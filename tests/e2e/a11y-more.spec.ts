import { expect, test } from "@playwright/test";
import {
  expectNoSeriousA11yViolations as axe,
  hydrated,
  outboxMailTo,
  signUpAndLogIn,
  uniqueEmail,
} from "./helpers.ts";

/**
 * axe on the page types the journeys of the other specs pass by without checking: the password reset
 * (forgot-password, the demo outbox and its mail, change-password), the confirmation of a new e-mail
 * address, and the downloads page in Spanish. The payments page is checked in billing.spec.ts (after a
 * card is saved), the phone layout in responsive.spec.ts.
 */

const PASSWORD = "Sl1des!rock";

/** The link of a mail's page (the first address of the given path). */
function linkIn(mail: string, pathname: string): string {
  const url = new RegExp(`href="(https?://[^"]*${pathname}\\?hash=[\\w-]+)"`).exec(mail)?.[1];
  expect(url, `a ${pathname} link in the mail`).toBeTruthy();
  const u = new URL(url as string);
  return u.pathname + u.search;
}

test("the axe check itself fails on a page with serious violations, named by rule", async ({ page }) => {
  // The check runs axe-core in the page (helpers.ts): a page it passed without running would pass here too.
  await page.setContent(
    `<!doctype html><html lang="en"><body><main><h1>Check</h1>
      <p style="color:#bbb;background:#fff">Pale words on white</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`,
  );
  const failure = await axe(page).then(
    () => "passed",
    (error: Error) => error.message,
  );
  expect(failure).toContain("color-contrast");
  expect(failure).toContain("image-alt");
});

test("a11y: forgot-password, the outbox and its mail, change-password", async ({ page, context }) => {
  const email = await signUpAndLogIn(page, "Forgetful");
  await context.clearCookies();

  await page.goto("/forgot-password");
  await hydrated(page);
  await axe(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await axe(page);

  // The outbox: its list, then the reset mail to this address.
  await page.getByRole("link", { name: "Open the demo outbox" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await hydrated(page);
  await axe(page);
  const mail = await outboxMailTo(page, email, "Reset your SlideNest password");
  await page
    .getByRole("link", { name: /Reset your SlideNest password/ })
    .filter({ hasText: email })
    .click();
  await expect(page.getByRole("article")).toContainText(email);
  await axe(page);

  // The link's page: the form, its errors, then done.
  await page.goto(linkIn(mail, "/change-password"));
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await axe(page);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Repeat the new password", { exact: true }).fill("other");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Field must have at least 6 characters.")).toBeVisible();
  await axe(page);
  await page.getByLabel("New password", { exact: true }).fill("N3w-pass!word");
  await page.getByLabel("Repeat the new password", { exact: true }).fill("N3w-pass!word");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await axe(page);
});

const MOVE = {
  en: {
    prefix: "",
    section: "E-mail address",
    newEmail: "New e-mail address",
    password: "Confirm with your password",
    send: "Send confirmation link",
    subject: "Confirm your new SlideNest e-mail address",
    done: "Email updated: your account now uses",
    invalid: "Your confirmation link is expired or not correct, please try again.",
  },
  es: {
    prefix: "/es",
    section: "Correo electrónico",
    newEmail: "Nuevo correo electrónico",
    password: "Confirma con tu contraseña",
    send: "Enviar enlace de confirmación",
    subject: "Confirma tu nuevo correo de SlideNest",
    done: "Correo actualizado: tu cuenta ahora usa",
    invalid: "Tu enlace de confirmación ha caducado o no es correcto, inténtalo de nuevo.",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = MOVE[locale];
  test(`a11y: confirm-email, the address changed and a link that does not work (${locale})`, async ({ page }) => {
    await signUpAndLogIn(page, `Mover ${locale}`);
    const next = uniqueEmail(`moved-${locale}`);
    await page.goto(`${l.prefix}/profile/settings`);
    await hydrated(page);
    const section = page.getByRole("region", { name: l.section, exact: true });
    await section.getByLabel(l.newEmail, { exact: true }).fill(next);
    await section.getByLabel(l.password, { exact: true }).fill(PASSWORD);
    await section.getByRole("button", { name: l.send }).click();
    await expect(section.getByText(next).first()).toBeVisible();
    const mail = await outboxMailTo(page, next, l.subject);
    await page.goto(linkIn(mail, "/confirm-email"));
    await hydrated(page);
    await expect(page.getByText(`${l.done} ${next}`)).toBeVisible();
    await axe(page);
    // A link that is not one of ours: the page's error state.
    await page.goto(`${l.prefix}/confirm-email?hash=not-a-link-we-sent`);
    await hydrated(page);
    await expect(page.getByText(l.invalid)).toBeVisible();
    await axe(page);
  });
}

test("a11y: the downloads page in Spanish, with a download in it", async ({ page }) => {
  const login = await page.request.post("/login", {
    form: { login: "demo-commercial", password: "Demo-pass-2026!" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await page.goto("/es/templates");
  await hydrated(page);
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/es\/template\//);
  await hydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "PowerPoint", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pptx$/);
  await page.goto("/es/profile/downloads");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await axe(page);
});
