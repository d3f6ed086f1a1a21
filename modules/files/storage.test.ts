import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskStorage } from "./storage.ts";

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "sn-storage-"));
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

const leftovers = async () => (await fs.readdir(root, { recursive: true })).filter((f) => String(f).endsWith(".tmp"));

describe("disk storage", () => {
  it("stores a stream chunk by chunk and copies it to its content address", async () => {
    const storage = diskStorage(root);
    const chunks = Array.from({ length: 16 }, (_, i) => Buffer.alloc(256 * 1024, i));
    await storage.putStream("uploads/u1", Readable.from(chunks), 16 * 256 * 1024);
    await storage.copy("uploads/u1", "decks/abc.pptx");
    expect(await storage.get("decks/abc.pptx")).toEqual(Buffer.concat(chunks));
    expect(await storage.exists("uploads/u1")).toBe(true);
    expect(await leftovers()).toEqual([]);
  });

  it("stores nothing when the stream fails half way or ends short", async () => {
    const storage = diskStorage(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.putStream("uploads/u2", failing, 4096)).rejects.toThrow(/went away/);
    await expect(storage.putStream("uploads/u3", Readable.from([Buffer.alloc(10)]), 20)).rejects.toThrow(/20 bytes/);
    expect(await storage.exists("uploads/u2")).toBe(false);
    expect(await storage.exists("uploads/u3")).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it("a copy of a missing file fails and leaves nothing", async () => {
    const storage = diskStorage(root);
    await expect(storage.copy("uploads/none", "decks/x.pptx")).rejects.toThrow();
    expect(await storage.exists("decks/x.pptx")).toBe(false);
  });
});
