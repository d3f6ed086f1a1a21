import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "#tests/oidc-provider.ts";
import { discoverOidc, type OidcClient, OidcError } from "./oidc.ts";

const redirectUri = "http://127.0.0.1:9/auth/google/callback";
let provider: TestOidcProvider;
let oidc: OidcClient;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri,
    accounts: {
      alice: { email: "alice@example.com", emailVerified: true, name: "Alice" },
      bob: { email: "bob@example.com", emailVerified: false, name: "Bob" },
      carol: { email: "carol@corp.example", emailVerified: true, name: "Carol", hostedDomain: "corp.example" },
    },
  });
  oidc = await discoverOidc({ ...provider, redirectUri });
});

afterAll(() => provider?.close());

/** A started sign-in with the provider's answer: the callback URL and what start() said to keep. */
async function signIn(accountId: string) {
  const { url, ...expected } = await oidc.start();
  const callback = await provider.signIn(url, accountId);
  return { callback, expected };
}

async function failure(promise: Promise<unknown>): Promise<OidcError> {
  const err = await promise.then(
    () => expect.unreachable("expected an OidcError"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OidcError);
  return err as OidcError;
}

describe("OIDC sign-in against a real provider", () => {
  it("asks for openid email profile with PKCE S256, state and nonce", async () => {
    const started = await oidc.start();
    const url = new URL(started.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
      state: started.state,
      nonce: started.nonce,
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(started.codeVerifier).not.toBe(url.searchParams.get("code_challenge"));
  });

  it("signs in and returns the ID token's claims", async () => {
    const { callback, expected } = await signIn("alice");
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("state")).toBe(expected.state);
    expect(callback.searchParams.get("code")).toBeTruthy();
    await expect(oidc.finish(callback, expected)).resolves.toEqual({
      subject: "alice",
      email: "alice@example.com",
      emailVerified: true,
      name: "Alice",
      hostedDomain: null,
    });
  });

  it("reports an unverified email as such", async () => {
    const { callback, expected } = await signIn("bob");
    await expect(oidc.finish(callback, expected)).resolves.toMatchObject({ subject: "bob", emailVerified: false });
    const carol = await oidc.start();
    const carolBack = await provider.signIn(carol.url, "carol");
    await expect(oidc.finish(carolBack, carol)).resolves.toMatchObject({
      subject: "carol",
      hostedDomain: "corp.example",
    });
  });

  it("rejects a callback with another state", async () => {
    const { callback, expected } = await signIn("alice");
    const err = await failure(oidc.finish(callback, { ...expected, state: "another-state" }));
    expect(err.reason).toBe("callback");
    // Checked before the code is exchanged: the code is still good.
    await expect(oidc.finish(callback, expected)).resolves.toMatchObject({ subject: "alice" });
  });

  it("rejects a code used twice, without showing it in the message", async () => {
    const { callback, expected } = await signIn("alice");
    await oidc.finish(callback, expected);
    const err = await failure(oidc.finish(callback, expected));
    expect(err.message).toContain("invalid_grant");
    expect(err.message).not.toContain(callback.searchParams.get("code"));
  });

  it("rejects an ID token with another nonce", async () => {
    const { callback, expected } = await signIn("alice");
    await failure(oidc.finish(callback, { ...expected, nonce: "another-nonce" }));
  });

  it("rejects a wrong PKCE code verifier", async () => {
    const { callback, expected } = await signIn("alice");
    const other = await oidc.start();
    const err = await failure(oidc.finish(callback, { ...expected, codeVerifier: other.codeVerifier }));
    expect(err.message).toContain("invalid_grant");
  });

  it("fails discovery of an issuer that is not listening", async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const config = { issuer: `http://127.0.0.1:${port}`, clientId: "x", clientSecret: "y", redirectUri };
    const err = await failure(discoverOidc(config));
    expect(err.reason).toBe("discovery");
    expect(err.message).toContain("ECONNREFUSED");
  });

  it("refuses a plain-http issuer that is not on loopback", async () => {
    const config = { issuer: "http://example.invalid", clientId: "x", clientSecret: "y", redirectUri };
    expect((await failure(discoverOidc(config))).reason).toBe("discovery");
  });
});
