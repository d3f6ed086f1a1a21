import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, template } from "#db/schema/index.ts";
import type { Clock } from "#modules/shared/context.ts";
import enLicences from "#modules/shared/locales/en/licences.json" with { type: "json" };
import esAccount from "#modules/shared/locales/es/account.json" with { type: "json" };
import esLicences from "#modules/shared/locales/es/licences.json" with { type: "json" };
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { type FetcherAnswer, submitFetcher } from "#tests/fetcher.ts";
import { httpClient, type Jar, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Licences as a member and a guest meet them (issue 22): the download's answer carries its licence, the
 * download history and the Licences tab show it with its certificate and check links, and its project
 * is named through a fetcher or a plain form, only by its owner. Downloads are Google Slides copies (a
 * link), so no deck is built.
 */

let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
const templates: { id: number; colorId: number; slugEn: string; slugEs: string }[] = [];
const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

type Grant = FetcherAnswer<{
  ok: boolean;
  kind?: "file" | "link";
  message: string;
  licence?: { code: string; kind: string; isNew: boolean };
}>;
type Saved = FetcherAnswer<{ ok: boolean; code?: string; project?: string | null; message: string }>;

beforeAll(async () => {
  srv = await createTestServer();
  const db = srv.database.db;
  const tax = await createTaxonomy(db);
  for (const i of [1, 2, 3]) {
    const t = await createTemplate(db, tax, { title: `Harbour Pitch ${i}`, titleEs: `Propuesta del puerto ${i}` });
    templates.push({ id: t.id, colorId: t.colorIds[0], slugEn: t.slugEn, slugEs: t.slugEs });
  }
  await db.update(template).set({ googleSlidesUrl: "https://docs.google.com/presentation/d/harbour/copy" });
});
afterAll(() => srv?.cleanup());

const download = (colorId: number, headers: Record<string, string> = {}, path = "/downloads"): Promise<Grant> =>
  submitFetcher(srv.request, path, { colorId: String(colorId), format: "GS" }, { headers });
const nameProject = (jar: Jar, code: string, project: string, path = "/profile/licences"): Promise<Saved> =>
  submitFetcher(srv.request, path, { code, project }, { headers: { cookie: jar.header } });
const page = async (path: string, jar: Jar) => {
  const res = await httpClient(srv.request).get(path, jar);
  expect(res.status, path).toBe(200);
  return visible(await res.text());
};
const escaped = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("a member's licenses", () => {
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let code = "";

  beforeAll(async () => {
    member = await signedInMember(srv, clock, "licensee");
  });

  it("comes with the download's answer, and the same one with a re-download this month", async () => {
    const first = await download(templates[0].colorId, { cookie: member.jar.header });
    expect(first.status).toBe(200);
    expect(first.data.ok).toBe(true);
    expect(first.data.licence).toMatchObject({ kind: "free", isNew: true });
    code = first.data.licence?.code ?? "";
    expect(code).toMatch(CODE);
    const again = await download(templates[0].colorId, { cookie: member.jar.header }, "/es/downloads");
    expect(again.data.licence).toEqual({ code, kind: "free", isNew: false });
  });

  it("shows in the download history with its kind, certificate and check, on each download of the grant", async () => {
    const en = await page("/profile/downloads", member.jar);
    expect(en.split(code).length - 1).toBeGreaterThanOrEqual(2); // both downloads of the month: one licence
    expect(en).toContain(`href="/licence/${code}/pdf"`);
    expect(en).toContain(`href="/licence/${code}"`);
    expect(en).toContain("Certificate (PDF)");
    const es = await page("/es/profile/downloads", member.jar);
    expect(es).toContain(`href="/es/licence/${code}/pdf"`);
    expect(es).toContain(esAccount.licences.certificate);
  });

  it("is listed in the Licenses tab, in both languages, and the profile links to the tab", async () => {
    const en = await page("/profile/licences", member.jar);
    expect(en).toContain(code);
    expect(en).toContain(`href="/template/${templates[0].slugEn}"`);
    expect(en).toContain("Harbour Pitch 1");
    expect(en).toContain(enLicences.kinds.free);
    expect(en).toContain("Google Slides");
    expect(en).toContain(`href="/licence/${code}/pdf"`);
    expect(en).toContain('href="/profile/licences"');
    const es = await page("/es/profile/licences", member.jar);
    expect(es).toContain(code);
    expect(es).toContain(`href="/es/template/${templates[0].slugEs}"`);
    expect(es).toContain(escaped(esLicences.kinds.free));
    expect(es).toContain(esAccount.licences.title);
    expect(es).toContain(`href="/es/licence/${code}"`);
  });

  it("takes a project name through a fetcher, answered in the page's language", async () => {
    const saved = await nameProject(member.jar, code, "  Spring   pitch for Acme ");
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ ok: true, code, project: "Spring pitch for Acme", message: "Project saved." });
    expect(await page("/profile/licences", member.jar)).toContain('value="Spring pitch for Acme"');
    expect(await page("/profile/downloads", member.jar)).toContain("Spring pitch for Acme");
    const es = await nameProject(member.jar, code.toLowerCase(), "Propuesta de primavera", "/es/profile/licences");
    expect(es.data).toMatchObject({ ok: true, project: "Propuesta de primavera", message: esAccount.licences.saved });
  });

  it("takes a project name through a plain form, sent back to its page with the outcome", async () => {
    const http = httpClient(srv.request);
    const res = await http.post("/profile/licences", { code, project: "Autumn fair" }, member.jar, {
      referer: "http://localhost:3000/profile/downloads?sort=oldest",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/downloads?sort=oldest&licence=saved#licence-${code}`);
    const back = await page("/profile/downloads?sort=oldest&licence=saved", member.jar);
    expect(back).toContain("Project saved.");
    expect(back).toContain("Autumn fair");
    // From the tab itself, and cleared.
    const cleared = await http.post("/es/profile/licences", { code, project: "   " }, member.jar, {
      referer: "http://localhost:3000/es/profile/licences",
    });
    expect(cleared.headers.get("location")).toBe(`/es/profile/licences?licence=cleared#licence-${code}`);
    expect(await page("/es/profile/licences?licence=cleared", member.jar)).toContain(esAccount.licences.cleared);
  });

  it("refuses a project name that is too long, with the localised message, and keeps the old one", async () => {
    await nameProject(member.jar, code, "Kept");
    const long = "x".repeat(121);
    const en = await nameProject(member.jar, code, long);
    expect(en.status).toBe(400);
    expect(en.data).toMatchObject({ ok: false, message: "A project name can be at most 120 characters." });
    const es = await nameProject(member.jar, code, long, "/es/profile/licences");
    expect(es.data.message).toBe(esLicences.errors.projectTooLong.replace("{max}", "120"));
    // Far too long: refused by the form's schema with the same words.
    expect((await nameProject(member.jar, code, "y".repeat(5000))).data.message).toBe(en.data.message);
    const plain = await httpClient(srv.request).post("/profile/licences", { code, project: long }, member.jar, {
      referer: "http://localhost:3000/profile/licences",
    });
    expect(plain.headers.get("location")).toBe(`/profile/licences?licence=projectTooLong#licence-${code}`);
    const back = await page("/profile/licences?licence=projectTooLong", member.jar);
    expect(back).toContain("A project name can be at most 120 characters.");
    expect(back).toContain('value="Kept"');
  });

  it("is nobody else's: another member can neither rename it nor see it", async () => {
    const other = await signedInMember(srv, clock, "stranger");
    const refused = await nameProject(other.jar, code, "Mine now");
    expect(refused.status).toBe(404);
    expect(refused.data).toMatchObject({ ok: false, message: enLicences.errors.unknown });
    const es = await nameProject(other.jar, code, "Mío", "/es/profile/licences");
    expect(es.data.message).toBe(esLicences.errors.unknown);
    const tab = await page("/profile/licences", other.jar);
    expect(tab).not.toContain(code);
    expect(tab).toContain("No licenses yet");
    expect(await page("/es/profile/licences", other.jar)).toContain(esAccount.licences.empty);
    expect(await page("/profile/licences", member.jar)).toContain('value="Kept"');
    // Not a code at all, or nothing posted: refused, nothing changed.
    expect((await nameProject(other.jar, "nonsense", "x")).status).toBe(404);
    expect(
      (await submitFetcher(srv.request, "/profile/licences", {}, { headers: { cookie: member.jar.header } })).status,
    ).toBe(400);
  });

  it("shows each download's own licence: an upgrade this month brings a new one; a row without one shows none", async () => {
    await srv.database.db.update(account).set({ plan: "PERSONAL_MONTHLY" }).where(eq(account.id, member.id));
    const personal = await download(templates[0].colorId, { cookie: member.jar.header });
    expect(personal.data.licence).toMatchObject({ kind: "personal", isNew: true });
    const newCode = personal.data.licence?.code ?? "";
    expect(newCode).not.toBe(code);
    // A download recorded without a licence (none was ever made for it).
    await srv.database.db.execute(
      sql`insert into download (template_id, template_color_id, format, license, account_id, period, created_at)
          values (${templates[1].id}, ${templates[1].colorId}, 'PP', 'commercial', ${member.id}, '2025-01', '2025-01-10T00:00:00Z')`,
    );
    const history = await page("/profile/downloads", member.jar);
    const rows = history.split('data-testid="history-licence"').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain(newCode);
    expect(rows[0]).toContain("Personal");
    expect(rows[1]).toContain(code);
    expect(rows[2]).toContain(code);
    expect(rows[3]).toContain("No license");
    expect(rows[3]).not.toContain("/licence/");
    const tab = await page("/profile/licences", member.jar);
    expect(tab.split('data-testid="licence-row"')).toHaveLength(3);
    expect(tab.indexOf(newCode)).toBeLessThan(tab.indexOf(code)); // newest first
  });

  it("pages the Licences tab (?page=), an out-of-range page showing the last", async () => {
    const res = await httpClient(srv.request).get("/profile/licences?page=7", member.jar);
    expect(res.status).toBe(200);
    expect(visible(await res.text())).toContain(code);
  });
});

describe("a guest's license", () => {
  it("comes with the download's answer (no account, tied to the browser)", async () => {
    const first = await download(templates[2].colorId);
    expect(first.status).toBe(200);
    expect(first.data.licence).toMatchObject({ kind: "free", isNew: true });
    expect(first.data.licence?.code).toMatch(CODE);
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toBeTruthy();
    const again = await download(templates[2].colorId, { cookie }, "/es/downloads");
    expect(again.data.licence).toEqual({ ...first.data.licence, isNew: false });
  });

  it("cannot name a project: the Licences tab and its action are a member's", async () => {
    const res = await httpClient(srv.request).post("/profile/licences", {
      code: "0000-0000-0000-0000-0000",
      project: "x",
    });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirect=/);
    const tab = await httpClient(srv.request).get("/es/profile/licences");
    expect(tab.headers.get("location")).toMatch(/^\/es\/signup\?redirect=%2Fes%2Fprofile%2Flicences/);
  });
});
