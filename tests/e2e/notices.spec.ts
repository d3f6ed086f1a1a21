import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated, signUpAndLogIn } from "./helpers.ts";

/**
 * A heart pressed in place says what it did where people look (SPEC §8's messages), not only to screen
 * readers: a notice at the bottom of the screen, read out by its live region, gone by itself or with its
 * close button; a failure says so and the heart flips back.
 */
const L = {
  en: {
    prefix: "",
    add: "Add to favorites",
    added: "Added to your favorites.",
    removed: "Removed from your favorites.",
    failed: /Your favorites could not be updated/,
    dismiss: "Dismiss this notice",
  },
  es: {
    prefix: "/es",
    add: "Añadir a favoritos",
    added: "Añadida a tus favoritos.",
    removed: "Quitada de tus favoritos.",
    failed: /No se pudieron actualizar tus favoritos/,
    dismiss: "Cerrar este aviso",
  },
} as const;

for (const [locale, l] of Object.entries(L)) {
  test(`a favourite saved or removed in place shows a notice, and a failure says so (${locale})`, async ({ page }) => {
    await signUpAndLogIn(page, `Notices ${locale}`);
    await page.goto(`${l.prefix}/templates`);
    await hydrated(page);
    // The first card's heart, by its template's name (its own label changes once pressed).
    const label =
      (await page
        .getByRole("button", { name: new RegExp(`^${l.add}: `) })
        .first()
        .getAttribute("aria-label")) ?? "";
    const title = label.slice(label.indexOf(": ") + 2);
    const heart = page.getByRole("button", { name: new RegExp(`: ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
    await heart.click();
    const notice = page.getByRole("status").filter({ hasText: l.added });
    await expect(notice).toBeVisible();
    // Held while the pointer rests on it: the accessibility check can take longer than a notice stays.
    await notice.hover();
    await axe(page);
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: l.dismiss }).click();
    await expect(page.getByText(l.added)).toHaveCount(0);

    await heart.click();
    await expect(page.getByRole("status").filter({ hasText: l.removed })).toBeVisible();

    // The connection drops: the heart goes back as it was, and the failure is shown (assertively).
    await page.route("**/favorites.data*", (route) => route.abort());
    await heart.click();
    await expect(page.getByRole("alert").filter({ hasText: l.failed })).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
  });
}

test("a heart pressed while the page's favorites are still being asked keeps what the press made of it", async ({
  page,
}) => {
  await signUpAndLogIn(page, "Race");
  // The page's question "which of these are favorites?" is read at once but answered late: its answer is
  // older than the press that follows.
  await page.route("**/favorites.data?ids=*", async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response });
  });
  const late = page.waitForResponse((r) => r.url().includes("/favorites.data?ids="));
  await page.goto("/templates");
  await hydrated(page);
  const label =
    (await page
      .getByRole("button", { name: /^Add to favorites: / })
      .first()
      .getAttribute("aria-label")) ?? "";
  const title = label.slice(label.indexOf(": ") + 2);
  const heart = page.getByRole("button", { name: new RegExp(`: ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
  await heart.click();
  await expect(page.getByRole("status").filter({ hasText: L.en.added })).toBeVisible();
  // The late answer has come (on a busy machine it may come later than 2.5 s after the press's answer) and
  // the page has had time to act on it: the heart is still a favourite.
  await late;
  await page.waitForTimeout(2_500);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName(`Remove from favorites: ${title}`);
});
