import type { JWTPayload } from "jose";
import type * as OpenId from "openid-client";

/**
 * "Sign in with Google" (or any OpenID Connect provider): the authorization code flow with PKCE,
 * state and nonce. Framework-free: the caller keeps `start()`'s secrets (e.g. in a short signed
 * cookie) and hands them back to `finish()` with the callback URL. An ID token the browser or an app
 * obtained itself (Google Identity Services, a mobile SDK) is checked by `verifyIdToken()`.
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
  /**
   * Checks an ID token issued to this client: signature against the provider's published keys (JWKS
   * from discovery), issuer, audience (and `azp` when there are several), expiry at `now`, and the
   * nonce when one is given; then `accept`, if given, with the token's nonce and expiry (single use):
   * the problem it answers refuses the token.
   */
  verifyIdToken(
    idToken: string,
    expected: {
      nonce?: string;
      now: Date;
      accept?: (token: { nonce: unknown; expiresAt: Date }) => Promise<IdTokenProblem | null>;
    },
  ): Promise<OidcIdentity>;
};

/** Why an ID token was not accepted; "unavailable" means the provider's keys could not be had. */
export type IdTokenProblem =
  | "malformed"
  | "signature"
  | "expired"
  | "issuer"
  | "audience"
  | "nonce"
  | "replayed"
  | "invalid"
  | "unavailable";

/** A failed discovery or sign-in. The message holds a reason and an error code, never a token. */
export class OidcError extends Error {
  override name = "OidcError";
  readonly reason: "discovery" | "callback" | "id_token";
  /** For a refused ID token: what was wrong with it. */
  readonly problem: IdTokenProblem | undefined;
  constructor(reason: "discovery" | "callback" | "id_token", err: unknown, problem?: IdTokenProblem) {
    super(`OIDC ${reason} failed (${errorCode(err)})`);
    this.reason = reason;
    this.problem = problem;
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
/** Public-key signatures only: a shared-secret (HS*) token could be made by anyone holding the secret. */
const ASYMMETRIC = new Set(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]);
/** Tolerated difference between our clock and the provider's, in seconds. */
const CLOCK_TOLERANCE = 30;

/** The identity an ID token's claims describe. */
function identityOf(claims: JWTPayload): OidcIdentity {
  return {
    subject: String(claims.sub),
    email: typeof claims.email === "string" ? claims.email : null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: typeof claims.name === "string" ? claims.name : null,
    hostedDomain: typeof claims.hd === "string" ? claims.hd.toLowerCase() : null,
  };
}

/** What jose's error code says about a refused ID token; anything else is the provider being away. */
function idTokenProblem(err: unknown): IdTokenProblem {
  const { code, claim } = (err ?? {}) as { code?: unknown; claim?: unknown };
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return "expired";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return claim === "iss" ? "issuer" : claim === "aud" ? "audience" : "invalid";
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWKS_MULTIPLE_MATCHING_KEYS":
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return "signature";
    case "ERR_JWS_INVALID":
    case "ERR_JWT_INVALID":
    case "ERR_JOSE_NOT_SUPPORTED":
      return "malformed";
    default:
      return "unavailable";
  }
}

/** Fetches the issuer's discovery document once; keep the returned client for later sign-ins. */
export async function discoverOidc(config: OidcConfig): Promise<OidcClient> {
  // openid-client and jose (about 20 MB resident) are loaded where a sign-in is configured, not by every process.
  const [client, { createRemoteJWKSet, jwtVerify }] = await Promise.all([import("openid-client"), import("jose")]);
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === "http:" && isLoopback(issuer);
  let server: OpenId.Configuration;
  try {
    server = await client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } catch (err) {
    throw new OidcError("discovery", err);
  }

  const metadata = server.serverMetadata();
  // Google's ID tokens name their issuer with or without the scheme (its documentation allows both).
  const issuers =
    metadata.issuer === "https://accounts.google.com" ? [metadata.issuer, "accounts.google.com"] : [metadata.issuer];
  const algorithms = (metadata.id_token_signing_alg_values_supported ?? ["RS256"]).filter((a) => ASYMMETRIC.has(a));
  const jwksUrl = metadata.jwks_uri ? new URL(metadata.jwks_uri) : null;
  if (jwksUrl && jwksUrl.protocol !== "https:" && !(insecure && jwksUrl.protocol === "http:" && isLoopback(jwksUrl)))
    throw new OidcError("discovery", { code: "insecure_jwks_uri" });
  // Fetched at the first check, kept 10 minutes, fetched again (at most every 30 s) for an unknown key id.
  const keys = jwksUrl ? createRemoteJWKSet(jwksUrl, { timeoutDuration: 10_000 }) : null;

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
        return identityOf(claims);
      } catch (err) {
        throw new OidcError("callback", err);
      }
    },

    async verifyIdToken(idToken, expected) {
      if (!keys || !algorithms.length) throw new OidcError("id_token", { code: "no_jwks" }, "unavailable");
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(idToken, keys, {
          issuer: issuers,
          audience: config.clientId,
          algorithms,
          currentDate: expected.now,
          clockTolerance: CLOCK_TOLERANCE,
          requiredClaims: ["sub", "iat", "exp"],
        }));
      } catch (err) {
        throw new OidcError("id_token", err, idTokenProblem(err));
      }
      // OpenID Connect Core 3.1.3.7: with several audiences, the token must have been issued to us.
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== config.clientId)
        throw new OidcError("id_token", { code: "azp" }, "audience");
      if (typeof claims.sub !== "string" || !claims.sub) throw new OidcError("id_token", { code: "sub" }, "invalid");
      if (expected.nonce !== undefined && claims.nonce !== expected.nonce)
        throw new OidcError("id_token", { code: "nonce" }, "nonce");
      const refused = await expected.accept?.({ nonce: claims.nonce, expiresAt: new Date(Number(claims.exp) * 1000) });
      if (refused) throw new OidcError("id_token", { code: refused }, refused);
      return identityOf(claims);
    },
  };
}
