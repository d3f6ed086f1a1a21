import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FacebookDouble, startFacebookDouble } from "#tests/facebook-double.ts";
import { type FacebookClient, FacebookError, facebookClient } from "./facebook.ts";

const redirectUri = "http://127.0.0.1:9/auth/facebook/callback";
let fb: FacebookDouble;
let client: FacebookClient;

beforeAll(async () => {
  fb = await startFacebookDouble({
    redirectUri,
    users: { fiona: { name: "Fiona", email: "fiona@example.com" }, nomail: { name: "No Mail" } },
  });
  client = facebookClient({ ...fb, redirectUri });
});
afterAll(() => fb?.close());

async function failure(promise: Promise<unknown>): Promise<FacebookError> {
  const err = await promise.then(
    () => expect.unreachable("expected a FacebookError"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FacebookError);
  return err as FacebookError;
}

describe("Facebook Login against a loopback Graph API", () => {
  it("asks the dialog for public_profile and email with our app id, redirect URI and state", () => {
    const url = new URL(client.authorizationUrl("st-1"));
    expect(`${url.origin}${url.pathname}`).toBe(fb.dialogUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fb.appId,
      redirect_uri: redirectUri,
      state: "st-1",
      response_type: "code",
      scope: "public_profile,email",
    });
  });

  it("trades a code once, and learns who signed in", async () => {
    const back = await fb.signIn(client.authorizationUrl("st-2"), "fiona");
    expect(back.searchParams.get("state")).toBe("st-2");
    const code = back.searchParams.get("code") as string;
    const token = await client.exchangeCode(code);
    await expect(client.identify(token, new Date())).resolves.toEqual({
      subject: fb.userId("fiona"),
      email: "fiona@example.com",
      emailVerified: true,
      name: "Fiona",
    });
    expect((await failure(client.exchangeCode(code))).problem).toBe("exchange");
  });

  it("gives no e-mail for a profile without one", async () => {
    await expect(client.identify(fb.issueToken("nomail"), new Date())).resolves.toEqual({
      subject: fb.userId("nomail"),
      email: null,
      emailVerified: false,
      name: "No Mail",
    });
  });

  it("refuses unknown, expired and other apps' tokens, and tokens that expire by our clock", async () => {
    expect((await failure(client.identify("EAAmadeup", new Date()))).problem).toBe("invalid");
    expect((await failure(client.identify(fb.issueToken("fiona", { expiresIn: -60 }), new Date()))).problem).toBe(
      "expired",
    );
    const theirs = fb.issueToken("fiona", { appId: "999000999" });
    expect((await failure(client.identify(theirs, new Date()))).problem).toBe("app");
    const shortLived = fb.issueToken("fiona", { expiresIn: 120 });
    const later = new Date(Date.now() + 10 * 60_000);
    expect((await failure(client.identify(shortLived, later))).problem).toBe("expired");
  });

  it("fails with a wrong app secret, without showing the secret or the token", async () => {
    const wrong = facebookClient({ ...fb, appSecret: "0123456789abcdef", redirectUri });
    const token = fb.issueToken("fiona");
    const err = await failure(wrong.identify(token, new Date()));
    expect(err.problem).toBe("invalid");
    expect(err.message).not.toContain(token);
    expect(err.message).not.toContain(fb.appSecret);
  });

  it("says Facebook is unavailable when it does not answer, or answers nonsense", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad gateway</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const broken = facebookClient({ ...fb, graphUrl: `http://127.0.0.1:${port}`, redirectUri });
      expect((await failure(broken.identify("EAAx", new Date()))).problem).toBe("unavailable");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const closed = facebookClient({ ...fb, graphUrl: `http://127.0.0.1:${port}`, redirectUri });
    const err = await failure(closed.identify("EAAx", new Date()));
    expect(err.problem).toBe("unavailable");
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.message).not.toContain(fb.appSecret);
  });

  it("stops reading an answer once it is past 64 KB, whether its length is said or not", async () => {
    const TOTAL = 64 * 1024 * 1024;
    let sent = 0;
    let closed: Promise<void> = Promise.resolve();
    const server = http.createServer((req, res) => {
      const declared = req.url?.startsWith("/debug_token") ?? false;
      res.writeHead(200, {
        "content-type": "application/json",
        ...(declared ? { "content-length": String(TOTAL) } : {}),
      });
      // A JSON string that never ends, written as fast as the client reads it, until it hangs up.
      closed = new Promise((resolve) => res.on("close", resolve));
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (sent < TOTAL && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"x":"'), chunk]) : chunk)) {
            res.once("drain", pump);
            return;
          }
        }
        if (!res.destroyed) res.end('"}');
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const huge = facebookClient({ ...fb, graphUrl: `http://127.0.0.1:${port}`, redirectUri });
      // No length said (chunked): read up to the limit, then given up.
      const streamed = await failure(huge.exchangeCode("code"));
      expect(streamed.problem).toBe("unavailable");
      expect(streamed.message).toContain("answer too large");
      await closed;
      expect(sent).toBeLessThan(TOTAL / 4);
      // A length that is too long: not read at all.
      sent = 0;
      const said = await failure(huge.identify("EAAx", new Date()));
      expect(said.message).toContain("answer too large");
      await closed;
      expect(sent).toBeLessThan(TOTAL / 4);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
