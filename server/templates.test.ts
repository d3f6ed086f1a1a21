import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import PptxGenJS from "pptxgenjs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage } from "#modules/files/storage.ts";
import type { Clock } from "#modules/shared/context.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { inspectDeck } from "#modules/slides/deck.ts";
import { importTemplateFolder } from "#modules/templates/import.ts";
import { renderTemplateVersion } from "#modules/templates/render.ts";
import { createTaxonomy } from "#tests/factories.ts";
import { submitFetcher } from "#tests/fetcher.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * An imported template as visitors meet it (issue 20): its page, its previews drawn from the folder's
 * slide images, and its downloads: the deck plus an attribution slide for a free licence, the deck as
 * uploaded for a paid one, the designer's Keynote file, the Google Slides copy address.
 */
const clock: Clock = { now: () => new Date() };
const silent = { info() {}, warn() {}, error() {} };
/** The template folder the import reads, removed at the end. */
let folder = "";
const origin = "http://localhost:3000";
let srv: Awaited<ReturnType<typeof createTestServer>>;
let deck: Buffer;
const keynote = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);

beforeAll(async () => {
  srv = await createTestServer({ clock });
  await createTaxonomy(srv.database.db);
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_16x9";
  for (const text of ["Quarterly review", "Ventas por región", "Thanks"])
    pptx.addSlide().addText(text, { x: 1, y: 1, w: 8, h: 1 });
  deck = (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
  const png = (hex: string) =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: hex } })
      .png()
      .toBuffer();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "sn-srv-templates-"));
  const write = (name: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), body);
  };
  for (const [key, licence] of [
    ["review-free", "free"],
    ["review-premium", "premium"],
  ]) {
    write(
      `${key}/template.yaml`,
      [
        `key: ${key}`,
        "category: marketing",
        `licence: ${licence}`,
        `en: { title: "Quarterly review ${licence}", description: "Numbers that read well." }`,
        `es: { title: "Revisión trimestral ${licence}", description: "Cifras que se leen bien." }`,
        "variants:",
        "  - colour: red",
        "    pptx: review.pptx",
        "    keynote: review.key",
        "    googleSlides: https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOpQrStUv/edit#slide=id.p",
      ].join("\n"),
    );
    write(`${key}/review.pptx`, deck);
    write(`${key}/review.key`, keynote);
    for (const [i, hex] of ["#991b1b", "#b91c1c", "#dc2626"].entries())
      write(`${key}/previews/red/0${i + 1}.png`, await png(hex));
  }
  const storage = diskStorage(path.join(srv.dataDir, "files"));
  const r = await importTemplateFolder({ db: srv.database.db, storage, clock, log: silent }, folder);
  expect(r.problems).toEqual([]);
  for (const v of await queryRows<{ id: number }>(srv.database.db, sql`select id from template_version`))
    expect(await renderTemplateVersion({ db: srv.database.db, storage, clock, log: silent }, v.id)).toMatchObject({
      ok: true,
      value: { state: "ready" },
    });
});
afterAll(async () => {
  await srv?.cleanup();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const colorOf = async (key: string) =>
  (
    await queryRows<{ id: number }>(
      srv.database.db,
      sql`select tc.id from template_color tc join template t on t.id = tc.template_id where t.import_key = ${key} and tc.active`,
    )
  )[0].id;

async function download(colorId: number, format: string, cookie = "", peer = "192.0.2.50") {
  const res = await submitFetcher<{ ok: boolean; kind: string; url: string; code?: string }>(
    srv.request,
    "/downloads",
    { colorId: String(colorId), format },
    { headers: { origin, cookie }, peer },
  );
  const body = res.data;
  const guest = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { body, cookie: cookie || guest };
}

describe("an imported template", () => {
  it("has its page in both languages and previews drawn from the folder's slide images", async () => {
    const en = await srv.request("/template/quarterly-review-free");
    expect(en.status).toBe(200);
    const es = await srv.request("/es/template/revision-trimestral-free");
    expect(es.status).toBe(200);
    const color = await colorOf("review-free");
    const preview = await srv.request(`/files/previews/v1/${color}/2-640.webp`);
    expect(preview.status).toBe(200);
    const { dominant } = await sharp(Buffer.from(await preview.arrayBuffer())).stats();
    expect(dominant.r).toBeGreaterThan(dominant.g * 2); // the second image, red
  });

  it("a guest gets the deck with one attribution slide more; a paid member the deck as uploaded", async () => {
    const color = await colorOf("review-free");
    const guest = await download(color, "PP");
    expect(guest.body.ok).toBe(true);
    const free = Buffer.from(
      await (await srv.request(guest.body.url, { headers: { cookie: guest.cookie } })).arrayBuffer(),
    );
    const facts = inspectDeck(free);
    expect(facts.ok && facts.value.slideCount).toBe(4);
    expect(facts.ok && facts.value.slideTexts.at(-1)).toMatch(/SlideNest/);

    const member = await signedInMember(srv, clock, "buyer");
    await srv.database.db.execute(sql`update account set plan = 'PERSONAL_MONTHLY' where id = ${member.id}`);
    const premium = await colorOf("review-premium");
    const paid = await download(premium, "PP", member.jar.header);
    expect(paid.body.ok).toBe(true);
    const file = Buffer.from(
      await (await srv.request(paid.body.url, { headers: { cookie: member.jar.header } })).arrayBuffer(),
    );
    expect(file.equals(deck)).toBe(true);
    // Keynote: the designer's .key file; Google Slides: the presentation's copy address.
    const kn = await download(premium, "KN", member.jar.header);
    const key = await srv.request(kn.body.url, { headers: { cookie: member.jar.header } });
    expect(key.headers.get("content-disposition")).toMatch(/\.key"$/);
    expect(Buffer.from(await key.arrayBuffer()).equals(keynote)).toBe(true);
    const gs = await download(premium, "GS", member.jar.header);
    expect(gs.body).toMatchObject({
      ok: true,
      kind: "link",
      url: "https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOpQrStUv/copy",
    });
    // A guest may not have the premium one.
    expect((await download(premium, "PP")).body).toMatchObject({ ok: false, code: "downloads.errors.premium" });
  });
});
