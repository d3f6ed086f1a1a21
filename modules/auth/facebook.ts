import { createHmac } from "node:crypto";

/**
 * "Continue with Facebook": Facebook Login is OAuth 2 without an ID token, so who signed in is
 * learnt by asking the Graph API. Framework-free: the caller keeps the state (e.g. in a short signed
 * cookie), sends the visitor to `authorizationUrl()`, trades the callback's code with `exchangeCode()`
 * and learns who it is with `identify()`. A user access token a browser or an app obtained itself (the
 * JavaScript or mobile SDK) goes straight to `identify()`.
 *
 * `identify()` first asks `/debug_token` (with the app access token `APPID|APPSECRET`) whether the user
 * token is valid, was issued to this app and has not expired, so a token issued to another app cannot
 * sign anyone in here; then reads `/me?fields=id,name,email` with an `appsecret_proof`.
 */
export type FacebookConfig = {
  appId: string;
  appSecret: string;
  /** The OAuth dialog, e.g. https://www.facebook.com/v23.0/dialog/oauth. */
  dialogUrl: string;
  /** The Graph API with its version, e.g. https://graph.facebook.com/v23.0. */
  graphUrl: string;
  redirectUri: string;
  /** How long one Graph API request may take; 10 s unless told. */
  timeoutMs?: number;
};

export type FacebookIdentity = {
  /** The app-scoped user id: stable for this app, whatever the person does to their e-mail. */
  subject: string;
  /** The profile's primary address, only when the person granted `email` and Facebook has a confirmed one. */
  email: string | null;
  /**
   * Whether the address was proven to Facebook: Facebook hands out only confirmed primary addresses, so
   * one it gives is one the person proved (it is still never an authority for linking, ADR 0012).
   */
  emailVerified: boolean;
  name: string | null;
};

/**
 * Why Facebook sign-in failed: the code could not be traded ("exchange"), the token is not valid
 * ("invalid"), belongs to another app ("app"), has expired ("expired"), or Facebook could not be
 * reached or answered nonsense ("unavailable").
 */
export type FacebookProblem = "exchange" | "invalid" | "app" | "expired" | "unavailable";

/** A failed Facebook step. The message holds the problem and Facebook's error code, never a token or the secret. */
export class FacebookError extends Error {
  override name = "FacebookError";
  readonly problem: FacebookProblem;
  constructor(problem: FacebookProblem, detail?: string | number) {
    super(`Facebook sign-in failed: ${problem}${detail === undefined ? "" : ` (${detail})`}`);
    this.problem = problem;
  }
}

export type FacebookClient = {
  authorizationUrl(state: string): string;
  exchangeCode(code: string): Promise<string>;
  identify(userAccessToken: string, now: Date): Promise<FacebookIdentity>;
};

/** The largest Graph API answer read; what we ask for is a few hundred bytes. */
const MAX_ANSWER = 64 * 1024;

type GraphAnswer = { status: number; body: Record<string, unknown> | null };

/**
 * An answer's text, read only up to `max` bytes: null as soon as it says or turns out to be longer (the
 * rest is not read: the connection is given up), "" when it cannot be read.
 */
async function readCapped(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return "";
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function facebookClient(config: FacebookConfig): FacebookClient {
  const graph = config.graphUrl.replace(/\/+$/, "");
  const appToken = `${config.appId}|${config.appSecret}`;
  const timeout = config.timeoutMs ?? 10_000;

  /** GET on the Graph API; a network failure, a timeout or an answer that is not a JSON object is "unavailable". */
  async function get(path: string, query: Record<string, string>): Promise<GraphAnswer> {
    let res: Response;
    try {
      res = await fetch(`${graph}${path}?${new URLSearchParams(query)}`, {
        redirect: "error",
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeout),
      });
    } catch (err) {
      // Only the cause's code (ECONNREFUSED, TimeoutError): the URL carries the secret.
      const cause = (err as { cause?: { code?: unknown } }).cause?.code;
      throw new FacebookError("unavailable", typeof cause === "string" ? cause : (err as Error).name);
    }
    const text = await readCapped(res, MAX_ANSWER);
    if (text === null) throw new FacebookError("unavailable", "answer too large");
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (res.status >= 500 || !body || typeof body !== "object" || Array.isArray(body))
      throw new FacebookError("unavailable", res.status);
    return { status: res.status, body: body as Record<string, unknown> };
  }

  /** Facebook's error code in an answer ({ error: { code } }), for the log. */
  const graphError = (body: Record<string, unknown> | null) => {
    const error = body?.error as { code?: unknown } | undefined;
    return typeof error?.code === "number" ? error.code : "error";
  };

  return {
    authorizationUrl(state) {
      const url = new URL(config.dialogUrl);
      url.search = new URLSearchParams({
        client_id: config.appId,
        redirect_uri: config.redirectUri,
        state,
        response_type: "code",
        scope: "public_profile,email",
      }).toString();
      return url.href;
    },

    async exchangeCode(code) {
      const { status, body } = await get("/oauth/access_token", {
        client_id: config.appId,
        redirect_uri: config.redirectUri,
        client_secret: config.appSecret,
        code,
      });
      if (status !== 200 || typeof body?.access_token !== "string" || !body.access_token)
        throw new FacebookError("exchange", graphError(body));
      return body.access_token;
    },

    async identify(userAccessToken, now) {
      const debug = await get("/debug_token", { input_token: userAccessToken, access_token: appToken });
      const data = debug.body?.data as Record<string, unknown> | undefined;
      if (debug.status !== 200 || !data || typeof data !== "object")
        throw new FacebookError("invalid", graphError(debug.body));
      const expiresAt = typeof data.expires_at === "number" ? data.expires_at : null;
      // 0 means a token that does not expire.
      const expired = expiresAt !== null && expiresAt !== 0 && expiresAt * 1000 <= now.getTime();
      if (data.is_valid !== true) throw new FacebookError(expired ? "expired" : "invalid", graphError(data));
      if (String(data.app_id ?? "") !== config.appId) throw new FacebookError("app");
      if (data.type !== undefined && data.type !== "USER") throw new FacebookError("invalid", "not a user token");
      if (expiresAt === null) throw new FacebookError("invalid", "no expiry");
      if (expired) throw new FacebookError("expired");
      const userId =
        typeof data.user_id === "string" ? data.user_id : typeof data.user_id === "number" ? String(data.user_id) : "";
      if (!userId) throw new FacebookError("invalid", "no user");

      const me = await get("/me", {
        fields: "id,name,email",
        access_token: userAccessToken,
        appsecret_proof: createHmac("sha256", config.appSecret).update(userAccessToken).digest("hex"),
      });
      const profile = me.body ?? {};
      if (me.status !== 200 || profile.error) throw new FacebookError("invalid", graphError(profile));
      // The profile must be the token's user (the id is a string; some proxies give numbers).
      if (String(profile.id ?? "") !== userId) throw new FacebookError("invalid", "another user");
      const email = typeof profile.email === "string" && profile.email.trim() ? profile.email.trim() : null;
      const name = typeof profile.name === "string" && profile.name.trim() ? profile.name.trim() : null;
      return { subject: userId, email, emailVerified: email !== null, name };
    },
  };
}
