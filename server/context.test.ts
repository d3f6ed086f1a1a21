import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseTrustProxy, type TrustProxy } from "./client-address.ts";
import { type RequestVars, requestContext, requestOf } from "./context.ts";

const echo = (trust: string | undefined, publicHttps = false) => {
  const app = new Hono<{ Variables: RequestVars }>();
  app.use("*", requestContext({ trustProxy: parseTrustProxy(trust) as TrustProxy, publicHttps }));
  app.all("*", (c) => c.json(requestOf(c)));
  return async (path: string, headers: Record<string, string> = {}) =>
    (await (await app.request(`http://localhost:3000${path}`, { headers })).json()) as Record<string, unknown>;
};

describe("request context", () => {
  it("takes a page's language from its address, and an API's from a locale header, then ?lang=, else English", async () => {
    const ask = echo(undefined);
    expect((await ask("/api/x")).locale).toBe("en");
    expect((await ask("/es/template/x")).locale).toBe("es");
    expect((await ask("/es")).locale).toBe("es");
    expect((await ask("/estonia")).locale).toBe("en");
    expect((await ask("/api/x?lang=es")).locale).toBe("es");
    // A page is in the language of its address, whatever a header or parameter says.
    expect((await ask("/es/x?lang=en")).locale).toBe("es");
    expect((await ask("/template/x", { locale: "es" })).locale).toBe("en");
    expect((await ask("/graphql", { locale: "es" })).locale).toBe("es");
    expect((await ask("/auth/authenticate")).locale).toBe("en");
    expect((await ask("/api/x?lang=es", { locale: "en" })).locale).toBe("en");
    // A header or parameter naming no language of ours says nothing.
    expect((await ask("/es/x?lang=fr", { locale: "de" })).locale).toBe("es");
  });

  it("believes forwarded headers only through trusted proxies, and keeps the client's own request id tidy", async () => {
    const direct = echo(undefined);
    const viaProxy = echo("1");
    const headers = { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" };
    const a = await direct("/", headers);
    expect(a.clientAddress).not.toBe("203.0.113.9");
    expect(a.https).toBe(false);
    const b = await viaProxy("/", headers);
    expect(b.clientAddress).toBe("203.0.113.9");
    expect(b.clientKey).toBe("203.0.113.9");
    expect(b.https).toBe(true);
    expect((await echo(undefined, true)("/")).https).toBe(true);
    const v6 = await viaProxy("/", { "x-forwarded-for": "2001:db8:1:2:3:4:5:6" });
    expect(v6.clientKey).toBe((await viaProxy("/", { "x-forwarded-for": "2001:db8:1:2:ffff::1" })).clientKey);
    expect((await direct("/", { "x-request-id": "abc<script>" })).requestId).toBe("abcscript");
    const [one, two] = [await direct("/"), await direct("/")];
    expect(one.requestId).not.toBe(two.requestId);
    expect(one.nonce).not.toBe(two.nonce);
    expect(one.viewer).toBeNull();
  });
});
