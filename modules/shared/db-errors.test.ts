import { describe, expect, it } from "vitest";
import { uniqueViolation } from "./db-errors.ts";

describe("uniqueViolation", () => {
  it("names the unique index of a failure, found through wrapping errors, and nothing for other failures", () => {
    const pg = Object.assign(new Error("duplicate key"), { code: "23505", constraint: "account_email_lower_idx" });
    expect(uniqueViolation(pg)).toBe("account_email_lower_idx");
    expect(uniqueViolation(new Error("Failed query", { cause: pg }))).toBe("account_email_lower_idx");
    expect(uniqueViolation(Object.assign(new Error("unnamed"), { code: "23505" }))).toBe("");
    expect(uniqueViolation(Object.assign(new Error("not null"), { code: "23502" }))).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
  });
});
