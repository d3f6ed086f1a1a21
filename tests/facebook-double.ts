import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FacebookTestUser = { name: string; email?: string };

export type FacebookDouble = {
  /** The OAuth dialog address (FACEBOOK_DIALOG_URL). */
  dialogUrl: string;
  /** The Graph API address (FACEBOOK_GRAPH_URL). */
  graphUrl: string;
  appId: string;
  appSecret: string;
  /** The user's app-scoped id, as Facebook gives it to our app (a numeric string). */
  userId(user: string): string;
  /**
   * Plays the visitor at Facebook's dialog: opens `dialogUrl`, picks `user` on the page and allows
   * (or, with `deny`, cancels), and resolves with the redirect back to our callback, uncalled.
   */
  signIn(dialogUrl: string, user: string, opts?: { deny?: boolean }): Promise<URL>;
  /**
   * A user access token issued straight away, as the JavaScript or mobile SDK would get it: for our app
   * or another one, valid for `expiresIn` seconds (negative: already expired).
   */
  issueToken(user: string, opts?: { appId?: string; expiresIn?: number }): string;
  /** Changes a user's profile (a new e-mail, or none). */
  setUser(user: string, profile: FacebookTestUser): void;
  /** Requests seen, by path, for checking what was (not) asked. */
  calls: string[];
  close(): Promise<void>;
};

type Token = { user: string; appId: string; expiresAt: number; valid: boolean };

/**
 * A small Facebook Login and Graph API on loopback (node:http), close to the real one where SlideNest
 * depends on it: the OAuth dialog (a page with a form, then a redirect with `code` and `state`, or
 * `error=access_denied`), `/oauth/access_token` (checks the app secret, the redirect URI and that the
 * code is fresh and used once), `/debug_token` (needs the app access token `APPID|SECRET`; answers
 * `is_valid`, `app_id`, `expires_at`, `user_id`), and `/me?fields=…` (checks `appsecret_proof`; no
 * `email` when the user has none). Errors have Facebook's shape `{ error: { message, type, code } }`.
 */
export async function startFacebookDouble(opts: {
  redirectUri: string;
  users: Record<string, FacebookTestUser>;
}): Promise<FacebookDouble> {
  const appId = "1234567890123456";
  const appSecret = randomBytes(16).toString("hex");
  const users = new Map(Object.entries(opts.users));
  const ids = new Map<string, string>();
  const userId = (user: string) => {
    if (!ids.has(user)) ids.set(user, String(10_000_000_000_000 + ids.size * 7919 + 17));
    return ids.get(user) as string;
  };
  const tokens = new Map<string, Token>();
  const codes = new Map<string, { user: string; redirectUri: string; expiresAt: number; used: boolean }>();
  const calls: string[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const issueToken = (user: string, { appId: forApp = appId, expiresIn = 5_183_944 } = {}) => {
    const token = `EAA${randomBytes(24).toString("base64url").replace(/[-_]/g, "x")}`;
    tokens.set(token, { user, appId: forApp, expiresAt: now() + expiresIn, valid: true });
    return token;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: http.ServerResponse, message: string, code = 100, status = 400) =>
    json(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(6).toString("hex") } });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://double.invalid");
    calls.push(url.pathname);
    const q = url.searchParams;
    try {
      if (req.method === "GET" && url.pathname === "/dialog/oauth") {
        if (q.get("client_id") !== appId) return graphError(res, "Invalid App ID", 101);
        if (q.get("redirect_uri") !== opts.redirectUri)
          return graphError(res, "URL blocked: this redirect failed because the redirect URI is not allowed", 191);
        // The real dialog is a log-in and consent page; this one is a form that names the user.
        const hidden = ["redirect_uri", "state", "scope"]
          .map((k) => `<input type="hidden" name="${k}" value="${htmlEscape(q.get(k) ?? "")}">`)
          .join("");
        res.writeHead(200, { "content-type": "text/html; charset=UTF-8" });
        return res.end(`<form method="post" action="/dialog/oauth/confirm">${hidden}<input name="user"></form>`);
      }
      if (req.method === "POST" && url.pathname === "/dialog/oauth/confirm") {
        const form = new URLSearchParams(await body(req));
        const back = new URL(form.get("redirect_uri") ?? "");
        const state = form.get("state") ?? "";
        const user = form.get("user") ?? "";
        if (form.get("deny") === "1" || !users.has(user)) {
          back.search = new URLSearchParams({
            error: "access_denied",
            error_code: "200",
            error_description: "Permissions error",
            error_reason: "user_denied",
            state,
          }).toString();
        } else {
          const code = randomBytes(32).toString("base64url");
          codes.set(code, { user, redirectUri: back.href, expiresAt: now() + 600, used: false });
          back.search = new URLSearchParams({ code, state }).toString();
          // Facebook appends this fragment to the redirect.
          back.hash = "_=_";
        }
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === "GET" && url.pathname === "/oauth/access_token") {
        if (q.get("client_id") !== appId)
          return graphError(res, "Error validating application. Invalid application ID.", 101);
        if (q.get("client_secret") !== appSecret) return graphError(res, "Error validating client secret.", 1);
        const grant = codes.get(q.get("code") ?? "");
        if (!grant || grant.used || grant.expiresAt < now())
          return graphError(res, "This authorization code has been used.", 100);
        if (grant.redirectUri !== q.get("redirect_uri"))
          return graphError(
            res,
            "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
            100,
          );
        grant.used = true;
        const accessToken = issueToken(grant.user);
        return json(res, 200, { access_token: accessToken, token_type: "bearer", expires_in: 5_183_944 });
      }
      if (req.method === "GET" && url.pathname === "/debug_token") {
        if (q.get("access_token") !== `${appId}|${appSecret}`)
          return graphError(res, "Invalid OAuth access token signature.", 190);
        const input = q.get("input_token") ?? "";
        const token = tokens.get(input);
        if (!token)
          return json(res, 200, {
            data: { error: { code: 190, message: "Invalid OAuth access token." }, is_valid: false, scopes: [] },
          });
        const expired = token.expiresAt <= now();
        return json(res, 200, {
          data: {
            app_id: token.appId,
            type: "USER",
            application: token.appId === appId ? "SlideNest test" : "Another app",
            data_access_expires_at: now() + 7_776_000,
            expires_at: token.expiresAt,
            is_valid: token.valid && !expired,
            ...(expired ? { error: { code: 190, message: "Session has expired.", subcode: 463 } } : {}),
            scopes: ["email", "public_profile"],
            user_id: userId(token.user),
          },
        });
      }
      if (req.method === "GET" && url.pathname === "/me") {
        const accessToken = q.get("access_token") ?? "";
        const token = tokens.get(accessToken);
        if (!token || token.expiresAt <= now()) return graphError(res, "Invalid OAuth access token.", 190);
        const proof = q.get("appsecret_proof");
        if (token.appId === appId && proof !== createHmac("sha256", appSecret).update(accessToken).digest("hex"))
          return graphError(res, "Invalid appsecret_proof provided in the API argument", 100);
        const profile = users.get(token.user);
        if (!profile) return graphError(res, "Unsupported get request.", 100);
        const fields = (q.get("fields") ?? "id,name").split(",");
        const me: Record<string, string> = { id: userId(token.user) };
        if (fields.includes("name")) me.name = profile.name;
        if (fields.includes("email") && profile.email) me.email = profile.email;
        return json(res, 200, me);
      }
      return graphError(res, "Unknown path components", 2500, 404);
    } catch (error) {
      json(res, 500, { error: { message: String(error), type: "Exception", code: 1 } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    dialogUrl: `${base}/dialog/oauth`,
    graphUrl: base,
    appId,
    appSecret,
    userId,
    calls,
    issueToken,
    setUser(user, profile) {
      users.set(user, profile);
    },
    async signIn(dialogUrl, user, { deny = false } = {}) {
      const page = await fetch(dialogUrl);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`Facebook double answered ${page.status}: ${html.slice(0, 300)}`);
      const form = new URLSearchParams({ user });
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        form.set(name, htmlUnescape(value));
      if (deny) form.set("deny", "1");
      const res = await fetch(new URL("/dialog/oauth/confirm", base), {
        method: "POST",
        body: form,
        redirect: "manual",
      });
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (res.status !== 302 || !location) throw new Error(`Facebook double did not redirect (${res.status})`);
      return new URL(location);
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

const htmlEscape = (s: string) => s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const htmlUnescape = (s: string) => s.replaceAll("&lt;", "<").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
