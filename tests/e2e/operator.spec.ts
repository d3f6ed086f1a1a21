import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import {
  attachOnFailure,
  expectNoSeriousA11yViolations,
  hydrated,
  type OwnServer,
  startOperatorServer,
} from "./helpers.ts";

/**
 * Issue 20: an operator made with the account command enrols TOTP (the code computed here from the key
 * the page shows as text) and reaches /operator; in Spanish, the next log-in takes a recovery code.
 *
 * The account command needs the embedded database to itself, so this file runs its own server on a data
 * folder prepared first (helpers.ts, startOperatorServer; no demo catalogue: the operator home counts
 * what the database holds).
 */
/** A port of its own, chosen free by playwright.config.ts (or E2E_PORT + 47 when the ports are given by hand). */
const port = Number(process.env.E2E_OPERATOR_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 47);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = "Sl1des!rock";
let server: OwnServer | undefined;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOperatorServer({ port, name: "operator", operators: ["ops-en", "ops-es"], password: PASSWORD });
});

test.afterAll(async () => {
  await server?.stop();
});

test.afterEach(({}, info) => attachOnFailure(info, server));

const codeFor = async (key: string) => generate({ secret: key.replace(/\s/g, "") });

for (const locale of ["en", "es"] as const) {
  test(`an operator enrols TOTP and reaches the operator area (${locale})`, async ({ page }) => {
    const prefix = locale === "es" ? "/es" : "";
    const words =
      locale === "es"
        ? {
            login: "Iniciar sesión",
            password: "Tu contraseña",
            turnOn: "Activar la verificación en dos pasos",
            code: "2. El código de 6 cifras que muestra la app",
            confirm: "Confirmar y activar",
            go: "Ir al área de operadores",
            area: "Área de operadores",
            verify: "Verificar e iniciar sesión",
          }
        : {
            login: "Log in",
            password: "Your password",
            turnOn: "Turn on two-step verification",
            code: "2. The 6-digit code the app shows",
            confirm: "Confirm and turn on",
            go: "Go to the operator area",
            area: "Operator area",
            verify: "Verify and log in",
          };
    const email = `ops-${locale}@example.com`;
    await page.goto(`${prefix}/login?redirect=${encodeURIComponent(`${prefix}/operator`)}`);
    await hydrated(page);
    await page.locator("input[name=login]").fill(email);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: words.login, exact: true }).click();
    // No second factor yet: the operator area sends its operator to enrol first.
    await expect(page).toHaveURL(`${base}${prefix}/operator/enrol`);
    await page.getByLabel(words.password).fill(PASSWORD);
    await page.getByRole("button", { name: words.turnOn }).click();
    const key = (await page.getByTestId("totp-key").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    await expect(page.locator('img[src^="data:image/svg+xml"]')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(words.code).fill(await codeFor(key));
    await page.getByRole("button", { name: words.confirm }).click();
    const codes = page.getByTestId("recovery-codes").locator("li");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? "";
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: words.go }).click();
    await expect(page.getByRole("heading", { level: 1, name: words.area })).toBeVisible();
    await expect(page.getByTestId("templates-published")).toContainText("0");
    await expectNoSeriousA11yViolations(page);
    if (locale !== "es") return;
    // Log out and in again: the password alone starts no session; a recovery code finishes the log-in.
    await page.context().clearCookies();
    await page.goto(`${prefix}/login?redirect=${encodeURIComponent(`${prefix}/operator/audit`)}`);
    await hydrated(page);
    await page.locator("input[name=login]").fill(email);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: words.login, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/verify`));
    await page.locator("input[name=code]").fill(recovery);
    await page.getByRole("button", { name: words.verify }).click();
    await expect(page).toHaveURL(`${base}${prefix}/operator/audit`);
    await expect(page.locator("table").getByText("Verificación en dos pasos activada").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
