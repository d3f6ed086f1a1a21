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

describe("ID tokens a client obtained itself (verifyIdToken)", () => {
  const now = () => new Date();
  const problem = async (promise: Promise<unknown>) => {
    const err = await failure(promise);
    expect(err.reason).toBe("id_token");
    return err.problem;
  };

  it("accepts a token the provider issued to us, with its claims, and checks the nonce when given", async () => {
    const token = await provider.idToken("alice", { nonce: "n-123" });
    const identity = { subject: "alice", email: "alice@example.com", emailVerified: true, name: "Alice" };
    await expect(oidc.verifyIdToken(token, { now: now() })).resolves.toMatchObject(identity);
    await expect(oidc.verifyIdToken(token, { nonce: "n-123", now: now() })).resolves.toMatchObject(identity);
    expect(await problem(oidc.verifyIdToken(token, { nonce: "another", now: now() }))).toBe("nonce");
    // A token without a nonce does not match a nonce the client says it sent.
    const plain = await provider.idToken("carol");
    await expect(oidc.verifyIdToken(plain, { now: now() })).resolves.toMatchObject({ hostedDomain: "corp.example" });
    expect(await problem(oidc.verifyIdToken(plain, { nonce: "n-123", now: now() }))).toBe("nonce");
  });

  it("refuses an expired token, and one issued to another client", async () => {
    const token = await provider.idToken("alice");
    // The provider's ID tokens last 10 minutes; 30 s of clock difference are tolerated.
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await problem(oidc.verifyIdToken(token, { now: later }))).toBe("expired");
    const theirs = await provider.idToken("alice", { client: "other" });
    expect(await problem(oidc.verifyIdToken(theirs, { now: now() }))).toBe("audience");
  });

  it("refuses another issuer, a forged signature, an altered token and an unsigned one", async () => {
    const t = Math.floor(Date.now() / 1000);
    const claims = { sub: "alice", aud: provider.clientId, iat: t, exp: t + 300, email: "alice@example.com" };
    // Signed with the provider's own key, but naming another issuer.
    const otherIssuer = await provider.signJwt({ ...claims, iss: "https://accounts.example" });
    expect(await problem(oidc.verifyIdToken(otherIssuer, { now: now() }))).toBe("issuer");
    // The right claims and key id, another key.
    const forged = await provider.signJwt({ ...claims, iss: provider.issuer }, { foreignKey: true });
    expect(await problem(oidc.verifyIdToken(forged, { now: now() }))).toBe("signature");
    // A real token whose claims were changed after signing.
    const [header, payload, signature] = (await provider.idToken("alice")).split(".");
    const changed = JSON.parse(Buffer.from(payload, "base64url").toString());
    changed.email = "mallory@example.com";
    const altered = [header, Buffer.from(JSON.stringify(changed)).toString("base64url"), signature].join(".");
    expect(await problem(oidc.verifyIdToken(altered, { now: now() }))).toBe("signature");
    const none = [
      Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url"),
      Buffer.from(JSON.stringify({ ...claims, iss: provider.issuer })).toString("base64url"),
      "",
    ].join(".");
    expect(await problem(oidc.verifyIdToken(none, { now: now() }))).toBe("signature");
    expect(await problem(oidc.verifyIdToken("not.a.token", { now: now() }))).toBe("malformed");
    // A token without a subject is not an identity.
    const noSub = await provider.signJwt({ aud: provider.clientId, iat: t, exp: t + 300, iss: provider.issuer });
    expect(await problem(oidc.verifyIdToken(noSub, { now: now() }))).toBe("invalid");
  });

  it("says the provider is unavailable when its keys cannot be fetched", async () => {
    // A client discovered while the provider was up; the provider then goes away before the first check.
    const gone = await startOidcProvider({ redirectUri, accounts: {} });
    const client = await discoverOidc({ ...gone, redirectUri });
    const t = Math.floor(Date.now() / 1000);
    const token = await gone.signJwt({ sub: "x", aud: gone.clientId, iss: gone.issuer, iat: t, exp: t + 300 });
    await gone.close();
    expect(await problem(client.verifyIdToken(token, { now: now() }))).toBe("unavailable");
  });
});
