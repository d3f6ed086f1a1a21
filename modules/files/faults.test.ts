import { describe, expect, it } from "vitest";
import { isStorageUnavailable } from "./faults.ts";

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe("isStorageUnavailable", () => {
  it("counts a full or read-only disk, a cut or refused connection, a time-out and S3's 5xx, also as a cause", () => {
    for (const code of ["ENOSPC", "EDQUOT", "EROFS", "EIO", "EMFILE", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT"])
      expect(isStorageUnavailable(withCode(code)), code).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error("slow"), { name: "TimeoutError" }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error("SlowDown"), { $metadata: { httpStatusCode: 503 } }))).toBe(
      true,
    );
    expect(isStorageUnavailable(Object.assign(new Error("throttled"), { $retryable: { throttling: true } }))).toBe(
      true,
    );
    expect(isStorageUnavailable(new Error("put failed", { cause: withCode("ENOSPC") }))).toBe(true);
  });

  it("does not count the file's own problems, S3's 4xx or what is not an error", () => {
    expect(isStorageUnavailable(new Error("not a zip"))).toBe(false);
    expect(isStorageUnavailable(withCode("ENOENT"))).toBe(false);
    expect(isStorageUnavailable(withCode("EACCES"))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error("NoSuchKey"), { $metadata: { httpStatusCode: 404 } }))).toBe(
      false,
    );
    expect(isStorageUnavailable(Object.assign(new Error("Forbidden"), { $metadata: { httpStatusCode: 403 } }))).toBe(
      false,
    );
    expect(isStorageUnavailable("ENOSPC")).toBe(false);
    expect(isStorageUnavailable(undefined)).toBe(false);
  });
});
