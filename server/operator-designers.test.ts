import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#modules/shared/sql.ts";
import { createTaxonomy, createTemplate } from "#tests/factories.ts";
import { type Jar, visible } from "#tests/http.ts";
import { signedInMember, signedInOperator } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The operator's designers page (issue 20: a designer in the operator form): made and changed with the
 * manifest's rules, each change in the audit log, offered by the template form, shown on the template's
 * page; members get the site's 404.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const ORIGIN = "http://localhost:3000";
let ops: Jar;
let member: Jar;
let templateId: number;

beforeAll(async () => {
  srv = await createTestServer({ clock });
  const tax = await createTaxonomy(srv.database.db);
  templateId = (await createTemplate(srv.database.db, tax, { title: "Harbour Pitch", titleEs: "Pitch del puerto" })).id;
  ops = (await signedInOperator(srv, clock, "designer-ops")).jar;
  member = (await signedInMember(srv, clock)).jar;
});
afterAll(() => srv?.cleanup());

const post = (jar: Jar, fields: Record<string, string>, path = "/operator/designers") =>
  srv.request(path, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
const designers = () =>
  queryRows<{ id: number; key: string; name: string; link: string | null; bio_es: string }>(
    srv.database.db,
    sql`select id, key, name, link, bio_es from designer order by id`,
  );

describe("the operator's designers page", () => {
  it("makes a designer, refusing a bad link and an empty name with nothing written", async () => {
    const bad = await post(ops, { name: " ", link: "http://insecure.example", bioEn: "", bioEs: "" });
    expect(bad.status).toBe(200);
    const page = visible(await bad.text());
    expect(page).toContain("Enter a name of up to 80 characters.");
    expect(page).toContain("Enter an https:// address, or leave it empty.");
    expect(await designers()).toEqual([]);
    const ok = await post(ops, {
      name: "Ana López",
      link: "https://ana.example",
      bioEn: "Designs calm decks.",
      bioEs: "Diseña presentaciones tranquilas.",
    });
    expect(ok.status).toBe(200);
    expect(visible(await ok.text())).toContain("Saved.");
    // Another with the same name gets a key of its own.
    await post(ops, { name: "Ana López", link: "", bioEn: "", bioEs: "" });
    expect((await designers()).map((d) => d.key)).toEqual(["ana-lopez", "ana-lopez-2"]);
  });

  it("changes a designer in Spanish, before and after in the audit log, and the template form offers them", async () => {
    const [ana] = await designers();
    const res = await post(
      ops,
      { id: String(ana.id), name: "Ana López", link: "", bioEn: "Designs calm decks.", bioEs: "Nueva biografía." },
      "/es/operator/designers",
    );
    expect(visible(await res.text())).toContain("Guardado.");
    expect((await designers())[0]).toMatchObject({ link: null, bio_es: "Nueva biografía." });
    const audit = await queryRows<{ action: string; before: { link: string | null }; after: { link: string | null } }>(
      srv.database.db,
      sql`select action, before, after from operator_audit where target_kind = 'designer' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["designer.created", "designer.created", "designer.updated"]);
    expect(audit[2].before.link).toBe("https://ana.example");
    expect(audit[2].after.link).toBeNull();
    const form = await srv.request("/operator/templates/new", { headers: { cookie: ops.header } });
    expect(await form.text()).toMatch(/<option value="ana-lopez"[^>]*>Ana López<\/option>/);
    // A template of hers shows her on its page.
    await srv.database.db.execute(sql`update template set designer_id = ${ana.id} where id = ${templateId}`);
    const list = visible(
      await (await srv.request("/es/operator/designers", { headers: { cookie: ops.header } })).text(),
    );
    expect(list).toContain("1 plantilla");
  });

  it("refuses an unknown designer id and a member", async () => {
    const gone = await post(ops, { id: "999999", name: "X", link: "", bioEn: "", bioEs: "" });
    expect(visible(await gone.text())).toContain("This designer no longer exists.");
    expect((await post(member, { name: "Mallory", link: "", bioEn: "", bioEs: "" })).status).toBe(404);
    expect((await srv.request("/operator/designers", { headers: { cookie: member.header } })).status).toBe(404);
    expect((await designers()).map((d) => d.name)).not.toContain("Mallory");
  });
});
