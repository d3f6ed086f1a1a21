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
    await axe(page);
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
