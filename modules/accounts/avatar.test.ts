import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR } from "#config/constants.ts";
import { diskStorage } from "#modules/files/storage.ts";
import type { Clock } from "#modules/shared/context.ts";
import { createTestDatabase } from "#tests/db.ts";
import { type AvatarContext, readAvatar, removeAvatar, setAvatar, sniffImageType } from "./avatar.ts";
import { createVerifiedAccount } from "./service.ts";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
const clock: Clock = { now: () => new Date("2026-11-20T10:00:00Z") };
const silent = { info() {}, warn() {}, error() {} };
const ctx = (): AvatarContext => ({ db: database.db, locale: "en", clock, log: silent, storage: diskStorage(dir) });
let seq = 0;
const member = () => {
  seq++;
  return createVerifiedAccount(
    { db: database.db, clock },
    { email: `pic${seq}@example.com`, username: `pic${seq}`, name: `Pic ${seq}`, password: "Sl1des!rock" },
  );
};
const picture = (format: "jpeg" | "png" | "webp" | "gif", width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 79, g: 70, b: 229 } } })
    .toFormat(format)
    .toBuffer();
const keyOf = (url: string) => url.slice(1);

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sn-avatar-"));
});
afterAll(async () => {
  await database?.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("profile pictures", () => {
  it("accept JPEG, PNG, WebP and GIF, each made a 256 x 256 WebP", async () => {
    const id = await member();
    for (const format of ["jpeg", "png", "webp", "gif"] as const) {
      const r = await setAvatar(ctx(), { accountId: id, bytes: await picture(format) });
      expect(r.ok, format).toBe(true);
      if (!r.ok) continue;
      expect(r.value.avatarUrl).toMatch(new RegExp(`^/avatars/${id}/[0-9a-f]{24}\\.webp$`));
      const stored = await readAvatar(ctx(), keyOf(r.value.avatarUrl));
      const meta = await sharp(stored as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", AVATAR.size, AVATAR.size]);
    }
    // Only the last one is kept.
    expect(fs.readdirSync(path.join(dir, "avatars", String(id)))).toHaveLength(1);
  });

  it("tell files apart by content: a renamed PDF, an SVG or text is 'Invalid file type'", async () => {
    const id = await member();
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .tiff()
      .toBuffer();
    for (const bytes of [pdf, svg, Buffer.from("hello"), tiff])
      expect(await setAvatar(ctx(), { accountId: id, bytes })).toEqual({
        ok: false,
        code: "account.settings.errors.invalidFileType",
        field: "avatar",
      });
    // A PNG signature in front of something else is caught by the decoder.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pdf]);
    expect(await setAvatar(ctx(), { accountId: id, bytes: fake })).toMatchObject({ ok: false, field: "avatar" });
    expect(fs.existsSync(path.join(dir, "avatars", String(id)))).toBe(false);
  });

  it("refuse a cut-off image with the upload error, an empty one and one over 5 MB", async () => {
    const id = await member();
    const png = await picture("png", 800, 800);
    expect(await setAvatar(ctx(), { accountId: id, bytes: png.subarray(0, Math.floor(png.length / 2)) })).toEqual({
      ok: false,
      code: "account.settings.errors.uploadFailed",
      field: "avatar",
    });
    expect(await setAvatar(ctx(), { accountId: id, bytes: new Uint8Array() })).toEqual({
      ok: false,
      code: "account.settings.errors.noFile",
      field: "avatar",
    });
    expect(await setAvatar(ctx(), { accountId: id, bytes: null })).toMatchObject({ ok: false });
    const big = Buffer.concat([await picture("jpeg"), Buffer.alloc(AVATAR.maxBytes)]);
    expect(await setAvatar(ctx(), { accountId: id, bytes: big })).toEqual({
      ok: false,
      code: "account.settings.errors.fileTooLarge",
      field: "avatar",
    });
  });

  it("are removed with their file, and only the caller's", async () => {
    const ana = await member();
    const ben = await member();
    const mine = await setAvatar(ctx(), { accountId: ana, bytes: await picture("png") });
    const his = await setAvatar(ctx(), { accountId: ben, bytes: await picture("png") });
    if (!mine.ok || !his.ok) throw new Error("upload failed");
    expect(await removeAvatar(ctx(), { accountId: ana })).toEqual({ ok: true, value: null });
    expect(await readAvatar(ctx(), keyOf(mine.value.avatarUrl))).toBeNull();
    expect(await readAvatar(ctx(), keyOf(his.value.avatarUrl))).not.toBeNull();
    // Removing none is fine.
    expect((await removeAvatar(ctx(), { accountId: ana })).ok).toBe(true);
  });

  it("are served only under keys of their own form", async () => {
    // A storage with a file behind every key below, and one outside its folder that a traversal reaches:
    // without the key checks each of them would be served.
    const base = path.join(dir, "traversal");
    const root = path.join(base, "store");
    const files: Record<string, string> = {
      [path.join(base, "secret.webp")]: "outside the storage",
      [path.join(root, "secret.webp")]: "not an avatar",
      [path.join(root, "templates/1/x.pptx")]: "a template",
      [path.join(root, "avatars/1/abc.webp")]: "a short name",
      [path.join(root, "avatars/x/0123.webp")]: "not an account",
      [path.join(root, `avatars/1/${"0a".repeat(12)}.webp`)]: "an avatar",
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    const store: AvatarContext = { ...ctx(), storage: diskStorage(root) };
    // The form of an avatar's key is read.
    expect((await readAvatar(store, `avatars/1/${"0a".repeat(12)}.webp`))?.toString()).toBe("an avatar");
    for (const key of [
      "avatars/1/../../../secret.webp",
      "avatars/1/../../secret.webp",
      "templates/1/x.pptx",
      "avatars/1/abc.webp",
      "avatars/x/0123.webp",
    ])
      expect(await readAvatar(store, key), key).toBeNull();
  });

  it("sniff the four types by their first bytes", async () => {
    for (const format of ["jpeg", "png", "webp", "gif"] as const)
      expect(sniffImageType(await picture(format, 4, 4))).toBe(format);
    expect(sniffImageType(new Uint8Array([0x25, 0x50, 0x44, 0x46]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
