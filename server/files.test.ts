import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "#config/constants.ts";
import { s3Storage } from "#modules/files/s3-storage.ts";
import { images } from "#modules/shared/images.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { type FetcherAnswer, submitFetcher } from "#tests/fetcher.ts";
import { formBody } from "#tests/http.ts";
import { startS3 } from "#tests/s3.ts";
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
  srv = await createTestServer({ demo: { now: new Date("2026-11-20T00:00:00Z"), count: 12 } });
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

/** The guest cookie a grant's answer set, as a browser sends it back with the file's address. */
const guestCookie = (res: { headers: Headers }) => ({ cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] });

/** What the download route answers a fetcher (app/routes/actions/answers.ts). */
type Grant = FetcherAnswer<{
  ok: boolean;
  kind: "file" | "link";
  url: string;
  code?: string;
  message: string;
  allowance?: { used: number; limit: number | null; left: number | null };
}>;

/** A download through the download panel's fetcher: `/downloads`, or `/es/downloads` for Spanish answers. */
const grantOn = (
  server: { request: (p: string, init?: RequestInit, peer?: string) => Response | Promise<Response> },
  fields: Record<string, string | number> | [string, string][] | string,
  opts: { path?: string; headers?: Record<string, string>; peer?: string } = {},
): Promise<Grant> =>
  submitFetcher(
    server.request,
    opts.path ?? "/downloads",
    typeof fields === "object" && !Array.isArray(fields)
      ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))
      : fields,
    { headers: opts.headers, peer: opts.peer },
  );

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

  it("stays up when the image worker dies drawing a preview: drawn again by a new worker, else 503 with Retry-After", async () => {
    const killed = new Set<number>();
    // Every worker that has the request's job dies of a native fault (as libvips did once), `max` of them.
    const killWorkers = (max: number) => {
      let stop = false;
      const loop = (async () => {
        while (!stop && killed.size < max) {
          const pid = images().pid();
          if (pid && !killed.has(pid) && images().running() > 0) {
            killed.add(pid);
            process.kill(pid, "SIGSEGV");
          }
          await new Promise((r) => setTimeout(r, 1));
        }
      })();
      return async () => {
        stop = true;
        await loop;
      };
    };
    await images().metadata({
      input: await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    });
    let done = killWorkers(1);
    const once = await srv.request(`/files/previews/v1/${free.color_id}/3-960.webp`);
    await done();
    expect(killed.size).toBe(1);
    expect(once.status).toBe(200);
    expect((await sharp(Buffer.from(await once.arrayBuffer())).metadata()).width).toBe(960);

    killed.clear();
    done = killWorkers(2);
    const twice = await srv.request(`/files/previews/v1/${free.color_id}/4-960.webp`);
    await done();
    expect(killed.size).toBe(2);
    expect(twice.status).toBe(503);
    expect(twice.headers.get("retry-after")).toBe("5");
    expect(twice.headers.get("cache-control")).toBe("no-store");
    // Nothing was kept of it, and asked again it is drawn.
    const later = await srv.request(`/files/previews/v1/${free.color_id}/4-960.webp`);
    expect(later.status).toBe(200);
    expect(later.headers.get("cache-control")).toContain("immutable");
    expect((await srv.request("/")).status).toBe(200);
  });

  it("shows nothing of a template not published yet, and renders only so many missing previews per client", async () => {
    // A copy of a template, published next week.
    const [copy] = await queryRows<{ id: number }>(
      srv.database.db,
      sql`insert into template (category_id, is_premium, slides_count, aspect_ratio, heading_font, body_font, formats, design, published_at)
          select category_id, false, slides_count, aspect_ratio, heading_font, body_font, formats, design, now() + interval '7 days'
          from template where id = ${free.template_id} returning id`,
    );
    const [soon] = await queryRows<{ color_id: number }>(
      srv.database.db,
      sql`insert into template_color (template_id, color_id, position, palette)
          select ${copy.id}, color_id, 0, palette from template_color where id = ${free.color_id} returning id as color_id`,
    );
    expect((await srv.request(`/files/previews/v1/${soon.color_id}/1-320.webp`)).status).toBe(404);
    const limited = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      rateLimits: {
        ...Object.fromEntries(Object.keys(RATE_LIMITS).map((k) => [k, [1000, 1000]])),
        previewRenders: [1, 1],
      } as RateLimits,
    });
    try {
      expect((await limited.request(`/files/previews/v1/${free.color_id}/3-320.webp`)).status).toBe(200);
      const second = await limited.request(`/files/previews/v1/${free.color_id}/4-320.webp`);
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toBeTruthy();
      // Already made: served whatever the budget.
      expect((await limited.request(`/files/previews/v1/${free.color_id}/3-320.webp`)).status).toBe(200);
    } finally {
      await limited.close();
    }
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
  const origin = "http://localhost:3000";
  const post = (fields: Parameters<typeof grantOn>[1], opts: Parameters<typeof grantOn>[2] = {}) =>
    grantOn(srv, fields, opts);

  it("grants a guest the free-licence .pptx through a signed address, under a safe name, with the attribution slide last", async () => {
    const res = await post({ colorId: free.color_id, format: "PP" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sn_guest=[^;]+; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax/);
    const body = res.data;
    expect(body).toMatchObject({
      ok: true,
      kind: "file",
      alreadyOwned: false,
      allowance: { used: 1, limit: 3, left: 2 },
    });
    expect(body.message).toBe("Your download has started.");
    const file = await srv.request(body.url, { headers: guestCookie(res) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    );
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-pp\.pptx"$/);
    const zip = readZip(Buffer.from(await file.arrayBuffer()));
    const n = slideCount(zip);
    expect(n).toBe(free.slides_count + 1);
    expect(zip.read(`ppt/slides/slide${n}.xml`)).toContain("Template by SlideNest");
    const [after] = await queryRows<{ downloads_count: number }>(
      srv.database.db,
      sql`select downloads_count from template where id = ${free.template_id}`,
    );
    expect(after.downloads_count).toBe(free.downloads_count + 1);
    // The same guest (cookie) downloading again pays nothing.
    const again = await post(
      { colorId: free.color_id, format: "KN" },
      { path: "/es/downloads", headers: { cookie: cookie.split(";")[0] } },
    );
    expect(again.data).toMatchObject({
      ok: true,
      alreadyOwned: true,
      allowance: { used: 1 },
      message: "Ya descargaste esta plantilla este mes: no se ha usado ninguna descarga.",
    });
    // A free re-download makes nothing more popular.
    const [still] = await queryRows<{ downloads_count: number }>(
      srv.database.db,
      sql`select downloads_count from template where id = ${free.template_id}`,
    );
    expect(still.downloads_count).toBe(free.downloads_count + 1);
    const allowance = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: cookie.split(";")[0] },
      body: JSON.stringify({
        query: "query GetDownloadsCount { getDownloadsCount downloadAllowance { used limit left } }",
      }),
    });
    expect((await allowance.json()).data).toEqual({
      getDownloadsCount: 1,
      downloadAllowance: { used: 1, limit: 3, left: 2 },
    });
  });

  it("shows the real file size on the template page once the file exists", async () => {
    const text = await (await srv.request(`/template/${free.slug}`)).text();
    expect(text).toMatch(/\d+\.\d MB/);
  });

  it("refuses other sites' requests, bad input and premium templates, in the asked language", async () => {
    // Another site's page (its Origin, or a browser's Sec-Fetch-Site without one) is refused before the route.
    const foreign = await srv.request("/downloads.data", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        origin: "https://evil.example",
      },
      body: formBody({ colorId: String(free.color_id), format: "PP" }),
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).code).toBe("common.errors.crossSite");
    const noOrigin = await srv.request("/downloads.data", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: formBody({ colorId: String(free.color_id), format: "PP" }),
    });
    expect(noOrigin.status).toBe(403);
    const id = String(free.color_id);
    for (const fields of [
      {} as Record<string, string>,
      { colorId: "abc", format: "PP" },
      { colorId: id, format: "PDF" },
      { colorId: "-1", format: "PP" },
      { colorId: "9".repeat(10_000), format: "PP" },
      [
        ["colorId", id],
        ["colorId", id],
        ["format", "PP"],
      ] as [string, string][],
      { colorId: "1.5", format: "PP" },
      { colorId: `${id}\u0000`, format: "PP" },
      [
        ["colorId", id],
        ["format", "PP"],
        ["format", "PP"],
      ] as [string, string][],
      { colorId: id, format: "ＰＰ" },
      { colorId: id },
    ]) {
      for (const path of ["/downloads", "/es/downloads"]) {
        const r = await post(fields, { path });
        expect(r.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
        expect(r.data.message).toBe(
          path === "/downloads"
            ? "Choose a color and a format to download."
            : "Elige un color y un formato para descargar.",
        );
      }
    }
    const garbage = await post("{not json", { headers: { "content-type": "application/json" } });
    expect(garbage.status).toBe(400);
    const prem = await post({ colorId: premium.color_id, format: "PP" }, { path: "/es/downloads" });
    expect(prem.status).toBe(403);
    expect(prem.data).toMatchObject({
      ok: false,
      code: "downloads.errors.premium",
      message: "Esta es una plantilla premium.",
    });
    const unknown = await post({ colorId: 99_999_999, format: "PP" });
    expect(unknown.status).toBe(404);
    // A multipart form is read too; a file where an id belongs is bad input, not an error.
    const multipart = new FormData();
    multipart.set("colorId", new Blob(["1"]), "id.txt");
    multipart.set("format", "PP");
    const file = await srv.request("/downloads", { method: "POST", headers: { origin }, body: multipart });
    expect(file.status).toBe(400);
  });

  it("works without JavaScript: a form post is sent on to the file, or back to the page with the reason", async () => {
    const form = new URLSearchParams({ colorId: String(premium.color_id), format: "PP" });
    const res = await srv.request("/downloads", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        referer: `${origin}/template/${premium.slug}`,
      },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/template/${premium.slug}?download=premium`);
    const ok = await srv.request("/downloads", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ colorId: String(free.color_id), format: "GS" }).toString(),
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toMatch(/^\/files\/d\//);
  });

  it("refuses tampered and expired file addresses", async () => {
    const body = (await post({ colorId: free.color_id, format: "PP" })).data;
    const token = body.url.replace("/files/d/", "");
    const tampered = await srv.request(`/files/d/${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toBe("This download link is not valid.");
    expect((await srv.request("/files/d/nonsense")).status).toBe(403);
    const later = await createTestServer({
      clock: { now: () => new Date(Date.now() + 10 * 60_000) },
      secret: srv.secret,
      dataDir: srv.dataDir,
      database: srv.database,
    });
    const expired = await later.request(body.url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This download link has expired.");
  });
});

describe("rate limits", () => {
  it("answers 429 with Retry-After when one client asks for too many downloads", async () => {
    const limited = await createTestServer({
      database: srv.database,
      dataDir: srv.dataDir,
      secret: srv.secret,
      rateLimits: { grants: [2, 1] },
    });
    const ask = () => grantOn(limited, { colorId: free.color_id, format: "PP" });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(third.data.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
    // A plain form goes back to its page with the reason and the wait, which the page shows.
    const plain = await limited.request("/downloads", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:3000",
        referer: `http://localhost:3000/template/${free.slug}`,
      },
      body: `colorId=${free.color_id}&format=PP`,
      redirect: "manual",
    });
    expect(plain.status).toBe(303);
    const back = new URL(plain.headers.get("location") as string, "http://localhost:3000");
    expect(back.searchParams.get("download")).toBe("rateLimited");
    const wait = Number(back.searchParams.get("wait"));
    expect(wait).toBeGreaterThan(0);
    const page = await (await limited.request(`${back.pathname}${back.search}`)).text();
    expect(page).toContain(`Too many requests. Try again in ${wait} ${wait === 1 ? "second" : "seconds"}.`);
    await limited.cleanup();
  });
});

describe("GraphQL getDownloadsCount", () => {
  const gql = (query: string, variables: Record<string, unknown>, cookie?: string) =>
    srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
  const q =
    "query($accountId: Int, $fingerprint: String) { getDownloadsCount(accountId: $accountId, fingerprint: $fingerprint) }";

  it("answers the caller's own credits this period, and nobody else's", async () => {
    const res = await grantOn(srv, { colorId: free.color_id, format: "PP" });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const guestId = decodeURIComponent(cookie.split("=")[1]).split(".")[0];
    expect((await (await gql(q, {}, cookie)).json()).data.getDownloadsCount).toBe(1);
    expect((await (await gql(q, { fingerprint: guestId }, cookie)).json()).data.getDownloadsCount).toBe(1);
    expect((await (await gql(q, {})).json()).data.getDownloadsCount).toBe(0);
    const other = await gql(q, { fingerprint: "someone-else" }, cookie);
    expect(other.status).toBe(403);
    expect((await other.json()).errors[0].extensions.code).toBe("FORBIDDEN");
    const account = await gql(q, { accountId: 1 }, cookie);
    expect(account.status).toBe(403);
    const forged = await gql(q, { fingerprint: guestId }, `sn_guest=${guestId}.forged`);
    expect(forged.status).toBe(403);
    // A malformed cookie (a broken %-escape) is no guest at all, never an error on every request.
    const broken = await gql(q, {}, "sn_guest=%E0%A4%A");
    expect(broken.status).toBe(200);
    expect((await broken.json()).data.getDownloadsCount).toBe(0);
  });
});

describe("download links are bound to whoever they were granted to", () => {
  const origin = "http://localhost:3000";
  // Each grant from an address of its own, so these guests leave the per-address cap to the other tests.
  let client = 0;
  const grant = (colorId: number, headers: Record<string, string> = {}) =>
    grantOn(srv, { colorId, format: "PP" }, { headers: { origin, ...headers }, peer: `192.0.2.${++client}` });

  it("a guest's link opens with that guest's cookie only", async () => {
    const res = await grant(free.color_id);
    const { url } = res.data;
    const stranger = await srv.request(url);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain("This download link was made for another account or browser.");
    // Another guest (a signed cookie of its own) is no better.
    const other = await grant(free.color_id);
    expect((await srv.request(url, { headers: guestCookie(other) })).status).toBe(403);
    const spanish = await srv.request(url, { headers: { ...guestCookie(other), locale: "es" } });
    expect(await spanish.text()).toContain("Este enlace de descarga se creó para otra cuenta u otro navegador.");
    const forged = guestCookie(res).cookie.replace(/\.[^.]+$/, ".forged");
    expect((await srv.request(url, { headers: { cookie: forged } })).status).toBe(403);
    expect((await srv.request(url, { headers: guestCookie(res) })).status).toBe(200);
  });

  it("a paid member's premium link opens with the member's session only (cookie or bearer), on any process", async () => {
    const { signedInMember } = await import("#tests/members.ts");
    const clock = { now: () => new Date() };
    const owner = await signedInMember(srv, clock, "holder");
    const someone = await signedInMember(srv, clock, "someone");
    await srv.database.db.execute(
      sql`update account set plan = 'PERSONAL_MONTHLY' where id in (${owner.id}, ${someone.id})`,
    );
    const res = await grant(premium.color_id, { cookie: owner.jar.header });
    const body = res.data;
    expect(body.ok, JSON.stringify(body)).toBe(true);
    // Copied out of the browser: no cookie, a guest's cookie, another member's session.
    expect((await srv.request(body.url)).status).toBe(403);
    const guest = await grant(free.color_id);
    expect((await srv.request(body.url, { headers: guestCookie(guest) })).status).toBe(403);
    expect((await srv.request(body.url, { headers: { cookie: someone.jar.header } })).status).toBe(403);
    // Its holder, here and on another process of the same database and secret.
    const mine = await srv.request(body.url, { headers: { cookie: owner.jar.header } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-holder-"));
    const other = await createTestServer({ database: srv.database, secret: srv.secret, dataDir: otherDir });
    try {
      expect((await other.request(body.url, { headers: { cookie: owner.jar.header } })).status).toBe(200);
      expect((await other.request(body.url)).status).toBe(403);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
    // A script with the member's bearer token.
    const token = owner.jar.cookies.get("apollo-token") as string;
    expect((await srv.request(body.url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});

describe("several processes", () => {
  it("a download granted by one process is fetched from another that has not made the file", async () => {
    const res = await grantOn(srv, { colorId: free.color_id, format: "PP" });
    const grant = res.data;
    expect(grant.ok, JSON.stringify(grant)).toBe(true);
    // The other process: same database and secret, its own (empty) file storage.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-other-"));
    const other = await createTestServer({ database: srv.database, secret: srv.secret, dataDir: otherDir });
    try {
      const file = await other.request(grant.url, { headers: guestCookie(res) });
      expect(file.status).toBe(200);
      const zip = readZip(Buffer.from(await file.arrayBuffer()));
      expect(slideCount(zip)).toBe(free.slides_count + 1);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("with S3_* set, processes keep files in one bucket: what one made, another serves from it", async () => {
    const s3 = await startS3();
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "slidenest-s3proc-")));
    const [one, two] = [
      await createTestServer({ database: srv.database, secret: srv.secret, dataDir: dirs[0], env: s3.env }),
      await createTestServer({ database: srv.database, secret: srv.secret, dataDir: dirs[1], env: s3.env }),
    ];
    try {
      const res = await grantOn(one, { colorId: premium.color_id, format: "PP" });
      expect(res.status).toBe(403); // premium: a guest may not
      const granted = await grantOn(one, { colorId: free.color_id, format: "PP" });
      const grant = granted.data;
      expect(grant.ok, JSON.stringify(grant)).toBe(true);
      const made = await one.request(grant.url, { headers: guestCookie(granted) });
      expect(made.status).toBe(200);
      const [{ storage_key: key }] = await queryRows<{ storage_key: string }>(
        srv.database.db,
        sql`select storage_key from template_file where template_color_id = ${free.color_id} and variant = 'free'`,
      );
      const bucket = s3Storage(s3.settings);
      const stored = await bucket.get(key);
      expect(stored?.equals(Buffer.from(await made.arrayBuffer()))).toBe(true);
      // The other process answers with the bucket's object (here marked, to tell it from a rebuilt one).
      const marked = Buffer.concat([stored as Buffer, Buffer.from("marked")]);
      await bucket.put(key, marked);
      const served = await two.request(grant.url, { headers: guestCookie(granted) });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(marked)).toBe(true);
      // Previews go to the bucket too; neither process wrote files to its disk.
      expect((await two.request(`/files/previews/v1/${free.color_id}/1-320.webp`)).status).toBe(200);
      expect(await bucket.exists(`previews/v1/${free.color_id}/1-320.webp`)).toBe(true);
      for (const dir of dirs) expect(fs.existsSync(path.join(dir, "files"))).toBe(false);
    } finally {
      await one.close();
      await two.close();
      await s3.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
