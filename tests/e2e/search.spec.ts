import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated } from "./helpers.ts";

// Each test stands alone (its own member, no shared account): both workers may take them, so that this file,
// late in the run, does not end it on one worker (docs/decisions/0023, "Eighth pass").
test.describe.configure({ mode: "parallel" });

type Suggestions = { searchAutocompletions: string[]; searchAutocompleteTemplates: { title: string }[] };

/**
 * The search box's answer for exactly `typed`, once it has come. The box asks 200 ms after the last key;
 * a pause as long between two keys (a busy machine) asks for a prefix first, whose options show until
 * this answer replaces them and resets the option chosen: wait for it before moving through the list.
 */
async function suggestionsFor(page: Page, typed: string, typing: () => Promise<void>): Promise<Suggestions> {
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    if (url.pathname !== "/graphql" || !url.searchParams.get("query")?.includes("SearchAutocompletions")) return false;
    const variables = JSON.parse(url.searchParams.get("variables") ?? "{}") as { searchRequest?: string };
    return variables.searchRequest === typed;
  });
  await typing();
  const res = await answer;
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Suggestions }).data;
}

const L = {
  en: {
    prefix: "",
    typed: "busin",
    results: /Results for “/,
    license: "License",
    free: "Free",
    top: "Top searches",
    label: "Search templates",
    suggestions: "Suggestions",
    best: "Best matches",
    partial: "biolog",
    own: "Biology",
    foreign: "Biología",
    otherTyped: "negoc",
    otherShown: "Business",
    submitted: "marketing plan",
  },
  es: {
    prefix: "/es",
    typed: "negoc",
    results: /Resultados de «/,
    license: "Licencia",
    free: "Gratis",
    top: "Búsquedas populares",
    label: "Buscar plantillas",
    suggestions: "Sugerencias",
    best: "Mejores resultados",
    partial: "biolog",
    own: "Biología",
    foreign: "Biology",
    otherTyped: "busin",
    otherShown: "Negocios",
    submitted: "plan de marketing",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`search by keyboard through autocomplete, then filter the results (${locale})`, async ({ page }) => {
    await page.goto(`${l.prefix}/`);
    await hydrated(page);
    const box = page.getByRole("combobox", { name: l.label });
    await box.focus();
    await expect(page.getByRole("listbox", { name: l.label })).toBeVisible();
    const answer = await suggestionsFor(page, l.typed, () => box.pressSequentially(l.typed, { delay: 30 }));
    const first = page.getByRole("option").first();
    await expect(first).toHaveText(answer.searchAutocompletions[0]);
    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    const chosen = (await first.textContent())?.trim() ?? "";
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/search\\?q=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.results);
    expect(chosen.length).toBeGreaterThan(0);
    // The route change closed the popover; on the results page the box holds the query.
    await expect(page.getByRole("listbox", { name: l.label })).toBeHidden();
    await expect(box).toHaveValue(chosen);
    await expect(page.locator("article").first()).toBeVisible();
    await axe(page);

    // Filter the results: the query stays in the URL.
    await page.locator("summary", { hasText: l.license }).click();
    await page.getByRole("checkbox", { name: l.free }).check();
    await expect(page).toHaveURL(/q=.*license=free|license=free.*q=/);
    await expect(page.locator("article .badge-premium")).toHaveCount(0);

    // Escape closes the popover.
    await box.focus();
    await expect(page.getByRole("listbox", { name: l.label })).toBeVisible();
    await box.press("Escape");
    await expect(page.getByRole("listbox", { name: l.label })).toBeHidden();
  });
}

test("an empty search box shows top searches and trending categories; an empty query goes home", async ({ page }) => {
  // A top search is one that several clients made (issue 19): five visitors behind the proxy search it.
  for (let i = 1; i <= 5; i++)
    await page.request.get("/search?q=business", { headers: { "x-forwarded-for": `203.0.113.${i}` } });
  await page.goto("/latest");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Search templates" }).focus();
  await expect(page.getByRole("group", { name: "Trending categories" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Top searches" })).toBeVisible();
  const res = await page.goto("/search?q=");
  expect(new URL(res!.url()).pathname).toBe("/");
});

test("a search that finds nothing says so helpfully", async ({ page }) => {
  const res = await page.goto("/search?q=qwzxv%20plkjh");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: /We couldn't find templates for/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Marketing" }).last()).toBeVisible();
  await axe(page);
});

for (const locale of ["en", "es"] as const) {
  const l = L[locale];
  test(`autocomplete speaks the page's language, marks what was typed and opens a template row (${locale})`, async ({
    page,
  }) => {
    await page.goto(`${l.prefix}/latest`);
    await hydrated(page);
    const box = page.getByRole("combobox", { name: l.label });
    await box.focus();
    await suggestionsFor(page, l.partial, () => box.pressSequentially(l.partial, { delay: 30 }));
    const suggestions = page.getByRole("group", { name: l.suggestions }).getByRole("option");
    const templates = page.getByRole("group", { name: l.best }).getByRole("option");
    await expect(suggestions.first()).toHaveText(l.own);
    await expect(templates.first()).toBeVisible();
    // The typed part is marked (accents ignored: "biolog" marks "Biolog" of "Biología").
    await expect(suggestions.first().locator("mark")).toHaveText("Biolog");
    // Only the page's language, and no template twice.
    const suggestionTexts = await suggestions.allTextContents();
    expect(suggestionTexts.map((t) => t.trim())).not.toContain(l.foreign);
    const templateTitles = await templates.locator("span.block.truncate:first-child").allTextContents();
    for (const title of templateTitles) expect(suggestionTexts.map((t) => t.trim())).not.toContain(title.trim());
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await axe(page);

    // Arrow down past the suggestions to the first template and press Enter: its page opens.
    const count = await suggestions.count();
    for (let i = 0; i <= count; i++) await box.press("ArrowDown");
    await expect(templates.first()).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await templates.first().getAttribute("id")) ?? "");
    const href = await templates.first().getAttribute("data-href");
    expect(href).toMatch(new RegExp(`^${l.prefix}/template/[a-z0-9-]+$`));
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/template/[a-z0-9-]+$`));
    expect(new URL(page.url()).pathname).toBe(href);
    // The address changes before React has drawn the new page; drawn, the page empties the box. Typing
    // before that would be wiped by it (the flake of 231ac68's CI), so wait for the empty box first.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(box).toHaveValue("");

    // Typed in the other language, offered in this one.
    await box.focus();
    await box.fill("");
    await box.pressSequentially(l.otherTyped, { delay: 30 });
    await expect(suggestions.filter({ hasText: l.otherShown }).first()).toBeVisible();

    // A submitted query: the results page keeps it in the header's box.
    await box.fill(l.submitted);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/search\\?q=`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.results);
    await expect(box).toHaveValue(l.submitted);
    await axe(page);
  });
}
