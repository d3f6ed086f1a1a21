import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema/index.ts";
import { runFiguresJob } from "#modules/figures/service.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { type Jar, visible } from "#tests/http.ts";
import { signedInMember, signedInOperator } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The operator's figures page (issue 23): the figures the job computed, in both languages, each chart's
 * table and CSV (the same numbers, localised headers, no formula a spreadsheet would run), a period not
 * offered, and the site's 404 for members and guests on the page and the CSV.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-20T12:00:05Z");
const clock = { now: () => now };
let ops: Jar;
let member: Jar;
const INJECTION = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  srv = await createTestServer({ clock });
  const db = srv.database.db;
  const tax = await createTaxonomy(db);
  const harbour = await createTemplate(db, tax, { title: "Harbour Pitch", titleEs: "Pitch del puerto" });
  ops = (await signedInOperator(srv, clock, "figures-ops")).jar;
  const m = await signedInMember(srv, clock, "figures-member");
  member = m.jar;
  await signedInMember(srv, clock, "figures-member");
  const day = (d: string, hh = "10") => new Date(`${d}T${hh}:00:00Z`);
  await db.insert(s.download).values([
    {
      templateId: harbour.id,
      format: "PP",
      license: "free",
      fingerprint: "g1",
      period: "2026-11",
      createdAt: day("2026-11-19"),
    },
    {
      templateId: harbour.id,
      format: "GS",
      license: "free",
      accountId: m.id,
      period: "2026-11",
      createdAt: day("2026-11-19"),
    },
    {
      templateId: harbour.id,
      format: "KN",
      license: "free",
      accountId: m.id,
      period: "2026-11",
      createdAt: day("2026-11-20", "09"),
    },
  ]);
  await db.insert(s.templateViewDay).values({ templateId: harbour.id, day: "2026-11-19", views: 12 });
  await db.insert(s.searchLog).values([
    { query: "pitch", locale: "en", resultCount: 4, createdAt: day("2026-11-19") },
    { query: "pitch", locale: "en", resultCount: 4, createdAt: day("2026-11-19") },
    { query: INJECTION, locale: "en", resultCount: 0, createdAt: day("2026-11-19") },
    { query: 'ñandú, "rosa"', locale: "es", resultCount: 0, createdAt: day("2026-11-18") },
  ]);
  await runFiguresJob({ db, clock });
});
afterAll(() => srv?.cleanup());

const get = (path: string, jar?: Jar) => srv.request(path, { headers: jar ? { cookie: jar.header } : {} });

/** The cells of a chart's table on the page, row by row (header first). */
function tableOf(html: string, chart: string): string[][] {
  const section = new RegExp(`<section[^>]*data-chart="${chart}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
  const table = /<table[\s\S]*?<\/table>/.exec(section)?.[0] ?? "";
  return [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => visible(c[1]).trim()),
  );
}

/** A CSV answer's byte-order mark and rows. */
async function csvOf(res: Response): Promise<{ bom: boolean; rows: string[][] }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bom, rows: parseCsv(new TextDecoder().decode(bytes)) };
}

/** A CSV's rows (RFC 4180: quoted fields may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("the operator's figures page", () => {
  it("shows the computed figures in English and Spanish", async () => {
    const en = await get("/operator/figures?period=7d", ops);
    expect(en.status).toBe(200);
    expect(en.headers.get("cache-control")).toContain("no-store");
    const page = visible(await en.text());
    expect(page).toContain("Figures");
    expect(page).toContain("Computed on");
    expect(page).toContain("3 downloads in the period; the most on Thu, Nov 19 (2).");
    expect(page).toContain("4 searches in the period; 2 found nothing, a zero-result rate of 50%.");
    expect(page).toContain("Harbour Pitch");
    expect(page).toContain("=HYPERLINK(");
    const es = visible(await (await get("/es/operator/figures?period=7d", ops)).text());
    expect(es).toContain("Cifras");
    expect(es).toContain("3 descargas en el periodo; el máximo, el jue, 19 nov (2).");
    expect(es).toContain("una tasa sin resultados del 50\u00a0%");
    expect(es).toContain("Pitch del puerto");
    expect(es).toContain("Miembros por plan");
  });

  it("offers the same numbers as a CSV, with the table's headers in the page's language", async () => {
    const html = await (await get("/operator/figures?period=7d", ops)).text();
    const table = tableOf(html, "downloads");
    const res = await get("/operator/figures.csv?chart=downloads&period=7d", ops);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="slidenest-downloads-7d-2026-11-20.csv"');
    const { bom, rows: csv } = await csvOf(res);
    expect(bom).toBe(true);
    expect(csv[0]).toEqual(table[0]);
    expect(csv[0]).toEqual([
      "Day",
      "Downloads",
      "Guests",
      "Free plan",
      "Personal plan",
      "Commercial plan",
      "PowerPoint",
      "Google Slides",
      "Keynote",
    ]);
    expect(csv).toHaveLength(table.length);
    // Every number of the page's table is the CSV's (written plainly there: 1,234 on the page is 1234).
    for (let r = 1; r < table.length; r++)
      for (let c = 1; c < table[r].length; c++) expect(csv[r][c]).toBe(table[r][c].replace(/,/g, ""));
    expect(csv[6]).toEqual(["2026-11-19", "2", "1", "1", "0", "0", "1", "1", "0"]);
    expect(csv[8]).toEqual(["Total", "3", "1", "2", "0", "0", "1", "1", "1"]);
    // Spanish headers; a query that looks like a formula is written as text.
    const es = await csvOf(await get("/es/operator/figures.csv?chart=zeroQueries&period=7d", ops));
    expect(es.rows).toEqual([
      ["Búsqueda", "Búsquedas"],
      [`'${INJECTION}`, "1"],
      ['ñandú, "rosa"', "1"],
    ]);
    const searches = (await csvOf(await get("/operator/figures.csv?chart=searches&period=7d", ops))).rows;
    expect(searches[0]).toEqual(["Day", "Searches", "Found nothing", "Zero-result rate"]);
    expect(searches[6]).toEqual(["2026-11-19", "3", "1", "33.3%"]);
    const months = (await csvOf(await get("/operator/figures.csv?chart=signups&period=12m", ops))).rows;
    expect(months[0]).toEqual(["Month", "Sign-ups"]);
    expect(months[12]).toEqual(["2026-11", "2"]);
  });

  it("falls back to 30 days with a notice for a period it does not offer; the CSV refuses it", async () => {
    for (const period of ["5y", "%F0%9F%92%A5".repeat(500), "7d%27%20or%201%3D1"]) {
      const res = await get(`/operator/figures?period=${period}&top=nope`, ops);
      expect(res.status).toBe(200);
      const page = visible(await res.text());
      expect(page).toContain("That period is not offered; showing the last 30 days.");
      expect(page).toContain("Top templates can be ranked by downloads, views or favorites; showing downloads.");
      expect(page).toContain("Thu, Oct 22 to Fri, Nov 20");
    }
    const es = visible(await (await get("/es/operator/figures?period=1", ops)).text());
    expect(es).toContain("Ese periodo no está disponible; te mostramos los últimos 30 días.");
    const csv = await get("/es/operator/figures.csv?chart=signups&period=1y", ops);
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("Ese periodo no está disponible");
    const chart = await get("/operator/figures.csv?chart=secrets&period=7d", ops);
    expect(chart.status).toBe(400);
    expect(await chart.text()).toContain("There is no such chart.");
  });

  it("takes no posts: an operator's is refused without a 500, a member's is the site's 404", async () => {
    const post = (path: string, jar: Jar) =>
      srv.request(path, {
        method: "POST",
        headers: {
          origin: "http://localhost:3000",
          "content-type": "application/x-www-form-urlencoded",
          cookie: jar.header,
        },
        body: "period=7d",
      });
    expect((await post("/operator/figures", ops)).status).toBe(405);
    expect((await post("/operator/figures.csv?chart=members", ops)).status).toBe(405);
    expect((await post("/operator/figures", member)).status).toBe(404);
  });

  it("is the site's 404 for members and guests, page and CSV", async () => {
    for (const path of ["/operator/figures", "/es/operator/figures", "/operator/figures.csv?chart=members&period=7d"]) {
      expect((await get(path, member)).status).toBe(404);
      expect((await get(path)).status).toBe(404);
    }
  });
});
