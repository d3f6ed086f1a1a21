import * as client from "openid-client";

/**
 * "Sign in with Google" (or any OpenID Connect provider): the authorization code flow with PKCE,
 * state and nonce. Framework-free: the caller keeps `start()`'s secrets (e.g. in a short signed
 * cookie) and hands them back to `finish()` with the callback URL.
 */
export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };
export type OidcIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** Google's `hd` claim: the Workspace domain that manages the account, if any. */
  hostedDomain: string | null;
};
export type OidcStart = { url: string; state: string; nonce: string; codeVerifier: string };
export type OidcClient = {
  start(): Promise<OidcStart>;
  finish(callbackUrl: URL, expected: Omit<OidcStart, "url">): Promise<OidcIdentity>;
};

/** A failed discovery or sign-in. The message holds a reason and an error code, never a token. */
export class OidcError extends Error {
  override name = "OidcError";
  readonly reason: "discovery" | "callback";
  constructor(reason: "discovery" | "callback", err: unknown) {
    super(`OIDC ${reason} failed (${errorCode(err)})`);
    this.reason = reason;
  }
}

/** The first OAuth `error` or error `code` along the cause chain: short and free of secrets. */
function errorCode(err: unknown): string {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as Error).cause, depth++) {
    const { error, code } = e as { error?: unknown; code?: unknown };
    if (typeof error === "string") return error;
    if (typeof code === "string") return code;
  }
  return err instanceof Error ? err.name : "unknown";
}

const SCOPE = "openid email profile";
const isLoopback = (url: URL) => url.hostname === "127.0.0.1" || url.hostname === "localhost";

/** Fetches the issuer's discovery document once; keep the returned client for later sign-ins. */
export async function discoverOidc(config: OidcConfig): Promise<OidcClient> {
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === "http:" && isLoopback(issuer);
  let server: client.Configuration;
  try {
    server = await client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch (err) {
    throw new OidcError("discovery", err);
  }

  return {
    async start() {
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(server, {
        redirect_uri: config.redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish(callbackUrl, expected) {
      // The token request repeats the redirect_uri taken from this URL: use the configured one, not
      // the URL the request arrived at (which a proxy may have rewritten).
      const current = new URL(config.redirectUri);
      current.search = callbackUrl.search;
      try {
        const tokens = await client.authorizationCodeGrant(server, current, {
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          pkceCodeVerifier: expected.codeVerifier,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw Object.assign(new Error("no ID token"), { code: "missing_id_token" });
        return {
          subject: claims.sub,
          email: typeof claims.email === "string" ? claims.email : null,
          emailVerified: claims.email_verified === true || claims.email_verified === "true",
          name: typeof claims.name === "string" ? claims.name : null,
          hostedDomain: typeof claims.hd === "string" ? claims.hd.toLowerCase() : null,
        };
      } catch (err) {
        throw new OidcError("callback", err);
      }
    },
  };
}
