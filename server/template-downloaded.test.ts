import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#modules/demo/seed.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestDatabase } from "#tests/db.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { httpClient, type Jar, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * "You downloaded this" on the template page (SPEC §3's downloaded flag for the viewer), and Me.downloads:
 * each member sees their own downloads only; guests see nothing.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };
const origin = "http://localhost:3000";
type Row = { id: number; color_id: number; slug_en: string; slug_es: string };
let free: Row[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { now: new Date(Date.now() - 86_400_000), count: 12 });
  srv = await createTestServer({ database });
  free = await queryRows<Row>(
    srv.database.db,
    sql`select t.id, (select tc.id from template_color tc where tc.template_id = t.id and tc.active order by tc.position limit 1) as color_id,
          en.slug as slug_en, es.slug as slug_es
        from template t join template_translation en on en.template_id = t.id and en.locale = 'en'
        join template_translation es on es.template_id = t.id and es.locale = 'es'
        where not t.is_premium and t.published_at <= now() order by t.id limit 3`,
  );
  expect(free).toHaveLength(3);
});
afterAll(async () => {
  await srv?.cleanup();
  await database?.cleanup();
});

const http = () => httpClient((p, i) => srv.request(p, i));
const page = async (path: string, jar?: Jar) => {
  const res = await http().get(path, jar);
  expect(res.status).toBe(200);
  return res.text();
};
const note = (html: string) => /data-testid="downloaded-note"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? null;
const gql = async (jar: Jar | null, query: string) => {
  const res = await srv.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(jar ? { cookie: jar.header } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { data?: any; errors?: { message: string }[] } };
};

describe("the template page's downloaded note", () => {
  it("shows the downloader when they downloaded it, in both languages, with a link to their history; not another member, not a guest", async () => {
    const ana = await signedInMember(srv, clock, "dlnote-ana");
    const ben = await signedInMember(srv, clock, "dlnote-ben");
    const [first] = free;
    // Before any download: no note for Ana either.
    expect(note(await page(`/template/${first.slug_en}`, ana.jar))).toBeNull();

    const got = await submitFetcher<{ ok: boolean }>(
      srv.request,
      "/downloads",
      { colorId: String(first.color_id), format: "PP" },
      { headers: { origin, cookie: ana.jar.header } },
    );
    expect(got.data.ok).toBe(true);
    const [{ created_at: at }] = await queryRows<{ created_at: Date }>(
      srv.database.db,
      sql`select created_at from download where account_id = ${ana.id} and template_id = ${first.id}`,
    );
    const day = new Date(at);
    const en = note(await page(`/template/${first.slug_en}`, ana.jar));
    const enDate = day.toLocaleDateString("en-US", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(visible(en ?? "")).toContain(`You downloaded this on ${enDate}.`);
    expect(en).toContain('href="/profile/downloads"');
    expect(visible(en ?? "")).toContain("See your download history");

    const es = note(await page(`/es/template/${first.slug_es}`, ana.jar));
    const esDate = day.toLocaleDateString("es-ES", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(visible(es ?? "")).toContain(`Descargaste esta plantilla el ${esDate}.`);
    expect(es).toContain('href="/es/profile/downloads"');

    // Another template Ana did not download; the same template for Ben and for a guest.
    expect(note(await page(`/template/${free[1].slug_en}`, ana.jar))).toBeNull();
    expect(note(await page(`/template/${first.slug_en}`, ben.jar))).toBeNull();
    const guest = await page(`/template/${first.slug_en}`);
    expect(note(guest)).toBeNull();
    expect(guest).not.toContain("You downloaded this");
  });

  it("names the last of several downloads, from any month", async () => {
    const cy = await signedInMember(srv, clock, "dlnote-cy");
    const [, second] = free;
    for (const iso of ["2025-02-03T10:00:00Z", "2026-03-14T10:00:00Z", "2025-12-31T10:00:00Z"])
      await srv.database.db.execute(sql`insert into download (template_id, format, license, account_id, period, created_at)
        values (${second.id}, 'PP', 'free', ${cy.id}, ${iso.slice(0, 7)}, ${new Date(iso)})`);
    expect(visible(note(await page(`/template/${second.slug_en}`, cy.jar)) ?? "")).toContain(
      "You downloaded this on March 14, 2026.",
    );
  });
});

describe("Me.downloads", () => {
  it("lists the member's downloaded templates once each, newest first, and never another account's", async () => {
    const dee = await signedInMember(srv, clock, "medl-dee");
    const eve = await signedInMember(srv, clock, "medl-eve");
    const put = (accountId: number, templateId: number, iso: string) =>
      srv.database.db.execute(sql`insert into download (template_id, format, license, account_id, period, created_at)
        values (${templateId}, 'PP', 'free', ${accountId}, ${iso.slice(0, 7)}, ${new Date(iso)})`);
    await put(dee.id, free[0].id, "2026-01-05T00:00:00Z");
    await put(dee.id, free[1].id, "2026-02-05T00:00:00Z");
    await put(dee.id, free[0].id, "2026-03-05T00:00:00Z");
    await put(eve.id, free[2].id, "2026-04-05T00:00:00Z");

    const mine = await gql(dee.jar, "{ me { downloads { templateId } } }");
    expect(mine.status).toBe(200);
    expect(mine.body.data.me.downloads).toEqual([{ templateId: free[0].id }, { templateId: free[1].id }]);
    const paged = await gql(dee.jar, "{ me { downloads(skip: 1, limit: 1) { templateId } } }");
    expect(paged.body.data.me.downloads).toEqual([{ templateId: free[1].id }]);
    const hers = await gql(eve.jar, "{ me { downloads { templateId } } }");
    expect(hers.body.data.me.downloads).toEqual([{ templateId: free[2].id }]);

    const guest = await gql(null, "{ me { downloads { templateId } } }");
    expect(guest.body.data.me).toBeNull();
    const tooMany = await gql(dee.jar, "{ me { downloads(limit: 100000) { templateId } } }");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.message).toMatch(/limit must be between/);
  });
});
