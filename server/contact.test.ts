import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRAND } from "#config/constants.ts";
import { smtpMailer } from "#modules/mail/mailer.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { captchaAnswer } from "#tests/captcha.ts";
import { httpClient, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createMailingTestServer, createTestServer } from "#tests/server.ts";

/**
 * The contact form through the real app: the page in both languages, its checks and their messages,
 * the CAPTCHA, the mails through a real SMTP server, the budgets per address and per client, and what
 * the form keeps when something goes wrong.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
let smtp: Awaited<ReturnType<typeof createMailingTestServer>>["smtp"];
let mailer: Awaited<ReturnType<typeof createMailingTestServer>>["mailer"];
let mailing: Awaited<ReturnType<typeof createMailingTestServer>>;
const clock: Clock = { now: () => new Date() };
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  mailing = await createMailingTestServer();
  ({ srv, smtp, mailer } = mailing);
});
afterAll(async () => {
  await mailing?.cleanup();
});

const http = (server = srv) => httpClient((p, i) => server.request(p, i));
const solved = (server = srv) => captchaAnswer((p) => server.request(p));
const fromHtml = (s: string) =>
  s
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
/** The value the page shows again in the named input, or in the message's textarea. */
const inputValue = (html: string, name: string) => {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) return undefined;
  return fromHtml(tag.match(/value="([^"]*)"/)?.[1] ?? "");
};
const textarea = (html: string) => {
  const m = /<textarea[^>]*name="message"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
  return m ? fromHtml(m[1]) : undefined;
};
/** The messages beside the fields and above the button, as a visitor reads them. */
const said = async (res: Response) => {
  expect(res.status).toBe(200);
  const html = visible(await res.text());
  return { html, notices: fromHtml(notices(html)) };
};
const stored = async (email: string, server = srv) =>
  queryRows<{ status: string; attempts: number; account_id: number | null; locale: string; message: string }>(
    server.database.db,
    sql`select status, attempts, account_id, locale, message from contact_message where lower(email) = lower(${email}) order by id`,
  );
let seq = 0;
const address = (name = "visitor") => `${name}${++seq}-${process.pid}@example.com`;
const fields = (email: string, over: Record<string, string> = {}) => ({
  firstName: "Ana",
  lastName: "Ruiz",
  email,
  message: "Hello,\nwhere is my invoice?",
  ...over,
});

describe("the contact page", () => {
  it("is there in both languages with its title, canonical URL, hreflang, form and aside", async () => {
    for (const [path, title, canonical, words] of [
      ["/contact-us", "Contact us | SlideNest", "http://localhost:3000/contact-us", ["First name", "Send message"]],
      ["/es/contact-us", "Contacto | SlideNest", "http://localhost:3000/es/contact-us", ["Nombre", "Enviar mensaje"]],
    ] as const) {
      const res = await http().get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(html).toContain('<link rel="alternate" hrefLang="en" href="http://localhost:3000/contact-us"/>');
      expect(html).toContain('<link rel="alternate" hrefLang="es" href="http://localhost:3000/es/contact-us"/>');
      const page = visible(html);
      for (const w of words) expect(page).toContain(w);
      // A plain form that posts before any script runs, and the CAPTCHA of sign-up.
      expect(page).toMatch(/<form[^>]*method="post"/);
      for (const name of ["firstName", "lastName", "email"])
        expect(page).toMatch(new RegExp(`<input[^>]*name="${name}"`));
      expect(page).toMatch(/<textarea[^>]*name="message"/);
      expect(page).toMatch(/<altcha-widget[^>]*name="captcha"/);
      expect(page).toContain(`href="mailto:${BRAND.supportEmail}"`);
      const prefix = path.startsWith("/es") ? "/es" : "";
      for (const link of [
        `${prefix}/faq`,
        `${prefix}/faq#help`,
        `${prefix}/license`,
        `${prefix}/contact-us`,
        `${prefix}/blog`,
      ])
        expect(page).toContain(`href="${link}"`);
    }
  });

  it("fills in a member's name and e-mail address", async () => {
    const member = await signedInMember(srv, clock, "contactmember");
    const html = visible(await (await http().get("/contact-us", member.jar)).text());
    expect(inputValue(html, "firstName")).toBe("contactmember");
    expect(inputValue(html, "email")).toBe(member.email);
    const res = await http().post(
      "/contact-us",
      { ...fields(member.email, { firstName: "Carmen" }), captcha: await solved() },
      member.jar,
    );
    expect((await said(res)).notices).toContain("Thank you, Carmen!");
    expect(await stored(member.email)).toMatchObject([{ account_id: member.id, status: "sent" }]);
  });
});

describe("sending the form", () => {
  it("thanks the sender, mails support with Reply-To, and confirms to the sender (without the message) in the page's language", async () => {
    for (const [path, thanks, subject, locale] of [
      [
        "/contact-us",
        "Thank you, Ana! Your message has been sent. We answer within two working days.",
        "We have received your message",
        "en",
      ],
      [
        "/es/contact-us",
        "¡Gracias, Ana! Tu mensaje se ha enviado. Respondemos en un plazo de dos días laborables.",
        "Hemos recibido tu mensaje",
        "es",
      ],
    ] as const) {
      const email = address();
      const before = smtp.to(BRAND.supportEmail).length;
      const { notices: text, html } = await said(await http().signUp(path, fields(email)));
      expect(text).toContain(thanks);
      expect(text).not.toMatch(/could not|No se ha podido/);
      // The form is gone: the answer stands on its own.
      expect(html).not.toMatch(/<textarea/);
      const mails = smtp.to(BRAND.supportEmail);
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: Ana Ruiz <${email.replace(/[.]/g, "\\.")}>\\r?$`, "m"));
      expect(mail.raw).toMatch(/^Subject: Contact form: Ana Ruiz\r?$/m);
      expect(mail.body).toContain(`Page language: ${locale === "es" ? "Español" : "English"} (${locale})`);
      expect(mail.body).toContain("where is my invoice?");
      const [copy] = smtp.to(email);
      expect(copy.raw).toContain(subject);
      expect(copy.body).not.toContain("where is my invoice?");
      expect(await stored(email)).toMatchObject([{ status: "sent", attempts: 1, locale, account_id: null }]);
    }
  });

  it("answers each field's mistake in the page's language and keeps what was typed", async () => {
    const cases = [
      {
        path: "/contact-us",
        sent: { firstName: "", lastName: "  ", email: "", message: " " },
        expected: ["Field is required", "Please enter email"],
        not: ["Accepts only alphabet characters"],
      },
      {
        path: "/es/contact-us",
        sent: { firstName: "", lastName: "  ", email: "", message: " " },
        expected: ["El campo es obligatorio", "Introduce tu correo"],
        not: ["Field is required"],
      },
      {
        path: "/contact-us",
        sent: { firstName: "Ana3", lastName: "O'Neill", email: "ana@", message: "Hi" },
        expected: ["Accepts only alphabet characters", "Invalid email format"],
        not: ["Field is required"],
      },
      {
        path: "/es/contact-us",
        sent: { firstName: "Ana3", lastName: "O'Neill", email: "ana@", message: "Hola" },
        expected: ["Solo se admiten letras", "Formato de correo no válido"],
        not: ["El campo es obligatorio"],
      },
      {
        path: "/contact-us",
        sent: { firstName: "Zoë", lastName: "李", email: "zoe@example.com", message: "x".repeat(5001) },
        expected: ["Your message is too long: write at most 5,000 characters."],
        not: ["Field is required"],
      },
      {
        path: "/es/contact-us",
        sent: { firstName: "Zoë", lastName: "李", email: "zoe@example.com", message: "x".repeat(5001) },
        expected: ["Tu mensaje es demasiado largo: escribe como máximo 5000 caracteres."],
        not: [],
      },
    ];
    const before = smtp.received.length;
    for (const c of cases) {
      const { html, notices: text } = await said(await http().post(c.path, c.sent));
      for (const e of c.expected) expect(text, c.path).toContain(e);
      for (const e of c.not) expect(text, c.path).not.toContain(e);
      expect(inputValue(html, "firstName")).toBe(c.sent.firstName);
      expect(inputValue(html, "lastName")).toBe(c.sent.lastName);
      expect(inputValue(html, "email")).toBe(c.sent.email);
      expect(textarea(html)?.trim()).toBe(c.sent.message.trim());
    }
    // The required-field message shows once per empty field.
    const empty = await said(await http().post("/contact-us", cases[0].sent));
    expect(empty.notices.split("Field is required").length - 1).toBe(3);
    expect(smtp.received.length).toBe(before);
  });

  it("refuses repeated fields like a wrong answer, not with an error page", async () => {
    const body = new URLSearchParams(fields(address()));
    body.append("firstName", "Eva");
    const res = await srv.request("/contact-us", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: body.toString(),
    });
    expect((await said(res)).notices).toContain("Field is required");
  });

  it("asks for the CAPTCHA when it is missing or wrong, in each language, keeping every value", async () => {
    for (const [path, captcha, message] of [
      ["/contact-us", undefined, "Complete the check that you are not a robot"],
      ["/es/contact-us", undefined, "Completa la comprobación de que no eres un robot"],
      ["/contact-us", "bm90IGEgc29sdXRpb24=", "The check that you are not a robot did not pass."],
      ["/es/contact-us", "bm90IGEgc29sdXRpb24=", "La comprobación de que no eres un robot no se ha superado."],
    ] as const) {
      const email = address();
      const sent = fields(email);
      const res = await http().post(path, captcha ? { ...sent, captcha } : sent);
      const { html, notices: text } = await said(res);
      expect(text).toContain(message);
      expect(inputValue(html, "firstName")).toBe("Ana");
      expect(inputValue(html, "email")).toBe(email);
      expect(textarea(html)).toBe(sent.message);
      if (captcha) expect(html).not.toContain(captcha);
      expect(await stored(email)).toEqual([]);
      expect(smtp.to(email)).toHaveLength(0);
    }
  });

  it("refuses a post from another site", async () => {
    const email = address();
    const evil = await http().post("/contact-us", { ...fields(email), captcha: await solved() }, undefined, {
      origin: "https://evil.example",
    });
    expect(evil.status).toBe(403);
    const framed = await srv.request("/es/contact-us", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ ...fields(email), captcha: await solved() }).toString(),
    });
    expect(framed.status).toBe(403);
    expect(await framed.text()).toBe("Esta petición no viene de una página de SlideNest.");
    expect(await stored(email)).toEqual([]);
  });
});

describe("when it cannot be sent", () => {
  it("says so, keeps every value (the CAPTCHA is solved again), and sends it when posted again", async () => {
    const dead = net.createServer();
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const port = (dead.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const deadMailer = smtpMailer({ url: `smtp://127.0.0.1:${port}`, log: silent });
    const broken = await createTestServer({
      mailer: deadMailer,
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
    });
    try {
      for (const [path, message] of [
        ["/contact-us", "Your message could not be sent. Please try again in a few minutes."],
        ["/es/contact-us", "No se ha podido enviar tu mensaje. Vuelve a intentarlo dentro de unos minutos."],
      ] as const) {
        const email = address();
        const sent = fields(email, { firstName: "José María", lastName: "O'Neill", message: "Línea 1\nLínea <2> & 3" });
        const captcha = await solved(broken);
        const { html, notices: text } = await said(await http(broken).post(path, { ...sent, captcha }));
        expect(text).toContain(message);
        expect(inputValue(html, "firstName")).toBe("José María");
        expect(inputValue(html, "lastName")).toBe("O'Neill");
        expect(inputValue(html, "email")).toBe(email);
        expect(textarea(html)).toBe(sent.message);
        expect(html).not.toContain(captcha.slice(0, 40));
        expect(await stored(email)).toMatchObject([{ status: "failed", attempts: 1 }]);
        // Later, with mail working again, the same message goes out from the same row.
        const { notices: thanks } = await said(await http().signUp(path, sent));
        expect(thanks).toMatch(/Thank you, José María!|¡Gracias, José María!/);
        expect(await stored(email)).toMatchObject([{ status: "sent", attempts: 2 }]);
        expect(smtp.to(email)).toHaveLength(1);
      }
    } finally {
      await broken.close();
      deadMailer.close();
    }
  });
});

describe("budgets", () => {
  it("limits messages per sender address and per client address, saying how long to wait", async () => {
    const tight = await createTestServer({ mailer, rateLimits: { contact: [2, 0.1] }, env: { TRUST_PROXY: "1" } });
    try {
      const from = async (client: string, path: string, sent: Record<string, string>) =>
        said(
          await http(tight).post(path, { ...sent, captcha: await solved(tight) }, undefined, {
            "x-forwarded-for": client,
          }),
        );
      const a = address("budget-a");
      const b = address("budget-b");
      const c = address("budget-c");
      expect((await from("203.0.113.1", "/contact-us", fields(a, { message: "One" }))).notices).toContain("Thank you");
      expect((await from("203.0.113.1", "/contact-us", fields(a, { message: "Two" }))).notices).toContain("Thank you");
      // Third from this client and this address: wait ten minutes (one message per ten minutes).
      const third = await from("203.0.113.1", "/contact-us", fields(a, { message: "Three" }));
      expect(third.notices).toContain(
        "You have sent several messages in a short time. Please wait 10 minutes before sending another one.",
      );
      expect(textarea(third.html)).toBe("Three");
      expect(inputValue(third.html, "email")).toBe(a);
      // The same address from another client: still its address's budget.
      const es = await from("203.0.113.2", "/es/contact-us", fields(a, { message: "Cuatro" }));
      expect(es.notices).toContain(
        "Has enviado varios mensajes en poco tiempo. Espera 10 minutos antes de enviar otro.",
      );
      // Another address from that client goes through; the first client is spent whatever the address.
      expect((await from("203.0.113.2", "/contact-us", fields(b))).notices).toContain("Thank you");
      expect((await from("203.0.113.1", "/contact-us", fields(c))).notices).toContain("Please wait 10 minutes");
      expect((await stored(a, tight)).map((r) => r.message)).toEqual(["One", "Two"]);
      expect(await stored(b, tight)).toHaveLength(1);
      expect(await stored(c, tight)).toEqual([]);
    } finally {
      await tight.cleanup();
    }
  });
});

describe("the FAQ's help for members", () => {
  it("has the help section the profile menu links to, leading to the contact form", async () => {
    for (const prefix of ["", "/es"]) {
      const html = visible(await (await http().get(`${prefix}/faq`)).text());
      expect(html).toMatch(/<section[^>]*id="help"/);
      expect(html).toMatch(/<details[^>]*id="contact-support"[\s\S]*?href="(?:\/es)?\/contact-us"/);
      expect(html).toContain(`href="${prefix}/contact-us"`);
    }
    const member = await signedInMember(srv, clock, "helpmember");
    const page = visible(await (await http().get("/profile", member.jar)).text());
    expect(page).toContain('href="/faq#help"');
  });
});
