import { captchaAnswer } from "./captcha.ts";

/** A minimal cookie jar: the latest value of each cookie the server set; deleted ones are dropped. */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** The visible notices of a page (role alert or status), without the message catalogue the page also carries. */
export function notices(html: string): string {
  const out: string[] = [];
  for (const m of html.matchAll(
    /<(div|p|h1)\b[^>]*(?:role="(?:alert|status)"|class="[^"]*text-2xl[^"]*")[^>]*>([\s\S]*?)<\/\1>/g,
  ))
    out.push(m[2].replace(/<[^>]+>/g, "").replaceAll("&#x27;", "'"));
  return out.join(" | ");
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The page without its scripts (the loader data and message catalogue): what a visitor sees, tags kept. */
export function visible(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "");
}

type Requester = (path: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * Plain-form posts and page loads against an in-process server, as a browser on our own pages sends
 * them (same-origin `Origin`, the jar's cookies, redirects not followed). `signUp` posts the sign-up
 * form (or any form with the CAPTCHA) as the page's widget does: with a challenge of that server, solved.
 */
export function httpClient(request: Requester, origin = "http://localhost:3000") {
  const post = async (path: string, fields: Record<string, string>, jar?: Jar, headers: Record<string, string> = {}) =>
    request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        ...(jar ? { cookie: jar.header } : {}),
        ...headers,
      },
      body: formBody(fields),
      redirect: "manual",
    });
  const get = async (path: string, jar?: Jar) =>
    request(path, { headers: jar ? { cookie: jar.header } : {}, redirect: "manual" });
  const signUp = async (path: string, fields: Record<string, string>, jar?: Jar) =>
    post(path, { ...fields, captcha: await captchaAnswer((p) => request(p)) }, jar);
  return { post, get, signUp };
}
