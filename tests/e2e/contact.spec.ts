import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations as axe, hydrated, outboxEntries } from "./helpers.ts";

/**
 * The contact form in a real browser, in both languages: the CAPTCHA widget solving its proof of work,
 * the browser's own checks with values kept, the message sent, and both mails in the demo outbox.
 */

const L = {
  en: {
    prefix: "",
    heading: "Contact us",
    verified: "Verified",
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    message: "Message",
    submit: "Send message",
    required: "Field is required",
    alphabet: "Accepts only alphabet characters",
    emailFormat: "Invalid email format",
    tooLong: "Your message is too long: write at most 5,000 characters.",
    over: "1 character too many",
    count: (n: number) => `${n} of 5,000 characters`,
    thanks: "Thank you, Ana María! Your message has been sent. We answer within two working days.",
    copySubject: "We have received your message",
    language: "Page language: English (en)",
  },
  es: {
    prefix: "/es",
    heading: "Contacto",
    verified: "Comprobado",
    firstName: "Nombre",
    lastName: "Apellidos",
    email: "Correo electrónico",
    message: "Mensaje",
    submit: "Enviar mensaje",
    required: "El campo es obligatorio",
    alphabet: "Solo se admiten letras",
    emailFormat: "Formato de correo no válido",
    tooLong: "Tu mensaje es demasiado largo: escribe como máximo 5000 caracteres.",
    over: "Sobra 1 carácter",
    count: (n: number) => `${n} de 5000 caracteres`,
    thanks: "¡Gracias, Ana María! Tu mensaje se ha enviado. Respondemos en un plazo de dos días laborables.",
    copySubject: "Hemos recibido tu mensaje",
    language: "Page language: Español (es)",
  },
} as const;

/**
 * The text of the newest outbox mails to an address whose text contains `needle`. The list is read item
 * by item: a pattern spanning items could take the mail above (another address's, such as the sender's
 * copy, which names the token too) for the one to `to`.
 */
async function outboxText(page: Page, to: string, needle: string): Promise<string | null> {
  const list = await (await page.request.get("/outbox")).text();
  const ids = outboxEntries(list)
    .filter((e) => e.to === to.toLowerCase())
    .map((e) => e.id);
  for (const id of ids.slice(0, 10)) {
    const mail = await (await page.request.get(`/outbox/${id}`)).text();
    if (mail.includes(needle)) return mail;
  }
  return null;
}

for (const locale of ["en", "es"] as const) {
  const l = L[locale];

  test(`the contact form checks what is typed, keeps it, sends the message and mails support and the sender (${locale})`, async ({
    page,
  }) => {
    await page.goto(`${l.prefix}/contact-us`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: l.heading })).toBeVisible();
    // The proof of work runs by itself as the page loads.
    await expect(page.locator("altcha-widget").getByText(l.verified, { exact: true })).toBeVisible();
    await axe(page);

    // One wrong submission: every field says what is wrong, and keeps what was typed.
    const firstName = page.getByLabel(l.firstName, { exact: true });
    const lastName = page.getByLabel(l.lastName, { exact: true });
    const email = page.getByLabel(l.email, { exact: true });
    const message = page.getByLabel(l.message, { exact: true });
    await firstName.fill("Ana3");
    await email.fill("ana@");
    await message.fill("x".repeat(5001));
    await expect(page.getByTestId("message-count")).toHaveText(l.over);
    await page.getByRole("button", { name: l.submit }).click();
    await expect(page.getByText(l.alphabet)).toBeVisible();
    await expect(page.getByText(l.required)).toBeVisible();
    await expect(page.getByText(l.emailFormat)).toBeVisible();
    await expect(page.getByText(l.tooLong)).toBeVisible();
    await expect(firstName).toHaveValue("Ana3");
    await expect(email).toHaveValue("ana@");
    await expect(message).toHaveValue("x".repeat(5001));
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await axe(page);

    // Put right, it goes: the counter follows, the answer thanks the sender by name.
    const token = `e2e-${locale}-${Date.now()}`;
    const sender = `${token}@example.com`;
    const text = `Hello 👋 from the ${locale} test.\nReference ${token}.`;
    await firstName.fill("Ana María");
    await lastName.fill("O'Neill");
    await email.fill(sender);
    await message.fill(text);
    await expect(page.getByTestId("message-count")).toHaveText(l.count([...new Intl.Segmenter().segment(text)].length));
    await expect(page.getByText(l.alphabet)).toHaveCount(0);
    await page.getByRole("button", { name: l.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: l.thanks })).toBeVisible();
    await expect(page.getByText(sender)).toBeVisible();
    await axe(page);

    // Support got it (noting the page's language), and the sender a confirmation in the page's language
    // (without the message: anyone can type any address).
    const toSupport = await outboxText(page, "support@slidenest.example", token);
    expect(toSupport, "the message in the outbox, to support").not.toBeNull();
    expect(toSupport).toContain("Contact form: Ana María O&#x27;Neill");
    expect(toSupport).toContain(l.language);
    expect(toSupport).toContain(`Hello 👋 from the ${locale} test.`);
    await expect
      .poll(async () => (await outboxText(page, sender, l.copySubject)) ?? "", { timeout: 10_000 })
      .toContain(l.copySubject);
  });
}

for (const [locale, prefix, question, link, heading] of [
  ["en", "", "How do I contact support?", "Contact us", "Contact us"],
  ["es", "/es", "¿Cómo me pongo en contacto con el soporte?", "Formulario de contacto", "Contacto"],
] as const) {
  test(`the FAQ's help with the account leads to the contact form (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/faq#help`);
    await hydrated(page);
    await expect(page.locator("#help")).toBeInViewport();
    await page.getByText(question).click();
    await axe(page);
    await page.locator("#contact-support").getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/contact-us$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  });
}
