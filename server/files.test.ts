import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "#db/seed/index.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { createTestServer } from "#tests/server.ts";
import { readZip } from "#tests/zip.ts";

let srv: Awaited<ReturnType<typeof createTestServer>>;
type Row = {
  color_id: number;
  slug: string;
  slides_count: number;
  aspect_ratio: string;
  is_premium: boolean;
  template_id: number;
  downloads_count: number;
};
let free: Row;
let premium: Row;

beforeAll(async () => {
  srv = await createTestServer();
  await seedDemo(srv.database.db, { now: new Date("2026-11-20T00:00:00Z"), count: 12 });
  const rows = await queryRows<Row>(
    srv.database.db,
    sql`select tc.id as color_id, tr.slug, t.slides_count, t.aspect_ratio, t.is_premium, t.id as template_id, t.downloads_count
        from template t join template_color tc on tc.template_id = t.id and tc.position = 0
        join template_translation tr on tr.template_id = t.id and tr.locale = 'en' order by t.id`,
  );
  free = rows.find((r) => !r.is_premium)!;
  premium = rows.find((r) => r.is_premium)!;
});
afterAll(() => srv?.cleanup());

const slideCount = (zip: ReturnType<typeof readZip>) =>
  zip.entries.filter((e) => /^ppt\/slides\/slide\d+\.xml$/.test(e.name)).length;

describe("slide previews", () => {
  it("draws each slide at the asked width with the template's ratio, and keeps it", async () => {
    const res = await srv.request(`/files/previews/v1/${free.color_id}/2-640.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const body = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(free.aspect_ratio === "4:3" ? 480 : 360);
    const again = Buffer.from(
      await (await srv.request(`/files/previews/v1/${free.color_id}/2-640.webp`)).arrayBuffer(),
    );
    expect(again.equals(body)).toBe(true);
    const last = await srv.request(`/files/previews/v1/${free.color_id}/${free.slides_count}-320.webp`);
    expect(last.status).toBe(200);
  });

  it("answers 404 for widths, slides and variants that do not exist", async () => {
    for (const p of [
      `/files/previews/v1/${free.color_id}/1-641.webp`,
      `/files/previews/v1/${free.color_id}/0-640.webp`,
      `/files/previews/v1/${free.color_id}/${free.slides_count + 1}-640.webp`,
      "/files/previews/v1/999999/1-640.webp",
      "/files/previews/v1/99999999999/1-640.webp",
      "/files/previews/v1/abc/1-640.webp",
      `/files/previews/v1/${free.color_id}/1-640.png`,
      `/files/previews/v1/${free.color_id}/..%2F..%2Fetc-640.webp`,
    ]) {
      expect((await srv.request(p)).status, p).toBe(404);
    }
  });
});

describe("downloads", () => {
  it("serves the free-licence .pptx with the attribution slide last, under a safe name, and counts it", async () => {
    const res = await srv.request(`/files/download/${free.color_id}/PP`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    );
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.pptx"$/);
    const zip = readZip(Buffer.from(await res.arrayBuffer()));
    const n = slideCount(zip);
    expect(n).toBe(free.slides_count + 1);
    expect(zip.read(`ppt/slides/slide${n}.xml`)).toContain("Template by SlideNest");
    const [after] = await queryRows<{ downloads_count: number; n: number }>(
      srv.database.db,
      sql`select downloads_count, (select count(*)::int from download where template_id = ${free.template_id} and format = 'PP' and license = 'free' and created_at > now() - interval '1 minute') as n from template where id = ${free.template_id}`,
    );
    expect(after.downloads_count).toBe(free.downloads_count + 1);
    expect(after.n).toBe(1);
  });

  it("shows the real file size on the template page once the file exists", async () => {
    const text = await (await srv.request(`/template/${free.slug}`)).text();
    expect(text).toMatch(/\d+\.\d MB/);
  });

  it("refuses premium templates, unknown formats and unknown variants", async () => {
    expect((await srv.request(`/files/download/${premium.color_id}/PP`)).status).toBe(403);
    expect((await srv.request(`/files/download/${free.color_id}/PDF`)).status).toBe(404);
    const missing = await srv.request("/files/download/999999/PP");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("This template is currently not available for download.");
  });
});
