import { expect, type Page, type Request, test } from "@playwright/test";
import { hydrated, signUpAndLogIn } from "./helpers.ts";

// Each test stands alone (its own member, no shared account): both workers may take them, so that this file,
// late in the run, does not end it on one worker (docs/decisions/0023, "Eighth pass").
test.describe.configure({ mode: "parallel" });

/**
 * The session of SPEC §4 as the browser keeps it: the `apollo-token` cookie's attributes, and the
 * keep-alive query a signed-in page sends every 240,000 ms, stopping at its first failure and once
 * the member is signed out.
 */

const SEVEN_DAYS = 7 * 86_400;
const KEEP_ALIVE_MS = 240_000;

/** The Set-Cookie value a response gives a cookie, or undefined. */
function setCookie(headers: { name: string; value: string }[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith(`${name}=`))?.value;
}

/** A cookie of a Set-Cookie value lasts 7 days, is sent on same-site requests and top-level navigations only, and is not for scripts. */
function expectSessionCookie(value: string | undefined, what: string) {
  expect(value, `${what}: apollo-token is set`).toBeTruthy();
  const attrs = (value as string)
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attrs, `${what}: 7 days`).toContain(`max-age=${SEVEN_DAYS}`);
  expect(attrs, `${what}: SameSite=Lax`).toContain("samesite=lax");
  expect(attrs, `${what}: HttpOnly`).toContain("httponly");
  expect(attrs, `${what}: the whole site`).toContain("path=/");
}

test("the apollo-token cookie lasts 7 days with SameSite=Lax, from the log-in form and from /auth/authenticate", async ({
  page,
  context,
}) => {
  const before = Date.now() / 1000;
  // The log-in page's action (sessionCookieHeaders).
  const form = await page.request.post("/login", {
    form: { login: "demo-free", password: "Demo-pass-2026!" },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(302);
  expectSessionCookie(setCookie(form.headersArray(), "apollo-token"), "log-in form");
  // What the browser keeps of it.
  const kept = (await context.cookies()).find((c) => c.name === "apollo-token");
  expect(kept?.sameSite).toBe("Lax");
  expect(kept?.httpOnly).toBe(true);
  expect(kept?.expires).toBeGreaterThanOrEqual(before + SEVEN_DAYS - 5);
  expect(kept?.expires).toBeLessThanOrEqual(Date.now() / 1000 + SEVEN_DAYS + 5);

  // The REST endpoint of SPEC §7 (setSessionCookies).
  const rest = await page.request.post("/auth/authenticate", {
    data: { login: "demo-free", password: "Demo-pass-2026!" },
  });
  expect(rest.status()).toBe(200);
  expectSessionCookie(setCookie(rest.headersArray(), "apollo-token"), "/auth/authenticate");
});

/** Counts the keep-alive queries (`query Me`) the page sends, and remembers their answers. */
function keepAliveCounter(page: Page) {
  const sent: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/graphql" && /query Me\b/.test(r.postData() ?? ""))
      sent.push(r);
  });
  return {
    count: () => sent.length,
    last: () => sent.at(-1),
  };
}

/** Lets the page's clock run `ms` and a moment of real time for what the timers started. */
async function pass(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.waitForTimeout(500);
}

test("a signed-in page asks who is signed in every 240,000 ms, and stops at a failure and once signed out", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const polls = keepAliveCounter(page);

  // A guest's page does not ask.
  await page.goto("/");
  await hydrated(page);
  await pass(page, 3 * KEEP_ALIVE_MS);
  expect(polls.count(), "a guest's page").toBe(0);

  const email = await signUpAndLogIn(page, "Keep Alive");
  await page.goto("/profile");
  await hydrated(page);
  await pass(page, KEEP_ALIVE_MS - 1_000);
  expect(polls.count(), "not before 240,000 ms").toBe(0);
  await page.clock.runFor(1_000);
  await expect.poll(polls.count, { message: "at 240,000 ms" }).toBe(1);
  const answer = await polls.last()?.response();
  expect(answer?.status()).toBe(200);
  const body = (await answer?.json()) as { data?: { me?: { id: number } } } | undefined;
  expect(body?.data?.me?.id, "the session is alive").toEqual(expect.any(Number));
  await page.clock.runFor(KEEP_ALIVE_MS);
  await expect.poll(polls.count, { message: "and again 240,000 ms later" }).toBe(2);

  // The first failure ends it.
  await page.route("**/graphql", (route) =>
    /query Me\b/.test(route.request().postData() ?? "")
      ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" })
      : route.fallback(),
  );
  await page.clock.runFor(KEEP_ALIVE_MS);
  await expect.poll(polls.count, { message: "the failing one" }).toBe(3);
  await page.unroute("**/graphql");
  await pass(page, 4 * KEEP_ALIVE_MS);
  expect(polls.count(), "nothing after a failure").toBe(3);

  // Signed out through the account menu (a new page): nothing more.
  await page.reload();
  await hydrated(page);
  await page.clock.runFor(KEEP_ALIVE_MS);
  await expect.poll(polls.count, { message: "a new page asks again" }).toBe(4);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page
    .getByRole("navigation", { name: /Account menu/ })
    .getByRole("button", { name: "Log out" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  await pass(page, 3 * KEEP_ALIVE_MS);
  expect(polls.count(), "nothing once logged out").toBe(4);

  // Signed out on the same page (the account deleted, the root data re-read): nothing more either.
  const login = await page.request.post("/login", { form: { login: email, password: "Sl1des!rock" }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  await page.goto("/profile/settings");
  await hydrated(page);
  await page.clock.runFor(KEEP_ALIVE_MS);
  await expect.poll(polls.count, { message: "signed in again" }).toBe(5);
  await page
    .getByRole("region", { name: "Delete account" })
    .getByLabel("Your password", { exact: true })
    .fill("Sl1des!rock");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/signup\?deleted=1$/);
  // The address changes as the router commits; the page has drawn the signed-out state (and the keep-alive's
  // effect has been cleaned up) once the sign-up page shows the deletion's notice and no account menu.
  await expect(page.getByText("Your account has been deleted.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
  await pass(page, 3 * KEEP_ALIVE_MS);
  expect(polls.count(), "nothing once the account is gone").toBe(5);
});
