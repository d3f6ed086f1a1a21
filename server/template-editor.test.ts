import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { httpClient, Jar, visible } from "#tests/http.ts";
import { signedInOperator } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * The operator's template form (issue 20): decks stream in one request each, are read and refused
 * plainly (nothing kept), and the form makes a template with a queued version through the import's
 * checks, writes the audit log, edits texts without touching the version, and never lets another
 * account's upload or a member in.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;
const now = new Date("2026-11-25T12:00:05Z");
const clock = { now: () => now };
const PASSWORD = "Sl1des!rock";
const ORIGIN = "http://localhost:3000";
const http = () => httpClient((p, i) => srv.request(p, i));
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../modules/slides/fixtures", name));
let ops: Jar;
let ops2: Jar;
let member: Jar;

const operator = async (login: string) => (await signedInOperator(srv, clock, login)).jar;

beforeAll(async () => {
  srv = await createTestServer({ clock });
  await createTaxonomy(srv.database.db);
  ops = await operator("ops");
  ops2 = await operator("ops2");
  await createVerifiedAccount(
    { db: srv.database.db, clock },
    { email: "m@example.com", username: "member", name: "Member", password: PASSWORD },
  );
  member = new Jar();
  member.take(await http().post("/login", { login: "member", password: PASSWORD }, member));
});
afterAll(() => srv?.cleanup());

const upload = (jar: Jar | null, name: string | null, body: Buffer, headers: Record<string, string> = {}) =>
  srv.request("/operator/uploads", {
    method: "POST",
    headers: {
      origin: ORIGIN,
      accept: "application/json",
      "content-type": "application/octet-stream",
      ...(name === null ? {} : { "x-file-name": encodeURIComponent(name) }),
      "content-length": String(body.length),
      ...(jar ? { cookie: jar.header } : {}),
      ...headers,
    },
    body: new Uint8Array(body),
  });

const stored = () => {
  const dir = path.join(srv.dataDir, "files", "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const uploadRows = async () =>
  Number((await queryRows<{ n: number }>(srv.database.db, sql`select count(*)::int as n from template_upload`))[0].n);

const form = (fields: [string, string][], jar: Jar, to = "/operator/templates/new") =>
  srv.request(to, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: jar.header },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const texts = (over: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    "en.title": "Quarterly Review",
    "en.description": "A clear deck for the quarter's numbers.",
    "en.slug": "",
    "es.title": "Revisión trimestral",
    "es.description": "Una plantilla clara para las cifras del trimestre.",
    "es.slug": "",
    category: "education",
    licence: "free",
    designer: "",
    publish: "now",
    publishAt: "",
    ...over,
  });

describe("operator uploads", () => {
  it("stream a real deck in and answer what it holds", async () => {
    const res = await upload(ops, "Theme deck (LibreOffice).pptx", fixture("theme.pptx"));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.upload).toMatchObject({ name: "Theme deck (LibreOffice).pptx", kind: "pptx" });
    expect(body.upload.facts.slideCount).toBeGreaterThan(0);
    expect(body.upload.facts.themeColors[0]).toMatch(/^#[0-9A-F]{6}$/i);
    expect(stored()).toContain(body.upload.id);
  });

  it("refuse, with a localised message, what is not a deck, and keep nothing", async () => {
    const files = stored().length;
    const rows = await uploadRows();
    const cases: [string | null, Buffer, number, string, Record<string, string>?][] = [
      ["renamed.pptx", fixture("document.docx"), 422, "slides.errors.notPresentation"],
      ["report.pptx", fixture("document.pdf"), 422, "slides.errors.notPresentation"],
      ["macros.pptm", fixture("macros.pptm"), 415, "slides.errors.macros"],
      ["locked.pptx", fixture("encrypted.pptx"), 422, "slides.errors.encrypted"],
      ["empty.pptx", fixture("no-slides.pptx"), 422, "slides.errors.noSlides"],
      ["cut.pptx", fixture("truncated.pptx"), 422, "slides.errors.broken"],
      ["notes.txt", fixture("notes.txt"), 415, "account.operator.editor.errors.fileType"],
      ["fake.key", Buffer.from("not a zip at all"), 422, "account.operator.editor.errors.notKeynote"],
      [null, fixture("theme.pptx"), 400, "account.operator.editor.errors.fileName"],
      ["../../etc/passwd.pptx", fixture("theme.pptx"), 400, "account.operator.editor.errors.fileName"],
      ["%E0%A4%A.pptx", fixture("theme.pptx"), 400, "account.operator.editor.errors.fileName"],
    ];
    for (const [name, body, status, code, headers] of cases) {
      const res = await srv.request("/operator/uploads", {
        method: "POST",
        headers: {
          origin: ORIGIN,
          accept: "application/json",
          cookie: ops.header,
          locale: "es",
          "content-length": String(body.length),
          ...(name === null ? {} : { "x-file-name": name.includes("%") ? name : encodeURIComponent(name) }),
          ...headers,
        },
        body: new Uint8Array(body),
      });
      expect([name, res.status]).toEqual([name, status]);
      const answer = await res.json();
      expect([name, answer.code]).toEqual([name, code]);
      expect(answer.message).not.toBe(code); // a sentence, in Spanish
    }
    expect(stored().length).toBe(files);
    expect(await uploadRows()).toBe(rows);
  });

  it("refuse a body announced over 100 MB before reading it", async () => {
    const big = await srv.request("/operator/uploads", {
      method: "POST",
      headers: {
        origin: ORIGIN,
        accept: "application/json",
        cookie: ops.header,
        "x-file-name": "big.pptx",
        "content-length": String(101 * 1024 * 1024),
      },
      body: new Uint8Array(16),
    });
    expect(big.status).toBe(413);
  });

  it("are 404 to members and guests, and to another site's page (CSRF)", async () => {
    expect((await upload(member, "a.pptx", fixture("theme.pptx"))).status).toBe(404);
    expect((await upload(null, "a.pptx", fixture("theme.pptx"))).status).toBe(404);
    expect((await upload(ops, "a.pptx", fixture("theme.pptx"), { origin: "https://evil.example" })).status).toBe(403);
  });
});

describe("the template form", () => {
  it("makes a template from an upload: a queued version, the deck at its content address, an audit entry", async () => {
    const up = await (await upload(ops, "quarterly.pptx", fixture("libreoffice.pptx"))).json();
    // A Keynote package is a ZIP archive (of IWA files): one made here stands in for Keynote's own.
    const zip = Buffer.from(
      "UEsDBBQAAAAIAHx0eV0+/t9WCQAAAAcAAAASAAAASW5kZXgvRG9jdW1lbnQuaXdhy06tzMsvSQUAUEsBAhQDFAAAAAgAfHR5XT7+31YJAAAABwAAABIAAAAAAAAAAAAAAIABAAAAAEluZGV4L0RvY3VtZW50Lml3YVBLBQYAAAAAAQABAEAAAAA5AAAAAAA=",
      "base64",
    );
    const key = await (await upload(ops, "quarterly.key", zip)).json();
    expect(key.upload).toMatchObject({ kind: "key", facts: null });
    const res = await form(
      [
        ...texts(),
        ["tags", "thesis"],
        ["variant.0.pptx", up.upload.id],
        ["variant.0.colour", "blue"],
        ["variant.0.keynote", key.upload.id],
        ["variant.0.googleSlides", "https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOpQrStUv/edit#slide=id.p"],
      ],
      ops,
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/operator\/templates\/\d+\?saved=1$/);
    const id = Number(/templates\/(\d+)/.exec(location)?.[1]);
    const [t] = await queryRows<{ import_key: string; publish_at: Date | null; published_at: Date | null }>(
      srv.database.db,
      sql`select import_key, publish_at, published_at from template where id = ${id}`,
    );
    // Asked to be public now; public once its previews are drawn.
    expect(t.import_key).toBe("quarterly-review");
    expect(t.publish_at).not.toBeNull();
    expect(t.published_at).toBeNull();
    const [v] = await queryRows<{ state: string; created_by: number }>(
      srv.database.db,
      sql`select state, created_by from template_version where template_id = ${id}`,
    );
    expect(v.state).toBe("queued");
    expect(v.created_by).toBeGreaterThan(0);
    const [file] = await queryRows<{ storage_key: string }>(
      srv.database.db,
      sql`select f.storage_key from template_file f join template_color tc on tc.id = f.template_color_id
          where tc.template_id = ${id} and f.kind = 'pptx'`,
    );
    expect(file.storage_key).toMatch(/^decks\/[0-9a-f]{64}\.pptx$/);
    const kinds = await queryRows<{ kind: string; google_slides_url: string }>(
      srv.database.db,
      sql`select f.kind, tc.google_slides_url from template_file f join template_color tc on tc.id = f.template_color_id
          where tc.template_id = ${id} order by f.kind`,
    );
    expect(kinds).toEqual([
      { kind: "key", google_slides_url: "https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOpQrStUv/copy" },
      { kind: "pptx", google_slides_url: "https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOpQrStUv/copy" },
    ]);
    expect(fs.existsSync(path.join(srv.dataDir, "files", file.storage_key))).toBe(true);
    // The upload is used up.
    expect(stored()).not.toContain(up.upload.id);
    const audit = await queryRows<{ action: string; actor_label: string }>(
      srv.database.db,
      sql`select action, actor_label from operator_audit where target_kind = 'template' and target_id = ${String(id)}`,
    );
    expect(audit).toEqual([{ action: "template.created", actor_label: "ops@example.com" }]);
    // The page shows the version drawing, in both languages.
    const page = visible(await (await http().get(`/operator/templates/${id}`, ops)).text());
    expect(page).toContain("Quarterly Review");
    const es = await http().get(`/es/operator/templates/${id}`, ops);
    expect(es.status).toBe(200);
  });

  it("edits the texts of an imported template without a new version, before and after in the audit log", async () => {
    const [t] = await queryRows<{ id: number }>(
      srv.database.db,
      sql`select id from template where import_key = 'quarterly-review'`,
    );
    const res = await form(
      [...texts({ "es.title": "Revisión del trimestre", licence: "premium" }), ["styles", "minimalist"]],
      ops,
      `/operator/templates/${t.id}`,
    );
    expect(res.status).toBe(302);
    const rows = await queryRows<{ title: string; versions: number; is_premium: boolean }>(
      srv.database.db,
      sql`select tr.title, (select count(*)::int from template_version where template_id = ${t.id}) as versions,
            (select is_premium from template where id = ${t.id}) as is_premium
          from template_translation tr where tr.template_id = ${t.id} and tr.locale = 'es'`,
    );
    expect(rows[0]).toEqual({ title: "Revisión del trimestre", versions: 1, is_premium: true });
    const [entry] = await queryRows<{
      action: string;
      before: { texts: { es: { title: string } } };
      after: { licence: string };
    }>(
      srv.database.db,
      sql`select action, before, after from operator_audit where target_kind = 'template' and target_id = ${String(t.id)} order by id desc limit 1`,
    );
    expect(entry.action).toBe("template.updated");
    expect(entry.before.texts.es.title).toBe("Revisión trimestral");
    expect(entry.after.licence).toBe("premium");
  });

  it("refuses another operator's upload, an unknown colour and empty titles, keeping the uploads for the next try", async () => {
    const mine = await (await upload(ops, "mine.pptx", fixture("ratio-4x3.pptx"))).json();
    const theirs = await (await upload(ops2, "theirs.pptx", fixture("ratio-16x10.pptx"))).json();
    const before = await queryRows<{ n: number }>(srv.database.db, sql`select count(*)::int as n from template`);
    const stolen = await form(
      [...texts({ "en.title": "Stolen" }), ["variant.0.pptx", theirs.upload.id], ["variant.0.colour", "blue"]],
      ops,
    );
    expect(stolen.status).toBe(200);
    expect(visible(await stolen.text())).toMatch(/no longer (there|available)|expired/i);
    const bad = await form(
      [
        ...texts({ "en.title": "", "es.title": "   " }),
        ["variant.0.pptx", mine.upload.id],
        ["variant.0.colour", "no-such-colour"],
      ],
      ops,
    );
    expect(bad.status).toBe(200);
    const html = await bad.text();
    // The upload is still there, named on the page.
    expect(html).toContain("mine.pptx");
    const after = await queryRows<{ n: number }>(srv.database.db, sql`select count(*)::int as n from template`);
    expect(after[0].n).toBe(before[0].n);
    expect(stored()).toContain(mine.upload.id);
    expect(stored()).toContain(theirs.upload.id);
  });

  it("is 404 to members, and a demo template has no form", async () => {
    expect((await http().get("/operator/templates/new", member)).status).toBe(404);
    expect((await form(texts(), member)).status).toBe(404);
    expect((await http().get("/operator/templates/999999", ops)).status).toBe(404);
    expect((await http().get("/operator/templates/abc", ops)).status).toBe(404);
  });
});
