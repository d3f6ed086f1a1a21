import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type TestAccount = { email: string; emailVerified: boolean; name: string; hostedDomain?: string };
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) on loopback with one confidential client that must
 * use PKCE. Its built-in development login and consent forms are only driven by `signIn`, over HTTP.
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
        jwks: { keys: [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })] },
        cookies: { keys: [randomBytes(32).toString("base64url")] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
        renderError: (ctx: { type: string; body: unknown }, out: unknown) => {
          ctx.type = "json";
          ctx.body = out;
        },
      }),
  );
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
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
