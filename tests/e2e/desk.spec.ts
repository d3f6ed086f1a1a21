import { type Browser, expect, type Page, test } from "@playwright/test";
import type { startSmtpServer as StartSmtp } from "../smtp.ts";
import {
  attachOnFailure,
  expectNoSeriousA11yViolations as axe,
  browserLog,
  chooseInterests,
  hydrated,
  logInAndEnrolOperator,
  type OwnServer,
  startOperatorServer,
} from "./helpers.ts";

/**
 * Issue 23, the operator's desk, in a real browser against a server of its own (the account command
 * needs the embedded database to itself: helpers.ts, startOperatorServer) whose mail goes to a real SMTP
 * server on loopback:
 * - Members (en): an operator finds a member, blocks them with a reason (the member, signed in elsewhere,
 *   is signed out and meets SPEC's blocked message), unblocks them (they log in again), and the audit log
 *   shows both.
 * - Messages (es): a member on a paid plan writes through the contact form; the operator finds it first
 *   and marked in the inbox, answers it, and the answer reaches the SMTP server in Spanish.
 * - Search (es): a guest's search finds nothing; the operator adds it as a synonym of a term from the
 *   desk's list of zero-result searches; the guest's same search then finds templates.
 */
const port = Number(process.env.E2E_DESK_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 59);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = "Sl1des!rock";
const BLOCKED = "tomas-desk";
const WRITER = "marta-desk";
let server: OwnServer | undefined;
let smtp: Awaited<ReturnType<typeof StartSmtp>> | undefined;
/** The browser's side of the test now running (its pages are watched as they are made). */
let browserSide = browserLog();

test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { startSmtpServer } = await import("../smtp.ts");
  smtp = await startSmtpServer();
  server = await startOperatorServer({
    port,
    name: "desk",
    operators: ["desk-en", "desk-es", "desk-voc"],
    password: PASSWORD,
    env: { SMTP_URL: smtp.url },
    async prepare(db) {
      const [{ seedDemo }, { createVerifiedAccount }, { eq }, { account }] = await Promise.all([
        import("../../modules/demo/seed.ts"),
        import("../../modules/accounts/service.ts"),
        import("drizzle-orm"),
        import("../../db/schema/index.ts"),
      ]);
      await seedDemo(db, { now: new Date(), count: 24 });
      const clock = { now: () => new Date() };
      for (const [username, name] of [
        [BLOCKED, "Tomás Ibáñez"],
        [WRITER, "Marta Nieto"],
      ])
        await createVerifiedAccount(
          { db, clock },
          { email: `${username}@example.com`, username, name, password: PASSWORD },
        );
      // A plan given by hand (no subscription pays for it): the contact form marks her message priority.
      await db.update(account).set({ plan: "PERSONAL_MONTHLY", locale: "es" }).where(eq(account.username, WRITER));
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test.beforeEach(() => {
  browserSide = browserLog();
});

test.afterEach(({}, info) => attachOnFailure(info, server, browserSide));

/** A browser context of its own for an operator at their first visit (log-in and TOTP enrolment); ends in /operator. */
async function operatorPage(browser: Browser, locale: "en" | "es", who = `desk-${locale}`): Promise<Page> {
  const page = browserSide.watch(await (await browser.newContext({ baseURL: base })).newPage());
  await logInAndEnrolOperator(page, { base, locale, email: `${who}@example.com`, password: PASSWORD });
  return page;
}

/** A member signed in through the log-in form in a browser context of their own. */
async function memberPage(browser: Browser, username: string, prefix: string, login: string): Promise<Page> {
  const page = browserSide.watch(await (await browser.newContext({ baseURL: base })).newPage());
  await page.goto(`${prefix}/login`);
  await hydrated(page);
  await page.locator("input[name=login]").fill(`${username}@example.com`);
  await page.locator("input[name=password]").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: login, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test("members (en): an operator finds a member, blocks them (signed out, told why they can't log in) and unblocks them; the audit log keeps both", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await memberPage(browser, BLOCKED, "", "Log in");
  await member.goto("/profile/favorites");
  await expect(member).toHaveURL(/\/profile\/favorites$/);

  const ops = await operatorPage(browser, "en");
  await ops.getByRole("link", { name: "Members", exact: true }).click();
  await expect(ops).toHaveURL(`${base}/operator/members`);
  await hydrated(ops);
  await axe(ops);
  // Accents and case aside: "ibanez" finds "Tomás Ibáñez".
  await ops.getByLabel("E-mail, username, name or #id").fill("IBANEZ");
  await ops.getByRole("button", { name: "Search", exact: true }).click();
  await expect(ops.getByText("1 account found for “IBANEZ”.")).toBeVisible();
  await ops.getByRole("link", { name: `${BLOCKED}@example.com` }).click();
  await expect(ops.getByRole("heading", { level: 1, name: `${BLOCKED}@example.com` })).toBeVisible();
  await hydrated(ops);
  await axe(ops);

  const block = ops.getByRole("form", { name: "Block the account" });
  await block.getByRole("button", { name: "Block account" }).click();
  await expect(block.getByText("Write the reason.")).toBeVisible();
  await block.getByLabel("Why (required)").fill("Shared the account's downloads publicly (ticket 4411)");
  await block.getByRole("button", { name: "Block account" }).click();
  await expect(ops.getByText("The account is blocked and signed out everywhere.")).toBeVisible();
  await expect(ops.getByText("Reason: Shared the account's downloads publicly (ticket 4411)")).toBeVisible();

  // The member's next request: signed out, and told why.
  await member.reload();
  await expect(member).toHaveURL(/\/login\?error=blocked$/);
  await expect(member.getByRole("alert")).toContainText(
    "Your account has been blocked, please contact the administrator",
  );
  await hydrated(member);
  await member.locator("input[name=login]").fill(`${BLOCKED}@example.com`);
  await member.locator("input[name=password]").fill(PASSWORD);
  await member.getByRole("main").getByRole("button", { name: "Log in", exact: true }).click();
  await expect(member.getByRole("alert")).toContainText(
    "Your account has been blocked, please contact the administrator",
  );

  const unblock = ops.getByRole("form", { name: "Unblock the account" });
  await unblock.getByLabel("Why (required)").fill("Took the files down; agreed by e-mail");
  await unblock.getByRole("button", { name: "Unblock account" }).click();
  await expect(ops.getByText("The account is unblocked. They can log in again.")).toBeVisible();

  await member.goto("/login");
  await hydrated(member);
  await member.locator("input[name=login]").fill(`${BLOCKED}@example.com`);
  await member.locator("input[name=password]").fill(PASSWORD);
  await member.getByRole("main").getByRole("button", { name: "Log in", exact: true }).click();
  await expect(member).not.toHaveURL(/\/login/);

  await ops.goto("/operator/audit");
  // The log's entries (the action filter's options hold the same names).
  const log = ops.getByRole("main").locator("table, ol, ul").filter({ hasText: "ticket 4411" }).first();
  await expect(log.getByText("Account blocked", { exact: true }).first()).toBeVisible();
  await expect(log.getByText("Account unblocked", { exact: true }).first()).toBeVisible();
  await expect(ops.getByRole("main")).toContainText("ticket 4411");
  await axe(ops);

  // The figures: every chart with its numbers a press away, the CSV beside it.
  await ops.getByRole("link", { name: "Figures", exact: true }).click();
  await expect(ops.getByRole("heading", { level: 1, name: "Figures" })).toBeVisible();
  await hydrated(ops);
  const downloads = ops.locator('section[data-chart="downloads"]');
  await expect(downloads.getByRole("link", { name: "Download “Downloads” as CSV" })).toBeVisible();
  await axe(ops);
});

test("messages (es): a paid member's message comes first and marked; the operator's answer reaches a real SMTP server in Spanish", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const writer = await memberPage(browser, WRITER, "/es", "Iniciar sesión");
  await writer.goto("/es/contact-us");
  await hydrated(writer);
  // A new account is asked its interests first (SPEC §4).
  await chooseInterests(writer);
  await expect(writer.locator("altcha-widget").getByText("Comprobado", { exact: true })).toBeVisible();
  await writer.getByLabel("Nombre", { exact: true }).fill("Marta");
  await writer.getByLabel("Apellidos", { exact: true }).fill("Nieto");
  await writer.getByLabel("Correo electrónico", { exact: true }).fill(`${WRITER}@example.com`);
  const question = "¿Puedo usar la plantilla de marketing en un curso que vendo?";
  await writer.getByLabel("Mensaje", { exact: true }).fill(question);
  await writer.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(writer.getByText(/¡Gracias, Marta!/)).toBeVisible();

  const ops = await operatorPage(browser, "es");
  await ops.getByRole("link", { name: "Mensajes", exact: true }).click();
  await expect(ops).toHaveURL(`${base}/es/operator/messages`);
  await hydrated(ops);
  await expect(ops.getByTestId("priority-mark").first()).toHaveText("Prioritario · Personal");
  await axe(ops);
  await ops
    .getByRole("link", { name: /Marta Nieto/ })
    .first()
    .click();
  await expect(ops.getByRole("heading", { level: 1, name: "Mensaje de Marta Nieto" })).toBeVisible();
  await expect(ops.getByRole("main")).toContainText(question);
  await hydrated(ops);
  await axe(ops);

  await ops.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(ops.getByText("Escribe primero una respuesta.")).toBeVisible();
  const answer = "Sí: con el plan Personal puedes usarla en un curso tuyo, citando SlideNest en la última diapositiva.";
  await ops.getByLabel("Tu respuesta (en español)").fill(answer);
  await ops.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(ops.getByText("Respuesta enviada.")).toBeVisible();

  // The answer on a real SMTP server: to her, in Spanish, her question quoted.
  await expect.poll(() => smtp?.to(`${WRITER}@example.com`).filter((m) => m.body.includes(answer)).length).toBe(1);
  const mail = smtp?.to(`${WRITER}@example.com`).find((m) => m.body.includes(answer));
  expect(mail?.raw).toMatch(/^Subject: Re: tu mensaje a SlideNest/m);
  expect(mail?.body).toContain(question);

  await ops.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(ops.getByText("Mensaje cerrado.")).toBeVisible();
  await expect(ops.getByRole("button", { name: "Volver a abrir" })).toBeVisible();
});

test("search (es): a guest's search that found nothing becomes a synonym on the desk, and the same search then finds templates", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const query = "plantillaszxq";
  const guest = browserSide.watch(await (await browser.newContext({ baseURL: base })).newPage());
  await guest.goto(`/es/search?q=${query}`);
  const nothing = guest.getByRole("heading", { level: 2, name: `No hemos encontrado plantillas de «${query}»` });
  await expect(nothing).toBeVisible();

  // Another operator: each enrols their own second factor at their first visit.
  const ops = await operatorPage(browser, "es", "desk-voc");
  await ops.getByRole("link", { name: "Búsqueda", exact: true }).click();
  await expect(ops).toHaveURL(`${base}/es/operator/search`);
  await hydrated(ops);
  await axe(ops);
  const card = ops.getByTestId("zero-query").filter({ hasText: query });
  await expect(card).toBeVisible();
  // The desk may suggest a term of its own: this one is typed.
  await card.getByLabel(/^(Otro término|Término que debería encontrar «plantillaszxq»)$/).fill("negocios");
  await card.getByRole("button", { name: "Añadir como sinónimo" }).click();
  await expect(ops.getByTestId("added")).toContainText(`La búsqueda «${query}» ahora encuentra`);
  await axe(ops);

  await guest.goto(`/es/search?q=${query}`);
  await expect(guest.getByRole("main").locator("article").first()).toBeVisible();
  await expect(nothing).toHaveCount(0);

  // On a phone the desk's navigation scrolls sideways with the page's own link in view.
  await ops.setViewportSize({ width: 390, height: 844 });
  await ops.reload();
  await hydrated(ops);
  const here = ops.getByRole("navigation", { name: "Área de operadores" }).getByRole("link", { name: "Búsqueda" });
  await expect(here).toHaveAttribute("aria-current", "page");
  await expect(here).toBeInViewport({ ratio: 1 });
  await axe(ops);
});
