import { describe, expect, it } from "vitest";
import { sign } from "#modules/shared/crypto.ts";
import { signFileToken, verifyFileToken } from "./signing.ts";

const secret = "s".repeat(32);

describe("file addresses", () => {
  it("expires file addresses and refuses tampered ones", () => {
    const now = Date.UTC(2026, 10, 20, 12);
    const token = signFileToken(secret, {
      key: "templates/1/2-free.pptx",
      name: "deck.pptx",
      type: "application/x",
      exp: now / 1000 + 300,
      holder: "a:1",
    });
    expect(verifyFileToken(secret, token, now)).toMatchObject({ ok: true, value: { key: "templates/1/2-free.pptx" } });
    expect(verifyFileToken(secret, token, now + 301_000)).toEqual({ ok: false, code: "downloads.errors.linkExpired" });
    const [payload, mac] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({
        key: "templates/1/2-paid.pptx",
        name: "deck.pptx",
        type: "application/x",
        exp: now / 1000 + 300,
      }),
    ).toString("base64url");
    expect(verifyFileToken(secret, `${forged}.${mac}`, now)).toEqual({
      ok: false,
      code: "downloads.errors.linkInvalid",
    });
    expect(verifyFileToken(secret, `${payload}.${mac.slice(1)}A`, now)).toEqual({
      ok: false,
      code: "downloads.errors.linkInvalid",
    });
    expect(verifyFileToken(secret, sign(secret, "file", "not-json"), now)).toEqual({
      ok: false,
      code: "downloads.errors.linkInvalid",
    });
    // A token that names no holder (made before links were bound) opens nothing.
    const unbound = Buffer.from(
      JSON.stringify({
        key: "templates/1/2-paid.pptx",
        name: "deck.pptx",
        type: "application/x",
        exp: now / 1000 + 300,
      }),
    ).toString("base64url");
    expect(verifyFileToken(secret, sign(secret, "file", unbound), now)).toEqual({
      ok: false,
      code: "downloads.errors.linkInvalid",
    });
  });
});
