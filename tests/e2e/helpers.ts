import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { captchaAnswer } from "../captcha.ts";
import { CORE_SHELL, nativeCrash } from "../crash.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** axe-core's own build, read once per worker. */
let axeSource: string | undefined;

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now, once what is moving has settled:
 * colours in a transition (a tab just made current fades to white on brand in 150 ms) would be judged
 * half-way, a contrast no visitor sees. Animations that never end (a spinner) are not waited for.
 *
 * axe-core runs in the page itself: injected once per document, then `axe.run` with the four WCAG tags,
 * the same rules and results as AxeBuilder's. AxeBuilder evaluates axe's 550 kB source twice per call and
 * opens a blank page of its own to finish (a new renderer): 1.0-1.1 s a call on its own, 1.4 s on average
 * over three specs' 57 calls in a run, against 0.15-0.3 s here. A page with frames (none today) goes
 * through AxeBuilder, which checks each frame.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  let violations: AxeResults["violations"];
  if (page.frames().length > 1) {
    violations = (await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations;
  } else {
    if (!(await page.evaluate(() => "axe" in window))) {
      axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
      await page.evaluate(axeSource);
    }
    violations = await page.evaluate(async (values) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
      return (await axe.run(document, { runOnly: { type: "tag", values } })).violations;
    }, AXE_TAGS);
  }
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
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

/** An address no other test uses, even one running at the same millisecond in another worker. */
export function uniqueEmail(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return `${slug}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The page of the newest outbox mail to `to` (exactly that address) whose subject contains `subject`.
 * The outbox is shared by every test of the run: the newest mail overall may be another test's.
 */
export async function outboxMailTo(page: Page, to: string, subject: string): Promise<string> {
  const find = async () => {
    const list = await (await page.request.get("/outbox")).text();
    return outboxEntries(list).find((e) => e.to === to.toLowerCase() && e.subject.includes(subject))?.id;
  };
  await expect.poll(find, { message: `a mail "${subject}" to ${to} in the outbox` }).toBeTruthy();
  const mail = await (await page.request.get(`/outbox/${await find()}`)).text();
  const shown = mail.replace(/<!--[\s\S]*?-->/g, "").toLowerCase();
  expect(shown, "the mail opened is the one to that address").toContain(`: ${to.toLowerCase()} ·`);
  return mail;
}

/** The outbox list's entries, newest first: each item's id, subject and recipient (lower case). */
export function outboxEntries(html: string): { id: string; subject: string; to: string }[] {
  const entries: { id: string; subject: string; to: string }[] = [];
  for (const item of html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)) {
    const id = /href="(?:\/es)?\/outbox\/(\d+)"/.exec(item[1])?.[1];
    const spans = [...item[1].matchAll(/<span\b[^>]*>([\s\S]*?)<\/span>/g)].map((m) =>
      m[1].replace(/<!--[\s\S]*?-->/g, "").trim(),
    );
    if (!id || spans.length < 2) continue;
    entries.push({ id, subject: spans[0], to: (spans[1].split(" · ")[0] ?? "").trim().toLowerCase() });
  }
  return entries;
}

/**
 * A new verified account, signed in in the page's browser context: sign-up through the form's action
 * (with a challenge of the server's CAPTCHA, solved as the widget does), the verification link from the
 * demo outbox, then log-in. Answers the e-mail.
 */
export async function signUpAndLogIn(
  page: Page,
  name: string,
  opts: { /** Choose interests too (through GraphQL), so the interests dialog stays shut. */ interests?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(name);
  const password = "Sl1des!rock";
  const captcha = await captchaAnswer(async (path) => {
    const res = await page.request.get(path);
    return { status: res.status(), json: () => res.json() };
  });
  const signup = await page.request.post("/signup", { form: { name, email, password, terms: "on", captcha } });
  expect(signup.status()).toBe(200);
  const mail = await outboxMailTo(page, email, "Confirm your SlideNest account");
  const link = /href="(http[^"]*\/login\?hash=[\w-]+)"/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.request.get(new URL(link as string).pathname + new URL(link as string).search);
  const login = await page.request.post("/login", { form: { login: email, password }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  if (opts.interests !== false) {
    const tags = await page.request.post("/graphql", {
      data: { query: "{ tags(where: { type: { in: [category] } }, limit: 2) { list { id } } }" },
    });
    const tagIds = ((await tags.json()) as { data: { tags: { list: { id: number }[] } } }).data.tags.list.map(
      (t) => t.id,
    );
    const saved = await page.request.post("/graphql", {
      data: { query: "mutation($tagIds: [Int!]!) { updateAccountInterests(tagIds: $tagIds) }", variables: { tagIds } },
    });
    expect(((await saved.json()) as { data?: { updateAccountInterests: boolean } }).data?.updateAccountInterests).toBe(
      true,
    );
  }
  return email;
}

/**
 * A new account's first page: the interests dialog (SPEC §4) opens once its topics have loaded; choose
 * the first one and save, as a person would before going on.
 */
export async function chooseInterests(page: Page) {
  const dialog = page.getByRole("dialog").filter({ has: page.locator("[aria-pressed]") });
  await expect(dialog).toBeVisible();
  await dialog.locator("button[aria-pressed]").first().click();
  await dialog.getByRole("button", { name: /Save my interests|Guardar mis intereses/ }).click();
  await expect(dialog).toBeHidden();
}

/**
 * What the browser said on the pages watched: console errors and warnings, uncaught errors and answers of
 * 400 or more, in order, for a spec to attach when a test fails ("browser console", printed by
 * scripts/test.ts with the page).
 */
export function browserLog() {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  return {
    watch(page: Page): Page {
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") lines.push(`${at()} ${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => lines.push(`${at()} uncaught: ${e.stack ?? e.message}`));
      page.on("response", (r) => {
        if (r.status() >= 400) lines.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`);
      });
      return page;
    },
    text: () => lines.join("\n"),
  };
}

/**
 * After a test that did not end as expected: its own server's stderr (and how the server ended, when it
 * did unasked) and the browser's log, attached for scripts/test.ts to print with the page.
 */
export async function attachOnFailure(
  info: TestInfo,
  server: OwnServer | undefined,
  browser?: ReturnType<typeof browserLog>,
): Promise<void> {
  if (info.status === info.expectedStatus) return;
  const serverErr = server?.stderr() ?? "";
  if (serverErr) await info.attach("server stderr", { body: serverErr });
  if (browser?.text()) await info.attach("browser console", { body: browser.text() });
}

/** A server a spec starts for itself (startOperatorServer). */
export type OwnServer = {
  base: string;
  /** Its DATA_DIR, removed by `stop`; a spec may keep files of its own there. */
  dataDir: string;
  /** The last 4,000 characters the server wrote to stderr, and how it ended when it did unasked. */
  stderr(): string;
  stop(): Promise<void>;
};

/**
 * A server of a spec's own on a data folder prepared first, for the operator specs: the account command
 * needs the embedded database to itself, so the accounts are made before the server starts. The folder is
 * migrated (or loaded from the migrated base the run's first operator spec left), `prepare` adds what
 * the spec needs (no demo catalogue: SEED_DEMO=never), each name in `operators` becomes a verified account
 * (`name@example.com`, username and name `name`, `password`) made an operator by
 * `npm run account -- role name operator` as an operator would, and the production server starts on
 * `port` and answers /readyz. The database modules load here only, not in the other specs.
 */
export async function startOperatorServer(opts: {
  port: number;
  /** The temporary folder's name prefix. */
  name: string;
  operators: string[];
  password: string;
  prepare?: (db: import("../../db/client.server.ts").Db) => Promise<unknown>;
  /** More of the server's environment (SMTP_URL for a spec's own mail server). */
  env?: NodeJS.ProcessEnv;
}): Promise<OwnServer> {
  const [{ spawn, spawnSync }, fs, os, path, { openDatabase }, { createVerifiedAccount }] = await Promise.all([
    import("node:child_process"),
    import("node:fs"),
    import("node:os"),
    import("node:path"),
    import("../../db/client.server.ts"),
    import("../../modules/accounts/service.ts"),
  ]);
  const base = `http://127.0.0.1:${opts.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `slidenest-e2e-${opts.name}-`));
  // The first operator spec of a run migrates its folder and leaves the migrated database beside the
  // site's (E2E_DATA_DIR) for the others to load: initdb and the migrations once, not per spec.
  const baseFile = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-operator-base.tar` : undefined;
  const migrated = baseFile && fs.existsSync(baseFile) ? fs.readFileSync(baseFile) : undefined;
  const database = await openDatabase({
    dataDir: path.join(dataDir, "db"),
    loadDataDir: migrated ? new Blob([migrated], { type: "application/x-tar" }) : undefined,
  });
  try {
    await database.migrate();
    if (baseFile && !migrated) {
      const dump = Buffer.from(await (await database.pglite!.dumpDataDir("none")).arrayBuffer());
      const part = `${baseFile}.${process.pid}`;
      fs.writeFileSync(part, dump);
      fs.renameSync(part, baseFile);
    }
    await opts.prepare?.(database.db);
    for (const who of opts.operators)
      await createVerifiedAccount(
        { db: database.db, clock: { now: () => new Date() } },
        { email: `${who}@example.com`, username: who, name: who, password: opts.password },
      );
  } finally {
    await database.close();
  }
  for (const who of opts.operators) {
    const made = spawnSync(process.execPath, ["scripts/account.ts", "role", who, "operator"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(made.stdout).toContain("role member -> operator");
  }
  const startedAt = Date.now();
  // Through a shell that allows a core file, then exec: the pid is node's (tests/crash.ts).
  const server = spawn("sh", ["-c", CORE_SHELL, "sh", process.execPath, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SEED_DEMO: "never",
      ...opts.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  /** How the server ended when nobody asked it to (a crash's stack when it was a native fault). */
  let ended = "";
  let stopping = false;
  server.on("exit", (code, signal) => {
    if (stopping) return;
    ended = `\nthe server exited unasked (${signal ?? `exit code ${code}`}) at ${new Date().toISOString()}`;
    const crash = nativeCrash({ code, signal }, process.cwd(), startedAt);
    if (crash) ended += `\n${crash}`;
  });
  const own: OwnServer = {
    base,
    dataDir,
    stderr: () => stderr + ended,
    async stop() {
      stopping = true;
      if (server.pid && server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return own;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await own.stop();
  throw new Error(`the ${opts.name} E2E server did not start\n${stderr}`);
}

/** The log-in and enrolment pages' words, for logInAndEnrolOperator. */
const ENROL_WORDS = {
  en: {
    prefix: "",
    login: "Log in",
    password: "Your password",
    turnOn: "Turn on two-step verification",
    code: "2. The 6-digit code the app shows",
    confirm: "Confirm and turn on",
    go: "Go to the operator area",
  },
  es: {
    prefix: "/es",
    login: "Iniciar sesión",
    password: "Tu contraseña",
    turnOn: "Activar la verificación en dos pasos",
    code: "2. El código de 6 cifras que muestra la app",
    confirm: "Confirmar y activar",
    go: "Ir al área de operadores",
  },
} as const;

/**
 * An operator's first visit to the operator area (a server of the spec's own, startOperatorServer): the
 * log-in form, then the enrolment of TOTP with the code computed from the key the page shows as text, the
 * ten recovery codes, and the way in. Ends hydrated on `/operator` in the locale's language.
 */
export async function logInAndEnrolOperator(
  page: Page,
  opts: { base: string; locale: "en" | "es"; email: string; password: string },
) {
  const l = ENROL_WORDS[opts.locale];
  await page.goto(`${l.prefix}/login?redirect=${encodeURIComponent(`${l.prefix}/operator`)}`);
  await hydrated(page);
  await page.locator("input[name=login]").fill(opts.email);
  await page.locator("input[name=password]").fill(opts.password);
  await page.getByRole("main").getByRole("button", { name: l.login, exact: true }).click();
  await expect(page).toHaveURL(`${opts.base}${l.prefix}/operator/enrol`);
  await page.getByLabel(l.password).fill(opts.password);
  await page.getByRole("button", { name: l.turnOn }).click();
  const key = (await page.getByTestId("totp-key").textContent()) ?? "";
  const { generate } = await import("otplib");
  await page.getByLabel(l.code).fill(await generate({ secret: key.replace(/\s/g, "") }));
  await page.getByRole("button", { name: l.confirm }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await page.getByRole("link", { name: l.go }).click();
  await expect(page).toHaveURL(`${opts.base}${l.prefix}/operator`);
  await hydrated(page);
}
