import { spawnSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { account } from "#db/schema/index.ts";
import { deleteAccount } from "#modules/accounts/profile.ts";
import { nameLicenceProject } from "#modules/licences/service.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Licences at the edges (issue 22): the public verification page (valid, unknown, malformed, hostile input,
 * noindex, the budget of checks, both languages, after an account's deletion) and the holder's certificate
 * (a member's own, a guest's with its browser's cookie only). Grants are Google Slides copies (a link), so
 * no deck is built.
 */

const clock: Clock = { now: () => new Date("2026-11-21T10:00:00Z") };
const silent = { info() {}, warn() {}, error() {} };
let srv: Awaited<ReturnType<typeof createTestServer>>;
type Row = {
  color_id: number;
  template_id: number;
  slug_en: string;
  slug_es: string;
  title_en: string;
  title_es: string;
};
let decks: Row[] = [];

beforeAll(async () => {
  srv = await createTestServer({ clock, demo: { now: new Date("2026-11-20T00:00:00Z"), count: 12 } });
  await srv.database.db.execute(
    sql`update template set google_slides_url = 'https://docs.google.com/presentation/d/abc/copy', is_premium = false`,
  );
  decks = await queryRows<Row>(
    srv.database.db,
    sql`select tc.id as color_id, t.id as template_id, en.slug as slug_en, es.slug as slug_es,
               en.title as title_en, es.title as title_es
        from template t join template_color tc on tc.template_id = t.id and tc.position = 0
        join template_translation en on en.template_id = t.id and en.locale = 'en'
        join template_translation es on es.template_id = t.id and es.locale = 'es'
        order by t.id`,
  );
});
afterAll(() => srv?.cleanup());

type Grant = { ok: boolean; licence?: { code: string; isNew: boolean } };

/** A download through the download panel's fetcher; the license's code and any guest cookie it set. */
async function grant(deck: Row, opts: { cookie?: string; peer?: string } = {}) {
  const res = await submitFetcher<Grant>(
    srv.request,
    "/downloads",
    { colorId: String(deck.color_id), format: "GS" },
    { headers: opts.cookie ? { cookie: opts.cookie } : {}, peer: opts.peer },
  );
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  const code = res.data.licence?.code;
  if (!code) throw new Error(`no licence: ${JSON.stringify(res.data)}`);
  return { code, guestCookie: (res.headers.get("set-cookie") ?? "").split(";")[0] };
}

/** A signed-in member on a plan, with a name of its own. */
async function member(plan: "FREE" | "PERSONAL_MONTHLY" | "COMMERCIAL_MONTHLY", name: string) {
  const m = await signedInMember(srv, clock, "lic");
  await srv.database.db.update(account).set({ plan, name }).where(eq(account.id, m.id));
  return m;
}

const get = (path: string, headers: Record<string, string> = {}, peer?: string) =>
  srv.request(path, { headers, redirect: "manual" }, peer);
const pdfText = (pdf: Buffer) =>
  spawnSync("pdftotext", ["-", "-"], { input: pdf }).stdout.toString().replace(/\s+/g, " ");

describe("the verification page", () => {
  it("shows a valid licence: template, colour, format, kind and what it covers, licensee, date; never the project", async () => {
    const m = await member("PERSONAL_MONTHLY", "Ana María López");
    const { code } = await grant(decks[0], { cookie: m.jar.header });
    const named = await nameLicenceProject(
      { db: srv.database.db, locale: "en" },
      { accountId: m.id, code, project: "Secret pitch for Zyxwv" },
    );
    expect(named.ok).toBe(true);
    const res = await get(`/licence/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.headers.get("cache-control") ?? "").not.toContain("public");
    const html = await res.text();
    const page = visible(html);
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain(`<link rel="canonical" href="http://localhost:3000/licence/${code}"/>`);
    expect(page).toContain(`hrefLang="es" href="http://localhost:3000/es/licence/${code}"`);
    expect(page).toContain("Valid license");
    expect(page).toContain(code);
    expect(page).toContain(`href="/template/${decks[0].slug_en}"`);
    expect(page).toContain(decks[0].title_en);
    expect(page).toContain("Google Slides");
    expect(page).toContain("Personal license");
    expect(page).toContain("No attribution needed.");
    expect(page).toContain("It stays valid after the plan ends.");
    expect(page).toContain("Ana María López");
    expect(page).toContain("November 21, 2026");
    // The member's project label is theirs alone: not in the page, nor in its data.
    expect(html).not.toContain("Zyxwv");
  });

  it("reads a code as people type it: lower case, no dashes, spaces", async () => {
    const m = await member("FREE", "Bea Ruiz");
    const { code } = await grant(decks[1], { cookie: m.jar.header });
    for (const typed of [code.toLowerCase(), code.replaceAll("-", ""), code.replaceAll("-", " ").toLowerCase()]) {
      const res = await get(`/licence/${encodeURIComponent(typed)}`);
      expect(res.status, typed).toBe(200);
      const page = visible(await res.text());
      expect(page).toContain(code);
      expect(page).toContain("Free license (with attribution)");
      expect(page).not.toContain("stays valid after the plan ends");
    }
  });

  it("says no license has an unknown code (404) and that a malformed one is no code (400), with the form again", async () => {
    const unknown = await get("/licence/0000-0000-0000-0000-0000");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-robots-tag")).toBe("noindex");
    const page = visible(await unknown.text());
    expect(page).toContain("Not a valid license");
    expect(page).toContain("No license has this code.");
    expect(page).toContain('<meta name="robots" content="noindex');
    const form = /<form\b[^>]*>/.exec(page.slice(page.indexOf("<main")))?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/licence"');
    const malformed = await get("/licence/ABCD-1234");
    expect(malformed.status).toBe(400);
    expect(visible(await malformed.text())).toContain("This is not a license code.");
  });

  it("answers hostile codes without a server error: NUL, ten thousand characters, other scripts", async () => {
    for (const path of [
      "/licence/%00",
      "/licence/7K3Q-M9XD-2C8F-VN4T-H6R%00",
      `/licence/${"A".repeat(10_000)}`,
      `/licence/${encodeURIComponent("7K3Q-M9XD-2C8F-VN4T-H6RÉ")}`,
      `/licence/${encodeURIComponent("李小龍".repeat(7))}`,
      "/licence/%E0%A4%A",
      `/licence?code=${"B".repeat(10_000)}`,
      "/licence?code=%00%00",
      "/es/licence/%00",
    ]) {
      const res = await get(path);
      expect(res.status, path.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, path.slice(0, 40)).toBeLessThan(500);
      const html = await res.text();
      expect(html).not.toContain("\u0000");
      expect(html.length).toBeLessThan(200_000);
    }
    const nul = await get("/licence/%00");
    expect(nul.status).toBe(400);
    expect(nul.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("sends the form's code to its own address, and shows an empty form or the refusal otherwise", async () => {
    const m = await member("FREE", "Carla Gómez");
    const { code } = await grant(decks[2], { cookie: m.jar.header });
    const sent = await get(`/licence?code=${encodeURIComponent(` ${code.replaceAll("-", "").toLowerCase()} `)}`);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/licence/${code}`);
    const sentEs = await get(`/es/licence?code=${code.toLowerCase()}`);
    expect(sentEs.headers.get("location")).toBe(`/es/licence/${code}`);
    expect((await get("/licence?code=")).headers.get("location")).toBe("/licence");
    const wrong = await get("/licence?code=not-a-code");
    expect(wrong.status).toBe(400);
    const wrongPage = visible(await wrong.text());
    expect(wrongPage).toContain("This is not a license code.");
    expect(wrongPage).toContain('value="not-a-code"');
    const empty = await get("/licence");
    expect(empty.status).toBe(200);
    expect(empty.headers.get("x-robots-tag")).toBe("noindex");
    const emptyPage = visible(await empty.text());
    expect(emptyPage).toContain("Check a license");
    expect(emptyPage).toContain('name="code"');
    const main = emptyPage.slice(emptyPage.indexOf("<main"), emptyPage.indexOf("</main>"));
    expect(main).toContain('name="code"');
    expect(main).not.toContain('role="alert"');
    expect(emptyPage).toContain('<meta name="robots" content="noindex');
  });

  it("speaks Spanish at /es/licence", async () => {
    const m = await member("COMMERCIAL_MONTHLY", "Diego Pérez");
    const { code } = await grant(decks[3], { cookie: m.jar.header });
    const res = await get(`/es/licence/${code}`);
    expect(res.status).toBe(200);
    const page = visible(await res.text());
    expect(page).toContain('lang="es"');
    expect(page).toContain("Licencia válida");
    expect(page).toContain("Licencia Comercial");
    expect(page).toContain(decks[3].title_es);
    expect(page).toContain(`href="/es/template/${decks[3].slug_es}"`);
    expect(page).toContain("21 de noviembre de 2026");
    expect(page).toContain("Sigue siendo válida cuando el plan termina.");
    expect(page).toContain("Diego Pérez");
    const unknown = await get("/es/licence/0000-0000-0000-0000-0000");
    expect(unknown.status).toBe(404);
    expect(visible(await unknown.text())).toContain("Ninguna licencia tiene este código.");
  });

  it("shows a guest's license as a guest download", async () => {
    const { code } = await grant(decks[4], { peer: "198.51.100.7" });
    const page = visible(await (await get(`/licence/${code}`)).text());
    expect(page).toContain("A guest download (no account)");
    expect(page).toContain("Free license (with attribution)");
  });

  it("keeps a license valid after the account is deleted, with the initials and a note", async () => {
    const m = await member("PERSONAL_MONTHLY", "Elena Sánchez Vidal");
    const { code } = await grant(decks[5], { cookie: m.jar.header });
    const deleted = await deleteAccount(
      { db: srv.database.db, locale: "en", clock, log: silent, payments: null },
      { accountId: m.id, password: "Sl1des!rock" },
    );
    expect(deleted.ok).toBe(true);
    const res = await get(`/licence/${code}`);
    expect(res.status).toBe(200);
    const page = visible(await res.text());
    expect(page).toContain("Valid license");
    expect(page).toContain("E. S. V.");
    expect(page).not.toContain("Elena");
    expect(page).toContain("The account was closed since");
    expect(page).toContain("Personal license");
    const es = visible(await (await get(`/es/licence/${code}`)).text());
    expect(es).toContain("La cuenta se cerró después");
  });

  it("takes each check from the client's budget: past it, 429 with Retry-After and the words of the page's language", async () => {
    const tight = await createTestServer({
      clock,
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: {
        ...Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])),
        licenceChecks: [2, 1],
      } as RateLimits,
    });
    try {
      const peer = "203.0.113.50";
      const ask = (path: string) => tight.request(path, { redirect: "manual" }, peer);
      expect((await ask("/licence/0000-0000-0000-0000-0000")).status).toBe(404);
      expect((await ask("/licence/nonsense")).status).toBe(400);
      const es = await ask("/es/licence/0000-0000-0000-0000-0001");
      expect(es.status).toBe(429);
      expect(Number(es.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(es.headers.get("x-robots-tag")).toBe("noindex");
      expect(visible(await es.text())).toMatch(
        /Demasiadas comprobaciones de licencias\. Vuelve a intentarlo en \d+ segundos?\./,
      );
      const en = await ask("/licence/0000-0000-0000-0000-0001");
      expect(en.status).toBe(429);
      expect(visible(await en.text())).toMatch(/Too many license checks\. Try again in \d+ seconds?\./);
      // Another client still has its budget; the empty form costs nothing.
      expect((await tight.request("/licence/0000-0000-0000-0000-0000", {}, "203.0.113.51")).status).toBe(404);
      expect((await ask("/licence")).status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it("is left out of the sitemap and left crawlable (so its noindex is read)", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/licence");
    const robots = await (await get("/robots.txt")).text();
    expect(robots).not.toMatch(/Disallow:\s*\/(es\/)?licence/);
  });
});

describe("the certificate", () => {
  it("is the member's own: a PDF in the address's language; another account or nobody gets 404", async () => {
    const m = await member("COMMERCIAL_MONTHLY", "Fernando Ortega");
    const { code } = await grant(decks[6], { cookie: m.jar.header });
    const res = await get(`/licence/${code}/pdf`, { cookie: m.jar.header });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="slidenest-license-${code}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const en = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(en).toContain("License certificate");
    expect(en).toContain(code);
    expect(en).toContain("Fernando Ortega");
    expect(en).toContain("Commercial license");
    expect(en).toContain(decks[6].title_en);
    expect(en).toContain("It stays valid after the plan ends.");
    expect(en).toContain(`http://localhost:3000/licence/${code}`);

    const esRes = await get(`/es/licence/${code.toLowerCase()}/pdf`, { cookie: m.jar.header });
    expect(esRes.status).toBe(200);
    expect(esRes.headers.get("content-language")).toBe("es");
    const es = pdfText(Buffer.from(await esRes.arrayBuffer()));
    expect(es).toContain("Certificado de licencia");
    expect(es).toContain("Licencia Comercial");
    expect(es).toContain(decks[6].title_es);
    expect(es).toContain("Sigue siendo válida cuando el plan termina.");
    expect(es).toContain(`http://localhost:3000/es/licence/${code}`);

    const other = await member("COMMERCIAL_MONTHLY", "Someone Else");
    for (const [path, headers] of [
      [`/licence/${code}/pdf`, { cookie: other.jar.header }],
      [`/licence/${code}/pdf`, {}],
      ["/licence/0000-0000-0000-0000-0000/pdf", { cookie: m.jar.header }],
      ["/licence/%00/pdf", { cookie: m.jar.header }],
      [`/licence/${"A".repeat(10_000)}/pdf`, { cookie: m.jar.header }],
    ] as const) {
      const refused = await get(path, headers);
      expect(refused.status, path.slice(0, 40)).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect(refused.headers.get("content-type")).not.toBe("application/pdf");
    }
  });

  it("is a guest's with that browser's cookie only", async () => {
    const first = await grant(decks[7], { peer: "198.51.100.20" });
    const second = await grant(decks[8], { peer: "198.51.100.21" });
    expect(first.guestCookie).toMatch(/^sn_guest=/);
    expect(second.guestCookie).toMatch(/^sn_guest=/);
    const mine = await get(`/licence/${first.code}/pdf`, { cookie: first.guestCookie });
    expect(mine.status).toBe(200);
    const text = pdfText(Buffer.from(await mine.arrayBuffer()));
    expect(text).toContain(first.code);
    expect(text).toContain("A guest download (no account)");
    expect(text).toContain("Free license (with attribution)");
    expect(text).not.toContain("stays valid after the plan ends");
    expect((await get(`/licence/${first.code}/pdf`)).status).toBe(404);
    expect((await get(`/licence/${first.code}/pdf`, { cookie: second.guestCookie })).status).toBe(404);
    const tampered = `${first.guestCookie.slice(0, -3)}xyz`;
    expect((await get(`/licence/${first.code}/pdf`, { cookie: tampered })).status).toBe(404);
    const someone = await member("FREE", "Gloria Nadie");
    expect((await get(`/licence/${first.code}/pdf`, { cookie: someone.jar.header })).status).toBe(404);
  });

  it("is no one's once the account is deleted (the license itself stays valid)", async () => {
    const m = await member("PERSONAL_MONTHLY", "Hugo Ramos");
    const { code } = await grant(decks[9], { cookie: m.jar.header });
    expect((await get(`/licence/${code}/pdf`, { cookie: m.jar.header })).status).toBe(200);
    await deleteAccount(
      { db: srv.database.db, locale: "en", clock, log: silent, payments: null },
      { accountId: m.id, password: "Sl1des!rock" },
    );
    expect((await get(`/licence/${code}/pdf`, { cookie: m.jar.header })).status).toBe(404);
    expect((await get(`/licence/${code}`)).status).toBe(200);
  });
});
