import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated, uniqueEmail } from "./helpers.ts";

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

/** The sign-up form filled in as a visitor would, ready to send (the CAPTCHA tests). */
async function fillSignup(page: Page, name: string, email: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Sl1des!rock");
  await page.getByRole("checkbox", { name: /I am 18 or older/ }).check();
}

test("sign-up: a CAPTCHA challenge that fails once is asked again by itself, and the submit made meanwhile goes on", async ({
  page,
}) => {
  // The first challenge request fails late (a busy server), after the form was sent: the submit is
  // waiting for the check when it errs. The later requests go through.
  let asked = 0;
  await page.route("**/auth/captcha/challenge**", async (route) => {
    asked++;
    if (asked > 1) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.fulfill({ status: 503, body: "busy" });
  });
  await page.goto("/signup");
  await hydrated(page);
  await fillSignup(page, "Retry Tester", uniqueEmail("captcha-retry"));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByRole("heading", { name: "Verification link has been sent to your account, please check your email" }),
  ).toBeVisible();
  expect(asked).toBeGreaterThanOrEqual(2);
  // The failure was never shown: it healed before anyone had to read it.
  await expect(page.getByText("The check that you are not a robot could not load")).toHaveCount(0);
});

/**
 * Holds the CAPTCHA widget's script until the test lets it go: `release("continue")` serves it,
 * `release("abort")` fails it. The page is usable meanwhile (a slow phone, a busy server).
 */
async function holdCaptchaScript(page: Page) {
  let release: (how: "continue" | "abort") => void = () => {};
  const released = new Promise<"continue" | "abort">((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/altcha.client-*.js", async (route) => {
    if ((await released) === "continue") await route.continue();
    else await route.abort("connectionfailed");
  });
  return release;
}

const checking = (page: Page) => page.getByRole("status").filter({ hasText: "Checking that you are not a robot" });

test("sign-up: a submit made before the CAPTCHA's script has loaded waits for it and goes on by itself", async ({
  page,
}) => {
  const release = await holdCaptchaScript(page);
  await page.goto("/signup");
  await hydrated(page);
  await fillSignup(page, "Early Tester", uniqueEmail("captcha-early"));
  await page.getByRole("button", { name: "Create account" }).click();
  // Held, not sent without the check.
  await expect(checking(page)).toBeAttached();
  release("continue");
  await expect(
    page.getByRole("heading", { name: "Verification link has been sent to your account, please check your email" }),
  ).toBeVisible();
  // Nothing refused on the way: the form was sent once, with the check done.
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("sign-up: when the CAPTCHA's script cannot load, a submit is not held forever and nothing typed is lost", async ({
  page,
}) => {
  // The page reloaded itself for a missing script a moment ago (app/lib/chunk-reload.ts), so it does not
  // again: the script stays missing, after the form was sent.
  await page.addInitScript(() => sessionStorage.setItem("slidenest:chunk-reload-at", String(Date.now())));
  const release = await holdCaptchaScript(page);
  await page.goto("/signup");
  await hydrated(page);
  const email = uniqueEmail("captcha-offline");
  await fillSignup(page, "Offline Tester", email);
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.getByRole("button", { name: "Create account" }).click();
  // Held while the script may still come, then let go with the reason, and the form as it was.
  await expect(checking(page)).toBeAttached();
  release("abort");
  await expect(page.getByRole("alert")).toContainText("The check that you are not a robot could not load");
  await expect(checking(page)).toHaveCount(0);
  expect(posted).toBe(0);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Offline Tester");
});
