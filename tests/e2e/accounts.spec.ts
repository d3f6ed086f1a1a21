import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, chooseInterests, hydrated, uniqueEmail } from "./helpers.ts";

const L = {
  en: {
    prefix: "",
    add: "Add to favorites",
    remove: "Remove from favorites",
    dialog: "Log in to save favorites",
    login: "Log in",
    loginField: "E-mail or username",
    password: "Password",
    favorites: "Favorites",
    menu: /Account menu/,
    logout: "Log out",
    account: "personal@demo.slidenest.test",
  },
  es: {
    prefix: "/es",
    add: "Añadir a favoritos",
    remove: "Quitar de favoritos",
    dialog: "Inicia sesión para guardar favoritos",
    login: "Iniciar sesión",
    loginField: "Correo o nombre de usuario",
    password: "Contraseña",
    favorites: "Favoritos",
    menu: /Menú de la cuenta/,
    logout: "Cerrar sesión",
    account: "commercial@demo.slidenest.test",
  },
} as const;

async function firstTemplate(page: Page, prefix: string): Promise<{ slug: string; title: string }> {
  const html = await (await page.request.get(`${prefix}/templates`)).text();
  const slug = new RegExp(`href="${prefix}/template/([a-z0-9-]+)"`).exec(html)?.[1];
  expect(slug).toBeTruthy();
  await page.goto(`${prefix}/template/${slug}`);
  await hydrated(page);
  return { slug: slug as string, title: (await page.getByRole("heading", { level: 1 }).textContent()) ?? "" };
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`a guest's favourite opens the log-in dialog, which leads back to the template to keep it (${locale})`, async ({
    page,
  }) => {
    const { slug, title } = await firstTemplate(page, l.prefix);
    await page.getByRole("button", { name: l.add, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: l.dialog });
    await expect(dialog).toBeVisible();
    await axe(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: l.add, exact: true }).click();
    await dialog.getByRole("link", { name: l.login, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/login\\?redirect=`));
    await hydrated(page);
    await axe(page);
    await page.getByLabel(l.loginField).fill(l.account);
    await page.getByLabel(l.password).fill("Demo-pass-2026!");
    await page.getByRole("button", { name: l.login, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/template/${slug}$`));
    await hydrated(page);
    const heart = page.getByRole("button", { name: l.add, exact: true });
    // The heart turns at once; the favourites page is opened once the server has kept the change (a page
    // loaded while the heart's request is still on its way is not asked again when it lands).
    const kept = page.waitForResponse((r) => r.url().endsWith("/favorites.data") && r.request().method() === "POST");
    await heart.click();
    await expect(page.getByRole("button", { name: l.remove, exact: true })).toHaveAttribute("aria-pressed", "true");
    expect((await kept).ok()).toBe(true);
    await page.getByRole("button", { name: l.menu }).click();
    await page.getByRole("link", { name: l.favorites, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/profile/favorites$`));
    await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await axe(page);
    // Removing it from the list's own heart, then reloading: gone.
    // The heart's fetcher posts to the favorites route's data address.
    const saved = page.waitForResponse((r) => r.url().endsWith("/favorites.data") && r.request().method() === "POST");
    await page.getByRole("button", { name: `${l.remove}: ${title}` }).click();
    await expect(page.getByRole("button", { name: `${l.add}: ${title}` })).toBeVisible();
    // The heart turns at once; the reload waits for the server to have kept the change.
    expect((await saved).ok()).toBe(true);
    await page.reload();
    // The account menu opens by script: a press before hydration would be lost.
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 3, name: title })).toHaveCount(0);
    await page.getByRole("button", { name: l.menu }).click();
    await page.getByRole("navigation", { name: l.menu }).getByRole("button", { name: l.logout }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/login$`));
    await expect(page.getByRole("button", { name: l.login, exact: true })).toBeVisible();
    await page.goto(`${l.prefix}/profile/favorites`);
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/signup\\?redirect=`));
  });
}

test("signing up sends a link to the demo outbox; following it verifies the account, which then logs in", async ({
  page,
}) => {
  const email = uniqueEmail("e2e");
  await page.goto("/signup");
  await hydrated(page);
  // The CAPTCHA's proof of work runs by itself as the page loads (its worker allowed by the page's CSP).
  await expect(page.locator("altcha-widget").getByText("Verified", { exact: true })).toBeVisible();
  await axe(page);
  // Client-side checks first, with the messages of SPEC §5.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Field is required")).toBeVisible();
  await expect(page.getByText("Please enter email")).toBeVisible();
  await page.getByLabel("Name").fill("Edu Tester");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await page.getByLabel("Name").click();
  await expect(page.getByText("Field must have at least 6 characters.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Sl1des!rock");
  await page.getByRole("checkbox", { name: /I am 18 or older/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByRole("heading", { name: "Verification link has been sent to your account, please check your email" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Open the demo outbox" }).click();
  // The outbox is every test's: open the mail to this address, not the newest one.
  await page
    .getByRole("link", { name: /Confirm your SlideNest account/ })
    .filter({ hasText: email })
    .click();
  await expect(page.getByRole("article")).toContainText(email);
  await page.getByRole("link", { name: /\/login\?hash=/ }).click();
  // Greeted as new, not "Welcome back", with the address filled in and the password to type.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to SlideNest" })).toBeVisible();
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("E-mail or username")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.getByLabel("Password", { exact: true }).fill("Sl1des!rock");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await chooseInterests(page);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Edu Tester" })).toBeVisible();
  await expect(page.getByTestId("profile-downloads")).toHaveText("0 of 10 used");
  await axe(page);
  await page.getByRole("link", { name: "See your downloads" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "No downloads yet" })).toBeVisible();
  await axe(page);
});

test("a signed-in download shows in the history, with its license, and can be downloaded again", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("E-mail or username").fill("demo-commercial");
  await page.getByLabel("Password").fill("Demo-pass-2026!");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const { title } = await firstTemplate(page, "");
  const [first] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "PowerPoint", exact: true }).click(),
  ]);
  expect(first.suggestedFilename()).toMatch(/-pp\.pptx$/);
  await page.goto("/profile/downloads");
  await hydrated(page);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.first()).toContainText("Commercial");
  await axe(page);
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    row
      .first()
      .getByRole("button", { name: /^KN \(Keynote\)/ })
      .click(),
  ]);
  expect(again.suggestedFilename()).toMatch(/-kn\.pptx$/);
});

test("hearts on list cards: a guest gets the log-in dialog; signed in, the choice is kept across pages", async ({
  page,
}) => {
  await page.goto("/templates");
  await hydrated(page);
  const firstCard = page.getByRole("article").first();
  const title = (await firstCard.getByRole("heading").textContent()) ?? "";
  await firstCard.hover();
  await firstCard.getByRole("button", { name: `Add to favorites: ${title}` }).click();
  await expect(page.getByRole("dialog", { name: "Log in to save favorites" })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftemplates$/);
  await hydrated(page);
  await page.getByLabel("E-mail or username").fill("demo-free");
  await page.getByLabel("Password").fill("Demo-pass-2026!");
  // The signed-in page asks which of its templates are favourites.
  const known = page.waitForResponse((r) => r.url().includes("/favorites.data?ids=") && r.ok());
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await hydrated(page);
  const card = page.getByRole("article").filter({ hasText: title }).first();
  await card.hover();
  // The demo member is shared by every run on one site: a retry (or a second run) finds the favourite the
  // first one kept, and takes it off first, as the member would.
  await known;
  // Two frames for the answer to reach the hearts.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const already = card.getByRole("button", { name: `Remove from favorites: ${title}` });
  if (await already.isVisible()) {
    const removed = page.waitForResponse((r) => r.url().endsWith("/favorites.data") && r.request().method() === "POST");
    await already.click();
    await expect(card.getByRole("button", { name: `Add to favorites: ${title}` })).toBeVisible();
    expect((await removed).ok()).toBe(true);
  }
  // The heart turns at once; the reload waits for the server to have kept the change (it would cancel it).
  const kept = page.waitForResponse((r) => r.url().endsWith("/favorites.data") && r.request().method() === "POST");
  await card.getByRole("button", { name: `Add to favorites: ${title}` }).click();
  await expect(card.getByRole("button", { name: `Remove from favorites: ${title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect((await kept).ok()).toBe(true);
  await page.reload();
  await hydrated(page);
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: title })
      .first()
      .getByRole("button", { name: `Remove from favorites: ${title}` }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.goto("/profile/favorites");
  await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
  await axe(page);
});
