import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { captchaAnswer } from "../captcha.ts";

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}

/** Waits until React has hydrated the page (the root sets data-hydrated on <html>). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * A new verified account, signed in in the page's browser context: sign-up through the form's action
 * (with a challenge of the server's CAPTCHA, solved as the widget does), the verification link from the
 * demo outbox, then log-in. Answers the e-mail.
 */
export async function signUpAndLogIn(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Date.now()}@example.com`;
  const password = "Sl1des!rock";
  const captcha = await captchaAnswer(async (path) => {
    const res = await page.request.get(path);
    return { status: res.status(), json: () => res.json() };
  });
  const signup = await page.request.post("/signup", { form: { name, email, password, terms: "on", captcha } });
  expect(signup.status()).toBe(200);
  const outbox = await (await page.request.get("/outbox")).text();
  const id = new RegExp(`href="/outbox/(\\d+)"[^>]*>[\\s\\S]{0,400}?${email.replace(/[.]/g, "\\.")}`).exec(outbox)?.[1];
  expect(id, "verification mail in the outbox").toBeTruthy();
  const mail = await (await page.request.get(`/outbox/${id}`)).text();
  const link = /href="(http[^"]*\/login\?hash=[\w-]+)"/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.request.get(new URL(link as string).pathname + new URL(link as string).search);
  const login = await page.request.post("/login", { form: { login: email, password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  return email;
}
