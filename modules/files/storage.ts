import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Where generated and uploaded files live. Keys are relative, slash-separated, made by the code (never by user input). */
export type Storage = {
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer): Promise<void>;
  /**
   * Writes a file from a stream of `size` bytes without holding it whole (an upload). A stream that
   * fails, or ends with another size, stores nothing.
   */
  putStream(key: string, body: Readable, size: number): Promise<void>;
  /** Copies a stored file to another key (an upload to its content address). */
  copy(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored file's length in bytes, or null when there is none: one stat, or a HEAD on S3, not a read. */
  size(key: string): Promise<number | null>;
  /** Removes a file; a key that is not there is fine. */
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}

/** Files on the local disk under `root`. Writes go to a temporary name first, then rename, so readers never see half a file. */
export function diskStorage(root: string): Storage {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async get(key) {
      try {
        return await fs.readFile(full(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async put(key, body) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    },
    async putStream(key, body, size) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await pipeline(body, createWriteStream(tmp, { flags: "wx" }));
        const written = (await fs.stat(tmp)).size;
        if (written !== size) throw new Error(`expected ${size} bytes, got ${written}`);
        await fs.rename(tmp, file);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async copy(from, to) {
      const target = full(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await fs.copyFile(full(from), tmp);
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(full(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.access(full(key));
        return true;
      } catch {
        return false;
      }
    },
    async size(key) {
      try {
        const stat = await fs.stat(full(key));
        return stat.isFile() ? stat.size : null;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
  };
}
