import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3 } from "#tests/s3.ts";
import { s3Storage } from "./s3-storage.ts";

let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

describe("S3-compatible storage (s3rver on loopback)", () => {
  it("writes, reads and tells what exists; a missing object is null, not an error", async () => {
    const storage = s3Storage(s3.settings);
    await storage.check();
    expect(await storage.exists("templates/1/2-free.pptx")).toBe(false);
    expect(await storage.get("templates/1/2-free.pptx")).toBeNull();
    expect(await storage.size("templates/1/2-free.pptx")).toBeNull();
    const body = Buffer.from([0x50, 0x4b, 3, 4, 0, 255, 10, 13]);
    await storage.put("templates/1/2-free.pptx", body);
    expect(await storage.exists("templates/1/2-free.pptx")).toBe(true);
    expect(await storage.size("templates/1/2-free.pptx")).toBe(8);
    expect(await storage.get("templates/1/2-free.pptx")).toEqual(body);
    // Overwritten whole.
    await storage.put("templates/1/2-free.pptx", Buffer.from("second"));
    expect((await storage.get("templates/1/2-free.pptx"))?.toString()).toBe("second");
    expect(await storage.size("templates/1/2-free.pptx")).toBe(6);
    await storage.put("empty.webp", Buffer.alloc(0));
    expect(await storage.get("empty.webp")).toEqual(Buffer.alloc(0));
    expect(await storage.size("empty.webp")).toBe(0);
  });

  it("stores a stream of known length, and copies a stored file to another key", async () => {
    const storage = s3Storage(s3.settings);
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await storage.putStream("uploads/abc", Readable.from(chunks), 40 * 64 * 1024);
    await storage.copy("uploads/abc", "decks/abc.pptx");
    expect(await storage.get("decks/abc.pptx")).toEqual(Buffer.concat(chunks));
    expect(await storage.exists("uploads/abc")).toBe(true);
  });

  it("keeps another deployment's prefix apart", async () => {
    const a = s3Storage({ ...s3.settings, prefix: "site-a/" });
    const b = s3Storage({ ...s3.settings, prefix: "site-b/" });
    await a.put("previews/1/1-320.webp", Buffer.from("a"));
    expect(await b.get("previews/1/1-320.webp")).toBeNull();
    expect((await a.get("previews/1/1-320.webp"))?.toString()).toBe("a");
  });

  it("refuses keys the code would never make", async () => {
    const storage = s3Storage(s3.settings);
    for (const key of ["../etc/passwd", "/abs", "a/../../b", "Upper.pptx", ""])
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/unsafe storage key/);
  });

  it("fails its start-up check for a bucket that is not there, and reads from an unreachable store fail", async () => {
    await expect(s3Storage({ ...s3.settings, bucket: "no-such-bucket" }).check()).rejects.toThrow();
    const gone = s3Storage({ ...s3.settings, endpoint: "http://127.0.0.1:9" });
    await expect(gone.get("templates/1/2-free.pptx")).rejects.toThrow();
  });
});
