import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/template/a-b?color=red", "/")).toBe("/template/a-b?color=red");
    expect(safeRedirect("/es/profile/favorites", "/")).toBe("/es/profile/favorites");
  });

  it("refuses anything a browser would take off the site, and junk", () => {
    for (const evil of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "javascript:alert(1)",
      "evil.example",
      "",
      "x".repeat(600),
      42,
      null,
    ])
      expect(safeRedirect(evil, "/fallback"), String(evil)).toBe("/fallback");
  });

  it("does not send people back to the log-in or sign-up pages", () => {
    expect(safeRedirect("/login", "/")).toBe("/");
    expect(safeRedirect("/es/signup?redirect=/x", "/es")).toBe("/es");
  });
});
