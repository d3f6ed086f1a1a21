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
    expect(await storage.size("decks/abc.pptx")).toBe(16 * 256 * 1024);
    expect(await leftovers()).toEqual([]);
  });

  it("tells a file's size, an empty one's 0, and null for none or a folder", async () => {
    const storage = diskStorage(root);
    await storage.put("decks/a.pptx", Buffer.from("twelve bytes"));
    await storage.put("decks/empty.pptx", Buffer.alloc(0));
    expect(await storage.size("decks/a.pptx")).toBe(12);
    expect(await storage.size("decks/empty.pptx")).toBe(0);
    expect(await storage.size("decks/none.pptx")).toBeNull();
    expect(await storage.size("decks")).toBeNull();
    expect(await storage.size("nowhere/at/all.pptx")).toBeNull();
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

describe("disk storage keys", () => {
  // A file outside the storage's folder where a traversal lands, and one inside reached through "..".
  let base: string;
  let store: string;
  beforeEach(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), "sn-storage-keys-"));
    store = path.join(base, "store");
    await fs.mkdir(path.join(store, "decks"), { recursive: true });
    await fs.writeFile(path.join(base, "secret.txt"), "outside");
    await fs.writeFile(path.join(store, "decks", "a.pptx"), "inside");
  });
  afterEach(() => fs.rm(base, { recursive: true, force: true }));

  const traversals = ["uploads/../../secret.txt", "a/../../secret.txt", "decks/../decks/a.pptx", "../secret.txt"];
  const malformed = ["/etc/passwd", "Decks/a.pptx", "decks/A.pptx", "", ".hidden", "decks\\a.pptx", "decks/a b.pptx"];

  it("reads, lists and copies nothing through a key that leaves its path, or one the code would never make", async () => {
    const storage = diskStorage(store);
    expect((await storage.get("decks/a.pptx"))?.toString()).toBe("inside");
    for (const key of [...traversals, ...malformed]) {
      await expect(storage.get(key), key).rejects.toThrow(/unsafe storage key/);
      // exists answers no for any key it cannot check: none of these files is there for it.
      expect(await storage.exists(key), key).toBe(false);
      await expect(storage.copy(key, "decks/copy.pptx"), key).rejects.toThrow(/unsafe storage key/);
    }
    expect(await storage.exists("decks/copy.pptx")).toBe(false);
  });

  it("writes and deletes nothing through such a key", async () => {
    const storage = diskStorage(store);
    for (const key of [...traversals, ...malformed]) {
      await expect(storage.put(key, Buffer.from("overwritten")), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.putStream(key, Readable.from([Buffer.from("x")]), 1), key).rejects.toThrow(
        /unsafe storage key/,
      );
      await expect(storage.copy("decks/a.pptx", key), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/unsafe storage key/);
    }
    expect(await fs.readFile(path.join(base, "secret.txt"), "utf8")).toBe("outside");
    expect(await fs.readFile(path.join(store, "decks", "a.pptx"), "utf8")).toBe("inside");
    // Nothing new anywhere, not even a temporary file.
    expect((await fs.readdir(base, { recursive: true })).map(String).sort()).toEqual([
      "secret.txt",
      "store",
      "store/decks",
      "store/decks/a.pptx",
    ]);
  });
});
