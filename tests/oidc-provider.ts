import { createPrivateKey, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";
import * as oidcClient from "openid-client";

export type TestAccount = { email: string; emailVerified: boolean; name: string; hostedDomain?: string };
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Another registered client: its ID tokens name it, not us, as their audience. */
  otherClientId: string;
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  /**
   * A real ID token for `accountId`, got as an app would: the authorization code flow (with PKCE and
   * the given nonce) run against the provider, by our client or by the other one.
   */
  idToken(accountId: string, opts?: { client?: "ours" | "other"; nonce?: string }): Promise<string>;
  /**
   * A token signed by hand with the provider's own key (or, with `foreignKey`, another key under the
   * same key id): for claims the provider would never issue, such as another issuer.
   */
  signJwt(claims: JWTPayload, opts?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on loopback with two confidential clients (ours and
 * another app's) that must use PKCE. Its built-in development login and consent forms are only driven
 * by `signIn`, over HTTP.
 */
export async function startOidcProvider(opts: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "slidenest-test";
  const clientSecret = randomBytes(24).toString("base64url");
  const otherClientId = "another-app";
  const otherClientSecret = randomBytes(24).toString("base64url");
  const signingKey = {
    ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
    kid: "test-key",
  };

  const provider = quietly(
    () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [opts.redirectUri],
            response_types: ["code"],
            grant_types: ["authorization_code"],
            token_endpoint_auth_method: "client_secret_post",
          },
          {
            client_id: otherClientId,
            client_secret: otherClientSecret,
            redirect_uris: [opts.redirectUri],
            response_types: ["code"],
            grant_types: ["authorization_code"],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        pkce: { required: () => true },
        claims: { openid: ["sub", "hd"], email: ["email", "email_verified"], profile: ["name"] },
        // Like Google: the scope's claims go into the ID token too, not only to the userinfo endpoint.
        conformIdTokenClaims: false,
        findAccount: (_ctx: unknown, sub: string) => {
          if (!Object.hasOwn(opts.accounts, sub)) return undefined;
          const { email, emailVerified, name, hostedDomain } = opts.accounts[sub];
          return {
            accountId: sub,
            claims: async () => ({ sub, email, email_verified: emailVerified, name, hd: hostedDomain }),
          };
        },
        features: { devInteractions: { enabled: true } },
        jwks: { keys: [signingKey] },
        cookies: { keys: [randomBytes(32).toString("base64url")] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
        renderError: (ctx: { type: string; body: unknown }, out: unknown) => {
          ctx.type = "json";
          ctx.body = out;
        },
      }),
  );
  server.on("request", provider.callback());

  const self: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    otherClientId,
    async idToken(accountId, { client = "ours", nonce } = {}) {
      const [id, secret] = client === "ours" ? [clientId, clientSecret] : [otherClientId, otherClientSecret];
      const config = await oidcClient.discovery(new URL(issuer), id, secret, undefined, {
        execute: [oidcClient.allowInsecureRequests],
      });
      const state = oidcClient.randomState();
      const codeVerifier = oidcClient.randomPKCECodeVerifier();
      const url = oidcClient.buildAuthorizationUrl(config, {
        redirect_uri: opts.redirectUri,
        scope: "openid email profile",
        state,
        ...(nonce ? { nonce } : {}),
        code_challenge: await oidcClient.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      const callback = await self.signIn(url.href, accountId);
      const tokens = await oidcClient.authorizationCodeGrant(config, callback, {
        expectedState: state,
        expectedNonce: nonce,
        pkceCodeVerifier: codeVerifier,
      });
      if (!tokens.id_token) throw new Error("the provider gave no ID token");
      return tokens.id_token;
    },
    async signJwt(claims, { foreignKey = false } = {}) {
      const key = foreignKey
        ? {
            ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
            kid: "test-key",
          }
        : signingKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .sign(createPrivateKey({ key, format: "jwk" }));
    },
    /**
     * Follows `authorizationUrl` like a browser (manual redirects, cookies), signs in as `accountId`,
     * consents, and resolves with the redirect to the redirect URI (with `code` and `state`) uncalled.
     */
    async signIn(authorizationUrl: string, accountId: string): Promise<URL> {
      const jar = new CookieJar();
      const target = new URL(opts.redirectUri);
      let request: { url: URL; body?: URLSearchParams } = { url: new URL(authorizationUrl) };
      for (let step = 0; step < 12; step++) {
        const { url, body } = request;
        const res = await fetch(url, {
          method: body ? "POST" : "GET",
          body,
          redirect: "manual",
          headers: { cookie: jar.header(url) },
        });
        jar.store(res.headers.getSetCookie());
        const location = res.headers.get("location");
        if (res.status >= 300 && res.status < 400 && location) {
          await res.body?.cancel();
          const next = new URL(location, url);
          if (next.origin === target.origin && next.pathname === target.pathname) return next;
          request = { url: next };
          continue;
        }
        const html = await res.text();
        const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
        const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
        if (res.status !== 200 || !action || !prompt) {
          throw new Error(`OIDC provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
        }
        const form = new URLSearchParams({ prompt });
        if (prompt === "login") {
          form.set("login", accountId);
          form.set("password", "any");
        }
        request = { url: new URL(action, url), body: form };
      }
      throw new Error("OIDC sign-in did not reach the redirect URI");
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
  return self;
}

/** Runs `fn` without oidc-provider's start-up notices (development adapter, keys, interactions). */
function quietly<T>(fn: () => T): T {
  const { warn, info } = console;
  const filter =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (!String(args[0]).includes("oidc-provider ")) log(...args);
    };
  console.warn = filter(warn);
  console.info = filter(info);
  try {
    return fn();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

/** Just enough of a browser's cookie store: name, value and path; expired and emptied cookies go. */
class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = new Map(
        attributes.map((a) => {
          const i = a.indexOf("=");
          return i < 0 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      );
      const path = attr.get("path") || "/";
      const expires = attr.get("expires");
      const gone = value === "" || attr.get("max-age") === "0" || (expires && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(({ path }) => url.pathname === path || url.pathname.startsWith(path.endsWith("/") ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ");
  }
}
