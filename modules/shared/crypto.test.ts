import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sameSecret, sign, unsign } from "./crypto.ts";

const secret = "s".repeat(32);

describe("signing", () => {
  it("round-trips and refuses altered values, other purposes and other secrets", () => {
    const id = randomBytes(18).toString("base64url");
    const signed = sign(secret, "guest", id);
    expect(unsign(secret, "guest", signed)).toBe(id);
    expect(unsign(secret, "file", signed)).toBeNull();
    expect(unsign("t".repeat(32), "guest", signed)).toBeNull();
    expect(unsign(secret, "guest", `${id}x.${signed.split(".")[1]}`)).toBeNull();
    for (const bad of [undefined, null, "", ".", "abc", "a.b.c", "x".repeat(5000)])
      expect(unsign(secret, "guest", bad)).toBeNull();
  });

  it("compares secrets whole: equal ones only, whatever their length", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
    expect(sameSecret("", "")).toBe(true);
    expect(sameSecret("é", "e\u0301")).toBe(false);
  });
});
