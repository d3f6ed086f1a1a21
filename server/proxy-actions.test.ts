import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "#tests/http.ts";
import { createTestServer } from "#tests/server.ts";

/**
 * Behind a proxy that ends HTTPS (PUBLIC_URL https, TRUST_PROXY set), the browser's forms carry the public
 * https Origin while the request reaches the server as http://: their actions must run (React Router
 * checks an action's Origin against its request), and another site's form must still be refused.
 */
let srv: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  srv = await createTestServer({ env: { PUBLIC_URL: "https://slides.example", TRUST_PROXY: "1" } });
});
afterAll(() => srv?.cleanup());

const proxied = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.5", host: "slides.example" };

describe("form actions behind an HTTPS proxy", () => {
  it("run for the site's own pages, in both languages", async () => {
    const http = httpClient((p, i) => srv.request(p, i, "127.0.0.1"), "https://slides.example");
    for (const prefix of ["", "/es"]) {
      const res = await http.post(
        `${prefix}/login`,
        { login: "nobody@example.com", password: "wrong-Password1!" },
        undefined,
        proxied,
      );
      // The action ran: the form answers with its own refusal, not React Router's 400 for a foreign Origin.
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(prefix ? "Usuario o contraseña no válidos." : "Invalid login or password.");
    }
  });

  it("still refuse another site's form", async () => {
    const http = httpClient((p, i) => srv.request(p, i, "127.0.0.1"), "https://evil.example");
    const res = await http.post("/login", { login: "a@example.com", password: "x" }, undefined, proxied);
    expect(res.status).toBe(403);
  });
});
