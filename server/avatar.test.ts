import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "#modules/shared/context.ts";
import { httpClient, type Jar, notices, visible } from "#tests/http.ts";
import { signedInMember } from "#tests/members.ts";
import { createTestServer } from "#tests/server.ts";

/** The profile picture as a member sets it: a multipart form, the settings page, the header, Me. */

let srv: Awaited<ReturnType<typeof createTestServer>>;
const clock: Clock = { now: () => new Date() };

beforeAll(async () => {
  srv = await createTestServer();
});
afterAll(() => srv?.cleanup());

const http = () => httpClient((p, i) => srv.request(p, i));
const upload = (jar: Jar | null, body: Uint8Array, name = "me.png", path = "/profile/avatar") => {
  const form = new FormData();
  form.set("avatar", new File([new Uint8Array(body)], name, { type: "image/png" }));
  return srv.request(path, {
    method: "POST",
    headers: { origin: "http://localhost:3000", ...(jar ? { cookie: jar.header } : {}) },
    body: form,
    redirect: "manual",
  });
};
const png = (w = 300, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#0ea5e9" } })
    .png()
    .toBuffer();

describe("profile picture upload", () => {
  it("sets the picture, shows it in settings and the header, serves it cached, and removes it", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const res = await upload(ana.jar, await png());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/profile/settings?avatar=updated#avatar");
    const page = await (await http().get("/profile/settings?avatar=updated", ana.jar)).text();
    expect(notices(page)).toContain("Profile picture updated.");
    const src = /<img src="(\/avatars\/\d+\/[0-9a-f]{24}\.webp)"/.exec(visible(page))?.[1];
    expect(src).toBeTruthy();
    // In the header of every page too.
    expect(visible(await (await http().get("/templates", ana.jar)).text())).toContain(src);
    const img = await srv.request(src as string);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    // Me says where it is.
    const me = await srv.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ana.jar.header },
      body: JSON.stringify({ query: "{ me { avatarUrl } }" }),
    });
    expect(((await me.json()) as { data: { me: { avatarUrl: string } } }).data.me.avatarUrl).toBe(src);

    const form = new FormData();
    form.set("intent", "remove");
    const removed = await srv.request("/es/profile/avatar", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: ana.jar.header },
      body: form,
      redirect: "manual",
    });
    expect(removed.headers.get("location")).toBe("/es/profile/settings?avatar=removed#avatar");
    expect(notices(await (await http().get("/es/profile/settings?avatar=removed", ana.jar)).text())).toContain(
      "Foto de perfil eliminada.",
    );
    expect((await srv.request(src as string)).status).toBe(404);
  });

  it("refuses a renamed PDF and a broken image with the SPEC's messages, in both languages", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    const pdf = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");
    const bad = await upload(ana.jar, pdf, "holiday.png");
    expect(bad.headers.get("location")).toBe("/profile/settings?avatar=invalidFileType#avatar");
    expect(notices(await (await http().get("/profile/settings?avatar=invalidFileType", ana.jar)).text())).toContain(
      "Invalid file type",
    );
    const half = (await png(600, 600)).subarray(0, 400);
    const broken = await upload(ana.jar, half, "me.png", "/es/profile/avatar");
    expect(broken.headers.get("location")).toBe("/es/profile/settings?avatar=uploadFailed#avatar");
    expect(notices(await (await http().get("/es/profile/settings?avatar=uploadFailed", ana.jar)).text())).toContain(
      "Error al subir el archivo. Inténtalo de nuevo o sube otro archivo.",
    );
    // A made-up outcome in the address shows nothing.
    expect(notices(await (await http().get("/profile/settings?avatar=<script>", ana.jar)).text())).not.toContain(
      "script",
    );
  });

  it("takes up to 5 MB on its own route only, and nothing from guests", async () => {
    const ana = await signedInMember(srv, clock, "ana");
    // 4 MB of picture (a large PNG with noise) is taken.
    const noisy = await sharp(Buffer.from(Array.from({ length: 1200 * 1000 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 1200, height: 1000, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(ana.jar, noisy)).headers.get("location")).toBe("/profile/settings?avatar=updated#avatar");
    // Over the limit: refused before it is read.
    expect((await upload(ana.jar, new Uint8Array(6 * 1024 * 1024))).status).toBe(413);
    // The same size to any other form is refused as before.
    const other = new FormData();
    other.set("avatar", new File([new Uint8Array(300 * 1024)], "x.png"));
    const elsewhere = await srv.request("/profile/settings", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: ana.jar.header },
      body: other,
    });
    expect(elsewhere.status).toBe(413);
    const guest = await upload(null, await png());
    expect([302, 401]).toContain(guest.status);
    expect(guest.headers.get("location") ?? "").not.toContain("avatar=updated");
  });
});
